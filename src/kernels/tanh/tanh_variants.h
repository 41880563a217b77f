// TANH float32 kernel variants: the problem every variant computes from and the optimized entry points. The
// glue (tanh.cc) owns the best-first table (kernels/dispatch/variant.h).
//
// Semantics: output[i] = tanh(input[i]) for i < size, within the stated error of std::tanh (TFLM's float
// kernel, reference::TanhFloat); NaN in gives NaN out, +-inf gives +-1, -0 gives -0. The output may alias the
// input.
#ifndef MOTE_KERNELS_TANH_TANH_VARIANTS_H_
#define MOTE_KERNELS_TANH_TANH_VARIANTS_H_

namespace mote {
namespace tanh_op {

// A plain struct (the convention of every op's problem: no member functions).
struct TanhFloatProblem {
  int size;
  const float* input;
  float* output;
};

// The largest difference from std::tanh the variants are held to (tanh_float32_avx2_test.cc), in units in
// the last place of std::tanh's result.
constexpr int kTanhFloatMaxUlp = 2;

// x86-64 AVX2 + FMA (tanh_float32_avx2.cc), 8 lanes, the tail by masked loads and stores:
//   |x| < 0.625   x + x^3 Q(x^2), Q a degree-5 least-squares fit of (tanh(x) - x) / x^3;
//   |x| >= 0.625  1 - 2 / (e^(2|x|) + 1) (e^x: kernels/simd/exp_f32_avx2.h), |x| clamped to 9.1 (tanh rounds
//                 to 1 from there), the sign of x.
void TanhFloatAvx2(const TanhFloatProblem& p, void* scratch);

}  // namespace tanh_op
}  // namespace mote

#endif  // MOTE_KERNELS_TANH_TANH_VARIANTS_H_
