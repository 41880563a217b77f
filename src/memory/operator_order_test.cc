// FindMemoryOrder over hand-built graphs: a branching graph whose best order provably lowers the peak,
// pinned nodes, and the fallbacks (budget exhausted, no memory, a model order that is not topological).
#include "memory/operator_order.h"

#include <algorithm>
#include <cstdint>
#include <vector>

#include "gtest/gtest.h"
#include "memory/memory_planner.h"

namespace mote {
namespace {

class GraphView final : public PlanView {
 public:
  std::vector<uint32_t> bytes;
  std::vector<std::vector<int32_t>> ins, outs;  // per model position
  std::vector<int32_t> inputs, outputs;
  std::vector<bool> pinned;

  int32_t tensors_size() const override { return static_cast<int32_t>(bytes.size()); }
  int32_t plan_size() const override { return static_cast<int32_t>(ins.size()); }
  bool NeedsPlanning(int32_t t) const override { return bytes[t] > 0; }
  uint32_t TensorBytes(int32_t t) const override { return bytes[t]; }
  void VisitUses(int32_t p, TensorVisitor* v) const override {
    VisitInputs(p, v);
    VisitOutputs(p, v);
  }
  const int32_t* graph_inputs(int32_t* size) const override { return Data(inputs, size); }
  const int32_t* graph_outputs(int32_t* size) const override { return Data(outputs, size); }
  const int32_t* offline_offsets() const override { return nullptr; }
  const ScratchRequest* scratch_requests(int32_t* count) const override {
    *count = 0;
    return nullptr;
  }
  bool MayReorder() const override { return true; }
  void VisitInputs(int32_t p, TensorVisitor* v) const override {
    for (int32_t t : ins[p]) v->Visit(t);
  }
  void VisitOutputs(int32_t p, TensorVisitor* v) const override {
    for (int32_t t : outs[p]) v->Visit(t);
  }
  bool Pinned(int32_t p) const override { return !pinned.empty() && pinned[p]; }

 private:
  static const int32_t* Data(const std::vector<int32_t>& v, int32_t* size) {
    *size = static_cast<int32_t>(v.size());
    return v.data();
  }
};

// x -> A1 -> big1 -> R1 -> s1;  x -> A2 -> big2 -> R2 -> s2;  (s1, s2) -> C -> out. The model runs both
// expansions first (x + big1 + big2 live at A2: 16 + 160 + 160); A1, R1, A2, R2, C never holds both bigs.
GraphView TwoBranches() {
  GraphView g;
  //          x   big1 big2 s1  s2  out
  g.bytes = {16, 160, 160, 16, 16, 16};
  g.ins = {{0}, {0}, {1}, {2}, {3, 4}};
  g.outs = {{1}, {2}, {3}, {4}, {5}};
  g.inputs = {0};
  g.outputs = {5};
  return g;
}

struct OperatorOrderTest : ::testing::Test {
  alignas(16) uint8_t buffer[1 << 16];
  Arena arena;
  OrderSearch search;
  std::vector<int16_t> order;
  void Find(const GraphView& g, size_t limit = sizeof(buffer)) {
    arena.Init(buffer, sizeof(buffer));
    search.limit = limit;
    order.assign(g.plan_size(), -1);
    FindMemoryOrder(g, &arena, order.data(), &search);
  }
  // Position of each model node in `order`; checks it is a permutation that respects the data.
  void ExpectValid(const GraphView& g) {
    std::vector<int> at(order.size(), -1);
    for (size_t p = 0; p < order.size(); ++p) {
      ASSERT_GE(order[p], 0);
      ASSERT_LT(static_cast<size_t>(order[p]), order.size());
      ASSERT_EQ(at[order[p]], -1);
      at[order[p]] = static_cast<int>(p);
    }
    for (int32_t v = 0; v < g.plan_size(); ++v)
      for (int32_t t : g.ins[v])
        for (int32_t u = 0; u < g.plan_size(); ++u)
          if (std::find(g.outs[u].begin(), g.outs[u].end(), t) != g.outs[u].end()) EXPECT_LT(at[u], at[v]);
  }
};

TEST_F(OperatorOrderTest, BranchingGraphGetsALowerPeak) {
  const GraphView g = TwoBranches();
  Find(g);
  ASSERT_EQ(search.status, OrderStatus::kSearched);
  ExpectValid(g);
  EXPECT_EQ(search.model_peak, 16u + 160 + 160);
  EXPECT_EQ(search.peak, 16u + 160 + 16);  // the other branch's small result, never both expansions
  EXPECT_TRUE(search.exact);
  EXPECT_LT(search.peak, search.model_peak);
  EXPECT_GE(search.peak, search.lower_bound);
  EXPECT_EQ(order[0], 0);
  EXPECT_EQ(order[1], 2);  // R1 right after A1
  EXPECT_EQ(arena.overlay_top(), 0u);  // the working set is given back
}

TEST_F(OperatorOrderTest, PinnedNodesKeepTheirOrder) {
  GraphView g = TwoBranches();
  g.pinned = {true, true, true, false, false};  // A1, A2, R1 in that order: both expansions live at A2
  Find(g);
  ASSERT_EQ(search.status, OrderStatus::kSearched);
  ExpectValid(g);
  const auto a1 = std::find(order.begin(), order.end(), 0) - order.begin();
  const auto a2 = std::find(order.begin(), order.end(), 1) - order.begin();
  const auto r1 = std::find(order.begin(), order.end(), 2) - order.begin();
  EXPECT_LT(a1, a2);
  EXPECT_LT(a2, r1);
  EXPECT_EQ(search.peak, search.model_peak);
}

TEST_F(OperatorOrderTest, ExhaustedBudgetFallsBackToTheBestOrderSoFar) {
  // Eight independent branches: many orders; with no steps the greedy order (or the model's) is returned.
  GraphView g;
  g.bytes = {16};
  g.inputs = {0};
  std::vector<int32_t> smalls;
  for (int b = 0; b < 8; ++b) {
    const int32_t big = static_cast<int32_t>(g.bytes.size());
    g.bytes.push_back(160);
    g.bytes.push_back(16);
    g.ins.push_back({0});
    g.outs.push_back({big});
    smalls.push_back(big + 1);
  }
  for (int b = 0; b < 8; ++b) {
    g.ins.push_back({smalls[b] - 1});
    g.outs.push_back({smalls[b]});
  }
  g.bytes.push_back(16);
  g.ins.push_back(smalls);
  g.outs.push_back({static_cast<int32_t>(g.bytes.size()) - 1});
  g.outputs = {static_cast<int32_t>(g.bytes.size()) - 1};
  search.node_budget = 0;
  Find(g);
  ASSERT_EQ(search.status, OrderStatus::kSearched);
  EXPECT_FALSE(search.exact);
  EXPECT_EQ(search.steps, 0u);
  ExpectValid(g);
  EXPECT_LE(search.peak, search.model_peak);
  EXPECT_EQ(search.peak, std::min(search.model_peak, search.greedy_peak));
  // With a budget the search finishes and is no worse.
  const uint32_t fallback = search.peak;
  search = OrderSearch{};
  Find(g);
  EXPECT_TRUE(search.exact);
  EXPECT_LE(search.peak, fallback);
  ExpectValid(g);
}

TEST_F(OperatorOrderTest, NoMemoryKeepsTheModelOrder) {
  const GraphView g = TwoBranches();
  Find(g, 64);  // the working set does not fit below 64 bytes
  EXPECT_EQ(search.status, OrderStatus::kNoMemory);
  for (size_t p = 0; p < order.size(); ++p) EXPECT_EQ(order[p], static_cast<int16_t>(p));
  EXPECT_LE(arena.head_high_water(), 64u);  // the refused allocations did not raise the arena's mark
}

TEST_F(OperatorOrderTest, ModelOrderThatIsNotTopologicalIsKept) {
  GraphView g = TwoBranches();
  std::swap(g.ins[0], g.ins[2]);  // node 0 reads big1, which node 2 writes: not a topological order
  std::swap(g.outs[0], g.outs[2]);
  Find(g);
  EXPECT_EQ(search.status, OrderStatus::kNotReorderable);
  for (size_t p = 0; p < order.size(); ++p) EXPECT_EQ(order[p], static_cast<int16_t>(p));
}

}  // namespace
}  // namespace mote
