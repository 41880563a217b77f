// MicroInterpreter: runs a model with a resolver and one caller-provided arena (DESIGN §2, §5).
//
//   alignas(16) static uint8_t arena[20 * 1024];
//   mote::MicroMutableOpResolver<2> resolver;  resolver.AddFullyConnected();  resolver.AddAdd();
//   mote::MicroInterpreter interpreter(model_data, model_size, resolver, arena, sizeof(arena));
//   if (interpreter.AllocateTensors() != kTfLiteOk) { ...message already logged... }
//   interpreter.input(0)->data.int8[0] = 42;
//   interpreter.Invoke();
//
// Lifecycle: construction verifies the model and resolves every operator code (a miss is reported here and
//   fails AllocateTensors); AllocateTensors parses options, runs init then prepare once per node in
//   execution-plan order and plans memory; Invoke runs invoke once per node (no allocation, no validation);
//   Reset runs reset per node and clears variable tensors; the destructor runs free per node.
//   Models with several subgraphs (IF, WHILE, CALL_ONCE): init, prepare, reset and free run for every node of
//   every subgraph, subgraph 0 first (TFLM's order); Invoke runs subgraph 0, whose control-flow nodes run the
//   others (mote/micro_graph.h). Load refuses recursion through control flow and nesting deeper than
//   kMaxSubgraphNesting; messages about a node outside subgraph 0 name its subgraph ("Subgraph 1 node 3 (ADD)
//   failed to prepare with status 1").
//
// Arena map (16-byte aligned, caller-owned, never freed by mote):
//
//   arena                                                                     arena + size
//   |<- planned: activations + scratch (reused by lifetime) ->| free |<- persistent (grows down) ->|
//                 during AllocateTensors also: temp tensors, scratch requests, planner working set
//
// arena_used_bytes() = the most the two ends ever held at once (the planned end in use + persistent bytes; a
// prepare-time temporary may lie where later persistent memory goes): an arena of exactly that size works, 16
// bytes less fails with the number needed.
#ifndef MOTE_MICRO_INTERPRETER_H_
#define MOTE_MICRO_INTERPRETER_H_

#include <cstddef>
#include <cstdint>

#include "mote/c/common.h"
#include "mote/micro_resource_variable.h"
#include "mote/micro_profiler.h"
#include "mote/op_resolver.h"
#include "mote/schema/schema_generated.h"

namespace mote {

class InterpreterCore;  // src/interpreter: the graph, context and allocator behind this facade

// Per-node facts for tools (`mote inspect`, `mote run --profile`).
struct NodeInfo {
  int index;                  // node index (original operator index, or a delegate node's index)
  int32_t builtin_code;       // BuiltinOperator, or BuiltinOperator_CUSTOM / BuiltinOperator_DELEGATE
  const char* op_name;        // "CONV_2D", a custom name, or the delegate kernel's name
  const char* variant;        // kernel variant chosen in prepare ("conv_2d/int8/reference")
  const TfLiteIntArray* replaced_nodes;  // for delegate kernels: the original nodes; else nullptr
};

// Arena use by category, valid after AllocateTensors.
struct ArenaReport {
  size_t total;        // == arena_used_bytes()
  size_t planned;      // total - persistent: the room the low end needs (activations + scratch, prepare-time temps)
  size_t activations;  // planned bytes of tensors alone
  size_t scratch;      // sum of scratch buffer requests
  size_t persistent;   // persistent allocations (interpreter structures, kernel user data, params)
  size_t prepacked = 0;  // of persistent: weights kernels repacked in prepare (SetWeightPrepacking)
};

// One buffer of the memory plan (`mote inspect --memory`): a planned tensor or a kernel's scratch buffer.
// Positions are plan positions (subgraph 0's execution plan; with several subgraphs, the planning timeline
// of docs/memory.md), inclusive.
struct PlannedBufferInfo {
  int32_t subgraph;   // the tensor's subgraph, or -1 for a scratch buffer
  int32_t index;      // tensor index in that subgraph, or the scratch buffer's index
  uint32_t bytes;
  uint32_t offset;    // from the arena base
  int32_t first_use;
  int32_t last_use;
  int32_t overwrites;  // in-place execution: the tensor (same subgraph) whose bytes this one takes, or -1
};

// Receives the memory plan once, during AllocateTensors (after planning, before any tensor data is written).
// For tools: the interpreter keeps no copy, so a firmware that sets none pays one pointer.
class MemoryPlanObserver {
 public:
  virtual void OnPlannedBuffer(const PlannedBufferInfo& buffer) = 0;
  // After the buffers: the placement order that won ("largest first", TFLM's, or "longest first", "largest area
  // first", "earliest first": docs/memory.md), the planned region it gives and the one largest-first gives.
  virtual void OnPlacement(const char* /*order*/, size_t /*region_bytes*/, size_t /*largest_first_bytes*/) {}
  // Operator reordering (docs/memory.md): whether the nodes run in another order than the model's, the planned
  // region the model's order gives, whether the order was searched and the search finished, and the peaks of
  // live bytes (the search's measure) of the model order and of the order found.
  virtual void OnOrder(bool /*reordered*/, size_t /*model_order_bytes*/, bool /*searched*/, bool /*exact*/,
                       size_t /*model_peak*/, size_t /*peak*/) {}

 protected:
  ~MemoryPlanObserver() = default;  // not virtual: no deleting destructor, so no operator delete on bare metal
};

// Persistent arena use by kind (TFLM's RecordingMicroAllocator categories; every other persistent
// allocation — index arrays, scratch tables, constant copies, delegate records — is kOther).
enum class PersistentCategory : int {
  kEvalTensors,        // the TfLiteEvalTensor array
  kTensorViews,        // persistent TfLiteTensor views (interpreter inputs/outputs)
  kQuantization,       // TfLiteAffineQuantization records
  kKernelBuffers,      // AllocatePersistentBuffer calls of kernels
  kVariableTensors,    // variable tensor data
  kNodes,              // the node records (node, registration, op data pointers)
  kBuiltinOptions,     // parsed builtin options (TFLM's "Operator runtime data")
  kOther,
  kCount,
};
struct PersistentUse {
  size_t requested_bytes;
  size_t used_bytes;  // including alignment padding
  size_t count;       // allocations; elements for the tensor and node arrays
};

// MOTE_WEIGHT_PREPACKING (CMake option, 0/1) overrides the default: on, except on Cortex-M builds.
#if defined(MOTE_WEIGHT_PREPACKING)
constexpr bool kWeightPrepackingDefault = MOTE_WEIGHT_PREPACKING != 0;
#elif defined(__arm__) && defined(__ARM_ARCH_PROFILE) && __ARM_ARCH_PROFILE == 'M'
constexpr bool kWeightPrepackingDefault = false;
#else
constexpr bool kWeightPrepackingDefault = true;
#endif

class MicroInterpreter {
 public:
  // Verifies model_size bytes at model_data (FlatBuffers verifier + semantic validation): the form to use
  // for models you do not trust.
  // resource_variables: the table VAR_HANDLE nodes take their variables from (mote/micro_resource_variable.h);
  // nullptr makes one in the arena, sized for the model's VAR_HANDLE nodes.
  MicroInterpreter(const void* model_data, size_t model_size, const MicroOpResolver& resolver,
                   uint8_t* arena, size_t arena_size, MicroResourceVariables* resource_variables = nullptr);
  // TFLM's form: `model` from GetModel(data) without a size. mote still validates indices, sizes and
  // shapes, but cannot bound FlatBuffer offsets without the size. A profiler gets an event per node invoke
  // (mote/micro_profiler.h); it uses the node hook, so SetNodeHook replaces it.
  MicroInterpreter(const schema::Model* model, const MicroOpResolver& resolver, uint8_t* arena,
                   size_t arena_size, MicroResourceVariables* resource_variables = nullptr,
                   MicroProfilerInterface* profiler = nullptr);
  ~MicroInterpreter();
  MicroInterpreter(const MicroInterpreter&) = delete;
  MicroInterpreter& operator=(const MicroInterpreter&) = delete;

  TfLiteStatus AllocateTensors();
  TfLiteStatus Invoke();
  // TFLM's Reset(): every node's reset, variable tensors back to their zero point (int8) or 0, resource
  // variables back to their default. A CALL_ONCE's init subgraph does not run again (TFLM's CALL_ONCE has no
  // reset).
  TfLiteStatus Reset();

  // mote: bounds each WHILE node to `limit` iterations per invoke (0, the default, is unbounded: TFLM runs a
  // loop as long as its condition holds). A WHILE reaching the limit fails the invoke with a message naming it.
  void SetMaxLoopIterations(uint32_t limit);

  // Delegates (DESIGN §6); call after construction and before or after AllocateTensors.
  TfLiteStatus ModifyGraphWithDelegate(TfLiteDelegate* delegate);

  size_t inputs_size() const;
  size_t outputs_size() const;
  TfLiteTensor* input(size_t index);
  TfLiteTensor* output(size_t index);
  template <typename T>
  T* typed_input_tensor(int index) {
    TfLiteTensor* t = input(static_cast<size_t>(index));
    return t == nullptr ? nullptr : reinterpret_cast<T*>(t->data.raw);
  }
  template <typename T>
  T* typed_output_tensor(int index) {
    TfLiteTensor* t = output(static_cast<size_t>(index));
    return t == nullptr ? nullptr : reinterpret_cast<T*>(t->data.raw);
  }

  size_t tensors_size() const;
  TfLiteEvalTensor* GetEvalTensor(int tensor_index);  // subgraph 0; nullptr when out of range

  size_t arena_used_bytes() const;
  ArenaReport arena_report() const;
  // Persistent use of one category, recorded since construction (exact: arena bytes before and after).
  PersistentUse persistent_use(PersistentCategory category) const;
  TfLiteStatus initialization_status() const;

  size_t operators_size() const;       // nodes in subgraph 0's execution plan
  NodeInfo node_info(size_t plan_position) const;
  // Logs, through the MicroPrintf sink, one line per node in plan order: "Node 3 (CONV_2D): conv_2d/int8/avx2-1x1"
  // — so a firmware log shows whether each node got the kernel variant it was built for.
  void LogKernelVariants() const;
  // Calls hook(user, plan_position) after each node's invoke during the next Invoke()s (profiling); nullptr
  // to stop. The hook must not allocate on targets that forbid it.
  using NodeHook = void (*)(void* user, size_t plan_position, bool after);
  void SetNodeHook(NodeHook hook, void* user);

  // Shows the memory plan to `observer` during the next AllocateTensors (nullptr: none, the default).
  void SetMemoryPlanObserver(MemoryPlanObserver* observer);
  // mote: in-place execution (docs/memory.md): a node's output may take the bytes of an input whose lifetime
  // ends there, where its kernel declares it safe. On by default; call before AllocateTensors to turn it off
  // (outputs are the same either way; only the arena size differs).
  void SetInPlaceExecution(bool enabled);
  // mote: operator reordering (docs/memory.md): on a single-subgraph model without a delegate or offline plan,
  // the nodes may run in another order the data allows when it needs a smaller arena; stateful, control-flow
  // and custom ops keep their relative order. On by default; call before AllocateTensors to turn it off
  // (outputs are the same either way).
  void SetOperatorReordering(bool enabled);
  // mote: weight prepacking: kernels whose variant wants its constant weights in another layout (x86 int8
  // CONV_2D) repack them once, in prepare, into persistent arena memory, instead of on every invoke; costs
  // ArenaReport::prepacked bytes of arena. Default kWeightPrepackingDefault (on for hosts, off for Cortex-M,
  // build option MOTE_WEIGHT_PREPACKING); call before AllocateTensors (outputs are the same either way).
  void SetWeightPrepacking(bool enabled);

  InterpreterCore* core() { return core_; }

 private:
  void Construct(const schema::Model* model, const void* data, size_t size, const MicroOpResolver& resolver,
                 uint8_t* arena, size_t arena_size, MicroResourceVariables* resource_variables);
  bool usable() const { return core_ != nullptr && init_status_ == kTfLiteOk; }
  static void ProfileNode(void* user, size_t plan_position, bool after);
  // The graph/context/allocator state lives here, in the interpreter object (as TFLM keeps its graph and
  // context in MicroInterpreter), not in the arena. Size checked by a static_assert in the implementation.
  static constexpr size_t kCoreStorageBytes = 1024;
  alignas(16) unsigned char core_storage_[kCoreStorageBytes];
  InterpreterCore* core_ = nullptr;  // placement-constructed in core_storage_
  TfLiteStatus init_status_ = kTfLiteError;
  MicroProfilerInterface* profiler_ = nullptr;
  uint32_t profiler_event_ = 0;
};

// Verifies a model; nullptr (reason logged) when it is malformed. Equivalent to the checks the size-taking
// MicroInterpreter constructor runs.
const schema::Model* GetVerifiedModel(const void* data, size_t size);

}  // namespace mote

#endif  // MOTE_MICRO_INTERPRETER_H_
