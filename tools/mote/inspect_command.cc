// `mote inspect MODEL [--json]`: what a model contains and whether (and how) this build runs it. The facts and
// the JSON form come from mote/host/model_inspect.h (shared with `mote report` and the Python package).
#include <cstdio>
#include <string>
#include <vector>

#include "cli.h"
#include "delegate_option.h"
#include "mote/op_resolver.h"
#include "mote/host/model_inspect.h"

namespace mote {
namespace cli {
namespace {

using host::InspectFacts;
using host::OperatorFacts;
using host::NodeFacts;
using host::TensorFacts;

void PrintTensorLine(const char* kind, size_t k, const TensorFacts& t) {
  std::printf("  %s %zu '%s' %s %s", kind, k, t.name.c_str(), t.dtype.c_str(), host::ShapeText(t.shape).c_str());
  if (t.has_quantization) std::printf(" scale %.9g zero_point %lld", t.scale, static_cast<long long>(t.zero_point));
  std::printf("\n");
}

// Each figure with what it is: the total is the --arena to give; the rest says where it goes.
void PrintArena(const ArenaReport& a) {
  std::printf("arena: %zu bytes in all (arena_used_bytes(); the smallest --arena that runs the model)\n", a.total);
  std::printf("  %-10s %9zu bytes  tensors and scratch buffers, sharing memory by lifetime (high-water mark)\n",
              "planned", a.planned);
  std::printf("  %-10s %9zu bytes  interpreter structures, kernel state and parameters, kept for the run\n",
              "persistent", a.persistent);
  if (a.total > a.planned + a.persistent) {
    std::printf("  %-10s %9zu bytes  alignment padding\n", "padding", a.total - a.planned - a.persistent);
  }
  std::printf("  (without sharing, the tensors alone would take %zu bytes; kernels asked for %zu bytes of scratch)\n",
              a.activations, a.scratch);
}

void PrintText(const InspectFacts& f) {
  std::printf("model %s (%zu bytes)\n", f.model.c_str(), f.model_bytes);
  if (!f.description.empty()) std::printf("description: %s\n", f.description.c_str());
  std::printf("subgraphs: %zu\n", f.subgraphs.size());
  for (size_t s = 0; s < f.subgraphs.size(); ++s) {
    std::printf("  subgraph %zu%s%s%s: %zu tensors, %zu operators\n", s, f.subgraphs[s].name.empty() ? "" : " '",
                f.subgraphs[s].name.c_str(), f.subgraphs[s].name.empty() ? "" : "'", f.subgraphs[s].tensors,
                f.subgraphs[s].operators);
  }
  std::printf("operator codes: %zu\n", f.operators.size());
  std::printf("  %3s  %-28s %5s %7s %5s  %s\n", "#", "name", "code", "version", "nodes", "this build");
  for (size_t i = 0; i < f.operators.size(); ++i) {
    const OperatorFacts& op = f.operators[i];
    const char* status = host::OperatorStatus(op);
    std::printf("  %3zu  %-28s %5d %7d %5zu  %s\n", i, op.name.c_str(), op.code, op.version, op.count, status);
  }
  std::printf("inputs: %zu\n", f.inputs.size());
  for (size_t k = 0; k < f.inputs.size(); ++k) PrintTensorLine("input", k, f.inputs[k]);
  std::printf("outputs: %zu\n", f.outputs.size());
  for (size_t k = 0; k < f.outputs.size(); ++k) PrintTensorLine("output", k, f.outputs[k]);
  std::printf("tensors: %zu\n", f.tensors);
  if (!f.supported) {
    std::printf("supported: no\n");
    for (const std::string& p : f.problems) std::printf("  problem: %s\n", p.c_str());
    return;
  }
  std::printf("nodes: %zu\n", f.nodes.size());
  std::printf("  %5s  %-20s %s\n", "node", "op", "variant");
  for (const NodeFacts& n : f.nodes) std::printf("  %5d  %-20s %s\n", n.index, n.op.c_str(), n.variant.c_str());
  PrintArena(f.arena);
  std::printf("supported: yes\n");
}

bool ParseInspectArgs(const std::vector<std::string>& args, std::string* model, bool* json,
                      DelegateOption* delegate) {
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    bool delegate_ok = true;
    if (ParseDelegateArg("inspect", args, &i, delegate, &delegate_ok)) {
      if (!delegate_ok) return false;
    } else if (a == "--json") {
      *json = true;
    } else if (!a.empty() && a[0] == '-') {
      std::fprintf(stderr, "mote inspect: unknown option '%s'\n", a.c_str());
      return false;
    } else if (model->empty()) {
      *model = a;
    } else {
      std::fprintf(stderr, "mote inspect: unexpected argument '%s' (one model at a time)\n", a.c_str());
      return false;
    }
  }
  if (model->empty()) {
    std::fprintf(stderr, "mote inspect: no model given\nusage: mote inspect MODEL [--json] [--delegate xnnpack]\n");
    return false;
  }
  return true;
}

// --delegate: which nodes the delegate takes, the delegate kernels (partitions) it became, what stays on mote.
int InspectDelegation(const host::AlignedBuffer& model, const DelegateOption& option) {
  static AllOpsResolver resolver;
  host::AlignedBuffer arena(kDefaultArenaBytes);
  AppliedDelegate delegate;  // outlives the interpreter
  MicroInterpreter interpreter(model.data(), model.size(), resolver, arena.data(), arena.size());
  if (interpreter.initialization_status() != kTfLiteOk) return kExitFailure;
  if (!delegate.Apply("inspect", option, interpreter)) return kExitFailure;
  if (interpreter.AllocateTensors() != kTfLiteOk) {
    std::fprintf(stderr, "mote inspect: the delegated model does not allocate (see the messages above)\n");
    return kExitFailure;
  }
  delegate.PrintSummary(true);
  std::printf("execution plan with the delegate: %zu node(s)\n", interpreter.operators_size());
  for (size_t p = 0; p < interpreter.operators_size(); ++p) {
    const NodeInfo info = interpreter.node_info(p);
    std::printf("  %5d  %-20s %-24s", info.index, info.op_name, info.variant);
    if (info.replaced_nodes != nullptr) {
      std::printf(" replaces node%s", info.replaced_nodes->size == 1 ? "" : "s");
      for (int k = 0; k < info.replaced_nodes->size; ++k)
        std::printf("%s%d", k == 0 ? " " : ",", info.replaced_nodes->data[k]);
    }
    std::printf("\n");
  }
  return kExitOk;
}

}  // namespace

int InspectCommand(const std::vector<std::string>& args) {
  InspectFacts facts;
  bool json = false;
  std::string path;
  DelegateOption delegate_option;
  if (!ParseInspectArgs(args, &path, &json, &delegate_option)) return kExitUsage;
  host::AlignedBuffer model;
  if (!LoadModelFile(path, &model)) return kExitFailure;
  std::vector<std::string> errors;
  if (!host::InspectModel(path, model, &facts, &errors)) {
    for (const std::string& line : errors) std::fprintf(stderr, "%s\n", line.c_str());
    std::fprintf(stderr, "mote inspect: '%s' is not a valid model\n", path.c_str());
    return kExitFailure;
  }
  if (json) {
    std::fputs(host::InspectJson(facts).c_str(), stdout);
  } else {
    PrintText(facts);
  }
  if (!delegate_option.name.empty() && json) {
    std::fprintf(stderr, "mote inspect: --delegate is reported in the text form only (not with --json)\n");
  }
  if (!delegate_option.name.empty() && !json) return InspectDelegation(model, delegate_option);
  return kExitOk;
}

}  // namespace cli
}  // namespace mote
