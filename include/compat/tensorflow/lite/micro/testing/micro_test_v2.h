// TFLM's micro/testing/micro_test_v2.h: GoogleTest's spelling (TEST, TEST_F, EXPECT_*, ASSERT_*) without a
// heap. Tests register themselves at static-initialisation time and run in definition order:
//
//   TEST(FloorTest, Positive) { EXPECT_EQ(kTfLiteOk, runner.Invoke()); ASSERT_NEAR(1.0f, out[0], 1e-6f); }
//   TF_LITE_MICRO_TESTS_MAIN
//
// Output (MicroPrintf, one line per message) follows GoogleTest's: "[ RUN      ] Suite.Name", "[       OK ]" /
// "[  FAILED  ]", a summary, then "~~~ALL TESTS PASSED~~~" when every test passed. ASSERT_* return from the
// test function on failure, EXPECT_* continue.
#ifndef MOTE_COMPAT_TENSORFLOW_LITE_MICRO_TESTING_MICRO_TEST_V2_H_
#define MOTE_COMPAT_TENSORFLOW_LITE_MICRO_TESTING_MICRO_TEST_V2_H_

#include <cstdarg>
#include <cstddef>
#include <cstdio>
#include <limits>
#include <type_traits>

#include "tensorflow/lite/c/common.h"
#include "tensorflow/lite/micro/debug_log.h"
#include "tensorflow/lite/micro/micro_log.h"
#include "tensorflow/lite/micro/system_setup.h"

#include "tensorflow/lite/micro/testing/initialize_test.h"

namespace testing {
// Fixture base of TEST_F.
class Test {
 public:
  virtual ~Test() = default;
  virtual void SetUp() {}
  virtual void TearDown() {}
};
}  // namespace testing

namespace micro_test {
namespace internal {

struct TestInfo {
  const char* suite_name;
  const char* test_name;
  void (*test_func)();
  TestInfo* next;
  TestInfo* next_failure;
};

// Registered tests, most recent first (RunAllTests reverses the list once).
inline TestInfo*& GetTestList() {
  static TestInfo* list = nullptr;
  return list;
}

class TestRegistrar {
 public:
  explicit TestRegistrar(TestInfo* info) {
    info->next = GetTestList();
    GetTestList() = info;
  }
};

inline bool& DidTestFail() {
  static bool failed = false;
  return failed;
}

// A value as text for failure messages (into a caller's buffer; "?" for types without a printf form).
constexpr size_t kValueTextBytes = 48;
struct ValueText {
  char text[kValueTextBytes];
};
inline ValueText Format(const char* format, ...) {
  ValueText out;
  va_list args;
  va_start(args, format);
  std::vsnprintf(out.text, sizeof(out.text), format, args);
  va_end(args);
  return out;
}
inline ValueText ToText(bool v) { return Format("%s", v ? "true" : "false"); }
inline ValueText ToText(char v) { return Format("%c", v); }
inline ValueText ToText(signed char v) { return Format("%d", v); }
inline ValueText ToText(unsigned char v) { return Format("%u", v); }
inline ValueText ToText(short v) { return Format("%d", v); }
inline ValueText ToText(unsigned short v) { return Format("%u", v); }
inline ValueText ToText(int v) { return Format("%d", v); }
inline ValueText ToText(unsigned int v) { return Format("%u", v); }
inline ValueText ToText(long v) { return Format("%ld", v); }
inline ValueText ToText(unsigned long v) { return Format("%lu", v); }
inline ValueText ToText(long long v) { return Format("%lld", v); }
inline ValueText ToText(unsigned long long v) { return Format("%llu", v); }
inline ValueText ToText(float v) { return Format("%f", static_cast<double>(v)); }
inline ValueText ToText(double v) { return Format("%f", v); }
inline ValueText ToText(const char* v) { return Format("%s", v != nullptr ? v : "(null)"); }
inline ValueText ToText(const void* v) { return Format("%p", v); }
inline ValueText ToText(std::nullptr_t) { return Format("%p", static_cast<const void*>(nullptr)); }
template <typename T>
inline typename std::enable_if<std::is_enum<T>::value, ValueText>::type ToText(const T& v) {
  return ToText(static_cast<typename std::underlying_type<T>::type>(v));
}
template <typename T>
inline typename std::enable_if<!std::is_enum<T>::value && !std::is_arithmetic<T>::value &&
                                   !std::is_pointer<T>::value,
                               ValueText>::type
ToText(const T&) {
  return Format("?");
}
template <typename T>
inline ValueText ToText(T* v) {
  return ToText(static_cast<const void*>(v));
}

template <typename T, typename U>
void ReportFailure(const char* a_str, const char* b_str, const T& a, const U& b, const char* op, const char* file,
                   int line) {
  MicroPrintf("%s:%d: Failure", file, line);
  MicroPrintf("  Expression:  %s %s %s", a_str, op, b_str);
  MicroPrintf("  Evaluated:   %s %s %s", ToText(a).text, op, ToText(b).text);
}

template <typename T, typename U>
void ReportFailureNear(const char* a_str, const char* b_str, const char* epsilon_str, const T& delta,
                       const U& epsilon, const char* file, int line) {
  MicroPrintf("%s:%d: Failure", file, line);
  MicroPrintf("  Expression: |%s - %s| <= %s", a_str, b_str, epsilon_str);
  MicroPrintf("  Evaluated:  %s <= %s", ToText(delta).text, ToText(epsilon).text);
}

inline bool AreStringsEqual(const char* s1, const char* s2) {
  if (s1 == s2) return true;
  if (s1 == nullptr || s2 == nullptr) return false;
  while (*s1 != '\0' && *s1 == *s2) {
    ++s1;
    ++s2;
  }
  return *s1 == *s2;
}

}  // namespace internal

// Runs every registered test in definition order; kTfLiteOk when all passed.
inline TfLiteStatus RunAllTests() {
  internal::TestInfo* reversed = nullptr;
  for (internal::TestInfo* t = internal::GetTestList(); t != nullptr;) {
    internal::TestInfo* next = t->next;
    t->next = reversed;
    reversed = t;
    t = next;
  }
  internal::GetTestList() = reversed;
  int passed = 0;
  int failed = 0;
  internal::TestInfo* failures = nullptr;
  internal::TestInfo** failures_tail = &failures;
  MicroPrintf("[==========] Running tests.");
  for (internal::TestInfo* t = internal::GetTestList(); t != nullptr; t = t->next) {
    MicroPrintf("[ RUN      ] %s.%s", t->suite_name, t->test_name);
    internal::DidTestFail() = false;
    t->test_func();
    if (internal::DidTestFail()) {
      ++failed;
      t->next_failure = nullptr;
      *failures_tail = t;
      failures_tail = &t->next_failure;
      MicroPrintf("[  FAILED  ] %s.%s", t->suite_name, t->test_name);
    } else {
      ++passed;
      MicroPrintf("[       OK ] %s.%s", t->suite_name, t->test_name);
    }
  }
  MicroPrintf("[==========] %d tests ran.", passed + failed);
  MicroPrintf("[  PASSED  ] %d tests.", passed);
  if (failed == 0) {
    MicroPrintf("~~~ALL TESTS PASSED~~~");
    return kTfLiteOk;
  }
  MicroPrintf("[  FAILED  ] %d tests, listed below:", failed);
  for (internal::TestInfo* t = failures; t != nullptr; t = t->next_failure) {
    MicroPrintf("[  FAILED  ] %s.%s", t->suite_name, t->test_name);
  }
  return kTfLiteError;
}

}  // namespace micro_test

#define TEST(suite, name)                                                                               \
  void suite##_##name##_Test();                                                                         \
  static micro_test::internal::TestInfo suite##_##name##_Info = {#suite, #name, suite##_##name##_Test, \
                                                                  nullptr, nullptr};                   \
  static micro_test::internal::TestRegistrar suite##_##name##_Reg(&suite##_##name##_Info);             \
  void suite##_##name##_Test()

#define TEST_F(fixture, name)                                                                           \
  static_assert(std::is_base_of<testing::Test, fixture>::value, "fixture must inherit from testing::Test"); \
  class fixture##_##name : public fixture {                                                             \
   public:                                                                                              \
    void TestBody();                                                                                    \
  };                                                                                                    \
  void fixture##_##name##_Run() {                                                                       \
    fixture##_##name test;                                                                              \
    testing::Test& base = test; /* fixtures may override SetUp/TearDown as protected, as in GoogleTest */ \
    base.SetUp();                                                                                       \
    test.TestBody();                                                                                    \
    base.TearDown();                                                                                    \
  }                                                                                                     \
  static micro_test::internal::TestInfo fixture##_##name##_Info = {#fixture, #name, fixture##_##name##_Run, \
                                                                    nullptr, nullptr};                   \
  static micro_test::internal::TestRegistrar fixture##_##name##_Reg(&fixture##_##name##_Info);           \
  void fixture##_##name::TestBody()

#define MICRO_TEST_OP(a, b, op_str, compare, on_fail)                                                  \
  do {                                                                                                  \
    auto va = (a);                                                                                      \
    auto vb = (b);                                                                                      \
    if (!(compare)) {                                                                                   \
      micro_test::internal::ReportFailure(#a, #b, va, vb, op_str, __FILE__, __LINE__);                 \
      micro_test::internal::DidTestFail() = true;                                                      \
      on_fail;                                                                                          \
    }                                                                                                   \
  } while (false)

#define MICRO_TEST_BOOL(a, b, on_fail) MICRO_TEST_OP(a, b, "==", va == vb, on_fail)

// Equal values pass even when the difference is not a number (both infinite).
#define MICRO_TEST_NEAR(a, b, epsilon, on_fail)                                                        \
  do {                                                                                                  \
    auto va = (a);                                                                                      \
    auto vb = (b);                                                                                      \
    auto delta = (va > vb) ? (va - vb) : (vb - va);                                                     \
    if (va != vb && delta > (epsilon)) {                                                                \
      micro_test::internal::ReportFailureNear(#a, #b, #epsilon, delta, epsilon, __FILE__, __LINE__);   \
      micro_test::internal::DidTestFail() = true;                                                      \
      on_fail;                                                                                          \
    }                                                                                                   \
  } while (false)

#define ASSERT_TRUE(x) MICRO_TEST_BOOL(x, true, return)
#define ASSERT_FALSE(x) MICRO_TEST_BOOL(x, false, return)
#define ASSERT_EQ(a, b) MICRO_TEST_OP(a, b, "==", va == vb, return)
#define ASSERT_NE(a, b) MICRO_TEST_OP(a, b, "!=", va != vb, return)
#define ASSERT_GT(a, b) MICRO_TEST_OP(a, b, ">", va > vb, return)
#define ASSERT_LT(a, b) MICRO_TEST_OP(a, b, "<", va < vb, return)
#define ASSERT_GE(a, b) MICRO_TEST_OP(a, b, ">=", va >= vb, return)
#define ASSERT_LE(a, b) MICRO_TEST_OP(a, b, "<=", va <= vb, return)
#define ASSERT_STREQ(a, b) MICRO_TEST_OP(a, b, "==", micro_test::internal::AreStringsEqual(va, vb), return)
#define ASSERT_STRNE(a, b) MICRO_TEST_OP(a, b, "!=", !micro_test::internal::AreStringsEqual(va, vb), return)
#define ASSERT_NEAR(a, b, epsilon) MICRO_TEST_NEAR(a, b, epsilon, return)
#define ASSERT_FLOAT_EQ(a, b) MICRO_TEST_NEAR(a, b, 4 * std::numeric_limits<float>::epsilon(), return)

#define EXPECT_TRUE(x) MICRO_TEST_BOOL(x, true, (void)0)
#define EXPECT_FALSE(x) MICRO_TEST_BOOL(x, false, (void)0)
#define EXPECT_EQ(a, b) MICRO_TEST_OP(a, b, "==", va == vb, (void)0)
#define EXPECT_NE(a, b) MICRO_TEST_OP(a, b, "!=", va != vb, (void)0)
#define EXPECT_GT(a, b) MICRO_TEST_OP(a, b, ">", va > vb, (void)0)
#define EXPECT_LT(a, b) MICRO_TEST_OP(a, b, "<", va < vb, (void)0)
#define EXPECT_GE(a, b) MICRO_TEST_OP(a, b, ">=", va >= vb, (void)0)
#define EXPECT_LE(a, b) MICRO_TEST_OP(a, b, "<=", va <= vb, (void)0)
#define EXPECT_STREQ(a, b) MICRO_TEST_OP(a, b, "==", micro_test::internal::AreStringsEqual(va, vb), (void)0)
#define EXPECT_STRNE(a, b) MICRO_TEST_OP(a, b, "!=", !micro_test::internal::AreStringsEqual(va, vb), (void)0)
#define EXPECT_NEAR(a, b, epsilon) MICRO_TEST_NEAR(a, b, epsilon, (void)0)
#define EXPECT_FLOAT_EQ(a, b) MICRO_TEST_NEAR(a, b, 4 * std::numeric_limits<float>::epsilon(), (void)0)

#define ADD_FAILURE(msg)                                 \
  do {                                                   \
    MicroPrintf("%s:%d: Failure", __FILE__, __LINE__);   \
    MicroPrintf("Failed: %s", msg);                      \
    micro_test::internal::DidTestFail() = true;          \
  } while (false)

#define FAIL(msg)        \
  do {                   \
    ADD_FAILURE(msg);    \
    return;              \
  } while (false)

#define RUN_ALL_TESTS() micro_test::RunAllTests()

#define TF_LITE_MICRO_TESTS_MAIN      \
  int main(int argc, char** argv) {   \
    (void)argc;                       \
    (void)argv;                       \
    tflite::InitializeTest();         \
    return RUN_ALL_TESTS();           \
  }

#endif  // MOTE_COMPAT_TENSORFLOW_LITE_MICRO_TESTING_MICRO_TEST_V2_H_
