// GATHER_ND reference (TFLM's gather_nd.cc): indices [..., nd]; each row of nd indices selects the slice
// params[i_0, ..., i_{nd-1}, :, ...] (slice_size elements), copied in order to the output. Copies elements of
// `element_size` bytes. Precondition (checked by the glue at invoke): index j of every row is in
// [0, params dimension j).
#ifndef MOTE_KERNELS_GATHER_ND_GATHER_ND_REFERENCE_H_
#define MOTE_KERNELS_GATHER_ND_GATHER_ND_REFERENCE_H_

#include <cstdint>
#include <cstring>

namespace mote {
namespace reference {

struct GatherNdParams {
  static constexpr int kMaxNd = 5;  // TFLM's MAX_INDICES_ND
  int nd;
  int32_t params_dims[kMaxNd];     // the first nd params dimensions (the glue's bounds)
  int64_t dim_stride[kMaxNd];      // params elements per index step of dimension j
  int64_t slice_count, slice_size;
  size_t element_size;
};

inline void GatherNd(const GatherNdParams& p, const void* params, const int32_t* indices, void* output) {
  const size_t slice_bytes = static_cast<size_t>(p.slice_size) * p.element_size;
  const auto* in = static_cast<const uint8_t*>(params);
  auto* out = static_cast<uint8_t*>(output);
  for (int64_t i = 0; i < p.slice_count; ++i, out += slice_bytes) {
    int64_t from = 0;
    for (int j = 0; j < p.nd; ++j) from += indices[i * p.nd + j] * p.dim_stride[j];
    std::memcpy(out, in + static_cast<size_t>(from) * p.element_size, slice_bytes);
  }
}

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_GATHER_ND_GATHER_ND_REFERENCE_H_
