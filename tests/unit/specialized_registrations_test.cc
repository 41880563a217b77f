// The type-specialised registrations (Register_CONV_2D_INT8() and friends): they run the types they serve like
// the generic registration, and prepare refuses other types naming the generic registration that accepts them.
#include <memory>
#include <string>

#include "gtest/gtest.h"
#include "support/variant_test_util.h"
#include "mote/micro_interpreter.h"
#include "mote/op_resolver.h"

namespace mote {
namespace {

using variant_test::ConvNodeSpec;

struct NodeRun {
  TfLiteStatus status = kTfLiteError;
  std::string variant;
  std::string log;
};

// Prepares (and, when prepare succeeds, invokes) `spec` with only `registration` for its op.
NodeRun PrepareWith(const ConvNodeSpec& spec, const TfLiteRegistration& registration) {
  test::LogCapture log;
  test::AlignedModel model(variant_test::BuildConvNode(spec));
  test::AlignedBuffer arena(256 * 1024);
  MicroMutableOpResolver<1> resolver;
  EXPECT_EQ(resolver.AddBuiltin(spec.op, registration), kTfLiteOk);
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

}  // namespace
}  // namespace mote
