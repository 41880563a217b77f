// PlanMemory over hand-built plan views: lifetimes from uses, tensors that need no planning, scratch buffers,
// offline offsets, in-place execution and the arena errors. (Whole models through the interpreter: tests/unit/interpreter_test.cc.)
#include "memory/memory_planner.h"

#include <cstdint>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "mote/micro_log.h"

namespace mote {
namespace {

// A plan over arrays. Tensors with 0 bytes stand for constants and variables: they need no planning.
class ArrayPlanView final : public PlanView {
 public:
  std::vector<uint32_t> bytes;
  std::vector<std::vector<int32_t>> uses;  // per plan position
  std::vector<int32_t> inputs, outputs, offline;
  std::vector<ScratchRequest> scratch;
  // In-place declarations: per position, {output, inputs it may overwrite...}; empty: none.
  std::vector<std::vector<int32_t>> in_place;

  int32_t tensors_size() const override { return static_cast<int32_t>(bytes.size()); }
  int32_t plan_size() const override { return static_cast<int32_t>(uses.size()); }
  bool NeedsPlanning(int32_t tensor) const override { return bytes[tensor] > 0; }
  uint32_t TensorBytes(int32_t tensor) const override { return bytes[tensor]; }
  void VisitUses(int32_t position, TensorVisitor* visitor) const override {
    for (int32_t t : uses[position]) visitor->Visit(t);
  }
  const int32_t* graph_inputs(int32_t* size) const override { return Data(inputs, size); }
  const int32_t* graph_outputs(int32_t* size) const override { return Data(outputs, size); }
  const int32_t* offline_offsets() const override { return offline.empty() ? nullptr : offline.data(); }
  const ScratchRequest* scratch_requests(int32_t* count) const override { return Data(scratch, count); }
  bool HasInPlaceCandidates() const override { return !in_place.empty(); }
  int32_t InPlaceCandidates(int32_t position, int32_t* output, int32_t* inputs) const override {
    if (static_cast<size_t>(position) >= in_place.size() || in_place[position].empty()) return 0;
    *output = in_place[position][0];
    for (size_t i = 1; i < in_place[position].size(); ++i) inputs[i - 1] = in_place[position][i];
    return static_cast<int32_t>(in_place[position].size()) - 1;
  }

 private:
  template <typename T>
  static const T* Data(const std::vector<T>& v, int32_t* size) {
    *size = static_cast<int32_t>(v.size());
    return v.data();
  }
};

struct MemoryPlannerTest : ::testing::Test {
  // A chain of three nodes: t0 -> [0] -> t1 -> [1] -> t2 -> [2] -> t3, 100 bytes each.
  MemoryPlannerTest() {
    view.bytes = {100, 100, 100, 100};
    view.uses = {{0, 1}, {1, 2}, {2, 3}};
    view.inputs = {0};
    view.outputs = {3};
  }
  PlanStatus Plan(size_t arena_bytes = sizeof(buffer)) {
    arena.Init(buffer, arena_bytes);
    // The planner keeps the overlay's first bytes for the scratch requests (the interpreter's are there).
    return PlanMemory(view, &arena, &plan);
  }
  // Per tensor: the lowest-numbered other tensor in its buffer (in-place execution), or -1.
  std::vector<int32_t> SharesWith() const {
    std::vector<int32_t> out;
    for (int32_t t = 0; t < view.tensors_size(); ++t) {
      int32_t with = -1;
      for (int32_t u = 0; u < view.tensors_size() && with < 0; ++u)
        if (u != t && plan.planned(t) && plan.planned(u) && plan.buffer_of(u) == plan.buffer_of(t)) with = u;
      out.push_back(with);
    }
    return out;
  }
  std::vector<uint32_t> TensorOffsets() const {
    std::vector<uint32_t> offsets;
    for (int32_t t = 0; t < view.tensors_size(); ++t) offsets.push_back(plan.planned(t) ? plan.tensor_offset(t) : ~0u);
    return offsets;
  }

  alignas(kArenaAlignment) uint8_t buffer[4096];
  Arena arena;
  ArrayPlanView view;
  MemoryPlan plan;
};

constexpr uint32_t kNone = ~0u;

TEST_F(MemoryPlannerTest, TensorsAliveTogetherGetDisjointBytesOthersShare) {
  ASSERT_EQ(Plan(), PlanStatus::kOk);
  // t0 [0,0] and t2 [1,2] share offset 0; t1 [0,1] and t3 [2,2] share 112 (100 aligned up to 16).
  EXPECT_EQ(TensorOffsets(), (std::vector<uint32_t>{0, 112, 0, 112}));
  EXPECT_EQ(plan.planned_bytes, 224u);
  EXPECT_EQ(plan.activation_bytes, 400u);
  EXPECT_EQ(plan.scratch_bytes, 0u);
  EXPECT_EQ(arena.used_bytes(), 224u);  // the working set (112 bytes) fits inside the planned region
}

TEST_F(MemoryPlannerTest, GraphInputsLiveFromTheStartAndOutputsToTheEnd) {
  view.bytes = {100, 100, 100, 100, 48};
  view.uses = {{0, 1}, {1, 2}, {2, 4, 3}};  // t4: a second graph input, first read by the last node
  view.inputs = {0, 4};
  view.outputs = {3, 1};  // t1: also a graph output, so alive until the end
  ASSERT_EQ(Plan(), PlanStatus::kOk);
  // Every tensor is alive with t1 and t4; t0 [0,0] and t2 [1,2] still share, and t3 [2,2] goes after t2.
  EXPECT_EQ(TensorOffsets(), (std::vector<uint32_t>{0, 112, 0, 224, 336}));
  EXPECT_EQ(plan.planned_bytes, 384u);
}

TEST_F(MemoryPlannerTest, ConstantsAndAbsentTensorsAreNotPlanned) {
  view.bytes = {100, 0, 100, 100};  // t1: a constant (or a variable): its memory is elsewhere
  view.uses = {{0, 1, -1, 2}, {2, 1, 3}};
  ASSERT_EQ(Plan(), PlanStatus::kOk);
  EXPECT_EQ(TensorOffsets(), (std::vector<uint32_t>{0, kNone, 112, 0}));
  EXPECT_EQ(plan.activation_bytes, 300u);
}

TEST_F(MemoryPlannerTest, ScratchBuffersLiveAtTheirPositionAndShareWithTheRest) {
  view.scratch = {{64, 0}, {256, 2}};
  ASSERT_EQ(Plan(), PlanStatus::kOk);
  // Placement, largest first: scratch 1 [2,2] at 0; t0 [0,0] at 0; t1 [0,1] at 112; t2 [1,2] and t3 [2,2]
  // after scratch 1 (at 256 and 368); scratch 0 [0,0] after t1.
  EXPECT_EQ(plan.scratch_offset(0), 224u);
  EXPECT_EQ(plan.scratch_offset(1), 0u);
  EXPECT_EQ(TensorOffsets(), (std::vector<uint32_t>{0, 112, 256, 368}));
  EXPECT_EQ(plan.planned_bytes, 480u);
  EXPECT_EQ(plan.scratch_bytes, 320u);
}

TEST_F(MemoryPlannerTest, OfflineOffsetsAreHonouredAndTheRestPlannedAround) {
  view.offline = {-1, 512, -1, -1};
  ASSERT_EQ(Plan(), PlanStatus::kOk);
  // t0 and t2 fit below t1; t3 [2,2] goes after t2.
  EXPECT_EQ(TensorOffsets(), (std::vector<uint32_t>{0, 512, 0, 112}));
  EXPECT_EQ(plan.planned_bytes, 624u);  // 512 + 100, aligned
}

TEST_F(MemoryPlannerTest, AnOfflinePlanThatOverlapsLiveTensorsIsRefusedWithItsMessage) {
  view.offline = {-1, 0, 64, -1};  // t1 [0,1] and t2 [1,2] alive together at position 1
  std::string log;
  SetLogSink([](void* user, const char* m) { *static_cast<std::string*>(user) += m; }, &log);
  const PlanStatus status = Plan();
  SetLogSink(nullptr, nullptr);
  EXPECT_EQ(status, PlanStatus::kOfflineOverlap);
  EXPECT_EQ(log,
            "Offline memory plan (metadata 'OfflineMemoryAllocation') places tensors 1 and 2, which are alive at the "
            "same time, in overlapping bytes (offsets 0 and 64)");
  EXPECT_EQ(plan.activation_bytes, 400u);
}

TEST_F(MemoryPlannerTest, AnArenaTooSmallForThePlanReportsTheExactSize) {
  ASSERT_EQ(Plan(), PlanStatus::kOk);
  const size_t needed = arena.used_bytes();
  EXPECT_EQ(Plan(needed), PlanStatus::kOk);
  EXPECT_EQ(Plan(needed - kArenaAlignment), PlanStatus::kArenaTooSmall);
  EXPECT_EQ(arena.used_bytes(), needed);
  EXPECT_EQ(plan.planned_bytes, 224u);
}

TEST_F(MemoryPlannerTest, AnArenaTooSmallForTheWorkingSetSaysSo) {
  // Working set: 4 int16 map entries (8 bytes), then 4 PlannerBuffers (64) and 4 int16 order entries (8): the
  // buffers do not fit 64 bytes after the map.
  EXPECT_EQ(Plan(64), PlanStatus::kWorkingSetTooLarge);
  EXPECT_EQ(arena.head_high_water(), 72u);
  EXPECT_EQ(plan.planned_bytes, 0u);
}

// Past 32767 tensors + scratch requests the map and order entries are int32: the same plan, indices above
// the int16 range included.
TEST_F(MemoryPlannerTest, ModelsWithMoreThanInt16TensorsPlanTheSame) {
  view.bytes.assign(40000, 0);  // constants, but for the chain's tensors at the end
  for (int32_t t = 39996; t < 40000; ++t) view.bytes[static_cast<size_t>(t)] = 100;
  view.uses = {{39996, 39997}, {39997, 39998}, {39998, 39999}};
  view.inputs = {39996};
  view.outputs = {39999};
  std::vector<uint8_t> big(40000 * sizeof(int32_t) + 4096);
  arena.Init(big.data() + (16 - reinterpret_cast<uintptr_t>(big.data()) % 16) % 16, big.size() - 16);
  ASSERT_EQ(PlanMemory(view, &arena, &plan), PlanStatus::kOk);
  ASSERT_NE(plan.wide_tensor_to_buffer, nullptr);
  EXPECT_FALSE(plan.planned(0));
  EXPECT_EQ(plan.tensor_offset(39996), 0u);
  EXPECT_EQ(plan.tensor_offset(39997), 112u);
  EXPECT_EQ(plan.tensor_offset(39998), 0u);
  EXPECT_EQ(plan.tensor_offset(39999), 112u);
  EXPECT_EQ(plan.planned_bytes, 224u);
}

TEST_F(MemoryPlannerTest, SmallModelsUseTheInt16WorkingSet) {
  ASSERT_EQ(Plan(), PlanStatus::kOk);
  EXPECT_NE(plan.narrow_tensor_to_buffer, nullptr);
  EXPECT_EQ(plan.wide_tensor_to_buffer, nullptr);
}

TEST_F(MemoryPlannerTest, AnEmptyPlanNeedsNoRegion) {
  view.bytes = {};
  view.uses = {};
  view.inputs = {};
  view.outputs = {};
  ASSERT_EQ(Plan(), PlanStatus::kOk);
  EXPECT_EQ(plan.planned_bytes, 0u);
}

}  // namespace
}  // namespace mote

namespace mote {
namespace {

// In-place execution: a chain t0 -> [0] -> t1 -> [1] -> t2 -> [2] -> t3 -> [3] -> t4, t0 the graph input (16
// bytes) and t4 the output, the others 100 bytes. In place is kept only where it lowers the region.
struct InPlaceTest : MemoryPlannerTest {
  InPlaceTest() {
    view.bytes = {16, 100, 100, 100, 100};
    view.uses = {{0, 1}, {1, 2}, {2, 3}, {3, 4}};
    view.inputs = {0};
    view.outputs = {4};
  }
  std::vector<int32_t> Lifetime(int32_t t) const {
    const PlannerBuffer& b = plan.buffers[plan.buffer_of(t)];
    return {b.first_use, b.last_use};
  }
};

TEST_F(InPlaceTest, WithoutDeclarationsEveryTensorHasItsOwnBytes) {
  ASSERT_EQ(Plan(), PlanStatus::kOk);
  EXPECT_EQ(plan.planned_bytes, 224u);
  EXPECT_EQ(plan.in_place_tensors, 0);
  EXPECT_EQ(SharesWith(), (std::vector<int32_t>{-1, -1, -1, -1, -1}));
}

TEST_F(InPlaceTest, AChainOfDeclaredNodesRunsInOneBuffer) {
  // Node 0 reads the graph input (never overwritten); nodes 1..3 write over their input.
  view.in_place = {{1, 0}, {2, 1}, {3, 2}, {4, 3}};
  ASSERT_EQ(Plan(), PlanStatus::kOk);
  EXPECT_EQ(SharesWith(), (std::vector<int32_t>{-1, 2, 1, 1, 1}));
  const std::vector<uint32_t> offsets = TensorOffsets();
  EXPECT_NE(offsets[0], offsets[1]);
  EXPECT_EQ(offsets[1], offsets[2]);
  EXPECT_EQ(offsets[2], offsets[3]);
  EXPECT_EQ(offsets[3], offsets[4]);
  EXPECT_EQ(plan.planned_bytes, 128u);  // the chain's buffer and t0 (live with t1); 224 without
  EXPECT_EQ(plan.in_place_tensors, 3);
  EXPECT_EQ(plan.in_place_bytes, 300u);
  // The shared buffer lives from t1's first use to t4's last.
  EXPECT_EQ(Lifetime(1), (std::vector<int32_t>{0, 3}));
  EXPECT_EQ(Lifetime(4), (std::vector<int32_t>{0, 3}));
  EXPECT_EQ(plan.buffers[plan.buffer_of(3)].bytes, 100u);
}

TEST_F(InPlaceTest, AnInputReadLaterIsNotOverwritten) {
  view.uses = {{0, 1}, {1, 2}, {2, 3}, {3, 1, 4}};  // t1 is read again by node 3
  view.bytes = {16, 100, 100, 100, 16};
  view.in_place = {{}, {2, 1}, {3, 2}};
  ASSERT_EQ(Plan(), PlanStatus::kOk);
  EXPECT_EQ(SharesWith(), (std::vector<int32_t>{-1, -1, 3, 2, -1}));
  EXPECT_NE(TensorOffsets()[2], TensorOffsets()[1]);
}

TEST_F(InPlaceTest, GraphInputsOutputsAndOtherSizesAreNeverOverwritten) {
  view.outputs = {4, 2};  // t2 is also a graph output
  view.bytes = {100, 100, 100, 100, 64};  // t4 is smaller than its input
  view.in_place = {{1, 0}, {2, 1}, {3, 2}, {4, 3}};
  ASSERT_EQ(Plan(), PlanStatus::kOk);
  // t1 over t0: t0 is the graph input. t3 over t2: t2 is a graph output. t4 over t3: the sizes differ.
  EXPECT_NE(plan.buffer_of(1), plan.buffer_of(0));
  EXPECT_NE(plan.buffer_of(3), plan.buffer_of(2));
  EXPECT_NE(plan.buffer_of(4), plan.buffer_of(3));
}

TEST_F(InPlaceTest, TheFirstQualifyingInputIsTaken) {
  // Node 2 adds t2 (read again later) and t1 (last read here): the output takes t1's bytes.
  view.bytes = {16, 100, 100, 100};
  view.outputs = {3};
  view.uses = {{0, 1}, {0, 2}, {2, 1, 3}, {2, 3}};
  view.in_place = {{}, {}, {3, 2, 1}};
  ASSERT_EQ(Plan(), PlanStatus::kOk);
  EXPECT_EQ(SharesWith(), (std::vector<int32_t>{-1, 3, -1, 1}));
  EXPECT_EQ(TensorOffsets()[3], TensorOffsets()[1]);
}

TEST_F(InPlaceTest, OnATieInPlaceIsKept) {
  view.bytes = {100, 100, 100, 100, 100};  // a chain of equal tensors ping-pongs between two buffers anyway
  view.in_place = {{1, 0}, {2, 1}, {3, 2}, {4, 3}};
  ASSERT_EQ(Plan(), PlanStatus::kOk);
  EXPECT_EQ(plan.planned_bytes, 224u);
  EXPECT_EQ(plan.in_place_tensors, 3);
  EXPECT_EQ(SharesWith(), (std::vector<int32_t>{-1, 2, 1, 1, 1}));
}

TEST_F(InPlaceTest, AnOfflinePlanTurnsItOff) {
  view.offline = {-1, -1, -1, -1, -1};
  view.in_place = {{1, 0}, {2, 1}, {3, 2}, {4, 3}};
  ASSERT_EQ(Plan(), PlanStatus::kOk);
  EXPECT_EQ(plan.in_place_tensors, 0);
  EXPECT_EQ(SharesWith(), (std::vector<int32_t>{-1, -1, -1, -1, -1}));
}

TEST_F(InPlaceTest, InPlaceLowersThePeakWhenTheInputIsTheOtherLiveTensor) {
  // t0 (graph input) -> [0] -> t1 (400) -> [1] -> t2 (400) -> [2] -> t3 (16): RELU at node 1 over t1.
  view.bytes = {16, 400, 400, 16};
  view.uses = {{0, 1}, {1, 2}, {2, 3}};
  view.outputs = {3};
  ASSERT_EQ(Plan(), PlanStatus::kOk);
  const size_t without = plan.planned_bytes;
  view.in_place = {{}, {2, 1}};
  ASSERT_EQ(Plan(), PlanStatus::kOk);
  EXPECT_EQ(without, 800u);  // t1 and t2 live at node 1; t0 and t3 fit in the other one's bytes
  EXPECT_EQ(plan.planned_bytes, 416u);
  EXPECT_EQ(TensorOffsets()[1], TensorOffsets()[2]);
}

// An in-place-only scratch request (kScratchOnlyInPlace: the band buffer of an in-place depthwise) at node 1:
// 0 bytes when node 1's output is not joined onto its input, its bytes when it is, and the join is compared
// with the temp counted.
TEST_F(InPlaceTest, AnInPlaceOnlyScratchCostsNothingWithoutTheJoin) {
  view.bytes = {16, 400, 400, 16};
  view.uses = {{0, 1}, {1, 2}, {2, 3}};
  view.outputs = {3};
  view.scratch = {{64 | kScratchOnlyInPlace, 1}};
  ASSERT_EQ(Plan(), PlanStatus::kOk);  // no declaration: no join
  EXPECT_EQ(plan.planned_bytes, 800u);
  EXPECT_EQ(plan.buffers[plan.tensor_buffers].bytes, 0u);
  EXPECT_EQ(plan.scratch_bytes, 0u);
  view.in_place = {{}, {2, 1}};
  ASSERT_EQ(Plan(), PlanStatus::kOk);
  EXPECT_EQ(TensorOffsets()[1], TensorOffsets()[2]);
  EXPECT_EQ(plan.buffers[plan.tensor_buffers].bytes, 64u);
  EXPECT_EQ(plan.planned_bytes, 464u);  // the joined buffer and the temp
}

TEST_F(InPlaceTest, AJoinWhoseTempMakesTheRegionLargerIsDropped) {
  view.bytes = {16, 400, 400, 16};
  view.uses = {{0, 1}, {1, 2}, {2, 3}};
  view.outputs = {3};
  view.scratch = {{512 | kScratchOnlyInPlace, 1}};  // the temp costs more than the input it saves
  view.in_place = {{}, {2, 1}};
  ASSERT_EQ(Plan(), PlanStatus::kOk);
  EXPECT_EQ(plan.in_place_tensors, 0);
  EXPECT_NE(TensorOffsets()[1], TensorOffsets()[2]);
  EXPECT_EQ(plan.planned_bytes, 800u);
}

TEST_F(MemoryPlannerTest, TheSmallestOfThePlacementOrdersIsKept) {
  // greedy_planner_test's AnotherOrderCanBeatLargestFirst as a plan: largest first needs 96 bytes, 80 suffice.
  view.bytes = {48, 16, 32, 48};
  view.uses = {{0, 1}, {1}, {1, 2}, {2, 3}};
  ASSERT_EQ(Plan(), PlanStatus::kOk);
  EXPECT_EQ(plan.largest_first_bytes, 96u);
  EXPECT_EQ(plan.planned_bytes, 80u);
  EXPECT_NE(plan.placement, PlacementOrder::kLargestFirst);
}

TEST_F(MemoryPlannerTest, AnOfflinePlanKeepsLargestFirst) {
  view.bytes = {48, 16, 32, 48};
  view.uses = {{0, 1}, {1}, {1, 2}, {2, 3}};
  view.offline = {-1, -1, -1, -1};
  ASSERT_EQ(Plan(), PlanStatus::kOk);
  EXPECT_EQ(plan.planned_bytes, 96u);
  EXPECT_EQ(plan.placement, PlacementOrder::kLargestFirst);
}

}  // namespace
}  // namespace mote
