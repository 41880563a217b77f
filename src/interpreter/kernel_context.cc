// The kernel context: the MicroContext calls kernels make (persistent and scratch memory, temp tensors, eval
// tensors, the variant report), each honoured only in the phases the contract allows, and the TfLiteContext
// thunks that forward the C API's callbacks to them.
#include "interpreter/interpreter_core.h"

#include <cstdarg>
#include <cstddef>

#include "mote/micro_log.h"

namespace mote {

void* InterpreterCore::AllocatePersistentBuffer(size_t bytes) {
  // Also in a delegate's Prepare (kDelegating): a heap-free delegate builds its node list there.
  if (phase_ != Phase::kInit && phase_ != Phase::kPrepare && phase_ != Phase::kLoaded &&
      phase_ != Phase::kDelegating) {
    MicroPrintf("AllocatePersistentBuffer is only available in init and prepare.");
    return nullptr;
  }
  return AllocatePersistentOrReport(bytes, kPersistentBufferAlignment, "a kernel's persistent buffer");
}

void* InterpreterCore::AllocatePrepackedWeights(size_t bytes) {
  void* buffer = AllocatePersistentBuffer(bytes);
  if (buffer != nullptr) prepacked_bytes_ += bytes;
  return buffer;
}

TfLiteStatus InterpreterCore::RequestScratchBufferInArena(size_t bytes, int* buffer_idx) {
  if (phase_ != Phase::kPrepare || current_node_ == nullptr) {
    MicroPrintf("RequestScratchBufferInArena is only available in prepare.");
    return kTfLiteError;
  }
  if (pending_scratch_count_ >= kMaxScratchRequestsPerNode) {
    MicroPrintf("Node %s requested more than %d scratch buffers.", current_node_->op_name(),
                static_cast<int>(kMaxScratchRequestsPerNode));
    return kTfLiteError;
  }
  if (bytes > 0x7fffffffu) {
    MicroPrintf("Node %s requested a scratch buffer of %llu bytes.", current_node_->op_name(),
                static_cast<unsigned long long>(bytes));
    return kTfLiteError;
  }
  // Kernels keep scratch indices as int16 (kernels/dispatch/variant.h's VariantChoice): 32767 buffers per model.
  if (scratch_count_ + pending_scratch_count_ >= kMaxScratchBuffers) {
    MicroPrintf("Node %s: the model requests more than %d scratch buffers.", current_node_->op_name(),
                static_cast<int>(kMaxScratchBuffers));
    return kTfLiteError;
  }
  pending_scratch_[pending_scratch_count_] = ScratchRequest{static_cast<uint32_t>(bytes), current_plan_position_};
  *buffer_idx = scratch_count_ + pending_scratch_count_++;
  return kTfLiteOk;
}

void* InterpreterCore::GetScratchBuffer(int buffer_idx) {
  if (scratch_offsets_ == nullptr || buffer_idx < 0 || buffer_idx >= scratch_count_) return nullptr;
  return arena_->base() + scratch_offsets_[buffer_idx];
}

TfLiteTensor* InterpreterCore::AllocateTempTfLiteTensor(int tensor_idx) {
  SubgraphState& sg = subgraph(current_subgraph_);
  if (tensor_idx < 0 || tensor_idx >= sg.tensors_size) return nullptr;
  const size_t start = arena_->overlay_top();
  auto* t = reinterpret_cast<TfLiteTensor*>(AllocateOverlayOrReport(sizeof(TfLiteTensor), alignof(TfLiteTensor)));
  if (t == nullptr) return nullptr;
  if (FillTensor(tensor_idx, t, false) != kTfLiteOk) return nullptr;
  last_temp_ = t;
  last_temp_start_ = start;
  last_temp_end_ = arena_->overlay_top();
  return t;
}

void InterpreterCore::DeallocateTempTfLiteTensor(TfLiteTensor* tensor) {
  // Temp tensors are released in bulk when the node's prepare returns; the most recent one also right away
  // when nothing was allocated after it.
  if (tensor != nullptr && tensor == last_temp_ && arena_->overlay_top() == last_temp_end_) {
    arena_->ReleaseOverlayTo(last_temp_start_);
  }
  last_temp_ = nullptr;
}

uint8_t* InterpreterCore::AllocateTempBuffer(size_t size, size_t alignment) {
  return AllocateOverlayOrReport(size, alignment);
}

void InterpreterCore::DeallocateTempBuffer(uint8_t*) {}

TfLiteEvalTensor* InterpreterCore::GetEvalTensor(int tensor_idx) {
  SubgraphState& sg = subgraph(current_subgraph_);
  if (tensor_idx < 0 || tensor_idx >= sg.tensors_size) return nullptr;
  return &sg.eval_tensors[tensor_idx];
}

void InterpreterCore::ReportKernelVariant(const char* variant) {
  if (current_node_ != nullptr && variant != nullptr) current_node_->variant = variant;
}

void InterpreterCore::AllowOutputToOverwriteInput(int input_index) {
  // Several subgraphs share one timeline whose positions are not nodes: in place is planned for one subgraph.
  if (phase_ != Phase::kPrepare || current_node_ == nullptr || !in_place_enabled_ || subgraphs_size_ != 1) return;
  if (input_index < 0 || input_index >= kMaxInPlaceInputs || input_index >= current_node_->node.inputs->size) return;
  const SubgraphState& sg = primary();
  const ptrdiff_t node = current_node_ - sg.nodes;
  if (node < 0 || node >= sg.nodes_size) return;  // a delegate kernel's node
  pending_in_place_ = static_cast<uint8_t>(pending_in_place_ | (1u << input_index));  // kept when prepare returns
}

TfLiteStatus InterpreterCore::RequestInPlaceScratchBuffer(size_t bytes, int* buffer_idx) {
  TF_LITE_ENSURE_STATUS(RequestScratchBufferInArena(bytes, buffer_idx));
  pending_scratch_[pending_scratch_count_ - 1].bytes |= kScratchOnlyInPlace;  // sized by the planner's join
  return kTfLiteOk;
}

// --- TfLiteContext thunks ----------------------------------------------------------------------------------
InterpreterCore* InterpreterCore::From(const TfLiteContext* context) {
  return static_cast<InterpreterCore*>(static_cast<MicroContext*>(context->impl_));
}

TfLiteStatus InterpreterCore::GetExecutionPlanThunk(TfLiteContext* context, TfLiteIntArray** plan) {
  InterpreterCore* core = From(context);
  if (core->primary().plan == nullptr && (core->phase_ != Phase::kDelegating || core->MaterializePlan() != kTfLiteOk)) {
    MicroPrintf("GetExecutionPlan is only available to a delegate's Prepare.");
    *plan = nullptr;
    return kTfLiteError;
  }
  *plan = core->primary().plan;
  return kTfLiteOk;
}

TfLiteStatus InterpreterCore::GetNodeAndRegistrationThunk(TfLiteContext* context, int node_index, TfLiteNode** node,
                                                          TfLiteRegistration** registration) {
  SubgraphState& sg = From(context)->primary();
  if (node_index < 0 || node_index >= sg.node_count()) {
    MicroPrintf("GetNodeAndRegistration: node %d does not exist (the graph has %d nodes).", node_index,
                static_cast<int>(sg.node_count()));
    return kTfLiteError;
  }
  *node = &sg.node(node_index).node;
  *registration = const_cast<TfLiteRegistration*>(sg.node(node_index).registration);
  return kTfLiteOk;
}

void InterpreterCore::ReportErrorThunk(TfLiteContext*, const char* format, ...) {
  va_list args;
  va_start(args, format);
  VLog(format, args);
  va_end(args);
}

void* InterpreterCore::AllocatePersistentBufferThunk(TfLiteContext* context, size_t bytes) {
  return From(context)->AllocatePersistentBuffer(bytes);
}
TfLiteStatus InterpreterCore::RequestScratchBufferThunk(TfLiteContext* context, size_t bytes, int* buffer_idx) {
  return From(context)->RequestScratchBufferInArena(bytes, buffer_idx);
}
void* InterpreterCore::GetScratchBufferThunk(TfLiteContext* context, int buffer_idx) {
  return From(context)->GetScratchBuffer(buffer_idx);
}
TfLiteTensor* InterpreterCore::GetTensorThunk(const TfLiteContext* context, int tensor_idx) {
  return From(context)->AllocateTempTfLiteTensor(tensor_idx);
}
TfLiteEvalTensor* InterpreterCore::GetEvalTensorThunk(const TfLiteContext* context, int tensor_idx) {
  return From(context)->GetEvalTensor(tensor_idx);
}

}  // namespace mote
