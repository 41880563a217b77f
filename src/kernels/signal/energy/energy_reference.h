// SignalEnergy (TFLM's signal/src/energy.cc): the squared magnitude of complex int16 bins start..end-1,
//   output[i] = uint32(real^2 + imag^2)   (the int32 sum TFLM computes, as uint32: 2^31 for -32768 twice)
// Bins outside [start, end) are zero: TFLM never writes them, so they hold what a fresh arena holds (the
// tflite-micro package's zeros); mote writes the zeros rather than leave stale arena bytes.
// Preconditions (prepare): 0 <= start <= end <= bins, the output's length.
#ifndef MOTE_KERNELS_SIGNAL_ENERGY_ENERGY_REFERENCE_H_
#define MOTE_KERNELS_SIGNAL_ENERGY_ENERGY_REFERENCE_H_

#include <cstdint>

namespace mote {
namespace reference {

inline void SpectrumToEnergy(const int16_t* complex_input, int start, int end, int bins, uint32_t* output) {
  for (int i = 0; i < start; ++i) output[i] = 0;
  for (int i = end; i < bins; ++i) output[i] = 0;
  for (int i = start; i < end; ++i) {
    const int32_t real = complex_input[2 * i];
    const int32_t imag = complex_input[2 * i + 1];
    output[i] = static_cast<uint32_t>(real * real) + static_cast<uint32_t>(imag * imag);
  }
}

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_SIGNAL_ENERGY_ENERGY_REFERENCE_H_
