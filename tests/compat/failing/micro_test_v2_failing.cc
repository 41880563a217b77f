// Must FAIL (tests/compat/CMakeLists.txt checks its exit status and summary): micro_test_v2.h reports each
// failure, ASSERT_* stops the test, and the failed tests are listed.
#include "tensorflow/lite/micro/testing/micro_test_v2.h"

namespace {
int g_after_assert = 0;
}  // namespace

TEST(Failing, Passes) { EXPECT_EQ(1, 1); }

TEST(Failing, AssertStops) {
  ASSERT_EQ(1, 2);
  g_after_assert = 1;
}

TEST(Failing, AssertDidStop) { EXPECT_EQ(0, g_after_assert); }

TEST(Failing, StringsDiffer) { EXPECT_STREQ("a", "b"); }

TF_LITE_MICRO_TESTS_MAIN
