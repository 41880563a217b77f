// `--delegate xnnpack [--threads N] [--xnnpack-int8]` for `mote run` and `mote inspect`: parsing, applying the delegate to a
// MicroInterpreter before AllocateTensors, and the summary of what it took.
#ifndef MOTE_TOOLS_DELEGATE_OPTION_H_
#define MOTE_TOOLS_DELEGATE_OPTION_H_

#include <memory>
#include <string>
#include <vector>

#include "mote/micro_interpreter.h"

namespace mote {
namespace cli {

struct DelegateOption {
  std::string name;  // empty: none; "xnnpack"
  int threads = 1;
  bool int8 = false;  // --xnnpack-int8: XNNPACK takes int8 nodes too (XnnpackDelegateOptions::quantized)
};

// Consumes args[*i] (and its value) when it is --delegate, --threads or --xnnpack-int8; *ok false (message printed) on a bad
// value. Returns whether the argument was one of these.
bool ParseDelegateArg(const char* command, const std::vector<std::string>& args, size_t* i, DelegateOption* option,
                      bool* ok);

// The applied delegate; keeps it alive for as long as the interpreter runs (destroy after the interpreter).
class AppliedDelegate {
 public:
  AppliedDelegate();
  ~AppliedDelegate();
  // Applies the delegate (before AllocateTensors). false: it cannot be used at all (not built in, XNNPACK does
  // not start) -> exit 1. A delegation that failed (XNNPACK refused a partition) is not false: the model stays
  // on mote's kernels and a warning is printed, as TFLite does.
  bool Apply(const char* command, const DelegateOption& option, MicroInterpreter& interpreter);
  // "delegate xnnpack: 12 of 14 node(s) in 2 partition(s), 1 thread" (+ per-node lines when verbose).
  void PrintSummary(bool per_node) const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace cli
}  // namespace mote

#endif  // MOTE_TOOLS_DELEGATE_OPTION_H_
