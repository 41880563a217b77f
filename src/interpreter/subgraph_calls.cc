// Control flow between subgraphs: the call graph IF/WHILE/CALL_ONCE options describe, checked at load (every
// index in range, no recursion, nesting at most kMaxSubgraphNesting) with explicit bounded stacks, so that no
// model can drive recursion here; the timeline all subgraphs are planned on; the resource-variable table; and
// MicroGraph, through which control-flow kernels invoke subgraphs.
//
// Timeline (models with several subgraphs): subgraph 0's plan, where each control-flow node expands into
//   [the node] [each called subgraph's timeline, the first time it is called] [the node again]
// and a subgraph called again (from a second node) is a "revisit" position that keeps all its tensors (and those
// of the subgraphs it calls) alive there. The node's own tensors and its callees' inputs and outputs are used at
// both ends of its interval, so they live across it: the kernel copies straight between them while the callees'
// other tensors share memory with everything not live at the same time (TFLM plans each subgraph apart and
// copies through intermediate buffers instead). Subgraphs no call reaches are appended after subgraph 0's plan.
#include <cstring>
#include <new>

#include "interpreter/interpreter_core.h"
#include "mote/micro_log.h"
#include "mote/model_verifier.h"

namespace mote {
namespace {

// "Node number 3 (IF)" for subgraph 0 (TFLM's wording), "Subgraph 1 node 3 (IF)" for the others.
class NodeLabel {
 public:
  NodeLabel(int32_t s, int32_t node, const char* op) {
    if (s == 0) {
      Append("Node number ");
    } else {
      Append("Subgraph ");
      AppendInt(s);
      Append(" node ");
    }
    AppendInt(node);
    Append(" (");
    Append(op);
    Append(")");
  }
  const char* c_str() const { return text_; }

 private:
  void Append(const char* s) {
    while (*s != '\0' && length_ + 1 < sizeof(text_)) text_[length_++] = *s++;
    text_[length_] = '\0';
  }
  void AppendInt(int32_t v) {
    char digits[12];
    int n = 0;
    uint32_t u = static_cast<uint32_t>(v);
    do {
      digits[n++] = static_cast<char>('0' + u % 10);
      u /= 10;
    } while (u != 0);
    while (n > 0 && length_ + 1 < sizeof(text_)) text_[length_++] = digits[--n];
    text_[length_] = '\0';
  }
  char text_[80] = {};
  size_t length_ = 0;
};

int32_t OperatorCodeOf(const schema::Model* model, const schema::Operator* op) {
  return GetBuiltinCode(model->operator_codes()->Get(op->opcode_index()));
}

// Load-time DFS frame: the subgraph, the node being looked at, its next callee, the deepest nesting below.
struct CallFrame {
  int32_t s;
  int32_t node;
  int32_t k;
  int32_t height_below;
};

constexpr uint8_t kUnvisited = 0;
constexpr uint8_t kOnStack = 1;
constexpr uint8_t kDone = 2;

NodeLabel LabelOf(const schema::Model* model, const CallFrame& f) {
  const schema::Operator* op = model->subgraphs()->Get(f.s)->operators()->Get(f.node);
  return NodeLabel(f.s, f.node, BuiltinOperatorName(OperatorCodeOf(model, op)));
}

// One DFS from `root` over the call graph. state[s] / height[s] (subgraphs on the longest chain from s down,
// s included) persist across roots, so each subgraph is explored once.
TfLiteStatus CheckCallsFrom(const schema::Model* model, int32_t root, uint8_t* state, uint8_t* height) {
  const int32_t n = static_cast<int32_t>(model->subgraphs()->size());
  CallFrame stack[kMaxSubgraphNesting];
  int depth = 0;
  stack[depth++] = CallFrame{root, 0, 0, 0};
  state[root] = kOnStack;
  while (depth > 0) {
    CallFrame& f = stack[depth - 1];
    const auto* ops = model->subgraphs()->Get(f.s)->operators();
    if (ops == nullptr || f.node == static_cast<int32_t>(ops->size())) {
      state[f.s] = kDone;
      height[f.s] = static_cast<uint8_t>(1 + f.height_below);
      --depth;
      if (depth > 0 && stack[depth - 1].height_below < height[f.s]) stack[depth - 1].height_below = height[f.s];
      continue;
    }
    const schema::Operator* op = ops->Get(f.node);
    int32_t callees[2];
    const int count = CalledSubgraphs(op, OperatorCodeOf(model, op), callees);
    if (f.k >= count) {
      ++f.node;
      f.k = 0;
      continue;
    }
    const int32_t c = callees[f.k++];
    if (c < 0 || c >= n) {
      MicroPrintf("%s calls subgraph %d, but the model has %d subgraphs.", LabelOf(model, f).c_str(),
                  static_cast<int>(c), static_cast<int>(n));
      return kTfLiteError;
    }
    if (state[c] == kOnStack) {
      MicroPrintf("%s calls subgraph %d, which is already running: the model recurses through control flow, "
                  "which mote refuses.",
                  LabelOf(model, f).c_str(), static_cast<int>(c));
      return kTfLiteError;
    }
    const int32_t below = state[c] == kDone ? height[c] : 1;
    if (depth + below > kMaxSubgraphNesting) {
      MicroPrintf("%s calls subgraph %d: control flow nests more than %d subgraphs deep, which mote refuses.",
                  LabelOf(model, f).c_str(), static_cast<int>(c), kMaxSubgraphNesting);
      return kTfLiteError;
    }
    if (state[c] == kDone) {
      if (f.height_below < height[c]) f.height_below = height[c];
      continue;
    }
    state[c] = kOnStack;
    stack[depth++] = CallFrame{c, 0, 0, 0};
  }
  return kTfLiteOk;
}

}  // namespace

int CalledSubgraphs(const schema::Operator* op, int32_t builtin_code, int32_t out[2]) {
  // Absent options read as index 0, as TFLM's parsers leave them: a call of subgraph 0, refused as recursion.
  switch (builtin_code) {
    case schema::BuiltinOperator_IF: {
      const auto* o = op->builtin_options_as_IfOptions();
      out[0] = o != nullptr ? o->then_subgraph_index() : 0;
      out[1] = o != nullptr ? o->else_subgraph_index() : 0;
      return 2;
    }
    case schema::BuiltinOperator_WHILE: {
      const auto* o = op->builtin_options_as_WhileOptions();
      out[0] = o != nullptr ? o->cond_subgraph_index() : 0;
      out[1] = o != nullptr ? o->body_subgraph_index() : 0;
      return 2;
    }
    case schema::BuiltinOperator_CALL_ONCE: {
      const auto* o = op->builtin_options_as_CallOnceOptions();
      out[0] = o != nullptr ? o->init_subgraph_index() : 0;
      return 1;
    }
    default:
      return 0;
  }
}

TfLiteStatus InterpreterCore::CheckSubgraphCalls() {
  const int32_t n = subgraphs_size_;
  if (n > 32767) {
    MicroPrintf("The model has %d subgraphs: mote supports at most 32767.", static_cast<int>(n));
    return kTfLiteError;
  }
  uint8_t* state = arena_->AllocateOverlay(2 * static_cast<size_t>(n), 1);
  if (state == nullptr) {
    ReportArenaTooSmall(arena_->used_bytes(), false);
    return kTfLiteError;
  }
  std::memset(state, 0, 2 * static_cast<size_t>(n));
  TfLiteStatus status = kTfLiteOk;
  for (int32_t root = 0; root < n && status == kTfLiteOk; ++root) {
    if (state[root] == kUnvisited) status = CheckCallsFrom(model_, root, state, state + n);
  }
  arena_->ResetOverlay(0);
  return status;
}

TfLiteStatus InterpreterCore::CreateResourceVariables() {
  if (resource_variables_ != nullptr) return kTfLiteOk;
  int32_t handles = 0;
  for (int32_t s = 0; s < subgraphs_size_; ++s) {
    const SubgraphState& sg = subgraph(s);
    for (int32_t n = 0; n < sg.nodes_size; ++n) handles += sg.nodes[n].builtin_code() == schema::BuiltinOperator_VAR_HANDLE;
  }
  if (handles == 0) return kTfLiteOk;
  void* object = AllocatePersistentOrReport(sizeof(MicroResourceVariables), alignof(MicroResourceVariables),
                                            "the resource variable table");
  void* table = AllocatePersistentOrReport(sizeof(MicroResourceVariable) * static_cast<size_t>(handles),
                                           alignof(MicroResourceVariable), "the resource variable table");
  if (object == nullptr || table == nullptr) return kTfLiteError;
  resource_variables_ = new (object) MicroResourceVariables(static_cast<MicroResourceVariable*>(table), handles);
  return kTfLiteOk;
}

int32_t InterpreterCore::CalledSubgraphsOf(int32_t s, int32_t plan_position, int32_t out[2]) const {
  const SubgraphState& sg = s == 0 ? primary_ : secondary_[s - 1];
  const int32_t node = sg.plan_node(plan_position);
  if (node >= sg.nodes_size) return 0;  // a delegate kernel
  const schema::Operator* op = sg.subgraph->operators()->Get(node);
  return CalledSubgraphs(op, OperatorCodeOf(model_, op), out);
}

int32_t InterpreterCore::EmitTimeline(int32_t root, int32_t count) {
  struct Frame {
    int32_t s;
    int32_t p;
    int32_t k;  // -1: the node's own position is next
  };
  Frame stack[kMaxSubgraphNesting];
  int depth = 0;
  auto emit = [&](int32_t s, TimelineEntry::Kind kind, int32_t value) {
    if (timeline_ != nullptr) timeline_[count] = TimelineEntry{static_cast<int16_t>(s), kind, value};
    return count++;
  };
  subgraph(root).timeline_first = count;
  stack[depth++] = Frame{root, 0, -1};
  while (depth > 0) {
    Frame& f = stack[depth - 1];
    SubgraphState& sg = subgraph(f.s);
    if (f.p == sg.plan_size()) {
      sg.timeline_last = count - 1;
      --depth;
      continue;
    }
    int32_t callees[2];
    const int32_t n = CalledSubgraphsOf(f.s, f.p, callees);
    if (f.k < 0) {
      const int32_t at = emit(f.s, TimelineEntry::kNode, f.p);
      if (timeline_ != nullptr) sg.positions[f.p] = at;
      if (n == 0) ++f.p;
      else f.k = 0;
      continue;
    }
    if (f.k < n) {
      const int32_t c = callees[f.k++];
      SubgraphState& callee = subgraph(c);
      // Placed already (or, impossible after CheckSubgraphCalls, nesting exhausted): keep it alive here.
      if (callee.timeline_first >= 0 || depth == kMaxSubgraphNesting) {
        emit(f.s, TimelineEntry::kRevisit, c);
        continue;
      }
      callee.timeline_first = count;
      stack[depth++] = Frame{c, 0, -1};
      continue;
    }
    emit(f.s, TimelineEntry::kCallExit, f.p);
    ++f.p;
    f.k = -1;
  }
  return count;
}

TfLiteStatus InterpreterCore::BuildTimeline() {
  if (subgraphs_size_ == 1) return kTfLiteOk;  // the plan is subgraph 0's own: no timeline, no arena bytes
  int32_t count = 0;
  for (int32_t s = 0; s < subgraphs_size_; ++s) {
    if (subgraph(s).timeline_first < 0) count = EmitTimeline(s, count);
  }
  timeline_ = static_cast<TimelineEntry*>(AllocatePersistentOrReport(
      sizeof(TimelineEntry) * static_cast<size_t>(count > 0 ? count : 1), alignof(TimelineEntry), "the subgraph timeline"));
  if (timeline_ == nullptr) return kTfLiteError;
  for (int32_t s = 0; s < subgraphs_size_; ++s) {
    SubgraphState& sg = subgraph(s);
    sg.timeline_first = -1;
    sg.positions = static_cast<int32_t*>(AllocatePersistentOrReport(
        sizeof(int32_t) * static_cast<size_t>(sg.plan_size() > 0 ? sg.plan_size() : 1), alignof(int32_t),
        "the subgraph timeline"));
    if (sg.positions == nullptr) return kTfLiteError;
  }
  timeline_size_ = 0;
  for (int32_t s = 0; s < subgraphs_size_; ++s) {
    if (subgraph(s).timeline_first < 0) timeline_size_ = EmitTimeline(s, timeline_size_);
  }
  return kTfLiteOk;
}

// --- MicroGraph --------------------------------------------------------------------------------------------
size_t InterpreterCore::NumSubgraphInputs(int s) {
  if (s < 0 || s >= subgraphs_size_) return 0;
  const auto* v = subgraph(s).subgraph->inputs();
  return v == nullptr ? 0 : v->size();
}

size_t InterpreterCore::NumSubgraphOutputs(int s) {
  if (s < 0 || s >= subgraphs_size_) return 0;
  const auto* v = subgraph(s).subgraph->outputs();
  return v == nullptr ? 0 : v->size();
}

TfLiteEvalTensor* InterpreterCore::GetSubgraphInput(int s, int i) {
  if (i < 0 || static_cast<size_t>(i) >= NumSubgraphInputs(s)) return nullptr;
  SubgraphState& sg = subgraph(s);
  return &sg.eval_tensors[sg.subgraph->inputs()->Get(i)];  // in range: the verifier checked subgraph inputs
}

TfLiteEvalTensor* InterpreterCore::GetSubgraphOutput(int s, int i) {
  if (i < 0 || static_cast<size_t>(i) >= NumSubgraphOutputs(s)) return nullptr;
  SubgraphState& sg = subgraph(s);
  return &sg.eval_tensors[sg.subgraph->outputs()->Get(i)];
}

TfLiteStatus InterpreterCore::InvokeSubgraph(int s) {
  if (phase_ != Phase::kInvoke) {
    MicroPrintf("InvokeSubgraph is only available in invoke.");
    return kTfLiteError;
  }
  if (s < 0 || s >= subgraphs_size_) {
    MicroPrintf("Accessing subgraph %d but only %d subgraphs found", s, static_cast<int>(subgraphs_size_));
    return kTfLiteError;
  }
  // Subgraph 0 plus the nested calls: the load-time check bounds models; this bounds kernels that call
  // subgraphs their options do not name.
  if (invoke_depth_ + 2 > kMaxSubgraphNesting) {
    MicroPrintf("InvokeSubgraph(%d): control flow nests more than %d subgraphs deep.", s, kMaxSubgraphNesting);
    return kTfLiteError;
  }
  ++invoke_depth_;
  const TfLiteStatus status = InvokeNodes(s);
  --invoke_depth_;
  return status;
}

}  // namespace mote
