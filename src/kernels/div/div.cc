// DIV glue. Types (as TFLM's reference kernel): FLOAT32, INT32 (unquantized inputs, fused activation applied,
// truncating division) and INT8 (per-tensor quantized, TFLite's quantized division). TFLM refuses INT16, INT64
// and UINT8. Broadcasting up to 6 dimensions. Prepare validates and computes the broadcast plan and the INT8
// requantization constants; invoke refuses integer division by zero (INT32: a zero divisor, and INT32_MIN / -1,
// on which TFLM's host build traps; INT8: a divisor at its zero point, where TFLM's result is undefined), then
// runs reference::DivElements through EvalBinaryElementwise.
#include <cstdint>
#include <limits>

#include "kernels/div/div_reference.h"
#include "kernels/glue/binary_elementwise.h"
#include "kernels/glue/options_parsing.h"
#include "kernels/glue/quantization_checks.h"
#include "kernels/glue/registration.h"
#include "kernels/quantization/quantization_util.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {

constexpr const char kOpName[] = "DIV";
constexpr TfLiteType kTypes[] = {kTfLiteFloat32, kTfLiteInt32, kTfLiteInt8};
constexpr TypeSet kServed = TypeBit(kTfLiteFloat32) | TypeBit(kTfLiteInt32) | TypeBit(kTfLiteInt8);

using OpData = BinaryElementwiseOpData<reference::DivElements>;

TfLiteStatus PrepareInt8(TfLiteContext* context, const TfLiteTensor* input1, const TfLiteTensor* input2,
                         const TfLiteTensor* output, OpData* data) {
  // TFLM forms the multiplier in float (scale1 / (scale2 * scale_out)) and only then widens it to double.
  const float real = input1->params.scale / (input2->params.scale * output->params.scale);
  reference::DivQuantParams& q = data->quant;
  QuantizeMultiplier(static_cast<double>(real), &q.output_multiplier, &q.output_shift);
  // QuantizeMultiplier reports 0 (shift 0) for a zero multiplier and a huge shift for a non-finite one.
  if (q.output_shift < reference::kDivMinOutputShift || q.output_shift > reference::kDivMaxOutputShift) {
    TF_LITE_KERNEL_LOG(context,
                       "%s: input1 scale %g / (input2 scale %g * output scale %g) is out of range [2^%d, 2^%d)",
                       kOpName, static_cast<double>(input1->params.scale), static_cast<double>(input2->params.scale),
                       static_cast<double>(output->params.scale), reference::kDivMinOutputShift - 1,
                       reference::kDivMaxOutputShift);
    return kTfLiteError;
  }
  SetQuantizedOffsetsAndRange(input1, input2, output, data->common, &q);
  return kTfLiteOk;
}

TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  TF_LITE_ENSURE_STATUS(CheckBinaryElementwiseNode(context, kOpName, node));
  OpData* data = static_cast<OpData*>(node->user_data);
  const auto* params = static_cast<const TfLiteDivParams*>(node->builtin_data);
  const BinaryElementwiseTensors t(context, node);

  const BinaryElementwiseSpec spec = {kOpName, kTypes, 3, "FLOAT32, INT32, INT8", true};
  TF_LITE_ENSURE_STATUS(PrepareBinaryElementwise(context, spec, params->activation, t.input1.get(), t.input2.get(),
                                                 t.output.get(), &data->common));
  const char* variant = "div/float32/reference";
  switch (data->common.type) {
    case kTfLiteInt32:
      // TFLM divides only unquantized INT32 inputs (the output is not checked).
      if (GetAffineQuantization(t.input1.get()) != nullptr || GetAffineQuantization(t.input2.get()) != nullptr) {
        TF_LITE_KERNEL_LOG(context, "%s: INT32 inputs must not be quantized", kOpName);
        return kTfLiteError;
      }
      variant = "div/int32/reference";
      break;
    case kTfLiteInt8:
      TF_LITE_ENSURE_STATUS(PrepareInt8(context, t.input1.get(), t.input2.get(), t.output.get(), data));
      variant = "div/int8/reference";
      break;
    default:
      break;
  }
  ReportKernelVariant(context, variant);
  return kTfLiteOk;
}

// Integer division by zero (and INT32's one overflowing quotient) ends invoke with an error, never a division.
TfLiteStatus CheckDivisors(TfLiteContext* context, const OpData& data, const TfLiteEvalTensor* input1,
                           const TfLiteEvalTensor* input2, TfLiteEvalTensor* output) {
  // Prepare bounded the output, which both inputs broadcast into, to 32-bit indexing.
  const int count2 = static_cast<int>(ElementCount(*input2->dims));
  if (data.common.type == kTfLiteInt8) {
    const int8_t* y = micro::GetTensorData<int8_t>(input2);
    for (int i = 0; i < count2; ++i) {
      if (y[i] + data.quant.input2_offset == 0) {
        TF_LITE_KERNEL_LOG(context, "%s: division by zero (input2 element %d is its zero point %d)", kOpName, i,
                           static_cast<int>(-data.quant.input2_offset));
        return kTfLiteError;
      }
    }
    return kTfLiteOk;
  }
  if (data.common.type != kTfLiteInt32) return kTfLiteOk;
  const int32_t* y = micro::GetTensorData<int32_t>(input2);
  bool minus_one = false;
  for (int i = 0; i < count2; ++i) {
    if (y[i] == 0) {
      TF_LITE_KERNEL_LOG(context, "%s: division by zero (input2 element %d is 0)", kOpName, i);
      return kTfLiteError;
    }
    minus_one = minus_one || y[i] == -1;
  }
  if (!minus_one) return kTfLiteOk;
  // INT32_MIN / -1 overflows: look for the pair only when both values occur (the broadcast pairs them).
  const int32_t* x = micro::GetTensorData<int32_t>(input1);
  const int count1 = static_cast<int>(ElementCount(*input1->dims));
  bool min_seen = false;
  for (int i = 0; i < count1; ++i) min_seen = min_seen || x[i] == std::numeric_limits<int32_t>::min();
  if (!min_seen) return kTfLiteOk;
  // The output, about to be overwritten (or left unspecified by the error), holds the pairwise flags.
  int32_t* flags = micro::GetTensorData<int32_t>(output);
  BroadcastBinary(*data.common.plan, x, y, flags, [](int32_t a, int32_t b) {
    return static_cast<int32_t>(a == std::numeric_limits<int32_t>::min() && b == -1);
  });
  const int count = static_cast<int>(ElementCount(*output->dims));
  bool overflow = false;
  for (int i = 0; i < count; ++i) overflow = overflow || flags[i] != 0;
  if (overflow) {
    TF_LITE_KERNEL_LOG(context, "%s: INT32 quotient overflow (%d / -1)", kOpName,
                       static_cast<int>(std::numeric_limits<int32_t>::min()));
    return kTfLiteError;
  }
  return kTfLiteOk;
}

TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  const OpData& data = *static_cast<const OpData*>(node->user_data);
  TF_LITE_ENSURE_STATUS(CheckDivisors(context, data, micro::GetEvalInput(context, node, 0),
                                      micro::GetEvalInput(context, node, 1), micro::GetEvalOutput(context, node, 0)));
  return EvalBinaryElementwise<kServed>(context, node, data);
}

}  // namespace

#define MOTE_KERNEL_DIV (PLAIN, "div/any/reference", InitOpData<OpData>, Prepare, Eval)
MOTE_DEFINE_REGISTRATIONS();

TfLiteStatus ParseDiv(const schema::Operator* op, BuiltinDataAllocator* allocator, void** builtin_data) {
  *builtin_data = nullptr;
  auto* params = AllocateParams<TfLiteDivParams>(allocator, kOpName);
  if (params == nullptr) return kTfLiteError;
  params->activation = kTfLiteActNone;
  const schema::DivOptions* options = op->builtin_options_as_DivOptions();
  if (options != nullptr) {
    TF_LITE_ENSURE_STATUS(ParseFusedActivation(options->fused_activation_function(), kOpName, &params->activation));
  }
  *builtin_data = params;
  return kTfLiteOk;
}

}  // namespace mote
