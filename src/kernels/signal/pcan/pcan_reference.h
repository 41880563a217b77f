// SignalPCAN's compute (TFLM's ApplyPcanAutoGainControlFixed): per-channel energy normalisation. The gain of
// a channel is a piecewise quadratic of its noise estimate read from gain_lut (TFLM's WideDynamicFunction:
// lut[x] for x <= 2, else the three coefficients at 4 * top_bit(x) - 6 evaluated at the 10 bits below the
// top one); snr = (input * gain) >> snr_shift (uint64 product, truncated to uint32); the output is TFLM's
// "shrink" of snr (12 fractional bits in, 6 out): snr^2 / 4 below 2.0, snr - 1 from 2.0 up.
//
// Preconditions: gain_lut has kPcanLutSize entries (the largest noise estimate reads entry 124);
// 0 <= snr_shift <= 63.
#ifndef MOTE_KERNELS_SIGNAL_PCAN_PCAN_REFERENCE_H_
#define MOTE_KERNELS_SIGNAL_PCAN_PCAN_REFERENCE_H_

#include <cstdint>

#include "kernels/signal/top_bit.h"

namespace mote {
namespace reference {

constexpr int kPcanLutSize = 4 * 32 - 6 + 3;
constexpr int kPcanSnrBits = 12;
constexpr int kPcanOutputBits = 6;

inline int16_t PcanGain(uint32_t x, const int16_t* lut) {
  if (x <= 2) return lut[x];
  const int interval = TopBit32(x);
  const int16_t* c = lut + 4 * interval - 6;
  const int32_t frac = static_cast<int32_t>((interval < 11 ? x << (11 - interval) : x >> (interval - 11)) & 0x3FF);
  int32_t result = (static_cast<int32_t>(c[2]) * frac) >> 5;
  result += static_cast<int32_t>(static_cast<uint32_t>(c[1]) << 5);
  result *= frac;  // |result| < 2^31: |c[2] * frac >> 5| and |c[1] << 5| are below 2^20, frac below 2^10
  result = (result + (1 << 14)) >> 15;
  return static_cast<int16_t>(result + c[0]);
}

inline uint32_t PcanShrink(uint32_t x) {
  if (x < (2u << kPcanSnrBits)) return (x * x) >> (2 + 2 * kPcanSnrBits - kPcanOutputBits);
  return (x >> (kPcanSnrBits - kPcanOutputBits)) - (1u << kPcanOutputBits);
}

inline void Pcan(const uint32_t* input, const uint32_t* noise, const int16_t* gain_lut, int snr_shift, int count,
                 uint32_t* output) {
  for (int i = 0; i < count; ++i) {
    // The int16 gain widens to uint32 as TFLM's (a negative gain becomes a large one).
    const uint32_t gain = static_cast<uint32_t>(static_cast<int32_t>(PcanGain(noise[i], gain_lut)));
    const uint32_t snr = static_cast<uint32_t>((static_cast<uint64_t>(input[i]) * gain) >> snr_shift);
    output[i] = PcanShrink(snr);
  }
}

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_SIGNAL_PCAN_PCAN_REFERENCE_H_
