// TFLM's micro_speech float preprocessor (../shared/audio/audio_preprocessor_float.tflite: the Signal* ops plus
// a few builtins) on its golden frame: the first Invoke() of a fresh interpreter reproduces TFLM's 40 features
// (float32, within 1e-5 relative + 1e-6 absolute, as the golden models test); the same interpreter invoked
// twice more, then Reset(), reproduces them again (the signal ops' state is cleared). Skipped, with a message,
// when ../shared/audio is absent or the build lacks the front-end signal ops (SignalWindow...).
#include <cmath>
#include <cstring>
#include <memory>
#include <string>

#include "gtest/gtest.h"
#include "mote/micro_interpreter.h"
#include "mote/op_resolver.h"
#include "support/golden.h"

namespace mote {
namespace {

struct Golden {
  test::AlignedBuffer model, input, output;
};

bool LoadGolden(Golden* g, std::string* error) {
  const std::string dir = test::SharedPath("audio/golden/audio_preprocessor_float/");
  return test::ReadFile(test::SharedPath("audio/audio_preprocessor_float.tflite"), &g->model, error) &&
         test::ReadFile(dir + "input0.bin", &g->input, error) && test::ReadFile(dir + "output0.bin", &g->output, error);
}

void ExpectGoldenOutput(MicroInterpreter* interpreter, const Golden& g) {
  TfLiteTensor* in = interpreter->input(0);
  ASSERT_EQ(in->bytes, g.input.size());
  std::memcpy(in->data.raw, g.input.data(), g.input.size());
  ASSERT_EQ(interpreter->Invoke(), kTfLiteOk);
  const TfLiteTensor* out = interpreter->output(0);
  ASSERT_EQ(out->bytes, g.output.size());
  const float* want = reinterpret_cast<const float*>(g.output.data());
  for (size_t i = 0; i < g.output.size() / sizeof(float); ++i) {
    EXPECT_NEAR(out->data.f[i], want[i], 1e-6 + 1e-5 * std::fabs(want[i])) << "feature " << i;
  }
}

TEST(AudioPreprocessorGolden, FirstInvokeAndAfterReset) {
  if (!test::HaveSharedDir() || !test::FileExists(test::SharedPath("audio/audio_preprocessor_float.tflite"))) {
    GTEST_SKIP() << "../shared/audio not found: skipping the audio preprocessor golden frame";
  }
  AllOpsResolver resolver;
  if (resolver.FindOp("SignalWindow", 1) == nullptr) {  // part A of the signal library (window, FFT, energy)
    GTEST_SKIP() << "this build lacks SignalWindow and the other front-end ops: skipping the preprocessor golden frame";
  }
  Golden g;
  std::string error;
  ASSERT_TRUE(LoadGolden(&g, &error)) << error;
  test::AlignedBuffer arena(64 * 1024);
  auto interpreter =
      std::make_unique<MicroInterpreter>(g.model.data(), g.model.size(), resolver, arena.data(), arena.size());
  ASSERT_EQ(interpreter->AllocateTensors(), kTfLiteOk);
  ExpectGoldenOutput(interpreter.get(), g);
  for (int i = 0; i < 2; ++i) ASSERT_EQ(interpreter->Invoke(), kTfLiteOk);
  ASSERT_EQ(interpreter->Reset(), kTfLiteOk);
  ExpectGoldenOutput(interpreter.get(), g);
}

}  // namespace
}  // namespace mote
