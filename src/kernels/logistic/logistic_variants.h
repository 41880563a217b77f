// LOGISTIC float32 kernel variants: the problem every variant computes from and the optimized entry points. The
// glue (logistic.cc) owns the best-first table (kernels/dispatch/variant.h).
//
// Semantics: reference::LogisticFloat (TFLM's float kernel: 1 above 16.619..., e^x below -9, else
// 1 / (1 + e^-x)) within kLogisticFloatMaxUlp units in the last place; NaN in gives NaN out. The output may
// alias the input.
#ifndef MOTE_KERNELS_LOGISTIC_LOGISTIC_VARIANTS_H_
#define MOTE_KERNELS_LOGISTIC_LOGISTIC_VARIANTS_H_

namespace mote {
namespace logistic {

// A plain struct (the convention of every op's problem: no member functions).
struct LogisticFloatProblem {
  int size;
  const float* input;
  float* output;
};

constexpr int kLogisticFloatMaxUlp = 2;

// x86-64 AVX2 + FMA (logistic_float32_avx2.cc): the reference's three ranges on 8 lanes with e^x from
// kernels/simd/exp_f32_avx2.h, the tail by masked loads and stores.
void LogisticFloatAvx2(const LogisticFloatProblem& p, void* scratch);

}  // namespace logistic
}  // namespace mote

#endif  // MOTE_KERNELS_LOGISTIC_LOGISTIC_VARIANTS_H_
