// KernelRunner on bad input: every case is an error status with an exact message, never a crash. Messages are
// captured with mote's log sink (mote/micro_log.h), the one mote-specific header these tests use.
#include <cstdint>
#include <cstdio>
#include <cstring>

#include "compat_test_util.h"
#include "tensorflow/lite/c/common.h"
#include "tensorflow/lite/micro/kernels/kernel_runner.h"
#include "tensorflow/lite/micro/test_helpers.h"
#include "tensorflow/lite/micro/testing/micro_test.h"
#include "weighted_sum.h"

namespace {

using tflite::testing::CreateTensor;
using tflite::testing::IntArrayFromInts;

compat_test::LogLines g_log;

struct FloorTensors {
  int dims[2] = {1, 4};
  float input[4] = {1.5f, -1.5f, 0.f, 2.f};
  float output[4] = {};
  TfLiteTensor tensors[2];
  FloorTensors() {
    tensors[0] = CreateTensor(input, IntArrayFromInts(dims));
    tensors[1] = CreateTensor(output, IntArrayFromInts(dims));
  }
};

TfLiteStatus PrepareFloor(TfLiteTensor* tensors, int tensors_size, TfLiteIntArray* inputs, TfLiteIntArray* outputs) {
  g_log.Start();
  tflite::micro::KernelRunner runner(tflite::Register_FLOOR(), tensors, tensors_size, inputs, outputs, nullptr);
  return runner.InitAndPrepare();
}

bool LogIs(const char* expected) {
  if (std::strcmp(g_log.first(), expected) == 0) return true;
  MicroPrintf("logged \"%s\", expected \"%s\"", g_log.first(), expected);
  return false;
}

}  // namespace

TF_LITE_MICRO_TESTS_BEGIN

TF_LITE_MICRO_TEST(NullTensorArray) {
  int inputs[] = {1, 0};
  int outputs[] = {1, 1};
  TF_LITE_MICRO_EXPECT_EQ(kTfLiteError, PrepareFloor(nullptr, 2, IntArrayFromInts(inputs), IntArrayFromInts(outputs)));
  TF_LITE_MICRO_EXPECT(LogIs("KernelRunner: no tensor array for 2 tensors"));
}

TF_LITE_MICRO_TEST(MissingInputList) {
  FloorTensors t;
  int outputs[] = {1, 1};
  TF_LITE_MICRO_EXPECT_EQ(kTfLiteError, PrepareFloor(t.tensors, 2, nullptr, IntArrayFromInts(outputs)));
  TF_LITE_MICRO_EXPECT(LogIs("KernelRunner: the node needs an input list and an output list"));
}

TF_LITE_MICRO_TEST(InputIndexOutsideTensors) {
  FloorTensors t;
  int inputs[] = {1, 5};
  int outputs[] = {1, 1};
  TF_LITE_MICRO_EXPECT_EQ(kTfLiteError, PrepareFloor(t.tensors, 2, IntArrayFromInts(inputs), IntArrayFromInts(outputs)));
  TF_LITE_MICRO_EXPECT(LogIs("KernelRunner: input 0 is tensor 5, outside the 2 tensors"));
}

TF_LITE_MICRO_TEST(AbsentOutput) {
  FloorTensors t;
  int inputs[] = {1, 0};
  int outputs[] = {1, -1};
  TF_LITE_MICRO_EXPECT_EQ(kTfLiteError, PrepareFloor(t.tensors, 2, IntArrayFromInts(inputs), IntArrayFromInts(outputs)));
  TF_LITE_MICRO_EXPECT(LogIs("KernelRunner: output 0 is tensor -1, outside the 2 tensors"));
}

// The kernel's own prepare refuses a wrong number of inputs (mote's FLOOR message).
TF_LITE_MICRO_TEST(WrongInputCount) {
  FloorTensors t;
  int inputs[] = {2, 0, 0};
  int outputs[] = {1, 1};
  TF_LITE_MICRO_EXPECT_EQ(kTfLiteError, PrepareFloor(t.tensors, 2, IntArrayFromInts(inputs), IntArrayFromInts(outputs)));
  TF_LITE_MICRO_EXPECT(LogIs("FLOOR: 2 inputs and 1 outputs given (1 and 1)"));
}

// bytes is not read (as TFLM's runner does not): TFLM's LSTM test data leaves it indeterminate, so a value
// below the shape's size, or 0, does not refuse the tensor; the shape alone sizes it.
TF_LITE_MICRO_TEST(BytesAreNotRead) {
  FloorTensors t;
  t.tensors[0].bytes = 1;
  t.tensors[1].bytes = 0;
  int inputs[] = {1, 0};
  int outputs[] = {1, 1};
  TF_LITE_MICRO_EXPECT_EQ(kTfLiteOk, PrepareFloor(t.tensors, 2, IntArrayFromInts(inputs), IntArrayFromInts(outputs)));
}

TF_LITE_MICRO_TEST(NullData) {
  FloorTensors t;
  t.tensors[1].data.data = nullptr;
  int inputs[] = {1, 0};
  int outputs[] = {1, 1};
  TF_LITE_MICRO_EXPECT_EQ(kTfLiteError, PrepareFloor(t.tensors, 2, IntArrayFromInts(inputs), IntArrayFromInts(outputs)));
  TF_LITE_MICRO_EXPECT(LogIs("KernelRunner: tensor 1 has no data"));
}

// An input may come without data, as an activation has none at prepare (TFLM's FILL test passes its dims so):
// prepare sees it null, Invoke reads zeroed runner memory, never a null pointer.
TF_LITE_MICRO_TEST(InputWithoutDataReadsZerosInInvoke) {
  FloorTensors t;
  t.tensors[0].data.data = nullptr;
  for (float& v : t.output) v = 9.f;
  int inputs[] = {1, 0};
  int outputs[] = {1, 1};
  tflite::micro::KernelRunner runner(tflite::Register_FLOOR(), t.tensors, 2, IntArrayFromInts(inputs),
                                     IntArrayFromInts(outputs), nullptr);
  TF_LITE_MICRO_EXPECT_EQ(kTfLiteOk, runner.InitAndPrepare());
  TF_LITE_MICRO_EXPECT_EQ(kTfLiteOk, runner.Invoke());
  for (float v : t.output) TF_LITE_MICRO_EXPECT_EQ(0.f, v);
}

TF_LITE_MICRO_TEST(NullDims) {
  FloorTensors t;
  t.tensors[0].dims = nullptr;
  int inputs[] = {1, 0};
  int outputs[] = {1, 1};
  TF_LITE_MICRO_EXPECT_EQ(kTfLiteError, PrepareFloor(t.tensors, 2, IntArrayFromInts(inputs), IntArrayFromInts(outputs)));
  TF_LITE_MICRO_EXPECT(LogIs("KernelRunner: tensor 0 has no dims"));
}

TF_LITE_MICRO_TEST(NegativeDimensions) {
  int inputs[] = {1, 0};
  int outputs[] = {1, 1};
  int minus_two[] = {1, -2};
  FloorTensors t;
  t.tensors[1].dims = IntArrayFromInts(minus_two);
  TF_LITE_MICRO_EXPECT_EQ(kTfLiteError, PrepareFloor(t.tensors, 2, IntArrayFromInts(inputs), IntArrayFromInts(outputs)));
  TF_LITE_MICRO_EXPECT(LogIs("KernelRunner: tensor 1 has a negative dimension"));
  // -1 is a dimension for the kernel to compute (TFLM's RESHAPE), on a tensor with data only.
  int minus_one[] = {1, -1};
  FloorTensors u;
  u.tensors[0].dims = IntArrayFromInts(minus_one);
  u.tensors[0].data.data = nullptr;
  TF_LITE_MICRO_EXPECT_EQ(kTfLiteError, PrepareFloor(u.tensors, 2, IntArrayFromInts(inputs), IntArrayFromInts(outputs)));
  TF_LITE_MICRO_EXPECT(LogIs("KernelRunner: tensor 0 has a negative dimension"));
  // FLOOR computes no dimension: its prepare refuses the output it cannot size.
  FloorTensors v;
  v.tensors[1].dims = IntArrayFromInts(minus_one);
  TF_LITE_MICRO_EXPECT_EQ(kTfLiteError, PrepareFloor(v.tensors, 2, IntArrayFromInts(inputs), IntArrayFromInts(outputs)));
}

TF_LITE_MICRO_TEST(InvokeWithoutPrepare) {
  FloorTensors t;
  int inputs[] = {1, 0};
  int outputs[] = {1, 1};
  tflite::micro::KernelRunner runner(tflite::Register_FLOOR(), t.tensors, 2, IntArrayFromInts(inputs),
                                     IntArrayFromInts(outputs), nullptr);
  g_log.Start();
  TF_LITE_MICRO_EXPECT_EQ(kTfLiteError, runner.Invoke());
  TF_LITE_MICRO_EXPECT(LogIs("KernelRunner: Invoke() without a successful InitAndPrepare()"));
  TF_LITE_MICRO_EXPECT_EQ(kTfLiteError, runner.Free());
}

// An arena too small for the runner's own eval tensors: an error before the kernel runs.
TF_LITE_MICRO_TEST(ArenaTooSmallForTheRunner) {
  FloorTensors t;
  int inputs[] = {1, 0};
  int outputs[] = {1, 1};
  alignas(16) uint8_t arena[16];
  tflite::micro::KernelRunner runner(tflite::Register_FLOOR(), t.tensors, 2, IntArrayFromInts(inputs),
                                     IntArrayFromInts(outputs), nullptr, nullptr, arena, sizeof(arena));
  g_log.Start();
  TF_LITE_MICRO_EXPECT_EQ(kTfLiteError, runner.InitAndPrepare());
  char expected[128];
  std::snprintf(expected, sizeof(expected), "KernelRunner: arena too small: %u more bytes requested with 0 of 16 in use",
                static_cast<unsigned>(2 * sizeof(TfLiteEvalTensor)));
  TF_LITE_MICRO_EXPECT(LogIs(expected));
  TF_LITE_MICRO_EXPECT_EQ(kTfLiteError, runner.Invoke());
}

// Room for the runner but not for the kernel's persistent OpData: init gets nullptr, prepare refuses.
TF_LITE_MICRO_TEST(ArenaTooSmallForTheKernel) {
  int dims[] = {1, 2};
  const float input[] = {1.f, 2.f};
  float output[2];
  TfLiteTensor tensors[] = {CreateTensor(input, IntArrayFromInts(dims)), CreateTensor(input, IntArrayFromInts(dims)),
                            CreateTensor(output, IntArrayFromInts(dims))};
  int inputs[] = {2, 0, 1};
  int outputs[] = {1, 2};
  alignas(16) uint8_t arena[96];
  tflite::micro::KernelRunner runner(*tflite::Register_WEIGHTED_SUM(), tensors, 3, IntArrayFromInts(inputs),
                                     IntArrayFromInts(outputs), nullptr, nullptr, arena, sizeof(arena));
  g_log.Start();
  TF_LITE_MICRO_EXPECT_EQ(kTfLiteError, runner.InitAndPrepare());
  TF_LITE_MICRO_EXPECT_EQ(0, std::strncmp(g_log.first(), "KernelRunner: arena too small: ", 31));
}

TF_LITE_MICRO_TEST(GoodInputStillRuns) {
  FloorTensors t;
  int inputs[] = {1, 0};
  int outputs[] = {1, 1};
  tflite::micro::KernelRunner runner(tflite::Register_FLOOR(), t.tensors, 2, IntArrayFromInts(inputs),
                                     IntArrayFromInts(outputs), nullptr);
  TF_LITE_MICRO_EXPECT_EQ(kTfLiteOk, runner.InitAndPrepare());
  TF_LITE_MICRO_EXPECT_EQ(kTfLiteOk, runner.Invoke());
  TF_LITE_MICRO_EXPECT_EQ(-2.f, t.output[1]);
  TF_LITE_MICRO_EXPECT(runner.ValidateTempBufferDeallocated());
}

compat_test::LogLines::Stop();
TF_LITE_MICRO_TESTS_END
