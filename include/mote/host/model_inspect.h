// What `mote inspect` reports about a model: the facts of the FlatBuffer (after VerifyModel accepted it) and what
// this build does with it (a real MicroInterpreter over AllOpsResolver and a 64 MiB arena: kernel variant per node,
// arena bytes by category). A model the interpreter refuses is still described; the refusal messages become
// `problems`. Shared by `mote inspect`, `mote report` and the Python package, so they cannot disagree.
// The JSON form is documented in docs/inspect-json.md.
//
// HOST ONLY (mote_host): allocates freely.
#ifndef MOTE_HOST_MODEL_INSPECT_H_
#define MOTE_HOST_MODEL_INSPECT_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "mote/host/file_io.h"
#include "mote/micro_interpreter.h"

namespace mote {
namespace host {

constexpr size_t kInspectArenaBytes = 64u << 20;

struct TensorFacts {
  std::string name;
  std::string dtype;
  std::vector<int32_t> shape;
  bool has_quantization = false;
  double scale = 0.0;
  int64_t zero_point = 0;
};

struct SubgraphFacts {
  std::string name;
  size_t tensors = 0;
  size_t operators = 0;
};

struct OperatorFacts {
  std::string name;  // builtin name, or the custom op's name
  int32_t code = 0;  // builtin code (32 = CUSTOM)
  int32_t version = 1;
  size_t count = 0;  // nodes using this operator code, over all subgraphs
  bool custom = false;
  bool flex = false;         // a TensorFlow op (custom "Flex..."), which no micro runtime runs
  bool implemented = false;  // this build has a kernel for this code and version
};

struct NodeFacts {
  int index;
  std::string op;
  std::string variant;
};

// One buffer of the memory plan: a planned tensor or a scratch buffer (subgraph -1).
struct PlannedBufferFacts {
  int32_t subgraph = 0;
  int32_t index = 0;  // tensor index in its subgraph, or scratch buffer index
  std::string name;   // the tensor's name ("" for scratch)
  uint32_t bytes = 0;
  uint32_t offset = 0;
  int32_t first_use = 0;  // plan positions, inclusive
  int32_t last_use = 0;
  int32_t overwrites = -1;  // in-place execution: the tensor (same subgraph) whose bytes this one takes
};

// The memory plan AllocateTensors made (docs/inspect-json.md, "memory").
struct MemoryFacts {
  std::vector<PlannedBufferFacts> buffers;  // tensors by (subgraph, index), then scratch buffers
  int32_t positions = 0;      // plan positions (nodes of subgraph 0, or the timeline's length)
  size_t planned_bytes = 0;   // the highest buffer end: the planned region after prepare's temporaries
  int32_t peak_position = -1; // first position where a live buffer ends at planned_bytes
  size_t peak_live_bytes = 0; // bytes of the buffers live at peak_position
  // The largest sum of live bytes at one position, and the first position with it: no placement of these
  // buffers in this execution order needs fewer than max_live_bytes.
  size_t max_live_bytes = 0;
  int32_t max_live_position = -1;
  // In-place execution: tensors placed on top of an input, their bytes, and the arena the same interpreter
  // needs with it turned off (MicroInterpreter::SetInPlaceExecution(false)), measured by a second run.
  std::string placement;              // the placement order that won (docs/memory.md)
  size_t largest_first_bytes = 0;     // the planned region in TFLM's largest-first order
  int32_t in_place_tensors = 0;
  size_t in_place_bytes = 0;
  size_t arena_bytes_without_in_place = 0;
  // Operator reordering: whether the nodes run in another order (`order`: model node per plan position), the
  // planned region the model order gives, the search's peaks of live bytes, and the arena without it.
  bool reordered = false;
  bool order_exact = false;
  bool order_searched = false;  // false: the model is not reorderable or the search's working set did not fit
  std::vector<int32_t> order;
  size_t model_order_bytes = 0;
  size_t model_order_peak = 0;
  size_t order_peak = 0;
  size_t arena_bytes_without_reorder = 0;
};

struct InspectFacts {
  std::string model;
  size_t model_bytes = 0;
  std::string description;
  std::vector<SubgraphFacts> subgraphs;
  std::vector<OperatorFacts> operators;
  std::vector<TensorFacts> inputs;
  std::vector<TensorFacts> outputs;
  size_t tensors = 0;
  std::vector<NodeFacts> nodes;
  bool supported = false;
  ArenaReport arena = {0, 0, 0, 0, 0};
  size_t arena_bytes_without_prepacking = 0;  // the same interpreter with SetWeightPrepacking(false)
  MemoryFacts memory;  // empty when not supported
  std::vector<std::string> problems;
};

// Verifies `model` and collects its facts; `model_name` is what the report calls it (a path). False, with the
// verifier's messages in *errors, when the bytes are not a valid model. Captures mote's log while it runs.
bool InspectModel(const std::string& model_name, const AlignedBuffer& model, InspectFacts* facts,
                  std::vector<std::string>* errors);

// Figures of a plan from its buffers (positions and buffers set): planned_bytes, the peak, max_live_bytes.
void SummarizeMemory(MemoryFacts* memory);

// The `mote inspect --json` document (ends with a newline).
std::string InspectJson(const InspectFacts& facts);

// What `mote inspect` says about an operator code in this build ("implemented", "not implemented"...).
const char* OperatorStatus(const OperatorFacts& op);

// A JSON string literal: well-formed UTF-8 passes through, any other byte becomes U+FFFD.
std::string JsonString(const std::string& s);
// A JSON number (%.9g), null when not finite.
std::string JsonNumber(double v);
// "[1, 96, 96, 3]"
std::string ShapeText(const std::vector<int32_t>& shape);

}  // namespace host
}  // namespace mote

#endif  // MOTE_HOST_MODEL_INSPECT_H_
