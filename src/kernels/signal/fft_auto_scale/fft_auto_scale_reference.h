// SignalFftAutoScale (TFLM's signal/src/fft_auto_scale.cc): shifts int16 samples left by the most bits that
// keep the largest magnitude in int16 and returns that shift, with TFLM's arithmetic kept exactly:
//   max = MaxAbs16(input) in int16 (|-32768| wraps to -32768, after which larger values replace it),
//   msb = 32 - clz(uint32(max)) (32 for 0: TFLM's GCC build of MostSignificantBit32),
//   scale = max(0, 15 - msb), output[i] = int16(input[i] * 2^scale).
// So an all-zero input has scale 0 and a -32768 sample scale 0 unless a later sample replaces the maximum.
#ifndef MOTE_KERNELS_SIGNAL_FFT_AUTO_SCALE_FFT_AUTO_SCALE_REFERENCE_H_
#define MOTE_KERNELS_SIGNAL_FFT_AUTO_SCALE_FFT_AUTO_SCALE_REFERENCE_H_

#include <cstdint>

namespace mote {
namespace reference {

inline int16_t MaxAbs16(const int16_t* input, int count) {
  int16_t max = 0;
  for (int i = 0; i < count; ++i) {
    const int16_t value = input[i];
    if (value > max) {
      max = value;
    } else if (-value > max) {
      max = static_cast<int16_t>(-value);
    }
  }
  return max;
}

inline int MostSignificantBit32(uint32_t x) {
  int bits = 0;
  for (; x != 0; x >>= 1) ++bits;
  return bits == 0 ? 32 : bits;
}

inline int32_t FftAutoScale(const int16_t* input, int count, int16_t* output) {
  const int16_t max = MaxAbs16(input, count);
  int scale = 16 - MostSignificantBit32(static_cast<uint32_t>(static_cast<int32_t>(max))) - 1;
  if (scale < 0) scale = 0;
  for (int i = 0; i < count; ++i) output[i] = static_cast<int16_t>(input[i] * (1 << scale));
  return scale;
}

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_SIGNAL_FFT_AUTO_SCALE_FFT_AUTO_SCALE_REFERENCE_H_
