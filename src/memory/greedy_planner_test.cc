// GreedyPlanner: placement order, lowest fitting offset, alignment, fixed offsets and the overlap check.
#include "memory/greedy_planner.h"

#include <cstdint>
#include <vector>

#include "gtest/gtest.h"

namespace mote {
namespace {

PlannerBuffer Buffer(uint32_t bytes, int32_t first, int32_t last, int32_t fixed = -1) {
  return PlannerBuffer{bytes, first, last, fixed < 0 ? kPlannerChooses : static_cast<uint32_t>(fixed)};
}

size_t Plan(std::vector<PlannerBuffer>* buffers, size_t alignment = 16) {
  std::vector<int32_t> order(buffers->size());
  return PlanGreedy(buffers->data(), static_cast<int32_t>(buffers->size()), order.data(), alignment);
}

TEST(GreedyPlanner, BuffersAliveTogetherNeverShareBytes) {
  std::vector<PlannerBuffer> b = {Buffer(100, 0, 1), Buffer(50, 1, 2), Buffer(30, 0, 2)};
  EXPECT_EQ(Plan(&b), 208u);
  EXPECT_EQ(b[0].offset, 0u);    // largest first
  EXPECT_EQ(b[1].offset, 112u);  // after b[0] (aligned), which it meets at position 1
  EXPECT_EQ(b[2].offset, 176u);  // alive with both
}

TEST(GreedyPlanner, BuffersWithDisjointLifetimesShareTheLowestOffset) {
  std::vector<PlannerBuffer> b = {Buffer(64, 0, 0), Buffer(64, 1, 1), Buffer(64, 2, 2)};
  EXPECT_EQ(Plan(&b), 64u);
  for (const PlannerBuffer& x : b) EXPECT_EQ(x.offset, 0u);
}

TEST(GreedyPlanner, ASmallBufferFitsInAGapBelowALaterOne) {
  // b[0] and b[1] are placed first; b[2] (alive with both) goes after them, b[3] (alive with b[1] and b[2])
  // goes into the gap b[0] leaves at [0, 96), since b[0] is dead by then.
  std::vector<PlannerBuffer> b = {Buffer(96, 0, 0), Buffer(80, 0, 1), Buffer(40, 0, 1), Buffer(32, 1, 1)};
  EXPECT_EQ(Plan(&b), 224u);
  EXPECT_EQ(b[0].offset, 0u);
  EXPECT_EQ(b[1].offset, 96u);
  EXPECT_EQ(b[2].offset, 176u);
  EXPECT_EQ(b[3].offset, 0u);
}

TEST(GreedyPlanner, OffsetsFollowTheAlignmentAndTheRegionIsRoundedUp) {
  std::vector<PlannerBuffer> b = {Buffer(10, 0, 0), Buffer(10, 0, 0)};
  EXPECT_EQ(Plan(&b, 4), 24u);
  EXPECT_EQ(b[1].offset, 12u);
}

TEST(GreedyPlanner, TiesGoToTheEarlierFirstUseThenTheLowerIndex) {
  std::vector<PlannerBuffer> b = {Buffer(16, 1, 2), Buffer(16, 0, 2), Buffer(16, 0, 2)};
  Plan(&b);
  EXPECT_EQ(b[1].offset, 0u);
  EXPECT_EQ(b[2].offset, 16u);
  EXPECT_EQ(b[0].offset, 32u);
}

TEST(GreedyPlanner, FixedOffsetsAreTakenAsGivenAndOthersFitAroundThem) {
  std::vector<PlannerBuffer> b = {Buffer(64, 0, 1), Buffer(32, 0, 1, 40), Buffer(16, 0, 1)};
  EXPECT_EQ(Plan(&b), 144u);
  EXPECT_EQ(b[1].offset, 40u);  // not aligned: the model's plan is honoured as is
  EXPECT_EQ(b[0].offset, 80u);  // [0, 40) is too small for it; after the fixed buffer, aligned
  EXPECT_EQ(b[2].offset, 0u);   // fits below the fixed buffer
}

TEST(GreedyPlanner, NoBuffersNeedNoRegion) {
  std::vector<PlannerBuffer> b;
  EXPECT_EQ(Plan(&b), 0u);
}

TEST(GreedyPlanner, FindsFixedBuffersThatAreAliveTogetherInSharedBytes) {
  int32_t first = -1, second = -1;
  const PlannerBuffer overlapping[] = {Buffer(16, 0, 0), Buffer(32, 0, 1, 0), Buffer(32, 1, 2, 16)};
  EXPECT_TRUE(FindOverlappingFixedBuffers(overlapping, 3, &first, &second));
  EXPECT_EQ(first, 1);
  EXPECT_EQ(second, 2);

  const PlannerBuffer adjacent[] = {Buffer(32, 0, 1, 0), Buffer(32, 0, 1, 32)};
  EXPECT_FALSE(FindOverlappingFixedBuffers(adjacent, 2, &first, &second));
  const PlannerBuffer not_alive_together[] = {Buffer(32, 0, 0, 0), Buffer(32, 1, 1, 0)};
  EXPECT_FALSE(FindOverlappingFixedBuffers(not_alive_together, 2, &first, &second));
  const PlannerBuffer empty_one[] = {Buffer(0, 0, 1, 8), Buffer(32, 0, 1, 0)};
  EXPECT_FALSE(FindOverlappingFixedBuffers(empty_one, 2, &first, &second));
  const PlannerBuffer planner_chooses[] = {Buffer(32, 0, 1), Buffer(32, 0, 1, 0)};
  EXPECT_FALSE(FindOverlappingFixedBuffers(planner_chooses, 2, &first, &second));
}

// Largest first is not always best: here the two 48-byte buffers go low and the 32-byte one, alive with the
// second, cannot sit under the 16-byte one. Ordering by bytes x lifetime finds the 80 bytes that positions 3's
// two buffers need anyway.
TEST(GreedyPlanner, AnotherOrderCanBeatLargestFirst) {
  const std::vector<PlannerBuffer> start = {Buffer(48, 0, 0), Buffer(16, 0, 2), Buffer(32, 2, 3), Buffer(48, 3, 3)};
  std::vector<int32_t> order(start.size());
  std::vector<PlannerBuffer> b = start;
  EXPECT_EQ(PlanGreedy(b.data(), 4, order.data(), 16, PlacementOrder::kLargestFirst), 96u);
  b = start;
  EXPECT_EQ(PlanGreedy(b.data(), 4, order.data(), 16, PlacementOrder::kLargestAreaFirst), 80u);
  for (int i = 0; i < 4; ++i)
    for (int j = i + 1; j < 4; ++j) {
      const bool live = b[i].first_use <= b[j].last_use && b[j].first_use <= b[i].last_use;
      const bool share = b[i].offset < b[j].offset + b[j].bytes && b[j].offset < b[i].offset + b[i].bytes;
      EXPECT_FALSE(live && share) << i << " and " << j;
    }
  EXPECT_STREQ(PlacementOrderName(PlacementOrder::kLargestAreaFirst), "largest area first");
}

}  // namespace
}  // namespace mote
