// Shared by the XNNPACK delegate's tests (xnnpack_delegate_test.cc: float; xnnpack_int8_test.cc: int8): the
// replayable seed and one run of a model, on mote's kernels or through a delegate.
#ifndef MOTE_TESTS_XNNPACK_XNNPACK_TEST_UTIL_H_
#define MOTE_TESTS_XNNPACK_XNNPACK_TEST_UTIL_H_

#include <cstdint>
#include <cstdlib>
#include <functional>
#include <vector>

#include "mote/micro_interpreter.h"
#include "mote/op_resolver.h"
#include "support/model_builder.h"

namespace mote {
namespace xnnpack_test {

constexpr size_t kArenaBytes = 8u << 20;

// MOTE_TEST_SEED=N replays a run; `fallback` otherwise.
inline uint32_t Seed(uint32_t fallback) {
  const char* env = std::getenv("MOTE_TEST_SEED");
  return env != nullptr ? static_cast<uint32_t>(std::strtoul(env, nullptr, 10)) : fallback;
}

// The model's outputs (bytes) after filling every input with `fill(k, tensor)`.
struct RunResult {
  std::vector<std::vector<uint8_t>> outputs;
  std::vector<TfLiteType> types;
  TfLiteStatus delegated = kTfLiteOk;  // ModifyGraphWithDelegate's status
  bool ok = false;
};

using Fill = std::function<void(size_t input, TfLiteTensor* tensor)>;

// On mote's kernels (delegate nullptr) or through `delegate`, `invokes` times with fresh inputs.
inline RunResult RunModel(const test::AlignedModel& model, TfLiteDelegate* delegate, const Fill& fill,
                          int invokes = 1) {
  static AllOpsResolver resolver;
  RunResult r;
  test::AlignedBuffer arena(kArenaBytes);
  MicroInterpreter interpreter(model.data(), model.size(), resolver, arena.data(), arena.size());
  if (interpreter.initialization_status() != kTfLiteOk) return r;
  if (delegate != nullptr) r.delegated = interpreter.ModifyGraphWithDelegate(delegate);
  if (interpreter.AllocateTensors() != kTfLiteOk) return r;
  for (int n = 0; n < invokes; ++n) {
    for (size_t k = 0; k < interpreter.inputs_size(); ++k) fill(k, interpreter.input(k));
    if (interpreter.Invoke() != kTfLiteOk) return r;
  }
  for (size_t k = 0; k < interpreter.outputs_size(); ++k) {
    const TfLiteTensor* t = interpreter.output(k);
    r.outputs.emplace_back(t->data.uint8, t->data.uint8 + t->bytes);
    r.types.push_back(t->type);
  }
  r.ok = true;
  return r;
}

}  // namespace xnnpack_test
}  // namespace mote

#endif  // MOTE_TESTS_XNNPACK_XNNPACK_TEST_UTIL_H_
