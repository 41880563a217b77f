// MicroContext: what a kernel may ask of the interpreter, beyond the TfLiteContext callbacks.
//
// Reached from a kernel as mote::GetMicroContext(context) (tflite::GetMicroContext in TFLM code).
// Phase rules (DESIGN §2), enforced by the interpreter:
//   init     AllocatePersistentBuffer
//   prepare  AllocatePersistentBuffer, RequestScratchBufferInArena, AllocateTemp*/DeallocateTemp*,
//            ReportKernelVariant, AllowOutputToOverwriteInput
//   invoke   GetScratchBuffer, GetEvalTensor, graph().InvokeSubgraph — nothing allocates
// Tensor indices are the current subgraph's: the one whose node is being initialised, prepared or invoked.
// Temp tensors and temp buffers live until DeallocateTemp* or, at the latest, the end of the node's
// prepare; they come from the arena's non-persistent end.
#ifndef MOTE_MICRO_CONTEXT_H_
#define MOTE_MICRO_CONTEXT_H_

#include <cstddef>
#include <cstdint>
#include <initializer_list>

#include "mote/c/common.h"
#include "mote/micro_graph.h"

namespace mote {

// TFLM's kTfLiteAbort (outside the TfLiteStatus enumerators in TFLM too): an invoke that returns it ends the
// current Invoke() early, without an error, and Invoke() returns it to the application (CIRCULAR_BUFFER does
// until it has gathered the frames its stride waits for).
constexpr TfLiteStatus kTfLiteAbort = static_cast<TfLiteStatus>(15);

class MicroContext {
 public:
  // Memory that lives as long as the interpreter, aligned to alignof(std::max_align_t) (8 on Cortex-M, 16 on
  // x86-64); nullptr (and AllocateTensors fails, saying how big the arena must be) when the arena is full.
  virtual void* AllocatePersistentBuffer(size_t bytes) = 0;
  virtual TfLiteStatus RequestScratchBufferInArena(size_t bytes, int* buffer_idx) = 0;
  virtual void* GetScratchBuffer(int buffer_idx) = 0;

  // A full TfLiteTensor view of tensor `tensor_idx` of the current subgraph; nullptr if out of range.
  virtual TfLiteTensor* AllocateTempTfLiteTensor(int tensor_idx) = 0;
  virtual void DeallocateTempTfLiteTensor(TfLiteTensor* tensor) = 0;
  virtual uint8_t* AllocateTempBuffer(size_t size, size_t alignment) = 0;
  virtual void DeallocateTempBuffer(uint8_t* buffer) = 0;
  virtual TfLiteEvalTensor* GetEvalTensor(int tensor_idx) = 0;

  // mote: names the kernel variant prepare chose for the current node ("conv_2d/int8/avx2-1x1"). The string
  // must have static storage duration.
  virtual void ReportKernelVariant(const char* variant) = 0;

  // mote, prepare only: the current node's kernel computes output 0 correctly when its bytes are those of input
  // `input_index` (it reads element i of that input, and of every other input, before it writes element i of
  // the output), so the memory planner may place the output on top of that input when the input's lifetime
  // ends at this node, neither tensor is a graph input or a variable, the input is not a graph output, and both
  // take the same bytes (docs/memory.md, "In-place execution"). A declaration only allows it: the planner
  // decides, and an interpreter with in-place execution off, or a model with several subgraphs, ignores it.
  // Input indices 0..7.
  virtual void AllowOutputToOverwriteInput(int /*input_index*/) {}
  // mote, prepare only, after AllowOutputToOverwriteInput: a scratch buffer the kernel needs only when its
  // output does overwrite an input. The planner gives it `bytes` when it makes that join and 0 bytes otherwise
  // (the kernel tells which at invoke by comparing the output's data pointer with the input's). kTfLiteError
  // when the context cannot plan it (the kernel then never runs in place, and no join is made).
  virtual TfLiteStatus RequestInPlaceScratchBuffer(size_t /*bytes*/, int* /*buffer_idx*/) { return kTfLiteError; }

  // mote, prepare only: whether kernels keep their constant weights repacked for their variant in persistent
  // memory (prepared once instead of on every invoke; docs/benchmarks.md), and the allocation they use for it,
  // a persistent buffer that the interpreter also counts as prepacked (ArenaReport::prepacked). Off unless the
  // interpreter turns it on (MicroInterpreter::SetWeightPrepacking).
  virtual bool WeightPrepacking() { return false; }
  virtual void* AllocatePrepackedWeights(size_t bytes) { return AllocatePersistentBuffer(bytes); }

  // mote: whether the TfLiteTensors this context hands out are the interpreter's views of the verified model
  // (true): every field set, every tensor's bytes exactly its declared shape. A KernelRunner's are the caller's
  // (false), built field by field around buffers of its own: TFLM's kernel tests leave fields TFLM's kernels do
  // not read indeterminate (lstm_test_data.h's `quantization`) and declare shapes TFLM's kernels do not check
  // (shape_test's [1, 1] output for the shape of a rank-2 input). A kernel whose TFLM counterpart reads or
  // checks less, and that refuses on such a field or shape where TFLM would compute garbage, makes that check
  // only when this is true, and otherwise does what TFLM does within the declared bounds.
  virtual bool TensorsFromModel() { return true; }

  // TFLM's alternate decompression memory: regions outside the arena (external RAM, a tightly coupled
  // memory) where TFLM_DECODE may place an output that has no memory of its own. SetDecompressionMemory sets
  // them (kTfLiteError where the context has none to set: the interpreter's, today);
  // AllocateDecompressionMemory hands out `bytes` from them at `alignment`, first fit in region order, or
  // nullptr (always, without regions); ResetDecompressionMemoryAllocations gives every region back.
  struct AlternateMemoryRegion {
    void* address;
    size_t bytes;
  };
  virtual TfLiteStatus SetDecompressionMemory(const std::initializer_list<AlternateMemoryRegion>& /*regions*/) {
    return kTfLiteError;
  }
  virtual void* AllocateDecompressionMemory(size_t /*bytes*/, size_t /*alignment*/) { return nullptr; }
  virtual void ResetDecompressionMemoryAllocations() {}

  // The model's subgraphs, for control-flow kernels (mote/micro_graph.h; TFLM's MicroContext::graph()).
  virtual MicroGraph& graph() = 0;

  // nullptr when node input `index` is absent (-1) or out of range.
  TfLiteTensor* AllocateTempInputTensor(const TfLiteNode* node, int index);
  TfLiteTensor* AllocateTempOutputTensor(const TfLiteNode* node, int index);
  TfLiteTensor* AllocateTempIntermediateTensor(const TfLiteNode* node, int index);

 protected:
  ~MicroContext() = default;  // not virtual: no deleting destructor, so no operator delete on bare metal
};

inline MicroContext* GetMicroContext(const TfLiteContext* context) {
  return static_cast<MicroContext*>(context->impl_);
}

}  // namespace mote

#endif  // MOTE_MICRO_CONTEXT_H_
