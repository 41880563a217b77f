// libFuzzer target (a): raw bytes as a model file -> verification -> interpreter (256 KiB arena, every op mote
// implements) -> AllocateTensors -> Invoke (see fuzz_runner.h). Byte-level mutations find what the FlatBuffers
// verifier and the loader must refuse: truncations, bad offsets, bit flips.
//
//   mote_model_fuzzer -max_len=65536 -timeout=10 -rss_limit_mb=2048 CORPUS_DIR fuzz/corpus
#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "fuzz_runner.h"

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  // MOTE_FUZZ_VERBOSE=1 prints mote's messages (when replaying one input).
  mote::fuzz::InstallLogSink(std::getenv("MOTE_FUZZ_VERBOSE") != nullptr);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  mote::fuzz::RunModel(data, size);
  return 0;
}
