// InterpreterCore: the graph, the kernel context and the allocator behind mote::MicroInterpreter.
//
// It lives in the arena's persistent end (placement-constructed), owns nothing on the heap, and is the
// MicroContext every kernel talks to. Phases (DESIGN §2) are tracked so that each context call is only
// honoured when the contract allows it.
//
// One class, one file per seam (as TFLM separates graph, allocator and context):
//   interpreter_core.cc      construction, persistent memory and its diagnostics, Invoke/Reset/free, inputs,
//                            outputs, the arena report
//   graph_builder.cc         Load: subgraph structures, operator codes resolved, builtin options parsed
//   delegate_partitioner.cc  ModifyGraphWithDelegate: node subsets replaced by delegate kernels
//   tensor_allocation.cc     AllocateTensors: variables, init, prepare, persistent tables, then the memory plan
//                            (memory/memory_planner.h, over a view of the execution plan) applied to tensors
//   kernel_context.cc        the MicroContext calls and the TfLiteContext thunks that forward to them
//   subgraph_calls.cc        control flow: the call graph checked at load (no recursion, bounded nesting), the
//                            timeline every subgraph is planned on, MicroGraph (InvokeSubgraph...)
#ifndef MOTE_INTERPRETER_INTERPRETER_CORE_H_
#define MOTE_INTERPRETER_INTERPRETER_CORE_H_

#include <cstddef>
#include <cstdint>

#include "memory/arena.h"
#include "memory/memory_planner.h"
#include "mote/c/common.h"
#include "mote/micro_context.h"
#include "mote/micro_graph.h"
#include "mote/micro_resource_variable.h"
#include "mote/micro_interpreter.h"
#include "mote/op_resolver.h"
#include "mote/schema/schema_generated.h"

namespace mote {

// One per node, in the arena for the interpreter's lifetime: 36 bytes on a 32-bit core, 72 on a 64-bit one
// (TFLM's node and registration pointer take 32 and 64; the other word is the variant id). The operator code
// is the registration's (the resolver stores each registration with its code, delegate kernels have
// BuiltinOperator_DELEGATE), and which delegate kernel took a node is kept apart (SubgraphState::taken_by),
// so that models without delegates pay nothing for it.
struct NodeRecord {
  TfLiteNode node;
  const TfLiteRegistration* registration;  // nullptr only while Load() resolves the operator codes
  const char* variant;                     // chosen in prepare, or the registration's default

  // schema::BuiltinOperator of the node (its registration's), BuiltinOperator_CUSTOM before resolution.
  int32_t builtin_code() const {
    return registration != nullptr ? registration->builtin_code : schema::BuiltinOperator_CUSTOM;
  }
  // Builtin name, custom name, or the delegate kernel's name (derived, not stored: arena bytes per node).
  const char* op_name() const {
    const int32_t code = builtin_code();
    if (code == schema::BuiltinOperator_CUSTOM || code == schema::BuiltinOperator_DELEGATE) {
      if (registration != nullptr && registration->custom_name != nullptr) return registration->custom_name;
      return code == schema::BuiltinOperator_CUSTOM ? "CUSTOM" : "DELEGATE";
    }
    return BuiltinOperatorName(code);
  }
  // For a delegate kernel, the execution-plan nodes it replaced (its TfLiteDelegateParams); else nullptr.
  const TfLiteIntArray* replaced_nodes() const {
    return builtin_code() == schema::BuiltinOperator_DELEGATE && node.builtin_data != nullptr
               ? static_cast<const TfLiteDelegateParams*>(node.builtin_data)->nodes_to_replace
               : nullptr;
  }
};

struct SubgraphState {
  const schema::SubGraph* subgraph;
  int32_t tensors_size;
  TfLiteEvalTensor* eval_tensors;
  int32_t nodes_size;          // model operators: node indices [0, nodes_size)
  NodeRecord* nodes;
  int32_t delegate_nodes_size;  // delegate kernels: node indices [nodes_size, nodes_size + delegate_nodes_size)
  NodeRecord* delegate_nodes;   // capacity nodes_size (each delegate kernel replaces at least one model node)
  // Per model node, the delegate kernel node that replaced it or -1 (graphs of at most kMaxDelegatedGraphNodes
  // nodes are delegated); allocated with delegate_nodes, nullptr while no delegate ran.
  int16_t* taken_by;
  // Node indices in execution order (capacity nodes_size); nullptr while the order is the model's own (no
  // delegate has asked for it): the plan is then [0, nodes_size) and costs no arena bytes.
  TfLiteIntArray* plan;
  // Operator reordering (memory/operator_order.h): model node indices in the order the planner chose
  // (persistent, 2 bytes a node), or nullptr for the model's order. Only without a delegate (plan nullptr).
  const int16_t* order;
  // Models with several subgraphs plan them on one timeline (subgraph_calls.cc): the subgraph's first tensor's
  // index in it, each plan position's timeline position (nullptr: identity, the single-subgraph case), and the
  // timeline interval [timeline_first, timeline_last] its first expansion occupies (-1 before it is placed).
  int32_t tensor_base;
  int32_t* positions;
  int32_t timeline_first;
  int32_t timeline_last;

  int32_t position(int32_t plan_position) const {
    return positions != nullptr ? positions[plan_position] : plan_position;
  }
  int32_t node_count() const { return nodes_size + delegate_nodes_size; }
  int32_t plan_size() const { return plan != nullptr ? plan->size : nodes_size; }
  int32_t plan_node(int32_t position) const {
    return plan != nullptr ? plan->data[position] : order != nullptr ? order[position] : position;
  }
  NodeRecord& node(int32_t index) { return index < nodes_size ? nodes[index] : delegate_nodes[index - nodes_size]; }
  const NodeRecord& node(int32_t index) const {
    return index < nodes_size ? nodes[index] : delegate_nodes[index - nodes_size];
  }
};

// Scratch requests one node's prepare may make (TFLM's kMaxScratchBuffersPerOp is 12).
constexpr int32_t kMaxScratchRequestsPerNode = 12;
// Nodes of a graph ModifyGraphWithDelegate accepts (model nodes and delegate kernels are int16 indices).
constexpr int32_t kMaxDelegatedGraphNodes = 16383;
// Scratch buffers per model (indices fit the int16 kernels store).
constexpr int32_t kMaxScratchBuffers = 32767;

struct PartitionWork;  // ReplaceNodeSubsets' working arrays (delegate_partitioner.cc)

// One position of the multi-subgraph timeline (subgraph_calls.cc).
struct TimelineEntry {
  enum Kind : int16_t { kNode, kCallExit, kRevisit };
  int16_t subgraph;
  Kind kind;
  int32_t value;  // kNode, kCallExit: plan position in `subgraph`; kRevisit: the subgraph called again
};

// Subgraphs a node's builtin options name (IF: then, else; WHILE: cond, body; CALL_ONCE: init): their count
// (0..2), indices in `out` unchecked.
int CalledSubgraphs(const schema::Operator* op, int32_t builtin_code, int32_t out[2]);

class InterpreterCore final : public MicroContext, public MicroGraph {
 public:
  InterpreterCore(const schema::Model* model, const uint8_t* model_base, size_t model_size,
                  const MicroOpResolver& resolver, Arena* arena, MicroResourceVariables* resource_variables);

  // Called once after construction: builds subgraph structures, resolves operator codes.
  TfLiteStatus Load();
  TfLiteStatus AllocateTensors();
  TfLiteStatus Invoke();
  TfLiteStatus Reset();
  void FreeNodes();
  TfLiteStatus ModifyGraphWithDelegate(TfLiteDelegate* delegate);

  bool allocated() const { return phase_ == Phase::kReady; }
  const SubgraphState& primary() const { return primary_; }
  SubgraphState& primary() { return primary_; }
  SubgraphState& subgraph(int32_t index) { return index == 0 ? primary_ : secondary_[index - 1]; }
  const SubgraphState& subgraph(int32_t index) const { return index == 0 ? primary_ : secondary_[index - 1]; }
  TfLiteTensor* input(size_t i);
  TfLiteTensor* output(size_t i);
  size_t inputs_size() const;
  size_t outputs_size() const;
  ArenaReport arena_report() const;
  PersistentUse persistent_use(PersistentCategory category) const {
    return recorded_[static_cast<int>(category)];
  }
  const Arena& arena() const { return *arena_; }  // host API: tells an exhausted arena from other failures
  void SetNodeHook(MicroInterpreter::NodeHook hook, void* user) {
    hook_ = hook;
    hook_user_ = user;
  }
  void SetMaxLoopIterations(uint32_t limit) { max_loop_iterations_ = limit; }
  void SetMemoryPlanObserver(MemoryPlanObserver* observer) { plan_observer_ = observer; }
  void SetInPlaceExecution(bool enabled) { in_place_enabled_ = enabled; }
  void SetOperatorReordering(bool enabled) { reorder_enabled_ = enabled; }
  void SetWeightPrepacking(bool enabled) { prepack_enabled_ = enabled; }
  int32_t subgraphs_size() const { return subgraphs_size_; }

  // MicroContext
  void* AllocatePersistentBuffer(size_t bytes) override;
  TfLiteStatus RequestScratchBufferInArena(size_t bytes, int* buffer_idx) override;
  void* GetScratchBuffer(int buffer_idx) override;
  TfLiteTensor* AllocateTempTfLiteTensor(int tensor_idx) override;
  void DeallocateTempTfLiteTensor(TfLiteTensor* tensor) override;
  uint8_t* AllocateTempBuffer(size_t size, size_t alignment) override;
  void DeallocateTempBuffer(uint8_t* buffer) override;
  TfLiteEvalTensor* GetEvalTensor(int tensor_idx) override;
  void ReportKernelVariant(const char* variant) override;
  void AllowOutputToOverwriteInput(int input_index) override;
  TfLiteStatus RequestInPlaceScratchBuffer(size_t bytes, int* buffer_idx) override;
  bool WeightPrepacking() override { return prepack_enabled_; }
  void* AllocatePrepackedWeights(size_t bytes) override;
  MicroGraph& graph() override { return *this; }

  // MicroGraph
  TfLiteStatus InvokeSubgraph(int subgraph_idx) override;
  int NumSubgraphs() override { return subgraphs_size_; }
  size_t NumSubgraphInputs(int subgraph_idx) override;
  size_t NumSubgraphOutputs(int subgraph_idx) override;
  TfLiteEvalTensor* GetSubgraphInput(int subgraph_idx, int input_idx) override;
  TfLiteEvalTensor* GetSubgraphOutput(int subgraph_idx, int output_idx) override;
  MicroResourceVariables* GetResourceVariables() override { return resource_variables_; }
  uint32_t max_loop_iterations() const override { return max_loop_iterations_; }

  TfLiteContext* context() { return &context_; }
  // Persistent arena memory; a refusal prints what it was for and how much the arena would need, and fails
  // the current AllocateTensors().
  void* AllocatePersistentOrReport(size_t bytes, size_t alignment, const char* what);

 private:
  enum class Phase { kLoaded, kDelegating, kInit, kPrepare, kPlanning, kReady, kInvoke, kFailed };

  TfLiteStatus BuildSubgraph(int index);
  TfLiteStatus ParseOptions();
  TfLiteStatus ParseSubgraphOptions(int32_t s, BuiltinDataAllocator* allocator);
  // Control flow (subgraph_calls.cc).
  TfLiteStatus CheckSubgraphCalls();  // load: every call in range, no recursion, nesting bounded
  TfLiteStatus CreateResourceVariables();  // load: the table, when the model has VAR_HANDLEs and none was given
  TfLiteStatus BuildTimeline();       // AllocateTensors: positions of every subgraph's nodes (several subgraphs)
  int32_t EmitTimeline(int32_t root, int32_t count);  // one DFS from root; fills timeline_ when it is allocated
  int32_t CalledSubgraphsOf(int32_t s, int32_t plan_position, int32_t out[2]) const;
  TfLiteStatus InvokeNodes(int32_t s);
  static void LogNodeStatus(int32_t s, int32_t index, const char* op, const char* what, TfLiteStatus status);
  TfLiteStatus ReplaceNodeSubsets(const TfLiteRegistration& registration, const TfLiteIntArray* nodes_to_replace,
                                  TfLiteDelegate* delegate);
  // ReplaceNodeSubsets' steps (delegate_partitioner.cc): the plan re-emitted level by level, then each
  // delegated level's connected components turned into delegate kernels.
  TfLiteStatus RebuildPlan(const TfLiteRegistration& registration, TfLiteDelegate* delegate, PartitionWork* work);
  TfLiteStatus EmitDelegatedLevel(const TfLiteRegistration& registration, TfLiteDelegate* delegate, int32_t level_size,
                                  PartitionWork* work, int32_t* new_size);
  void DropDelegateKernelsFrom(int32_t first);  // forgets delegate kernels [first, ...); their nodes are free to take
  TfLiteStatus AddDelegateKernel(const TfLiteRegistration& registration, TfLiteDelegate* delegate,
                                 const int32_t* members, int32_t member_count, int32_t* new_index);
  TfLiteStatus ResolveOperators();
  TfLiteStatus MaterializePlan();  // allocates primary().plan (the identity order) if it is still implicit
  // AllocateTensors' steps, in order (tensor_allocation.cc).
  TfLiteStatus AllocateVariableTensors();
  TfLiteStatus InitNodes();
  TfLiteStatus PrepareNodes();
  TfLiteStatus PrepareNode(int32_t s, int32_t p);
  TfLiteStatus KeepInPlaceDeclaration(int32_t node);  // pending_in_place_ into in_place_inputs_[node]
  TfLiteStatus AllocateTensorTables();  // scratch offset table, input and output tensors
  TfLiteStatus PlanMemory();            // plans and points every non-constant tensor and scratch buffer
  void ShowPlan(const MemoryPlan& plan) const;  // every planned buffer to plan_observer_
  TfLiteStatus FillTensor(int tensor_index, TfLiteTensor* out, bool persistent);
  TfLiteStatus ResetVariableTensors();
  TfLiteIntArray* AllocateIntArray(int size, bool persistent);
  void ReportArenaTooSmall(size_t needed_at_least, bool exact);
  // Overlay (prepare-time) bytes; on failure says "Tensor arena too small" before returning nullptr.
  uint8_t* AllocateOverlayOrReport(size_t bytes, size_t alignment);

  static TfLiteStatus GetExecutionPlanThunk(TfLiteContext* context, TfLiteIntArray** plan);
  static TfLiteStatus GetNodeAndRegistrationThunk(TfLiteContext* context, int node_index, TfLiteNode** node,
                                                  TfLiteRegistration** registration);
  static TfLiteStatus ReplaceNodeSubsetsThunk(TfLiteContext* context, TfLiteRegistration registration,
                                              const TfLiteIntArray* nodes_to_replace, TfLiteDelegate* delegate);
  static void ReportErrorThunk(TfLiteContext* context, const char* format, ...);
  static void* AllocatePersistentBufferThunk(TfLiteContext* context, size_t bytes);
  static TfLiteStatus RequestScratchBufferThunk(TfLiteContext* context, size_t bytes, int* buffer_idx);
  static void* GetScratchBufferThunk(TfLiteContext* context, int buffer_idx);
  static TfLiteTensor* GetTensorThunk(const TfLiteContext* context, int tensor_idx);
  static TfLiteEvalTensor* GetEvalTensorThunk(const TfLiteContext* context, int tensor_idx);
  static InterpreterCore* From(const TfLiteContext* context);

  const schema::Model* model_;
  const uint8_t* model_base_;
  size_t model_size_;
  const MicroOpResolver& resolver_;
  Arena* arena_;
  TfLiteContext context_;
  Phase phase_ = Phase::kLoaded;

  int32_t subgraphs_size_ = 0;
  SubgraphState primary_{};                 // subgraph 0 (the one that runs) lives here, not in the arena
  SubgraphState* secondary_ = nullptr;      // subgraphs 1.. (arena)
  // The subgraph whose tensors GetEvalTensor/AllocateTempTfLiteTensor index: the one being initialised,
  // prepared or invoked (InvokeSubgraph switches it and restores it).
  int32_t current_subgraph_ = 0;
  int32_t invoke_depth_ = 0;
  // Several subgraphs only (persistent): the planning timeline and every subgraph's tensor count summed.
  TimelineEntry* timeline_ = nullptr;
  int32_t timeline_size_ = 0;
  int32_t total_tensors_ = 0;
  MicroResourceVariables* resource_variables_;
  uint32_t max_loop_iterations_ = 0;

  // Prepare-time bookkeeping.
  int32_t current_plan_position_ = -1;
  NodeRecord* current_node_ = nullptr;
  ScratchRequest* scratch_requests_ = nullptr;  // overlay during prepare: every finished node's requests
  int32_t scratch_count_ = 0;
  // The node being prepared keeps its requests here (not in the arena) until its prepare returns; then they
  // are appended to scratch_requests_, and the next node's temp allocations start right after them.
  ScratchRequest pending_scratch_[kMaxScratchRequestsPerNode];
  int32_t pending_scratch_count_ = 0;
  // Persistent after planning: each scratch buffer's offset from the arena base (4 bytes, not a pointer's 8).
  uint32_t* scratch_offsets_ = nullptr;
  size_t scratch_bytes_ = 0;
  size_t activation_bytes_ = 0;
  size_t planned_bytes_ = 0;
  // In-place execution (single-subgraph models): per model node of subgraph 0, the inputs its kernel said
  // output 0 may overwrite (bit i: input i). Prepare-time only: at the overlay's base, before the scratch
  // requests (declarations_bytes_ of it), made when the first node declares and read by the planner, whose
  // plan then takes those bytes; no persistent memory. The node being prepared keeps its bits in
  // pending_in_place_ until its prepare returns (its temps sit where the array would grow).
  uint8_t* in_place_inputs_ = nullptr;
  size_t declarations_bytes_ = 0;
  uint8_t pending_in_place_ = 0;
  bool in_place_enabled_ = true;
  bool reorder_enabled_ = true;
  bool prepack_enabled_ = kWeightPrepackingDefault;
  size_t prepacked_bytes_ = 0;  // AllocatePrepackedWeights, as requested
  // Persistent allocations refused so far. A kernel's init or prepare that met one fails AllocateTensors even
  // if the kernel ignores the nullptr (init has no status: prepare would dereference a null user_data).
  int32_t persistent_failures_ = 0;
  PersistentUse recorded_[static_cast<int>(PersistentCategory::kCount)] = {};
  // Nodes (subgraph by subgraph, in plan order) [0, initialized_nodes_) ran init: their free runs when the
  // interpreter goes.
  int32_t initialized_nodes_ = 0;

  TfLiteTensor* input_tensors_ = nullptr;   // persistent, filled after planning
  TfLiteTensor* output_tensors_ = nullptr;

  MicroInterpreter::NodeHook hook_ = nullptr;
  MemoryPlanObserver* plan_observer_ = nullptr;
  void* hook_user_ = nullptr;
  // The most recent temp tensor and the overlay it spans (with its quantization), so that deallocating it
  // while it is still the topmost allocation gives its memory back (a kernel that walks many inputs one at a
  // time then needs one temp tensor's room, not all of them).
  TfLiteTensor* last_temp_ = nullptr;
  size_t last_temp_start_ = 0;
  size_t last_temp_end_ = 0;
};

}  // namespace mote

#endif  // MOTE_INTERPRETER_INTERPRETER_CORE_H_
