#include "mote/host/model_report.h"

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "mote/host/model_inspect.h"
#include "mote/host/node_timer.h"
#include "mote/host/resolver_header.h"
#include "mote/kernel_util.h"
#include "mote/micro_interpreter.h"
#include "mote/micro_log.h"
#include "mote/op_resolver.h"

namespace mote {
namespace host {
namespace {

// One planned tensor of subgraph 0: where it lives in the arena and between which nodes it is alive.
struct TensorSpan {
  int index;
  std::string name;
  size_t offset;
  size_t bytes;
  int first;  // node that writes it (0 for graph inputs)
  int last;   // last node that reads it (the last node for graph outputs)
};

struct Edge {
  int from;
  int to;
};

struct RuntimeFacts {
  std::vector<TensorSpan> tensors;
  std::vector<Edge> edges;      // producer node -> consumer node, one per tensor use
  std::vector<double> node_us;  // mean microseconds per node (plan order); empty without a profile
  size_t profile_runs = 0;
};

std::string Html(const std::string& s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string Num(double v, const char* format = "%.0f") {
  char buf[48];
  std::snprintf(buf, sizeof(buf), format, v);
  return buf;
}

// A stable pastel colour per op name, so every CONV_2D has the same one.
std::string OpColour(const std::string& op) {
  unsigned hash = 2166136261u;
  for (unsigned char c : op) hash = (hash ^ c) * 16777619u;
  return "hsl(" + std::to_string(hash % 360) + ", 65%, 82%)";
}

bool IsConstant(const schema::Model* model, const schema::Tensor* t) {
  const auto* buffers = model->buffers();
  if (buffers == nullptr || t->buffer() == 0 || t->buffer() >= buffers->size()) return false;
  const schema::Buffer* b = buffers->Get(t->buffer());
  return (b->data() != nullptr && b->data()->size() > 0) || b->offset() > 1;
}

// First writer and last reader of each tensor of subgraph 0, in operator order (-1: none).
void Lifetimes(const schema::SubGraph* sg, std::vector<int>* first, std::vector<int>* last, std::vector<Edge>* edges) {
  const int tensors = sg->tensors() == nullptr ? 0 : static_cast<int>(sg->tensors()->size());
  const int ops = sg->operators() == nullptr ? 0 : static_cast<int>(sg->operators()->size());
  first->assign(tensors, -1);
  last->assign(tensors, -1);
  std::vector<int> producer(tensors, -1);
  auto valid = [&](int32_t t) { return t >= 0 && t < tensors; };
  if (sg->inputs() != nullptr) {
    for (int32_t t : *sg->inputs())
      if (valid(t)) (*first)[t] = 0;
  }
  for (int n = 0; n < ops; ++n) {
    const schema::Operator* op = sg->operators()->Get(n);
    if (op->inputs() != nullptr) {
      for (int32_t t : *op->inputs()) {
        if (!valid(t)) continue;
        (*last)[t] = std::max((*last)[t], n);
        if (producer[t] >= 0) edges->push_back({producer[t], n});
      }
    }
    if (op->outputs() == nullptr) continue;
    for (int32_t t : *op->outputs()) {
      if (!valid(t)) continue;
      producer[t] = n;
      if ((*first)[t] < 0) (*first)[t] = n;
      (*last)[t] = std::max((*last)[t], n);
    }
  }
  if (sg->outputs() != nullptr) {
    for (int32_t t : *sg->outputs())
      if (valid(t)) (*last)[t] = std::max((*last)[t], ops - 1);
  }
}

void CollectSpans(const schema::Model* model, MicroInterpreter& interpreter, const uint8_t* arena, RuntimeFacts* r) {
  const schema::SubGraph* sg = model->subgraphs()->Get(0);
  std::vector<int> first, last;
  Lifetimes(sg, &first, &last, &r->edges);
  const size_t used = interpreter.arena_used_bytes();
  for (int i = 0; i < static_cast<int>(first.size()); ++i) {
    const schema::Tensor* st = sg->tensors()->Get(i);
    const TfLiteEvalTensor* t = interpreter.GetEvalTensor(i);
    if (first[i] < 0 || st->is_variable() || IsConstant(model, st) || t == nullptr || t->data.raw == nullptr) continue;
    const uint8_t* p = reinterpret_cast<const uint8_t*>(t->data.raw);
    if (p < arena || p >= arena + used) continue;
    size_t bytes = TfLiteTypeSizeOf(t->type);
    for (int d = 0; t->dims != nullptr && d < t->dims->size; ++d) bytes *= static_cast<size_t>(t->dims->data[d]);
    r->tensors.push_back(
        {i, st->name() == nullptr ? "" : st->name()->str(), static_cast<size_t>(p - arena), bytes, first[i], last[i]});
  }
}

// Inputs are zeros: the per-node times of these kernels do not depend on the values.
void Profile(MicroInterpreter& interpreter, size_t runs, RuntimeFacts* r) {
  NodeTimer timer(interpreter.operators_size());
  for (size_t w = 0; w < 3 + runs; ++w) {
    if (w == 3) interpreter.SetNodeHook(NodeTimer::Hook, &timer);
    for (size_t k = 0; k < interpreter.inputs_size(); ++k) {
      TfLiteTensor* t = interpreter.input(k);
      std::fill(t->data.uint8, t->data.uint8 + t->bytes, 0);
    }
    if (interpreter.Invoke() != kTfLiteOk) {
      interpreter.SetNodeHook(nullptr, nullptr);
      return;
    }
  }
  interpreter.SetNodeHook(nullptr, nullptr);
  for (double& v : timer.ms) v *= 1000.0 / static_cast<double>(runs);  // mean microseconds
  r->node_us = timer.ms;
  r->profile_runs = runs;
}

void SilentLog(void*, const char*) {}

void CollectRuntime(const AlignedBuffer& model, const ReportOptions& options, RuntimeFacts* r) {
  static AllOpsResolver resolver;
  AlignedBuffer arena(kInspectArenaBytes);
  SetLogSink(SilentLog, nullptr);  // InspectModel already captured every message this model produces
  MicroInterpreter interpreter(model.data(), model.size(), resolver, arena.data(), arena.size());
  if (interpreter.initialization_status() == kTfLiteOk && interpreter.AllocateTensors() == kTfLiteOk) {
    CollectSpans(schema::GetModel(model.data()), interpreter, arena.data(), r);
    if (options.profile_runs > 0) Profile(interpreter, options.profile_runs, r);
  }
  SetLogSink(nullptr, nullptr);
}

// ---- Sections -----------------------------------------------------------------------------------------

std::string GraphSection(const InspectFacts& f, const RuntimeFacts& r) {
  constexpr int kBoxW = 460, kBoxH = 46, kStep = 62, kLeft = 20;
  const int n = static_cast<int>(f.nodes.size());
  std::string s = "<section id=\"graph\"><h2>Graph</h2><p>" + std::to_string(n) +
                  " nodes in execution order, coloured by op; each shows the kernel variant this build chose.</p>";
  s += "<svg class=\"graph\" width=\"" + std::to_string(kLeft + kBoxW + 160) + "\" height=\"" +
       std::to_string(20 + n * kStep) + "\" xmlns=\"http://www.w3.org/2000/svg\">";
  for (const Edge& e : r.edges) {
    if (e.from >= n || e.to >= n) continue;
    const int y0 = 10 + e.from * kStep + kBoxH, y1 = 10 + e.to * kStep;
    if (e.to == e.from + 1) {
      s += "<line class=\"edge\" x1=\"" + std::to_string(kLeft + kBoxW / 2) + "\" y1=\"" + std::to_string(y0) +
           "\" x2=\"" + std::to_string(kLeft + kBoxW / 2) + "\" y2=\"" + std::to_string(y1) + "\"/>";
    } else {  // a skip connection: an arc right of the boxes, wider for longer skips
      const int x = kLeft + kBoxW + 12 + 10 * std::min(e.to - e.from, 12);
      const int xa = kLeft + kBoxW;
      s += "<path class=\"edge skip\" d=\"M" + std::to_string(xa) + "," + std::to_string(y0 - kBoxH / 2) + " C" +
           std::to_string(x) + "," + std::to_string(y0 - kBoxH / 2) + " " + std::to_string(x) + "," +
           std::to_string(y1 + kBoxH / 2) + " " + std::to_string(xa) + "," + std::to_string(y1 + kBoxH / 2) + "\"/>";
    }
  }
  for (int i = 0; i < n; ++i) {
    const NodeFacts& node = f.nodes[i];
    const int y = 10 + i * kStep;
    s += "<g class=\"node\" data-op=\"" + Html(node.op) + "\"><rect x=\"" + std::to_string(kLeft) + "\" y=\"" +
         std::to_string(y) + "\" width=\"" + std::to_string(kBoxW) + "\" height=\"" + std::to_string(kBoxH) +
         "\" rx=\"6\" fill=\"" + OpColour(node.op) + "\"/>";
    s += "<text x=\"" + std::to_string(kLeft + 10) + "\" y=\"" + std::to_string(y + 19) + "\" class=\"op\">#" +
         std::to_string(node.index) + " " + Html(node.op) + "</text>";
    s += "<text x=\"" + std::to_string(kLeft + 10) + "\" y=\"" + std::to_string(y + 37) + "\" class=\"variant\">" +
         Html(node.variant) + "</text></g>";
  }
  return s + "</svg></section>";
}

std::string MemorySection(const InspectFacts& f, const RuntimeFacts& r) {
  constexpr int kW = 900, kH = 380, kLeft = 70, kTop = 20, kBottom = 30;
  const int nodes = std::max<int>(1, static_cast<int>(f.nodes.size()));
  size_t peak = 0;
  for (const TensorSpan& t : r.tensors) peak = std::max(peak, t.offset + t.bytes);
  std::string s =
      "<section id=\"memory\"><h2>Memory plan</h2><p>Each box is a tensor: alive from the node that "
      "writes it to the last node that reads it (x), at its arena offset (y). Planned peak: <b>" +
      std::to_string(peak) + "</b> bytes of tensors; the whole arena is " + std::to_string(f.arena.total) + " bytes (" +
      std::to_string(f.arena.persistent) + " persistent).</p>";
  const double sx = static_cast<double>(kW - kLeft - 10) / nodes;
  const double sy = peak == 0 ? 0 : static_cast<double>(kH - kTop - kBottom) / static_cast<double>(peak);
  s += "<svg class=\"memory\" width=\"" + std::to_string(kW) + "\" height=\"" + std::to_string(kH) +
       "\" xmlns=\"http://www.w3.org/2000/svg\">";
  s += "<line class=\"axis\" x1=\"" + std::to_string(kLeft) + "\" y1=\"" + std::to_string(kH - kBottom) + "\" x2=\"" +
       std::to_string(kW - 10) + "\" y2=\"" + std::to_string(kH - kBottom) + "\"/>";
  s += "<text x=\"" + std::to_string(kLeft) + "\" y=\"" + std::to_string(kH - 8) + "\">node 0</text>";
  s += "<text x=\"" + std::to_string(kW - 80) + "\" y=\"" + std::to_string(kH - 8) + "\">node " +
       std::to_string(nodes - 1) + "</text>";
  for (const TensorSpan& t : r.tensors) {
    const double x = kLeft + t.first * sx, w = std::max(2.0, (t.last - t.first + 1) * sx - 1);
    const double h = std::max(1.0, t.bytes * sy), y = kH - kBottom - (t.offset + t.bytes) * sy;
    s += "<rect class=\"tensor\" data-tensor=\"" + std::to_string(t.index) + "\" x=\"" + Num(x, "%.1f") + "\" y=\"" +
         Num(y, "%.1f") + "\" width=\"" + Num(w, "%.1f") + "\" height=\"" + Num(h, "%.1f") + "\" fill=\"" +
         OpColour(t.name) + "\"><title>tensor " + std::to_string(t.index) + " '" + Html(t.name) +
         "': " + std::to_string(t.bytes) + " bytes at offset " + std::to_string(t.offset) + ", nodes " +
         std::to_string(t.first) + "-" + std::to_string(t.last) + "</title></rect>";
  }
  const int peak_y = kTop;
  s += "<line id=\"peak\" x1=\"" + std::to_string(kLeft) + "\" y1=\"" + std::to_string(peak_y) + "\" x2=\"" +
       std::to_string(kW - 10) + "\" y2=\"" + std::to_string(peak_y) + "\"/>";
  s += "<text class=\"peak\" x=\"4\" y=\"" + std::to_string(peak_y + 4) + "\">peak " + std::to_string(peak) +
       "</text><text x=\"4\" y=\"" + std::to_string(kH - kBottom) + "\">0</text>";
  return s + "</svg></section>";
}

std::string TimeSection(const InspectFacts& f, const RuntimeFacts& r) {
  std::string s = "<section id=\"time\"><h2>Time per node</h2>";
  if (r.node_us.empty()) return s + "<p>No profile (the model did not run, or profiling was off).</p></section>";
  double total = 0, longest = 0;
  for (double v : r.node_us) {
    total += v;
    longest = std::max(longest, v);
  }
  s += "<p>Mean over " + std::to_string(r.profile_runs) +
       " Invokes on zero inputs (after 3 warm-ups): " + Num(total, "%.1f") +
       " &micro;s in the nodes.</p><table class=\"times\">";
  for (size_t i = 0; i < r.node_us.size() && i < f.nodes.size(); ++i) {
    const double pct = longest > 0 ? 100.0 * r.node_us[i] / longest : 0;
    s += "<tr><td>#" + std::to_string(f.nodes[i].index) + " " + Html(f.nodes[i].op) + "</td><td class=\"bar\">" +
         "<div class=\"timebar\" style=\"width:" + Num(pct, "%.1f") + "%;background:" + OpColour(f.nodes[i].op) +
         "\"></div></td><td class=\"num\">" + Num(r.node_us[i], "%.2f") + " &micro;s</td></tr>";
  }
  return s + "</table></section>";
}

std::string OpsSection(const InspectFacts& f) {
  std::string s = "<section id=\"ops\"><h2>Ops</h2><p>" +
                  std::string(f.supported ? "This build runs the model." : "This build cannot run the model.") +
                  "</p><table class=\"ops\"><tr><th>op</th><th>version</th><th>nodes</th><th>this build</th></tr>";
  for (const OperatorFacts& op : f.operators) {
    if (op.count == 0) continue;  // unused or duplicate operator-code entries
    s += std::string("<tr class=\"") + (op.implemented ? "have" : "lack") + "\"><td>" + Html(op.name) + "</td><td>" +
         std::to_string(op.version) + "</td><td>" + std::to_string(op.count) + "</td><td>" + Html(OperatorStatus(op)) +
         "</td></tr>";
  }
  s += "</table>";
  for (const std::string& p : f.problems) s += "<p class=\"problem\">" + Html(p) + "</p>";
  return s + "</section>";
}

std::string ResolverSection(const std::string& header, const std::string& error) {
  std::string s = "<section id=\"resolver-section\"><h2>Resolver</h2>";
  if (header.empty()) return s + "<p class=\"problem\">No resolver: the model " + Html(error) + "</p></section>";
  return s + "<p>What <code>mote gen-resolver</code> writes: exactly these ops, nothing else linked in.</p>" +
         "<pre id=\"resolver\">" + Html(header) + "</pre></section>";
}

constexpr const char kStyle[] =
    "body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#222;max-width:1100px}"
    "h1{font-size:22px}h2{font-size:18px;border-bottom:1px solid #ddd;margin-top:28px}"
    "svg text{font:12px monospace}.op{font-weight:bold}.variant{fill:#444}"
    ".edge{stroke:#888;fill:none;stroke-width:1.5}.axis{stroke:#666}"
    "#peak{stroke:#d00;stroke-dasharray:6 4;stroke-width:2}.peak{fill:#d00}"
    ".tensor{stroke:#333;stroke-width:.5;opacity:.85}.tensor:hover,.node.hi rect{stroke:#000;stroke-width:2}"
    "table{border-collapse:collapse}td,th{padding:2px 8px;text-align:left}.times td.bar{width:500px}"
    ".timebar{height:12px;border:1px solid #888}.num{text-align:right;font-family:monospace}"
    ".lack td{color:#b00;font-weight:bold}.problem{color:#b00}pre{background:#f6f6f6;padding:10px;overflow:auto}";

// Clicking a node highlights every node of the same op; `data-rendered` tells a test the script ran.
constexpr const char kScript[] =
    "document.querySelectorAll('g.node').forEach(function(g){g.addEventListener('click',function(){"
    "var op=g.getAttribute('data-op');document.querySelectorAll('g.node').forEach(function(o){"
    "o.classList.toggle('hi',o.getAttribute('data-op')===op);});});});"
    "document.body.setAttribute('data-rendered','yes');";

}  // namespace

bool BuildModelReport(const std::string& model_name, const AlignedBuffer& model, const ReportOptions& options,
                      std::string* html, std::string* error) {
  InspectFacts facts;
  std::vector<std::string> errors;
  if (!InspectModel(model_name, model, &facts, &errors)) {
    *error = "is not a valid model";
    for (const std::string& e : errors) *error += "\n" + e;
    return false;
  }
  RuntimeFacts runtime;
  if (facts.supported) CollectRuntime(model, options, &runtime);
  std::string header, resolver_error;
  GenerateResolverHeader(schema::GetModel(model.data()), model_name, model.size(), "RegisterModelOps", &header,
                         &resolver_error);
  std::string& h = *html;
  h = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>mote report: " + Html(model_name) +
      "</title><style>" + kStyle + "</style></head><body>";
  h += "<h1>mote report: " + Html(model_name) + "</h1><p id=\"summary\">" + std::to_string(facts.model_bytes) +
       " bytes, " + std::to_string(facts.nodes.size()) + " nodes, arena " + std::to_string(facts.arena.total) +
       " bytes" + (facts.description.empty() ? "" : " &middot; " + Html(facts.description)) + "</p>";
  h += GraphSection(facts, runtime) + MemorySection(facts, runtime) + TimeSection(facts, runtime) + OpsSection(facts) +
       ResolverSection(header, resolver_error);
  h += std::string("<script>") + kScript + "</script></body></html>\n";
  return true;
}

}  // namespace host
}  // namespace mote
