// mote: run, inspect and generate resolvers for .tflite models.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "cli.h"

namespace {
// One entry per command: `mote help COMMAND` prints its block, `mote --help` all of them.
struct CommandHelp {
  const char* name;
  const char* text;
};
constexpr CommandHelp kHelp[] = {
    {"run",
     "  run MODEL [-i FILE]... [-o DIR] [--arena BYTES] [--top K] [--labels FILE]\n"
     "            [--bench [--runs N] [--warmup W]] [--profile] [--npy] [--max-loop-iterations N]\n"
     "            [--no-in-place] [--no-reorder] [--no-prepack]\n"
     "            [--delegate xnnpack [--threads N] [--xnnpack-int8]]\n"
     "      Runs MODEL. Input k comes from the k-th -i file (a .npy array of the tensor's dtype and\n"
     "      shape, or raw bytes of exactly the tensor's size);\n"
     "      without -i, inputs are generated (xorshift32, seed 0x9E3779B9 + k). -o writes\n"
     "      DIR/output<k>.bin (.npy with --npy). Outputs that look like class scores (1-D or [1, N] from a\n"
     "      SOFTMAX or LOGISTIC, or any output when --labels or labels.txt beside the model gives labels)\n"
     "      print their top-K classes; other outputs print a summary (shape, min/max/mean, first values).\n"
     "      --max-loop-iterations N fails an invoke whose WHILE loop runs more than N iterations (default:\n"
     "      unbounded, as TFLM). --no-in-place keeps every tensor in its own bytes, --no-reorder the model's node order (docs/memory.md).\n"
     "      --no-prepack repacks weights on every invoke instead of once in prepare (a smaller arena).\n"
     "      --delegate xnnpack runs the float32 nodes XNNPACK supports through the\n"
     "      XNNPACK delegate (--threads N, default 1); the rest stay on mote's kernels (builds with\n"
     "      libxnnpack-dev only). --xnnpack-int8 lets it take int8 nodes too: XNNPACK's\n"
     "      requantization, not bit-exact with TFLM (docs/xnnpack-delegate.md).\n"},
    {"inspect",
     "  inspect MODEL [--json] [--memory] [--delegate xnnpack [--xnnpack-int8]]\n"
     "      Operators, tensors, kernel variants and the exact arena size; --memory adds the memory plan\n"
     "      (each tensor's lifetime, size and offset, the peak, in-place execution, placement order).\n"
     "      --delegate xnnpack adds which nodes the XNNPACK delegate takes (and why the others stay),\n"
     "      and the partitions they form.\n"},
    {"gen-resolver",
     "  gen-resolver MODEL [-o FILE] [--name NAME]\n"
     "      A C++ header registering exactly MODEL's ops in a MicroMutableOpResolver.\n"},
    {"report",
     "  report MODEL [-o FILE] [--runs N]\n"
     "      One self-contained HTML page (default report.html): the graph with kernel variants, the memory\n"
     "      plan as a timeline, per-node time over N profiled runs (default 20), the ops and the resolver.\n"},
    {"help",
     "  help [COMMAND]\n"
     "      This text, or one command's.  mote --version prints the version.\n"},
};

void Usage(FILE* out) {
  std::fprintf(out, "usage: mote <command> [options]\n");
  for (const CommandHelp& h : kHelp) std::fputs(h.text, out);
}

int Help(const std::vector<std::string>& args) {
  if (args.empty()) {
    Usage(stdout);
    return mote::cli::kExitOk;
  }
  for (const CommandHelp& h : kHelp) {
    if (args[0] == h.name) {
      std::printf("usage: mote %s", h.text + 2);  // the block starts with the command line, indented by two
      return mote::cli::kExitOk;
    }
  }
  std::fprintf(stderr, "mote help: unknown command '%s'\n", args[0].c_str());
  Usage(stderr);
  return mote::cli::kExitUsage;
}
}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    Usage(stderr);
    return mote::cli::kExitUsage;
  }
  const std::string command = argv[1];
  std::vector<std::string> args(argv + 2, argv + argc);
  if (command == "run") return mote::cli::RunCommand(args);
  if (command == "inspect") return mote::cli::InspectCommand(args);
  if (command == "gen-resolver") return mote::cli::GenResolverCommand(args);
  if (command == "report") return mote::cli::ReportCommand(args);
  if (command == "help") return Help(args);
  if (command == "-h" || command == "--help") {
    Usage(stdout);
    return mote::cli::kExitOk;
  }
  if (command == "--version" || command == "-V") {
    std::printf("mote %s\n", MOTE_VERSION);
    return mote::cli::kExitOk;
  }
  std::fprintf(stderr, "mote: unknown command '%s'\n", command.c_str());
  Usage(stderr);
  return mote::cli::kExitUsage;
}
