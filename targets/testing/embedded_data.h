// Models and their test data compiled into an on-target image as constant arrays (read-only memory). The
// arrays are generated at build time by targets/tools/embed_data.py from the same files the host tests read:
// ../shared/models + ../shared/golden, tests/models/, models/demo/ and samples of tests/oracle/data/*.cases.
//
//   extern const mote_embed::ModelSet kGoldenModels;      // name given to embed_data.py --symbol
//   for (uint32_t m = 0; m < kGoldenModels.count; ++m) {
//     const mote_embed::Model& model = kGoldenModels.models[m];   // model.data is 16-byte aligned
//     for (uint32_t c = 0; c < model.num_cases; ++c) { /* inputs -> Invoke() -> compare outputs */ }
//   }
//
// Model bytes are placed in sections .rodata.mote_model.* and test data in .rodata.mote_data.*, so the
// footprint report can tell them from code.
#ifndef MOTE_TARGETS_TESTING_EMBEDDED_DATA_H_
#define MOTE_TARGETS_TESTING_EMBEDDED_DATA_H_

#include <cstdint>

namespace mote_embed {

struct Blob {
  const uint8_t* data;
  uint32_t size;
};

// One run of a model: raw input tensors in, expected raw output tensors (from TFLM) out. An oracle case on
// which TFLM itself refused or aborted has expect_refused set and no outputs: mote must refuse it cleanly
// (AllocateTensors or Invoke returns an error).
struct Case {
  const char* name;
  uint32_t num_inputs;
  const Blob* inputs;
  uint32_t num_outputs;
  const Blob* outputs;
  bool expect_refused;
};

struct Model {
  const char* group;  // "golden", "own", "demo", or the oracle group ("conv_2d")
  const char* name;   // model or oracle case name
  Blob model;
  uint32_t num_cases;
  const Case* cases;
  int32_t tflm_arena_bytes;  // TFLM's arena_used_bytes on x86-64 from meta.json, -1 when unknown
};

struct ModelSet {
  const Model* models;
  uint32_t count;
  const char* source;  // what the generator was given, for the test log
};

}  // namespace mote_embed

#endif  // MOTE_TARGETS_TESTING_EMBEDDED_DATA_H_
