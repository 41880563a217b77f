// TFLM_DECODE, lookup-table (LUT) decode type: output element k is entry `index_k` of its channel's value
// table, where index_k is the k-th `bit_width`-bit field of the packed indices (fields back to back, most
// significant bit first, as TFLM's model compressor packs them). Channels: one table for the whole tensor, or
// one per channel of the output's per-channel quantization, along axis 0 (element k is in channel
// k / (count / channels)) or along the last axis (channel k % channels); channel c's table starts
// c * stride entries into the tables. Entries are the output type's bytes, copied as they are (bool included).
//
// Preconditions (prepare): bit_width in 1..7; channels >= 1 and dividing count; `indices` holds
// ceil(count * bit_width / 8) bytes; every entry read, LutTableExtent(), lies inside `tables`.
#ifndef MOTE_KERNELS_DECODE_DECODE_REFERENCE_H_
#define MOTE_KERNELS_DECODE_DECODE_REFERENCE_H_

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace mote {
namespace reference {

struct LutParams {
  const uint8_t* indices;  // packed indices
  const uint8_t* tables;   // value tables (unaligned: entries are copied bytewise)
  int bit_width;           // 1..7
  size_t count;            // output elements
  size_t channels;         // tables in use (1: one for the whole tensor)
  size_t stride;           // entries from one channel's table to the next
  bool channel_last;       // channels along the last axis (else along axis 0)
};

// The k-th bit_width-bit field; a field spans at most two bytes since bit_width <= 7.
inline size_t LutIndex(const uint8_t* indices, size_t k, int bit_width) {
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
  const size_t per_channel = p.count / p.channels;
  const size_t channel = p.channel_last ? k % p.channels : k / per_channel;
  return channel * p.stride + LutIndex(p.indices, k, p.bit_width);
}

// One past the largest entry any element reads (0 for an empty output): what the tables must hold.
inline size_t LutTableExtent(const LutParams& p) {
  size_t extent = 0;
  for (size_t k = 0; k < p.count; ++k) {
    const size_t entry = LutEntry(p, k) + 1;
    if (entry > extent) extent = entry;
  }
  return extent;
}

// Decodes into `out`, element_size bytes per element (the output type's size).
inline void DecodeLut(const LutParams& p, size_t element_size, uint8_t* out) {
  for (size_t k = 0; k < p.count; ++k) {
    std::memcpy(out + k * element_size, p.tables + LutEntry(p, k) * element_size, element_size);
  }
}

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_DECODE_DECODE_REFERENCE_H_
