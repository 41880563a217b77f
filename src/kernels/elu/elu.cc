// ELU glue. Input 0 and output 0: same shape, same type, float32 or int8 (TFLM has no int16 kernel).
//
// INT8: the 256-entry lookup table TFLM's prepare computes, filled once here from the two tensors' quantization;
// invoke only looks values up.
#include <cstdint>

#include "kernels/elu/elu_reference.h"
#include "kernels/glue/quantization_checks.h"
#include "kernels/glue/registration.h"
#include "kernels/glue/unary_op.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {

constexpr const char kOpName[] = "ELU";

struct OpData {
  int8_t table[256];
  int size;
};

TfLiteStatus PrepareTensors(TfLiteContext* context, const TfLiteTensor* input, const TfLiteTensor* output,
                            void* user_data) {
  auto* data = static_cast<OpData*>(user_data);
  TF_LITE_ENSURE_STATUS(CheckFloat32OrInt8Tensors(context, kOpName, input, output, &data->size));
  if (input->type == kTfLiteFloat32) return kTfLiteOk;
  TF_LITE_ENSURE_STATUS(CheckPerTensorInputOutput(context, kOpName, input, output));
  reference::EluInt8Table(input->params.scale, input->params.zero_point, output->params.scale,
                          output->params.zero_point, data->table);
  return kTfLiteOk;
}

TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  return PrepareUnaryOp(context, node, kOpName, {"elu/int8/reference", nullptr, "elu/float32/reference"},
                        PrepareTensors);
}

TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  const OpData& data = *static_cast<const OpData*>(node->user_data);
  return EvalFloat32OrInt8UnaryOp(
      context, node, [&](const int8_t* in, int8_t* out) { reference::EluInt8(data.table, data.size, in, out); },
      [&](const float* in, float* out) { reference::EluFloat(data.size, in, out); });
}

}  // namespace

#define MOTE_KERNEL_ELU (PLAIN, "elu/any/reference", InitOpData<OpData>, Prepare, Eval)
MOTE_DEFINE_REGISTRATIONS();

}  // namespace mote
