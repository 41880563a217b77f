// libFuzzer target (b): structure-aware. Inputs are models; the custom mutator (model_mutator.h) parses one,
// changes indices, dims, types, buffer sizes and values, quantization, the operator-code table and builtin
// options, and re-serialises it, so mutants pass the FlatBuffers verifier and reach mote's semantic checks and
// the kernels' prepare and invoke. One mutation in eight is libFuzzer's own byte-level one (bit flips and
// truncations of otherwise sensible models); inputs the parser cannot read fall back to it as well.
//
//   mote_structured_fuzzer -max_len=65536 -timeout=10 -rss_limit_mb=2048 CORPUS_DIR fuzz/corpus
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "fuzz_runner.h"
#include "model_mutator.h"

extern "C" size_t LLVMFuzzerMutate(uint8_t* data, size_t size, size_t max_size);

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  // MOTE_FUZZ_VERBOSE=1 prints mote's messages (when replaying one input).
  mote::fuzz::InstallLogSink(std::getenv("MOTE_FUZZ_VERBOSE") != nullptr);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  mote::fuzz::RunModel(data, size);
  return 0;
}

extern "C" size_t LLVMFuzzerCustomMutator(uint8_t* data, size_t size, size_t max_size, unsigned int seed) {
  std::vector<uint8_t> out;
  if (seed % 8 != 0 && mote::fuzz::MutateModel(data, size, seed, &out) && out.size() <= max_size) {
    std::memcpy(data, out.data(), out.size());
    return out.size();
  }
  return LLVMFuzzerMutate(data, size, max_size);
}

extern "C" size_t LLVMFuzzerCustomCrossOver(const uint8_t* data1, size_t size1, const uint8_t* data2, size_t size2,
                                            uint8_t* out, size_t max_out_size, unsigned int seed) {
  std::vector<uint8_t> result;
  if (!mote::fuzz::CrossOverModels(data1, size1, data2, size2, seed, &result) || result.size() > max_out_size) {
    return 0;
  }
  std::memcpy(out, result.data(), result.size());
  return result.size();
}
