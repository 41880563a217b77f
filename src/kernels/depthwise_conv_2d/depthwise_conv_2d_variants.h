// DEPTHWISE_CONV_2D int8 kernel variants: the problem every variant computes from and the optimized entry
// points. The glue (depthwise_conv_2d.cc) owns the best-first table (kernels/dispatch/variant.h).
//
// Semantics: exactly reference::DepthwiseConvInt8 (depthwise_conv_2d_reference.h), bit for bit, for
// every problem a variant's applies() accepts. Layouts NHWC, filter [1, FH, FW, OC], OC = IC * multiplier.
#ifndef MOTE_KERNELS_DEPTHWISE_CONV_2D_DEPTHWISE_CONV_2D_VARIANTS_H_
#define MOTE_KERNELS_DEPTHWISE_CONV_2D_DEPTHWISE_CONV_2D_VARIANTS_H_

#include <cstddef>
#include <cstdint>

#include "kernels/glue/conv_int8_problem.h"

namespace mote {
namespace depthwise_conv_2d {

// Everything but the multiplier lives in the shared part (kernels/glue/conv_int8_problem.h);
// output_depth = input_depth * depth_multiplier.
struct DepthwiseInt8Problem : ConvInt8ProblemCommon {
  int depth_multiplier;
};

// AVX2 (x86-64; depthwise_conv_2d_avx2.cc). Any filter size, stride, dilation and padding (3x3 stride 1/2
// are the common case); taps are summed in pairs with vpmaddwd and out-of-image taps read the input zero
// point, whose contribution the folded bias cancels, so border pixels run the same code as interior ones.
// Channel multiplier 1, up to kAvx2MaxChannels channels and kAvx2MaxTaps filter taps, tables within
// kAvx2TableBytes.
bool AppliesAvx2(const DepthwiseInt8Problem& p);
void DepthwiseInt8Avx2(const DepthwiseInt8Problem& p, void* scratch);
// Channel multiplier a multiple of 8 (a first layer expanding 1 input channel to 8, 16...): each input
// value is broadcast to its multiplier's output channels.
bool AppliesAvx2Multiplier(const DepthwiseInt8Problem& p);
void DepthwiseInt8Avx2Multiplier(const DepthwiseInt8Problem& p, void* scratch);
// Both AVX2 variants' tables prepared once into persistent memory (constant weights; the interpreter's
// prepacking), instead of on the stack at every call.
size_t Avx2PersistentBytes(const DepthwiseInt8Problem& p);
size_t Avx2MultiplierPersistentBytes(const DepthwiseInt8Problem& p);  // 0 for one input channel (its own GEMM)
void PrepareAvx2(const DepthwiseInt8Problem& p, void* buffer);

constexpr int kAvx2MaxChannels = 2048;  // output channels
constexpr int kAvx2MaxTaps = 64;        // filter_height * filter_width
constexpr int kAvx2TableBytes = 65536;  // stack budget for the tables below; larger layers take the reference

// Tables of both AVX2 variants: prepared once into persistent memory when the interpreter prepacks constant
// weights (the host default), else rebuilt at the start of every call in a stack buffer (arena scratch would
// raise the arena peak of small models such as KWS, whose activations are smaller than these tables).
// Byte offsets from the buffer rounded up to 32 bytes; `total` includes that slack:
//   weights   int16 [pairs][channels][2]  tap pairs (2i, 2i+1) interleaved per output channel (odd tap count:
//                                          the last pair's second weight is 0)
//   bias      int32 [channels]            bias + input_offset * sum of the channel's filter taps
//   requant   32-byte records, one per 8 channels (avx2::Requant8, 224 bytes each)
//   zero_row  int8  [input_depth + 32]    the input zero point: what out-of-image taps read
// `channels` is output_depth rounded up to 8 (padding channels have zero weights and multipliers).
// Defined in portable code (depthwise_conv_2d.cc) and used by both the glue and the AVX2 file.
struct Avx2TableLayout {
  int channels;
  int pairs;
  size_t weights;
  size_t bias;
  size_t requant;
  size_t zero_row;
  size_t total;
};
Avx2TableLayout GetAvx2TableLayout(const DepthwiseInt8Problem& p);

// AVX-512 VNNI (x86-64; depthwise_conv_2d_avx512vnni.cc): 32 outputs per step, two taps per vpdpwssd. Channel
// multiplier 1, up to kAvx512MaxTaps taps, any dilation, padding and stride height; with stride width 1 any
// channel count that divides 32 or is a multiple of 32 (steps along the flattened output row), with another
// stride width a multiple of 32 channels (steps over each pixel's channel blocks) or 16 channels (two pixels
// per step). Tables within
// kAvx512TableBytes, prepared once into persistent memory when the interpreter prepacks weights (else on the
// stack per invoke); the zero-point-padded input rows a row of outputs reads within kAvx512RowBytes of stack.
bool AppliesAvx512(const DepthwiseInt8Problem& p);
void DepthwiseInt8Avx512(const DepthwiseInt8Problem& p, void* scratch);
size_t Avx512PersistentBytes(const DepthwiseInt8Problem& p);
void PrepareAvx512(const DepthwiseInt8Problem& p, void* buffer);

constexpr int kAvx512MaxTaps = 32;
constexpr int kAvx512TableBytes = 65536;
constexpr int kAvx512RowBytes = 49152;   // (filter_height + 1) padded rows
constexpr int kAvx512RequantBytes = 448;  // sizeof(avx512::Requant16), asserted in the AVX-512 file

// The AVX-512 tables, byte offsets from the buffer rounded up to 64 (`total` includes that slack). A pattern
// is one step's channels: C / 32 of them for C a multiple of 32, else 1 (C divides 32). Per pattern, in the
// accumulators' lane order (see the .cc file):
//   weights  [pattern][pair][lo, hi] 32 int16: taps 2i and 2i + 1 of each lane's channel (a missing odd tap: 0)
//   bias     [pattern][lo, hi] 16 int32: bias + input_offset * sum of the channel's taps
//   requant  [pattern][lo, hi] avx512::Requant16
struct Avx512TableLayout {
  int patterns;
  int pairs;
  size_t weights;
  size_t bias;
  size_t requant;
  size_t total;
};
Avx512TableLayout GetAvx512TableLayout(const DepthwiseInt8Problem& p);
// The padded input rows: `row_bytes` each (filter_height of them and one of the zero point), and how the steps
// run: along the flattened row (stride width 1), over each pixel's channel blocks (C a multiple of 32), or over
// pairs of pixels (C = 16, another stride).
struct Avx512RowLayout {
  enum Steps { kFlat, kBlocks, kPixelPairs, kNone } steps;
  int row_bytes;
};
Avx512RowLayout GetAvx512RowLayout(const DepthwiseInt8Problem& p);

// AArch64 NEON (depthwise_conv_2d_neon.cc; Armv8.0, the dot-product level's choice too): channel multiplier 1
// or a multiple of 8, any filter of up to kNeonMaxTaps taps, stride, dilation and padding, filters of at most kNeonMaxWeights values
// (widened to int16 on the stack once per invoke); 16 then 8 channels per step, no arena scratch.
constexpr int kNeonMaxTaps = 64;
constexpr int kNeonMaxWeights = 32768;  // filter_height * filter_width * channels: a 64 KiB stack table
bool AppliesNeon(const DepthwiseInt8Problem& p);
void DepthwiseInt8Neon(const DepthwiseInt8Problem& p, void* scratch);
// AArch64 NEON 3x3 (depthwise_conv_2d_neon.cc; Armv8.0, before `neon` in the table): 3x3 filters, channel
// multiplier 1, dilation 1, any stride and padding, at least 8 channels. Blocks of 8 channels in the lanes, the
// block's 9 widened weights and requantization constants in registers across all its output pixels; out-of-image
// taps read the input zero point (adding 0). Channels past a multiple of 8: one last block overlapping the
// previous. No arena scratch, no stack table.
bool AppliesNeon3x3(const DepthwiseInt8Problem& p);
void DepthwiseInt8Neon3x3(const DepthwiseInt8Problem& p, void* scratch);

// Cortex-M Helium (depthwise_conv_2d_mve.cc; Cortex-M55): 3x3 filters, channel multiplier 1, any stride,
// dilation and padding; four channels per vector, no arena scratch (a stack table of ~1 KB).
bool AppliesMve3x3(const DepthwiseInt8Problem& p);
void DepthwiseInt8Mve3x3(const DepthwiseInt8Problem& p, void* scratch);

// Cortex-M Helium, general (depthwise_conv_2d_mve.cc; Cortex-M55): any filter of up to kMveMaxTaps taps, any
// channel multiplier, stride, dilation and padding (after mve-3x3 in the table: it takes what that one
// refuses). Eight output channels per step as two vectors of four; each lane gathers its own input channel
// (VLDRB.S32 with a vector of byte offsets: output channel c reads input channel c / multiplier; multipliers
// that are multiples of 4 load one input byte per vector and use VMLA by scalar). Arena scratch
// MveGeneralScratchBytes(p), rebuilt for every block of kMveGeneralChannels output channels: 16-byte vectors
//   bias[2] multiplier[2] left_shift[2] right_shift[2] gather_offset[2]   then per tap: weight[2]
// (bias with the input offset folded in, int32 lanes; the second vector of each pair is channels 4-7).
// The stack holds two tables of kMveMaxTaps tap offsets (1 KB).
constexpr int kMveGeneralChannels = 8;
constexpr int kMveMaxTaps = 128;
inline bool AppliesMveGeneral(const DepthwiseInt8Problem& p) {
  return static_cast<int64_t>(p.filter_height) * p.filter_width <= kMveMaxTaps;
}
inline size_t MveGeneralScratchBytes(const DepthwiseInt8Problem& p) {
  return static_cast<size_t>(10 + 2 * p.filter_height * p.filter_width) * 16;
}
void DepthwiseInt8MveGeneral(const DepthwiseInt8Problem& p, void* scratch);

// Cortex-M DSP extension, over channels (depthwise_conv_2d_channels_dsp.cc; M4, M7, M33, M55): four adjacent
// channels per step straight from NHWC, no arena scratch (a stack table of 8 bytes per filter tap). Channel
// multiplier 1, at least 4 channels, dilation 1, up to kDspChannelsMaxTaps filter taps.
bool AppliesDspChannels(const DepthwiseInt8Problem& p);
void DepthwiseInt8DspChannels(const DepthwiseInt8Problem& p, void* scratch);
constexpr int kDspChannelsMaxTaps = 64;

// Cortex-M DSP extension (depthwise_conv_2d_dsp.cc; M4, M7, M33, M55). Dilation 1, any filter width, filter
// height up to kDspMaxFilterHeight, any stride, padding and channel multiplier (3x3 stride 1 and 2 have their
// own loops). Arena scratch DspScratchBytes(p), rebuilt for every block of kDspChannelBlock input channels:
//   ring     int16 [filter_height][block][ring_width]   transposed input rows (input offset applied, zero padding
//                                                        columns); ring_width = (OW - 1) * stride_w + FW + 1,
//                                                        even; block = min(kDspChannelBlock, input_depth)
//   weights  uint32 [block * depth_multiplier][filter_height][ceil(FW / 2)]   int16 weight pairs
//   quant    16 bytes per output channel of the block: bias and requantization constants
//   acc      int32 [output_width]   one output row's accumulators
// Defined in portable code (depthwise_conv_2d.cc) and used by both the glue and the DSP file.
bool AppliesDsp(const DepthwiseInt8Problem& p);
void DepthwiseInt8Dsp(const DepthwiseInt8Problem& p, void* scratch);

constexpr int kDspChannelBlock = 4;
constexpr int kDspMaxFilterHeight = 16;
struct DspScratchLayout {
  int ring_width;
  size_t ring;
  size_t ring_halfwords;
  size_t weights;
  size_t quant;
  size_t acc;
  size_t total;
};
DspScratchLayout GetDspScratchLayout(const DepthwiseInt8Problem& p);
size_t DspScratchBytes(const DepthwiseInt8Problem& p);

// Armv6-M (depthwise_conv_2d_v6m.cc; Cortex-M0/M0+): channel multiplier up to kV6mAccChannels, filters of up to
// kV6mMaxTaps taps, any stride, dilation and padding; no arena scratch (1.5 KB of stack). Per output pixel a table
// of the in-image taps' offsets, walked by every channel; requantization without 64-bit multiplies.
bool AppliesV6m(const DepthwiseInt8Problem& p);
void DepthwiseInt8V6m(const DepthwiseInt8Problem& p, void* scratch);
constexpr int kV6mMaxTaps = 64;
constexpr int kV6mAccChannels = 256;  // output channels per pass

}  // namespace depthwise_conv_2d
}  // namespace mote

#endif  // MOTE_KERNELS_DEPTHWISE_CONV_2D_DEPTHWISE_CONV_2D_VARIANTS_H_
