// One-operator models of a named custom op (CUSTOM + custom_code, FlexBuffers options) for kernel tests: the
// signal ops' tests state their tensors as typed vectors, scalars and int16/int32 constants.
//
//   const auto model = BuildCustom("SignalFilterBankLog", {Vec(kU32, 4)}, {Vec(kI16, 4)},
//                                  FlexOptions({{"input_correction_bits", 3}, {"output_scale", 64}}));
//   test::ExpectRefused(model, "SignalFilterBankLog: ...");
#ifndef MOTE_TESTS_SUPPORT_CUSTOM_OP_H_
#define MOTE_TESTS_SUPPORT_CUSTOM_OP_H_

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "flatbuffers/flexbuffers.h"
#include "gtest/gtest.h"
#include "mote/op_resolver.h"
#include "support/model_builder.h"

namespace mote {
namespace test {

constexpr schema::TensorType kU32 = schema::TensorType_UINT32;
constexpr schema::TensorType kU64 = schema::TensorType_UINT64;

struct CustomTensor {
  schema::TensorType type;
  std::vector<int> shape;
  std::vector<int64_t> data;  // constant values (INT16 or INT32 tensors) when is_const
  bool is_const = false;
};

inline CustomTensor Vec(schema::TensorType type, int n) { return CustomTensor{type, {n}, {}, false}; }
inline CustomTensor Scalar(schema::TensorType type) { return CustomTensor{type, {}, {}, false}; }
inline CustomTensor ConstI16(std::vector<int64_t> values) {
  const int n = static_cast<int>(values.size());
  return CustomTensor{schema::TensorType_INT16, {n}, std::move(values), true};
}
inline CustomTensor ConstScalarI32(int32_t value) { return CustomTensor{schema::TensorType_INT32, {}, {value}, true}; }

// A FlexBuffers map of int options, then bool options (keys written in the given order).
inline std::vector<uint8_t> FlexOptions(const std::vector<std::pair<std::string, int64_t>>& ints,
                                        const std::vector<std::pair<std::string, bool>>& bools = {}) {
  flexbuffers::Builder fbb;
  fbb.Map([&]() {
    for (const auto& kv : ints) fbb.Int(kv.first.c_str(), kv.second);
    for (const auto& kv : bools) fbb.Bool(kv.first.c_str(), kv.second);
  });
  fbb.Finish();
  return fbb.GetBuffer();
}

inline int AddCustomTensor(ModelBuilder* b, const CustomTensor& t) {
  if (!t.is_const) return b->AddTensor(t.type, t.shape);
  if (t.type == schema::TensorType_INT16) {
    return b->AddConstTensor<int16_t>(t.type, t.shape, std::vector<int16_t>(t.data.begin(), t.data.end()));
  }
  return b->AddConstTensor<int32_t>(t.type, t.shape, std::vector<int32_t>(t.data.begin(), t.data.end()));
}

inline std::vector<uint8_t> BuildCustom(const std::string& name, const std::vector<CustomTensor>& ins,
                                        const std::vector<CustomTensor>& outs, std::vector<uint8_t> options) {
  ModelBuilder b;
  const int code = b.AddOperatorCode(schema::BuiltinOperator_CUSTOM, 1, name);
  std::vector<int> in_idx, graph_inputs, out_idx;
  for (const CustomTensor& t : ins) {
    in_idx.push_back(AddCustomTensor(&b, t));
    if (!t.is_const) graph_inputs.push_back(in_idx.back());
  }
  for (const CustomTensor& t : outs) out_idx.push_back(AddCustomTensor(&b, t));
  b.AddOperator(code, in_idx, out_idx, schema::BuiltinOptions_NONE, 0, std::move(options));
  b.SetInputs(graph_inputs);
  b.SetOutputs(out_idx);
  return b.Finish();
}

// The all-ops resolver finds `registration` by `name` (case-sensitive), `add` (a MicroMutableOpResolver<1>
// method call, e.g. [](auto& r) { return r.AddPCAN(); }) registers it under that name for every version, and
// diagnostics name `add_method`.
template <typename AddFn>
void ExpectCustomRegistration(const char* name, const TfLiteRegistration* registration, const char* add_method,
                              AddFn add) {
  AllOpsResolver all;
  EXPECT_EQ(all.FindOp(name, 1), registration);
  MicroMutableOpResolver<1> resolver;
  ASSERT_EQ(add(resolver), kTfLiteOk);
  const TfLiteRegistration* r = resolver.FindOp(name, 3);
  ASSERT_NE(r, nullptr);
  EXPECT_STREQ(r->custom_name, name);
  EXPECT_EQ(r->builtin_code, schema::BuiltinOperator_CUSTOM);
  EXPECT_STREQ(CustomOpTableAddMethodName(name), add_method);
}

}  // namespace test
}  // namespace mote

#endif  // MOTE_TESTS_SUPPORT_CUSTOM_OP_H_
