// AVERAGE_POOL_2D and MAX_POOL_2D int8 kernel variants: the problem every variant computes from and the optimized
// entry points. The glue (pooling.cc) owns the best-first tables (kernels/dispatch/variant.h).
//
// Semantics: exactly reference::AveragePoolQuantized<int8_t> / reference::MaxPoolQuantized<int8_t>
// (pooling_reference.h), bit for bit, for every problem a variant's applies() accepts: NHWC, the window clipped
// to the input (only real input elements count), the average rounded half away from zero by C's truncating
// division, the maximum starting from -128; both clamped to the activation range.
#ifndef MOTE_KERNELS_POOLING_POOLING_VARIANTS_H_
#define MOTE_KERNELS_POOLING_POOLING_VARIANTS_H_

#include <cstdint>

namespace mote {
namespace pooling {

// A plain struct (it crosses into ISA-specific files), shared by both ops. Data pointers are nullptr during
// prepare.
struct PoolInt8Problem {
  int batches;
  int input_height;
  int input_width;
  int depth;
  int output_height;
  int output_width;
  int stride_height;
  int stride_width;
  int filter_height;
  int filter_width;
  int padding_height;
  int padding_width;
  int32_t activation_min;
  int32_t activation_max;
  const int8_t* input;
  int8_t* output;
};

// Cortex-M Helium (pooling_mve.cc; Cortex-M55), every problem, no scratch. Average: eight channels per vector
// (int16 sums) for windows of at most kDspAverageMaxTaps elements, four (int32 sums) for larger ones; max:
// sixteen channels per vector (VMAX.S8). The last vector is tail-predicated.
void AveragePoolInt8Mve(const PoolInt8Problem& p, void* scratch);
void MaxPoolInt8Mve(const PoolInt8Problem& p, void* scratch);

// Cortex-M DSP extension (pooling_dsp.cc; M4, M7, M33, M55), four adjacent channels per word, no scratch.
// Average: int16 sums in SXTAB16 halves, so windows of at most kDspAverageMaxTaps elements (after clipping to
// the input: 256 * -128 is the lowest int16); max: every problem (SSUB8/SEL).
constexpr int kDspAverageMaxTaps = 256;
bool AppliesAverageDsp(const PoolInt8Problem& p);  // defined in pooling.cc (portable)
void AveragePoolInt8Dsp(const PoolInt8Problem& p, void* scratch);
void MaxPoolInt8Dsp(const PoolInt8Problem& p, void* scratch);

// x86-64 AVX2 (pooling_avx2.cc), no scratch. Average: 32 channels per step in four int32 vectors, the rounded
// division in float (exact for sums below 2^24 in magnitude, hence AppliesAverageAvx2's limit of kAvx2AverageMaxTaps
// window elements), then 8-channel vectors, then single channels; max: 32, 16, then 8 channels per VPMAXSB,
// then single channels.
constexpr int64_t kAvx2AverageMaxTaps = 65536;
bool AppliesAverageAvx2(const PoolInt8Problem& p);  // defined in pooling.cc (portable)
void AveragePoolInt8Avx2(const PoolInt8Problem& p, void* scratch);
void MaxPoolInt8Avx2(const PoolInt8Problem& p, void* scratch);

}  // namespace pooling
}  // namespace mote

#endif  // MOTE_KERNELS_POOLING_POOLING_VARIANTS_H_
