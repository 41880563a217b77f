// `--delegate xnnpack [--threads N] [--xnnpack-int8]` (delegate_option.h).
#include "delegate_option.h"

#include <cstdio>

#include "cli.h"
#ifdef MOTE_HAVE_XNNPACK
#include "mote/xnnpack_delegate.h"
#endif

namespace mote {
namespace cli {

bool ParseDelegateArg(const char* command, const std::vector<std::string>& args, size_t* i, DelegateOption* option,
                      bool* ok) {
  const std::string& a = args[*i];
  if (a == "--xnnpack-int8") {
    option->int8 = true;
    *ok = true;
    return true;
  }
  if (a != "--delegate" && a != "--threads") return false;
  *ok = false;
  if (*i + 1 >= args.size()) {
    std::fprintf(stderr, "mote %s: %s needs a value\n", command, a.c_str());
    return true;
  }
  const std::string& v = args[++*i];
  if (a == "--delegate") {
    if (v != "xnnpack") {
      std::fprintf(stderr, "mote %s: unknown delegate '%s' (known: xnnpack)\n", command, v.c_str());
      return true;
    }
    option->name = v;
  } else {
    size_t threads = 0;
    if (!ParseSize(v, &threads) || threads < 1 || threads > 256) {
      std::fprintf(stderr, "mote %s: --threads: '%s' is not a number of threads (1-256)\n", command, v.c_str());
      return true;
    }
    option->threads = static_cast<int>(threads);
  }
  *ok = true;
  return true;
}

struct AppliedDelegate::Impl {
  DelegateOption option;
  size_t plan_nodes = 0;
  bool fell_back = false;
#ifdef MOTE_HAVE_XNNPACK
  std::unique_ptr<XnnpackDelegate> xnnpack;
#endif
};

AppliedDelegate::AppliedDelegate() : impl_(new Impl) {}
AppliedDelegate::~AppliedDelegate() = default;

bool AppliedDelegate::Apply(const char* command, const DelegateOption& option, MicroInterpreter& interpreter) {
  impl_->option = option;
  if (option.name.empty()) {
    if (option.int8) std::fprintf(stderr, "mote %s: warning: --xnnpack-int8 without --delegate xnnpack does nothing\n", command);
    return true;
  }
#ifdef MOTE_HAVE_XNNPACK
  XnnpackDelegateOptions o;
  o.num_threads = option.threads;
  o.quantized = option.int8;
  impl_->xnnpack = XnnpackDelegate::Create(o);
  if (impl_->xnnpack == nullptr) {
    std::fprintf(stderr, "mote %s: the XNNPACK delegate cannot start (see the message above)\n", command);
    return false;
  }
  impl_->plan_nodes = interpreter.operators_size();
  const TfLiteStatus status = interpreter.ModifyGraphWithDelegate(impl_->xnnpack->tflite_delegate());
  if (status != kTfLiteOk) {
    impl_->fell_back = true;
    std::fprintf(stderr, "mote %s: warning: the XNNPACK delegate could not be applied (see the messages above); "
                 "the model runs on mote's own kernels\n", command);
  }
  return true;
#else
  (void)interpreter;
  std::fprintf(stderr, "mote %s: this build has no XNNPACK delegate (XNNPACK was not found when mote was "
               "configured: apt-get install libxnnpack-dev libpthreadpool-dev, then reconfigure)\n", command);
  return false;
#endif
}

void AppliedDelegate::PrintSummary(bool per_node) const {
  if (impl_->option.name.empty()) return;
#ifdef MOTE_HAVE_XNNPACK
  const XnnpackDelegate& d = *impl_->xnnpack;
  if (impl_->fell_back) {
    std::printf("delegate xnnpack: not applied (delegation failed); 0 nodes, 0 partitions\n");
    return;
  }
  std::printf("delegate xnnpack: %zu of %zu node(s) in %d partition(s), %d thread(s)%s\n", d.claimed_nodes().size(),
              d.decisions().size(), d.partitions(), impl_->option.threads,
              impl_->option.int8 ? ", int8 on (XNNPACK's requantization, not bit-exact with TFLM)" : "");
  if (!per_node) return;
  for (const auto& n : d.decisions()) {
    if (n.taken) {
      std::printf("  node %4d  %-20s XNNPACK\n", n.node, n.op.c_str());
    } else {
      std::printf("  node %4d  %-20s mote%s%s\n", n.node, n.op.c_str(), n.reason.empty() ? "" : ": ",
                  n.reason.c_str());
    }
  }
#else
  (void)per_node;
#endif
}

}  // namespace cli
}  // namespace mote
