// The test shim's runner and printing (mote_test.h). Output goes to the board console in GoogleTest's format.
#include "mote_test.h"

#include <cstdio>

#include "board.h"

namespace mote_test {
namespace {

TestCase* g_first = nullptr;
TestCase* g_last = nullptr;
bool g_failed = false;   // the running test
bool g_skipped = false;  // the running test

bool Matches(const TestCase& t, const char* filter) {
  if (filter == nullptr || filter[0] == '\0') return true;
  const size_t suite_len = std::strlen(t.suite);
  if (std::strncmp(filter, t.suite, suite_len) != 0 || filter[suite_len] != '.') return false;
  const char* name = filter + suite_len + 1;
  return name[0] == '\0' || std::strcmp(name, t.name) == 0;
}

}  // namespace

Message& Message::Append(const char* s) {
  while (*s != '\0' && size_ + 1 < kMessageBytes) text_[size_++] = *s++;
  text_[size_] = '\0';
  return *this;
}

Message& Message::AppendSigned(long long v) {
  char buf[24];
  std::snprintf(buf, sizeof(buf), "%lld", v);
  return Append(buf);
}

Message& Message::AppendUnsigned(unsigned long long v) {
  char buf[24];
  std::snprintf(buf, sizeof(buf), "%llu", v);
  return Append(buf);
}

Message& Message::AppendDouble(double v) {
  char buf[32];
  std::snprintf(buf, sizeof(buf), "%.9g", v);
  return Append(buf);
}

Message& Message::AppendPointer(const void* p) {
  char buf[24];
  std::snprintf(buf, sizeof(buf), "%p", p);
  return Append(buf);
}

Result CmpNear(const char* ea, const char* eb, const char* etol, double a, double b, double tolerance) {
  const double diff = a > b ? a - b : b - a;
  if (diff <= tolerance) return Result::Ok();
  Result r = Result::Failed();
  r.message() << "expected |" << ea << " - " << eb << "| <= " << etol << ", got " << a << " vs " << b
              << " (difference " << diff << ")";
  return r;
}

Result CmpStr(const char* ea, const char* eb, const char* a, const char* b, bool want_equal) {
  const bool equal = (a == nullptr || b == nullptr) ? a == b : std::strcmp(a, b) == 0;
  if (equal == want_equal) return Result::Ok();
  Result r = Result::Failed();
  r.message() << "expected " << ea << (want_equal ? " == " : " != ") << eb << ", got \"" << a << "\" vs \"" << b
              << "\"";
  return r;
}

Result CheckBool(const char* expression, bool value, bool expected) {
  if (value == expected) return Result::Ok();
  Result r = Result::Failed();
  r.message() << "expected " << expression << " to be " << (expected ? "true" : "false");
  return r;
}

void FailureReporter::operator=(const Message& message) const {
  g_failed = true;
  board_printf("%s:%d: Failure%s\n  %s\n", file_, line_, fatal_ ? " (fatal)" : "", what_);
  if (message.c_str()[0] != '\0') {
    board_puts("  ");
    board_puts(message.c_str());
    board_puts("\n");
  }
}

void SkipReporter::operator=(const Message& message) const {
  g_skipped = true;
  board_puts("  skipped: ");
  board_puts(message.c_str());
  board_puts("\n");
}

Registrar::Registrar(TestCase* test) {
  test->next = nullptr;
  if (g_last == nullptr) {
    g_first = test;
  } else {
    g_last->next = test;
  }
  g_last = test;
}

bool CurrentTestFailed() { return g_failed; }

int RunAllTests(const char* filter) {
  int total = 0;
  for (TestCase* t = g_first; t != nullptr; t = t->next) total += Matches(*t, filter) ? 1 : 0;
  board_printf("[==========] Running %d tests on %s (%s).\n", total, board_core(), board_name());
  int passed = 0, failed = 0, skipped = 0;
  for (TestCase* t = g_first; t != nullptr; t = t->next) {
    if (!Matches(*t, filter)) continue;
    g_failed = false;
    g_skipped = false;
    board_printf("[ RUN      ] %s.%s\n", t->suite, t->name);
    t->function();
    t->failed = g_failed;
    if (g_failed) {
      ++failed;
      board_printf("[  FAILED  ] %s.%s\n", t->suite, t->name);
    } else if (g_skipped) {
      ++skipped;
      board_printf("[  SKIPPED ] %s.%s\n", t->suite, t->name);
    } else {
      ++passed;
      board_printf("[       OK ] %s.%s\n", t->suite, t->name);
    }
  }
  board_printf("[==========] %d tests ran.\n", total);
  board_printf("[  PASSED  ] %d tests.\n", passed);
  if (skipped > 0) board_printf("[  SKIPPED ] %d tests.\n", skipped);
  if (failed > 0) {
    board_printf("[  FAILED  ] %d tests, listed below:\n", failed);
    for (TestCase* t = g_first; t != nullptr; t = t->next) {
      if (t->failed) board_printf("[  FAILED  ] %s.%s\n", t->suite, t->name);
    }
  }
  return failed;
}

}  // namespace mote_test
