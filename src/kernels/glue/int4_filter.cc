// Packed INT4 filters (see int4_filter.h).
#include "kernels/glue/int4_filter.h"

#include <cstddef>
#include <cstdint>

#include "mote/kernel_util.h"

namespace mote {

namespace {
// The low nibble is moved up through uint8_t: shifting a negative int left is undefined before C++20.
inline int8_t LowNibble(int8_t byte) {
  return static_cast<int8_t>(static_cast<int8_t>(static_cast<uint8_t>(byte) << 4) >> 4);
}
}  // namespace

void UnpackInt4ToInt8(const int8_t* packed, int count, int8_t* unpacked) {
  for (int i = 0; i < count / 2; ++i) {
    unpacked[2 * i] = LowNibble(packed[i]);
    unpacked[2 * i + 1] = static_cast<int8_t>(packed[i] >> 4);  // arithmetic shift: the sign comes along
  }
  if (count % 2 == 1) unpacked[count - 1] = LowNibble(packed[count / 2]);
}

TfLiteStatus PrepareInt4Filter(TfLiteContext* context, const char* op_name, const TfLiteTensor* filter,
                               int16_t* scratch_index) {
  *scratch_index = -1;
  if (filter->type != kTfLiteInt4) return kTfLiteOk;
  if (!IsConstantTensor(filter)) {
    TF_LITE_KERNEL_LOG(context, "%s: an INT4 filter must be a constant tensor", op_name);
    return kTfLiteError;
  }
  int index = -1;
  TF_LITE_ENSURE_STATUS(
      context->RequestScratchBufferInArena(context, static_cast<size_t>(ElementCount(*filter->dims)), &index));
  *scratch_index = static_cast<int16_t>(index);
  return kTfLiteOk;
}

const int8_t* FilterInt8Data(TfLiteContext* context, const TfLiteEvalTensor* filter, int16_t scratch_index) {
  const int8_t* data = micro::GetTensorData<int8_t>(filter);
  if (scratch_index < 0) return data;
  auto* unpacked = static_cast<int8_t*>(context->GetScratchBuffer(context, scratch_index));
  UnpackInt4ToInt8(data, static_cast<int>(ElementCount(*filter->dims)), unpacked);
  return unpacked;
}

}  // namespace mote
