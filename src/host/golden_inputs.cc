#include "mote/host/golden_inputs.h"

#include <cstring>

namespace mote {
namespace host {

void FillGoldenInput(int input_index, TfLiteType type, void* data, size_t bytes) {
  uint32_t state = GoldenSeed(input_index);
  auto* out = static_cast<uint8_t*>(data);
  if (type == kTfLiteFloat32) {
    const size_t count = bytes / sizeof(float);
    for (size_t i = 0; i < count; ++i) {
      const uint32_t s = XorShift32Next(&state);
      // The README defines the value in double, rounded to float once at the end.
      const float v = static_cast<float>((static_cast<double>(s) / 4294967296.0) * 2.0 - 1.0);
      std::memcpy(out + i * sizeof(float), &v, sizeof(float));  // memcpy: the buffer may be unaligned
    }
    return;
  }
  for (size_t i = 0; i < bytes; ++i) out[i] = static_cast<uint8_t>(XorShift32Next(&state) & 0xFFu);
}

std::vector<uint8_t> GoldenInputBytes(int input_index, TfLiteType type, size_t bytes) {
  std::vector<uint8_t> out(bytes);
  FillGoldenInput(input_index, type, out.data(), bytes);
  return out;
}

}  // namespace host
}  // namespace mote
