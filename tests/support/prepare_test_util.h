// TEST-ONLY helpers (included by kernel *_test.cc files, never by the library): run AllocateTensors on a model
// built with test::ModelBuilder through the all-ops resolver and capture everything logged, so a test can
// assert a kernel's refusal message.
//
//   test::ModelBuilder b; ...;
//   const PrepareOutcome r = PrepareModel(b.Finish());
//   EXPECT_NE(r.status, kTfLiteOk);
//   EXPECT_TRUE(r.Has("FULLY_CONNECTED: weights_format SHUFFLED4x16INT8 is not supported")) << r.log;
#ifndef MOTE_SUPPORT_PREPARE_TEST_UTIL_H_
#define MOTE_SUPPORT_PREPARE_TEST_UTIL_H_

#include <cstdint>
#include <string>
#include <vector>

#include "mote/micro_interpreter.h"
#include "mote/micro_log.h"
#include "mote/op_resolver.h"
#include "support/model_builder.h"

namespace mote {
namespace kernel_test {

struct PrepareOutcome {
  TfLiteStatus status = kTfLiteError;
  std::string log;
  bool Has(const std::string& text) const { return log.find(text) != std::string::npos; }
};

inline PrepareOutcome PrepareModel(const std::vector<uint8_t>& bytes) {
  struct Capture {
    static void Sink(void* user, const char* message) {
      std::string* log = static_cast<std::string*>(user);
      log->append(message);
      log->append("\n");
    }
  };
  PrepareOutcome outcome;
  test::AlignedModel model(bytes);
  static AllOpsResolver resolver;
  alignas(16) static uint8_t arena[256 * 1024];
  SetLogSink(Capture::Sink, &outcome.log);
  {
    MicroInterpreter interpreter(model.data(), model.size(), resolver, arena, sizeof(arena));
    outcome.status = interpreter.AllocateTensors();
  }
  SetLogSink(nullptr, nullptr);
  return outcome;
}

}  // namespace kernel_test
}  // namespace mote

#endif  // MOTE_SUPPORT_PREPARE_TEST_UTIL_H_
