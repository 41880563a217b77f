// `mote inspect MODEL [--json] [--memory]`: what a model contains and whether (and how) this build runs it. The facts and
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
void PrintArena(const ArenaReport& a, size_t without_prepacking) {
  std::printf("arena: %zu bytes in all (arena_used_bytes(); the smallest --arena that runs the model)\n", a.total);
  std::printf("  %-10s %9zu bytes  tensors and scratch buffers, sharing memory by lifetime (high-water mark)\n",
              "planned", a.planned);
  std::printf("  %-10s %9zu bytes  interpreter structures, kernel state and parameters, kept for the run\n",
              "persistent", a.persistent);
  std::printf("  %-10s %9zu bytes  of persistent: weights repacked once in prepare (the arena without prepacking, "
              "mote run --no-prepack: %zu bytes)\n",
              "prepacked", a.prepacked, without_prepacking);
  if (a.total > a.planned + a.persistent) {
    std::printf("  %-10s %9zu bytes  alignment padding\n", "padding", a.total - a.planned - a.persistent);
  }
  std::printf("  (without sharing, the tensors alone would take %zu bytes; kernels asked for %zu bytes of scratch)\n",
              a.activations, a.scratch);
}

std::string PositionText(const InspectFacts& f, int32_t position) {
  std::string s = "position " + std::to_string(position);
  if (f.subgraphs.size() == 1 && position >= 0 && static_cast<size_t>(position) < f.nodes.size()) {
    const NodeFacts& n = f.nodes[static_cast<size_t>(position)];
    s += " (node " + std::to_string(n.index) + " " + n.op + ")";
  }
  return s;
}

// --memory: the plan, buffer by buffer, and where its peak is.
void PrintMemory(const InspectFacts& f) {
  const host::MemoryFacts& m = f.memory;
  std::printf("memory plan: %zu buffers over %d plan positions%s\n", m.buffers.size(), m.positions,
              f.subgraphs.size() > 1 ? " (every subgraph on one timeline, docs/memory.md)" : "");
  std::printf("  %-8s %4s %5s %10s %10s %6s %6s %10s  %s\n", "kind", "sg", "index", "bytes", "offset", "first",
              "last", "overwrites", "name");
  for (const host::PlannedBufferFacts& b : m.buffers) {
    std::printf("  %-8s %4s %5d %10u %10u %6d %6d %10s  %s\n", b.subgraph < 0 ? "scratch" : "tensor",
                b.subgraph < 0 ? "-" : std::to_string(b.subgraph).c_str(), b.index, b.bytes, b.offset, b.first_use,
                b.last_use, b.overwrites < 0 ? "-" : std::to_string(b.overwrites).c_str(), b.name.c_str());
  }
  std::printf("planned region: %zu bytes (the highest buffer end; prepare's temporaries may raise the arena's mark)\n",
              m.planned_bytes);
  if (m.peak_position >= 0) {
    std::printf("peak: reached at %s, where %zu bytes are live\n", PositionText(f, m.peak_position).c_str(),
                m.peak_live_bytes);
  }
  std::printf("placement: %s (largest first, TFLM's order, would take %zu bytes)\n", m.placement.c_str(),
              m.largest_first_bytes);
  std::printf("in place: %d tensors (%zu bytes) take the bytes of an input that ends where they start; the arena "
              "without in-place execution: %zu bytes\n",
              m.in_place_tensors, m.in_place_bytes, m.arena_bytes_without_in_place);
  if (m.reordered) {
    std::string order;
    for (int32_t n : m.order) order += (order.empty() ? "" : " ") + std::to_string(n);
    std::printf("order: reordered (%s); the model order would plan %zu bytes; the arena without reordering: %zu bytes\n",
                order.c_str(), m.model_order_bytes, m.arena_bytes_without_reorder);
  } else {
    std::printf("order: the model's (the arena without reordering: %zu bytes)\n", m.arena_bytes_without_reorder);
  }
  if (m.max_live_position >= 0) {
    std::printf("most live at once: %zu bytes at %s (no placement in this order needs less)\n", m.max_live_bytes,
                PositionText(f, m.max_live_position).c_str());
  }
}

void PrintText(const InspectFacts& f, bool memory) {
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
  PrintArena(f.arena, f.arena_bytes_without_prepacking);
  if (memory) PrintMemory(f);
  std::printf("supported: yes\n");
}

bool ParseInspectArgs(const std::vector<std::string>& args, std::string* model, bool* json,
                      bool* memory, DelegateOption* delegate) {
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    bool delegate_ok = true;
    if (ParseDelegateArg("inspect", args, &i, delegate, &delegate_ok)) {
      if (!delegate_ok) return false;
    } else if (a == "--json") {
      *json = true;
    } else if (a == "--memory") {
      *memory = true;
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
    std::fprintf(stderr,
                 "mote inspect: no model given\nusage: mote inspect MODEL [--json] [--memory] [--delegate xnnpack]\n");
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
  bool memory = false;  // the JSON always has the plan
  std::string path;
  DelegateOption delegate_option;
  if (!ParseInspectArgs(args, &path, &json, &memory, &delegate_option)) return kExitUsage;
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
    PrintText(facts, memory);
  }
  if (!delegate_option.name.empty() && json) {
    std::fprintf(stderr, "mote inspect: --delegate is reported in the text form only (not with --json)\n");
  }
  if (!delegate_option.name.empty() && !json) return InspectDelegation(model, delegate_option);
  return kExitOk;
}

}  // namespace cli
}  // namespace mote
