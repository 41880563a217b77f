// IF, WHILE, CALL_ONCE: results over several invokes, the interpreter's call-graph refusals (recursion, range,
// nesting), the kernels' prepare refusals, subgraph-naming messages and the loop-iteration limit.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "mote/kernel_util.h"
#include "mote/micro_graph.h"
#include "support/model_builder.h"
#include "support/single_op.h"

namespace mote {
namespace {

using schema::BuiltinOperator_ADD;
using schema::BuiltinOperator_CALL_ONCE;
using schema::BuiltinOperator_IF;
using schema::BuiltinOperator_LESS;
using schema::BuiltinOperator_MUL;
using schema::BuiltinOperator_WHILE;
using schema::TensorType_BOOL;
using schema::TensorType_FLOAT32;
using schema::TensorType_INT32;
using schema::TensorType_INT8;

// A subgraph (already selected) computing op(a, b) -> out over float [n].
void AddBinarySubgraph(test::ModelBuilder* b, int opcode, int n, schema::TensorType out_type = TensorType_FLOAT32) {
  const int a = b->AddTensor(TensorType_FLOAT32, {n}, "a");
  const int c = b->AddTensor(TensorType_FLOAT32, {n}, "b");
  const int out = b->AddTensor(out_type, {n}, "o");
  b->AddOperator(opcode, {a, c}, {out});
  b->SetInputs({a, c});
  b->SetOutputs({out});
}

// sg0: IF(cond, x, y) -> out; sg1 = ADD, sg2 = MUL (or the indices given).
std::vector<uint8_t> IfModel(int then_index = 1, int else_index = 2, int branch_inputs = 2, int n = 2) {
  test::ModelBuilder b;
  const int if_code = b.AddOperatorCode(BuiltinOperator_IF);
  const int add = b.AddOperatorCode(BuiltinOperator_ADD);
  const int mul = b.AddOperatorCode(BuiltinOperator_MUL);
  const int cond = b.AddTensor(TensorType_BOOL, {1}, "cond");
  const int x = b.AddTensor(TensorType_FLOAT32, {n}, "x");
  const int y = b.AddTensor(TensorType_FLOAT32, {n}, "y");
  const int out = b.AddTensor(TensorType_FLOAT32, {n}, "out");
  std::vector<int> inputs = {cond, x, y};
  inputs.resize(static_cast<size_t>(1 + branch_inputs), y);
  b.AddOperator(if_code, inputs, {out}, schema::BuiltinOptions_IfOptions,
                schema::CreateIfOptions(b.fbb(), then_index, else_index).Union());
  b.SetInputs({cond, x, y});
  b.SetOutputs({out});
  b.AddSubgraph();
  AddBinarySubgraph(&b, add, 2);
  b.AddSubgraph();
  AddBinarySubgraph(&b, mul, 2);
  return b.Finish();
}

TEST(If, RunsTheBranchTheConditionPicks) {
  test::OpRun run(IfModel());
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  for (const bool cond : {true, false, true}) {
    run.interpreter->input(0)->data.b[0] = cond;
    float* x = run.interpreter->typed_input_tensor<float>(1);
    float* y = run.interpreter->typed_input_tensor<float>(2);
    x[0] = 3.0f, x[1] = -2.0f, y[0] = 0.5f, y[1] = 4.0f;
    ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
    const float* out = run.interpreter->typed_output_tensor<float>(0);
    EXPECT_FLOAT_EQ(out[0], cond ? 3.5f : 1.5f);
    EXPECT_FLOAT_EQ(out[1], cond ? 2.0f : -8.0f);
  }
}

// Two IF nodes share their branches: the second call of each is a "revisit" on the planning timeline, which
// keeps the branch tensors apart from everything live between the two calls.
TEST(If, BranchesSharedByTwoNodes) {
  test::ModelBuilder b;
  const int if_code = b.AddOperatorCode(BuiltinOperator_IF);
  const int add = b.AddOperatorCode(BuiltinOperator_ADD);
  const int mul = b.AddOperatorCode(BuiltinOperator_MUL);
  const int c1 = b.AddTensor(TensorType_BOOL, {1}, "c1");
  const int c2 = b.AddTensor(TensorType_BOOL, {1}, "c2");
  const int x = b.AddTensor(TensorType_FLOAT32, {2}, "x");
  const int y = b.AddTensor(TensorType_FLOAT32, {2}, "y");
  const int mid = b.AddTensor(TensorType_FLOAT32, {2}, "mid");
  const int out = b.AddTensor(TensorType_FLOAT32, {2}, "out");
  b.AddOperator(if_code, {c1, x, y}, {mid}, schema::BuiltinOptions_IfOptions,
                schema::CreateIfOptions(b.fbb(), 1, 2).Union());
  b.AddOperator(if_code, {c2, mid, y}, {out}, schema::BuiltinOptions_IfOptions,
                schema::CreateIfOptions(b.fbb(), 2, 1).Union());
  b.SetInputs({c1, c2, x, y});
  b.SetOutputs({out, mid});
  b.AddSubgraph();
  AddBinarySubgraph(&b, add, 2);
  b.AddSubgraph();
  AddBinarySubgraph(&b, mul, 2);
  test::OpRun run(b.Finish());
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  for (int k = 0; k < 4; ++k) {
    const bool first = (k & 1) != 0, second = (k & 2) != 0;
    run.interpreter->input(0)->data.b[0] = first;
    run.interpreter->input(1)->data.b[0] = second;
    const float xs[2] = {2.0f, -1.0f}, ys[2] = {3.0f, 0.5f};  // input bytes may be reused once read
    for (int i = 0; i < 2; ++i) {
      run.interpreter->typed_input_tensor<float>(2)[i] = xs[i];
      run.interpreter->typed_input_tensor<float>(3)[i] = ys[i];
    }
    ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
    for (int i = 0; i < 2; ++i) {
      const float m = first ? xs[i] + ys[i] : xs[i] * ys[i];
      EXPECT_FLOAT_EQ(run.interpreter->typed_output_tensor<float>(1)[i], m) << k;
      EXPECT_FLOAT_EQ(run.interpreter->typed_output_tensor<float>(0)[i], second ? m * ys[i] : m + ys[i]) << k;
    }
  }
}

// A model's offline plan places subgraph 0's tensors; the branches' tensors are planned around them.
TEST(If, HonoursTheOfflinePlanOfSubgraphZero) {
  test::ModelBuilder b;
  const int if_code = b.AddOperatorCode(BuiltinOperator_IF);
  const int add = b.AddOperatorCode(BuiltinOperator_ADD);
  const int cond = b.AddTensor(TensorType_BOOL, {1}, "cond");
  const int x = b.AddTensor(TensorType_FLOAT32, {2}, "x");
  const int out = b.AddTensor(TensorType_FLOAT32, {2}, "out");
  b.AddOperator(if_code, {cond, x, x}, {out}, schema::BuiltinOptions_IfOptions,
                schema::CreateIfOptions(b.fbb(), 1, 1).Union());
  b.SetInputs({cond, x});
  b.SetOutputs({out});
  // Version, subgraph, then one offset per tensor of every subgraph, as TFLM reads it: subgraph 0's three, then
  // subgraph 1's three left to the planner.
  const std::vector<int32_t> plan = {1, 0, 6, 0, 16, -1, -1, -1, -1};
  b.AddMetadata("OfflineMemoryAllocation", b.AddBuffer(plan.data(), plan.size() * sizeof(int32_t)));
  b.AddSubgraph();
  AddBinarySubgraph(&b, add, 2);
  test::OpRun run(b.Finish());
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  EXPECT_EQ(run.interpreter->input(0)->data.raw, reinterpret_cast<char*>(run.arena.data()));
  EXPECT_EQ(run.interpreter->input(1)->data.raw, reinterpret_cast<char*>(run.arena.data()) + 16);
  run.interpreter->input(0)->data.b[0] = true;
  run.interpreter->typed_input_tensor<float>(1)[0] = 1.5f;
  run.interpreter->typed_input_tensor<float>(1)[1] = -4.0f;
  ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
  EXPECT_FLOAT_EQ(run.interpreter->typed_output_tensor<float>(0)[0], 3.0f);
  EXPECT_FLOAT_EQ(run.interpreter->typed_output_tensor<float>(0)[1], -8.0f);
}

TEST(If, RefusesRecursionAtLoad) {
  test::ExpectRefused(IfModel(0, 2),
                      "Node number 0 (IF) calls subgraph 0, which is already running: the model recurses through "
                      "control flow, which mote refuses.");
}

TEST(If, RefusesSubgraphIndexOutOfRange) {
  test::ExpectRefused(IfModel(1, 7), "Node number 0 (IF) calls subgraph 7, but the model has 3 subgraphs.");
  test::ExpectRefused(IfModel(-1, 2), "Node number 0 (IF) calls subgraph -1, but the model has 3 subgraphs.");
}

TEST(If, RefusesInputCountMismatch) {
  test::ExpectRefused(IfModel(1, 2, 3), "IF: subgraph 1 has 2 inputs but the node passes 3");
}

TEST(If, RefusesElseBranchThatDiffers) {
  test::ModelBuilder b;
  const int if_code = b.AddOperatorCode(BuiltinOperator_IF);
  const int add = b.AddOperatorCode(BuiltinOperator_ADD);
  const int cond = b.AddTensor(TensorType_BOOL, {1}, "cond");
  const int x = b.AddTensor(TensorType_FLOAT32, {2}, "x");
  const int out = b.AddTensor(TensorType_FLOAT32, {2}, "out");
  b.AddOperator(if_code, {cond, x, x}, {out}, schema::BuiltinOptions_IfOptions,
                schema::CreateIfOptions(b.fbb(), 1, 2).Union());
  b.SetInputs({cond, x});
  b.SetOutputs({out});
  b.AddSubgraph();
  AddBinarySubgraph(&b, add, 2);
  b.AddSubgraph();
  AddBinarySubgraph(&b, add, 3);  // else: float [3]
  test::ExpectRefused(b.Finish(), "IF: input 1 holds 8 bytes but subgraph 2's input 0 holds 12 bytes");
}

TEST(If, RefusesTypeMismatchAndNamesTheSubgraphOfAFailingNode) {
  test::ModelBuilder b;
  const int if_code = b.AddOperatorCode(BuiltinOperator_IF);
  const int add = b.AddOperatorCode(BuiltinOperator_ADD);
  const int cond = b.AddTensor(TensorType_BOOL, {1}, "cond");
  const int x = b.AddTensor(TensorType_FLOAT32, {2}, "x");
  const int out = b.AddTensor(TensorType_INT8, {2}, "out", 0, {1.0f}, {0});
  b.AddOperator(if_code, {cond, x, x}, {out}, schema::BuiltinOptions_IfOptions,
                schema::CreateIfOptions(b.fbb(), 1, 1).Union());
  b.SetInputs({cond, x});
  b.SetOutputs({out});
  b.AddSubgraph();
  AddBinarySubgraph(&b, add, 2);
  test::ExpectRefused(b.Finish(), "IF: output 0 is INT8 but subgraph 1's output 0 is FLOAT32");

  // A branch whose ADD mixes types fails in the branch's own prepare, named by subgraph.
  test::ModelBuilder c;
  const int if2 = c.AddOperatorCode(BuiltinOperator_IF);
  const int add2 = c.AddOperatorCode(BuiltinOperator_ADD);
  const int cond2 = c.AddTensor(TensorType_BOOL, {1}, "cond");
  const int x2 = c.AddTensor(TensorType_FLOAT32, {2}, "x");
  const int out2 = c.AddTensor(TensorType_INT32, {2}, "out");
  c.AddOperator(if2, {cond2, x2, x2}, {out2}, schema::BuiltinOptions_IfOptions,
                schema::CreateIfOptions(c.fbb(), 1, 1).Union());
  c.SetInputs({cond2, x2});
  c.SetOutputs({out2});
  c.AddSubgraph();
  AddBinarySubgraph(&c, add2, 2, TensorType_INT32);
  test::ExpectRefused(c.Finish(), "Subgraph 1 node 0 (ADD) failed to prepare with status 1");
}

TEST(If, RefusesAConditionThatIsNotOneBool) {
  test::ModelBuilder b;
  const int if_code = b.AddOperatorCode(BuiltinOperator_IF);
  const int add = b.AddOperatorCode(BuiltinOperator_ADD);
  const int cond = b.AddTensor(TensorType_FLOAT32, {1}, "cond");
  const int x = b.AddTensor(TensorType_FLOAT32, {2}, "x");
  const int out = b.AddTensor(TensorType_FLOAT32, {2}, "out");
  b.AddOperator(if_code, {cond, x, x}, {out}, schema::BuiltinOptions_IfOptions,
                schema::CreateIfOptions(b.fbb(), 1, 1).Union());
  b.SetInputs({cond, x});
  b.SetOutputs({out});
  b.AddSubgraph();
  AddBinarySubgraph(&b, add, 2);
  test::ExpectRefused(b.Finish(), "IF: the condition (input 0) must be a bool tensor of one element");
}

// sg0: WHILE(i, x) -> (i', x'); cond sg1: i < limit; body sg2: (i + 1, x + x). `flaw` breaks it for the
// refusal tests: 1 the condition outputs its int32 input, 2 the body's x' is float [3], 3 the node has one
// output fewer.
std::vector<uint8_t> WhileModel(int limit, int flaw = 0) {
  test::ModelBuilder b;
  const int while_code = b.AddOperatorCode(BuiltinOperator_WHILE);
  const int less = b.AddOperatorCode(BuiltinOperator_LESS);
  const int add = b.AddOperatorCode(BuiltinOperator_ADD);
  const int i = b.AddTensor(TensorType_INT32, {1}, "i");
  const int x = b.AddTensor(TensorType_FLOAT32, {2}, "x");
  const int i_out = b.AddTensor(TensorType_INT32, {1}, "i_out");
  const int x_out = b.AddTensor(TensorType_FLOAT32, {2}, "x_out");
  const std::vector<int> outs = flaw == 3 ? std::vector<int>{i_out} : std::vector<int>{i_out, x_out};
  b.AddOperator(while_code, {i, x}, outs, schema::BuiltinOptions_WhileOptions,
                schema::CreateWhileOptions(b.fbb(), 1, 2).Union());
  b.SetInputs({i, x});
  b.SetOutputs(outs);
  b.AddSubgraph();  // cond
  {
    const int ci = b.AddTensor(TensorType_INT32, {1}, "i");
    const int cx = b.AddTensor(TensorType_FLOAT32, {2}, "x");
    const int bound = b.AddConstTensor<int32_t>(TensorType_INT32, {1}, {limit});
    const int more = b.AddTensor(TensorType_BOOL, {1}, "more");
    b.AddOperator(less, {ci, bound}, {more});
    b.SetInputs({ci, cx});
    b.SetOutputs({flaw == 1 ? ci : more});
  }
  b.AddSubgraph();  // body
  {
    const int bi = b.AddTensor(TensorType_INT32, {1}, "i");
    const int bx = b.AddTensor(TensorType_FLOAT32, {2}, "x");
    const int one = b.AddConstTensor<int32_t>(TensorType_INT32, {1}, {1});
    const int ni = b.AddTensor(TensorType_INT32, {1}, "i_next");
    const int nx = b.AddTensor(TensorType_FLOAT32, {flaw == 2 ? 3 : 2}, "x_next");
    b.AddOperator(add, {bi, one}, {ni}, schema::BuiltinOptions_AddOptions, schema::CreateAddOptions(b.fbb()).Union());
    const int bx_in = flaw == 2 ? b.AddConstTensor<float>(TensorType_FLOAT32, {3}, {1, 2, 3}) : bx;
    b.AddOperator(add, {bx_in, bx_in}, {nx}, schema::BuiltinOptions_AddOptions,
                  schema::CreateAddOptions(b.fbb()).Union());
    b.SetInputs({bi, bx});
    b.SetOutputs({ni, nx});
  }
  return b.Finish();
}

TEST(While, LoopsUntilTheConditionTurnsFalse) {
  test::OpRun run(WhileModel(5));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  for (const int start : {0, 3, 9}) {
    run.interpreter->typed_input_tensor<int32_t>(0)[0] = start;
    float* x = run.interpreter->typed_input_tensor<float>(1);
    x[0] = 1.0f, x[1] = -0.25f;
    ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
    const int iterations = start < 5 ? 5 - start : 0;
    EXPECT_EQ(run.interpreter->typed_output_tensor<int32_t>(0)[0], start + iterations);
    EXPECT_FLOAT_EQ(run.interpreter->typed_output_tensor<float>(1)[0], static_cast<float>(1 << iterations));
    EXPECT_FLOAT_EQ(run.interpreter->typed_output_tensor<float>(1)[1], -0.25f * static_cast<float>(1 << iterations));
  }
}

TEST(While, RefusesMismatchedSubgraphs) {
  test::ExpectRefused(WhileModel(5, 1), "WHILE: the condition subgraph 1 must output a bool tensor (its output 0)");
  test::ExpectRefused(WhileModel(5, 2), "WHILE: output 1 holds 8 bytes but subgraph 2's output 1 holds 12 bytes");
  test::ExpectRefused(WhileModel(5, 3), "WHILE: the node has 2 inputs but 1 outputs (they must match)");
}

TEST(While, TheApplicationCanBoundTheIterations) {
  test::LogCapture log;
  test::OpRun run(WhileModel(1000));
  ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
  run.interpreter->SetMaxLoopIterations(10);
  run.interpreter->typed_input_tensor<int32_t>(0)[0] = 0;
  EXPECT_NE(run.interpreter->Invoke(), kTfLiteOk);
  EXPECT_TRUE(log.Has("WHILE: the loop reached the interpreter's limit of 10 iterations "
                      "(MicroInterpreter::SetMaxLoopIterations)"))
      << log.text;
  EXPECT_TRUE(log.Has("Node number 0 (WHILE) failed to invoke with status 1")) << log.text;
  run.interpreter->SetMaxLoopIterations(0);
  run.interpreter->typed_input_tensor<int32_t>(0)[0] = 990;
  ASSERT_EQ(run.interpreter->Invoke(), kTfLiteOk);
  EXPECT_EQ(run.interpreter->typed_output_tensor<int32_t>(0)[0], 1000);
}

// A chain of `depth` subgraphs, each calling the next through CALL_ONCE.
std::vector<uint8_t> CallOnceChain(int depth) {
  test::ModelBuilder b;
  const int call_once = b.AddOperatorCode(BuiltinOperator_CALL_ONCE);
  for (int s = 0; s < depth; ++s) {
    if (s > 0) b.AddSubgraph();
    if (s + 1 < depth) {
      b.AddOperator(call_once, {}, {}, schema::BuiltinOptions_CallOnceOptions,
                    schema::CreateCallOnceOptions(b.fbb(), s + 1).Union());
    }
    b.SetInputs({});
    b.SetOutputs({});
  }
  return b.Finish();
}

TEST(CallOnce, NestingIsBounded) {
  {
    test::OpRun run(CallOnceChain(kMaxSubgraphNesting));
    ASSERT_EQ(run.interpreter->AllocateTensors(), kTfLiteOk);
    EXPECT_EQ(run.interpreter->Invoke(), kTfLiteOk);
    EXPECT_EQ(run.interpreter->Invoke(), kTfLiteOk);
  }
  test::ExpectRefused(CallOnceChain(kMaxSubgraphNesting + 1),
                      "Subgraph 7 node 0 (CALL_ONCE) calls subgraph 8: control flow nests more than 8 subgraphs "
                      "deep, which mote refuses.");
}

TEST(CallOnce, RefusesRecursionThroughAnotherSubgraph) {
  test::ModelBuilder b;
  const int call_once = b.AddOperatorCode(BuiltinOperator_CALL_ONCE);
  b.AddOperator(call_once, {}, {}, schema::BuiltinOptions_CallOnceOptions,
                schema::CreateCallOnceOptions(b.fbb(), 1).Union());
  b.AddSubgraph();
  b.AddOperator(call_once, {}, {}, schema::BuiltinOptions_CallOnceOptions,
                schema::CreateCallOnceOptions(b.fbb(), 0).Union());
  test::ExpectRefused(b.Finish(), "Subgraph 1 node 0 (CALL_ONCE) calls subgraph 0, which is already running");
}

// Lifecycle per subgraph (TFLM's order): init then prepare of every node, subgraph by subgraph; invoke of the
// nodes a call reaches; reset and free of every node. "Trace" copies its input and logs "<event>:<tag>".
std::string g_trace;

struct TraceData {
  int tag;
};

void Log(const char* event, int tag) { g_trace += std::string(g_trace.empty() ? "" : " ") + event + ":" + std::to_string(tag); }

void* TraceInit(TfLiteContext* context, const char* buffer, size_t length) {
  auto* data = static_cast<TraceData*>(context->AllocatePersistentBuffer(context, sizeof(TraceData)));
  data->tag = length > 0 ? static_cast<unsigned char>(buffer[0]) : 0;
  Log("init", data->tag);
  return data;
}
TfLiteStatus TracePrepare(TfLiteContext*, TfLiteNode* node) {
  Log("prepare", static_cast<TraceData*>(node->user_data)->tag);
  return kTfLiteOk;
}
TfLiteStatus TraceInvoke(TfLiteContext* context, TfLiteNode* node) {
  Log("invoke", static_cast<TraceData*>(node->user_data)->tag);
  const TfLiteEvalTensor* in = micro::GetEvalInput(context, node, 0);
  TfLiteEvalTensor* out = micro::GetEvalOutput(context, node, 0);
  for (int i = 0; i < 2; ++i) out->data.f[i] = in->data.f[i] + 1.0f;
  return kTfLiteOk;
}
void TraceFree(TfLiteContext*, void* data) { Log("free", static_cast<TraceData*>(data)->tag); }
void TraceReset(TfLiteContext*, void* data) { Log("reset", static_cast<TraceData*>(data)->tag); }

void AddTraceSubgraph(test::ModelBuilder* b, int trace, int tag) {
  const int a = b->AddTensor(TensorType_FLOAT32, {2}, "a");
  const int o = b->AddTensor(TensorType_FLOAT32, {2}, "o");
  b->AddOperator(trace, {a}, {o}, schema::BuiltinOptions_NONE, 0, {static_cast<uint8_t>(tag)});
  b->SetInputs({a});
  b->SetOutputs({o});
}

TEST(ControlFlowLifecycle, EveryNodeOfEverySubgraphInitsPreparesResetsAndFrees) {
  test::ModelBuilder b;
  const int if_code = b.AddOperatorCode(BuiltinOperator_IF);
  const int trace = b.AddOperatorCode(schema::BuiltinOperator_CUSTOM, 1, "Trace");
  const int cond = b.AddTensor(TensorType_BOOL, {1}, "cond");
  const int x = b.AddTensor(TensorType_FLOAT32, {2}, "x");
  const int a = b.AddTensor(TensorType_FLOAT32, {2}, "a");
  const int out = b.AddTensor(TensorType_FLOAT32, {2}, "out");
  b.AddOperator(trace, {x}, {a}, schema::BuiltinOptions_NONE, 0, {10});
  b.AddOperator(if_code, {cond, a}, {out}, schema::BuiltinOptions_IfOptions,
                schema::CreateIfOptions(b.fbb(), 1, 2).Union());
  b.SetInputs({cond, x});
  b.SetOutputs({out});
  b.AddSubgraph();
  AddTraceSubgraph(&b, trace, 20);
  b.AddSubgraph();
  AddTraceSubgraph(&b, trace, 30);
  test::AlignedModel model(b.Finish());

  const TfLiteRegistration registration = micro::RegisterOp(TraceInit, TracePrepare, TraceInvoke, TraceFree, TraceReset);
  MicroMutableOpResolver<2> resolver;
  ASSERT_EQ(resolver.AddIf(), kTfLiteOk);
  ASSERT_EQ(resolver.AddCustom("Trace", &registration), kTfLiteOk);
  test::AlignedBuffer arena(16 * 1024);
  g_trace.clear();
  {
    MicroInterpreter interpreter(model.data(), model.size(), resolver, arena.data(), arena.size());
    ASSERT_EQ(interpreter.AllocateTensors(), kTfLiteOk);
    EXPECT_EQ(g_trace, "init:10 init:20 init:30 prepare:10 prepare:20 prepare:30");
    g_trace.clear();
    interpreter.input(0)->data.b[0] = true;
    interpreter.typed_input_tensor<float>(1)[0] = 1.0f;
    ASSERT_EQ(interpreter.Invoke(), kTfLiteOk);
    EXPECT_FLOAT_EQ(interpreter.typed_output_tensor<float>(0)[0], 3.0f);
    interpreter.input(0)->data.b[0] = false;
    ASSERT_EQ(interpreter.Invoke(), kTfLiteOk);
    EXPECT_EQ(g_trace, "invoke:10 invoke:20 invoke:10 invoke:30");
    g_trace.clear();
    ASSERT_EQ(interpreter.Reset(), kTfLiteOk);
    EXPECT_EQ(g_trace, "reset:10 reset:20 reset:30");
    g_trace.clear();
  }
  EXPECT_EQ(g_trace, "free:10 free:20 free:30");
}

}  // namespace
}  // namespace mote
