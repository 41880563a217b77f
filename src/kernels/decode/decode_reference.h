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
// Huffman (TFLM's DecodeStateHuffman, Xtensa-format tables): the encoded tensor is one bitstream, most
// significant bit of each byte first (TFLM reads it as big-endian 32-bit words); the tables after the header
// are 16- or 32-bit little-endian entries. An entry holds a flag (bit 15 / 31: a symbol), a 4-bit count
// (bits 14..11 / 30..27) and a value (bits 10..0 / 26..0). Each element starts at entry
// index = the next initial_bits bits. A non-symbol entry at offset o sends the decode to entry
// o + value + (the next count + 1 bits); a symbol entry ends it: the element is the value's low 8 or 16 bits
// (the output's INT8 or INT16), and of the bits the last step read only `count` were the code's, the rest are
// read again by the next element. DecodeHuffman() checks what TFLM trusts: every entry lies in the tables and
// every bit a code uses lies in the stream (bits read ahead past its end count as 0; a code using them fails).
//
// Preconditions (prepare): channels >= 1 and dividing count; bit_width in 1..7; the encoded tensor holds the
// count fields; every table entry (LutTableExtent()) and kept value (PrunedValueCount()) read is inside the
// ancillary tensor. Huffman: initial_bits in 1..16, element_size 1 or 2.
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

struct HuffmanParams {
  size_t count;            // output elements
  const uint8_t* stream;   // the codes, back to back
  size_t stream_bytes;
  const uint8_t* tables;   // the entries (unaligned, little-endian)
  size_t entries;          // entries the tables hold
  bool wide_entries;       // 32-bit entries (else 16-bit)
  int initial_bits;        // bits of the first lookup, 1..16
};

enum class HuffmanResult { kOk, kEntryPastTables, kCodePastStream };

// The n bits (n <= 16) at bit `pos` of the stream, most significant first; bits past its end read as 0.
inline uint32_t StreamBits(const HuffmanParams& p, uint64_t pos, int n) {
  const uint64_t byte = pos >> 3;
  uint32_t window = 0;  // three bytes: a field of up to 16 bits starting anywhere in the first
  for (uint64_t b = byte; b < byte + 3; ++b) window = (window << 8) | (b < p.stream_bytes ? p.stream[b] : 0u);
  const int shift = 24 - static_cast<int>(pos & 7) - n;
  return (window >> shift) & ((1u << n) - 1u);
}

inline uint32_t HuffmanEntry(const HuffmanParams& p, uint64_t index) {
  const uint8_t* e = p.tables + index * (p.wide_entries ? 4 : 2);
  uint32_t v = static_cast<uint32_t>(e[0]) | static_cast<uint32_t>(e[1]) << 8;
  if (p.wide_entries) v |= static_cast<uint32_t>(e[2]) << 16 | static_cast<uint32_t>(e[3]) << 24;
  return v;
}

// Decodes p.count elements into `out` (element_size 1: int8, 2: int16), or only checks them when out is
// nullptr. On a failure returns why and sets *failed_element to the element (its earlier elements are written).
inline HuffmanResult DecodeHuffman(const HuffmanParams& p, size_t element_size, uint8_t* out,
                                   size_t* failed_element) {
  const int flag_shift = p.wide_entries ? 31 : 15;
  const int count_shift = p.wide_entries ? 27 : 11;
  const uint32_t value_mask = p.wide_entries ? 0x07FFFFFFu : 0x07FFu;
  const uint64_t stream_bits = static_cast<uint64_t>(p.stream_bytes) * 8;
  uint64_t pos = 0;
  for (size_t k = 0; k < p.count; ++k) {
    *failed_element = k;
    int read = p.initial_bits;
    uint64_t index = StreamBits(p, pos, read);
    pos += static_cast<uint64_t>(read);
    if (index >= p.entries) return HuffmanResult::kEntryPastTables;
    uint32_t entry = HuffmanEntry(p, index);
    while (((entry >> flag_shift) & 1u) == 0) {
      // The bits a pointer step read are all the code's: past the stream's end, the code is cut short.
      if (pos > stream_bits) return HuffmanResult::kCodePastStream;
      read = static_cast<int>((entry >> count_shift) & 15u) + 1;
      index += static_cast<uint64_t>(entry & value_mask) + StreamBits(p, pos, read);
      pos += static_cast<uint64_t>(read);
      if (index >= p.entries) return HuffmanResult::kEntryPastTables;
      entry = HuffmanEntry(p, index);
    }
    const int used = static_cast<int>((entry >> count_shift) & 15u);
    if (read > used) pos -= static_cast<uint64_t>(read - used);
    if (pos > stream_bits) return HuffmanResult::kCodePastStream;
    if (out == nullptr) continue;
    if (element_size == 1) {
      out[k] = static_cast<uint8_t>(entry);
    } else {
      const uint16_t v = static_cast<uint16_t>(entry);
      std::memcpy(out + 2 * k, &v, 2);
    }
  }
  return HuffmanResult::kOk;
}

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_DECODE_DECODE_REFERENCE_H_
