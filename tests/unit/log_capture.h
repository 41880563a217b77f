// TEST-ONLY: collects every line the runtime logs while it lives, in order (the unit tests that check the exact
// sequence or look for one message: interpreter_test.cc, delegate_test.cc, seed_examples_test.cc).
#ifndef MOTE_TESTS_UNIT_LOG_CAPTURE_H_
#define MOTE_TESTS_UNIT_LOG_CAPTURE_H_

#include <string>
#include <vector>

#include "mote/micro_log.h"

namespace mote {
namespace unit_test {

struct LogCapture {
  LogCapture() { SetLogSink(Sink, this); }
  ~LogCapture() { SetLogSink(nullptr, nullptr); }
  static void Sink(void* user, const char* m) { static_cast<LogCapture*>(user)->lines.push_back(m); }
  std::string all() const {
    std::string s;
    for (const auto& l : lines) s += l + "\n";
    return s;
  }
  bool Has(const std::string& text) const { return all().find(text) != std::string::npos; }
  std::vector<std::string> lines;
};

}  // namespace unit_test
}  // namespace mote

#endif  // MOTE_TESTS_UNIT_LOG_CAPTURE_H_
