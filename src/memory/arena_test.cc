// Arena: the two ends, their alignment, refusals and the high-water mark that arena_used_bytes() reports.
#include "memory/arena.h"

#include <cstdint>

#include "gtest/gtest.h"

namespace mote {
namespace {

struct ArenaTest : ::testing::Test {
  alignas(kArenaAlignment) uint8_t buffer[1024];
  Arena arena;
};

TEST_F(ArenaTest, CapacityIsRoundedDownToTheArenaAlignment) {
  arena.Init(buffer, 1000);
  EXPECT_EQ(arena.capacity(), 992u);
  EXPECT_EQ(arena.persistent_bytes(), 0u);
  EXPECT_EQ(arena.used_bytes(), 0u);
}

TEST_F(ArenaTest, PersistentGrowsDownFromTheTopAligned) {
  arena.Init(buffer, 256);
  uint8_t* a = static_cast<uint8_t*>(arena.AllocatePersistent(10, 8));
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(a - buffer, 240);  // (256 - 10) rounded down to 8
  uint8_t* b = static_cast<uint8_t*>(arena.AllocatePersistent(3, 1));
  EXPECT_EQ(b - buffer, 237);
  EXPECT_EQ(arena.persistent_bytes(), 19u);
  EXPECT_EQ(arena.used_bytes(), 32u);  // rounded up to kArenaAlignment
}

TEST_F(ArenaTest, OverlayGrowsUpAndResetsInBulkButTheHighWaterMarkStays) {
  arena.Init(buffer, 256);
  uint8_t* a = arena.AllocateOverlay(20, 1);
  uint8_t* b = arena.AllocateOverlay(4, 4);
  EXPECT_EQ(a - buffer, 0);
  EXPECT_EQ(b - buffer, 24);  // at least pointer-aligned
  EXPECT_EQ(arena.overlay_top(), 28u);
  arena.ResetOverlay(5);
  EXPECT_EQ(arena.overlay_top(), 16u);  // the base is kArenaAlignment-aligned
  EXPECT_EQ(arena.AllocateOverlay(8, 8) - buffer, 16);
  EXPECT_EQ(arena.head_high_water(), 28u);
}

TEST_F(ArenaTest, EndsNeverMeetAndARefusalRemembersTheRequest) {
  arena.Init(buffer, 128);
  ASSERT_NE(arena.AllocateOverlay(64, 16), nullptr);
  // The overlay in use stays off limits to persistent memory.
  EXPECT_EQ(arena.AllocatePersistent(80, 1), nullptr);
  EXPECT_EQ(arena.failed_request(), 80u);
  ASSERT_NE(arena.AllocatePersistent(64, 16), nullptr);
  EXPECT_EQ(arena.AllocateOverlay(1, 1), nullptr);
  EXPECT_EQ(arena.failed_request(), 1u);
  EXPECT_EQ(arena.AllocatePersistent(1000, 1), nullptr);
}

// As TFLM's head and tail: bytes the overlay gave back may become persistent memory, and the arena needed is the
// most both ends held at one moment, not the low end's high water plus every persistent byte.
TEST_F(ArenaTest, PersistentMemoryMayTakeOverlayBytesGivenBack) {
  arena.Init(buffer, 128);
  ASSERT_NE(arena.AllocatePersistent(32, 16), nullptr);
  ASSERT_NE(arena.AllocateOverlay(64, 16), nullptr);  // 64 + 32 at once
  arena.ResetOverlay(0);
  ASSERT_NE(arena.AllocatePersistent(80, 16), nullptr);  // over the bytes the overlay held
  EXPECT_EQ(arena.head_high_water(), 64u);
  EXPECT_EQ(arena.used_bytes(), 112u);  // 112 persistent now; 96 was the most before
  EXPECT_EQ(arena.AllocateOverlay(32, 16), nullptr);  // 16 bytes are left
  EXPECT_EQ(arena.used_bytes(), 144u);  // what an arena that fits this run needs
}

TEST_F(ArenaTest, ThePlannedRegionStaysOffLimitsOnceReserved) {
  arena.Init(buffer, 128);
  ASSERT_TRUE(arena.ReservePlanned(64));
  arena.ResetOverlay(0);
  EXPECT_EQ(arena.AllocatePersistent(80, 1), nullptr);
  EXPECT_EQ(arena.needed_for_persistent(80), 144u);
  ASSERT_NE(arena.AllocatePersistent(64, 16), nullptr);
  EXPECT_EQ(arena.used_bytes(), 128u);
}

TEST_F(ArenaTest, ARefusedOverlayStillCountsTowardsTheBytesNeeded) {
  arena.Init(buffer, 128);
  ASSERT_NE(arena.AllocatePersistent(64, 16), nullptr);
  EXPECT_EQ(arena.AllocateOverlay(100, 16), nullptr);
  EXPECT_EQ(arena.head_high_water(), 100u);
  EXPECT_EQ(arena.used_bytes(), 176u);  // what an arena that fits this run needs
}

TEST_F(ArenaTest, ReservePlannedClaimsTheLowEndUpToThePersistentEnd) {
  arena.Init(buffer, 256);
  ASSERT_NE(arena.AllocatePersistent(96, 16), nullptr);
  EXPECT_TRUE(arena.ReservePlanned(160));
  EXPECT_EQ(arena.used_bytes(), 256u);
  EXPECT_FALSE(arena.ReservePlanned(176));
  EXPECT_EQ(arena.failed_request(), 176u);
  EXPECT_EQ(arena.used_bytes(), 272u);  // more than the capacity: the exact size a run needs
}

}  // namespace
}  // namespace mote
