// The WEIGHTED_SUM cases both test frameworks run (weighted_sum_test.cc with micro_test.h,
// weighted_sum_v2_test.cc with micro_test_v2.h): tensors built with TFLM's test helpers, run through
// KernelRunner, expectations computed by hand in the comments.
#ifndef MOTE_TESTS_COMPAT_WEIGHTED_SUM_CASES_H_
#define MOTE_TESTS_COMPAT_WEIGHTED_SUM_CASES_H_

#include <cstdint>
#include <vector>

#include "flatbuffers/flexbuffers.h"
#include "tensorflow/lite/c/builtin_op_data.h"
#include "tensorflow/lite/micro/kernels/kernel_runner.h"
#include "tensorflow/lite/micro/test_helpers.h"
#include "weighted_sum.h"

namespace weighted_sum_cases {

// [alpha, activation] as the FlexBuffer vector a converter would write into custom_options.
inline std::vector<uint8_t> Options(float alpha, TfLiteFusedActivation activation) {
  flexbuffers::Builder fbb;
  fbb.Vector([&]() {
    fbb.Float(alpha);
    fbb.Int(activation);
  });
  fbb.Finish();
  return fbb.GetBuffer();
}

struct Result {
  TfLiteStatus prepare;
  TfLiteStatus invoke;
};

inline Result Run(TfLiteTensor* tensors, int tensors_size, const std::vector<uint8_t>& options) {
  int inputs[] = {2, 0, 1};
  int outputs[] = {1, 2};
  tflite::micro::KernelRunner runner(*tflite::Register_WEIGHTED_SUM(), tensors, tensors_size,
                                     tflite::testing::IntArrayFromInts(inputs),
                                     tflite::testing::IntArrayFromInts(outputs), /*builtin_data=*/nullptr);
  Result result{runner.InitAndPrepare(reinterpret_cast<const char*>(options.data()), options.size()), kTfLiteError};
  if (result.prepare == kTfLiteOk) result.invoke = runner.Invoke();
  return result;
}

// input1 [2, 3] = {1, -2, 0.5, 3, 0, -1}, input2 [1, 3] = {0.5, 1, -1} broadcast over rows, alpha 2:
//   no activation {2.5, -3, 0, 6.5, 1, -3};  RELU6 {2.5, 0, 0, 6, 1, 0}.
constexpr float kFloatExpectedNone[6] = {2.5f, -3.0f, 0.0f, 6.5f, 1.0f, -3.0f};
constexpr float kFloatExpectedRelu6[6] = {2.5f, 0.0f, 0.0f, 6.0f, 1.0f, 0.0f};
inline Result RunFloat(TfLiteFusedActivation activation, float* output) {
  static int input1_dims[] = {2, 2, 3};
  static int input2_dims[] = {2, 1, 3};
  static const float input1[] = {1.0f, -2.0f, 0.5f, 3.0f, 0.0f, -1.0f};
  static const float input2[] = {0.5f, 1.0f, -1.0f};
  using tflite::testing::CreateTensor;
  using tflite::testing::IntArrayFromInts;
  TfLiteTensor tensors[] = {CreateTensor(input1, IntArrayFromInts(input1_dims)),
                            CreateTensor(input2, IntArrayFromInts(input2_dims)),
                            CreateTensor(output, IntArrayFromInts(input1_dims))};
  return Run(tensors, 3, Options(2.0f, activation));
}

// input1 scale 0.5 zp 0: q {2, -4, 10, 0} = {1, -2, 5, 0}; input2 scale 0.25 zp -10: q {-6, -2, 6, 30} =
// {1, 2, 4, 10}; alpha 1.5: sums {2.5, -1, 11.5, 10}; output scale 0.5 zp 2: q {7, 0, 25, 22}; RELU clamps the
// second to the zero point 2.
constexpr int8_t kInt8ExpectedNone[4] = {7, 0, 25, 22};
constexpr int8_t kInt8ExpectedRelu[4] = {7, 2, 25, 22};
inline Result RunInt8(TfLiteFusedActivation activation, int8_t* output) {
  static int dims[] = {1, 4};
  static const int8_t input1[] = {2, -4, 10, 0};
  static const int8_t input2[] = {-6, -2, 6, 30};
  using tflite::testing::CreateQuantizedTensor;
  using tflite::testing::IntArrayFromInts;
  TfLiteTensor tensors[] = {CreateQuantizedTensor(input1, IntArrayFromInts(dims), 0.5f, 0),
                            CreateQuantizedTensor(input2, IntArrayFromInts(dims), 0.25f, -10),
                            CreateQuantizedTensor(output, IntArrayFromInts(dims), 0.5f, 2)};
  return Run(tensors, 3, Options(1.5f, activation));
}

// Options that are not [alpha, activation] (missing, or bytes that are no FlexBuffer) fail prepare.
inline Result RunWithOptions(const std::vector<uint8_t>& options) {
  static int dims[] = {1, 2};
  static const float input[] = {1.0f, 2.0f};
  static float output[2];
  using tflite::testing::CreateTensor;
  using tflite::testing::IntArrayFromInts;
  TfLiteTensor tensors[] = {CreateTensor(input, IntArrayFromInts(dims)), CreateTensor(input, IntArrayFromInts(dims)),
                            CreateTensor(output, IntArrayFromInts(dims))};
  return Run(tensors, 3, options);
}

}  // namespace weighted_sum_cases

#endif  // MOTE_TESTS_COMPAT_WEIGHTED_SUM_CASES_H_
