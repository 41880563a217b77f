#include "mote/model_verifier.h"

#include <cstring>

#include "flatbuffers/flatbuffers.h"
#include "mote/micro_log.h"
#include "mote/runtime_shape.h"

namespace mote {
namespace {

constexpr size_t kMinModelBytes = 8;
constexpr size_t kModelAlignment = 8;
constexpr int64_t kMaxTensorBytes = 0x7fffffff;  // byte sizes travel as int32 in TfLiteTensor / planner
// The dataflow check tracks this many tensors per pass over the operators (three 128-byte stack bitmaps).
constexpr int kDataflowWindow = 1024;

// Messages quote at most this many characters of a name ("%.64s") so one message always fits the log buffer.
#define MOTE_NAME_FMT "('%.64s')"

using U64 = unsigned long long;  // NOLINT: printf's %llu

const char* StringOrEmpty(const flatbuffers::String* s) { return s == nullptr ? "" : s->c_str(); }

// strcmp(name->c_str(), expected) == 0, within the string's verified bounds.
bool CStringEquals(const flatbuffers::String* name, const char* expected) {
  if (name == nullptr) return false;
  const size_t length = std::strlen(expected);
  if (name->size() < length || std::memcmp(name->data(), expected, length) != 0) return false;
  return name->size() == length || name->data()[length] == '\0';
}

// A buffer's bytes as the loader reads them (see GetBufferData). `ok` is false only for the external form when
// it cannot be resolved (no base, or out of the model).
struct BufferView {
  const uint8_t* data = nullptr;
  uint64_t bytes = 0;
  bool external = false;
  uint64_t offset = 0;
  bool ok = true;
};

bool IsExternalOffset(uint64_t offset) {
  // Writers store 1 as a placeholder ("offset not set yet"); only values > 1 are real offsets (TFLite's rule).
  return offset > 1;
}

BufferView ViewBuffer(const schema::Buffer* buffer, const uint8_t* base, size_t size) {
  BufferView view;
  if (buffer == nullptr) return view;
  if (IsExternalOffset(buffer->offset())) {
    view.external = true;
    view.offset = buffer->offset();
    view.bytes = buffer->size();
    if (base == nullptr || view.offset > size || view.bytes > size - view.offset) {
      view.ok = false;
      view.bytes = 0;
      return view;
    }
    view.data = view.bytes == 0 ? nullptr : base + view.offset;
    return view;
  }
  const flatbuffers::Vector<uint8_t>* vec = buffer->data();
  if (vec != nullptr && vec->size() > 0) {
    view.data = vec->data();
    view.bytes = vec->size();
  }
  return view;
}

const char* BuiltinName(int32_t code) {
  if (code < 0 || code > schema::BuiltinOperator_MAX) return "UNKNOWN";
  const char* name = schema::EnumNameBuiltinOperator(static_cast<schema::BuiltinOperator>(code));
  return (name == nullptr || name[0] == '\0') ? "UNKNOWN" : name;
}

// Name of a validated operator code: the custom code for CUSTOM, else the builtin's schema name.
const char* OpName(const schema::Model* model, uint32_t opcode_index) {
  const schema::OperatorCode* code = model->operator_codes()->Get(opcode_index);
  const int32_t builtin = GetBuiltinCode(code);
  if (builtin == schema::BuiltinOperator_CUSTOM) return StringOrEmpty(code->custom_code());
  return BuiltinName(builtin);
}

// "[1,28,28,3]" for messages. `shape` has at most RuntimeShape::kMaxDims dims when called.
void FormatShape(const flatbuffers::Vector<int32_t>* shape, char* out, size_t capacity) {
  size_t n = 0;
  out[0] = '\0';
  auto append = [&](const char* text) {
    while (*text != '\0' && n + 1 < capacity) out[n++] = *text++;
    out[n] = '\0';
  };
  append("[");
  const uint32_t rank = shape == nullptr ? 0 : shape->size();
  for (unsigned i = 0; i < rank; ++i) {
    char digits[16];
    int32_t v = shape->Get(i);
    // Hand-rolled to keep snprintf out of the success path's dependencies; dims are >= 0 here.
    int len = 0;
    uint32_t u = v < 0 ? 0u : static_cast<uint32_t>(v);
    do {
      digits[len++] = static_cast<char>('0' + u % 10);
      u /= 10;
    } while (u != 0 && len < 15);
    char text[17];
    int t = 0;
    if (i > 0) text[t++] = ',';
    while (len > 0) text[t++] = digits[--len];
    text[t] = '\0';
    append(text);
  }
  append("]");
}

TfLiteStatus CheckOperatorCodes(const schema::Model* model) {
  const auto* codes = model->operator_codes();
  for (unsigned i = 0; i < codes->size(); ++i) {
    const schema::OperatorCode* code = codes->Get(i);
    const int32_t builtin = GetBuiltinCode(code);
    if (builtin < 0 || builtin > schema::BuiltinOperator_MAX) {
      MicroPrintf("Model invalid: operator code %u has unknown builtin code %d", i, static_cast<int>(builtin));
      return kTfLiteError;
    }
    if (builtin == schema::BuiltinOperator_CUSTOM &&
        (code->custom_code() == nullptr || code->custom_code()->size() == 0)) {
      MicroPrintf("Model invalid: operator code %u is CUSTOM but has no custom_code", i);
      return kTfLiteError;
    }
    if (code->version() < 1) {
      MicroPrintf("Model invalid: operator code %u (%s) has version %d; versions start at 1", i,
                  builtin == schema::BuiltinOperator_CUSTOM ? StringOrEmpty(code->custom_code()) : BuiltinName(builtin),
                  static_cast<int>(code->version()));
      return kTfLiteError;
    }
  }
  return kTfLiteOk;
}

TfLiteStatus CheckBuffers(const schema::Model* model, const uint8_t* base, size_t size) {
  const auto* buffers = model->buffers();
  if (buffers == nullptr) return kTfLiteOk;
  for (unsigned i = 0; i < buffers->size(); ++i) {
    const schema::Buffer* buffer = buffers->Get(i);
    if (!IsExternalOffset(buffer->offset())) continue;
    // Readers disagree on which form wins when both are present; refuse the ambiguity instead of picking one.
    if (buffer->data() != nullptr && buffer->data()->size() > 0) {
      MicroPrintf("Model invalid: buffer %u has both inline data (%u bytes) and an external offset (%llu)", i,
                  static_cast<unsigned>(buffer->data()->size()), static_cast<U64>(buffer->offset()));
      return kTfLiteError;
    }
    if (base == nullptr) {
      MicroPrintf(
          "Model invalid: buffer %u keeps its data outside the FlatBuffer (offset %llu, %llu bytes); checking it "
          "needs the model size (verify the model with its size)",
          i, static_cast<U64>(buffer->offset()), static_cast<U64>(buffer->size()));
      return kTfLiteError;
    }
    if (buffer->offset() > size || buffer->size() > size - buffer->offset()) {
      MicroPrintf("Model invalid: buffer %u data (offset %llu, %llu bytes) lies outside the %llu-byte model", i,
                  static_cast<U64>(buffer->offset()), static_cast<U64>(buffer->size()), static_cast<U64>(size));
      return kTfLiteError;
    }
  }
  return kTfLiteOk;
}

// True when the tensor's buffer holds data and the tensor is not a variable: its values come from the model.
bool IsConstant(const schema::Model* model, const schema::Tensor* tensor, const uint8_t* base, size_t size) {
  if (tensor->is_variable()) return false;
  const auto* buffers = model->buffers();
  if (buffers == nullptr || tensor->buffer() >= buffers->size()) return false;
  return ViewBuffer(buffers->Get(tensor->buffer()), base, size).bytes > 0;
}

// A tensor with a zero dimension holds nothing to read, so it needs no producer (RESHAPE's shape input for a
// scalar output is one: an empty buffer, which TFLM runs).
bool HasNoElements(const schema::Tensor* tensor) {
  const auto* shape = tensor->shape();
  if (shape == nullptr) return false;
  for (flatbuffers::uoffset_t i = 0; i < shape->size(); ++i) {
    if (shape->Get(i) == 0) return true;
  }
  return false;
}

// The tensor a check is about, as its messages name it.
struct TensorRef {
  int sg;
  int index;
  const char* name;
  const schema::Tensor* tensor;
};

TfLiteStatus CheckTensorType(const TensorRef& t) {
  const int type_value = static_cast<int>(t.tensor->type());
  if (type_value < schema::TensorType_MIN || type_value > schema::TensorType_MAX) {
    MicroPrintf("Model invalid: subgraph %d tensor %d " MOTE_NAME_FMT " has unknown type %d", t.sg, t.index, t.name,
                type_value);
    return kTfLiteError;
  }
  // RESOURCE tensors are handles (VAR_HANDLE's output points at the variable's id): no bytes of their own.
  if (ElementSize(t.tensor->type()) == 0 && t.tensor->type() != schema::TensorType_RESOURCE) {
    MicroPrintf("Model invalid: subgraph %d tensor %d " MOTE_NAME_FMT " has type %s, which mote does not support",
                t.sg, t.index, t.name, TensorTypeName(t.tensor->type()));
    return kTfLiteError;
  }
  return kTfLiteOk;
}

// Static dimensions, and a byte size (*bytes) that fits the int32 sizes TfLiteTensor and the planner use.
TfLiteStatus CheckTensorShape(const TensorRef& t, int64_t* bytes) {
  const flatbuffers::Vector<int32_t>* shape = t.tensor->shape();
  const int rank = shape == nullptr ? 0 : static_cast<int>(shape->size());
  if (rank > RuntimeShape::kMaxDims) {
    MicroPrintf("Model invalid: subgraph %d tensor %d " MOTE_NAME_FMT
                " has rank %d; at most %d dimensions are "
                "supported",
                t.sg, t.index, t.name, rank, RuntimeShape::kMaxDims);
    return kTfLiteError;
  }
  bool has_zero_dim = false;
  for (int d = 0; d < rank; ++d) {
    const int32_t dim = shape->Get(d);
    if (dim < 0) {
      MicroPrintf("Model invalid: subgraph %d tensor %d " MOTE_NAME_FMT
                  " has dimension %d of size %d (shapes must "
                  "be static)",
                  t.sg, t.index, t.name, d, static_cast<int>(dim));
      return kTfLiteError;
    }
    if (dim == 0) has_zero_dim = true;
  }
  char shape_text[RuntimeShape::kMaxDims * 12 + 3];
  int64_t count = has_zero_dim ? 0 : 1;
  for (int d = 0; d < rank && count != 0; ++d) {
    count *= shape->Get(d);  // both factors < 2^31 (checked below each step): no int64 overflow
    if (count > kMaxTensorBytes) break;
  }
  *bytes = count > kMaxTensorBytes ? -1 : TensorBytes(t.tensor->type(), count);
  if (*bytes < 0 || *bytes > kMaxTensorBytes) {
    FormatShape(shape, shape_text, sizeof(shape_text));
    MicroPrintf("Model invalid: subgraph %d tensor %d " MOTE_NAME_FMT
                " of shape %s and type %s is too large "
                "(2147483647 bytes at most)",
                t.sg, t.index, t.name, shape_text, TensorTypeName(t.tensor->type()));
    return kTfLiteError;
  }
  if (!has_zero_dim) return kTfLiteOk;
  // An empty tensor still has its other dimensions multiplied (element counts, strides, outer sizes) by the
  // interpreter and kernels before the 0 is reached: they must stay within the same bound.
  int64_t others = 1;
  for (int d = 0; d < rank && others <= kMaxTensorBytes; ++d) {
    if (shape->Get(d) != 0) others *= shape->Get(d);
  }
  if (others > kMaxTensorBytes) {
    FormatShape(shape, shape_text, sizeof(shape_text));
    MicroPrintf("Model invalid: subgraph %d tensor %d " MOTE_NAME_FMT
                " of shape %s is empty but its other dimensions multiply to more than 2147483647",
                t.sg, t.index, t.name, shape_text);
    return kTfLiteError;
  }
  return kTfLiteOk;
}

// The buffer exists, the tensor is dense, and data it holds has the shape's size and the type's alignment.
TfLiteStatus CheckTensorStorage(const schema::Model* model, const TensorRef& t, int64_t bytes, const uint8_t* base,
                                size_t size) {
  const unsigned buffer = static_cast<unsigned>(t.tensor->buffer());
  const unsigned num_buffers = model->buffers() == nullptr ? 0u : static_cast<unsigned>(model->buffers()->size());
  if (t.tensor->buffer() >= num_buffers) {
    MicroPrintf("Model invalid: subgraph %d tensor %d " MOTE_NAME_FMT " uses buffer %u but the model has %u buffers",
                t.sg, t.index, t.name, buffer, num_buffers);
    return kTfLiteError;
  }
  if (t.tensor->sparsity() != nullptr) {
    MicroPrintf("Model invalid: subgraph %d tensor %d " MOTE_NAME_FMT " is sparse: sparse tensors are not supported",
                t.sg, t.index, t.name);
    return kTfLiteError;
  }

  const BufferView view = ViewBuffer(model->buffers()->Get(t.tensor->buffer()), base, size);
  if (view.bytes == 0) return kTfLiteOk;
  const schema::TensorType type = t.tensor->type();
  if (view.bytes != static_cast<uint64_t>(bytes)) {
    char shape_text[RuntimeShape::kMaxDims * 12 + 3];
    FormatShape(t.tensor->shape(), shape_text, sizeof(shape_text));
    MicroPrintf("Model invalid: subgraph %d tensor %d " MOTE_NAME_FMT
                " has %llu bytes of data in buffer %u but "
                "shape %s of %s needs %lld bytes",
                t.sg, t.index, t.name, static_cast<U64>(view.bytes), buffer, shape_text, TensorTypeName(type),
                static_cast<long long>(bytes));  // NOLINT: printf's %lld
    return kTfLiteError;
  }
  // FlatBuffers only guarantees 4-byte alignment of vector data; converters place 8-byte types (int64 bias)
  // at 4 mod 8. The interpreter copies such data to aligned arena memory, so 4 is what is required here.
  const size_t align = ElementAlignment(type) < 4 ? ElementAlignment(type) : 4;
  if ((reinterpret_cast<uintptr_t>(view.data) & (align - 1)) != 0) {
    MicroPrintf("Model invalid: subgraph %d tensor %d " MOTE_NAME_FMT
                " data (buffer %u) at address %p is not "
                "%u-byte aligned as %s needs (place the model at a 16-byte aligned address)",
                t.sg, t.index, t.name, buffer, static_cast<const void*>(view.data), static_cast<unsigned>(align),
                TensorTypeName(type));
    return kTfLiteError;
  }
  return kTfLiteOk;
}

// zero_point readable in place, one per scale, and per-channel scales along a dimension of their count.
TfLiteStatus CheckTensorQuantization(const TensorRef& t) {
  const schema::QuantizationParameters* q = t.tensor->quantization();
  if (q == nullptr) return kTfLiteOk;
  // Readers index zero_point in place as int64. FlatBuffers builders align a vector to its element size, but the
  // FlatBuffers verifier checks only the 4-byte length prefix, so a damaged file could misalign it.
  if (q->zero_point() != nullptr && q->zero_point()->size() > 0 &&
      (reinterpret_cast<uintptr_t>(q->zero_point()->data()) & (sizeof(int64_t) - 1)) != 0) {
    MicroPrintf("Model invalid: subgraph %d tensor %d " MOTE_NAME_FMT
                " zero_point values at address %p are not 8-byte aligned",
                t.sg, t.index, t.name, static_cast<const void*>(q->zero_point()->data()));
    return kTfLiteError;
  }
  if (q->scale() == nullptr || q->scale()->size() == 0) return kTfLiteOk;
  const unsigned num_scales = static_cast<unsigned>(q->scale()->size());
  const unsigned num_zero_points = q->zero_point() == nullptr ? 0u : static_cast<unsigned>(q->zero_point()->size());
  if (num_zero_points != num_scales) {
    MicroPrintf("Model invalid: subgraph %d tensor %d " MOTE_NAME_FMT
                " has %u scale values but %u zero_point "
                "values (they must match)",
                t.sg, t.index, t.name, num_scales, num_zero_points);
    return kTfLiteError;
  }
  const flatbuffers::Vector<int32_t>* shape = t.tensor->shape();
  const int rank = shape == nullptr ? 0 : static_cast<int>(shape->size());
  const int32_t qd = q->quantized_dimension();
  // Older converters copied the weights' quantized_dimension onto 1-D per-channel bias tensors (e.g. 3 for
  // depthwise biases in TFLM's person_detect); TFLM never indexes a bias by it, so that layout is accepted.
  const bool legacy_bias = rank == 1 && qd >= rank && static_cast<uint32_t>(shape->Get(0)) == num_scales;
  // TFLM's model compressor rewrites a compressed weight as its encoded bytes (a 1-D UINT8 constant) and leaves
  // the weight's per-channel quantization on it; only TFLM_DECODE reads that tensor, as raw bytes.
  const bool encoded_weights = rank == 1 && t.tensor->type() == schema::TensorType_UINT8 && t.tensor->buffer() != 0;
  if (num_scales <= 1 || legacy_bias || encoded_weights) return kTfLiteOk;
  if (qd < 0 || qd >= rank) {
    MicroPrintf("Model invalid: subgraph %d tensor %d " MOTE_NAME_FMT
                " has %u per-channel scales but "
                "quantized_dimension %d is out of range for rank %d",
                t.sg, t.index, t.name, num_scales, static_cast<int>(qd), rank);
    return kTfLiteError;
  }
  if (static_cast<uint32_t>(shape->Get(qd)) != num_scales) {
    MicroPrintf("Model invalid: subgraph %d tensor %d " MOTE_NAME_FMT
                " has %u per-channel scales but dimension "
                "%d (quantized_dimension) has size %d",
                t.sg, t.index, t.name, num_scales, static_cast<int>(qd), static_cast<int>(shape->Get(qd)));
    return kTfLiteError;
  }
  return kTfLiteOk;
}

// Checks in the order a reader meets them: type, shape and size, storage, quantization.
TfLiteStatus CheckTensor(const schema::Model* model, int sg, int index, const schema::Tensor* tensor,
                         const uint8_t* base, size_t size) {
  const TensorRef t{sg, index, StringOrEmpty(tensor->name()), tensor};
  TF_LITE_ENSURE_STATUS(CheckTensorType(t));
  int64_t bytes = 0;
  TF_LITE_ENSURE_STATUS(CheckTensorShape(t, &bytes));
  TF_LITE_ENSURE_STATUS(CheckTensorStorage(model, t, bytes, base, size));
  return CheckTensorQuantization(t);
}

TfLiteStatus CheckTensorList(int sg, const char* what, const flatbuffers::Vector<int32_t>* list, int num_tensors) {
  if (list == nullptr) return kTfLiteOk;
  for (unsigned i = 0; i < list->size(); ++i) {
    const int32_t t = list->Get(i);
    if (t < 0 || t >= num_tensors) {
      MicroPrintf("Model invalid: subgraph %d %s %u is tensor %d but the subgraph has %d tensors", sg, what, i,
                  static_cast<int>(t), num_tensors);
      return kTfLiteError;
    }
  }
  return kTfLiteOk;
}

// The j-th tensor an operator lists as `what` ("input", "output", "intermediate") is one of the subgraph's.
TfLiteStatus CheckOperatorTensorIndex(int sg, int index, const char* op_name, const char* what, unsigned j,
                                      int32_t t, int num_tensors) {
  if (t >= 0 && t < num_tensors) return kTfLiteOk;
  MicroPrintf("Model invalid: subgraph %d operator %d (%s) %s %u is tensor %d but the subgraph has %d tensors", sg,
              index, op_name, what, j, static_cast<int>(t), num_tensors);
  return kTfLiteError;
}

TfLiteStatus CheckOperator(const schema::Model* model, int sg, const schema::SubGraph* subgraph, int index,
                           const schema::Operator* op, const uint8_t* base, size_t size) {
  const int num_tensors = static_cast<int>(subgraph->tensors()->size());
  const unsigned num_codes = static_cast<unsigned>(model->operator_codes()->size());
  if (op->opcode_index() >= num_codes) {
    MicroPrintf("Model invalid: subgraph %d operator %d uses operator code %u but the model has %u operator codes", sg,
                index, static_cast<unsigned>(op->opcode_index()), num_codes);
    return kTfLiteError;
  }
  const char* op_name = OpName(model, op->opcode_index());

  if (const auto* inputs = op->inputs()) {
    for (unsigned j = 0; j < inputs->size(); ++j) {
      const int32_t t = inputs->Get(j);
      if (t == -1) continue;  // optional input left out
      TF_LITE_ENSURE_STATUS(CheckOperatorTensorIndex(sg, index, op_name, "input", j, t, num_tensors));
    }
  }
  if (const auto* outputs = op->outputs()) {
    for (unsigned j = 0; j < outputs->size(); ++j) {
      const int32_t t = outputs->Get(j);
      if (t == -1) {
        MicroPrintf("Model invalid: subgraph %d operator %d (%s) output %u is -1 (outputs cannot be omitted)", sg,
                    index, op_name, j);
        return kTfLiteError;
      }
      TF_LITE_ENSURE_STATUS(CheckOperatorTensorIndex(sg, index, op_name, "output", j, t, num_tensors));
      const schema::Tensor* tensor = subgraph->tensors()->Get(t);
      if (IsConstant(model, tensor, base, size)) {
        MicroPrintf("Model invalid: subgraph %d operator %d (%s) output %u is tensor %d " MOTE_NAME_FMT
                    ", a constant (it has data in buffer %u); operators cannot write constants",
                    sg, index, op_name, j, static_cast<int>(t), StringOrEmpty(tensor->name()),
                    static_cast<unsigned>(tensor->buffer()));
        return kTfLiteError;
      }
    }
  }
  if (const auto* intermediates = op->intermediates()) {
    for (unsigned j = 0; j < intermediates->size(); ++j) {
      TF_LITE_ENSURE_STATUS(
          CheckOperatorTensorIndex(sg, index, op_name, "intermediate", j, intermediates->Get(j), num_tensors));
    }
  }
  const uint64_t options_offset = op->large_custom_options_offset();
  const uint64_t options_size = op->large_custom_options_size();
  if (IsExternalOffset(options_offset)) {
    if (base == nullptr) {
      MicroPrintf(
          "Model invalid: subgraph %d operator %d (%s) keeps its custom options outside the FlatBuffer "
          "(offset %llu, %llu bytes); checking them needs the model size (verify the model with its size)",
          sg, index, op_name, static_cast<U64>(options_offset), static_cast<U64>(options_size));
      return kTfLiteError;
    }
    if (options_offset > size || options_size > size - options_offset) {
      MicroPrintf(
          "Model invalid: subgraph %d operator %d (%s) custom options (offset %llu, %llu bytes) lie outside "
          "the %llu-byte model",
          sg, index, op_name, static_cast<U64>(options_offset), static_cast<U64>(options_size), static_cast<U64>(size));
      return kTfLiteError;
    }
  }
  return kTfLiteOk;
}

// One bit per tensor of a dataflow window (128 bytes of stack).
struct TensorBits {
  uint32_t words[kDataflowWindow / 32];

  bool test(int i) const { return (words[i >> 5] >> (i & 31)) & 1u; }
  void set(int i) { words[i >> 5] |= 1u << (i & 31); }
  void clear(int i) { words[i >> 5] &= ~(1u << (i & 31)); }
};

// The tensors [begin, end) one walk over the operators tracks; bits are indexed by t - begin.
struct DataflowWindow {
  int begin;
  int end;
  TensorBits available;  // needs no producer: a constant, a subgraph input, a variable or an empty tensor
  TensorBits produced;   // written by an operator walked so far
  TensorBits producible;  // written by some operator of the subgraph (earlier or later in the walk)
  TensorBits reading;    // inputs of the operator being checked (cleared after each operator)

  bool contains(int32_t t) const { return t >= begin && t < end; }
  bool defined(int32_t t) const { return available.test(t - begin) || produced.test(t - begin); }
};

// Starts window [begin, end): nothing produced yet, and the tensors that need no producer marked available.
void StartWindow(const schema::Model* model, const schema::SubGraph* subgraph, const uint8_t* base, size_t size,
                 int begin, int end, DataflowWindow* w) {
  w->begin = begin;
  w->end = end;
  std::memset(&w->available, 0, sizeof(w->available));
  std::memset(&w->produced, 0, sizeof(w->produced));
  std::memset(&w->reading, 0, sizeof(w->reading));
  std::memset(&w->producible, 0, sizeof(w->producible));
  const auto* tensors = subgraph->tensors();
  for (int t = begin; t < end; ++t) {
    const schema::Tensor* tensor = tensors->Get(t);
    if (tensor->is_variable() || IsConstant(model, tensor, base, size) || HasNoElements(tensor)) {
      w->available.set(t - begin);
    }
  }
  if (const auto* inputs = subgraph->inputs()) {
    for (unsigned i = 0; i < inputs->size(); ++i) {
      const int32_t t = inputs->Get(i);
      if (w->contains(t)) w->available.set(t - begin);
    }
  }
  const int num_ops = subgraph->operators() == nullptr ? 0 : static_cast<int>(subgraph->operators()->size());
  for (int i = 0; i < num_ops; ++i) {
    const auto* outputs = subgraph->operators()->Get(i)->outputs();
    for (unsigned j = 0; outputs != nullptr && j < outputs->size(); ++j) {
      if (w->contains(outputs->Get(j))) w->producible.set(outputs->Get(j) - begin);
    }
  }
}

// The first operator from `index` on that writes tensor t (only the error message needs it, so it is searched
// for rather than stored). The caller knows one exists.
int LaterProducer(const schema::SubGraph* subgraph, int index, int32_t t) {
  const auto* operators = subgraph->operators();
  for (int k = index;; ++k) {
    const auto* outputs = operators->Get(k)->outputs();
    for (unsigned m = 0; outputs != nullptr && m < outputs->size(); ++m) {
      if (outputs->Get(m) == t) return k;
    }
  }
}

// Refuses an operator that reads a tensor of the window which it or a later operator writes (out of order, or a
// cycle); marks its inputs as being read. A tensor that no operator writes is not a hazard: it is arena memory
// whose contents are undefined, as in TFLM, which is how Vela hands the `ethos-u` op its scratch buffers.
TfLiteStatus CheckOperatorReads(const schema::Model* model, int sg, const schema::SubGraph* subgraph, int index,
                                DataflowWindow* w) {
  const schema::Operator* op = subgraph->operators()->Get(index);
  const auto* inputs = op->inputs();
  for (unsigned j = 0; inputs != nullptr && j < inputs->size(); ++j) {
    const int32_t t = inputs->Get(j);
    if (!w->contains(t)) continue;
    w->reading.set(t - w->begin);
    if (w->defined(t) || !w->producible.test(t - w->begin)) continue;
    const int producer = LaterProducer(subgraph, index, t);
    MicroPrintf("Model invalid: subgraph %d operator %d (%s) reads tensor %d " MOTE_NAME_FMT
                " before operator %d (%s) produces it (operators must be in execution order; cycles are not "
                "allowed)",
                sg, index, OpName(model, op->opcode_index()), static_cast<int>(t),
                StringOrEmpty(subgraph->tensors()->Get(t)->name()), producer,
                OpName(model, subgraph->operators()->Get(producer)->opcode_index()));
    return kTfLiteError;
  }
  return kTfLiteOk;
}

// The operator that first wrote tensor t, which output `output` of operator `index` writes again (only the
// error message needs it, so it is searched for rather than stored).
int FirstProducer(const schema::SubGraph* subgraph, int index, unsigned output, int32_t t) {
  const auto* operators = subgraph->operators();
  for (int k = 0; k <= index; ++k) {
    const auto* earlier = operators->Get(k)->outputs();
    const unsigned limit = k == index ? output : (earlier == nullptr ? 0u : static_cast<unsigned>(earlier->size()));
    for (unsigned m = 0; m < limit; ++m) {
      if (earlier->Get(m) == t) return k;
    }
  }
  return index;
}

// Refuses an operator that writes a tensor of the window it also reads, or that an earlier operator wrote;
// marks its outputs as produced.
TfLiteStatus CheckOperatorWrites(const schema::Model* model, int sg, const schema::SubGraph* subgraph, int index,
                                 DataflowWindow* w) {
  const schema::Operator* op = subgraph->operators()->Get(index);
  const auto* outputs = op->outputs();
  const auto* tensors = subgraph->tensors();
  for (unsigned j = 0; outputs != nullptr && j < outputs->size(); ++j) {
    const int32_t t = outputs->Get(j);
    if (!w->contains(t)) continue;
    if (w->reading.test(t - w->begin)) {
      // Kernels read their inputs while writing their outputs: in place on one tensor they would read
      // values they have already overwritten (and invoke assumes distinct buffers).
      unsigned input_position = 0;
      while (op->inputs()->Get(input_position) != t) ++input_position;
      MicroPrintf("Model invalid: subgraph %d operator %d (%s) output %u is tensor %d " MOTE_NAME_FMT
                  ", which is also its input %u (an operator cannot write a tensor it reads)",
                  sg, index, OpName(model, op->opcode_index()), j, static_cast<int>(t),
                  StringOrEmpty(tensors->Get(t)->name()), input_position);
      return kTfLiteError;
    }
    if (w->produced.test(t - w->begin)) {
      const int first = FirstProducer(subgraph, index, j, t);
      MicroPrintf("Model invalid: subgraph %d tensor %d " MOTE_NAME_FMT
                  " is produced twice: by operator %d "
                  "(%s) and by operator %d (%s)",
                  sg, static_cast<int>(t), StringOrEmpty(tensors->Get(t)->name()), first,
                  OpName(model, subgraph->operators()->Get(first)->opcode_index()), index,
                  OpName(model, static_cast<unsigned>(op->opcode_index())));
      return kTfLiteError;
    }
    w->produced.set(t - w->begin);
  }
  return kTfLiteOk;
}

// A model output nothing writes would hand the application whatever the arena held before.
TfLiteStatus CheckOutputsDefined(int sg, const schema::SubGraph* subgraph, const DataflowWindow& w) {
  const auto* outputs = subgraph->outputs();
  for (unsigned j = 0; outputs != nullptr && j < outputs->size(); ++j) {
    const int32_t t = outputs->Get(j);
    if (!w.contains(t) || w.defined(t)) continue;
    MicroPrintf("Model invalid: subgraph %d output %u is tensor %d " MOTE_NAME_FMT
                ", which no operator produces (and which is not an input, a constant or a variable)",
                sg, j, static_cast<int>(t), StringOrEmpty(subgraph->tensors()->Get(t)->name()));
    return kTfLiteError;
  }
  return kTfLiteOk;
}

// Operators are stored in execution order. Walks them once per window of kDataflowWindow tensors, so that the
// bitmaps stay on the stack whatever the model's size. Indices were range-checked by CheckOperator.
TfLiteStatus CheckDataflow(const schema::Model* model, int sg, const schema::SubGraph* subgraph, const uint8_t* base,
                           size_t size) {
  const int num_tensors = static_cast<int>(subgraph->tensors()->size());
  const int num_ops = subgraph->operators() == nullptr ? 0 : static_cast<int>(subgraph->operators()->size());
  DataflowWindow w;
  for (int window = 0; window < num_tensors; window += kDataflowWindow) {
    const int window_end = num_tensors - window < kDataflowWindow ? num_tensors : window + kDataflowWindow;
    StartWindow(model, subgraph, base, size, window, window_end, &w);
    for (int i = 0; i < num_ops; ++i) {
      TF_LITE_ENSURE_STATUS(CheckOperatorReads(model, sg, subgraph, i, &w));
      TF_LITE_ENSURE_STATUS(CheckOperatorWrites(model, sg, subgraph, i, &w));
      if (const auto* inputs = subgraph->operators()->Get(i)->inputs()) {
        for (unsigned j = 0; j < inputs->size(); ++j) {
          const int32_t t = inputs->Get(j);
          if (w.contains(t)) w.reading.clear(t - w.begin);
        }
      }
    }
    TF_LITE_ENSURE_STATUS(CheckOutputsDefined(sg, subgraph, w));
  }
  return kTfLiteOk;
}

TfLiteStatus CheckSubgraph(const schema::Model* model, int sg, const uint8_t* base, size_t size) {
  const schema::SubGraph* subgraph = model->subgraphs()->Get(sg);
  const auto* tensors = subgraph->tensors();
  if (tensors == nullptr) {
    MicroPrintf("Model invalid: subgraph %d has no tensors vector", sg);
    return kTfLiteError;
  }
  const int num_tensors = static_cast<int>(tensors->size());
  for (int t = 0; t < num_tensors; ++t) {
    TF_LITE_ENSURE_STATUS(CheckTensor(model, sg, t, tensors->Get(t), base, size));
  }
  TF_LITE_ENSURE_STATUS(CheckTensorList(sg, "input", subgraph->inputs(), num_tensors));
  TF_LITE_ENSURE_STATUS(CheckTensorList(sg, "output", subgraph->outputs(), num_tensors));
  if (const auto* operators = subgraph->operators()) {
    for (unsigned i = 0; i < operators->size(); ++i) {
      TF_LITE_ENSURE_STATUS(CheckOperator(model, sg, subgraph, static_cast<int>(i), operators->Get(i), base, size));
    }
  }
  return CheckDataflow(model, sg, subgraph, base, size);
}

// Tensor t of the model's tensors counted across subgraphs in order (t below their total).
const schema::Tensor* NthTensor(const schema::Model* model, int32_t t) {
  flatbuffers::uoffset_t sg = 0;
  while (t >= static_cast<int32_t>(model->subgraphs()->Get(sg)->tensors()->size())) {
    t -= static_cast<int32_t>(model->subgraphs()->Get(sg)->tensors()->size());
    ++sg;
  }
  return model->subgraphs()->Get(sg)->tensors()->Get(static_cast<flatbuffers::uoffset_t>(t));
}

TfLiteStatus CheckOfflinePlan(const schema::Model* model, unsigned buffer, const uint8_t* base, size_t size) {
  const BufferView view = ViewBuffer(model->buffers()->Get(buffer), base, size);
  if (view.external) {
    // TFLM (and mote's planner) read the plan from Buffer.data only.
    MicroPrintf(
        "Model invalid: metadata 'OfflineMemoryAllocation' (buffer %u) must hold its data inline, not at an "
        "external offset",
        buffer);
    return kTfLiteError;
  }
  constexpr size_t kHeaderBytes = kOfflineMemoryAllocationHeaderInts * sizeof(int32_t);
  if (view.bytes < kHeaderBytes || view.bytes % sizeof(int32_t) != 0) {
    MicroPrintf(
        "Model invalid: metadata 'OfflineMemoryAllocation' (buffer %u) has %llu bytes; expected int32 "
        "values [version, subgraph, count, offsets...]",
        buffer, static_cast<U64>(view.bytes));
    return kTfLiteError;
  }
  if ((reinterpret_cast<uintptr_t>(view.data) & (sizeof(int32_t) - 1)) != 0) {
    MicroPrintf(
        "Model invalid: metadata 'OfflineMemoryAllocation' (buffer %u) data at address %p is not 4-byte "
        "aligned",
        buffer, static_cast<const void*>(view.data));
    return kTfLiteError;
  }
  auto value = [&](uint64_t i) { return flatbuffers::ReadScalar<int32_t>(view.data + i * sizeof(int32_t)); };
  // TFLM reads neither the version (its format documents 0) nor the subgraph word (Vela writes 1 into
  // one-subgraph models): its offsets are one per tensor of every subgraph, in order.
  const int32_t count = value(2);
  int num_tensors = 0;
  for (flatbuffers::uoffset_t sg = 0; sg < model->subgraphs()->size(); ++sg) {
    num_tensors += static_cast<int>(model->subgraphs()->Get(sg)->tensors()->size());
  }
  if (count != num_tensors) {
    MicroPrintf(
        "Model invalid: metadata 'OfflineMemoryAllocation' has %d offsets but the model has %d tensors (one "
        "offset per tensor of every subgraph)",
        static_cast<int>(count), num_tensors);
    return kTfLiteError;
  }
  const uint64_t values = view.bytes / sizeof(int32_t);
  if (values != static_cast<uint64_t>(kOfflineMemoryAllocationHeaderInts) + static_cast<uint64_t>(count)) {
    MicroPrintf(
        "Model invalid: metadata 'OfflineMemoryAllocation' holds %llu int32 values but its header "
        "announces %d offsets (%d values expected)",
        static_cast<U64>(values), static_cast<int>(count),
        static_cast<int>(count) + kOfflineMemoryAllocationHeaderInts);
    return kTfLiteError;
  }
  for (int32_t t = 0; t < count; ++t) {
    const int32_t offset = value(static_cast<uint64_t>(kOfflineMemoryAllocationHeaderInts + t));
    if (offset < -1) {
      MicroPrintf(
          "Model invalid: metadata 'OfflineMemoryAllocation' gives tensor %d offset %d; offsets must be -1 "
          "or >= 0",
          static_cast<int>(t), static_cast<int>(offset));
      return kTfLiteError;
    }
    // Kernels access tensor data as their element type: a planned address must be aligned like the type.
    const schema::TensorType type = NthTensor(model, t)->type();
    const size_t align = ElementAlignment(type);
    if (offset > 0 && static_cast<size_t>(offset) % align != 0) {
      MicroPrintf(
          "Model invalid: metadata 'OfflineMemoryAllocation' gives tensor %d (%s) offset %d, which is not a "
          "multiple of its %u-byte alignment",
          static_cast<int>(t), TensorTypeName(type), static_cast<int>(offset), static_cast<unsigned>(align));
      return kTfLiteError;
    }
  }
  return kTfLiteOk;
}

TfLiteStatus CheckMetadata(const schema::Model* model, const uint8_t* base, size_t size) {
  const auto* metadata = model->metadata();
  if (metadata == nullptr) return kTfLiteOk;
  const unsigned num_buffers = model->buffers() == nullptr ? 0u : static_cast<unsigned>(model->buffers()->size());
  for (unsigned i = 0; i < metadata->size(); ++i) {
    const schema::Metadata* entry = metadata->Get(i);
    if (entry->buffer() >= num_buffers) {
      MicroPrintf("Model invalid: metadata %u " MOTE_NAME_FMT " uses buffer %u but the model has %u buffers", i,
                  StringOrEmpty(entry->name()), static_cast<unsigned>(entry->buffer()), num_buffers);
      return kTfLiteError;
    }
    const flatbuffers::String* name = entry->name();
    // Compared as a C string, as readers (TFLM, the interpreter) do: a name with an embedded NUL after
    // "OfflineMemoryAllocation" is what they would read as the plan, so it is validated as one.
    if (CStringEquals(name, kOfflineMemoryAllocationMetadata)) {
      TF_LITE_ENSURE_STATUS(CheckOfflinePlan(model, entry->buffer(), base, size));
    }
  }
  return kTfLiteOk;
}

bool LooksLikeIdentifier(const uint8_t* id) {
  for (int i = 0; i < 4; ++i) {
    const uint8_t c = id[i];
    const bool alnum = (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
    if (!alnum) return false;
  }
  return true;
}

}  // namespace

int32_t GetBuiltinCode(const schema::OperatorCode* op_code) {
  if (op_code == nullptr) return -1;
  const int32_t code = static_cast<int32_t>(op_code->builtin_code());
  const int32_t deprecated = static_cast<int32_t>(op_code->deprecated_builtin_code());
  return code > deprecated ? code : deprecated;
}

const char* TensorTypeName(schema::TensorType type) {
  const int v = static_cast<int>(type);
  if (v < schema::TensorType_MIN || v > schema::TensorType_MAX) return "UNKNOWN";
  const char* name = schema::EnumNameTensorType(type);
  return (name == nullptr || name[0] == '\0') ? "UNKNOWN" : name;
}

namespace {

// One row per schema::TensorType, in the schema's order: the C API's type, the element size (0: mote does not
// support the type) and the alignment its elements need in memory.
struct TensorTypeInfo {
  schema::TensorType schema_type;
  TfLiteType type;
  uint8_t size;
  uint8_t alignment;
};
constexpr TensorTypeInfo kTensorTypes[] = {
    {schema::TensorType_FLOAT32, kTfLiteFloat32, 4, 4},       {schema::TensorType_FLOAT16, kTfLiteFloat16, 2, 2},
    {schema::TensorType_INT32, kTfLiteInt32, 4, 4},           {schema::TensorType_UINT8, kTfLiteUInt8, 1, 1},
    {schema::TensorType_INT64, kTfLiteInt64, 8, 8},           {schema::TensorType_STRING, kTfLiteString, 0, 1},
    {schema::TensorType_BOOL, kTfLiteBool, 1, 1},             {schema::TensorType_INT16, kTfLiteInt16, 2, 2},
    {schema::TensorType_COMPLEX64, kTfLiteComplex64, 8, 4},   {schema::TensorType_INT8, kTfLiteInt8, 1, 1},
    {schema::TensorType_FLOAT64, kTfLiteFloat64, 8, 8},       {schema::TensorType_COMPLEX128, kTfLiteComplex128, 16, 8},
    {schema::TensorType_UINT64, kTfLiteUInt64, 8, 8},         {schema::TensorType_RESOURCE, kTfLiteResource, 0, 1},
    {schema::TensorType_VARIANT, kTfLiteVariant, 0, 1},       {schema::TensorType_UINT32, kTfLiteUInt32, 4, 4},
    {schema::TensorType_UINT16, kTfLiteUInt16, 2, 2},         {schema::TensorType_INT4, kTfLiteInt4, 1, 1},
    {schema::TensorType_BFLOAT16, kTfLiteBFloat16, 2, 2},
};
static_assert(sizeof(kTensorTypes) / sizeof(kTensorTypes[0]) == schema::TensorType_MAX + 1,
              "one kTensorTypes row per schema::TensorType");

// The type's row, or nullptr for a value outside the schema's enum.
const TensorTypeInfo* FindTensorType(schema::TensorType type) {
  const int v = static_cast<int>(type);
  if (v < schema::TensorType_MIN || v > schema::TensorType_MAX) return nullptr;
  return &kTensorTypes[v];
}

}  // namespace

TfLiteStatus ConvertTensorType(schema::TensorType type, TfLiteType* out) {
  const TensorTypeInfo* info = FindTensorType(type);
  if (info != nullptr) {
    *out = info->type;
    return kTfLiteOk;
  }
  *out = kTfLiteNoType;
  MicroPrintf("Unknown tensor type %d", static_cast<int>(type));
  return kTfLiteError;
}

size_t ElementSize(schema::TensorType type) {
  const TensorTypeInfo* info = FindTensorType(type);
  return info == nullptr ? 0 : info->size;
}

size_t ElementAlignment(schema::TensorType type) {
  const TensorTypeInfo* info = FindTensorType(type);
  return info == nullptr ? 1 : info->alignment;
}

int64_t TensorBytes(schema::TensorType type, int64_t element_count) {
  const size_t size = ElementSize(type);
  if (type == schema::TensorType_RESOURCE && element_count >= 0) return 0;  // a handle: no bytes of its own
  if (size == 0 || element_count < 0) return -1;
  if (type == schema::TensorType_INT4) return element_count / 2 + element_count % 2;
  if (element_count > INT64_MAX / static_cast<int64_t>(size)) return -1;
  return element_count * static_cast<int64_t>(size);
}

TfLiteStatus GetBufferData(const schema::Model* model, uint32_t buffer, const uint8_t* base, size_t size,
                           const uint8_t** data, size_t* bytes) {
  *data = nullptr;
  *bytes = 0;
  if (model == nullptr || model->buffers() == nullptr || buffer >= model->buffers()->size()) return kTfLiteError;
  const BufferView view = ViewBuffer(model->buffers()->Get(buffer), base, size);
  if (!view.ok) return kTfLiteError;
  *data = view.data;
  *bytes = static_cast<size_t>(view.bytes);
  return kTfLiteOk;
}

TfLiteStatus ValidateModelSemantics(const schema::Model* model, const uint8_t* base, size_t size) {
  if (model == nullptr) {
    MicroPrintf("Model invalid: no model (nullptr)");
    return kTfLiteError;
  }
  if (model->version() != kSupportedSchemaVersion) {
    MicroPrintf("Model provided is schema version %d not equal to supported version %d.",
                static_cast<int>(model->version()), static_cast<int>(kSupportedSchemaVersion));
    return kTfLiteError;
  }
  if (model->subgraphs() == nullptr || model->subgraphs()->size() == 0) {
    MicroPrintf("Model invalid: the model has no subgraphs");
    return kTfLiteError;
  }
  if (model->operator_codes() == nullptr) {
    MicroPrintf("Model invalid: the model has no operator_codes vector");
    return kTfLiteError;
  }
  TF_LITE_ENSURE_STATUS(CheckOperatorCodes(model));
  TF_LITE_ENSURE_STATUS(CheckBuffers(model, base, size));
  for (uint32_t sg = 0; sg < model->subgraphs()->size(); ++sg) {
    TF_LITE_ENSURE_STATUS(CheckSubgraph(model, static_cast<int>(sg), base, size));
  }
  return CheckMetadata(model, base, size);
}

TfLiteStatus VerifyModel(const void* data, size_t size) {
  if (data == nullptr) {
    MicroPrintf("Model invalid: model data is nullptr");
    return kTfLiteError;
  }
  if (size < kMinModelBytes) {
    MicroPrintf("Model invalid: %llu bytes is too small to be a model (at least %u bytes)", static_cast<U64>(size),
                static_cast<unsigned>(kMinModelBytes));
    return kTfLiteError;
  }
  // The FlatBuffers verifier requires size < FLATBUFFERS_MAX_BUFFER_SIZE (2^31 - 1): 32-bit signed offsets.
  if (size >= static_cast<size_t>(FLATBUFFERS_MAX_BUFFER_SIZE)) {
    MicroPrintf("Model invalid: %llu bytes is more than a FlatBuffer can address (2 GiB)", static_cast<U64>(size));
    return kTfLiteError;
  }
  // FlatBuffers aligns every scalar (up to 8-byte uint64/int64 fields) relative to the buffer start and reads it
  // in place; the verifier checks only that relative alignment. So the start itself must be 8-byte aligned, or
  // reads would be misaligned (undefined behaviour; a fault on Cortex-M0 and for some loads elsewhere).
  if ((reinterpret_cast<uintptr_t>(data) & (kModelAlignment - 1)) != 0) {
    MicroPrintf(
        "Model invalid: model data at address %p is not %u-byte aligned (place the model at a 16-byte "
        "aligned address)",
        data, static_cast<unsigned>(kModelAlignment));
    return kTfLiteError;
  }
  const uint8_t* bytes = static_cast<const uint8_t*>(data);
  const uint8_t* identifier = bytes + sizeof(flatbuffers::uoffset_t);
  const bool has_tfl3 = std::memcmp(identifier, schema::ModelIdentifier(), 4) == 0;
  if (!has_tfl3 && LooksLikeIdentifier(identifier)) {
    MicroPrintf("Model invalid: file identifier '%.4s' is not 'TFL3' (not a TensorFlow Lite model)",
                reinterpret_cast<const char*>(identifier));
    return kTfLiteError;
  }
  flatbuffers::Verifier::Options options;
  options.max_depth = 64;         // the schema nests 4 deep (model/subgraph/tensor/quantization); room to spare
  options.max_tables = 10000000;  // ~tables per model; bounds verification time on hostile input
  options.check_alignment = true;
  flatbuffers::Verifier verifier(bytes, size, options);
  const bool structure_ok =
      has_tfl3 ? schema::VerifyModelBuffer(verifier) : verifier.VerifyBuffer<schema::Model>(nullptr);
  if (!structure_ok) {
    MicroPrintf(
        "Model invalid: FlatBuffer verification failed for the %llu-byte model (truncated or corrupted "
        "file, or not a .tflite model)",
        static_cast<U64>(size));
    return kTfLiteError;
  }
  return ValidateModelSemantics(schema::GetModel(bytes), bytes, size);
}

}  // namespace mote
