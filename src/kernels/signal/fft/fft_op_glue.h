// The glue SignalRfft and SignalIrfft share (TFLM's rfft.cc and irfft.cc differ only in direction and shapes):
// their options ("T", the TensorType of the transform, and "fft_length", ints), the transform's type, the
// length check and the plan in persistent memory.
//
// Registrations: the generic one (TFLM's Register_RFFT()) takes the type from option T; the specialised ones
// (Register_RFFT_INT16(), _INT32(), _FLOAT()) serve one type and ignore T, as TFLM's do.
//
//   Init: FftOpData* data = InitFftOpData(context, buffer, length);
//   Prepare<kServed>: TF_LITE_ENSURE_STATUS(PrepareFftOp<kServed>(context, "SignalRfft", /*inverse=*/false, data));
//     (then the op's own shape checks), Eval: data->type picks the plan (Plan<T>()).
#ifndef MOTE_KERNELS_SIGNAL_FFT_FFT_OP_GLUE_H_
#define MOTE_KERNELS_SIGNAL_FFT_FFT_OP_GLUE_H_

#include <cstddef>
#include <cstdint>

#include "kernels/glue/custom_options.h"
#include "kernels/signal/fft/real_fft.h"
#include "mote/c/common.h"
#include "mote/op_registrations.h"

namespace mote {
namespace signal {

struct FftOpData {
  OptionStatus options;
  int32_t type_option;  // option T: a schema TensorType
  int32_t fft_length;
  TfLiteType type;  // the transform's scalar type (prepare)
  int rows;         // transforms per invoke
  int input_stride;   // scalars per input row (SignalRfft: the samples, zero-padded to fft_length)
  int output_stride;  // scalars per output row
  int scratch_index;  // SignalRfft's zero-padded row
  union {
    RealFftPlan<int16_t> int16;
    RealFftPlan<int32_t> int32;
    RealFftPlan<float> float32;
  } plan;

  template <typename T>
  const RealFftPlan<T>& Plan() const;
};

template <>
inline const RealFftPlan<int16_t>& FftOpData::Plan<int16_t>() const { return plan.int16; }
template <>
inline const RealFftPlan<int32_t>& FftOpData::Plan<int32_t>() const { return plan.int32; }
template <>
inline const RealFftPlan<float>& FftOpData::Plan<float>() const { return plan.float32; }

// Allocates the op data and reads the options (problems are reported by PrepareFftOp).
void* InitFftOpData(TfLiteContext* context, const char* buffer, size_t length);

// Options, type (from T, or `served` when the registration serves one type), length and plan; logs
// "<op>: fft_length is 100 (must be a power of two from 4 to 65536)" and the like.
TfLiteStatus PrepareFft(TfLiteContext* context, const char* op, bool inverse, TypeSet served, FftOpData* data);

// The zero-padding scalar size of data->type.
size_t FftScalarBytes(TfLiteType type);

// Input and output of data->type, of one rank >= 1, with as many rows (all but the last dimension): sets
// data->rows. The op checks the rows' lengths.
TfLiteStatus CheckFftTensors(TfLiteContext* context, const char* op, const TfLiteTensor* input,
                             const TfLiteTensor* output, FftOpData* data);

// fn(T{}) for the transform's scalar type T, for the types the registration serves.
template <TypeSet kServed, typename Fn>
void DispatchFftType(TfLiteType type, Fn&& fn) {
  if constexpr (Serves(kServed, kTfLiteInt16)) {
    if (type == kTfLiteInt16) fn(int16_t{0});
  }
  if constexpr (Serves(kServed, kTfLiteInt32)) {
    if (type == kTfLiteInt32) fn(int32_t{0});
  }
  if constexpr (Serves(kServed, kTfLiteFloat32)) {
    if (type == kTfLiteFloat32) fn(0.0f);
  }
}

}  // namespace signal
}  // namespace mote

#endif  // MOTE_KERNELS_SIGNAL_FFT_FFT_OP_GLUE_H_
