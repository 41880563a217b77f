// TFLM's micro/kernels/decode_state.h: the decode common metadata (DCM) of TFLM_DECODE's ancillary tensors —
// a 16-byte header whose byte 0 is the decode type and byte 1 the header version — and the DecodeState base
// class TFLM's decoders derive from. mote's TFLM_DECODE (MicroMutableOpResolver::AddDecode(), Register_DECODE())
// decodes LUT, pruning and Huffman itself (kernels/decode/decode.cc) and needs no DecodeState; the class is
// here for code that reads the header through it, as TFLM's decode tests do. TFLM's CreateDecodeState*()
// factories, which build TFLM's own decoders, are not provided.
#ifndef MOTE_COMPAT_TENSORFLOW_LITE_MICRO_KERNELS_DECODE_STATE_H_
#define MOTE_COMPAT_TENSORFLOW_LITE_MICRO_KERNELS_DECODE_STATE_H_

#include <cstddef>
#include <cstdint>

#include "tensorflow/lite/c/common.h"
#include "tensorflow/lite/micro/kernels/kernel_util.h"
#include "tensorflow/lite/micro/micro_profiler_interface.h"

namespace tflite {
namespace micro {

class DecodeState {
 public:
  DecodeState() = delete;
  DecodeState(const TfLiteContext* context, MicroProfilerInterface* profiler)
      : context_(context), micro_profiler_(profiler) {}

  virtual TfLiteStatus Setup(const TfLiteTensor& input, const TfLiteTensor& ancillary,
                             const TfLiteTensor& output) = 0;
  virtual TfLiteStatus Decode(const TfLiteEvalTensor& input, const TfLiteEvalTensor& ancillary,
                              const TfLiteEvalTensor& output) = 0;

  // The decode type and the header version of an ancillary tensor (its DCM header's bytes 0 and 1).
  static uint8_t Type(const TfLiteTensor& ancillary) {
    return reinterpret_cast<const uint8_t*>(ancillary.data.raw_const)[kDcmDecodeTypeOffset];
  }
  static uint8_t Type(const TfLiteEvalTensor& ancillary) {
    return static_cast<const uint8_t*>(ancillary.data.data)[kDcmDecodeTypeOffset];
  }
  static uint8_t Version(const TfLiteTensor& ancillary) {
    return reinterpret_cast<const uint8_t*>(ancillary.data.raw_const)[kDcmVersionOffset];
  }
  static uint8_t Version(const TfLiteEvalTensor& ancillary) {
    return static_cast<const uint8_t*>(ancillary.data.data)[kDcmVersionOffset];
  }

  // Decode types (DCM byte 0) and the header's size.
  static constexpr uint8_t kDcmTypeLUT = 0;
  static constexpr uint8_t kDcmTypeHuffman = 1;
  static constexpr uint8_t kDcmTypePrune = 2;
  static constexpr uint8_t kDcmTypeCustom = 127;
  static constexpr size_t kDcmSizeInBytes = 16;

 protected:
  virtual ~DecodeState() = default;

  const TfLiteContext* context_;
  MicroProfilerInterface* micro_profiler_;

 private:
  static constexpr size_t kDcmDecodeTypeOffset = 0;
  static constexpr size_t kDcmVersionOffset = 1;
};

}  // namespace micro

using micro::DecodeState;

}  // namespace tflite

#endif  // MOTE_COMPAT_TENSORFLOW_LITE_MICRO_KERNELS_DECODE_STATE_H_
