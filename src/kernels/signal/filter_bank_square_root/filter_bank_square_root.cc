// SignalFilterBankSquareRoot glue (TFLM's custom op "SignalFilterBankSquareRoot",
// MicroMutableOpResolver::AddFilterBankSquareRoot()): the square root of each uint64 channel, shifted right
// by the int32 scalar input 1 (SignalFftAutoScale's scale output in TFLM's audio front end), to uint32. No
// options. A constant shift outside [0, 31] is refused (TFLM shifts unchecked); a runtime one is taken modulo
// 32 in invoke, which is what TFLM's unchecked shift computes on x86 and Arm's 32-bit shifts below 32, and
// keeps invoke free of undefined behaviour. The output has the input's length (TFLM writes that many).
#include <cstdint>

#include "kernels/glue/option_checks.h"
#include "kernels/glue/registration.h"
#include "kernels/glue/tensor_specs.h"
#include "kernels/signal/filter_bank_square_root/filter_bank_square_root_reference.h"
#include "mote/kernel_util.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {

constexpr char kOp[] = "SignalFilterBankSquareRoot";
constexpr TensorSpec kInputs[] = {{"the input", kTfLiteUInt64, 1}, {"the scale bits", kTfLiteInt32, 0}};
constexpr TensorSpec kOutputs[] = {{"the output", kTfLiteUInt32, 1}};

struct OpData {
  int count;
};

TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  auto* data = static_cast<OpData*>(node->user_data);
  SpecTensors t(context, node);
  TF_LITE_ENSURE_STATUS(t.Acquire(kOp, kInputs, 2, kOutputs, 1));
  const TfLiteTensor* shift = t.input(1);
  if (IsConstantTensor(shift)) {
    TF_LITE_ENSURE_STATUS(
        CheckValueRange(context, kOp, "the constant scale bits", *GetTensorData<int32_t>(shift), 0, 31));
  }
  data->count = SpecElementCount(t.input(0));
  return CheckElementCount(context, kOp, "the output", t.output(0), data->count, "the input");
}

TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  const auto* data = static_cast<const OpData*>(node->user_data);
  const int32_t shift = *micro::GetTensorData<int32_t>(micro::GetEvalInput(context, node, 1));
  reference::FilterBankSquareRoot(micro::GetTensorData<uint64_t>(micro::GetEvalInput(context, node, 0)), data->count,
                                  static_cast<int>(static_cast<uint32_t>(shift) & 31u),
                                  micro::GetTensorData<uint32_t>(micro::GetEvalOutput(context, node, 0)));
  return kTfLiteOk;
}

}  // namespace

#define MOTE_KERNEL_FILTER_BANK_SQUARE_ROOT \
  (PLAIN, "filter_bank_square_root/uint64/reference", InitOpData<OpData>, Prepare, Eval)
MOTE_DEFINE_REGISTRATIONS();

}  // namespace mote
