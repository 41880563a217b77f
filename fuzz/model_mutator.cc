// The object-API schema header (flatc --gen-object-api, generated into the fuzz build) must come first: it
// defines the same include guard as the library's header, so this translation unit sees one schema.
#include "schema_object_api/schema_generated.h"

#include "model_mutator.h"
#include "mote/op_table.h"

#include <cfloat>
#include <climits>
#include <cmath>
#include <cstring>
#include <limits>
#include <memory>
#include <new>
#include <utility>

namespace mote {
namespace fuzz {
namespace {

using schema::BuiltinOperator;
using schema::BuiltinOptions;
using schema::ModelT;
using schema::OperatorT;
using schema::SubGraphT;
using schema::TensorT;

class Rng {
 public:
  explicit Rng(uint64_t seed) : state_(seed * 0x9e3779b97f4a7c15ull + 1) {}
  uint64_t Next() {
    uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  // Uniform in [0, n); 0 when n == 0.
  size_t Below(size_t n) { return n == 0 ? 0 : static_cast<size_t>(Next() % n); }
  bool OneIn(unsigned n) { return Below(n) == 0; }

  // Small values are what shapes, strides, axes and counts mostly hold; the rest are boundary values.
  int32_t SmallInt() { return static_cast<int32_t>(Below(12)) - 2; }
  int32_t InterestingInt() {
    static const int32_t kValues[] = {0,       1,           -1,         2,        3,         4,       5,
                                      7,       8,           15,         16,       31,        32,      63,
                                      64,      100,         127,        128,      255,       256,     1000,
                                      4096,    32767,       32768,      65535,    65536,     1 << 20, 1 << 24,
                                      1 << 30, INT32_MAX,   INT32_MIN,  -2,       -128,      -129,    -32768,
                                      46341,   INT32_MAX/2, 0x7ffffff0, -0x7ffffff0, 2147483646, 9, 10};
    return kValues[Below(sizeof(kValues) / sizeof(kValues[0]))];
  }
  int32_t SomeInt() { return OneIn(2) ? SmallInt() : InterestingInt(); }
  int64_t SomeInt64() {
    static const int64_t kValues[] = {INT64_MAX, INT64_MIN, int64_t{1} << 32, -(int64_t{1} << 32),
                                      int64_t{1} << 40, (int64_t{1} << 31), -(int64_t{1} << 31) - 1};
    return OneIn(4) ? kValues[Below(sizeof(kValues) / sizeof(kValues[0]))] : static_cast<int64_t>(SomeInt());
  }
  float SomeFloat() {
    static const float kValues[] = {0.0f,
                                    -0.0f,
                                    1.0f,
                                    -1.0f,
                                    0.5f,
                                    2.0f,
                                    std::numeric_limits<float>::quiet_NaN(),
                                    std::numeric_limits<float>::infinity(),
                                    -std::numeric_limits<float>::infinity(),
                                    std::numeric_limits<float>::denorm_min(),
                                    FLT_MIN,
                                    FLT_MAX,
                                    -FLT_MAX,
                                    1e-10f,
                                    1e10f,
                                    1e-30f,
                                    1e30f,
                                    4.656612873e-10f /* 2^-31 */,
                                    65536.0f,
                                    3.0e9f,
                                    -3.0e9f,
                                    0.00390625f,
                                    1.0f / 3.0f,
                                    0.1f};
    if (OneIn(4)) return static_cast<float>(static_cast<int64_t>(Below(2001)) - 1000) / 64.0f;
    return kValues[Below(sizeof(kValues) / sizeof(kValues[0]))];
  }

 private:
  uint64_t state_;
};

// Builtin codes mote implements (every op in the op table, so a new op is fuzzed as soon as it has its table
// line) plus CUSTOM and a few it does not implement.
#define MOTE_FUZZ_OP_CODE(code, add_name, parser, max_version) schema::BuiltinOperator_##code,
const BuiltinOperator kCodes[] = {
    MOTE_BUILTIN_OPS(MOTE_FUZZ_OP_CODE) schema::BuiltinOperator_CUSTOM,
};
#undef MOTE_FUZZ_OP_CODE

// Custom names: the named custom kernels of the op table (so that their prepare meets mutated graphs), a
// TensorFlow op and one no resolver has.
#define MOTE_FUZZ_CUSTOM_NAME(id, custom_name, add_name) custom_name,
const char* const kCustomNames[] = {MOTE_CUSTOM_OPS(MOTE_FUZZ_CUSTOM_NAME) "FlexAdd", "my_op"};
#undef MOTE_FUZZ_CUSTOM_NAME

const char* PickCustomName(Rng* rng) {
  return kCustomNames[rng->Below(sizeof(kCustomNames) / sizeof(kCustomNames[0]))];
}

template <class T>
T Pick(Rng* rng, const std::vector<T>& v) {
  return v[rng->Below(v.size())];
}

SubGraphT* PickSubgraph(Rng* rng, ModelT* m) {
  if (m->subgraphs.empty()) return nullptr;
  // Subgraph 0 is the one that runs: mutate it most of the time.
  return rng->OneIn(8) ? m->subgraphs[rng->Below(m->subgraphs.size())].get() : m->subgraphs[0].get();
}

TensorT* PickTensor(Rng* rng, SubGraphT* sg, int32_t* index = nullptr) {
  if (sg == nullptr || sg->tensors.empty()) return nullptr;
  const size_t i = rng->Below(sg->tensors.size());
  if (index != nullptr) *index = static_cast<int32_t>(i);
  return sg->tensors[i].get();
}

OperatorT* PickOperator(Rng* rng, SubGraphT* sg) {
  if (sg == nullptr || sg->operators.empty()) return nullptr;
  return sg->operators[rng->Below(sg->operators.size())].get();
}

// A tensor index for an operator or subgraph list: mostly a real tensor, sometimes -1 or out of range.
int32_t SomeTensorIndex(Rng* rng, const SubGraphT* sg) {
  const int32_t n = static_cast<int32_t>(sg->tensors.size());
  switch (rng->Below(10)) {
    case 0: return -1;
    case 1: return n;
    case 2: return rng->InterestingInt();
    default: return n == 0 ? 0 : static_cast<int32_t>(rng->Below(static_cast<size_t>(n)));
  }
}

int64_t ElementCount(const std::vector<int32_t>& shape) {
  int64_t n = 1;
  for (int32_t d : shape) {
    if (d < 0) return -1;
    n *= d;
    if (n > (int64_t{1} << 31)) return -1;
  }
  return n;
}

size_t ElementSize(schema::TensorType type) {
  switch (type) {
    case schema::TensorType_BOOL:
    case schema::TensorType_UINT8:
    case schema::TensorType_INT8:
    case schema::TensorType_INT4: return 1;
    case schema::TensorType_FLOAT16:
    case schema::TensorType_BFLOAT16:
    case schema::TensorType_INT16:
    case schema::TensorType_UINT16: return 2;
    case schema::TensorType_FLOAT32:
    case schema::TensorType_INT32:
    case schema::TensorType_UINT32: return 4;
    case schema::TensorType_INT64:
    case schema::TensorType_UINT64:
    case schema::TensorType_FLOAT64:
    case schema::TensorType_COMPLEX64: return 8;
    case schema::TensorType_COMPLEX128: return 16;
    default: return 0;
  }
}

// Resizes a constant tensor's buffer to what its (possibly mutated) shape and type need, so that a shape or
// type change is not simply refused as "buffer size does not match" every time.
void FitBuffer(Rng* rng, ModelT* m, const TensorT& t) {
  if (t.buffer == 0 || t.buffer >= m->buffers.size()) return;
  std::vector<uint8_t>& data = m->buffers[t.buffer]->data;
  if (data.empty()) return;
  const int64_t count = ElementCount(t.shape);
  const size_t element = ElementSize(t.type);
  if (count < 0 || element == 0) return;
  const int64_t bytes = t.type == schema::TensorType_INT4 ? (count + 1) / 2 : count * static_cast<int64_t>(element);
  if (bytes > (1 << 20)) return;
  const size_t old = data.size();
  data.resize(static_cast<size_t>(bytes));
  for (size_t i = old; i < data.size(); ++i) data[i] = static_cast<uint8_t>(rng->Next());
}

// --- Tensor mutations ---------------------------------------------------------------------------------------

void MutateShape(Rng* rng, ModelT* m, SubGraphT* sg) {
  TensorT* t = PickTensor(rng, sg);
  if (t == nullptr) return;
  switch (rng->Below(6)) {
    case 0:  // one dimension to a boundary value
      if (!t->shape.empty()) t->shape[rng->Below(t->shape.size())] = rng->SomeInt();
      break;
    case 1:  // +-1
      if (!t->shape.empty()) {
        int32_t& d = t->shape[rng->Below(t->shape.size())];
        d = static_cast<int32_t>(static_cast<uint32_t>(d) + (rng->OneIn(2) ? 1u : 0xffffffffu));  // +-1, wrapping
      }
      break;
    case 2:  // insert a dimension
      t->shape.insert(t->shape.begin() + static_cast<long>(rng->Below(t->shape.size() + 1)),
                      rng->OneIn(2) ? 1 : rng->SmallInt());
      break;
    case 3:  // drop a dimension
      if (!t->shape.empty()) t->shape.erase(t->shape.begin() + static_cast<long>(rng->Below(t->shape.size())));
      break;
    case 4:  // rank beyond the limit or a scalar
      if (rng->OneIn(2)) {
        t->shape.assign(9 + rng->Below(3), 1);
      } else {
        t->shape.clear();
      }
      break;
    default:  // two large dimensions whose product overflows 32 bits
      t->shape.assign(2 + rng->Below(3), 65536 + static_cast<int32_t>(rng->Below(3)));
      break;
  }
  if (rng->OneIn(2)) FitBuffer(rng, m, *t);
}

void MutateType(Rng* rng, ModelT* m, SubGraphT* sg) {
  TensorT* t = PickTensor(rng, sg);
  if (t == nullptr) return;
  static const schema::TensorType kCommon[] = {schema::TensorType_FLOAT32, schema::TensorType_INT8,
                                               schema::TensorType_INT16, schema::TensorType_INT32,
                                               schema::TensorType_INT64, schema::TensorType_UINT8,
                                               schema::TensorType_BOOL};
  t->type = rng->OneIn(3) ? static_cast<schema::TensorType>(rng->Below(22))
                          : kCommon[rng->Below(sizeof(kCommon) / sizeof(kCommon[0]))];
  if (rng->OneIn(2)) FitBuffer(rng, m, *t);
}

void MutateTensorBuffer(Rng* rng, ModelT* m, SubGraphT* sg) {
  TensorT* t = PickTensor(rng, sg);
  if (t == nullptr) return;
  switch (rng->Below(4)) {
    case 0: t->buffer = 0; break;
    case 1: t->buffer = static_cast<uint32_t>(m->buffers.size() + rng->Below(3)); break;
    case 2: {
      // A buffer of its own with data: the tensor becomes a constant.
      auto b = std::make_unique<schema::BufferT>();
      b->data.resize(1 + rng->Below(64));
      for (auto& x : b->data) x = static_cast<uint8_t>(rng->Next());
      m->buffers.push_back(std::move(b));
      t->buffer = static_cast<uint32_t>(m->buffers.size() - 1);
      FitBuffer(rng, m, *t);
      break;
    }
    default: t->buffer = static_cast<uint32_t>(rng->Below(m->buffers.size())); break;
  }
}

void MutateQuantization(Rng* rng, SubGraphT* sg) {
  TensorT* t = PickTensor(rng, sg);
  if (t == nullptr) return;
  if (!t->quantization || rng->OneIn(8)) {
    if (t->quantization && rng->OneIn(2)) {
      t->quantization.reset();  // a quantized kernel then finds no quantization parameters
      return;
    }
    t->quantization = std::make_unique<schema::QuantizationParametersT>();
    t->quantization->scale.push_back(rng->SomeFloat());
    t->quantization->zero_point.push_back(rng->SmallInt());
    return;
  }
  schema::QuantizationParametersT& q = *t->quantization;
  switch (rng->Below(6)) {
    case 0:
      if (!q.scale.empty()) q.scale[rng->Below(q.scale.size())] = rng->SomeFloat();
      break;
    case 1:
      if (!q.zero_point.empty()) q.zero_point[rng->Below(q.zero_point.size())] = rng->SomeInt64();
      break;
    case 2: q.quantized_dimension = rng->SmallInt(); break;
    case 3: {
      // Per-channel along some dimension (consistent), or one scale more or less (inconsistent).
      size_t n = t->shape.empty() ? 1 : static_cast<size_t>(std::max(1, t->shape[rng->Below(t->shape.size())]));
      if (n > 4096) n = 4096;
      if (rng->OneIn(3)) n = q.scale.size() + (rng->OneIn(2) ? 1 : 0);
      const float s = q.scale.empty() ? 0.5f : q.scale[0];
      q.scale.assign(n, s);
      q.zero_point.assign(rng->OneIn(4) ? n + 1 : n, q.zero_point.empty() ? 0 : q.zero_point[0]);
      if (!t->shape.empty()) {
        for (size_t d = 0; d < t->shape.size(); ++d) {
          if (static_cast<size_t>(t->shape[d]) == n) q.quantized_dimension = static_cast<int32_t>(d);
        }
      }
      break;
    }
    case 4:
      q.scale.clear();
      if (rng->OneIn(2)) q.zero_point.clear();
      break;
    default:
      q.min.push_back(rng->SomeFloat());
      q.max.push_back(rng->SomeFloat());
      break;
  }
}

void MutateTensorFlags(Rng* rng, SubGraphT* sg) {
  TensorT* t = PickTensor(rng, sg);
  if (t == nullptr) return;
  switch (rng->Below(3)) {
    case 0: t->is_variable = !t->is_variable; break;
    case 1: t->shape_signature = t->shape; if (!t->shape_signature.empty()) t->shape_signature[0] = -1; break;
    default: t->name.assign(rng->Below(300), static_cast<char>('a' + rng->Below(26))); break;
  }
}

// A copy of a tensor (shape perturbed) wired into an operator in place of one of its inputs or outputs.
void AddTensorVariant(Rng* rng, ModelT* m, SubGraphT* sg) {
  TensorT* t = PickTensor(rng, sg);
  OperatorT* op = PickOperator(rng, sg);
  if (t == nullptr || op == nullptr) return;
  auto copy = std::make_unique<TensorT>();
  copy->shape = t->shape;
  copy->type = t->type;
  copy->buffer = 0;
  copy->name = t->name + "_v";
  if (t->quantization) copy->quantization = std::make_unique<schema::QuantizationParametersT>(*t->quantization);
  if (!copy->shape.empty()) copy->shape[rng->Below(copy->shape.size())] = 1 + static_cast<int32_t>(rng->Below(6));
  if (rng->OneIn(2) && t->buffer != 0 && t->buffer < m->buffers.size() && !m->buffers[t->buffer]->data.empty()) {
    auto b = std::make_unique<schema::BufferT>();
    b->data = m->buffers[t->buffer]->data;
    m->buffers.push_back(std::move(b));
    copy->buffer = static_cast<uint32_t>(m->buffers.size() - 1);
    FitBuffer(rng, m, *copy);
  }
  sg->tensors.push_back(std::move(copy));
  const int32_t index = static_cast<int32_t>(sg->tensors.size() - 1);
  std::vector<int32_t>& list = (rng->OneIn(2) || op->outputs.empty()) ? op->inputs : op->outputs;
  if (list.empty()) {
    list.push_back(index);
  } else {
    list[rng->Below(list.size())] = index;
  }
  if (&list == &op->outputs && rng->OneIn(2)) sg->outputs.push_back(index);
}

// --- Buffer mutations ---------------------------------------------------------------------------------------

template <class T>
void Poke(std::vector<uint8_t>* data, size_t index, T value) {
  if ((index + 1) * sizeof(T) <= data->size()) std::memcpy(data->data() + index * sizeof(T), &value, sizeof(T));
}

void MutateBufferData(Rng* rng, ModelT* m) {
  if (m->buffers.size() < 2) return;
  schema::BufferT& b = *m->buffers[1 + rng->Below(m->buffers.size() - 1)];
  std::vector<uint8_t>& d = b.data;
  switch (rng->Below(8)) {
    case 0: if (!d.empty()) d.resize(rng->Below(d.size())); break;                    // truncate
    case 1: d.resize(d.size() + 1 + rng->Below(16), static_cast<uint8_t>(rng->Next())); break;  // extend
    case 2: d.clear(); break;  // the tensor stops being constant
    case 3:
      for (int i = 0; i < 4 && !d.empty(); ++i) d[rng->Below(d.size())] ^= static_cast<uint8_t>(1u << rng->Below(8));
      break;
    case 4:  // shape-like int32 constants: paddings, begin/end/strides, axes, new shapes
      for (int i = 0; i < 3 && d.size() >= 4; ++i) Poke<int32_t>(&d, rng->Below(d.size() / 4), rng->SomeInt());
      break;
    case 5:
      for (int i = 0; i < 2 && d.size() >= 8; ++i) Poke<int64_t>(&d, rng->Below(d.size() / 8), rng->SomeInt64());
      break;
    case 6:
      for (int i = 0; i < 3 && d.size() >= 4; ++i) Poke<float>(&d, rng->Below(d.size() / 4), rng->SomeFloat());
      break;
    default:  // data moved outside the FlatBuffer (offset/size form), possibly out of range
      b.data.clear();
      b.offset = rng->OneIn(2) ? static_cast<uint64_t>(rng->Below(4096)) : static_cast<uint64_t>(rng->SomeInt64());
      b.size = static_cast<uint64_t>(rng->Below(4096));
      break;
  }
}

// --- Operator mutations -------------------------------------------------------------------------------------

void MutateOperatorIo(Rng* rng, SubGraphT* sg) {
  OperatorT* op = PickOperator(rng, sg);
  if (op == nullptr) return;
  std::vector<int32_t>& list = rng->OneIn(3) ? op->outputs : op->inputs;
  switch (rng->Below(6)) {
    case 0: list.push_back(SomeTensorIndex(rng, sg)); break;
    case 1: if (!list.empty()) list.erase(list.begin() + static_cast<long>(rng->Below(list.size()))); break;
    case 2:  // aliasing: an output that is also an input, or an input repeated
      if (!op->inputs.empty() && !op->outputs.empty()) {
        if (rng->OneIn(2)) {
          op->outputs[rng->Below(op->outputs.size())] = op->inputs[rng->Below(op->inputs.size())];
        } else {
          op->inputs[rng->Below(op->inputs.size())] = op->inputs[rng->Below(op->inputs.size())];
        }
      }
      break;
    case 3: if (!list.empty()) std::swap(list[rng->Below(list.size())], list[rng->Below(list.size())]); break;
    case 4: if (!list.empty()) list[rng->Below(list.size())] = -1; break;
    default: if (!list.empty()) list[rng->Below(list.size())] = SomeTensorIndex(rng, sg); break;
  }
}

void MutateOperatorOrder(Rng* rng, SubGraphT* sg) {
  if (sg == nullptr || sg->operators.empty()) return;
  auto& ops = sg->operators;
  switch (rng->Below(4)) {
    case 0: std::swap(ops[rng->Below(ops.size())], ops[rng->Below(ops.size())]); break;
    case 1: ops.erase(ops.begin() + static_cast<long>(rng->Below(ops.size()))); break;
    case 2: {
      // A second producer of the same outputs, or (after an edit) a node reading what it writes.
      auto copy = std::make_unique<OperatorT>(*ops[rng->Below(ops.size())]);
      ops.push_back(std::move(copy));
      break;
    }
    default: {
      OperatorT* op = ops[rng->Below(ops.size())].get();
      op->intermediates.push_back(SomeTensorIndex(rng, sg));
      break;
    }
  }
}

void MutateOpcode(Rng* rng, ModelT* m, SubGraphT* sg) {
  if (rng->OneIn(2) || m->operator_codes.empty()) {
    OperatorT* op = PickOperator(rng, sg);
    if (op == nullptr) return;
    op->opcode_index = rng->OneIn(6) ? static_cast<uint32_t>(m->operator_codes.size() + rng->Below(2))
                                     : static_cast<uint32_t>(rng->Below(m->operator_codes.size()));
    return;
  }
  schema::OperatorCodeT& code = *m->operator_codes[rng->Below(m->operator_codes.size())];
  switch (rng->Below(5)) {
    case 0:
    case 1: {
      // Another op over the same tensors: kernels' prepare meets inputs it was never written for.
      const BuiltinOperator c = kCodes[rng->Below(sizeof(kCodes) / sizeof(kCodes[0]))];
      code.builtin_code = c;
      code.deprecated_builtin_code = static_cast<int8_t>(c < 127 ? c : 127);
      if (c == schema::BuiltinOperator_CUSTOM && rng->OneIn(2)) code.custom_code = PickCustomName(rng);
      break;
    }
    case 2: code.version = rng->OneIn(2) ? static_cast<int32_t>(rng->Below(15)) : rng->InterestingInt(); break;
    case 3: code.deprecated_builtin_code = static_cast<int8_t>(rng->Next()); break;
    default: code.builtin_code = static_cast<BuiltinOperator>(rng->InterestingInt()); break;
  }
}

schema::ActivationFunctionType SomeActivation(Rng* rng) {
  const int32_t v = rng->OneIn(8) ? rng->SomeInt() : static_cast<int32_t>(rng->Below(6));
  return static_cast<schema::ActivationFunctionType>(v);
}
schema::Padding SomePadding(Rng* rng) {
  return static_cast<schema::Padding>(rng->OneIn(8) ? rng->SomeInt() : static_cast<int32_t>(rng->Below(2)));
}

// Fields 0-3 of the windowed operators' options (CONV_2D, DEPTHWISE_CONV_2D, pools): padding, strides,
// activation. False (nothing drawn, nothing changed) for any other field.
template <class Options>
bool MutateWindow(Rng* rng, Options* o, size_t field, int32_t v) {
  switch (field) {
    case 0: o->padding = SomePadding(rng); return true;
    case 1: o->stride_w = v; return true;
    case 2: o->stride_h = v; return true;
    case 3: o->fused_activation_function = SomeActivation(rng); return true;
    default: return false;
  }
}

// MutateWindow plus the dilation factors (fields 4 and 5) of CONV_2D and DEPTHWISE_CONV_2D.
template <class Options>
bool MutateConvWindow(Rng* rng, Options* o, size_t field, int32_t v) {
  if (MutateWindow(rng, o, field, v)) return true;
  if (field == 4) {
    o->dilation_w_factor = v;
  } else if (field == 5) {
    o->dilation_h_factor = v;
  } else {
    return false;
  }
  return true;
}

// ADD / SUB options: the activation (even fields) or the int16 power-of-two scaling flag.
template <class Options>
void MutateAddSub(Rng* rng, Options* o, size_t field) {
  if (field % 2 == 0) {
    o->fused_activation_function = SomeActivation(rng);
  } else {
    o->pot_scale_int16 = !o->pot_scale_int16;
  }
}

// Changes one field of the operator's builtin options (or the options' type).
void MutateOptions(Rng* rng, SubGraphT* sg) {
  OperatorT* op = PickOperator(rng, sg);
  if (op == nullptr) return;
  schema::BuiltinOptionsUnion& u = op->builtin_options;
  if (rng->OneIn(10)) {
    // Options of the wrong type, or none where a kernel needs them.
    switch (rng->Below(5)) {
      case 0: u.Reset(); break;
      case 1: u.Set(schema::Conv2DOptionsT()); break;
      case 2: u.Set(schema::Pool2DOptionsT()); break;
      case 3: u.Set(schema::ReshapeOptionsT()); break;
      default: u.Set(schema::SoftmaxOptionsT()); break;
    }
    return;
  }
  const int32_t v = rng->SomeInt();
  const size_t field = rng->Below(8);
  switch (u.type) {
    case BuiltinOptions::BuiltinOptions_Conv2DOptions: {
      auto* o = u.AsConv2DOptions();
      if (!MutateConvWindow(rng, o, field, v)) o->quantized_bias_type = static_cast<schema::TensorType>(rng->Below(20));
      break;
    }
    case BuiltinOptions::BuiltinOptions_DepthwiseConv2DOptions: {
      auto* o = u.AsDepthwiseConv2DOptions();
      if (!MutateConvWindow(rng, o, field, v)) o->depth_multiplier = v;
      break;
    }
    case BuiltinOptions::BuiltinOptions_Pool2DOptions: {
      auto* o = u.AsPool2DOptions();
      if (MutateWindow(rng, o, field, v)) break;
      switch (field) {
        case 4: o->filter_width = v; break;
        case 5: o->filter_height = v; break;
        default: o->filter_width = o->filter_height = v; break;
      }
      break;
    }
    case BuiltinOptions::BuiltinOptions_FullyConnectedOptions: {
      auto* o = u.AsFullyConnectedOptions();
      switch (field % 5) {
        case 0: o->fused_activation_function = SomeActivation(rng); break;
        case 1: o->weights_format = static_cast<schema::FullyConnectedOptionsWeightsFormat>(rng->Below(4)); break;
        case 2: o->keep_num_dims = !o->keep_num_dims; break;
        case 3: o->asymmetric_quantize_inputs = !o->asymmetric_quantize_inputs; break;
        default: o->quantized_bias_type = static_cast<schema::TensorType>(rng->Below(20)); break;
      }
      break;
    }
    case BuiltinOptions::BuiltinOptions_SoftmaxOptions: u.AsSoftmaxOptions()->beta = rng->SomeFloat(); break;
    case BuiltinOptions::BuiltinOptions_ConcatenationOptions: {
      auto* o = u.AsConcatenationOptions();
      if (field % 2 == 0) {
        o->axis = v;
      } else {
        o->fused_activation_function = SomeActivation(rng);
      }
      break;
    }
    case BuiltinOptions::BuiltinOptions_AddOptions: {
      MutateAddSub(rng, u.AsAddOptions(), field);
      break;
    }
    case BuiltinOptions::BuiltinOptions_SubOptions: {
      MutateAddSub(rng, u.AsSubOptions(), field);
      break;
    }
    case BuiltinOptions::BuiltinOptions_MulOptions:
      u.AsMulOptions()->fused_activation_function = SomeActivation(rng);
      break;
    case BuiltinOptions::BuiltinOptions_ReshapeOptions: {
      auto* o = u.AsReshapeOptions();
      if (field < 3 && !o->new_shape.empty()) {
        o->new_shape[rng->Below(o->new_shape.size())] = rng->SomeInt();
      } else if (field < 5) {
        o->new_shape.push_back(rng->OneIn(2) ? -1 : rng->SmallInt());
      } else if (field < 7) {
        o->new_shape.assign(rng->Below(12), 1);
      } else if (!o->new_shape.empty()) {
        o->new_shape.pop_back();
      }
      break;
    }
    case BuiltinOptions::BuiltinOptions_StridedSliceOptions: {
      auto* o = u.AsStridedSliceOptions();
      const int32_t mask = rng->OneIn(4) ? v : static_cast<int32_t>(rng->Below(256));
      switch (field % 6) {
        case 0: o->begin_mask = mask; break;
        case 1: o->end_mask = mask; break;
        case 2: o->ellipsis_mask = mask; break;
        case 3: o->new_axis_mask = mask; break;
        case 4: o->shrink_axis_mask = mask; break;
        default: o->offset = !o->offset; break;
      }
      break;
    }
    case BuiltinOptions::BuiltinOptions_ReducerOptions:
      u.AsReducerOptions()->keep_dims = !u.AsReducerOptions()->keep_dims;
      break;
    case BuiltinOptions::BuiltinOptions_SVDFOptions: {
      auto* o = u.AsSVDFOptions();
      switch (field % 3) {
        case 0: o->rank = v; break;
        case 1: o->fused_activation_function = SomeActivation(rng); break;
        default: o->asymmetric_quantize_inputs = !o->asymmetric_quantize_inputs; break;
      }
      break;
    }
    default:
      // No options (PAD, QUANTIZE, RELU...): give it some, or custom options bytes.
      if (rng->OneIn(2)) {
        op->custom_options.resize(rng->Below(32), static_cast<uint8_t>(rng->Next()));
      } else {
        op->large_custom_options_offset = static_cast<uint64_t>(rng->SomeInt64());
        op->large_custom_options_size = rng->Below(1 << 16);
      }
      break;
  }
}

// --- Graph-level mutations ----------------------------------------------------------------------------------

void MutateSubgraphIo(Rng* rng, SubGraphT* sg) {
  if (sg == nullptr) return;
  std::vector<int32_t>& list = rng->OneIn(2) ? sg->inputs : sg->outputs;
  switch (rng->Below(4)) {
    case 0: list.push_back(SomeTensorIndex(rng, sg)); break;
    case 1: if (!list.empty()) list.erase(list.begin() + static_cast<long>(rng->Below(list.size()))); break;
    case 2: list.clear(); break;
    default: if (!list.empty()) list[rng->Below(list.size())] = SomeTensorIndex(rng, sg); break;
  }
}

void MutateModelLevel(Rng* rng, ModelT* m) {
  switch (rng->Below(6)) {
    case 0:
      m->version = rng->OneIn(2) ? 2 + static_cast<uint32_t>(rng->Below(3)) : static_cast<uint32_t>(rng->Next());
      break;
    case 1: {
      // TFLM's offline memory plan: [version, subgraph, count, offsets...].
      auto b = std::make_unique<schema::BufferT>();
      const int32_t n = m->subgraphs.empty() ? 0 : static_cast<int32_t>(m->subgraphs[0]->tensors.size());
      std::vector<int32_t> words = {rng->OneIn(8) ? rng->SmallInt() : 1, rng->OneIn(8) ? rng->SmallInt() : 0,
                                    rng->OneIn(8) ? rng->SomeInt() : n};
      for (int32_t i = 0; i < n; ++i) {
        const int32_t aligned = static_cast<int32_t>(rng->Below(64)) * 16;
        words.push_back(rng->OneIn(3) ? -1 : (rng->OneIn(4) ? rng->SomeInt() : aligned));
      }
      b->data.resize(words.size() * 4);
      std::memcpy(b->data.data(), words.data(), b->data.size());
      m->buffers.push_back(std::move(b));
      auto md = std::make_unique<schema::MetadataT>();
      md->name = "OfflineMemoryAllocation";
      md->buffer = static_cast<uint32_t>(m->buffers.size() - 1);
      m->metadata.push_back(std::move(md));
      break;
    }
    case 2:
      if (!m->metadata.empty()) {
        m->metadata[rng->Below(m->metadata.size())]->buffer = static_cast<uint32_t>(rng->Below(m->buffers.size() + 2));
      }
      break;
    case 3: {
      // A second subgraph (control-flow models have several); only subgraph 0 runs.
      if (!m->subgraphs.empty() && m->subgraphs.size() < 4) {
        flatbuffers::FlatBufferBuilder fbb;
        fbb.Finish(schema::SubGraph::Pack(fbb, m->subgraphs[0].get()));
        m->subgraphs.push_back(std::unique_ptr<SubGraphT>(
            flatbuffers::GetRoot<schema::SubGraph>(fbb.GetBufferPointer())->UnPack()));
      }
      break;
    }
    case 4: m->operator_codes.push_back(std::make_unique<schema::OperatorCodeT>()); break;
    default:
      if (!m->buffers.empty() && rng->OneIn(2)) m->buffers.pop_back();
      else m->buffers.push_back(std::make_unique<schema::BufferT>());
      break;
  }
}

void MutateOnce(Rng* rng, ModelT* m) {
  SubGraphT* sg = PickSubgraph(rng, m);
  switch (rng->Below(17)) {
    case 0:
    case 1: MutateShape(rng, m, sg); break;
    case 2: MutateType(rng, m, sg); break;
    case 3: MutateTensorBuffer(rng, m, sg); break;
    case 4:
    case 5: MutateQuantization(rng, sg); break;
    case 6: MutateTensorFlags(rng, sg); break;
    case 7: AddTensorVariant(rng, m, sg); break;
    case 8:
    case 9: MutateBufferData(rng, m); break;
    case 10: MutateOperatorIo(rng, sg); break;
    case 11: MutateOperatorOrder(rng, sg); break;
    case 12: MutateOpcode(rng, m, sg); break;
    case 13:
    case 14: MutateOptions(rng, sg); break;
    case 15: MutateSubgraphIo(rng, sg); break;
    default: MutateModelLevel(rng, m); break;
  }
}

std::unique_ptr<ModelT> Parse(const uint8_t* data, size_t size) {
  if (size < 8 || size >= FLATBUFFERS_MAX_BUFFER_SIZE) return nullptr;
  // Aligned copy: the verifier and the accessors read scalars in place.
  std::unique_ptr<uint64_t[]> copy(new (std::nothrow) uint64_t[(size + 7) / 8]);
  if (!copy) return nullptr;
  std::memcpy(copy.get(), data, size);
  const auto* bytes = reinterpret_cast<const uint8_t*>(copy.get());
  flatbuffers::Verifier verifier(bytes, size);
  if (!verifier.VerifyBuffer<schema::Model>(nullptr)) return nullptr;
  // The FlatBuffers verifier checks a vector's 4-byte length prefix, not its elements' alignment; UnPack reads
  // int64 zero points in place, so leave byte-damaged ones to the byte-level mutator (mote refuses them).
  const schema::Model* root = schema::GetModel(bytes);
  if (root->subgraphs() != nullptr) {
    for (const schema::SubGraph* sg : *root->subgraphs()) {
      if (sg->tensors() == nullptr) continue;
      for (const schema::Tensor* t : *sg->tensors()) {
        const auto* q = t->quantization();
        if (q != nullptr && q->zero_point() != nullptr && q->zero_point()->size() > 0 &&
            reinterpret_cast<uintptr_t>(q->zero_point()->data()) % sizeof(int64_t) != 0) {
          return nullptr;
        }
      }
    }
  }
  std::unique_ptr<ModelT> model(root->UnPack());
  // A union whose type is set but whose table is absent verifies, unpacks to a null value, and would make the
  // generated Pack dereference it: drop such unions.
  for (auto& sg : model->subgraphs) {
    if (!sg) continue;
    for (auto& t : sg->tensors) {
      if (t && t->quantization && t->quantization->details.value == nullptr) t->quantization->details.Reset();
    }
    for (auto& op : sg->operators) {
      if (op && op->builtin_options.value == nullptr) op->builtin_options.Reset();
    }
  }
  return model;
}

void Serialize(const ModelT& m, std::vector<uint8_t>* out) {
  flatbuffers::FlatBufferBuilder fbb(1024);
  fbb.Finish(schema::Model::Pack(fbb, &m), schema::ModelIdentifier());
  out->assign(fbb.GetBufferPointer(), fbb.GetBufferPointer() + fbb.GetSize());
}

}  // namespace

bool MutateModel(const uint8_t* data, size_t size, uint32_t seed, std::vector<uint8_t>* out) {
  std::unique_ptr<ModelT> model = Parse(data, size);
  if (!model) return false;
  Rng rng(seed);
  const int count = 1 + static_cast<int>(rng.Below(4));
  for (int i = 0; i < count; ++i) MutateOnce(&rng, model.get());
  Serialize(*model, out);
  return true;
}

bool CrossOverModels(const uint8_t* data, size_t size, const uint8_t* other, size_t other_size, uint32_t seed,
                     std::vector<uint8_t>* out) {
  std::unique_ptr<ModelT> a = Parse(data, size);
  std::unique_ptr<ModelT> b = Parse(other, other_size);
  if (!a || !b || a->subgraphs.empty() || b->subgraphs.empty()) return false;
  Rng rng(seed);
  SubGraphT& dst = *a->subgraphs[0];
  SubGraphT& src = *b->subgraphs[0];
  const int32_t tensor_base = static_cast<int32_t>(dst.tensors.size());
  const uint32_t buffer_base = static_cast<uint32_t>(a->buffers.size());
  const uint32_t code_base = static_cast<uint32_t>(a->operator_codes.size());
  for (auto& buffer : b->buffers) a->buffers.push_back(std::move(buffer));
  for (auto& code : b->operator_codes) a->operator_codes.push_back(std::move(code));
  for (auto& t : src.tensors) {
    t->buffer += buffer_base;
    dst.tensors.push_back(std::move(t));
  }
  auto remap = [&](std::vector<int32_t>* list) {
    for (int32_t& i : *list) {
      if (i >= 0 && i <= INT32_MAX - tensor_base) i += tensor_base;  // out-of-range indices stay out of range
    }
  };
  // The second graph runs after the first; one of its inputs may be rewired to a tensor of the first.
  for (auto& op : src.operators) {
    op->opcode_index += code_base;
    remap(&op->inputs);
    remap(&op->outputs);
    remap(&op->intermediates);
    if (!op->inputs.empty() && tensor_base > 0 && rng.OneIn(3)) {
      op->inputs[rng.Below(op->inputs.size())] = static_cast<int32_t>(rng.Below(static_cast<size_t>(tensor_base)));
    }
    dst.operators.push_back(std::move(op));
  }
  remap(&src.inputs);
  remap(&src.outputs);
  dst.inputs.insert(dst.inputs.end(), src.inputs.begin(), src.inputs.end());
  dst.outputs.insert(dst.outputs.end(), src.outputs.begin(), src.outputs.end());
  Serialize(*a, out);
  return true;
}

}  // namespace fuzz
}  // namespace mote
