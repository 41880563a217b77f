// DYNAMIC_UPDATE_SLICE reference (TFLM's dynamic_update_slice.cc): the output is the operand with the block
// `update` written at `start`, each start index clamped to [0, operand dim - update dim] (so the block always
// fits: out-of-range starts are not errors). Elements of `element_size` bytes. Preconditions (prepare): equal
// ranks (<= kMaxRank), update dims <= operand dims.
#ifndef MOTE_KERNELS_DYNAMIC_UPDATE_SLICE_DYNAMIC_UPDATE_SLICE_REFERENCE_H_
#define MOTE_KERNELS_DYNAMIC_UPDATE_SLICE_DYNAMIC_UPDATE_SLICE_REFERENCE_H_

#include <cstdint>
#include <cstring>

namespace mote {
namespace reference {

struct DynamicUpdateSliceParams {
  static constexpr int kMaxRank = 6;  // TFLM's kMaxDimensions
  int rank;
  int32_t operand_dims[kMaxRank];
  int32_t update_dims[kMaxRank];
  int64_t operand_stride[kMaxRank];  // elements
  int64_t operand_count, update_count;
  size_t element_size;
};

inline int64_t ClampedStart(const DynamicUpdateSliceParams& p, int d, int64_t start) {
  const int64_t hi = p.operand_dims[d] - p.update_dims[d];
  return start < 0 ? 0 : (start > hi ? hi : start);
}

namespace dus_internal {
inline void WriteDim(const DynamicUpdateSliceParams& p, int d, const int64_t* start, const uint8_t** update,
                     uint8_t* out) {
  out += start[d] * p.operand_stride[d] * p.element_size;
  // (The second test is implied by rank <= kMaxRank; it bounds the recursion for the compiler.)
  if (d == p.rank - 1 || d == DynamicUpdateSliceParams::kMaxRank - 1) {
    const size_t bytes = static_cast<size_t>(p.update_dims[d]) * p.element_size;
    std::memcpy(out, *update, bytes);
    *update += bytes;
    return;
  }
  for (int32_t i = 0; i < p.update_dims[d]; ++i) {
    WriteDim(p, d + 1, start, update, out + i * p.operand_stride[d] * p.element_size);
  }
}
}  // namespace dus_internal

// start: rank raw start indices.
inline void DynamicUpdateSlice(const DynamicUpdateSliceParams& p, const void* operand, const void* update,
                               const int64_t* start, void* output) {
  if (p.operand_count == p.update_count) {
    std::memcpy(output, update, static_cast<size_t>(p.update_count) * p.element_size);
    return;
  }
  if (output != operand) std::memcpy(output, operand, static_cast<size_t>(p.operand_count) * p.element_size);
  if (p.update_count == 0) return;
  int64_t clamped[DynamicUpdateSliceParams::kMaxRank] = {};
  for (int d = 0; d < p.rank; ++d) clamped[d] = ClampedStart(p, d, start[d]);
  const auto* from = static_cast<const uint8_t*>(update);
  dus_internal::WriteDim(p, 0, clamped, &from, static_cast<uint8_t*>(output));
}

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_DYNAMIC_UPDATE_SLICE_DYNAMIC_UPDATE_SLICE_REFERENCE_H_
