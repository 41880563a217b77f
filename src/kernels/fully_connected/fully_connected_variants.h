// FULLY_CONNECTED int8 kernel variants: the problem every variant computes from and the optimized entry
// points. The glue (fully_connected.cc) owns the best-first table (kernels/dispatch/variant.h).
//
// Semantics: exactly reference::FullyConnectedInt8 (fully_connected_reference.h), bit for bit, for every
// problem a variant's applies() accepts: input `batches` rows of `accum_depth`, filter [output_depth,
// accum_depth] int8 (INT4 filters arrive unpacked), per-tensor or per-channel requantization.
#ifndef MOTE_KERNELS_FULLY_CONNECTED_FULLY_CONNECTED_VARIANTS_H_
#define MOTE_KERNELS_FULLY_CONNECTED_FULLY_CONNECTED_VARIANTS_H_

#include <cstddef>
#include <cstdint>

namespace mote {
namespace avx2 {
struct GemmQuant;  // kernels/simd/gemm_avx2.h (x86-64 translation units only)
}  // namespace avx2
namespace fully_connected {

// A plain struct (it crosses into *_avx2.cc code). Data pointers are nullptr during prepare.
struct FullyConnectedInt8Problem {
  int batches;
  int accum_depth;
  int output_depth;
  int32_t input_offset;   // -input zero point
  int32_t filter_offset;  // -filter zero point (0 for symmetric weights)
  int32_t output_offset;  // output zero point
  int32_t output_multiplier;  // per-tensor requantization, used when per_channel_multiplier is nullptr
  int32_t output_shift;
  const int32_t* per_channel_multiplier;  // [output_depth] or nullptr
  const int8_t* per_channel_shift;
  int32_t activation_min;
  int32_t activation_max;
  const int8_t* input;
  const int8_t* filter;
  const int32_t* bias;  // nullptr: no bias
  int8_t* output;
  const void* prepacked;  // the variant's prepacked weights and constants (kernels/dispatch/variant.h), or nullptr
};

// AVX2 (x86-64; fully_connected_avx2.cc): the dot-product GEMM of kernels/simd/gemm_avx2.h, one row per
// batch (a GEMV for batch 1), weights read in place. accum_depth up to kAvx2MaxDepth.
bool AppliesAvx2(const FullyConnectedInt8Problem& p);
void FullyConnectedInt8Avx2(const FullyConnectedInt8Problem& p, void* scratch);

constexpr int kAvx2MaxDepth = 8192;

// AVX-512 VNNI (x86-64; fully_connected_avx512vnni.cc): vpdpbusd on 256-bit registers over weights prepacked
// in prepare (persistent arena) as 8 units x 4 depth bytes per 32-byte vector, the unit sums times
// (input_offset - 128) folded into the bias with the requantization constants, so the inner loop is one
// broadcast, loads and vpdpbusd. Symmetric weights (filter_offset == 0) and accum_depth up to kAvx2MaxDepth
// (AppliesVnni, in the glue). Without prepacked weights (prepacking off) it runs FullyConnectedInt8Avx2.
bool AppliesVnni(const FullyConnectedInt8Problem& p);
void FullyConnectedInt8Vnni(const FullyConnectedInt8Problem& p, void* scratch);
size_t VnniPersistentBytes(const FullyConnectedInt8Problem& p);
void PrepareVnni(const FullyConnectedInt8Problem& p, void* buffer);
// The output stage of both x86 variants (fully_connected_avx2.cc): bias, per-tensor or per-channel
// requantization constants, output offset and activation range.
avx2::GemmQuant GemmQuantOf(const FullyConnectedInt8Problem& p);

// AArch64 (fully_connected_neon.cc): the GEMM of kernels/simd/gemm_neon.h on Armv8.0 NEON or with the Armv8.2
// dot product (SDOT), weights read in place, no scratch. Symmetric weights only (filter_offset == 0, as every
// converter writes them) and at most kNeonMaxUnits units (per-unit tables on the stack); others take the reference.
constexpr int kNeonMaxUnits = 2048;
bool AppliesNeon(const FullyConnectedInt8Problem& p);
void FullyConnectedInt8Neon(const FullyConnectedInt8Problem& p, void* scratch);
void FullyConnectedInt8Dotprod(const FullyConnectedInt8Problem& p, void* scratch);

// Cortex-M Helium (fully_connected_mve.cc; Cortex-M55): every problem, no scratch.
void FullyConnectedInt8Mve(const FullyConnectedInt8Problem& p, void* scratch);

// Cortex-M DSP extension (fully_connected_dsp.cc; M4, M7, M33, M55): every problem, no arena scratch. Rows of
// up to kDspStackDepth values are widened into a stack buffer of 2 * kDspStackDepth bytes (the only sizeable
// stack use of the Cortex-M variants; longer rows are widened on the fly, a little slower).
void FullyConnectedInt8Dsp(const FullyConnectedInt8Problem& p, void* scratch);
constexpr int kDspStackDepth = 1024;

// Armv6-M (fully_connected_v6m.cc; Cortex-M0/M0+): symmetric weights (filter_offset == 0), no scratch; four
// output channels share each input load, requantization without 64-bit multiplies.
bool AppliesV6m(const FullyConnectedInt8Problem& p);
void FullyConnectedInt8V6m(const FullyConnectedInt8Problem& p, void* scratch);

}  // namespace fully_connected
}  // namespace mote

#endif  // MOTE_KERNELS_FULLY_CONNECTED_FULLY_CONNECTED_VARIANTS_H_
