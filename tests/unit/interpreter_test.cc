// MicroInterpreter: lifecycle order and counts (DESIGN §2), memory planning, arena rules and diagnostics,
// on models built in the test (support/model_builder) with instrumented custom kernels (support/test_ops).
#include <cstring>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "mote/micro_interpreter.h"
#include "mote/micro_log.h"
#include "mote/op_resolver.h"
#include "support/golden.h"
#include "support/model_builder.h"
#include "support/test_ops.h"
#include "unit/log_capture.h"

namespace mote {
namespace {

using test::Events;

using unit_test::LogCapture;

// t0 -> op(tag 1) -> t1 -> op(tag 2) -> t2 ... -> t_n, float32 [1, width] each.
std::vector<uint8_t> ChainModel(int ops, int width, const std::string& custom_name = "AddOne") {
  test::ModelBuilder b;
  const int code = b.AddOperatorCode(schema::BuiltinOperator_CUSTOM, 1, custom_name);
  std::vector<int> t;
  for (int i = 0; i <= ops; ++i) t.push_back(b.AddTensor(schema::TensorType_FLOAT32, {1, width}, "t" + std::to_string(i)));
  for (int i = 0; i < ops; ++i)
    b.AddOperator(code, {t[i]}, {t[i + 1]}, schema::BuiltinOptions_NONE, 0, {static_cast<uint8_t>(i + 1)});
  b.SetInputs({t[0]});
  b.SetOutputs({t[ops]});
  return b.Finish();
}

struct Fixture {
  explicit Fixture(const std::vector<uint8_t>& bytes, size_t arena_bytes = 64 * 1024)
      : model(bytes), arena(arena_bytes) {}
  test::AlignedModel model;
  test::AlignedBuffer arena;
};

// Builds an interpreter for `bytes` on a 64 KiB arena; expects AllocateTensors to fail with `message` in the log.
void ExpectAllocateRefused(const MicroOpResolver& resolver, const std::vector<uint8_t>& bytes,
                           const std::string& message) {
  Fixture f(bytes);
  LogCapture log;
  MicroInterpreter interpreter(f.model.data(), f.model.size(), resolver, f.arena.data(), f.arena.size());
  EXPECT_NE(interpreter.AllocateTensors(), kTfLiteOk);
  EXPECT_TRUE(log.Has(message)) << log.all();
}

class InterpreterTest : public ::testing::Test {
 protected:
  void SetUp() override { Events().Clear(); }
};

TEST_F(InterpreterTest, LifecycleRunsEachPhaseOnceInPlanOrder) {
  MicroMutableOpResolver<1> resolver;
  ASSERT_EQ(resolver.AddCustom("AddOne", test::AddOneRegistration()), kTfLiteOk);
  Fixture f(ChainModel(3, 4));
  {
    MicroInterpreter interpreter(f.model.data(), f.model.size(), resolver, f.arena.data(), f.arena.size());
    EXPECT_TRUE(Events().log.empty()) << "construction must not run kernels";
    ASSERT_EQ(interpreter.AllocateTensors(), kTfLiteOk);
    EXPECT_EQ(Events().log, (std::vector<std::string>{"init:1", "init:2", "init:3", "prepare:1", "prepare:2",
                                                       "prepare:3"}));
    Events().log.clear();
    for (int run = 0; run < 2; ++run) {
      for (int i = 0; i < 4; ++i) interpreter.input(0)->data.f[i] = static_cast<float>(i);
      ASSERT_EQ(interpreter.Invoke(), kTfLiteOk);
      for (int i = 0; i < 4; ++i) EXPECT_FLOAT_EQ(interpreter.output(0)->data.f[i], i + 3.f);
    }
    EXPECT_EQ(Events().log, (std::vector<std::string>{"invoke:1", "invoke:2", "invoke:3", "invoke:1", "invoke:2",
                                                       "invoke:3"}))
        << "invoke once per node per Invoke(), never prepare";
    Events().log.clear();
    ASSERT_EQ(interpreter.Reset(), kTfLiteOk);
    EXPECT_EQ(Events().log, (std::vector<std::string>{"reset:1", "reset:2", "reset:3"}));
    Events().log.clear();
    EXPECT_EQ(interpreter.AllocateTensors(), kTfLiteOk) << "a second AllocateTensors is a no-op";
    EXPECT_TRUE(Events().log.empty());
    EXPECT_STREQ(interpreter.node_info(1).variant, "add_one/float32/test");
    {
      LogCapture log;
      interpreter.LogKernelVariants();
      EXPECT_EQ(log.lines, (std::vector<std::string>{"Node 0 (AddOne): add_one/float32/test",
                                                      "Node 1 (AddOne): add_one/float32/test",
                                                      "Node 2 (AddOne): add_one/float32/test"}));
    }
  }
  EXPECT_EQ(Events().log, (std::vector<std::string>{"free:1", "free:2", "free:3"}));
}

TEST_F(InterpreterTest, PlannerSharesMemoryBetweenTensorsThatDoNotOverlap) {
  MicroMutableOpResolver<1> resolver;
  resolver.AddCustom("AddOne", test::AddOneRegistration());
  constexpr int kWidth = 1024;  // 4 KiB per tensor, 9 tensors
  Fixture f(ChainModel(8, kWidth), 256 * 1024);
  MicroInterpreter interpreter(f.model.data(), f.model.size(), resolver, f.arena.data(), f.arena.size());
  ASSERT_EQ(interpreter.AllocateTensors(), kTfLiteOk);
  const ArenaReport r = interpreter.arena_report();
  EXPECT_EQ(r.activations, 9u * 4096u);
  EXPECT_LE(r.planned, 2u * 4096u + 64u) << "a chain needs only two live tensors at a time";
  for (int i = 0; i < kWidth; ++i) interpreter.input(0)->data.f[i] = 1.f;
  ASSERT_EQ(interpreter.Invoke(), kTfLiteOk);
  EXPECT_FLOAT_EQ(interpreter.output(0)->data.f[kWidth - 1], 9.f);
}

TEST_F(InterpreterTest, ScratchBuffersComeFromThePlannedRegion) {
  MicroMutableOpResolver<1> resolver;
  resolver.AddCustom("AddOne", test::AddOneRegistration());
  Events().scratch_bytes = 1000;
  Fixture f(ChainModel(3, 16));
  MicroInterpreter interpreter(f.model.data(), f.model.size(), resolver, f.arena.data(), f.arena.size());
  ASSERT_EQ(interpreter.AllocateTensors(), kTfLiteOk);
  ASSERT_EQ(interpreter.Invoke(), kTfLiteOk);
  ASSERT_EQ(Events().scratch_seen.size(), 3u);
  const ArenaReport r = interpreter.arena_report();
  EXPECT_EQ(r.scratch, 3000u);
  for (void* p : Events().scratch_seen) {
    ASSERT_NE(p, nullptr);
    const auto* u = static_cast<const uint8_t*>(p);
    EXPECT_GE(u, f.arena.data());
    EXPECT_LE(u + 1000, f.arena.data() + r.planned);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % 16, 0u);
  }
}

TEST_F(InterpreterTest, PrepareFailureNamesTheNode) {
  MicroMutableOpResolver<1> resolver;
  resolver.AddCustom("AddOne", test::AddOneRegistration());
  Events().fail_prepare_tag = 2;
  Fixture f(ChainModel(3, 4));
  LogCapture log;
  MicroInterpreter interpreter(f.model.data(), f.model.size(), resolver, f.arena.data(), f.arena.size());
  EXPECT_NE(interpreter.AllocateTensors(), kTfLiteOk);
  EXPECT_TRUE(log.Has("AddOne: refusing to prepare (tag 2)")) << log.all();
  EXPECT_TRUE(log.Has("Node number 1 (AddOne) failed to prepare with status 1")) << log.all();
  EXPECT_NE(interpreter.Invoke(), kTfLiteOk);
  EXPECT_TRUE(log.Has("Invoke() called before AllocateTensors() succeeded.")) << log.all();
}

TEST_F(InterpreterTest, InvokeFailureNamesTheNode) {
  MicroMutableOpResolver<1> resolver;
  resolver.AddCustom("AddOne", test::AddOneRegistration());
  Events().fail_invoke_tag = 3;
  Fixture f(ChainModel(3, 4));
  LogCapture log;
  MicroInterpreter interpreter(f.model.data(), f.model.size(), resolver, f.arena.data(), f.arena.size());
  ASSERT_EQ(interpreter.AllocateTensors(), kTfLiteOk);
  EXPECT_NE(interpreter.Invoke(), kTfLiteOk);
  EXPECT_TRUE(log.Has("Node number 2 (AddOne) failed to invoke with status 1")) << log.all();
}

TEST_F(InterpreterTest, CustomOpInitThatRunsOutOfArenaFailsAndInitializedNodesAreFreed) {
  MicroMutableOpResolver<1> resolver;
  resolver.AddCustom("AddOne", test::AddOneRegistration());
  Events().init_extra_tag = 2;
  Events().init_extra_bytes = 1 << 20;
  {
    Fixture f(ChainModel(3, 4));
    LogCapture log;
    MicroInterpreter interpreter(f.model.data(), f.model.size(), resolver, f.arena.data(), f.arena.size());
    EXPECT_NE(interpreter.AllocateTensors(), kTfLiteOk);
    EXPECT_TRUE(log.Has("Node number 1 (AddOne) failed to initialize: the arena has no room for its persistent data"))
        << log.all();
    EXPECT_TRUE(log.Has("Tensor arena too small")) << log.all();
    EXPECT_NE(interpreter.Invoke(), kTfLiteOk);
  }
  // Init ran for nodes 0 and 1 (which returned nullptr), never for node 2; no prepare, no invoke; the two that
  // ran init are freed when the interpreter goes, the third never is.
  EXPECT_EQ(Events().log, (std::vector<std::string>{"init:1", "init:2", "free:1", "free:null"}));
}

TEST_F(InterpreterTest, MalformedCustomOptionsFailPrepareWithTheKernelsReason) {
  MicroMutableOpResolver<1> resolver;
  resolver.AddCustom("AddOne", test::AddOneRegistration());
  test::ModelBuilder b;
  const int code = b.AddOperatorCode(schema::BuiltinOperator_CUSTOM, 1, "AddOne");
  const int t0 = b.AddTensor(schema::TensorType_FLOAT32, {1, 4}, "t0");
  const int t1 = b.AddTensor(schema::TensorType_FLOAT32, {1, 4}, "t1");
  b.AddOperator(code, {t0}, {t1}, schema::BuiltinOptions_NONE, 0, {7, 7, 7});
  b.SetInputs({t0});
  b.SetOutputs({t1});
  {
    Fixture f(b.Finish());
    LogCapture log;
    MicroInterpreter interpreter(f.model.data(), f.model.size(), resolver, f.arena.data(), f.arena.size());
    EXPECT_NE(interpreter.AllocateTensors(), kTfLiteOk);
    EXPECT_TRUE(log.Has("AddOne: malformed custom options (at most 1 byte, the tag)")) << log.all();
    EXPECT_TRUE(log.Has("Node number 0 (AddOne) failed to prepare with status 1")) << log.all();
  }
  EXPECT_EQ(Events().log, (std::vector<std::string>{"init:malformed", "free:null"}));
}

TEST_F(InterpreterTest, ArenaMustBeAlignedAndNonEmpty) {
  MicroMutableOpResolver<1> resolver;
  resolver.AddCustom("AddOne", test::AddOneRegistration());
  Fixture f(ChainModel(1, 4));
  {
    LogCapture log;
    MicroInterpreter interpreter(f.model.data(), f.model.size(), resolver, f.arena.data() + 4, 1024);
    EXPECT_NE(interpreter.AllocateTensors(), kTfLiteOk);
    EXPECT_TRUE(log.Has("is not 16-byte aligned: declare it with alignas(16).")) << log.all();
  }
  {
    LogCapture log;
    MicroInterpreter interpreter(f.model.data(), f.model.size(), resolver, f.arena.data(), 0);
    EXPECT_NE(interpreter.AllocateTensors(), kTfLiteOk);
    EXPECT_TRUE(log.Has("Tensor arena is empty (0 bytes)")) << log.all();
  }
}

TEST_F(InterpreterTest, TooSmallArenaReportsTheBytesNeeded) {
  MicroMutableOpResolver<1> resolver;
  resolver.AddCustom("AddOne", test::AddOneRegistration());
  Fixture f(ChainModel(4, 256));
  size_t used = 0;
  {
    MicroInterpreter interpreter(f.model.data(), f.model.size(), resolver, f.arena.data(), f.arena.size());
    ASSERT_EQ(interpreter.AllocateTensors(), kTfLiteOk);
    used = interpreter.arena_used_bytes();
  }
  LogCapture log;
  MicroInterpreter interpreter(f.model.data(), f.model.size(), resolver, f.arena.data(), used - 16);
  EXPECT_NE(interpreter.AllocateTensors(), kTfLiteOk);
  EXPECT_TRUE(log.Has("Tensor arena too small: the model needs " + std::to_string(used) + " bytes, the arena has " +
                      std::to_string(used - 16) + " bytes."))
      << log.all();
}

TEST_F(InterpreterTest, MissingCustomOpSuggestsCaseInsensitiveMatch) {
  MicroMutableOpResolver<1> resolver;
  resolver.AddCustom("AddOne", test::AddOneRegistration());
  ExpectAllocateRefused(resolver, ChainModel(1, 4, "addone"),
                        "Didn't find custom op for name 'addone' version '1'. Did you mean 'AddOne'? (custom op names "
                        "are case-sensitive and must match exactly) Registered ops (1): custom 'AddOne'.");
}

TEST_F(InterpreterTest, FlexOpsAreExplained) {
  MicroMutableOpResolver<1> resolver;
  ExpectAllocateRefused(resolver, ChainModel(1, 4, "FlexAddV2"),
                        "Didn't find custom op for name 'FlexAddV2' version '1'. 'FlexAddV2' is a TensorFlow (Flex) "
                        "op: the model needs the TensorFlow Flex delegate, which mote does not run. Convert the model "
                        "with TFLite builtin ops only.");
}

std::vector<uint8_t> SingleBuiltinModel(schema::BuiltinOperator op, int version) {
  test::ModelBuilder b;
  const int code = b.AddOperatorCode(op, version);
  const int in = b.AddTensor(schema::TensorType_FLOAT32, {1, 4});
  const int out = b.AddTensor(schema::TensorType_FLOAT32, {1, 4});
  b.AddOperator(code, {in}, {out});
  b.SetInputs({in});
  b.SetOutputs({out});
  return b.Finish();
}

TEST_F(InterpreterTest, MissingBuiltinNamesTheAddMethodAndRegisteredOps) {
  MicroMutableOpResolver<2> resolver;
  resolver.AddFullyConnected();
  resolver.AddCustom("AddOne", test::AddOneRegistration());
  ExpectAllocateRefused(resolver, SingleBuiltinModel(schema::BuiltinOperator_CONV_2D, 2),
                        "Didn't find op for builtin opcode 'CONV_2D' version '2'. Add it with resolver.AddConv2D(). "
                        "Registered ops (2): FULLY_CONNECTED, custom 'AddOne'.");
}

// Several missing ops: the first message lists the registered ops, the others refer to it (a model missing 13
// ops printed the whole op table 13 times).
TEST_F(InterpreterTest, RegisteredOpsAreListedOncePerResolution) {
  MicroMutableOpResolver<1> resolver;
  resolver.AddFullyConnected();
  test::ModelBuilder b;
  const int conv = b.AddOperatorCode(schema::BuiltinOperator_CONV_2D);
  const int relu = b.AddOperatorCode(schema::BuiltinOperator_RELU);
  const int t0 = b.AddTensor(schema::TensorType_FLOAT32, {1, 4});
  const int t1 = b.AddTensor(schema::TensorType_FLOAT32, {1, 4});
  const int t2 = b.AddTensor(schema::TensorType_FLOAT32, {1, 4});
  b.AddOperator(conv, {t0}, {t1});
  b.AddOperator(relu, {t1}, {t2});
  b.SetInputs({t0});
  b.SetOutputs({t2});
  Fixture f(b.Finish());
  LogCapture log;
  MicroInterpreter interpreter(f.model.data(), f.model.size(), resolver, f.arena.data(), f.arena.size());
  EXPECT_NE(interpreter.AllocateTensors(), kTfLiteOk);
  EXPECT_TRUE(log.Has("Didn't find op for builtin opcode 'CONV_2D' version '1'. Add it with resolver.AddConv2D(). "
                      "Registered ops (1): FULLY_CONNECTED."))
      << log.all();
  EXPECT_TRUE(log.Has("Didn't find op for builtin opcode 'RELU' version '1'. Add it with resolver.AddRelu(). "
                      "(Registered ops: listed above.)"))
      << log.all();
}

TEST_F(InterpreterTest, VersionMissNamesTheRegisteredRange) {
  MicroMutableOpResolver<1> resolver;
  resolver.AddBuiltin(schema::BuiltinOperator_TANH, Register_TANH(), 1, 2);
  ExpectAllocateRefused(resolver, SingleBuiltinModel(schema::BuiltinOperator_TANH, 3),
                        "Didn't find op for builtin opcode 'TANH' version '3'. TANH is registered for versions 1-2, "
                        "not version 3.");
}

TEST_F(InterpreterTest, OpWithoutMoteKernelSaysSo) {
  AllOpsResolver resolver;
  ExpectAllocateRefused(resolver, SingleBuiltinModel(schema::BuiltinOperator_SKIP_GRAM, 1),
                        "Didn't find op for builtin opcode 'SKIP_GRAM' version '1'. mote has no builtin kernel for "
                        "SKIP_GRAM; register your own with "
                        "resolver.AddBuiltin(tflite::BuiltinOperator_SKIP_GRAM, registration).");
}

TEST_F(InterpreterTest, ResolverRefusesCustomDuplicateAndFull) {
  MicroMutableOpResolver<2> resolver;
  LogCapture log;
  EXPECT_NE(resolver.AddBuiltin(schema::BuiltinOperator_CUSTOM, test::AddOneRegistration()), kTfLiteOk);
  EXPECT_TRUE(log.Has("Invalid parameter BuiltinOperator_CUSTOM to the AddBuiltin function: custom ops are registered "
                      "by name with AddCustom(\"name\", registration)."))
      << log.all();
  EXPECT_EQ(resolver.AddAdd(), kTfLiteOk);
  EXPECT_NE(resolver.AddAdd(), kTfLiteOk);
  EXPECT_TRUE(log.Has("Calling AddBuiltin with the same op more than once is not supported (Op: ADD, code 0): it is "
                      "already registered."))
      << log.all();
  EXPECT_EQ(resolver.AddCustom("AddOne", test::AddOneRegistration()), kTfLiteOk);
  EXPECT_NE(resolver.AddCustom("AddOne", test::AddOneRegistration()), kTfLiteOk);
  EXPECT_TRUE(log.Has("Calling AddCustom for the same op more than once is not supported (Op: AddOne).")) << log.all();
  EXPECT_NE(resolver.AddConv2D(), kTfLiteOk);
  EXPECT_TRUE(log.Has("Couldn't register builtin op CONV_2D: the resolver is full (MicroMutableOpResolver<2> holds 2 "
                      "ops). Declare it as MicroMutableOpResolver<3> or larger."))
      << log.all();
  EXPECT_EQ(resolver.NumRegistrations(), 2);
}

TEST_F(InterpreterTest, ResolverLookupIsVersionAwareAndCaseSensitive) {
  MicroMutableOpResolver<3> resolver;
  resolver.AddBuiltin(schema::BuiltinOperator_ADD, Register_ADD(), 2, 3);
  resolver.AddCustom("MyOp", test::AddOneRegistration());
  EXPECT_EQ(resolver.FindOp(schema::BuiltinOperator_ADD, 1), nullptr);
  EXPECT_NE(resolver.FindOp(schema::BuiltinOperator_ADD, 2), nullptr);
  EXPECT_EQ(resolver.FindOp(schema::BuiltinOperator_ADD, 4), nullptr);
  EXPECT_NE(resolver.FindOp(schema::BuiltinOperator_ADD), nullptr);
  EXPECT_NE(resolver.FindOp("MyOp"), nullptr);
  EXPECT_EQ(resolver.FindOp("myop"), nullptr);
  AllOpsResolver all;
  EXPECT_NE(all.FindOp(schema::BuiltinOperator_CONV_2D, 3), nullptr);
  EXPECT_EQ(all.FindOp(schema::BuiltinOperator_CONV_2D, 99), nullptr);
  EXPECT_EQ(all.FindOp(schema::BuiltinOperator_SKIP_GRAM, 1), nullptr);  // an op mote does not implement
}

TEST_F(InterpreterTest, VariableTensorsStartAtZeroPointAndResetRestoresThem) {
  // A variable int8 tensor with zero point 5 feeding a custom op is filled with 5 at AllocateTensors and Reset.
  test::ModelBuilder b;
  const int code = b.AddOperatorCode(schema::BuiltinOperator_CUSTOM, 1, "AddOne");
  const int in = b.AddTensor(schema::TensorType_FLOAT32, {1, 4}, "in");
  const int out = b.AddTensor(schema::TensorType_FLOAT32, {1, 4}, "out");
  const int state = b.AddTensor(schema::TensorType_INT8, {1, 8}, "state", 0, {0.5f}, {5}, 0, true);
  b.AddOperator(code, {in, state}, {out}, schema::BuiltinOptions_NONE, 0, {1});
  b.SetInputs({in});
  b.SetOutputs({out});
  MicroMutableOpResolver<1> resolver;
  resolver.AddCustom("AddOne", test::AddOneRegistration());
  Fixture f(b.Finish());
  MicroInterpreter interpreter(f.model.data(), f.model.size(), resolver, f.arena.data(), f.arena.size());
  ASSERT_EQ(interpreter.AllocateTensors(), kTfLiteOk);
  TfLiteEvalTensor* s = interpreter.GetEvalTensor(state);
  ASSERT_NE(s, nullptr);
  for (int i = 0; i < 8; ++i) EXPECT_EQ(s->data.int8[i], 5);
  std::memset(s->data.raw, 9, 8);
  ASSERT_EQ(interpreter.Reset(), kTfLiteOk);
  for (int i = 0; i < 8; ++i) EXPECT_EQ(s->data.int8[i], 5);
}

TEST_F(InterpreterTest, OfflinePlannedOffsetsAreHonoured) {
  test::ModelBuilder b;
  const int code = b.AddOperatorCode(schema::BuiltinOperator_CUSTOM, 1, "AddOne");
  const int t0 = b.AddTensor(schema::TensorType_FLOAT32, {1, 4}, "t0");
  const int t1 = b.AddTensor(schema::TensorType_FLOAT32, {1, 4}, "t1");
  const int t2 = b.AddTensor(schema::TensorType_FLOAT32, {1, 4}, "t2");
  b.AddOperator(code, {t0}, {t1}, schema::BuiltinOptions_NONE, 0, {1});
  b.AddOperator(code, {t1}, {t2}, schema::BuiltinOptions_NONE, 0, {2});
  b.SetInputs({t0});
  b.SetOutputs({t2});
  const std::vector<int32_t> plan = {1, 0, 3, 64, -1, 128};
  b.AddMetadata("OfflineMemoryAllocation", b.AddBuffer(plan.data(), plan.size() * sizeof(int32_t)));
  MicroMutableOpResolver<1> resolver;
  resolver.AddCustom("AddOne", test::AddOneRegistration());
  Fixture f(b.Finish());
  MicroInterpreter interpreter(f.model.data(), f.model.size(), resolver, f.arena.data(), f.arena.size());
  ASSERT_EQ(interpreter.AllocateTensors(), kTfLiteOk);
  EXPECT_EQ(interpreter.GetEvalTensor(t0)->data.raw - reinterpret_cast<char*>(f.arena.data()), 64);
  EXPECT_EQ(interpreter.GetEvalTensor(t2)->data.raw - reinterpret_cast<char*>(f.arena.data()), 128);
  for (int i = 0; i < 4; ++i) interpreter.input(0)->data.f[i] = 1.f;
  ASSERT_EQ(interpreter.Invoke(), kTfLiteOk);
  EXPECT_FLOAT_EQ(interpreter.output(0)->data.f[0], 3.f);
}

TEST_F(InterpreterTest, MalformedModelFailsCleanly) {
  MicroMutableOpResolver<1> resolver;
  resolver.AddCustom("AddOne", test::AddOneRegistration());
  const std::vector<uint8_t> bytes = ChainModel(2, 4);
  for (size_t cut : {size_t{0}, size_t{7}, bytes.size() / 2, bytes.size() - 1}) {
    Fixture f(std::vector<uint8_t>(bytes.begin(), bytes.begin() + static_cast<long>(cut)));
    LogCapture log;
    MicroInterpreter interpreter(f.model.data(), cut, resolver, f.arena.data(), f.arena.size());
    EXPECT_NE(interpreter.AllocateTensors(), kTfLiteOk) << "cut at " << cut;
    EXPECT_FALSE(log.lines.empty());
    EXPECT_EQ(interpreter.input(0), nullptr);
    EXPECT_NE(interpreter.Invoke(), kTfLiteOk);
  }
}

}  // namespace
}  // namespace mote
