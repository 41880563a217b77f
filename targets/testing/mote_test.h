// A small test framework with GoogleTest's macros, for the bare-metal images (no heap, no exceptions, no RTTI,
// no iostreams): tests written against it read like the host's GoogleTest tests.
//
//   #include "mote_test.h"
//   TEST(Arena, ExactSizeWorks) {
//     ASSERT_EQ(interpreter.AllocateTensors(), kTfLiteOk) << "with " << bytes << " bytes";
//     EXPECT_NEAR(out, 0.5, 1e-6);
//   }
//   // main() comes from mote_test_main.cc: runs every registered test and returns the number that failed
//   // (capped at 100) as the program's exit status; QEMU passes it on to CTest.
//
// Supported: TEST, EXPECT_/ASSERT_ TRUE FALSE EQ NE LT LE GT GE NEAR STREQ STRNE, ADD_FAILURE, FAIL, SUCCEED,
// GTEST_SKIP (also spelled MOTE_TEST_SKIP), `<< message` on all of them (strings, integers, floating point,
// pointers, enums; up to kMessageBytes characters). ASSERT_* return from the test function, as in GoogleTest.
// Tests run in registration order (file by file, top to bottom). MOTE_TEST_FILTER, when defined at compile
// time to "Suite." or "Suite.Name", runs only the matching tests.
#ifndef MOTE_TARGETS_TESTING_MOTE_TEST_H_
#define MOTE_TARGETS_TESTING_MOTE_TEST_H_

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

namespace mote_test {

constexpr size_t kMessageBytes = 384;

// A fixed-capacity text buffer filled with operator<< (silently truncated).
class Message {
 public:
  Message() { text_[0] = '\0'; }
  const char* c_str() const { return text_; }
  Message& Append(const char* s);
  Message& AppendSigned(long long v);
  Message& AppendUnsigned(unsigned long long v);
  Message& AppendDouble(double v);
  Message& AppendPointer(const void* p);

  Message& operator<<(const char* s) { return Append(s == nullptr ? "(null)" : s); }
  Message& operator<<(char* s) { return *this << static_cast<const char*>(s); }
  Message& operator<<(const Message& m) { return Append(m.c_str()); }
  Message& operator<<(bool b) { return Append(b ? "true" : "false"); }
  Message& operator<<(char c) {
    const char s[2] = {c, '\0'};
    return Append(s);
  }
  template <typename T>
  Message& operator<<(const T& v) {
    if constexpr (std::is_enum<T>::value) {
      return AppendSigned(static_cast<long long>(v));
    } else if constexpr (std::is_floating_point<T>::value) {
      return AppendDouble(static_cast<double>(v));
    } else if constexpr (std::is_integral<T>::value && std::is_signed<T>::value) {
      return AppendSigned(static_cast<long long>(v));
    } else if constexpr (std::is_integral<T>::value) {
      return AppendUnsigned(static_cast<unsigned long long>(v));
    } else if constexpr (std::is_pointer<T>::value) {
      return AppendPointer(static_cast<const void*>(v));
    } else if constexpr (std::is_same<T, std::nullptr_t>::value) {
      return Append("nullptr");
    } else {
      static_assert(std::is_pointer<T>::value, "mote_test::Message cannot print this type");
      return *this;
    }
  }

 private:
  char text_[kMessageBytes];
  size_t size_ = 0;
};

// Outcome of a comparison: empty when it held, else the description of what failed.
class Result {
 public:
  static Result Ok() { return Result(true); }
  static Result Failed() { return Result(false); }
  explicit operator bool() const { return ok_; }
  Message& message() { return message_; }
  const char* text() const { return message_.c_str(); }

 private:
  explicit Result(bool ok) : ok_(ok) {}
  bool ok_;
  Message message_;
};

template <typename A, typename B>
Result CompareOp(bool holds, const char* op, const char* ea, const char* eb, const A& a, const B& b) {
  if (holds) return Result::Ok();
  Result r = Result::Failed();
  r.message() << "expected " << ea << " " << op << " " << eb << ", got " << a << " vs " << b;
  return r;
}

#define MOTE_TEST_DEFINE_CMP_(name, op)                                                              \
  template <typename A, typename B>                                                                  \
  Result name(const char* ea, const char* eb, const A& a, const B& b) {                              \
    _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wsign-compare\"") const bool   \
        holds = a op b;                                                                              \
    _Pragma("GCC diagnostic pop") return CompareOp(holds, #op, ea, eb, a, b);                        \
  }
MOTE_TEST_DEFINE_CMP_(CmpEQ, ==)
MOTE_TEST_DEFINE_CMP_(CmpNE, !=)
MOTE_TEST_DEFINE_CMP_(CmpLT, <)
MOTE_TEST_DEFINE_CMP_(CmpLE, <=)
MOTE_TEST_DEFINE_CMP_(CmpGT, >)
MOTE_TEST_DEFINE_CMP_(CmpGE, >=)
#undef MOTE_TEST_DEFINE_CMP_

Result CmpNear(const char* ea, const char* eb, const char* etol, double a, double b, double tolerance);
Result CmpStr(const char* ea, const char* eb, const char* a, const char* b, bool want_equal);
Result CheckBool(const char* expression, bool value, bool expected);

// Records a failure of the running test (file:line, what failed, the user's << message) when assigned a Message.
class FailureReporter {
 public:
  FailureReporter(const char* file, int line, const char* what, bool fatal)
      : file_(file), line_(line), what_(what), fatal_(fatal) {}
  void operator=(const Message& message) const;

 private:
  const char* file_;
  int line_;
  const char* what_;
  bool fatal_;
};

// Marks the running test skipped, printing the reason.
class SkipReporter {
 public:
  void operator=(const Message& message) const;
};

struct TestCase {
  const char* suite;
  const char* name;
  void (*function)();
  TestCase* next;
  bool failed;  // set by RunAllTests
};

// Adds a test to the global list (static initialisation; no heap: the TestCase is a static object).
struct Registrar {
  explicit Registrar(TestCase* test);
};

// Runs every registered test (or those matching `filter`, "Suite." or "Suite.Name"; nullptr = all); returns the
// number of failed tests.
int RunAllTests(const char* filter = nullptr);
// True once the running test has failed (for helpers that want to stop early).
bool CurrentTestFailed();

}  // namespace mote_test

#define MOTE_TEST_CONCAT_(a, b) a##b
#define TEST(suite, name)                                                                              \
  static void MOTE_TEST_CONCAT_(suite##_##name, _Body)();                                              \
  static ::mote_test::TestCase MOTE_TEST_CONCAT_(suite##_##name, _Case) = {                            \
      #suite, #name, &MOTE_TEST_CONCAT_(suite##_##name, _Body), nullptr, false};                              \
  static ::mote_test::Registrar MOTE_TEST_CONCAT_(suite##_##name, _Registrar)(                         \
      &MOTE_TEST_CONCAT_(suite##_##name, _Case));                                                      \
  static void MOTE_TEST_CONCAT_(suite##_##name, _Body)()

// The failure branch is the body of a loop that runs at most once: a trailing `<< message` attaches to the
// report, ASSERT_* can `return`, and the macro is safe as the body of an unbraced `if` (no dangling else).
#define MOTE_TEST_CHECK_(result_expr, fatal)                                                           \
  for (::mote_test::Result mote_test_result_ = (result_expr); !mote_test_result_;                      \
       mote_test_result_ = ::mote_test::Result::Ok())                                                  \
  MOTE_TEST_REPORT_##fatal(mote_test_result_.text())
#define MOTE_TEST_REPORT_0(what) ::mote_test::FailureReporter(__FILE__, __LINE__, what, false) = ::mote_test::Message()
#define MOTE_TEST_REPORT_1(what) \
  return ::mote_test::FailureReporter(__FILE__, __LINE__, what, true) = ::mote_test::Message()

#define EXPECT_TRUE(c) MOTE_TEST_CHECK_(::mote_test::CheckBool(#c, static_cast<bool>(c), true), 0)
#define EXPECT_FALSE(c) MOTE_TEST_CHECK_(::mote_test::CheckBool(#c, static_cast<bool>(c), false), 0)
#define ASSERT_TRUE(c) MOTE_TEST_CHECK_(::mote_test::CheckBool(#c, static_cast<bool>(c), true), 1)
#define ASSERT_FALSE(c) MOTE_TEST_CHECK_(::mote_test::CheckBool(#c, static_cast<bool>(c), false), 1)
#define EXPECT_EQ(a, b) MOTE_TEST_CHECK_(::mote_test::CmpEQ(#a, #b, (a), (b)), 0)
#define EXPECT_NE(a, b) MOTE_TEST_CHECK_(::mote_test::CmpNE(#a, #b, (a), (b)), 0)
#define EXPECT_LT(a, b) MOTE_TEST_CHECK_(::mote_test::CmpLT(#a, #b, (a), (b)), 0)
#define EXPECT_LE(a, b) MOTE_TEST_CHECK_(::mote_test::CmpLE(#a, #b, (a), (b)), 0)
#define EXPECT_GT(a, b) MOTE_TEST_CHECK_(::mote_test::CmpGT(#a, #b, (a), (b)), 0)
#define EXPECT_GE(a, b) MOTE_TEST_CHECK_(::mote_test::CmpGE(#a, #b, (a), (b)), 0)
#define ASSERT_EQ(a, b) MOTE_TEST_CHECK_(::mote_test::CmpEQ(#a, #b, (a), (b)), 1)
#define ASSERT_NE(a, b) MOTE_TEST_CHECK_(::mote_test::CmpNE(#a, #b, (a), (b)), 1)
#define ASSERT_LT(a, b) MOTE_TEST_CHECK_(::mote_test::CmpLT(#a, #b, (a), (b)), 1)
#define ASSERT_LE(a, b) MOTE_TEST_CHECK_(::mote_test::CmpLE(#a, #b, (a), (b)), 1)
#define ASSERT_GT(a, b) MOTE_TEST_CHECK_(::mote_test::CmpGT(#a, #b, (a), (b)), 1)
#define ASSERT_GE(a, b) MOTE_TEST_CHECK_(::mote_test::CmpGE(#a, #b, (a), (b)), 1)
#define EXPECT_NEAR(a, b, tol) MOTE_TEST_CHECK_(::mote_test::CmpNear(#a, #b, #tol, (a), (b), (tol)), 0)
#define ASSERT_NEAR(a, b, tol) MOTE_TEST_CHECK_(::mote_test::CmpNear(#a, #b, #tol, (a), (b), (tol)), 1)
#define EXPECT_STREQ(a, b) MOTE_TEST_CHECK_(::mote_test::CmpStr(#a, #b, (a), (b), true), 0)
#define EXPECT_STRNE(a, b) MOTE_TEST_CHECK_(::mote_test::CmpStr(#a, #b, (a), (b), false), 0)
#define ASSERT_STREQ(a, b) MOTE_TEST_CHECK_(::mote_test::CmpStr(#a, #b, (a), (b), true), 1)
#define ADD_FAILURE() ::mote_test::FailureReporter(__FILE__, __LINE__, "failure", false) = ::mote_test::Message()
#define FAIL() return ::mote_test::FailureReporter(__FILE__, __LINE__, "failure", true) = ::mote_test::Message()
#define SUCCEED() static_cast<void>(0)
#define GTEST_SKIP() return ::mote_test::SkipReporter() = ::mote_test::Message()
#define MOTE_TEST_SKIP() GTEST_SKIP()

#endif  // MOTE_TARGETS_TESTING_MOTE_TEST_H_
