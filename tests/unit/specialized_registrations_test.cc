// The type-specialised registrations (Register_CONV_2D_INT8() and friends): they run the types they serve like
// the generic registration, and prepare refuses other types naming the generic registration that accepts them.
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "gtest/gtest.h"
#include "mote/micro_interpreter.h"
#include "mote/op_resolver.h"
#include "support/single_op.h"
#include "support/variant_test_util.h"

namespace mote {
namespace {

using variant_test::ConvNodeSpec;

struct NodeRun {
  TfLiteStatus status = kTfLiteError;
  std::string variant;
  std::string log;
};

// Prepares (and, when prepare succeeds, invokes) the one-op model `bytes` with only `registration` for `op`.
NodeRun PrepareWith(const std::vector<uint8_t>& bytes, schema::BuiltinOperator op,
                    const TfLiteRegistration& registration) {
  test::LogCapture log;
  test::AlignedModel model(bytes);
  test::AlignedBuffer arena(256 * 1024);
  MicroMutableOpResolver<1> resolver;
  EXPECT_EQ(resolver.AddBuiltin(op, registration), kTfLiteOk);
  MicroInterpreter interpreter(model.data(), model.size(), resolver, arena.data(), arena.size());
  NodeRun r;
  r.status = interpreter.AllocateTensors();
  if (r.status == kTfLiteOk) {
    r.variant = interpreter.node_info(0).variant;
    r.status = interpreter.Invoke();
  }
  r.log = log.text;
  return r;
}

NodeRun PrepareWith(const ConvNodeSpec& spec, const TfLiteRegistration& registration) {
  return PrepareWith(variant_test::BuildConvNode(spec), spec.op, registration);
}

// The refusal of a specialised registration for an input type it does not serve.
std::string NotServedMessage(const std::string& op, const std::string& type, const std::string& served,
                             const std::string& add_name) {
  return op + ": input type " + type + " is not supported by Register_" + op + "_" + served + "() (the generic " +
         add_name + "() registration accepts it)";
}

ConvNodeSpec Float32Conv() {
  ConvNodeSpec s;
  s.type = s.filter_type = s.bias_type = schema::TensorType_FLOAT32;
  return s;
}

TEST(SpecializedRegistrations, Int8ConvRefusesFloat32NamingTheGenericRegistration) {
  const NodeRun r = PrepareWith(Float32Conv(), Register_CONV_2D_INT8());
  EXPECT_NE(r.status, kTfLiteOk);
  EXPECT_NE(r.log.find("CONV_2D: input type FLOAT32 is not supported by Register_CONV_2D_INT8() (the generic "
                       "AddConv2D() registration accepts it)"),
            std::string::npos)
      << r.log;
  // The generic registration runs the same model.
  EXPECT_EQ(PrepareWith(Float32Conv(), Register_CONV_2D()).status, kTfLiteOk);
}

TEST(SpecializedRegistrations, Int8ConvRunsInt8LikeTheGenericRegistration) {
  const ConvNodeSpec s;  // int8
  const NodeRun specialized = PrepareWith(s, Register_CONV_2D_INT8());
  const NodeRun generic = PrepareWith(s, Register_CONV_2D());
  ASSERT_EQ(specialized.status, kTfLiteOk) << specialized.log;
  EXPECT_EQ(specialized.variant, generic.variant);
}

TEST(SpecializedRegistrations, Int16DepthwiseRefusesInt8) {
  ConvNodeSpec s;
  s.op = schema::BuiltinOperator_DEPTHWISE_CONV_2D;
  s.filter = {1, 3, 3, 3};
  s.output = {1, 5, 5, 3};
  s.filter_quantized_dimension = 3;
  const NodeRun r = PrepareWith(s, Register_DEPTHWISE_CONV_2D_INT16());
  EXPECT_NE(r.status, kTfLiteOk);
  EXPECT_NE(r.log.find("DEPTHWISE_CONV_2D: input type INT8 is not supported by Register_DEPTHWISE_CONV_2D_INT16() "
                       "(the generic AddDepthwiseConv2D() registration accepts it)"),
            std::string::npos)
      << r.log;
  EXPECT_EQ(PrepareWith(s, Register_DEPTHWISE_CONV_2D_INT8()).status, kTfLiteOk);
}

// BATCH_MATMUL [3, 4] x [4, 5] of `type`: both specialisations refuse the type they do not serve (and FLOAT32),
// and each runs its own type with the variant of the generic registration.
std::vector<uint8_t> BatchMatMulModel(schema::TensorType type) {
  const float scale = type == test::kF32 ? 0.0f : 0.05f;
  return test::BuildOne(schema::BuiltinOperator_BATCH_MATMUL,
                        {test::Runtime(type, {3, 4}, scale), test::Runtime(type, {4, 5}, scale)},
                        {test::Runtime(type, {3, 5}, scale)});
}

TEST(SpecializedRegistrations, BatchMatMulSpecialisationsRefuseTheOtherTypes) {
  constexpr auto kOp = schema::BuiltinOperator_BATCH_MATMUL;
  struct Refusal {
    schema::TensorType type;
    TfLiteRegistration registration;
    const char* type_name;
    const char* served;
  };
  const Refusal refusals[] = {{test::kF32, Register_BATCH_MATMUL_INT8(), "FLOAT32", "INT8"},
                              {test::kI16, Register_BATCH_MATMUL_INT8(), "INT16", "INT8"},
                              {test::kF32, Register_BATCH_MATMUL_INT16(), "FLOAT32", "INT16"},
                              {test::kI8, Register_BATCH_MATMUL_INT16(), "INT8", "INT16"}};
  for (const Refusal& refusal : refusals) {
    const NodeRun r = PrepareWith(BatchMatMulModel(refusal.type), kOp, refusal.registration);
    EXPECT_NE(r.status, kTfLiteOk) << refusal.type_name << " on " << refusal.served;
    EXPECT_NE(r.log.find(NotServedMessage("BATCH_MATMUL", refusal.type_name, refusal.served, "AddBatchMatMul")),
              std::string::npos)
        << r.log;
  }
  EXPECT_EQ(PrepareWith(BatchMatMulModel(test::kF32), kOp, Register_BATCH_MATMUL()).status, kTfLiteOk);
}

TEST(SpecializedRegistrations, BatchMatMulSpecialisationsRunTheirTypeLikeTheGenericRegistration) {
  constexpr auto kOp = schema::BuiltinOperator_BATCH_MATMUL;
  const std::pair<schema::TensorType, TfLiteRegistration> served[] = {{test::kI8, Register_BATCH_MATMUL_INT8()},
                                                                      {test::kI16, Register_BATCH_MATMUL_INT16()}};
  for (const auto& [type, registration] : served) {
    const NodeRun specialized = PrepareWith(BatchMatMulModel(type), kOp, registration);
    const NodeRun generic = PrepareWith(BatchMatMulModel(type), kOp, Register_BATCH_MATMUL());
    ASSERT_EQ(specialized.status, kTfLiteOk) << specialized.log;
    EXPECT_EQ(specialized.variant, generic.variant);
  }
}

// TRANSPOSE_CONV: output_shape [1, 4, 4, 2], filter [2, 3, 3, 3], input [1, 2, 2, 3], stride 2, a bias of the
// type the input type needs (INT64 for INT16 input).
std::vector<uint8_t> TransposeConvModel(schema::TensorType type) {
  const float scale = type == test::kF32 ? 0.0f : 0.05f;
  const schema::TensorType filter_type = type == test::kF32 ? test::kF32 : test::kI8;
  const schema::TensorType bias_type = type == test::kI16 ? test::kI64 : type == test::kI8 ? test::kI32 : test::kF32;
  const test::OptionsFn options = [](flatbuffers::FlatBufferBuilder& fbb) {
    return std::make_pair(schema::BuiltinOptions_TransposeConvOptions,
                          schema::CreateTransposeConvOptions(fbb, schema::Padding_SAME, 2, 2).Union());
  };
  return test::BuildOne(
      schema::BuiltinOperator_TRANSPOSE_CONV,
      {test::Const(test::kI32, {4}, {1, 4, 4, 2}), test::Runtime(filter_type, {2, 3, 3, 3}, scale),
       test::Runtime(type, {1, 2, 2, 3}, scale), test::Runtime(bias_type, {2}, type == test::kF32 ? 0.0f : 0.0025f)},
      {test::Runtime(type, {1, 4, 4, 2}, scale)}, options);
}

TEST(SpecializedRegistrations, Int8TransposeConvRefusesFloat32AndInt16) {
  constexpr auto kOp = schema::BuiltinOperator_TRANSPOSE_CONV;
  const std::pair<schema::TensorType, const char*> refused[] = {{test::kF32, "FLOAT32"}, {test::kI16, "INT16"}};
  for (const auto& [type, type_name] : refused) {
    const NodeRun r = PrepareWith(TransposeConvModel(type), kOp, Register_TRANSPOSE_CONV_INT8());
    EXPECT_NE(r.status, kTfLiteOk) << type_name;
    EXPECT_NE(r.log.find(NotServedMessage("TRANSPOSE_CONV", type_name, "INT8", "AddTransposeConv")), std::string::npos)
        << r.log;
    EXPECT_EQ(PrepareWith(TransposeConvModel(type), kOp, Register_TRANSPOSE_CONV()).status, kTfLiteOk) << type_name;
  }
  const NodeRun specialized = PrepareWith(TransposeConvModel(test::kI8), kOp, Register_TRANSPOSE_CONV_INT8());
  ASSERT_EQ(specialized.status, kTfLiteOk) << specialized.log;
  EXPECT_EQ(specialized.variant, PrepareWith(TransposeConvModel(test::kI8), kOp, Register_TRANSPOSE_CONV()).variant);
}

}  // namespace
}  // namespace mote
