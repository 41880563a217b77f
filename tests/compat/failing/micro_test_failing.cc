// Must FAIL (tests/compat/CMakeLists.txt checks its exit status and summary): micro_test.h records failed
// expectations, counts the test as failed and main returns non-zero.
#include "tensorflow/lite/micro/testing/micro_test.h"

TF_LITE_MICRO_TESTS_BEGIN

TF_LITE_MICRO_TEST(Passes) { TF_LITE_MICRO_EXPECT_EQ(1, 1); }

TF_LITE_MICRO_TEST(FailsOnInts) { TF_LITE_MICRO_EXPECT_EQ(1, 2); }

TF_LITE_MICRO_TEST(FailsOnFloats) { TF_LITE_MICRO_EXPECT_NEAR(1.0f, 1.5f, 0.1f); }

TF_LITE_MICRO_TESTS_END
