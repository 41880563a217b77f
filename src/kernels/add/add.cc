// ADD glue. Types (as TFLM's reference kernel): FLOAT32, INT32 (unquantized, no fused activation), INT8 and
// INT16 (per-tensor quantized; INT16 always uses the general rescaling, pot_scale_int16 is ignored exactly as
// TFLM does). Broadcasting up to 6 dimensions. Prepare validates and computes the broadcast plan and the
// requantization constants and picks the INT8 variant; invoke runs that variant, or for the other types
// reference::AddElements through EvalBinaryElementwise.
#include <cstdint>

#include "kernels/add/add_reference.h"
#include "kernels/add/add_variants.h"
#include "kernels/glue/binary_elementwise.h"
#include "kernels/glue/options_parsing.h"
#include "kernels/glue/quantization_checks.h"
#include "kernels/glue/registration.h"
#include "kernels/quantization/quantized_add_sub.h"
#include "kernels/dispatch/variant.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {

constexpr const char kOpName[] = "ADD";
constexpr TfLiteType kTypes[] = {kTfLiteFloat32, kTfLiteInt32, kTfLiteInt8, kTfLiteInt16};

struct OpData : BinaryElementwiseOpData<reference::AddElements> {
  VariantChoice int8_variant;  // INT8 only
};

add::AddInt8Problem MakeInt8Problem(const OpData& data) {
  const QuantizedAddSubParams& q = data.quant;
  const BroadcastPlan& plan = *data.common.plan;
  add::AddInt8Problem p{};
  p.plan = &plan;
  int64_t elements = 1;
  for (int i = 0; i < plan.rank; ++i) elements *= plan.dims()[i];
  p.elements = static_cast<int>(elements);
  p.elementwise = plan.rank == 1 && plan.stride(0)[0] == 1 && plan.stride(1)[0] == 1;
  p.input1_offset = q.input1_offset;
  p.input2_offset = q.input2_offset;
  p.output_offset = q.output_offset;
  p.left_shift = q.left_shift;
  p.input1_multiplier = q.input1_multiplier;
  p.input1_shift = q.input1_shift;
  p.input2_multiplier = q.input2_multiplier;
  p.input2_shift = q.input2_shift;
  p.output_multiplier = q.output_multiplier;
  p.output_shift = q.output_shift;
  p.activation_min = q.activation_min;
  p.activation_max = q.activation_max;
  return p;
}

void RunInt8Reference(const add::AddInt8Problem& p, void*) {
  QuantizedAddSubParams q{};
  q.input1_offset = p.input1_offset;
  q.input2_offset = p.input2_offset;
  q.output_offset = p.output_offset;
  q.left_shift = p.left_shift;
  q.input1_multiplier = p.input1_multiplier;
  q.input1_shift = p.input1_shift;
  q.input2_multiplier = p.input2_multiplier;
  q.input2_shift = p.input2_shift;
  q.output_multiplier = p.output_multiplier;
  q.output_shift = p.output_shift;
  q.activation_min = p.activation_min;
  q.activation_max = p.activation_max;
  reference::AddQuantized(*p.plan, q, p.input1, p.input2, p.output);
}

// INT8, best first; the reference last, always applies.
constexpr KernelVariant<add::AddInt8Problem> kInt8Variants[] = {
#if MOTE_TARGET_X86_64
    {"add/int8/avx512vnni", isa::kAvx2 | isa::kFma | isa::kAvx512F | isa::kAvx512Bw | isa::kAvx512Vl | isa::kAvx512Vnni,
     add::AppliesAvx2, nullptr, MOTE_X86_SIMD_FN(add::AddInt8Avx512)},
    {"add/int8/avx2", isa::kAvx2, add::AppliesAvx2, nullptr, MOTE_X86_SIMD_FN(add::AddInt8Avx2)},
#endif
#if MOTE_TARGET_ARM_MVE
    {"add/int8/mve", isa::kArmMve, add::AppliesMve, nullptr, MOTE_ARM_MVE_FN(add::AddInt8Mve)},
#endif
#if MOTE_TARGET_CORTEX_M
    {"add/int8/dsp", isa::kArmDsp, add::AppliesDsp, nullptr, MOTE_ARM_DSP_FN(add::AddInt8Dsp)},
#endif
#if MOTE_TARGET_ARMV6M
    {"add/int8/v6m", isa::kArmV6m, add::AppliesV6m, nullptr, MOTE_ARM_V6M_FN(add::AddInt8V6m)},
#endif
    {"add/int8/reference", 0, nullptr, nullptr, RunInt8Reference},
};

// kServed: the input types the registration serves (kAllTypes for the generic one); eval reaches only their paths.
template <TypeSet kServed>
TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  TF_LITE_ENSURE_STATUS(CheckBinaryElementwiseNode(context, kOpName, node));
  OpData* data = static_cast<OpData*>(node->user_data);
  const auto* params = static_cast<const TfLiteAddParams*>(node->builtin_data);
  const BinaryElementwiseTensors t(context, node);

  const BinaryElementwiseSpec spec = {kOpName, kTypes, 4, "FLOAT32, INT32, INT8, INT16", false};
  TF_LITE_ENSURE_STATUS(PrepareBinaryElementwise(context, spec, params->activation, t.input1.get(), t.input2.get(),
                                                 t.output.get(), &data->common));
  TF_LITE_ENSURE_STATUS(CheckServedType<kServed>(context, kOpName, schema::BuiltinOperator_ADD, data->common.type));
  AllowInPlaceOverFullShapeInputs(context, t.input1.get(), t.input2.get(), t.output.get());
  const char* variant = "add/float32/reference";
  switch (data->common.type) {
    case kTfLiteInt32:
      // TFLM only adds unquantized INT32 tensors.
      if (GetAffineQuantization(t.input1.get()) != nullptr || GetAffineQuantization(t.input2.get()) != nullptr) {
        TF_LITE_KERNEL_LOG(context, "%s: INT32 inputs must not be quantized", kOpName);
        return kTfLiteError;
      }
      variant = "add/int32/reference";
      break;
    case kTfLiteInt8:
      TF_LITE_ENSURE_STATUS(PrepareQuantizedAddSub(context, kOpName, t.input1.get(), t.input2.get(), t.output.get(),
                                                   data->common, &data->quant));
      return SelectVariant(context, kOpName, kInt8Variants, MakeInt8Problem(*data), &data->int8_variant);
    case kTfLiteInt16:
      TF_LITE_ENSURE_STATUS(PrepareQuantizedAddSub(context, kOpName, t.input1.get(), t.input2.get(), t.output.get(),
                                                   data->common, &data->quant));
      variant = "add/int16/reference";
      break;
    default:
      break;
  }
  ReportKernelVariant(context, variant);
  return kTfLiteOk;
}

template <TypeSet kServed>
TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  const OpData& data = *static_cast<const OpData*>(node->user_data);
  // INT8 runs the variant prepare chose; the other types the reference loops.
  const auto int8 = [&](const int8_t* input1, const int8_t* input2, int8_t* output) {
    add::AddInt8Problem problem = MakeInt8Problem(data);
    problem.input1 = input1;
    problem.input2 = input2;
    problem.output = output;
    RunVariant(context, kInt8Variants, data.int8_variant, problem);
  };
  return EvalBinaryElementwise<kServed>(context, node, data, int8);
}

}  // namespace

bool add::AppliesAvx2(const AddInt8Problem& p) { return p.elementwise; }
bool add::AppliesMve(const AddInt8Problem& p) { return p.elementwise; }

// add_dsp.cc's output stage: (SMMLAR(raw, 2m, raw) + (raw >> 31) + c) >> e with c = 2^(e-1) + zero_point * 2^e,
// exact for m in [2^30, 2^31), e in [1, 31] and |raw| + 1 + |c| < 2^31, where |raw| < 2^29 for every int8 input.
bool add::AppliesDsp(const AddInt8Problem& p) {
  if (p.output_multiplier < (1 << 30) || p.output_shift > -1 || p.output_shift < -31) return false;
  const int e = -p.output_shift;
  const int64_t c = (int64_t{1} << (e - 1)) + static_cast<int64_t>(p.output_offset) * (int64_t{1} << e);
  return (int64_t{1} << 29) + 1 + (c < 0 ? -c : c) < (int64_t{1} << 31);
}

bool add::AppliesV6m(const AddInt8Problem& p) {
  // add_v6m.cc: the shifted inputs stay below 2^28 in magnitude for offsets of int8 zero points and left_shift <= 20.
  return p.input1_shift <= 0 && p.input2_shift <= 0 && p.output_shift <= 0 && p.input1_shift >= -31 &&
         p.input2_shift >= -31 && p.output_shift >= -31 && p.left_shift >= 0 && p.left_shift <= 20 &&
         p.input1_offset >= -127 && p.input1_offset <= 128 && p.input2_offset >= -127 && p.input2_offset <= 128;
}

#define MOTE_KERNEL_ADD (TEMPLATED, "add/any/reference", InitOpData<OpData>, Prepare, Eval)
MOTE_DEFINE_REGISTRATIONS();

TfLiteStatus ParseAdd(const schema::Operator* op, BuiltinDataAllocator* allocator, void** builtin_data) {
  *builtin_data = nullptr;
  auto* params = AllocateParams<TfLiteAddParams>(allocator, kOpName);
  if (params == nullptr) return kTfLiteError;
  params->activation = kTfLiteActNone;
  params->pot_scale_int16 = true;  // the schema default
  const schema::AddOptions* options = op->builtin_options_as_AddOptions();
  if (options != nullptr) {
    TF_LITE_ENSURE_STATUS(ParseFusedActivation(options->fused_activation_function(), kOpName, &params->activation));
    params->pot_scale_int16 = options->pot_scale_int16();
  }
  *builtin_data = params;
  return kTfLiteOk;
}

}  // namespace mote
