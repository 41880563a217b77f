// The one path every fuzz target, the regression corpus test and the coverage run feed untrusted bytes through:
//
//   bytes -> (exact-size, 16-byte aligned copy) -> MicroInterpreter(data, size, AllOpsResolver, arena)
//         [VerifyModel + semantic checks + resolve + parse options]
//         -> AllocateTensors() [init, prepare, plan] -> fill inputs -> Invoke() -> read outputs
//         -> Reset() -> fill inputs again -> Invoke() -> read outputs
//   and, for one verified input in four, the same through TFLM's size-less form MicroInterpreter(GetModel(ptr)).
//
// Contract under test: whatever the bytes, every step either succeeds or fails with a status and a message;
// nothing reads or writes outside the model copy, the arena or the kernels' own stack (AddressSanitizer),
// nothing is undefined (UndefinedBehaviorSanitizer), nothing hangs (libFuzzer's -timeout).
//
// The model copy and the arena are heap blocks of exactly the right size so that AddressSanitizer sees every
// byte read past the end of the model or written past either end of the arena.
#ifndef MOTE_FUZZ_FUZZ_RUNNER_H_
#define MOTE_FUZZ_FUZZ_RUNNER_H_

#include <cstddef>
#include <cstdint>

namespace mote {
namespace fuzz {

// The arena fuzzing normally gives a model (the brief's "small arena"); one input in 8 gets a much smaller one
// (1..16 KiB, chosen from the input's hash) so that arena exhaustion paths are exercised as well.
constexpr size_t kFuzzArenaBytes = 256 * 1024;

struct RunResult {
  bool loaded = false;     // verified, operators resolved, options parsed
  bool allocated = false;  // AllocateTensors() succeeded
  bool invoked = false;    // both Invoke() calls succeeded
  size_t messages = 0;     // messages mote logged
  uint64_t outputs = 0;    // hash of every output byte after each Invoke (equal runs give equal hashes)
};

// Sends every log message to a sink that formats and discards it (fuzzing speed); `verbose` prints them.
void InstallLogSink(bool verbose);

// Runs `size` bytes as a model (see the file comment). arena_bytes == 0 picks the arena as described above.
// arena_fill >= 0 fills the arena with that byte first: two runs with different fills must give the same
// outputs, or something read arena memory nothing wrote (the replay driver's --determinism check).
RunResult RunModel(const uint8_t* data, size_t size, size_t arena_bytes = 0, int arena_fill = -1);

}  // namespace fuzz
}  // namespace mote

#endif  // MOTE_FUZZ_FUZZ_RUNNER_H_
