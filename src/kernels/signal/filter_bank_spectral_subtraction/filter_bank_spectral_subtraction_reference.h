// SignalFilterBankSpectralSubtraction's compute (TFLM's FilterbankSpectralSubtraction): per channel, a
// low-pass noise estimate of the signal scaled up by smoothing_bits,
//   noise = (signal_up * smoothing + noise * one_minus_smoothing) >> spectral_subtraction_bits   (uint64 sums
//   wrapping, the result truncated to uint32, as TFLM's)
// with the alternate coefficients on odd channels; the estimate is capped at signal_up for the subtraction
// (and stored capped when clamping); the output is (signal_up - capped) >> smoothing_bits, but at least
// input * min_signal_remaining >> spectral_subtraction_bits. `noise` is the state carried between invokes.
//
// Preconditions: 0 <= smoothing_bits <= 31, 0 <= spectral_subtraction_bits <= 63.
#ifndef MOTE_KERNELS_SIGNAL_FILTER_BANK_SPECTRAL_SUBTRACTION_FILTER_BANK_SPECTRAL_SUBTRACTION_REFERENCE_H_
#define MOTE_KERNELS_SIGNAL_FILTER_BANK_SPECTRAL_SUBTRACTION_FILTER_BANK_SPECTRAL_SUBTRACTION_REFERENCE_H_

#include <cstdint>

namespace mote {
namespace reference {

struct SpectralSubtractionParams {
  int num_channels;
  uint32_t smoothing;
  uint32_t one_minus_smoothing;
  uint32_t alternate_smoothing;
  uint32_t alternate_one_minus_smoothing;
  uint32_t min_signal_remaining;
  int smoothing_bits;
  int spectral_subtraction_bits;
  bool clamping;
};

inline void SpectralSubtraction(const SpectralSubtractionParams& p, const uint32_t* input, uint32_t* output,
                                uint32_t* noise) {
  for (int i = 0; i < p.num_channels; ++i) {
    const bool odd = (i & 1) != 0;
    const uint64_t smoothing = odd ? p.alternate_smoothing : p.smoothing;
    const uint64_t keep = odd ? p.alternate_one_minus_smoothing : p.one_minus_smoothing;
    const uint32_t signal_up = input[i] << p.smoothing_bits;
    noise[i] = static_cast<uint32_t>((signal_up * smoothing + noise[i] * keep) >> p.spectral_subtraction_bits);
    uint32_t estimate = noise[i];
    if (estimate > signal_up) {  // never subtract more than the signal
      estimate = signal_up;
      if (p.clamping) noise[i] = estimate;
    }
    const uint32_t floor = static_cast<uint32_t>((static_cast<uint64_t>(input[i]) * p.min_signal_remaining) >>
                                                 p.spectral_subtraction_bits);
    const uint32_t subtracted = (signal_up - estimate) >> p.smoothing_bits;
    output[i] = subtracted > floor ? subtracted : floor;
  }
}

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_SIGNAL_FILTER_BANK_SPECTRAL_SUBTRACTION_FILTER_BANK_SPECTRAL_SUBTRACTION_REFERENCE_H_
