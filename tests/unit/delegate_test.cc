// Delegates (DESIGN §6) on purpose-built graphs: how ReplaceNodeSubsetsWithDelegateKernels partitions a
// selection (chains, diamonds, a selection that must split to stay acyclic, graph inputs/outputs), several
// delegates in order, refused requests (exact messages), and rollback when a delegate's Prepare fails.
//
// Every case checks the resulting execution plan, the TfLiteDelegateParams each delegate kernel's init
// received, how often each delegate kernel's invoke ran, and that the outputs equal the CPU-only run: the test
// delegate computes its subsets by running the replaced nodes' own kernels (support/replay_kernels.h).
//
// Graphs use the "AddOne" custom op (support/test_ops: out = in + 1, tag = node index + 1) and float ADD.
#include <algorithm>
#include <cstdio>
#include <memory>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "interpreter/interpreter_core.h"
#include "mote/micro_interpreter.h"
#include "mote/micro_log.h"
#include "mote/op_resolver.h"
#include "support/golden.h"
#include "support/model_builder.h"
#include "support/replay_kernels.h"
#include "support/test_ops.h"
#include "unit/log_capture.h"

namespace mote {
namespace {

using test::Events;
using Ints = std::vector<int>;

using unit_test::LogCapture;

Ints ToInts(const TfLiteIntArray* a) {
  return a == nullptr ? Ints{} : Ints(a->data, a->data + a->size);
}

// An int array on the heap of the test (the delegate under test would use a static one on a micro target).
struct IntArray {
  explicit IntArray(const Ints& v) : storage(v.size() + 1) {
    storage[0] = static_cast<int>(v.size());
    for (size_t i = 0; i < v.size(); ++i) storage[i + 1] = v[i];
  }
  const TfLiteIntArray* get() const { return reinterpret_cast<const TfLiteIntArray*>(storage.data()); }
  std::vector<int> storage;
};

// --- A recording delegate ----------------------------------------------------------------------------------
struct KernelRecord {
  TfLiteDelegate* delegate = nullptr;
  Ints nodes, inputs, outputs;
  const TfLiteIntArray* replaced = nullptr;
  int prepares = 0;
  int invokes = 0;
  int frees = 0;
};

// Kernel records outlive the delegates that made them (a test's delegate may die before its interpreter,
// whose destructor still runs the kernels' free): they are kept until the next test starts.
std::vector<std::unique_ptr<KernelRecord>>& AllKernelRecords() {
  static std::vector<std::unique_ptr<KernelRecord>> records;
  return records;
}

struct TestDelegate {
  TestDelegate() {
    delegate.data_ = this;
    delegate.Prepare = &Prepare;
    delegate.flags = kTfLiteDelegateFlagsNone;
  }
  // One ReplaceNodeSubsetsWithDelegateKernels call per entry, in order.
  std::vector<Ints> requests;
  // Prepare returns the first failing call's status (like TF_LITE_ENSURE_STATUS) unless ignore_errors, then
  // `result`.
  bool ignore_errors = false;
  TfLiteStatus result = kTfLiteOk;
  bool fail_kernel_prepare = false;
  const char* name = "TestDelegate";

  TfLiteDelegate delegate{};
  int prepare_calls = 0;
  Ints plan_seen;
  std::vector<TfLiteStatus> statuses;
  std::vector<KernelRecord*> kernels;  // in init order (= plan order); owned by AllKernelRecords()

  int total_invokes() const {
    int n = 0;
    for (const auto& k : kernels) n += k->invokes;
    return n;
  }

  static TfLiteStatus Prepare(TfLiteContext* context, TfLiteDelegate* d) {
    auto* self = static_cast<TestDelegate*>(d->data_);
    ++self->prepare_calls;
    TfLiteIntArray* plan = nullptr;
    TF_LITE_ENSURE_STATUS(context->GetExecutionPlan(context, &plan));
    self->plan_seen = ToInts(plan);
    TfLiteRegistration reg{};
    reg.init = KernelInit;
    reg.free = KernelFree;
    reg.prepare = KernelPrepare;
    reg.invoke = KernelInvoke;
    reg.custom_name = self->name;
    for (const Ints& request : self->requests) {
      IntArray nodes(request);
      const TfLiteStatus s = context->ReplaceNodeSubsetsWithDelegateKernels(context, reg, nodes.get(), d);
      self->statuses.push_back(s);
      if (s != kTfLiteOk && !self->ignore_errors) return s;
    }
    return self->result;
  }

  static void* KernelInit(TfLiteContext* context, const char* buffer, size_t length) {
    const auto* params = reinterpret_cast<const TfLiteDelegateParams*>(buffer);
    auto* self = static_cast<TestDelegate*>(params->delegate->data_);
    auto record = std::make_unique<KernelRecord>();
    record->delegate = params->delegate;
    record->nodes = ToInts(params->nodes_to_replace);
    record->inputs = ToInts(params->input_tensors);
    record->outputs = ToInts(params->output_tensors);
    record->replaced = params->nodes_to_replace;
    EXPECT_EQ(length, 0u);
    EXPECT_EQ(test::InitReplacedNodes(context, params->nodes_to_replace), kTfLiteOk);
    self->kernels.push_back(record.get());
    AllKernelRecords().push_back(std::move(record));
    return self->kernels.back();
  }
  static TfLiteStatus KernelPrepare(TfLiteContext* context, TfLiteNode* node) {
    auto* record = static_cast<KernelRecord*>(node->user_data);
    auto* self = static_cast<TestDelegate*>(record->delegate->data_);
    ++record->prepares;
    if (self->fail_kernel_prepare) {
      TF_LITE_KERNEL_LOG(context, "%s: the backend refuses this subset", self->name);
      return kTfLiteError;
    }
    // The node's tensors are the subset's boundary.
    EXPECT_EQ(ToInts(node->inputs), record->inputs);
    EXPECT_EQ(ToInts(node->outputs), record->outputs);
    EXPECT_EQ(static_cast<const TfLiteDelegateParams*>(node->builtin_data)->delegate, record->delegate);
    return test::PrepareReplacedNodes(context, record->replaced);
  }
  static TfLiteStatus KernelInvoke(TfLiteContext* context, TfLiteNode* node) {
    auto* record = static_cast<KernelRecord*>(node->user_data);
    ++record->invokes;
    return test::InvokeReplacedNodes(context, record->replaced);
  }
  static void KernelFree(TfLiteContext* context, void* buffer) {
    auto* record = static_cast<KernelRecord*>(buffer);
    ++record->frees;
    test::FreeReplacedNodes(context, record->replaced);
  }
};

// --- Graphs ------------------------------------------------------------------------------------------------
// float32 [1, 4] tensors; AddOne nodes carry tag = node index + 1.
class Graph {
 public:
  Graph() {
    add_one_ = b_.AddOperatorCode(schema::BuiltinOperator_CUSTOM, 1, "AddOne");
    add_ = b_.AddOperatorCode(schema::BuiltinOperator_ADD, 1);
  }
  int Tensor() { return b_.AddTensor(schema::TensorType_FLOAT32, {1, 4}, "t" + std::to_string(tensors_++)); }
  int AddOne(int in, int out) {
    return b_.AddOperator(add_one_, {in}, {out}, schema::BuiltinOptions_NONE, 0,
                          {static_cast<uint8_t>(nodes_++ + 1)});
  }
  int Add(int a, int b, int out) {
    ++nodes_;
    return b_.AddOperator(add_, {a, b}, {out}, schema::BuiltinOptions_AddOptions,
                          schema::CreateAddOptions(b_.fbb()).Union());
  }
  std::vector<uint8_t> Finish(Ints inputs, Ints outputs) {
    b_.SetInputs(std::move(inputs));
    b_.SetOutputs(std::move(outputs));
    return b_.Finish();
  }

 private:
  test::ModelBuilder b_;
  int add_one_ = 0;
  int add_ = 0;
  int tensors_ = 0;
  int nodes_ = 0;
};

// t0 -> n0 -> t1 -> n1 -> ... -> t_n (AddOne each).
std::vector<uint8_t> Chain(int n, Ints extra_outputs = {}) {
  Graph g;
  Ints t;
  for (int i = 0; i <= n; ++i) t.push_back(g.Tensor());
  for (int i = 0; i < n; ++i) g.AddOne(t[i], t[i + 1]);
  Ints outputs = extra_outputs;
  outputs.push_back(t[n]);
  return g.Finish({t[0]}, outputs);
}

// Diamond: n0: t0 -> t1 (A); n1: t1 -> t2 (B); n2: t1 -> t3 (C); n3: ADD(t2, t3) -> t4 (D).
std::vector<uint8_t> Diamond() {
  Graph g;
  Ints t;
  for (int i = 0; i < 5; ++i) t.push_back(g.Tensor());
  g.AddOne(t[0], t[1]);
  g.AddOne(t[1], t[2]);
  g.AddOne(t[1], t[3]);
  g.Add(t[2], t[3], t[4]);
  return g.Finish({t[0]}, {t[4]});
}

// Two branches from two graph inputs, joined at the end, in an order where a later node only needs a graph
// input: n0: in0 -> t2 (A); n1: in1 -> t3 (B); n2: t2 -> t4 (C); n3: ADD(t3, t4) -> t5 (D).
std::vector<uint8_t> Branches() {
  Graph g;
  Ints t;
  for (int i = 0; i < 6; ++i) t.push_back(g.Tensor());
  g.AddOne(t[0], t[2]);
  g.AddOne(t[1], t[3]);
  g.AddOne(t[2], t[4]);
  g.Add(t[3], t[4], t[5]);
  return g.Finish({t[0], t[1]}, {t[5]});
}

// --- Running -----------------------------------------------------------------------------------------------
class Harness {
 public:
  explicit Harness(const std::vector<uint8_t>& bytes, size_t arena_bytes = 64 * 1024)
      : model_(bytes), arena_(arena_bytes) {
    resolver_.AddCustom("AddOne", test::AddOneRegistration());
    resolver_.AddAdd();
    interpreter_ = std::make_unique<MicroInterpreter>(model_.data(), model_.size(), resolver_, arena_.data(),
                                                      arena_.size());
  }
  MicroInterpreter& interpreter() { return *interpreter_; }
  TfLiteStatus Apply(TestDelegate* d) { return interpreter_->ModifyGraphWithDelegate(&d->delegate); }

  Ints Plan() const {
    Ints plan;
    for (size_t p = 0; p < interpreter_->operators_size(); ++p) plan.push_back(interpreter_->node_info(p).index);
    return plan;
  }
  // Fills each input with a distinct pattern, invokes `runs` times, returns all outputs of the last run.
  std::vector<float> Run(int runs = 1) {
    if (!interpreter_->input(0) && interpreter_->AllocateTensors() != kTfLiteOk) {
      ADD_FAILURE() << "AllocateTensors failed";
      return {};
    }
    std::vector<float> out;
    for (int r = 0; r < runs; ++r) {
      for (size_t i = 0; i < interpreter_->inputs_size(); ++i) {
        TfLiteTensor* t = interpreter_->input(i);
        for (size_t k = 0; k < t->bytes / sizeof(float); ++k) t->data.f[k] = 10.f * i + 0.5f * k + r;
      }
      if (interpreter_->Invoke() != kTfLiteOk) {
        ADD_FAILURE() << "Invoke failed";
        return {};
      }
    }
    for (size_t i = 0; i < interpreter_->outputs_size(); ++i) {
      const TfLiteTensor* t = interpreter_->output(i);
      out.insert(out.end(), t->data.f, t->data.f + t->bytes / sizeof(float));
    }
    return out;
  }
  void Destroy() { interpreter_.reset(); }

 private:
  test::AlignedModel model_;
  test::AlignedBuffer arena_;
  MicroMutableOpResolver<2> resolver_;
  std::unique_ptr<MicroInterpreter> interpreter_;
};

std::vector<float> CpuOutputs(const std::vector<uint8_t>& bytes, int runs = 1) {
  Harness cpu(bytes);
  return cpu.Run(runs);
}

class DelegateTest : public ::testing::Test {
 protected:
  void SetUp() override {
    Events().Clear();
    AllKernelRecords().clear();
  }
};

// Checks one delegate kernel's params.
void ExpectKernel(const KernelRecord& k, const Ints& nodes, const Ints& inputs, const Ints& outputs) {
  EXPECT_EQ(k.nodes, nodes);
  EXPECT_EQ(k.inputs, inputs);
  EXPECT_EQ(k.outputs, outputs);
}

// --- Chains ------------------------------------------------------------------------------------------------
TEST_F(DelegateTest, ChainMiddleBecomesOneKernel) {
  const auto model = Chain(4);
  Harness h(model);
  TestDelegate d;
  d.requests = {{1, 2}};
  ASSERT_EQ(h.Apply(&d), kTfLiteOk);
  EXPECT_EQ(d.plan_seen, (Ints{0, 1, 2, 3}));
  EXPECT_EQ(h.Plan(), (Ints{0, 4, 3}));
  ASSERT_EQ(d.kernels.size(), 0u) << "kernel init runs in AllocateTensors, not in ModifyGraphWithDelegate";
  EXPECT_EQ(h.Run(3), CpuOutputs(model, 3));
  ASSERT_EQ(d.kernels.size(), 1u);
  ExpectKernel(*d.kernels[0], {1, 2}, {1}, {3});
  EXPECT_EQ(d.kernels[0]->prepares, 1);
  EXPECT_EQ(d.kernels[0]->invokes, 3) << "one invoke per subset per inference";
  const NodeInfo info = h.interpreter().node_info(1);
  EXPECT_EQ(info.index, 4);
  EXPECT_EQ(info.builtin_code, schema::BuiltinOperator_DELEGATE);
  EXPECT_STREQ(info.op_name, "TestDelegate");
  EXPECT_EQ(ToInts(info.replaced_nodes), (Ints{1, 2}));
  EXPECT_EQ(h.interpreter().node_info(0).replaced_nodes, nullptr);
  h.Destroy();
  EXPECT_EQ(d.kernels[0]->frees, 1);
}

TEST_F(DelegateTest, WholeChainFromGraphInputToGraphOutput) {
  const auto model = Chain(3);
  Harness h(model);
  TestDelegate d;
  d.requests = {{2, 0, 1}};  // order of the request does not matter
  ASSERT_EQ(h.Apply(&d), kTfLiteOk);
  EXPECT_EQ(h.Plan(), (Ints{3}));
  EXPECT_EQ(h.Run(2), CpuOutputs(model, 2));
  ASSERT_EQ(d.kernels.size(), 1u);
  ExpectKernel(*d.kernels[0], {0, 1, 2}, {0}, {3});
  EXPECT_EQ(d.kernels[0]->invokes, 2);
}

TEST_F(DelegateTest, BothEndsOfAChainAreTwoKernels) {
  const auto model = Chain(4);
  Harness h(model);
  TestDelegate d;
  d.requests = {{0, 3}};  // touches the graph input and the graph output; not connected
  ASSERT_EQ(h.Apply(&d), kTfLiteOk);
  EXPECT_EQ(h.Plan(), (Ints{4, 1, 2, 5}));
  EXPECT_EQ(h.Run(), CpuOutputs(model));
  ASSERT_EQ(d.kernels.size(), 2u);
  ExpectKernel(*d.kernels[0], {0}, {0}, {1});
  ExpectKernel(*d.kernels[1], {3}, {3}, {4});
  EXPECT_EQ(d.kernels[0]->invokes, 1);
  EXPECT_EQ(d.kernels[1]->invokes, 1);
}

TEST_F(DelegateTest, InnerTensorThatIsAGraphOutputIsAKernelOutput) {
  const auto model = Chain(3, /*extra_outputs=*/{1});  // outputs: t1, t3
  Harness h(model);
  TestDelegate d;
  d.requests = {{0, 1}};
  ASSERT_EQ(h.Apply(&d), kTfLiteOk);
  EXPECT_EQ(h.Plan(), (Ints{3, 2}));
  EXPECT_EQ(h.Run(), CpuOutputs(model));
  ASSERT_EQ(d.kernels.size(), 1u);
  ExpectKernel(*d.kernels[0], {0, 1}, {0}, {1, 2});
}

// --- Diamonds ----------------------------------------------------------------------------------------------
TEST_F(DelegateTest, WholeDiamondIsOneKernel) {
  const auto model = Diamond();
  Harness h(model);
  TestDelegate d;
  d.requests = {{0, 1, 2, 3}};
  ASSERT_EQ(h.Apply(&d), kTfLiteOk);
  EXPECT_EQ(h.Plan(), (Ints{4}));
  EXPECT_EQ(h.Run(), CpuOutputs(model));
  ASSERT_EQ(d.kernels.size(), 1u);
  ExpectKernel(*d.kernels[0], {0, 1, 2, 3}, {0}, {4});
}

TEST_F(DelegateTest, DiamondEndsWouldFormACycleSoTheyAreSplit) {
  // {A, D} as one node would need B and C's outputs, which need A's output: a cycle. Two kernels instead.
  const auto model = Diamond();
  Harness h(model);
  TestDelegate d;
  d.requests = {{0, 3}};
  ASSERT_EQ(h.Apply(&d), kTfLiteOk);
  EXPECT_EQ(h.Plan(), (Ints{4, 1, 2, 5}));
  EXPECT_EQ(h.Run(2), CpuOutputs(model, 2));
  ASSERT_EQ(d.kernels.size(), 2u);
  ExpectKernel(*d.kernels[0], {0}, {0}, {1});
  ExpectKernel(*d.kernels[1], {3}, {2, 3}, {4});
  EXPECT_EQ(d.kernels[0]->invokes, 2);
  EXPECT_EQ(d.kernels[1]->invokes, 2);
}

TEST_F(DelegateTest, DiamondArmsShareNoTensorSoTheyAreTwoKernels) {
  const auto model = Diamond();
  Harness h(model);
  TestDelegate d;
  d.requests = {{1, 2}};
  ASSERT_EQ(h.Apply(&d), kTfLiteOk);
  EXPECT_EQ(h.Plan(), (Ints{0, 4, 5, 3}));
  EXPECT_EQ(h.Run(), CpuOutputs(model));
  ASSERT_EQ(d.kernels.size(), 2u);
  ExpectKernel(*d.kernels[0], {1}, {1}, {2});
  ExpectKernel(*d.kernels[1], {2}, {1}, {3});
}

TEST_F(DelegateTest, DiamondSplitsWhereTheKeptArmRejoins) {
  // {A, B, D}: D needs C (kept), which needs A. A and B form one kernel with two outputs (t1 for C, t2 for D).
  const auto model = Diamond();
  Harness h(model);
  TestDelegate d;
  d.requests = {{0, 1, 3}};
  ASSERT_EQ(h.Apply(&d), kTfLiteOk);
  EXPECT_EQ(h.Plan(), (Ints{4, 2, 5}));
  EXPECT_EQ(h.Run(), CpuOutputs(model));
  ASSERT_EQ(d.kernels.size(), 2u);
  ExpectKernel(*d.kernels[0], {0, 1}, {0}, {1, 2});
  ExpectKernel(*d.kernels[1], {3}, {2, 3}, {4});
}

TEST_F(DelegateTest, SubsetRunsAfterTheKeptNodesItNeeds) {
  // {B, D} are connected (t3) and only need a graph input and C's output: one kernel after A and C.
  const auto model = Branches();
  Harness h(model);
  TestDelegate d;
  d.requests = {{1, 3}};
  ASSERT_EQ(h.Apply(&d), kTfLiteOk);
  EXPECT_EQ(h.Plan(), (Ints{0, 2, 4}));
  EXPECT_EQ(h.Run(), CpuOutputs(model));
  ASSERT_EQ(d.kernels.size(), 1u);
  ExpectKernel(*d.kernels[0], {1, 3}, {1, 4}, {5});
}

// --- Random graphs -----------------------------------------------------------------------------------------
// Random DAGs of AddOne/ADD nodes and random selections, one or two delegates: the CPU-only outputs, every
// original node exactly once (kept in the plan or replaced by exactly one kernel), connected subsets, a plan
// in dependency order, one invoke per kernel per Invoke(), and each kernel's boundary tensors exactly right.
struct RandomGraph {
  std::vector<uint8_t> bytes;
  std::vector<Ints> node_inputs, node_outputs;
  Ints graph_outputs;
};

RandomGraph MakeRandomGraph(std::mt19937* rng, int nodes) {
  Graph g;
  RandomGraph r;
  Ints tensors = {g.Tensor(), g.Tensor()};  // two graph inputs
  Ints consumed(2, 0);
  for (int n = 0; n < nodes; ++n) {
    const int out = g.Tensor();
    std::uniform_int_distribution<size_t> pick(0, tensors.size() - 1);
    if ((*rng)() % 3 == 0) {
      const int a = tensors[pick(*rng)], b = tensors[pick(*rng)];
      g.Add(a, b, out);
      r.node_inputs.push_back({a, b});
      consumed[a] = consumed[b] = 1;
    } else {
      const int a = tensors[pick(*rng)];
      g.AddOne(a, out);
      r.node_inputs.push_back({a});
      consumed[a] = 1;
    }
    r.node_outputs.push_back({out});
    tensors.push_back(out);
    consumed.push_back(0);
  }
  for (size_t t = 2; t < tensors.size(); ++t)
    if (!consumed[t] || (*rng)() % 5 == 0) r.graph_outputs.push_back(static_cast<int>(t));
  r.bytes = g.Finish({0, 1}, r.graph_outputs);
  return r;
}

TEST_F(DelegateTest, RandomGraphsAndSelectionsPartitionCorrectly) {
  const unsigned seed = 20261129;
  std::printf("delegate partition seed: %u\n", seed);
  std::mt19937 rng(seed);
  for (int round = 0; round < 300; ++round) {
    SCOPED_TRACE("round " + std::to_string(round));
    Events().Clear();
    const int nodes = 1 + static_cast<int>(rng() % 14);
    const RandomGraph rg = MakeRandomGraph(&rng, nodes);
    const int delegates = 1 + static_cast<int>(rng() % 2);
    AllKernelRecords().clear();
    std::vector<std::unique_ptr<TestDelegate>> ds;
    Ints owner(nodes, -1);  // which delegate asked for each node
    for (int k = 0; k < delegates; ++k) {
      ds.push_back(std::make_unique<TestDelegate>());
      Ints request;
      for (int n = 0; n < nodes; ++n) {
        if (owner[n] < 0 && rng() % 2 == 0) {
          owner[n] = k;
          request.push_back(n);
        }
      }
      std::shuffle(request.begin(), request.end(), rng);
      ds.back()->requests = {request};
    }
    Harness h(rg.bytes, 256 * 1024);
    for (auto& d : ds) ASSERT_EQ(h.Apply(d.get()), kTfLiteOk);
    const auto cpu = CpuOutputs(rg.bytes, 2);
    ASSERT_FALSE(cpu.empty());
    ASSERT_EQ(h.Run(2), cpu);

    // Every original node once: kept in the plan or replaced by exactly one kernel of the delegate that
    // asked for it.
    const Ints plan = h.Plan();
    Ints seen(nodes, 0);
    Ints position_of_node(nodes, -1);
    for (size_t p = 0; p < plan.size(); ++p) {
      if (plan[p] < nodes) {
        ++seen[plan[p]];
        EXPECT_EQ(owner[plan[p]], -1) << "node " << plan[p] << " was asked for but kept";
        position_of_node[plan[p]] = static_cast<int>(p);
      }
    }
    for (size_t k = 0; k < ds.size(); ++k) {
      for (const auto& kernel : ds[k]->kernels) {
        EXPECT_EQ(kernel->invokes, 2);
        for (int n : kernel->nodes) {
          ++seen[n];
          EXPECT_EQ(owner[n], static_cast<int>(k));
        }
      }
    }
    for (int n = 0; n < nodes; ++n) EXPECT_EQ(seen[n], 1) << "node " << n;

    // Each kernel: connected; inputs = read but not produced inside; outputs = produced inside and read
    // outside (by another node or as a graph output).
    for (const auto& d : ds) {
      for (const auto& kernel : d->kernels) {
        const Ints& m = kernel->nodes;
        auto member = [&](int n) { return std::find(m.begin(), m.end(), n) != m.end(); };
        std::set<int> produced, read, read_outside(rg.graph_outputs.begin(), rg.graph_outputs.end());
        for (int n : m) {
          produced.insert(rg.node_outputs[n].begin(), rg.node_outputs[n].end());
          read.insert(rg.node_inputs[n].begin(), rg.node_inputs[n].end());
        }
        for (int n = 0; n < nodes; ++n)
          if (!member(n)) read_outside.insert(rg.node_inputs[n].begin(), rg.node_inputs[n].end());
        std::set<int> want_in, want_out;
        for (int t : read)
          if (!produced.count(t)) want_in.insert(t);
        for (int t : produced)
          if (read_outside.count(t)) want_out.insert(t);
        EXPECT_EQ(std::set<int>(kernel->inputs.begin(), kernel->inputs.end()), want_in);
        EXPECT_EQ(kernel->inputs.size(), want_in.size()) << "no duplicate inputs";
        EXPECT_EQ(std::set<int>(kernel->outputs.begin(), kernel->outputs.end()), want_out);
        // Connected through tensors one member produces and another reads.
        std::set<int> reached = {m[0]};
        for (bool grew = true; grew;) {
          grew = false;
          for (int a : m) {
            for (int b : m) {
              if (reached.count(a) == 0 || reached.count(b) != 0) continue;
              const bool linked =
                  std::find(rg.node_inputs[b].begin(), rg.node_inputs[b].end(), rg.node_outputs[a][0]) !=
                      rg.node_inputs[b].end() ||
                  std::find(rg.node_inputs[a].begin(), rg.node_inputs[a].end(), rg.node_outputs[b][0]) !=
                      rg.node_inputs[a].end();
              if (linked) {
                reached.insert(b);
                grew = true;
              }
            }
          }
        }
        EXPECT_EQ(reached.size(), m.size()) << "a kernel's nodes must be connected";
      }
    }
    if (HasFailure()) return;
  }
}

// --- Empty lists, several delegates ------------------------------------------------------------------------
TEST_F(DelegateTest, EmptyListChangesNothing) {
  const auto model = Chain(3);
  Harness h(model);
  TestDelegate empty;
  empty.requests = {{}};
  TestDelegate none;  // a Prepare that replaces nothing at all
  ASSERT_EQ(h.Apply(&empty), kTfLiteOk);
  ASSERT_EQ(h.Apply(&none), kTfLiteOk);
  EXPECT_EQ(empty.statuses, (std::vector<TfLiteStatus>{kTfLiteOk}));
  EXPECT_EQ(none.prepare_calls, 1);
  EXPECT_EQ(h.Plan(), (Ints{0, 1, 2}));
  EXPECT_EQ(h.Run(), CpuOutputs(model));
  EXPECT_TRUE(empty.kernels.empty());
  EXPECT_TRUE(none.kernels.empty());
}

TEST_F(DelegateTest, TwoDelegatesApplyInOrder) {
  const auto model = Chain(5);
  Harness h(model);
  TestDelegate first;
  first.name = "First";
  first.requests = {{1, 2}};
  TestDelegate second;
  second.name = "Second";
  second.requests = {{0, 3, 4}};
  ASSERT_EQ(h.Apply(&first), kTfLiteOk);
  ASSERT_EQ(h.Apply(&second), kTfLiteOk);
  EXPECT_EQ(second.plan_seen, (Ints{0, 5, 3, 4})) << "the second delegate sees the first one's plan";
  EXPECT_EQ(h.Plan(), (Ints{6, 5, 7}));
  EXPECT_EQ(h.Run(2), CpuOutputs(model, 2));
  ASSERT_EQ(first.kernels.size(), 1u);
  ASSERT_EQ(second.kernels.size(), 2u);
  ExpectKernel(*first.kernels[0], {1, 2}, {1}, {3});
  ExpectKernel(*second.kernels[0], {0}, {0}, {1});
  ExpectKernel(*second.kernels[1], {3, 4}, {3}, {5});
  EXPECT_EQ(first.kernels[0]->invokes, 2);
  EXPECT_EQ(second.total_invokes(), 4);
  EXPECT_STREQ(h.interpreter().node_info(1).op_name, "First");
  EXPECT_STREQ(h.interpreter().node_info(2).op_name, "Second");
}

TEST_F(DelegateTest, SecondDelegateCannotTakeTheFirstOnesNodes) {
  const auto model = Chain(4);
  Harness h(model);
  TestDelegate first;
  first.requests = {{1, 2}};
  ASSERT_EQ(h.Apply(&first), kTfLiteOk);
  TestDelegate second;
  second.requests = {{3, 2}};
  LogCapture log;
  EXPECT_EQ(h.Apply(&second), kTfLiteDelegateError);
  EXPECT_TRUE(log.Has("ReplaceNodeSubsetsWithDelegateKernels: node 2 (AddOne) is already replaced by delegate "
                      "kernel node 4 (TestDelegate).")) << log.all();
  TestDelegate third;
  third.requests = {{4}};  // the first delegate's kernel itself
  EXPECT_EQ(h.Apply(&third), kTfLiteDelegateError);
  EXPECT_TRUE(log.Has("ReplaceNodeSubsetsWithDelegateKernels: node 4 is a delegate kernel (TestDelegate); a "
                      "delegate cannot replace it.")) << log.all();
  EXPECT_EQ(h.Plan(), (Ints{0, 4, 3})) << "the refused delegates changed nothing";
  EXPECT_EQ(h.Run(), CpuOutputs(model));
  EXPECT_EQ(first.kernels.size(), 1u);
  EXPECT_TRUE(second.kernels.empty());
  EXPECT_TRUE(third.kernels.empty());
}

// --- Bad requests ------------------------------------------------------------------------------------------
TEST_F(DelegateTest, RequestsOutsideThePlanOrDuplicatedAreRefused) {
  const auto model = Chain(3);
  struct Case {
    Ints request;
    std::string message;
  };
  const std::vector<Case> cases = {
      {{0, 99}, "ReplaceNodeSubsetsWithDelegateKernels: node 99 is not in the execution plan (the graph has 3 "
                "nodes)."},
      {{-1}, "ReplaceNodeSubsetsWithDelegateKernels: node -1 is not in the execution plan (the graph has 3 "
             "nodes)."},
      {{1, 2, 1}, "ReplaceNodeSubsetsWithDelegateKernels: node 1 is listed twice."},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.message);
    Events().Clear();
    Harness h(model);
    TestDelegate d;
    d.requests = {c.request};
    LogCapture log;
    EXPECT_EQ(h.Apply(&d), kTfLiteDelegateError);
    EXPECT_TRUE(log.Has(c.message)) << log.all();
    EXPECT_TRUE(log.Has("ModifyGraphWithDelegate: the delegate's Prepare failed (status 1); the graph is unchanged "
                        "and runs on mote's own kernels.")) << log.all();
    EXPECT_EQ(h.Plan(), (Ints{0, 1, 2}));
    EXPECT_EQ(h.Run(), CpuOutputs(model));
    EXPECT_TRUE(d.kernels.empty());
  }
}

TEST_F(DelegateTest, OneDelegateCannotTakeANodeTwice) {
  const auto model = Chain(4);
  Harness h(model);
  TestDelegate d;
  d.requests = {{0, 1}, {1, 2}};
  LogCapture log;
  EXPECT_EQ(h.Apply(&d), kTfLiteDelegateError);
  EXPECT_EQ(d.statuses, (std::vector<TfLiteStatus>{kTfLiteOk, kTfLiteError}));
  EXPECT_TRUE(log.Has("ReplaceNodeSubsetsWithDelegateKernels: node 1 (AddOne) is already replaced by delegate "
                      "kernel node 4 (TestDelegate).")) << log.all();
  EXPECT_EQ(h.Plan(), (Ints{0, 1, 2, 3})) << "the first, successful call is rolled back with the failed Prepare";
  EXPECT_EQ(h.Run(), CpuOutputs(model));
  EXPECT_TRUE(d.kernels.empty());
}

TEST_F(DelegateTest, RefusedRequestIgnoredByPrepareLeavesThatCallWithoutEffect) {
  // A delegate that ignores the error: the refused call changed nothing, the successful one stands.
  const auto model = Chain(4);
  Harness h(model);
  TestDelegate d;
  d.ignore_errors = true;
  d.requests = {{0, 7}, {2, 3}};
  ASSERT_EQ(h.Apply(&d), kTfLiteOk);
  EXPECT_EQ(d.statuses, (std::vector<TfLiteStatus>{kTfLiteError, kTfLiteOk}));
  EXPECT_EQ(h.Plan(), (Ints{0, 1, 4}));
  EXPECT_EQ(h.Run(), CpuOutputs(model));
  ASSERT_EQ(d.kernels.size(), 1u);
  ExpectKernel(*d.kernels[0], {2, 3}, {2}, {4});
}

TEST_F(DelegateTest, FailedPrepareRollsBackAndTheModelRunsOnCpuKernels) {
  const auto model = Diamond();
  Harness h(model);
  TestDelegate d;
  d.requests = {{0, 3}};
  d.result = kTfLiteError;  // replaced nodes, then failed
  LogCapture log;
  EXPECT_EQ(h.Apply(&d), kTfLiteDelegateError);
  EXPECT_TRUE(log.Has("ModifyGraphWithDelegate: the delegate's Prepare failed (status 1); the graph is unchanged "
                      "and runs on mote's own kernels.")) << log.all();
  EXPECT_EQ(d.statuses, (std::vector<TfLiteStatus>{kTfLiteOk}));
  EXPECT_EQ(h.Plan(), (Ints{0, 1, 2, 3}));
  for (size_t p = 0; p < 4; ++p) EXPECT_EQ(h.interpreter().node_info(p).replaced_nodes, nullptr);
  EXPECT_EQ(h.Run(), CpuOutputs(model));
  EXPECT_TRUE(d.kernels.empty()) << "no delegate kernel was initialised";
  // A later delegate may take the nodes the failed one had asked for.
  Harness h2(model);
  TestDelegate failing;
  failing.requests = {{1, 2}};
  failing.result = kTfLiteError;
  TestDelegate good;
  good.requests = {{1, 2}};
  EXPECT_EQ(h2.Apply(&failing), kTfLiteDelegateError);
  ASSERT_EQ(h2.Apply(&good), kTfLiteOk);
  EXPECT_EQ(h2.Plan(), (Ints{0, 4, 5, 3}));
  EXPECT_EQ(h2.Run(), CpuOutputs(model));
  EXPECT_EQ(good.total_invokes(), 2);
}

TEST_F(DelegateTest, GraphsAboveTheDelegationLimitAreRefusedAndStillRunOnCpuKernels) {
  const auto model = Chain(16384);  // one node above kMaxDelegatedGraphNodes (int16 delegate links)
  Harness h(model, 8 * 1024 * 1024);
  TestDelegate d;
  d.requests = {{0, 1}};
  LogCapture log;
  EXPECT_EQ(h.Apply(&d), kTfLiteError);
  EXPECT_TRUE(log.Has("ModifyGraphWithDelegate: the model has 16384 operators; delegation supports at most 16383."))
      << log.all();
  EXPECT_EQ(d.prepare_calls, 0);
  EXPECT_EQ(h.interpreter().AllocateTensors(), kTfLiteOk);
  EXPECT_EQ(h.interpreter().operators_size(), 16384u);
}

TEST_F(DelegateTest, DelegateKernelPrepareFailureNamesTheKernel) {
  const auto model = Chain(3);
  Harness h(model);
  TestDelegate d;
  d.requests = {{1, 2}};
  d.fail_kernel_prepare = true;
  ASSERT_EQ(h.Apply(&d), kTfLiteOk);
  LogCapture log;
  EXPECT_NE(h.interpreter().AllocateTensors(), kTfLiteOk);
  EXPECT_TRUE(log.Has("TestDelegate: the backend refuses this subset")) << log.all();
  EXPECT_TRUE(log.Has("Node number 3 (TestDelegate) failed to prepare with status 1")) << log.all();
}

TEST_F(DelegateTest, CallsOutsideTheRulesAreRefused) {
  const auto model = Chain(2);
  LogCapture log;
  {
    Harness h(model);
    EXPECT_EQ(h.interpreter().ModifyGraphWithDelegate(nullptr), kTfLiteError);
    EXPECT_TRUE(log.Has("ModifyGraphWithDelegate: the delegate is null or has no Prepare function.")) << log.all();
    TfLiteDelegate no_prepare{};
    EXPECT_EQ(h.interpreter().ModifyGraphWithDelegate(&no_prepare), kTfLiteError);

    // Straight from the context, not from a delegate's Prepare.
    TfLiteContext* context = h.interpreter().core()->context();
    IntArray nodes({0});
    TfLiteRegistration reg{};
    EXPECT_EQ(context->ReplaceNodeSubsetsWithDelegateKernels(context, reg, nodes.get(), &no_prepare), kTfLiteError);
    EXPECT_TRUE(log.Has("ReplaceNodeSubsetsWithDelegateKernels may only be called from a delegate's Prepare."))
        << log.all();
    EXPECT_EQ(h.Plan(), (Ints{0, 1}));
  }
  {
    Harness h(model);
    ASSERT_EQ(h.interpreter().AllocateTensors(), kTfLiteOk);
    TestDelegate d;
    d.requests = {{0}};
    EXPECT_EQ(h.Apply(&d), kTfLiteError);
    EXPECT_TRUE(log.Has("ModifyGraphWithDelegate must be called before AllocateTensors() (mote plans memory once)."))
        << log.all();
    EXPECT_EQ(d.prepare_calls, 0);
    EXPECT_EQ(h.Plan(), (Ints{0, 1}));
  }
}

// --- Queries after replacement -----------------------------------------------------------------------------
struct QueryDelegate {
  static TfLiteStatus Prepare(TfLiteContext* context, TfLiteDelegate* d) {
    auto* self = static_cast<QueryDelegate*>(d->data_);
    TfLiteRegistration reg{};
    reg.invoke = [](TfLiteContext*, TfLiteNode*) { return kTfLiteOk; };
    reg.custom_name = "Q";
    IntArray nodes({0, 1});
    TF_LITE_ENSURE_STATUS(context->ReplaceNodeSubsetsWithDelegateKernels(context, reg, nodes.get(), d));
    // Originals stay queryable, with their own registrations; the new kernel is a node too.
    for (int n = 0; n < 3; ++n) {
      TfLiteNode* node = nullptr;
      TfLiteRegistration* r = nullptr;
      EXPECT_EQ(context->GetNodeAndRegistration(context, n, &node, &r), kTfLiteOk);
      self->names.push_back(r->custom_name == nullptr ? "" : r->custom_name);
      self->codes.push_back(r->builtin_code);
      self->node_outputs.push_back(ToInts(node->outputs));
    }
    TfLiteNode* node = nullptr;
    TfLiteRegistration* r = nullptr;
    self->out_of_range = context->GetNodeAndRegistration(context, 4, &node, &r);
    TfLiteIntArray* plan = nullptr;
    context->GetExecutionPlan(context, &plan);
    self->plan_after = ToInts(plan);
    return kTfLiteOk;
  }
  std::vector<std::string> names;
  std::vector<int32_t> codes;
  std::vector<Ints> node_outputs;
  TfLiteStatus out_of_range = kTfLiteOk;
  Ints plan_after;
};

TEST_F(DelegateTest, OriginalNodesAndRegistrationsStayQueryable) {
  const auto model = Chain(2);
  Harness h(model);
  QueryDelegate q;
  TfLiteDelegate d = TfLiteDelegateCreate();
  d.data_ = &q;
  d.Prepare = &QueryDelegate::Prepare;
  LogCapture log;
  ASSERT_EQ(h.interpreter().ModifyGraphWithDelegate(&d), kTfLiteOk);
  EXPECT_EQ(q.plan_after, (Ints{2}));
  EXPECT_EQ(q.names, (std::vector<std::string>{"AddOne", "AddOne", "Q"}));
  EXPECT_EQ(q.codes, (std::vector<int32_t>{schema::BuiltinOperator_CUSTOM, schema::BuiltinOperator_CUSTOM,
                                           schema::BuiltinOperator_DELEGATE}));
  EXPECT_EQ(q.node_outputs, (std::vector<Ints>{{1}, {2}, {2}}));
  EXPECT_EQ(q.out_of_range, kTfLiteError);
  EXPECT_TRUE(log.Has("GetNodeAndRegistration: node 4 does not exist (the graph has 3 nodes).")) << log.all();
  ASSERT_EQ(h.interpreter().AllocateTensors(), kTfLiteOk);
  EXPECT_STREQ(h.interpreter().node_info(0).variant, "delegate");
}

// --- Delegate kernels written the TFLite way ---------------------------------------------------------------
// A kernel that reads its tensors through context->GetTensor in invoke (as seed-style delegates do): mote
// gives it prepare-time views, released after each node, so repeated Invoke()s do not consume the arena.
TfLiteStatus GetTensorAddInvoke(TfLiteContext* context, TfLiteNode* node) {
  const TfLiteTensor* a = context->GetTensor(context, node->inputs->data[0]);
  TfLiteTensor* out = context->GetTensor(context, node->outputs->data[0]);
  TF_LITE_ENSURE(context, a != nullptr && out != nullptr);
  for (size_t i = 0; i < out->bytes / sizeof(float); ++i) out->data.f[i] = a->data.f[i] + 2.f;  // two AddOnes
  return kTfLiteOk;
}

TfLiteStatus GetTensorDelegatePrepare(TfLiteContext* context, TfLiteDelegate* d) {
  TfLiteRegistration reg{};
  reg.invoke = GetTensorAddInvoke;
  reg.custom_name = "GetTensorDelegate";
  IntArray nodes({0, 1});
  return context->ReplaceNodeSubsetsWithDelegateKernels(context, reg, nodes.get(), d);
}

TEST_F(DelegateTest, DelegateKernelMayReadTensorsThroughGetTensorInInvoke) {
  const auto model = Chain(2);
  Harness h(model, 8 * 1024);
  TfLiteDelegate d = TfLiteDelegateCreate();
  d.Prepare = GetTensorDelegatePrepare;
  ASSERT_EQ(h.interpreter().ModifyGraphWithDelegate(&d), kTfLiteOk);
  ASSERT_EQ(h.interpreter().AllocateTensors(), kTfLiteOk);
  const auto expected = CpuOutputs(model, 1);
  EXPECT_EQ(h.Run(1), expected);
  const size_t used = h.interpreter().arena_used_bytes();
  for (int i = 0; i < 1000; ++i) ASSERT_EQ(h.interpreter().Invoke(), kTfLiteOk) << "run " << i;
  EXPECT_EQ(h.interpreter().arena_used_bytes(), used);
  EXPECT_EQ(h.Run(1), expected);
}

// A heap-free delegate, as on a microcontroller: its node list comes from the arena.
TfLiteStatus ArenaListPrepare(TfLiteContext* context, TfLiteDelegate* d) {
  TfLiteIntArray* plan = nullptr;
  TF_LITE_ENSURE_STATUS(context->GetExecutionPlan(context, &plan));
  auto* nodes = static_cast<TfLiteIntArray*>(
      context->AllocatePersistentBuffer(context, TfLiteIntArrayGetSizeInBytes(plan->size)));
  TF_LITE_ENSURE(context, nodes != nullptr);
  nodes->size = 0;
  for (int i = 0; i < plan->size; ++i)
    if (plan->data[i] != 1) nodes->data[nodes->size++] = plan->data[i];
  TfLiteRegistration reg{};
  reg.invoke = GetTensorAddInvoke;  // placeholder: the kernels are not run in this test
  reg.custom_name = "ArenaListDelegate";
  return context->ReplaceNodeSubsetsWithDelegateKernels(context, reg, nodes, d);
}

TEST_F(DelegateTest, DelegatePrepareMayTakeArenaMemory) {
  Harness h(Chain(4));
  TfLiteDelegate d = TfLiteDelegateCreate();
  d.Prepare = ArenaListPrepare;
  ASSERT_EQ(h.interpreter().ModifyGraphWithDelegate(&d), kTfLiteOk);
  EXPECT_EQ(h.Plan(), (Ints{4, 1, 5}));
  EXPECT_EQ(ToInts(h.interpreter().node_info(2).replaced_nodes), (Ints{2, 3}));
}

}  // namespace
}  // namespace mote
