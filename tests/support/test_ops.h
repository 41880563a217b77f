// Instrumented custom kernels for interpreter tests: every lifecycle call is appended to a shared event log,
// so tests can assert call order and counts. "AddOne" copies its float input to its output plus 1.
#ifndef MOTE_TESTS_SUPPORT_TEST_OPS_H_
#define MOTE_TESTS_SUPPORT_TEST_OPS_H_

#include <string>
#include <vector>

#include "mote/c/common.h"

namespace mote {
namespace test {

struct OpEvents {
  std::vector<std::string> log;   // "init:<tag>", "prepare:<tag>", "invoke:<tag>", "reset:<tag>", "free:<tag>"
  int fail_prepare_tag = -1;      // tag whose prepare returns kTfLiteError
  int fail_invoke_tag = -1;
  size_t scratch_bytes = 0;       // > 0: prepare requests a scratch buffer, invoke fills it with the tag
  int init_extra_tag = -1;        // tag whose init also asks for init_extra_bytes of persistent memory and
  size_t init_extra_bytes = 0;    // returns nullptr (as a careful kernel does) when the arena refuses them
  std::vector<void*> scratch_seen;
  void Clear() { *this = OpEvents(); }
};
OpEvents& Events();

// A registration whose user data records `tag` (the first custom-options byte, or 0). Custom options longer
// than one byte are malformed: init logs "init:malformed" and returns nullptr, prepare then refuses the node.
// Free logs "free:<tag>", or "free:null" for a node whose init returned nullptr.
TfLiteRegistration AddOneRegistration();

}  // namespace test
}  // namespace mote

#endif  // MOTE_TESTS_SUPPORT_TEST_OPS_H_
