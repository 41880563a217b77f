// The real FFT TFLM's signal library computes (SignalRfft, SignalIrfft): KISS FFT's kiss_fftr / kiss_fftri over
// its mixed-radix complex FFT, in the three scalar types TFLM builds it for, with the same arithmetic so that
// the integer results are bit-identical:
//   int16_t  KISS FFT's FIXED_POINT 16: Q15 twiddles round(32767 cos), products in int32 rounded by
//            (p + 2^14) >> 15, every stage divides its inputs by its radix (x * (32767 / radix), rounded), sums
//            wrap to int16 as the C code's stores do;
//   int32_t  FIXED_POINT 32: the same in Q31 (products in int64, 2147483647 / radix);
//   float    the floating-point build (twiddles cos/sin in double, rounded to float; no scaling).
// So the integer transforms are scaled: Rfft's output is the DFT divided by fft_length (each radix-r stage
// divides by r, the real-FFT split by 2), Irfft's is the inverse DFT without the 1/fft_length.
//
// Contract:
//   - fft_length is a power of two, 4 <= fft_length <= kMaxFftLength (prepare checks it; other lengths TFLM
//     would factor into radix 3, 5 and generic stages, which mote does not implement; TFLM crashes on 2, a
//     length-1 complex FFT);
//   - RealFftStateBytes<T>(fft_length) bytes of memory, aligned for T's complex, hold the plan (twiddles, the
//     complex FFT's factors and its work buffer); InitRealFft writes them, once, in prepare;
//   - the transforms use the plan's work buffer: one transform at a time per plan (an op's invoke);
//   - RealFft reads fft_length scalars and writes fft_length / 2 + 1 complex values; RealFftInverse reads
//     fft_length / 2 + 1 complex values and writes fft_length scalars. Input and output must not overlap.
//
//   void* memory = context->AllocatePersistentBuffer(context, RealFftStateBytes<int16_t>(512));
//   RealFftPlan<int16_t> plan = InitRealFft<int16_t>(512, /*inverse=*/false, memory);
//   RealFft(plan, frame, spectrum);  // frame: 512 int16, spectrum: 257 Complex<int16_t>
#ifndef MOTE_KERNELS_SIGNAL_FFT_REAL_FFT_H_
#define MOTE_KERNELS_SIGNAL_FFT_REAL_FFT_H_

#include <cstddef>
#include <cstdint>

namespace mote {
namespace signal {

template <typename T>
struct Complex {
  T real;
  T imag;
};

constexpr int32_t kMaxFftLength = 1 << 16;
// KISS FFT factors a complex length into radix-4 stages and at most one radix-2 stage (9 for 2^16 / 2).
constexpr int kMaxFftStages = 16;

// True for the lengths the transforms take (see the contract).
constexpr bool IsSupportedFftLength(int64_t fft_length) {
  return fft_length >= 4 && fft_length <= kMaxFftLength && (fft_length & (fft_length - 1)) == 0;
}

template <typename T>
struct RealFftPlan {
  int complex_length;  // fft_length / 2: the complex FFT's length
  bool inverse;
  int stages;
  int radix[kMaxFftStages];   // KISS FFT's factors: radix of each stage ...
  int length[kMaxFftStages];  // ... and the length of the sub-FFTs it combines
  const Complex<T>* twiddles;        // complex_length
  const Complex<T>* super_twiddles;  // complex_length / 2
  Complex<T>* work;                  // complex_length
};

template <typename T>
size_t RealFftStateBytes(int32_t fft_length);
template <typename T>
RealFftPlan<T> InitRealFft(int32_t fft_length, bool inverse, void* memory);
template <typename T>
void RealFft(const RealFftPlan<T>& plan, const T* input, Complex<T>* output);
template <typename T>
void RealFftInverse(const RealFftPlan<T>& plan, const Complex<T>* input, T* output);

}  // namespace signal
}  // namespace mote

#endif  // MOTE_KERNELS_SIGNAL_FFT_REAL_FFT_H_
