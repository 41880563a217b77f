// mote: run, inspect and generate resolvers for .tflite models.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "cli.h"

namespace {
void Usage(FILE* out) {
  std::fprintf(out,
               "usage: mote <command> [options]\n"
               "  run MODEL [-i FILE]... [-o DIR] [--arena BYTES] [--top K] [--labels FILE]\n"
               "            [--bench [--runs N] [--warmup W]] [--profile] [--npy] [--max-loop-iterations N]\n"
               "      Runs MODEL. Input k comes from the k-th -i file (a .npy array of the tensor's dtype and\n"
               "      shape, or raw bytes of exactly the tensor's size);\n"
               "      without -i, inputs are generated (xorshift32, seed 0x9E3779B9 + k). -o writes\n"
               "      DIR/output<k>.bin (.npy with --npy). --max-loop-iterations N fails an invoke whose WHILE\n"
               "      loop runs more than N iterations (default: unbounded, as TFLM).\n"
               "  inspect MODEL [--json]\n"
               "      Operators, tensors, kernel variants and the exact arena size.\n"
               "  gen-resolver MODEL [-o FILE] [--name NAME]\n"
               "      A C++ header registering exactly MODEL's ops in a MicroMutableOpResolver.\n");
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
  if (command == "-h" || command == "--help" || command == "help") {
    Usage(stdout);
    return mote::cli::kExitOk;
  }
  std::fprintf(stderr, "mote: unknown command '%s'\n", command.c_str());
  Usage(stderr);
  return mote::cli::kExitUsage;
}
