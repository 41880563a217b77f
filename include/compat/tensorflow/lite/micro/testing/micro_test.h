// TFLM's micro/testing/micro_test.h: the original micro test framework, no heap, no global constructors.
//
//   TF_LITE_MICRO_TESTS_BEGIN
//   TF_LITE_MICRO_TEST(SomeTest) { TF_LITE_MICRO_EXPECT_EQ(kTfLiteOk, runner.Invoke()); }
//   TF_LITE_MICRO_TESTS_END
//
// prints "Testing SomeTest" per test, "N/M tests passed" and "~~~ALL TESTS PASSED~~~" (or
// "~~~SOME TESTS FAILED~~~") through MicroPrintf; main returns 0 only when every test passed.
#ifndef MOTE_COMPAT_TENSORFLOW_LITE_MICRO_TESTING_MICRO_TEST_H_
#define MOTE_COMPAT_TENSORFLOW_LITE_MICRO_TESTING_MICRO_TEST_H_

#include <limits>
#include <type_traits>

#include "tensorflow/lite/c/common.h"
#include "tensorflow/lite/micro/micro_log.h"
#include "tensorflow/lite/micro/system_setup.h"

namespace micro_test {
extern int tests_passed;
extern int tests_failed;
extern bool is_test_complete;
extern bool did_test_fail;
}  // namespace micro_test

#include "tensorflow/lite/micro/testing/initialize_test.h"

#define TF_LITE_MICRO_TESTS_BEGIN \
  namespace micro_test {          \
  int tests_passed;               \
  int tests_failed;               \
  bool is_test_complete;          \
  bool did_test_fail;             \
  }                               \
  int main(int argc, char** argv) { \
    (void)argc;                   \
    (void)argv;                   \
    micro_test::tests_passed = 0; \
    micro_test::tests_failed = 0; \
    tflite::InitializeTest();

#define TF_LITE_MICRO_TESTS_END                                                             \
  MicroPrintf("%d/%d tests passed", micro_test::tests_passed,                               \
              (micro_test::tests_failed + micro_test::tests_passed));                       \
  if (micro_test::tests_failed == 0) {                                                      \
    MicroPrintf("~~~ALL TESTS PASSED~~~\n");                                                \
    return kTfLiteOk;                                                                       \
  }                                                                                         \
  MicroPrintf("~~~SOME TESTS FAILED~~~\n");                                                 \
  return kTfLiteError;                                                                      \
  }

// The body runs once; the loop's increment step records the verdict.
#define TF_LITE_MICRO_TEST(name)                                                            \
  MicroPrintf("Testing " #name);                                                            \
  for (micro_test::is_test_complete = false, micro_test::did_test_fail = false;             \
       !micro_test::is_test_complete;                                                       \
       micro_test::is_test_complete = true,                                                 \
      micro_test::tests_passed += micro_test::did_test_fail ? 0 : 1,                        \
      micro_test::tests_failed += micro_test::did_test_fail ? 1 : 0)

#define MOTE_MICRO_TEST_FAIL_(...)     \
  do {                                 \
    MicroPrintf(__VA_ARGS__);          \
    micro_test::did_test_fail = true;  \
  } while (false)

#define TF_LITE_MICRO_EXPECT(x) \
  do {                          \
    if (!(x)) MOTE_MICRO_TEST_FAIL_(#x " failed at %s:%d", __FILE__, __LINE__); \
  } while (false)

// Floating-point values compare within the type's epsilon; anything else exactly (printed as int).
#define TF_LITE_MICRO_EXPECT_EQ(x, y)                                                       \
  do {                                                                                      \
    auto vx = x;                                                                            \
    auto vy = y;                                                                            \
    const bool x_is_float = std::is_floating_point<decltype(vx)>::value;                    \
    const bool y_is_float = std::is_floating_point<decltype(vy)>::value;                    \
    if (x_is_float && y_is_float) {                                                         \
      auto delta = (vx > vy) ? (vx - vy) : (vy - vx);                                       \
      if (delta > std::numeric_limits<decltype(delta)>::epsilon()) {                        \
        MOTE_MICRO_TEST_FAIL_(#x " == " #y " failed at %s:%d (%f vs %f)", __FILE__, __LINE__, \
                              static_cast<double>(vx), static_cast<double>(vy));            \
      }                                                                                     \
    } else if (vx != vy) {                                                                  \
      MOTE_MICRO_TEST_FAIL_(#x " == " #y " failed at %s:%d (%d vs %d)", __FILE__, __LINE__, \
                            static_cast<int>(vx), static_cast<int>(vy));                    \
      if (x_is_float || y_is_float) {                                                       \
        MicroPrintf("-----------WARNING-----------");                                       \
        MicroPrintf("Only one of the values is floating point value.");                     \
      }                                                                                     \
    }                                                                                       \
  } while (false)

#define TF_LITE_MICRO_EXPECT_NE(x, y)                                                       \
  do {                                                                                      \
    auto vx = x;                                                                            \
    auto vy = y;                                                                            \
    const bool x_is_float = std::is_floating_point<decltype(vx)>::value;                    \
    const bool y_is_float = std::is_floating_point<decltype(vy)>::value;                    \
    if (x_is_float && y_is_float) {                                                         \
      auto delta = (vx > vy) ? (vx - vy) : (vy - vx);                                       \
      if (delta <= std::numeric_limits<decltype(delta)>::epsilon()) {                       \
        MOTE_MICRO_TEST_FAIL_(#x " != " #y " failed at %s:%d", __FILE__, __LINE__);         \
      }                                                                                     \
    } else if (vx == vy) {                                                                  \
      MOTE_MICRO_TEST_FAIL_(#x " != " #y " failed at %s:%d", __FILE__, __LINE__);           \
    }                                                                                       \
  } while (false)

#define TF_LITE_MICRO_ARRAY_ELEMENT_EXPECT_NEAR(arr1, idx1, arr2, idx2, epsilon)            \
  do {                                                                                      \
    auto delta = ((arr1)[(idx1)] > (arr2)[(idx2)]) ? ((arr1)[(idx1)] - (arr2)[(idx2)])      \
                                                   : ((arr2)[(idx2)] - (arr1)[(idx1)]);     \
    if (delta > epsilon) {                                                                  \
      MOTE_MICRO_TEST_FAIL_(#arr1 "[%d] (%f) near " #arr2 "[%d] (%f) failed at %s:%d",      \
                            static_cast<int>(idx1), static_cast<double>((arr1)[(idx1)]),    \
                            static_cast<int>(idx2), static_cast<double>((arr2)[(idx2)]),    \
                            __FILE__, __LINE__);                                            \
    }                                                                                       \
  } while (false)

// Equal values pass even when the difference is not a number (both infinite).
#define TF_LITE_MICRO_EXPECT_NEAR(x, y, epsilon)                                            \
  do {                                                                                      \
    auto vx = (x);                                                                          \
    auto vy = (y);                                                                          \
    auto delta = (vx > vy) ? (vx - vy) : (vy - vx);                                         \
    if (vx != vy && delta > epsilon) {                                                      \
      MOTE_MICRO_TEST_FAIL_(#x " (%f) near " #y " (%f) failed at %s:%d",                    \
                            static_cast<double>(vx), static_cast<double>(vy), __FILE__, __LINE__); \
    }                                                                                       \
  } while (false)

#define MOTE_MICRO_TEST_COMPARE_(x, y, op, negated)                                         \
  do {                                                                                      \
    if ((x)negated(y)) MOTE_MICRO_TEST_FAIL_(#x " " #op " " #y " failed at %s:%d", __FILE__, __LINE__); \
  } while (false)

#define TF_LITE_MICRO_EXPECT_GT(x, y) MOTE_MICRO_TEST_COMPARE_(x, y, >, <=)
#define TF_LITE_MICRO_EXPECT_LT(x, y) MOTE_MICRO_TEST_COMPARE_(x, y, <, >=)
#define TF_LITE_MICRO_EXPECT_GE(x, y) MOTE_MICRO_TEST_COMPARE_(x, y, >=, <)
#define TF_LITE_MICRO_EXPECT_LE(x, y) MOTE_MICRO_TEST_COMPARE_(x, y, <=, >)

#define TF_LITE_MICRO_EXPECT_TRUE(x)                                                        \
  do {                                                                                      \
    if (!(x)) MOTE_MICRO_TEST_FAIL_(#x " was not true failed at %s:%d", __FILE__, __LINE__); \
  } while (false)

#define TF_LITE_MICRO_EXPECT_FALSE(x)                                                       \
  do {                                                                                      \
    if (x) MOTE_MICRO_TEST_FAIL_(#x " was not false failed at %s:%d", __FILE__, __LINE__);  \
  } while (false)

#define TF_LITE_MICRO_FAIL(msg) MOTE_MICRO_TEST_FAIL_("FAIL: %s at %s:%d", msg, __FILE__, __LINE__)

// Compares up to the shorter string's end, as TFLM's does.
#define TF_LITE_MICRO_EXPECT_STRING_EQ(string1, string2)                                    \
  do {                                                                                      \
    for (int i = 0; (string1)[i] != '\0' && (string2)[i] != '\0'; i++) {                    \
      if ((string1)[i] != (string2)[i]) {                                                   \
        MOTE_MICRO_TEST_FAIL_("FAIL: %s did not match %s at %s:%d", string1, string2, __FILE__, __LINE__); \
        break;                                                                              \
      }                                                                                     \
    }                                                                                       \
  } while (false)

#define TF_LITE_MICRO_CHECK_FAIL()                \
  do {                                            \
    if (micro_test::did_test_fail) return kTfLiteError; \
  } while (false)

#endif  // MOTE_COMPAT_TENSORFLOW_LITE_MICRO_TESTING_MICRO_TEST_H_
