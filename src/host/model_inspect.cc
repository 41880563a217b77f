#include "mote/host/model_inspect.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "mote/micro_log.h"
#include "mote/model_verifier.h"
#include "mote/op_resolver.h"

namespace mote {
namespace host {
namespace {

// Collects every message mote logs while inspecting (verifier and interpreter diagnostics).
void CaptureLog(void* user, const char* message) { static_cast<std::vector<std::string>*>(user)->push_back(message); }

std::string FbString(const flatbuffers::String* s) { return s == nullptr ? std::string() : s->str(); }

TensorFacts DescribeSchemaTensor(const schema::SubGraph* subgraph, int32_t index) {
  TensorFacts f;
  const schema::Tensor* t = subgraph->tensors()->Get(static_cast<flatbuffers::uoffset_t>(index));
  f.name = FbString(t->name());
  f.dtype = TensorTypeName(t->type());
  if (t->shape() != nullptr) f.shape.assign(t->shape()->begin(), t->shape()->end());
  const schema::QuantizationParameters* q = t->quantization();
  if (q != nullptr && q->scale() != nullptr && q->scale()->size() > 0) {
    // Per-channel tensors report their first channel; model inputs and outputs are per-tensor in practice.
    f.has_quantization = true;
    f.scale = q->scale()->Get(0);
    f.zero_point = q->zero_point() != nullptr && q->zero_point()->size() > 0 ? q->zero_point()->Get(0) : 0;
  }
  return f;
}

bool IsFlexOp(const std::string& name) { return name.compare(0, 4, "Flex") == 0; }

void CollectModelFacts(const schema::Model* model, InspectFacts* facts) {
  facts->description = FbString(model->description());
  const auto* codes = model->operator_codes();
  const size_t code_count = codes == nullptr ? 0 : codes->size();
  facts->operators.resize(code_count);
  for (size_t i = 0; i < code_count; ++i) {
    const schema::OperatorCode* c = codes->Get(static_cast<flatbuffers::uoffset_t>(i));
    OperatorFacts& op = facts->operators[i];
    op.code = GetBuiltinCode(c);
    op.version = c->version();
    op.custom = op.code == schema::BuiltinOperator_CUSTOM;
    if (op.custom) {
      op.name = FbString(c->custom_code());
      op.flex = IsFlexOp(op.name);
      op.implemented = CustomOpTableAddMethodName(op.name.c_str()) != nullptr;  // a custom kernel mote ships
    } else {
      op.name = BuiltinOperatorName(op.code);
      const int max_version = OpTableMaxVersion(op.code);
      op.implemented = max_version > 0 && op.version <= max_version;
    }
  }
  const auto* subgraphs = model->subgraphs();
  for (flatbuffers::uoffset_t s = 0; s < subgraphs->size(); ++s) {
    const schema::SubGraph* sg = subgraphs->Get(s);
    SubgraphFacts sf;
    sf.name = FbString(sg->name());
    sf.tensors = sg->tensors() == nullptr ? 0 : sg->tensors()->size();
    sf.operators = sg->operators() == nullptr ? 0 : sg->operators()->size();
    for (size_t k = 0; k < sf.operators; ++k) {
      const uint32_t index = sg->operators()->Get(static_cast<flatbuffers::uoffset_t>(k))->opcode_index();
      if (index < facts->operators.size()) ++facts->operators[index].count;
    }
    facts->subgraphs.push_back(sf);
  }
  const schema::SubGraph* main = subgraphs->Get(0);
  facts->tensors = facts->subgraphs[0].tensors;
  if (main->inputs() != nullptr) {
    for (int32_t index : *main->inputs()) facts->inputs.push_back(DescribeSchemaTensor(main, index));
  }
  if (main->outputs() != nullptr) {
    for (int32_t index : *main->outputs()) facts->outputs.push_back(DescribeSchemaTensor(main, index));
  }
}

class PlanRecorder final : public MemoryPlanObserver {
 public:
  explicit PlanRecorder(MemoryFacts* memory) : memory_(memory) {}
  void OnPlannedBuffer(const PlannedBufferInfo& b) override {
    PlannedBufferFacts f;
    f.subgraph = b.subgraph;
    f.index = b.index;
    f.bytes = b.bytes;
    f.offset = b.offset;
    f.first_use = b.first_use;
    f.last_use = b.last_use;
    f.overwrites = b.overwrites;
    memory_->buffers.push_back(f);
  }
  void OnPlacement(const char* order, size_t /*region_bytes*/, size_t largest_first_bytes) override {
    memory_->placement = order;
    memory_->largest_first_bytes = largest_first_bytes;
  }
  void OnOrder(bool reordered, size_t model_order_bytes, bool searched, bool exact, size_t model_peak,
               size_t peak) override {
    memory_->reordered = reordered;
    memory_->model_order_bytes = model_order_bytes;
    memory_->order_exact = exact;
    memory_->order_searched = searched;
    memory_->model_order_peak = model_peak;
    memory_->order_peak = peak;
  }

 private:
  MemoryFacts* memory_;
};

void NameBuffers(const schema::Model* model, MemoryFacts* memory) {
  for (PlannedBufferFacts& b : memory->buffers) {
    if (b.subgraph < 0) continue;
    const schema::SubGraph* sg = model->subgraphs()->Get(static_cast<flatbuffers::uoffset_t>(b.subgraph));
    b.name = FbString(sg->tensors()->Get(static_cast<flatbuffers::uoffset_t>(b.index))->name());
  }
}

// Runs the model through a real interpreter: the only honest answer to "does this build run it, how, and in
// how many bytes".
void CollectRuntimeFacts(const AlignedBuffer& model, std::vector<std::string>* log, InspectFacts* facts) {
  static AllOpsResolver resolver;
  AlignedBuffer arena(kInspectArenaBytes);
  log->clear();
  MicroInterpreter interpreter(model.data(), model.size(), resolver, arena.data(), arena.size());
  PlanRecorder recorder(&facts->memory);
  interpreter.SetMemoryPlanObserver(&recorder);
  facts->supported = interpreter.initialization_status() == kTfLiteOk && interpreter.AllocateTensors() == kTfLiteOk;
  if (!facts->supported) {
    facts->problems = *log;
    if (facts->problems.empty()) facts->problems.push_back("AllocateTensors() failed without a message");
    facts->memory = MemoryFacts{};
    return;
  }
  for (size_t i = 0; i < interpreter.operators_size(); ++i) facts->memory.order.push_back(interpreter.node_info(i).index);
  for (size_t i = 0; i < interpreter.operators_size(); ++i) {
    const NodeInfo info = interpreter.node_info(i);
    facts->nodes.push_back(
        {info.index, info.op_name == nullptr ? "" : info.op_name, info.variant == nullptr ? "" : info.variant});
  }
  facts->arena = interpreter.arena_report();
  int32_t last = 0;
  for (const PlannedBufferFacts& b : facts->memory.buffers) last = b.last_use > last ? b.last_use : last;
  facts->memory.positions = std::max<int32_t>(static_cast<int32_t>(facts->nodes.size()), last + 1);
  NameBuffers(schema::GetModel(model.data()), &facts->memory);
  SummarizeMemory(&facts->memory);
  MicroInterpreter without(model.data(), model.size(), resolver, arena.data(), arena.size());
  without.SetInPlaceExecution(false);
  if (without.AllocateTensors() == kTfLiteOk) facts->memory.arena_bytes_without_in_place = without.arena_used_bytes();
  MicroInterpreter model_order(model.data(), model.size(), resolver, arena.data(), arena.size());
  model_order.SetOperatorReordering(false);
  if (model_order.AllocateTensors() == kTfLiteOk) facts->memory.arena_bytes_without_reorder = model_order.arena_used_bytes();
  MicroInterpreter unpacked(model.data(), model.size(), resolver, arena.data(), arena.size());
  unpacked.SetWeightPrepacking(false);
  if (unpacked.AllocateTensors() == kTfLiteOk) facts->arena_bytes_without_prepacking = unpacked.arena_used_bytes();
}

// Length of the well-formed UTF-8 sequence starting at s[i], or 0 when the bytes there are not one.
size_t Utf8SequenceLength(const std::string& s, size_t i) {
  const unsigned char c = static_cast<unsigned char>(s[i]);
  const size_t n = (c >= 0xc2 && c <= 0xdf) ? 2 : (c >= 0xe0 && c <= 0xef) ? 3 : (c >= 0xf0 && c <= 0xf4) ? 4 : 0;
  if (n == 0) return 0;
  uint32_t cp = c & (0x7f >> n);
  if (i + n > s.size()) return 0;
  for (size_t k = 1; k < n; ++k) {
    const unsigned char cc = static_cast<unsigned char>(s[i + k]);
    if ((cc & 0xc0) != 0x80) return 0;
    cp = (cp << 6) | (cc & 0x3f);
  }
  // Overlong forms, surrogates and code points past U+10FFFF are not UTF-8.
  const uint32_t min_cp = n == 2 ? 0x80 : n == 3 ? 0x800 : 0x10000;
  if (cp < min_cp || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return 0;
  return n;
}

}  // namespace

// A JSON string literal. Model strings are arbitrary bytes: well-formed UTF-8 passes through, any other byte
// becomes U+FFFD, so the output is always valid JSON.
std::string JsonString(const std::string& s) {
  std::string out = "\"";
  for (size_t i = 0; i < s.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\b':
        out += "\\b";
        break;
      case '\f':
        out += "\\f";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (c < 0x20 || c == 0x7f) {
          char buf[8];
          std::snprintf(buf, sizeof(buf), "\\u%04x", c);
          out += buf;
        } else if (c >= 0x80) {
          const size_t n = Utf8SequenceLength(s, i);
          if (n == 0) {
            out += "\\ufffd";
          } else {
            out.append(s, i, n);
            i += n - 1;
          }
        } else {
          out += static_cast<char>(c);
        }
    }
  }
  return out + "\"";
}

void SummarizeMemory(MemoryFacts* m) {
  m->planned_bytes = 0;
  m->in_place_tensors = 0;
  m->in_place_bytes = 0;
  for (const PlannedBufferFacts& b : m->buffers) {
    m->planned_bytes = std::max<size_t>(m->planned_bytes, static_cast<size_t>(b.offset) + b.bytes);
    if (b.overwrites >= 0) {
      ++m->in_place_tensors;
      m->in_place_bytes += b.bytes;
    }
  }
  // Tensors placed in place share their input's buffer: the same offset and lifetime, counted once (two
  // buffers live at once never share an offset otherwise).
  auto shared_at = [m](size_t i) {
    const PlannedBufferFacts& b = m->buffers[i];
    for (size_t j = 0; j < i; ++j) {
      const PlannedBufferFacts& u = m->buffers[j];
      if (u.bytes > 0 && u.offset == b.offset && u.first_use == b.first_use && u.last_use == b.last_use) return true;
    }
    return false;
  };
  m->peak_position = -1;
  m->max_live_bytes = 0;
  m->max_live_position = -1;
  for (int32_t p = 0; p < m->positions; ++p) {
    size_t live = 0;
    bool at_peak = false;
    for (size_t i = 0; i < m->buffers.size(); ++i) {
      const PlannedBufferFacts& b = m->buffers[i];
      if (b.first_use > p || b.last_use < p) continue;
      if (!shared_at(i)) live += b.bytes;
      if (b.bytes > 0 && static_cast<size_t>(b.offset) + b.bytes == m->planned_bytes) at_peak = true;
    }
    if (at_peak && m->peak_position < 0) {
      m->peak_position = p;
      m->peak_live_bytes = live;
    }
    if (live > m->max_live_bytes) {
      m->max_live_bytes = live;
      m->max_live_position = p;
    }
  }
}

std::string JsonNumber(double v) {
  if (!std::isfinite(v)) return "null";  // JSON has no NaN/Infinity
  char buf[32];
  std::snprintf(buf, sizeof(buf), "%.9g", v);
  return buf;
}

namespace {

std::string JsonTensor(const TensorFacts& t) {
  std::string s = "{\"name\": " + JsonString(t.name) + ", \"dtype\": " + JsonString(t.dtype) + ", \"shape\": [";
  for (size_t i = 0; i < t.shape.size(); ++i) s += (i > 0 ? ", " : "") + std::to_string(t.shape[i]);
  s += "], \"scale\": " + (t.has_quantization ? JsonNumber(t.scale) : std::string("null"));
  s += ", \"zero_point\": " + (t.has_quantization ? std::to_string(t.zero_point) : std::string("null")) + "}";
  return s;
}

std::string JsonInts(const std::vector<int32_t>& values) {  // one line: [3, 0, 1]
  std::string s = "[";
  for (size_t i = 0; i < values.size(); ++i) s += (i > 0 ? ", " : "") + std::to_string(values[i]);
  return s + "]";
}

template <typename T, typename F>
std::string JsonList(const std::vector<T>& items, F item_to_json, const char* indent) {
  if (items.empty()) return "[]";
  std::string s = "[\n";
  for (size_t i = 0; i < items.size(); ++i) {
    s += indent;
    s += "  " + item_to_json(items[i]) + (i + 1 < items.size() ? ",\n" : "\n");
  }
  return s + indent + "]";
}

std::string JsonPosition(const InspectFacts& f, int32_t position) {
  if (position < 0) return "null";
  // With one subgraph a plan position is a node of `nodes`; on a timeline (several subgraphs) it is not.
  if (f.subgraphs.size() != 1 || static_cast<size_t>(position) >= f.nodes.size()) return "null";
  return std::to_string(f.nodes[static_cast<size_t>(position)].index);
}

std::string JsonMemory(const InspectFacts& f) {
  const MemoryFacts& m = f.memory;
  std::string s = "{\"positions\": " + std::to_string(m.positions) +
                  ", \"planned_bytes\": " + std::to_string(m.planned_bytes) +
                  ", \"peak_position\": " + (m.peak_position < 0 ? "null" : std::to_string(m.peak_position)) +
                  ", \"peak_node\": " + JsonPosition(f, m.peak_position) +
                  ", \"peak_live_bytes\": " + std::to_string(m.peak_live_bytes) +
                  ", \"max_live_bytes\": " + std::to_string(m.max_live_bytes) +
                  ", \"max_live_position\": " +
                  (m.max_live_position < 0 ? "null" : std::to_string(m.max_live_position)) +
                  ", \"placement\": " + JsonString(m.placement) +
                  ", \"largest_first_bytes\": " + std::to_string(m.largest_first_bytes) +
                  ", \"in_place\": {\"tensors\": " + std::to_string(m.in_place_tensors) +
                  ", \"bytes\": " + std::to_string(m.in_place_bytes) + ", \"arena_bytes_without\": " +
                  std::to_string(m.arena_bytes_without_in_place) + "},\n";
  s += std::string("    \"reorder\": {\"reordered\": ") + (m.reordered ? "true" : "false") +
       ", \"order\": " + JsonInts(m.order) +
       ", \"model_order_planned_bytes\": " + std::to_string(m.model_order_bytes) +
       ", \"model_order_peak\": " + std::to_string(m.model_order_peak) +
       ", \"order_peak\": " + std::to_string(m.order_peak) + ", \"searched\": " + (m.order_searched ? "true" : "false") + ", \"exact\": " + (m.order_exact ? "true" : "false") +
       ", \"arena_bytes_without\": " + std::to_string(m.arena_bytes_without_reorder) + "},\n";
  s += "    \"buffers\": " +
       JsonList(
           m.buffers,
           [](const PlannedBufferFacts& b) {
             return std::string("{\"kind\": ") + (b.subgraph < 0 ? "\"scratch\"" : "\"tensor\"") +
                    ", \"subgraph\": " + (b.subgraph < 0 ? "null" : std::to_string(b.subgraph)) +
                    ", \"index\": " + std::to_string(b.index) + ", \"name\": " + JsonString(b.name) +
                    ", \"bytes\": " + std::to_string(b.bytes) + ", \"offset\": " + std::to_string(b.offset) +
                    ", \"first\": " + std::to_string(b.first_use) + ", \"last\": " + std::to_string(b.last_use) +
                    ", \"overwrites\": " + (b.overwrites < 0 ? "null" : std::to_string(b.overwrites)) + "}";
           },
           "    ") +
       "}";
  return s;
}

}  // namespace

std::string InspectJson(const InspectFacts& f) {
  std::vector<OperatorFacts> custom;
  for (const OperatorFacts& op : f.operators) {
    if (op.custom) custom.push_back(op);
  }
  std::string s = "{\n";
  s += "  \"model\": " + JsonString(f.model) + ",\n";
  s += "  \"model_bytes\": " + std::to_string(f.model_bytes) + ",\n";
  s += "  \"description\": " + JsonString(f.description) + ",\n";
  s += "  \"subgraphs\": " +
       JsonList(
           f.subgraphs,
           [](const SubgraphFacts& sg) {
             return "{\"name\": " + JsonString(sg.name) + ", \"tensors\": " + std::to_string(sg.tensors) +
                    ", \"operators\": " + std::to_string(sg.operators) + "}";
           },
           "  ") +
       ",\n";
  s += "  \"operators\": " +
       JsonList(
           f.operators,
           [](const OperatorFacts& op) {
             return "{\"name\": " + JsonString(op.name) + ", \"code\": " + std::to_string(op.code) +
                    ", \"version\": " + std::to_string(op.version) + ", \"count\": " + std::to_string(op.count) +
                    ", \"custom\": " + (op.custom ? "true" : "false") +
                    ", \"implemented\": " + (op.implemented ? "true" : "false") + "}";
           },
           "  ") +
       ",\n";
  s += "  \"custom_ops\": " +
       JsonList(
           custom,
           [](const OperatorFacts& op) {
             return "{\"name\": " + JsonString(op.name) + ", \"version\": " + std::to_string(op.version) +
                    ", \"count\": " + std::to_string(op.count) +
                    ", \"tensorflow_op\": " + (op.flex ? "true" : "false") + "}";
           },
           "  ") +
       ",\n";
  s += "  \"inputs\": " + JsonList(f.inputs, JsonTensor, "  ") + ",\n";
  s += "  \"outputs\": " + JsonList(f.outputs, JsonTensor, "  ") + ",\n";
  s += "  \"tensors\": " + std::to_string(f.tensors) + ",\n";
  s += "  \"nodes\": " +
       JsonList(
           f.nodes,
           [](const NodeFacts& n) {
             return "{\"index\": " + std::to_string(n.index) + ", \"op\": " + JsonString(n.op) +
                    ", \"variant\": " + JsonString(n.variant) + "}";
           },
           "  ") +
       ",\n";
  s += "  \"arena_bytes\": " + (f.supported ? std::to_string(f.arena.total) : std::string("null")) + ",\n";
  s += "  \"arena\": {\"total\": " + std::to_string(f.arena.total) +
       ", \"planned\": " + std::to_string(f.arena.planned) +
       ", \"activations\": " + std::to_string(f.arena.activations) +
       ", \"scratch\": " + std::to_string(f.arena.scratch) + ", \"persistent\": " + std::to_string(f.arena.persistent) +
       ", \"prepacked\": " + std::to_string(f.arena.prepacked) +
       ", \"without_prepacking\": " + std::to_string(f.arena_bytes_without_prepacking) + "},\n";
  s += "  \"memory\": " + JsonMemory(f) + ",\n";
  s += std::string("  \"supported\": ") + (f.supported ? "true" : "false") + ",\n";
  s += "  \"problems\": " + JsonList(f.problems, JsonString, "  ") + "\n";
  s += "}\n";
  return s;
}

std::string ShapeText(const std::vector<int32_t>& shape) {
  std::string s = "[";
  for (size_t i = 0; i < shape.size(); ++i) {
    if (i > 0) s += ", ";
    s += std::to_string(shape[i]);
  }
  return s + "]";
}

const char* OperatorStatus(const OperatorFacts& op) {
  return op.flex                          ? "TensorFlow op, unsupported"
         : op.custom && op.implemented    ? "implemented (custom)"
         : op.custom                      ? "custom op (register it with AddCustom)"
         : op.implemented                 ? "implemented"
         : OpTableMaxVersion(op.code) > 0 ? "version not implemented"
                                          : "not implemented";
}

bool InspectModel(const std::string& model_name, const AlignedBuffer& model, InspectFacts* facts,
                  std::vector<std::string>* errors) {
  facts->model = model_name;
  facts->model_bytes = model.size();
  std::vector<std::string> log;
  SetLogSink(CaptureLog, &log);
  if (VerifyModel(model.data(), model.size()) != kTfLiteOk) {
    SetLogSink(nullptr, nullptr);
    *errors = log;
    return false;
  }
  CollectModelFacts(schema::GetModel(model.data()), facts);
  CollectRuntimeFacts(model, &log, facts);
  SetLogSink(nullptr, nullptr);
  return true;
}

}  // namespace host
}  // namespace mote
