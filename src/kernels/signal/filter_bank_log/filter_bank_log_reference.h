// SignalFilterBankLog's compute (TFLM's FilterbankLog over Log32): out = min(round(output_scale * ln(x)),
// INT16_MAX) in fixed point, where x = input << correction_bits (uint32, wrapping as TFLM's), and 0 when
// x <= 1. ln is TFLM's: log2 with 16 fractional bits from the top set bit plus a 129-point correction table
// interpolated linearly, times ln(2) in Q16 (45426), rounded; then times output_scale (uint32 arithmetic), >> 16
// rounded.
//
// Precondition: 0 <= correction_bits <= 31.
#ifndef MOTE_KERNELS_SIGNAL_FILTER_BANK_LOG_FILTER_BANK_LOG_REFERENCE_H_
#define MOTE_KERNELS_SIGNAL_FILTER_BANK_LOG_FILTER_BANK_LOG_REFERENCE_H_

#include <cstdint>

#include "kernels/signal/top_bit.h"

namespace mote {
namespace reference {

// log2(1 + f) - f in Q16 at f = k / 128, k = 0..128, plus one padding entry (TFLM's kLogLut).
constexpr uint16_t kSignalLogCorrection[130] = {
    0,    224,  442,  654,  861,  1063, 1259, 1450, 1636, 1817, 1992, 2163, 2329, 2490, 2646, 2797, 2944, 3087, 3224,
    3358, 3487, 3611, 3732, 3848, 3960, 4068, 4172, 4272, 4368, 4460, 4549, 4633, 4714, 4791, 4864, 4934, 5001, 5063,
    5123, 5178, 5231, 5280, 5326, 5368, 5408, 5444, 5477, 5507, 5533, 5557, 5578, 5595, 5610, 5622, 5631, 5637, 5640,
    5641, 5638, 5633, 5626, 5615, 5602, 5586, 5568, 5547, 5524, 5498, 5470, 5439, 5406, 5370, 5332, 5291, 5249, 5203,
    5156, 5106, 5054, 5000, 4944, 4885, 4825, 4762, 4697, 4630, 4561, 4490, 4416, 4341, 4264, 4184, 4103, 4020, 3935,
    3848, 3759, 3668, 3575, 3481, 3384, 3286, 3186, 3084, 2981, 2875, 2768, 2659, 2549, 2437, 2323, 2207, 2090, 1971,
    1851, 1729, 1605, 1480, 1353, 1224, 1094, 963,  830,  695,  559,  421,  282,  142,  0,    0};

// The fractional part of log2(x) in Q16, x >= 1 with highest bit `exponent` (0-based).
inline uint32_t SignalLog2Fraction(uint32_t x, int exponent) {
  constexpr int kQ = 16;
  constexpr int kSegmentBits = 7;
  int32_t frac = static_cast<int32_t>(x - (uint32_t{1} << exponent));  // the bits below the top one
  frac = exponent < kQ ? frac << (kQ - exponent) : frac >> (exponent - kQ);
  const int32_t segment = frac >> (kQ - kSegmentBits);
  const int32_t c0 = kSignalLogCorrection[segment];
  const int32_t c1 = kSignalLogCorrection[segment + 1];
  const int32_t offset = frac - segment * ((1 << kQ) >> kSegmentBits);
  return static_cast<uint32_t>(frac + c0 + (((c1 - c0) * offset) >> kQ));
}

// TFLM's Log32(x, scale): round(scale * ln(x)) from the Q16 log2, x >= 2.
inline uint32_t SignalLog32(uint32_t x, uint32_t scale) {
  constexpr uint32_t kHalf = 1u << 15;
  constexpr uint64_t kLn2Q16 = 45426;
  const int exponent = TopBit32(x) - 1;
  const uint32_t log2 = (static_cast<uint32_t>(exponent) << 16) + SignalLog2Fraction(x, exponent);
  const uint32_t ln = static_cast<uint32_t>((kLn2Q16 * log2 + kHalf) >> 16);
  return (scale * ln + kHalf) >> 16;
}

inline void FilterBankLog(const uint32_t* input, int count, int32_t output_scale, int correction_bits,
                          int16_t* output) {
  for (int i = 0; i < count; ++i) {
    const uint32_t scaled = input[i] << correction_bits;
    if (scaled <= 1) {
      output[i] = 0;
      continue;
    }
    const uint32_t value = SignalLog32(scaled, static_cast<uint32_t>(output_scale));
    output[i] = static_cast<int16_t>(value < uint32_t{INT16_MAX} ? value : uint32_t{INT16_MAX});
  }
}

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_SIGNAL_FILTER_BANK_LOG_FILTER_BANK_LOG_REFERENCE_H_
