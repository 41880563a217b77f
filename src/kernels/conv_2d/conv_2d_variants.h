// CONV_2D int8 kernel variants: the problem description every variant computes from, and the optimized
// entry points. The glue (conv_2d.cc) owns the best-first table (kernels/dispatch/variant.h); variants are
// plain compute over ConvInt8Problem and never see a node.
//
// Semantics: exactly reference::ConvInt8 (conv_2d_reference.h), bit for bit, for every problem a variant's
// applies() accepts. Layouts NHWC / OHWI as there.
#ifndef MOTE_KERNELS_CONV_2D_CONV_2D_VARIANTS_H_
#define MOTE_KERNELS_CONV_2D_CONV_2D_VARIANTS_H_

#include <cstddef>
#include <cstdint>

#include "kernels/glue/conv_int8_problem.h"

namespace mote {
namespace conv_2d {

// Everything but the group size lives in the shared part (kernels/glue/conv_int8_problem.h).
struct ConvInt8Problem : ConvInt8ProblemCommon {
  int filter_input_depth;  // input_depth / groups
};

// AVX2 (x86-64; conv_2d_avx2.cc). Both need groups == 1.
// 1x1 filter, no padding, any stride: a GEMM of output pixels x input channels against the filter rows.
bool AppliesAvx2Pointwise(const ConvInt8Problem& p);
void ConvInt8Avx2Pointwise(const ConvInt8Problem& p, void* scratch);
// Any filter size, stride, dilation and padding (first-layer few-channel convs included): per tile of output
// pixels, the receptive fields are gathered (im2col) into a small stack buffer as int16, then the same GEMM.
bool AppliesAvx2Im2col(const ConvInt8Problem& p);
void ConvInt8Avx2Im2col(const ConvInt8Problem& p, void* scratch);

// Their prepacked weights (kernels/dispatch/variant.h): the packed filter with its output constants, for
// layers that take the packed-weight GEMM (0 bytes for the others).
size_t Avx2PointwisePersistentBytes(const ConvInt8Problem& p);
void PrepareAvx2Pointwise(const ConvInt8Problem& p, void* buffer);
size_t Avx2Im2colPersistentBytes(const ConvInt8Problem& p);
void PrepareAvx2Im2col(const ConvInt8Problem& p, void* buffer);

// Largest im2col row (filter_height * filter_width * input_depth) the AVX2 variant handles.
constexpr int kAvx2MaxPatch = 4096;

// AVX-512 VNNI (x86-64; conv_2d_avx512vnni.cc): the same two schemes with four k per vpdpbusd, for groups
// == 1 and filters whose repacked form fits 64 KiB with at most kVnniMaxChannels output channels (larger
// layers fall through to the AVX2 variants).
bool AppliesVnniPointwise(const ConvInt8Problem& p);
void ConvInt8VnniPointwise(const ConvInt8Problem& p, void* scratch);
bool AppliesVnniIm2col(const ConvInt8Problem& p);
void ConvInt8VnniIm2col(const ConvInt8Problem& p, void* scratch);
// Their prepacked weights: the packed filter, the output constants and the bias with the column sums folded.
size_t VnniPointwisePersistentBytes(const ConvInt8Problem& p);
void PrepareVnniPointwise(const ConvInt8Problem& p, void* buffer);
size_t VnniIm2colPersistentBytes(const ConvInt8Problem& p);
void PrepareVnniIm2col(const ConvInt8Problem& p, void* buffer);

constexpr int kVnniMaxChannels = 512;

// Cortex-M DSP extension (conv_2d_dsp.cc; M4, M7, M33, M55). Both need groups == 1 and at least 2 output
// channels (channels go in pairs; an odd last one shares a pair with its neighbour), and use the arena scratch
// DspScratchBytes(p): the int16 rows of two output pixels and a bitmask.
// 1x1 filter, no padding, any stride: rows are the input pixels.
bool AppliesDspPointwise(const ConvInt8Problem& p);
void ConvInt8DspPointwise(const ConvInt8Problem& p, void* scratch);
// Any filter size, stride, dilation and padding (first-layer few-channel convolutions included): rows are the
// receptive fields (im2col), zeros for taps outside the image.
bool AppliesDspIm2col(const ConvInt8Problem& p);
void ConvInt8DspIm2col(const ConvInt8Problem& p, void* scratch);

// The DSP variants' arena scratch (byte offsets from the 16-byte aligned scratch pointer), rebuilt at the start
// of every invoke:
//   special  uint32 [ceil(output_depth / 32)]   bitmask of the channels requantized the reference way
//   rows     int16 [ceil(K / 4)][2 pixels][4]   K = filter_height * filter_width * input_depth
// Defined in portable code (conv_2d.cc) and used by both the glue and the DSP file.
struct DspScratchLayout {
  size_t special;
  size_t rows;
  size_t total;
};
DspScratchLayout GetDspScratchLayout(const ConvInt8Problem& p);
size_t DspScratchBytes(const ConvInt8Problem& p);

// Cortex-M Helium (conv_2d_mve.cc; Cortex-M55). Both need groups == 1.
// 1x1 filter, no padding, any stride: no scratch.
bool AppliesMvePointwise(const ConvInt8Problem& p);
void ConvInt8MvePointwise(const ConvInt8Problem& p, void* scratch);
// Any filter size, stride, dilation and padding; arena scratch MveScratchBytes(p):
//   row    int8 [K rounded up to 16]   one pixel's receptive field, the input zero point where outside the image
//   table  int32 [ceil(output_depth / 4)][12]   per group of 4 channels: bias with the input offset folded in,
//                                               multipliers, shifts
bool AppliesMveIm2col(const ConvInt8Problem& p);
void ConvInt8MveIm2col(const ConvInt8Problem& p, void* scratch);
struct MveScratchLayout {
  size_t row;
  size_t table;
  size_t total;
};
MveScratchLayout GetMveScratchLayout(const ConvInt8Problem& p);
size_t MveScratchBytes(const ConvInt8Problem& p);

// Armv6-M (conv_2d_v6m.cc; Cortex-M0/M0+). Both need groups == 1; no arena scratch. Four output channels share
// each input load; requantization without 64-bit multiplies.
// 1x1 filter, no padding, any stride: rows are the input pixels, read in place.
bool AppliesV6mPointwise(const ConvInt8Problem& p);
void ConvInt8V6mPointwise(const ConvInt8Problem& p, void* scratch);
// Any filter size, stride, dilation and padding with a receptive field (filter_height * filter_width *
// input_depth) of at most kV6mMaxPatch values, gathered per output pixel into a stack buffer of that size.
bool AppliesV6mIm2col(const ConvInt8Problem& p);
void ConvInt8V6mIm2col(const ConvInt8Problem& p, void* scratch);
constexpr int kV6mMaxPatch = 1152;  // 3x3 x 128 channels

// AArch64 (conv_2d_neon.cc): the GEMM of kernels/simd/gemm_neon.h on Armv8.0 NEON or with the Armv8.2 dot
// product (SDOT). Both schemes need groups == 1 and at most kNeonMaxChannels output channels (the input offset
// folded into the bias lives on the stack); no arena scratch.
// 1x1 filter, no padding, any stride: the rows are the input pixels in place.
bool AppliesNeonPointwise(const ConvInt8Problem& p);
void ConvInt8NeonPointwise(const ConvInt8Problem& p, void* scratch);
void ConvInt8DotprodPointwise(const ConvInt8Problem& p, void* scratch);
// Any filter size, stride, dilation and padding, receptive fields of at most kNeonMaxPatch values (gathered
// per tile of 4 output pixels into a 16 KiB stack buffer).
bool AppliesNeonIm2col(const ConvInt8Problem& p);
void ConvInt8NeonIm2col(const ConvInt8Problem& p, void* scratch);
void ConvInt8DotprodIm2col(const ConvInt8Problem& p, void* scratch);

constexpr int kNeonMaxChannels = 2048;  // = neon::kGemmMaxCols
constexpr int kNeonMaxPatch = 4096;

}  // namespace conv_2d
}  // namespace mote

#endif  // MOTE_KERNELS_CONV_2D_CONV_2D_VARIANTS_H_
