// TFLM_DECODE's decode types, over the packed bits of the encoded tensor (fields back to back, most
// significant bit first, as TFLM's model compressor packs them) and the values after the 16-byte header.
// Channels, for both: one for the whole tensor, or one per scale of the output's per-channel quantization,
// along axis 0 (element k is in channel k / (count / channels)) or along the last axis (channel k % channels).
//
// Lookup table (LUT): element k is entry index_k of its channel's value table, index_k the k-th bit_width-bit
// field; channel c's table starts c * stride entries into the tables. Entries are the output type's bytes,
// copied as they are (bool included).
// Pruning: bit k set means element k is the next kept value (values in element order), clear means its
// channel's zero point (one zero point unless the output is INT8 with several channels).
//
// Preconditions (prepare): channels >= 1 and dividing count; bit_width in 1..7; the encoded tensor holds the
// count fields; every table entry (LutTableExtent()) and kept value (PrunedValueCount()) read is inside the
// ancillary tensor.
#ifndef MOTE_KERNELS_DECODE_DECODE_REFERENCE_H_
#define MOTE_KERNELS_DECODE_DECODE_REFERENCE_H_

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace mote {
namespace reference {

// Which channel each output element is in.
struct ChannelLayout {
  size_t count;       // output elements
  size_t channels;    // 1: the whole tensor
  bool channel_last;  // channels along the last axis (else along axis 0)
};

inline size_t ChannelOf(const ChannelLayout& c, size_t k) {
  return c.channel_last ? k % c.channels : k / (c.count / c.channels);
}

struct LutParams {
  ChannelLayout layout;
  const uint8_t* indices;  // packed indices
  const uint8_t* tables;   // value tables (unaligned: entries are copied bytewise)
  int bit_width;           // 1..7
  size_t stride;           // entries from one channel's table to the next
};

struct PruneParams {
  ChannelLayout layout;
  const uint8_t* mask;     // one bit per element
  const uint8_t* values;   // the kept values (unaligned)
  const int* zero_points;  // per channel, or nullptr: every element's zero point is `zero_point`
  int zero_point;
};

// The k-th bit_width-bit field of `indices`; a field spans at most two bytes since bit_width <= 7.
inline size_t PackedField(const uint8_t* indices, size_t k, int bit_width) {
  const size_t bit = k * static_cast<size_t>(bit_width);
  const size_t byte = bit >> 3;
  const int end = static_cast<int>(bit & 7) + bit_width;  // bits of the field's first byte used, past it
  uint32_t window = indices[byte];
  if (end > 8) window = (window << 8) | indices[byte + 1];
  const int width = end > 8 ? 16 : 8;
  return (window >> (width - end)) & ((1u << bit_width) - 1u);
}

// The table entry (offset from `tables`, in entries) that output element k reads.
inline size_t LutEntry(const LutParams& p, size_t k) {
  return ChannelOf(p.layout, k) * p.stride + PackedField(p.indices, k, p.bit_width);
}

// One past the largest entry any element reads (0 for an empty output): what the tables must hold.
inline size_t LutTableExtent(const LutParams& p) {
  size_t extent = 0;
  for (size_t k = 0; k < p.layout.count; ++k) {
    const size_t entry = LutEntry(p, k) + 1;
    if (entry > extent) extent = entry;
  }
  return extent;
}

// Decodes into `out`, element_size bytes per element (the output type's size).
inline void DecodeLut(const LutParams& p, size_t element_size, uint8_t* out) {
  for (size_t k = 0; k < p.layout.count; ++k) {
    std::memcpy(out + k * element_size, p.tables + LutEntry(p, k) * element_size, element_size);
  }
}

// Set bits among the first `count` of the mask: the kept values the ancillary tensor must hold.
inline size_t PrunedValueCount(const uint8_t* mask, size_t count) {
  size_t kept = 0;
  for (size_t k = 0; k < count; ++k) kept += PackedField(mask, k, 1);
  return kept;
}

// Decodes into `out`. T is the output's storage of its size (TFLM's: INT8 for BOOL, INT32 for FLOAT32, whose
// zero point is 0).
template <typename T>
void DecodePruned(const PruneParams& p, T* out) {
  const uint8_t* next = p.values;
  for (size_t k = 0; k < p.layout.count; ++k) {
    if (PackedField(p.mask, k, 1) != 0) {
      std::memcpy(&out[k], next, sizeof(T));
      next += sizeof(T);
    } else {
      out[k] = static_cast<T>(p.zero_points != nullptr ? p.zero_points[ChannelOf(p.layout, k)] : p.zero_point);
    }
  }
}

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_DECODE_DECODE_REFERENCE_H_
