// TFLM_DECODE glue (TFLM's custom op "TFLM_DECODE", MicroMutableOpResolver::AddDecode()): TFLM's weight
// decompression. Output i decodes input 2i (the encoded data, raw bytes) with input 2i+1 (the ancillary data:
// a 16-byte header, then the decode type's data); both are constants of the model. Header bytes: 0 decode type
// (0 LUT, 1 Huffman, 2 pruning, 128..255 application-defined), 1 header version (1); for LUT, 4 LUT version
// (1), 5 the index bit width in bits 2..0, 6 the value table stride (entries per channel), value tables from
// byte 16. The tables' channels come from the output's quantization, as in TFLM's kernel (the axis bits of
// byte 5 are not read). mote decodes LUT for the six output types TFLM's kernel takes (BOOL, FLOAT32, INT8,
// INT16, INT32, INT64) and refuses Huffman and pruning by name. TFLM trusts the header and the lengths; mote
// checks in prepare that every index and every table entry read lies inside its tensor.
#include <cstddef>
#include <cstdint>

#include "kernels/decode/decode_reference.h"
#include "kernels/glue/quantization_checks.h"
#include "kernels/glue/registration.h"
#include "kernels/glue/scoped_temp_tensor.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {

constexpr size_t kHeaderBytes = 16;
constexpr uint8_t kTypeLut = 0;
constexpr uint8_t kTypeHuffman = 1;
constexpr uint8_t kTypePruning = 2;
constexpr uint8_t kFirstCustomType = 128;

// One output's decode, fixed in prepare (pointers into the model's constant buffers).
struct OutputPlan {
  reference::LutParams lut;
  size_t element_size;
};

struct OpData {
  int num_outputs;
  OutputPlan* plans;
};

bool Supported(TfLiteType t) {
  return t == kTfLiteBool || t == kTfLiteFloat32 || t == kTfLiteInt8 || t == kTfLiteInt16 || t == kTfLiteInt32 ||
         t == kTfLiteInt64;
}

// Byte 0 of the header: LUT, or a refusal that names what is not decoded.
TfLiteStatus CheckDecodeType(TfLiteContext* context, int out, uint8_t type) {
  if (type == kTypeLut) return kTfLiteOk;
  if (type == kTypeHuffman) {
    TF_LITE_KERNEL_LOG(context, "TFLM_DECODE: output %d: Huffman decoding (decode type 1) is not implemented", out);
  } else if (type == kTypePruning) {
    TF_LITE_KERNEL_LOG(context, "TFLM_DECODE: output %d: pruning decoding (decode type 2) is not implemented", out);
  } else if (type >= kFirstCustomType) {
    TF_LITE_KERNEL_LOG(context, "TFLM_DECODE: output %d: custom decode type %u is not supported", out, type);
  } else {
    TF_LITE_KERNEL_LOG(context, "TFLM_DECODE: output %d: unknown decode type %u", out, type);
  }
  return kTfLiteError;
}

// The header's versions and the LUT fields.
TfLiteStatus CheckLutHeader(TfLiteContext* context, int out, const TfLiteTensor* ancillary, const uint8_t* h) {
  if (ancillary->bytes < kHeaderBytes) {
    TF_LITE_KERNEL_LOG(context, "TFLM_DECODE: output %d: the ancillary tensor has %u bytes, less than the %u-byte header",
                       out, static_cast<unsigned>(ancillary->bytes), static_cast<unsigned>(kHeaderBytes));
    return kTfLiteError;
  }
  if (h[1] != 1) {
    TF_LITE_KERNEL_LOG(context, "TFLM_DECODE: output %d: header version %u is not supported (1)", out, h[1]);
    return kTfLiteError;
  }
  TF_LITE_ENSURE_STATUS(CheckDecodeType(context, out, h[0]));
  if (h[4] != 1) {
    TF_LITE_KERNEL_LOG(context, "TFLM_DECODE: output %d: LUT version %u is not supported (1)", out, h[4]);
    return kTfLiteError;
  }
  if ((h[5] & 7) == 0) {
    TF_LITE_KERNEL_LOG(context, "TFLM_DECODE: output %d: the index bit width is 0 (1 to 7)", out);
    return kTfLiteError;
  }
  return kTfLiteOk;
}

// TFLM's channels: the output's scale count; along the last axis when quantized_dimension is the last one and
// there are several, else along axis 0 (another quantized_dimension is refused, as TFLM does).
TfLiteStatus ResolveChannels(TfLiteContext* context, int out, const TfLiteTensor* output,
                             reference::LutParams* lut) {
  lut->channels = 1;
  lut->channel_last = false;
  const TfLiteAffineQuantization* q = GetAffineQuantization(output);
  if (q != nullptr && q->scale != nullptr) {
    lut->channels = static_cast<size_t>(q->scale->size);
    lut->channel_last = q->quantized_dimension == output->dims->size - 1 && q->scale->size > 1;
    if (!lut->channel_last && q->quantized_dimension != 0) {
      TF_LITE_KERNEL_LOG(context, "TFLM_DECODE: output %d: quantization axis %d is not supported (0 or the last axis)",
                         out, q->quantized_dimension);
      return kTfLiteError;
    }
  }
  if (lut->channels == 0 || lut->count % lut->channels != 0) {
    TF_LITE_KERNEL_LOG(context, "TFLM_DECODE: output %d: %u elements do not divide into %u channels", out,
                       static_cast<unsigned>(lut->count), static_cast<unsigned>(lut->channels));
    return kTfLiteError;
  }
  return kTfLiteOk;
}

// Every index inside the encoded tensor, every table entry read inside the ancillary tensor.
TfLiteStatus CheckLutBounds(TfLiteContext* context, int out, const TfLiteTensor* encoded,
                            const TfLiteTensor* ancillary, const OutputPlan& plan) {
  const uint64_t index_bytes = (static_cast<uint64_t>(plan.lut.count) * plan.lut.bit_width + 7) / 8;
  if (encoded->bytes < index_bytes) {
    TF_LITE_KERNEL_LOG(context, "TFLM_DECODE: output %d: the encoded tensor has %u bytes, %u %d-bit indices need %u",
                       out, static_cast<unsigned>(encoded->bytes), static_cast<unsigned>(plan.lut.count),
                       plan.lut.bit_width, static_cast<unsigned>(index_bytes));
    return kTfLiteError;
  }
  const size_t entries = (ancillary->bytes - kHeaderBytes) / plan.element_size;
  // The last channel's table start first, in 64 bits: past it, no entry offset can wrap around size_t.
  const uint64_t last_table = static_cast<uint64_t>(plan.lut.channels - 1) * plan.lut.stride;
  const uint64_t extent = plan.lut.count != 0 && last_table >= entries ? last_table + 1 : reference::LutTableExtent(plan.lut);
  if (extent > entries) {
    TF_LITE_KERNEL_LOG(context, "TFLM_DECODE: output %d: the value tables hold %u entries, the indices read %u", out,
                       static_cast<unsigned>(entries), static_cast<unsigned>(extent));
    return kTfLiteError;
  }
  return kTfLiteOk;
}

// Output `out` from inputs 2*out (encoded) and 2*out+1 (ancillary).
TfLiteStatus PrepareOutput(TfLiteContext* context, TfLiteNode* node, int out, OutputPlan* plan) {
  MicroContext* micro_context = GetMicroContext(context);
  ScopedTempTensor encoded(context, micro_context->AllocateTempInputTensor(node, 2 * out));
  ScopedTempTensor ancillary(context, micro_context->AllocateTempInputTensor(node, 2 * out + 1));
  ScopedTempTensor output(context, micro_context->AllocateTempOutputTensor(node, out));
  if (encoded == nullptr || ancillary == nullptr || output == nullptr) {
    TF_LITE_KERNEL_LOG(context, "TFLM_DECODE: output %d: a tensor is missing", out);
    return kTfLiteError;
  }
  if (!IsConstantTensor(encoded.get()) || !IsConstantTensor(ancillary.get())) {
    TF_LITE_KERNEL_LOG(context, "TFLM_DECODE: output %d: the encoded and ancillary tensors must be constant", out);
    return kTfLiteError;
  }
  if (!Supported(output->type)) {
    TF_LITE_KERNEL_LOG(context, "TFLM_DECODE: output %d: type %s is not supported (BOOL, FLOAT32, INT8, INT16, "
                       "INT32, INT64)", out, TfLiteTypeGetName(output->type));
    return kTfLiteError;
  }
  const uint8_t* header = reinterpret_cast<const uint8_t*>(ancillary->data.raw_const);
  TF_LITE_ENSURE_STATUS(CheckLutHeader(context, out, ancillary.get(), header));
  plan->element_size = TfLiteTypeSizeOf(output->type);
  reference::LutParams& lut = plan->lut;
  lut.indices = reinterpret_cast<const uint8_t*>(encoded->data.raw_const);
  lut.tables = header + kHeaderBytes;
  lut.bit_width = header[5] & 7;
  lut.stride = header[6];
  lut.count = static_cast<size_t>(ElementCount(*output->dims));
  TF_LITE_ENSURE_STATUS(ResolveChannels(context, out, output.get(), &lut));
  return CheckLutBounds(context, out, encoded.get(), ancillary.get(), *plan);
}

TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  const int outputs = NumOutputs(node);
  if (outputs < 1 || NumInputs(node) != 2 * outputs) {
    TF_LITE_KERNEL_LOG(context, "TFLM_DECODE: %d inputs and %d outputs given (an encoded and an ancillary input "
                       "per output)", NumInputs(node), outputs);
    return kTfLiteError;
  }
  auto* data = static_cast<OpData*>(node->user_data);
  data->plans = static_cast<OutputPlan*>(context->AllocatePersistentBuffer(context, sizeof(OutputPlan) * outputs));
  if (data->plans == nullptr) return kTfLiteError;
  data->num_outputs = outputs;
  for (int out = 0; out < outputs; ++out) {
    TF_LITE_ENSURE_STATUS(PrepareOutput(context, node, out, &data->plans[out]));
  }
  ReportKernelVariant(context, "decode/lut/reference");
  return kTfLiteOk;
}

TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  const auto* data = static_cast<const OpData*>(node->user_data);
  for (int out = 0; out < data->num_outputs; ++out) {
    const OutputPlan& plan = data->plans[out];
    reference::DecodeLut(plan.lut, plan.element_size,
                         reinterpret_cast<uint8_t*>(micro::GetEvalOutput(context, node, out)->data.raw));
  }
  return kTfLiteOk;
}

}  // namespace

// A custom op's registration: builtin code CUSTOM, TFLM's name (the resolver matches it by name).
const TfLiteRegistration kRegistration_DECODE = {
    InitOpData<OpData>, nullptr, Prepare, Eval, nullptr, schema::BuiltinOperator_CUSTOM, "TFLM_DECODE", nullptr, 1,
    "decode/any/reference"};

}  // namespace mote
