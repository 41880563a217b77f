// TFLM_DECODE glue (TFLM's custom op "TFLM_DECODE", MicroMutableOpResolver::AddDecode()): TFLM's weight
// decompression. Output i decodes input 2i (the encoded data, raw bytes) with input 2i+1 (the ancillary data:
// a 16-byte header, then the decode type's data); both are constants of the model. Header bytes: 0 decode type
// (0 LUT, 1 Huffman, 2 pruning, 128..255 application-defined), 1 header version (1), 4 the type's version (1);
// for LUT, 5 the index bit width in bits 2..0 and 6 the value table stride (entries per channel); for Huffman,
// 5 the table format (bit 0: 32-bit entries, else 16-bit; bits 7..4: the first lookup's bits minus 1). The
// values (LUT tables, pruning's kept values, Huffman tables) follow the header. Channels come from the output's
// quantization, as in TFLM's kernel (the axis bits of byte 5 are not read). mote decodes LUT and pruning for
// the six output types TFLM's kernel takes (BOOL, FLOAT32, INT8, INT16, INT32, INT64), Huffman for INT8 (16- or
// 32-bit entries) and INT16 (32-bit entries) as TFLM does. TFLM trusts the header and the lengths; mote checks
// in prepare that every bit and every value read lies inside its tensor (for Huffman by decoding once: the
// encoded and ancillary tensors are constants).
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
constexpr size_t kDecompressionAlignment = 16;  // TFLM's MicroArenaBufferAlignment()

// One output's decode, fixed in prepare (pointers into the model's constant buffers and quantization).
struct OutputPlan {
  uint8_t type;  // kTypeLut, kTypeHuffman or kTypePruning
  size_t element_size;
  reference::LutParams lut;
  reference::PruneParams prune;
  reference::HuffmanParams huffman;
};

struct OpData {
  int num_outputs;
  OutputPlan* plans;
};

// The tensors of one output, for the checks below.
struct Tensors {
  int out;  // the output's index, in messages
  const TfLiteTensor* encoded;
  const TfLiteTensor* ancillary;
  const TfLiteTensor* output;
};

bool Supported(TfLiteType t) {
  return t == kTfLiteBool || t == kTfLiteFloat32 || t == kTfLiteInt8 || t == kTfLiteInt16 || t == kTfLiteInt32 ||
         t == kTfLiteInt64;
}

// Byte 0 of the header: LUT or pruning, or a refusal that names what is not decoded.
TfLiteStatus CheckDecodeType(TfLiteContext* context, int out, uint8_t type) {
  if (type == kTypeLut || type == kTypeHuffman || type == kTypePruning) return kTfLiteOk;
  if (type >= kFirstCustomType) {
    TF_LITE_KERNEL_LOG(context, "TFLM_DECODE: output %d: custom decode type %u is not supported", out, type);
  } else {
    TF_LITE_KERNEL_LOG(context, "TFLM_DECODE: output %d: unknown decode type %u", out, type);
  }
  return kTfLiteError;
}

// The header's length, versions and type (TFLM's order: header version, type, the type's version).
TfLiteStatus CheckHeader(TfLiteContext* context, const Tensors& t, const uint8_t* h) {
  if (t.ancillary->bytes < kHeaderBytes) {
    TF_LITE_KERNEL_LOG(context,
                       "TFLM_DECODE: output %d: the ancillary tensor has %u bytes, less than the %u-byte "
                       "header",
                       t.out, static_cast<unsigned>(t.ancillary->bytes), static_cast<unsigned>(kHeaderBytes));
    return kTfLiteError;
  }
  if (h[1] != 1) {
    TF_LITE_KERNEL_LOG(context, "TFLM_DECODE: output %d: header version %u is not supported (1)", t.out, h[1]);
    return kTfLiteError;
  }
  TF_LITE_ENSURE_STATUS(CheckDecodeType(context, t.out, h[0]));
  if (h[4] != 1) {
    TF_LITE_KERNEL_LOG(context, "TFLM_DECODE: output %d: %s version %u is not supported (1)", t.out,
                       h[0] == kTypeLut ? "LUT" : h[0] == kTypeHuffman ? "Huffman" : "pruning", h[4]);
    return kTfLiteError;
  }
  return kTfLiteOk;
}

// TFLM's channels: the output's scale count; along the last axis when quantized_dimension is the last one and
// there are several, else along axis 0 (another quantized_dimension is refused, as TFLM does).
TfLiteStatus ResolveChannels(TfLiteContext* context, const Tensors& t, reference::ChannelLayout* layout) {
  layout->count = static_cast<size_t>(ElementCount(*t.output->dims));
  layout->channels = 1;
  layout->channel_last = false;
  const TfLiteAffineQuantization* q = GetAffineQuantization(t.output);
  if (q != nullptr && q->scale != nullptr) {
    layout->channels = static_cast<size_t>(q->scale->size);
    layout->channel_last = q->quantized_dimension == t.output->dims->size - 1 && q->scale->size > 1;
    if (!layout->channel_last && q->quantized_dimension != 0) {
      TF_LITE_KERNEL_LOG(context,
                         "TFLM_DECODE: output %d: quantization axis %d is not supported (0 or the last "
                         "axis)",
                         t.out, q->quantized_dimension);
      return kTfLiteError;
    }
  }
  if (layout->channels == 0 || layout->count % layout->channels != 0) {
    TF_LITE_KERNEL_LOG(context, "TFLM_DECODE: output %d: %u elements do not divide into %u channels", t.out,
                       static_cast<unsigned>(layout->count), static_cast<unsigned>(layout->channels));
    return kTfLiteError;
  }
  return kTfLiteOk;
}

// The encoded tensor holds count fields of `bits` bits.
TfLiteStatus CheckEncodedLength(TfLiteContext* context, const Tensors& t, size_t count, int bits) {
  const uint64_t needed = (static_cast<uint64_t>(count) * bits + 7) / 8;
  if (t.encoded->bytes < needed) {
    TF_LITE_KERNEL_LOG(context, "TFLM_DECODE: output %d: the encoded tensor has %u bytes, %u %d-bit indices need %u",
                       t.out, static_cast<unsigned>(t.encoded->bytes), static_cast<unsigned>(count), bits,
                       static_cast<unsigned>(needed));
    return kTfLiteError;
  }
  return kTfLiteOk;
}

// The ancillary tensor holds `needed` values of the output type after the header.
TfLiteStatus CheckValueCount(TfLiteContext* context, const Tensors& t, size_t element_size, uint64_t needed) {
  const size_t held = (t.ancillary->bytes - kHeaderBytes) / element_size;
  if (needed > held) {
    TF_LITE_KERNEL_LOG(context,
                       "TFLM_DECODE: output %d: the ancillary tensor holds %u values, the encoded data "
                       "reads %u",
                       t.out, static_cast<unsigned>(held), static_cast<unsigned>(needed));
    return kTfLiteError;
  }
  return kTfLiteOk;
}

TfLiteStatus PrepareLut(TfLiteContext* context, const Tensors& t, const uint8_t* h, OutputPlan* plan) {
  reference::LutParams& lut = plan->lut;
  lut.bit_width = h[5] & 7;
  if (lut.bit_width == 0) {
    TF_LITE_KERNEL_LOG(context, "TFLM_DECODE: output %d: the index bit width is 0 (1 to 7)", t.out);
    return kTfLiteError;
  }
  lut.indices = reinterpret_cast<const uint8_t*>(t.encoded->data.raw_const);
  lut.tables = h + kHeaderBytes;
  lut.stride = h[6];
  TF_LITE_ENSURE_STATUS(ResolveChannels(context, t, &lut.layout));
  TF_LITE_ENSURE_STATUS(CheckEncodedLength(context, t, lut.layout.count, lut.bit_width));
  // The last channel's table start first, in 64 bits: past it, no entry offset can wrap around size_t.
  const size_t held = (t.ancillary->bytes - kHeaderBytes) / plan->element_size;
  const uint64_t last_table = static_cast<uint64_t>(lut.layout.channels - 1) * lut.stride;
  const bool past = lut.layout.count != 0 && last_table >= held;
  return CheckValueCount(context, t, plan->element_size, past ? last_table + 1 : reference::LutTableExtent(lut));
}

// Zero points as TFLM takes them: per channel for INT8 with several channels, else the first; outputs other
// than INT8 need every zero point 0.
TfLiteStatus ResolveZeroPoints(TfLiteContext* context, const Tensors& t, reference::PruneParams* prune) {
  prune->zero_points = nullptr;
  prune->zero_point = 0;
  const TfLiteAffineQuantization* q = GetAffineQuantization(t.output);
  if (q == nullptr || q->scale == nullptr) return kTfLiteOk;
  const TfLiteIntArray* zp = q->zero_point;
  if (zp == nullptr || zp->size != q->scale->size) {
    TF_LITE_KERNEL_LOG(context, "TFLM_DECODE: output %d: %d zero points for %d scales", t.out,
                       zp == nullptr ? 0 : zp->size, q->scale->size);
    return kTfLiteError;
  }
  if (t.output->type == kTfLiteInt8) {
    // A copy in persistent memory: the tensor's zero points live only as long as prepare's temporary tensor.
    if (zp->size > 1) {
      prune->zero_points = StorePersistentArray(context, zp->data, zp->size);
      if (prune->zero_points == nullptr) return kTfLiteError;
    }
    prune->zero_point = zp->data[0];
    return kTfLiteOk;
  }
  for (int c = 0; c < zp->size; ++c) {
    if (zp->data[c] != 0) {
      TF_LITE_KERNEL_LOG(context, "TFLM_DECODE: output %d: pruning needs zero points 0 on %s outputs", t.out,
                         TfLiteTypeGetName(t.output->type));
      return kTfLiteError;
    }
  }
  return kTfLiteOk;
}

TfLiteStatus PreparePrune(TfLiteContext* context, const Tensors& t, const uint8_t* h, OutputPlan* plan) {
  reference::PruneParams& prune = plan->prune;
  prune.mask = reinterpret_cast<const uint8_t*>(t.encoded->data.raw_const);
  prune.values = h + kHeaderBytes;
  TF_LITE_ENSURE_STATUS(ResolveChannels(context, t, &prune.layout));
  TF_LITE_ENSURE_STATUS(ResolveZeroPoints(context, t, &prune));
  TF_LITE_ENSURE_STATUS(CheckEncodedLength(context, t, prune.layout.count, 1));
  return CheckValueCount(context, t, plan->element_size, reference::PrunedValueCount(prune.mask, prune.layout.count));
}

// TFLM's Huffman outputs: INT8 from 16- or 32-bit entries, INT16 from 32-bit entries.
TfLiteStatus CheckHuffmanType(TfLiteContext* context, const Tensors& t, bool wide_entries) {
  const TfLiteType type = t.output->type;
  if (type == kTfLiteInt8 || (type == kTfLiteInt16 && wide_entries)) return kTfLiteOk;
  TF_LITE_KERNEL_LOG(context,
                     "TFLM_DECODE: output %d: Huffman decodes to INT8 (16- or 32-bit table entries) or INT16 "
                     "(32-bit entries), not %s from %s entries",
                     t.out, TfLiteTypeGetName(type), wide_entries ? "32-bit" : "16-bit");
  return kTfLiteError;
}

TfLiteStatus PrepareHuffman(TfLiteContext* context, const Tensors& t, const uint8_t* h, OutputPlan* plan) {
  reference::HuffmanParams& p = plan->huffman;
  p.wide_entries = (h[5] & 0x01) != 0;
  TF_LITE_ENSURE_STATUS(CheckHuffmanType(context, t, p.wide_entries));
  p.initial_bits = (h[5] >> 4) + 1;
  p.count = static_cast<size_t>(ElementCount(*t.output->dims));
  p.stream = reinterpret_cast<const uint8_t*>(t.encoded->data.raw_const);
  p.stream_bytes = t.encoded->bytes;
  p.tables = h + kHeaderBytes;
  p.entries = (t.ancillary->bytes - kHeaderBytes) / (p.wide_entries ? 4 : 2);
  size_t element = 0;
  const reference::HuffmanResult r = reference::DecodeHuffman(p, plan->element_size, nullptr, &element);
  if (r == reference::HuffmanResult::kEntryPastTables) {
    TF_LITE_KERNEL_LOG(context, "TFLM_DECODE: output %d: element %u reads a Huffman table entry past the %u held",
                       t.out, static_cast<unsigned>(element), static_cast<unsigned>(p.entries));
    return kTfLiteError;
  }
  if (r == reference::HuffmanResult::kCodePastStream) {
    TF_LITE_KERNEL_LOG(context,
                       "TFLM_DECODE: output %d: element %u's Huffman code runs past the %u-byte encoded tensor",
                       t.out, static_cast<unsigned>(element), static_cast<unsigned>(p.stream_bytes));
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
    TF_LITE_KERNEL_LOG(context,
                       "TFLM_DECODE: output %d: type %s is not supported (BOOL, FLOAT32, INT8, INT16, "
                       "INT32, INT64)",
                       out, TfLiteTypeGetName(output->type));
    return kTfLiteError;
  }
  // An output with no memory of its own (a KernelRunner's with decompression memory set; an interpreter's
  // output has none at prepare, and its context no decompression memory) goes to the alternate decompression
  // memory, as TFLM's kernel places it.
  const size_t output_bytes = static_cast<size_t>(ElementCount(*output->dims)) * TfLiteTypeSizeOf(output->type);
  if (output->data.raw == nullptr && output_bytes > 0) {
    void* alternate = micro_context->AllocateDecompressionMemory(output_bytes, kDecompressionAlignment);
    if (alternate != nullptr) output->data.raw = static_cast<char*>(alternate);
  }
  const Tensors t{out, encoded.get(), ancillary.get(), output.get()};
  const uint8_t* header = reinterpret_cast<const uint8_t*>(ancillary->data.raw_const);
  TF_LITE_ENSURE_STATUS(CheckHeader(context, t, header));
  plan->type = header[0];
  plan->element_size = TfLiteTypeSizeOf(output->type);
  if (plan->type == kTypeLut) return PrepareLut(context, t, header, plan);
  if (plan->type == kTypeHuffman) return PrepareHuffman(context, t, header, plan);
  return PreparePrune(context, t, header, plan);
}

TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  const int outputs = NumOutputs(node);
  if (outputs < 1 || NumInputs(node) != 2 * outputs) {
    TF_LITE_KERNEL_LOG(context,
                       "TFLM_DECODE: %d inputs and %d outputs given (an encoded and an ancillary input "
                       "per output)",
                       NumInputs(node), outputs);
    return kTfLiteError;
  }
  auto* data = static_cast<OpData*>(node->user_data);
  data->plans = static_cast<OutputPlan*>(context->AllocatePersistentBuffer(context, sizeof(OutputPlan) * outputs));
  if (data->plans == nullptr) return kTfLiteError;
  data->num_outputs = outputs;
  for (int out = 0; out < outputs; ++out) {
    TF_LITE_ENSURE_STATUS(PrepareOutput(context, node, out, &data->plans[out]));
  }
  ReportKernelVariant(context, "decode/any/reference");
  return kTfLiteOk;
}

// Pruning writes zero points, so it runs on the output's storage type of its size.
void DecodePruned(const OutputPlan& plan, void* out) {
  switch (plan.element_size) {
    case 1:
      reference::DecodePruned(plan.prune, static_cast<int8_t*>(out));
      break;
    case 2:
      reference::DecodePruned(plan.prune, static_cast<int16_t*>(out));
      break;
    case 4:
      reference::DecodePruned(plan.prune, static_cast<int32_t*>(out));
      break;
    default:
      reference::DecodePruned(plan.prune, static_cast<int64_t*>(out));
      break;
  }
}

TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  const auto* data = static_cast<const OpData*>(node->user_data);
  for (int out = 0; out < data->num_outputs; ++out) {
    const OutputPlan& plan = data->plans[out];
    void* output = micro::GetEvalOutput(context, node, out)->data.raw;
    if (plan.type == kTypeLut) {
      reference::DecodeLut(plan.lut, plan.element_size, static_cast<uint8_t*>(output));
    } else if (plan.type == kTypeHuffman) {
      // Prepare decoded the same constants without a failure; the decoder's bounds stay as a guard.
      size_t element = 0;
      if (reference::DecodeHuffman(plan.huffman, plan.element_size, static_cast<uint8_t*>(output), &element) !=
          reference::HuffmanResult::kOk) {
        TF_LITE_KERNEL_LOG(context, "TFLM_DECODE: output %d: the Huffman data changed after prepare", out);
        return kTfLiteError;
      }
    } else {
      DecodePruned(plan, output);
    }
  }
  return kTfLiteOk;
}

}  // namespace

#define MOTE_KERNEL_DECODE (PLAIN, "decode/any/reference", InitOpData<OpData>, Prepare, Eval)
MOTE_DEFINE_REGISTRATIONS();

}  // namespace mote
