// AVERAGE_POOL_2D int8 kernel variants: the problem every variant computes from and the optimized entry points.
// The glue (pooling.cc) owns the best-first table (kernels/internal/variant.h).
//
// Semantics: exactly reference::AveragePoolQuantized<int8_t> (pooling_reference.h), bit for bit, for every
// problem a variant's applies() accepts: NHWC, the window clipped to the input, the average rounded half away
// from zero by C's truncating division, clamped to the activation range.
#ifndef MOTE_KERNELS_POOLING_POOLING_VARIANTS_H_
#define MOTE_KERNELS_POOLING_POOLING_VARIANTS_H_

#include <cstdint>

namespace mote {
namespace pooling {

// A plain struct (it crosses into ISA-specific files). Data pointers are nullptr during prepare.
struct AveragePoolInt8Problem {
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

// Cortex-M Helium (pooling_mve.cc; Cortex-M55): every problem, four channels per vector, no scratch.
void AveragePoolInt8Mve(const AveragePoolInt8Problem& p, void* scratch);

}  // namespace pooling
}  // namespace mote

#endif  // MOTE_KERNELS_POOLING_POOLING_VARIANTS_H_
