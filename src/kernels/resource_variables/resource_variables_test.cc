// VAR_HANDLE, READ_VARIABLE, ASSIGN_VARIABLE with CALL_ONCE initialisers: values carried across invokes, TFLM's
// Reset() (variables back to their default, the initialiser not run again), an application-owned table, and
// the prepare refusals (read but never assigned, sizes that change, ids not known at prepare, a full table).
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "mote/micro_resource_variable.h"
#include "support/model_builder.h"
#include "support/single_op.h"
#include "tensorflow/lite/micro/micro_allocator.h"
#include "tensorflow/lite/micro/micro_graph.h"
#include "tensorflow/lite/micro/micro_interpreter.h"
#include "tensorflow/lite/micro/micro_mutable_op_resolver.h"
#include "tensorflow/lite/micro/micro_resource_variable.h"

namespace mote {
namespace {

using schema::TensorType_FLOAT32;
using schema::TensorType_RESOURCE;

struct Codes {
  int var_handle, read, assign, add, call_once;
};

Codes AddCodes(test::ModelBuilder* b) {
  return Codes{b->AddOperatorCode(schema::BuiltinOperator_VAR_HANDLE),
               b->AddOperatorCode(schema::BuiltinOperator_READ_VARIABLE),
               b->AddOperatorCode(schema::BuiltinOperator_ASSIGN_VARIABLE),
               b->AddOperatorCode(schema::BuiltinOperator_ADD), b->AddOperatorCode(schema::BuiltinOperator_CALL_ONCE)};
}

int AddHandle(test::ModelBuilder* b, const Codes& c, const char* name) {
  const int h = b->AddTensor(TensorType_RESOURCE, {}, "h");
  b->AddOperator(c.var_handle, {}, {h}, schema::BuiltinOptions_VarHandleOptions,
                 schema::CreateVarHandleOptionsDirect(b->fbb(), nullptr, name).Union());
  return h;
}

struct Accumulator {
  bool with_init = true;      // CALL_ONCE sets the state to {1, 2}
  bool assign_state = true;   // the main subgraph writes the sum back
  int init_elements = 2;      // elements the initialiser assigns
  const char* read_name = "state";
};

// sg0: [CALL_ONCE(1)] h = VAR_HANDLE("state"); v = READ(h); y = v + x; ASSIGN(h, y); output y.
// sg1: h = VAR_HANDLE("state"); ASSIGN(h, const {1, 2}).
std::vector<uint8_t> AccumulatorModel(const Accumulator& o) {
  test::ModelBuilder b;
  const Codes c = AddCodes(&b);
  const int x = b.AddTensor(TensorType_FLOAT32, {2}, "x");
  const int v = b.AddTensor(TensorType_FLOAT32, {2}, "v");
  const int y = b.AddTensor(TensorType_FLOAT32, {2}, "y");
  if (o.with_init) {
    b.AddOperator(c.call_once, {}, {}, schema::BuiltinOptions_CallOnceOptions,
                  schema::CreateCallOnceOptions(b.fbb(), 1).Union());
  }
  const int h = AddHandle(&b, c, o.read_name);
  b.AddOperator(c.read, {h}, {v});
  b.AddOperator(c.add, {v, x}, {y}, schema::BuiltinOptions_AddOptions, schema::CreateAddOptions(b.fbb()).Union());
  if (o.assign_state) {
    const int h2 = AddHandle(&b, c, "state");
    b.AddOperator(c.assign, {h2, y}, {});
  }
  b.SetInputs({x});
  b.SetOutputs({y});
  if (o.with_init) {
    b.AddSubgraph();
    const int hi = AddHandle(&b, c, "state");
    std::vector<float> init = {1.0f, 2.0f, 3.0f};
    init.resize(static_cast<size_t>(o.init_elements));
    const int k = b.AddConstTensor<float>(TensorType_FLOAT32, {o.init_elements}, init);
    b.AddOperator(c.assign, {hi, k}, {});
    b.SetInputs({});
    b.SetOutputs({});
  }
  return b.Finish();
}

void InvokeExpect(MicroInterpreter* interpreter, float x, float y0, float y1) {
  float* in = interpreter->typed_input_tensor<float>(0);
  in[0] = x, in[1] = x;
  ASSERT_EQ(interpreter->Invoke(), kTfLiteOk);
  EXPECT_FLOAT_EQ(interpreter->typed_output_tensor<float>(0)[0], y0);
  EXPECT_FLOAT_EQ(interpreter->typed_output_tensor<float>(0)[1], y1);
}

TEST(ResourceVariables, StateCarriesAcrossInvokesAndResetsAsTflm) {
  test::OpRun run(AccumulatorModel(Accumulator{}));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  InvokeExpect(run.interpreter.get(), 1.0f, 2.0f, 3.0f);  // init {1, 2} + 1
  InvokeExpect(run.interpreter.get(), 1.0f, 3.0f, 4.0f);
  ASSERT_EQ(run.interpreter->Reset(), kTfLiteOk);
  // The variable is back to 0 and CALL_ONCE does not run again (TFLM's Reset()).
  InvokeExpect(run.interpreter.get(), 0.5f, 0.5f, 0.5f);
  InvokeExpect(run.interpreter.get(), 0.5f, 1.0f, 1.0f);
}

TEST(ResourceVariables, TakesTheApplicationsTable) {
  alignas(16) static uint8_t table_memory[512];
  MicroAllocator* allocator = MicroAllocator::Create(table_memory, sizeof(table_memory));
  ASSERT_NE(allocator, nullptr);
  MicroResourceVariables* variables = MicroResourceVariables::Create(allocator, 2);
  ASSERT_NE(variables, nullptr);
  test::AlignedModel model(AccumulatorModel(Accumulator{}));
  test::AlignedBuffer arena(64 * 1024);
  AllOpsResolver resolver;
  MicroInterpreter interpreter(model.data(), model.size(), resolver, arena.data(), arena.size(), variables);
  ASSERT_EQ(interpreter.AllocateTensors(), kTfLiteOk);
  EXPECT_EQ(variables->count(), 1);
  InvokeExpect(&interpreter, 1.0f, 2.0f, 3.0f);
  EXPECT_EQ(variables->variable(0)->bytes, 8u);
  EXPECT_STREQ(variables->variable(0)->shared_name, "state");
}

// TFLM application code, unchanged: its own allocator for the variable table, the table passed to the
// interpreter, the resolver's AddXxx() for every op.
TEST(ResourceVariables, TflmApplicationCodeCompiles) {
  test::AlignedModel model(AccumulatorModel(Accumulator{}));
  alignas(16) static uint8_t variables_arena[512];
  tflite::MicroAllocator* allocator = tflite::MicroAllocator::Create(variables_arena, sizeof(variables_arena));
  tflite::MicroResourceVariables* variables = tflite::MicroResourceVariables::Create(allocator, 4);
  tflite::MicroMutableOpResolver<5> resolver;
  ASSERT_EQ(resolver.AddVarHandle(), kTfLiteOk);
  ASSERT_EQ(resolver.AddReadVariable(), kTfLiteOk);
  ASSERT_EQ(resolver.AddAssignVariable(), kTfLiteOk);
  ASSERT_EQ(resolver.AddCallOnce(), kTfLiteOk);
  ASSERT_EQ(resolver.AddAdd(), kTfLiteOk);
  alignas(16) static uint8_t arena[16 * 1024];
  tflite::MicroInterpreter interpreter(tflite::GetModel(model.data()), resolver, arena, sizeof(arena), variables);
  ASSERT_EQ(interpreter.AllocateTensors(), kTfLiteOk);
  InvokeExpect(&interpreter, 1.0f, 2.0f, 3.0f);
  InvokeExpect(&interpreter, 1.0f, 3.0f, 4.0f);
}

TEST(ResourceVariables, RefusesAFullTable) {
  alignas(16) static uint8_t table_memory[256];
  MicroAllocator* allocator = MicroAllocator::Create(table_memory, sizeof(table_memory));
  MicroResourceVariables* variables = MicroResourceVariables::Create(allocator, 0);
  ASSERT_NE(variables, nullptr);
  test::LogCapture log;
  test::AlignedModel model(AccumulatorModel(Accumulator{}));
  test::AlignedBuffer arena(64 * 1024);
  AllOpsResolver resolver;
  MicroInterpreter interpreter(model.data(), model.size(), resolver, arena.data(), arena.size(), variables);
  EXPECT_NE(interpreter.AllocateTensors(), kTfLiteOk);
  EXPECT_TRUE(log.Has("Failed to allocate resource variable. Maximum resource variable count (0) reached.")) << log.text;
}

TEST(ResourceVariables, RefusesAVariableReadButNeverAssigned) {
  Accumulator o;
  o.with_init = false;
  o.assign_state = false;
  test::ExpectRefused(AccumulatorModel(o),
                      "READ_VARIABLE: resource variable \"state\" is read but never assigned (no ASSIGN_VARIABLE in "
                      "the model gives it a value or a size).");
}

TEST(ResourceVariables, ReadingBeforeTheFirstAssignmentGivesTheDefault) {
  Accumulator o;
  o.with_init = false;
  test::OpRun run(AccumulatorModel(o));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  InvokeExpect(run.interpreter.get(), 2.0f, 2.0f, 2.0f);
  InvokeExpect(run.interpreter.get(), 2.0f, 4.0f, 4.0f);
}

TEST(ResourceVariables, RefusesAShapeThatChangesBetweenAssignments) {
  Accumulator o;
  o.init_elements = 3;
  test::ExpectRefused(AccumulatorModel(o), "ASSIGN_VARIABLE: resource variable \"state\" is assigned 12 bytes here "
                                           "but 8 bytes elsewhere (a variable's shape cannot change between "
                                           "assignments).");
}

TEST(ResourceVariables, RefusesAReadOfAnotherSize) {
  test::ModelBuilder b;
  const Codes c = AddCodes(&b);
  const int x = b.AddTensor(TensorType_FLOAT32, {2}, "x");
  const int v = b.AddTensor(TensorType_FLOAT32, {3}, "v");
  const int h = AddHandle(&b, c, "s");
  b.AddOperator(c.assign, {h, x}, {});
  b.AddOperator(c.read, {h}, {v});
  b.SetInputs({x});
  b.SetOutputs({v});
  test::ExpectRefused(b.Finish(), "READ_VARIABLE: resource variable \"s\" is read into 12 bytes but holds 8 bytes.");
}

TEST(ResourceVariables, RefusesAnIdNotKnownAtPrepare) {
  test::ModelBuilder b;
  const Codes c = AddCodes(&b);
  const int h = b.AddTensor(TensorType_RESOURCE, {}, "h");
  const int v = b.AddTensor(TensorType_FLOAT32, {2}, "v");
  b.AddOperator(c.read, {h}, {v});
  b.SetInputs({h});
  b.SetOutputs({v});
  test::ExpectRefused(b.Finish(), "READ_VARIABLE requires resource variables.");
  // With a VAR_HANDLE somewhere (so a table exists), an id coming from a graph input is still refused.
  test::ModelBuilder d;
  const Codes e = AddCodes(&d);
  const int h2 = d.AddTensor(TensorType_RESOURCE, {}, "h");
  const int v2 = d.AddTensor(TensorType_FLOAT32, {2}, "v");
  AddHandle(&d, e, "unused");
  d.AddOperator(e.read, {h2}, {v2});
  d.SetInputs({h2});
  d.SetOutputs({v2});
  test::ExpectRefused(d.Finish(), "READ_VARIABLE: input 0 is not produced by a VAR_HANDLE earlier in this subgraph");
}

TEST(ResourceVariables, VarHandleRefusesAnOutputBiggerThanAnId) {
  test::ModelBuilder b;
  const Codes c = AddCodes(&b);
  const int h = b.AddTensor(schema::TensorType_INT32, {4}, "h");
  b.AddOperator(c.var_handle, {}, {h}, schema::BuiltinOptions_VarHandleOptions,
                schema::CreateVarHandleOptionsDirect(b.fbb(), nullptr, "s").Union());
  b.SetInputs({});
  b.SetOutputs({h});
  test::ExpectRefused(b.Finish(), "VAR_HANDLE: the node must have one output, a RESOURCE (or INT32) tensor of one "
                                  "element");
}

}  // namespace
}  // namespace mote
