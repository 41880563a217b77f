// SignalFilterBank's compute (TFLM's FilterbankAccumulateChannels): mel-style triangular filters over a
// power spectrum. Table entry i (0..num_channels) covers spectrum bins freq_starts[i] ..
// freq_starts[i] + widths[i] - 1 with weights / unweights from weight_starts[i]; each bin's weighted power goes to
// entry i and its unweighted power to entry i + 1, so entry 0 is scratch and channel c is entry c + 1. Sums are
// uint64 with TFLM's wrap-around (int16 weights converted to uint64, as C's usual conversions do).
//
// Preconditions (prepare checks them): every entry's bins lie inside the input and its weight range inside both
// weight tables; tables have num_channels + 1 entries; output_count <= num_channels.
#ifndef MOTE_KERNELS_SIGNAL_FILTER_BANK_FILTER_BANK_REFERENCE_H_
#define MOTE_KERNELS_SIGNAL_FILTER_BANK_FILTER_BANK_REFERENCE_H_

#include <cstdint>

namespace mote {
namespace reference {

struct FilterBankTables {
  int num_channels;
  const int16_t* weights;
  const int16_t* unweights;
  const int16_t* freq_starts;
  const int16_t* weight_starts;
  const int16_t* widths;
};

// Writes channels 0 .. output_count - 1 (entries 1 .. output_count); the scratch entry is never stored.
inline void FilterBankAccumulate(const FilterBankTables& t, const uint32_t* input, uint64_t* output, int output_count) {
  uint64_t carried = 0;  // the previous entry's unweighted sum, the start of this entry's
  for (int i = 0; i <= t.num_channels && i <= output_count; ++i) {
    uint64_t weighted = carried;
    uint64_t unweighted = 0;
    const uint32_t* bins = input + t.freq_starts[i];
    const int16_t* w = t.weights + t.weight_starts[i];
    const int16_t* u = t.unweights + t.weight_starts[i];
    for (int j = 0; j < t.widths[i]; ++j) {
      weighted += static_cast<uint64_t>(w[j]) * bins[j];
      unweighted += static_cast<uint64_t>(u[j]) * bins[j];
    }
    if (i > 0) output[i - 1] = weighted;
    carried = unweighted;
  }
}

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_SIGNAL_FILTER_BANK_FILTER_BANK_REFERENCE_H_
