#include "fuzz_runner.h"

#include <cstdio>
#include <cstring>
#include <new>

#include "mote/c/common.h"
#include "mote/micro_interpreter.h"
#include "mote/micro_log.h"
#include "mote/op_resolver.h"

namespace mote {
namespace fuzz {
namespace {

// A mutated WHILE may loop for ever (TFLM runs it as long as the model says): the fuzzers bound it.
constexpr uint32_t kFuzzLoopIterations = 64;

size_t g_messages = 0;

void QuietSink(void*, const char* message) {
  // Touch the whole message: a message built from bad data (an unterminated name) must still be readable.
  g_messages += std::strlen(message) > 0 ? 1 : 1;
}

void VerboseSink(void*, const char* message) {
  ++g_messages;
  std::fprintf(stderr, "  mote: %s\n", message);
}

// splitmix64: input filling and arena choice are a pure function of the model bytes, so every crash replays.
struct Rng {
  uint64_t state;
  uint64_t Next() {
    uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
};

uint64_t Hash(const uint8_t* data, size_t size) {
  uint64_t h = 0xcbf29ce484222325ull;  // FNV-1a
  for (size_t i = 0; i < size; ++i) h = (h ^ data[i]) * 0x100000001b3ull;
  return h;
}

// Heap block of exactly `size` bytes at a 16-byte aligned address (AddressSanitizer redzones on both sides).
struct AlignedBlock {
  explicit AlignedBlock(size_t size) : bytes(static_cast<uint8_t*>(::operator new(size, std::align_val_t(16)))) {}
  ~AlignedBlock() { ::operator delete(bytes, std::align_val_t(16)); }
  AlignedBlock(const AlignedBlock&) = delete;
  AlignedBlock& operator=(const AlignedBlock&) = delete;
  uint8_t* bytes;
};

void FillInput(TfLiteTensor* t, Rng* rng) {
  if (t == nullptr || t->data.raw == nullptr || t->allocation_type == kTfLiteMmapRo) return;
  const uint64_t mode = rng->Next() % 4;
  if (t->type == kTfLiteFloat32 && mode != 0) {
    // Mostly ordinary values; one time in four raw bits (NaN, infinities, huge and denormal values).
    float* f = reinterpret_cast<float*>(t->data.raw);
    for (size_t i = 0; i < t->bytes / sizeof(float); ++i) {
      f[i] = static_cast<float>(static_cast<int64_t>(rng->Next() % 2001) - 1000) / 125.0f;
    }
    return;
  }
  for (size_t i = 0; i < t->bytes; ++i) t->data.raw[i] = static_cast<char>(rng->Next());
}

uint64_t ReadOutputs(MicroInterpreter* interpreter) {
  uint64_t hash = 0xcbf29ce484222325ull;
  for (size_t i = 0; i < interpreter->outputs_size(); ++i) {
    const TfLiteTensor* t = interpreter->output(i);
    if (t == nullptr || t->data.raw_const == nullptr) continue;
    for (size_t b = 0; b < t->bytes; ++b) hash = (hash ^ static_cast<uint8_t>(t->data.raw_const[b])) * 0x100000001b3ull;
  }
  return hash;
}

}  // namespace

void InstallLogSink(bool verbose) { SetLogSink(verbose ? VerboseSink : QuietSink, nullptr); }

RunResult RunModel(const uint8_t* data, size_t size, size_t arena_bytes, int arena_fill) {
  RunResult result;
  const size_t messages_before = g_messages;
  const uint64_t hash = Hash(data, size);
  if (arena_bytes == 0) arena_bytes = (hash >> 56) % 8 == 0 ? 1024 + (hash >> 8) % (15 * 1024) : kFuzzArenaBytes;

  AlignedBlock model(size == 0 ? 1 : size);
  if (size > 0) std::memcpy(model.bytes, data, size);
  AlignedBlock arena(arena_bytes);
  if (arena_fill >= 0) std::memset(arena.bytes, arena_fill, arena_bytes);
  static AllOpsResolver resolver;
  Rng rng{hash};
  volatile uint64_t sink = 0;
  {
    MicroInterpreter interpreter(model.bytes, size, resolver, arena.bytes, arena_bytes);
    interpreter.SetMaxLoopIterations(kFuzzLoopIterations);
    result.loaded = interpreter.initialization_status() == kTfLiteOk;
    result.allocated = interpreter.AllocateTensors() == kTfLiteOk;
    // What tools read after AllocateTensors, whether or not it succeeded.
    for (size_t p = 0; p < interpreter.operators_size(); ++p) {
      const NodeInfo info = interpreter.node_info(p);
      sink = sink + std::strlen(info.op_name) + std::strlen(info.variant);
    }
    sink = sink + interpreter.arena_report().total + interpreter.arena_used_bytes();
    if (result.allocated) {
      bool ok = true;
      for (int pass = 0; pass < 2 && ok; ++pass) {
        for (size_t i = 0; i < interpreter.inputs_size(); ++i) FillInput(interpreter.input(i), &rng);
        ok = interpreter.Invoke() == kTfLiteOk;
        const uint64_t outputs = ReadOutputs(&interpreter);
        result.outputs = result.outputs * 31 + outputs;
        sink = sink + outputs;
        if (pass == 0) interpreter.Reset();
      }
      result.invoked = ok;
    } else {
      // Must refuse cleanly.
      sink = sink + (interpreter.Invoke() == kTfLiteOk ? 1 : 0);
    }
  }
  // One input in four also goes through TFLM's size-less form (GetModel(ptr)), which trusts the FlatBuffer
  // structure: only after VerifyModel accepted the bytes, as an application would use it.
  if (result.loaded && (hash >> 40) % 4 == 0) {
    MicroInterpreter interpreter(schema::GetModel(model.bytes), resolver, arena.bytes, arena_bytes);
    interpreter.SetMaxLoopIterations(kFuzzLoopIterations);
    if (interpreter.AllocateTensors() == kTfLiteOk) {
      for (size_t i = 0; i < interpreter.inputs_size(); ++i) FillInput(interpreter.input(i), &rng);
      sink = sink + (interpreter.Invoke() == kTfLiteOk ? 1 : 0) + ReadOutputs(&interpreter);
    }
  }
  (void)sink;
  result.messages = g_messages - messages_before;
  return result;
}

}  // namespace fuzz
}  // namespace mote
