// TFLM's micro/kernels/kernel_runner.h: runs one kernel (a TFLMRegistration) through init, prepare and invoke
// without a model or an interpreter, on tensors the test builds itself (micro/test_helpers.h).
//
//   int input_dims[] = {2, 1, 4};  ...
//   TfLiteTensor tensors[] = {CreateTensor(input_data, IntArrayFromInts(input_dims)), ...};
//   int inputs[] = {1, 0};  int outputs[] = {1, 1};
//   tflite::micro::KernelRunner runner(tflite::Register_FLOOR(), tensors, 2, IntArrayFromInts(inputs),
//                                      IntArrayFromInts(outputs), /*builtin_data=*/nullptr);
//   TF_LITE_MICRO_EXPECT_EQ(kTfLiteOk, runner.InitAndPrepare());
//   TF_LITE_MICRO_EXPECT_EQ(kTfLiteOk, runner.Invoke());
//
// Memory: persistent buffers, scratch buffers, temp buffers and the runner's eval tensors all come from one
// arena, by default a static buffer shared by every runner (as TFLM's; one runner at a time), or the caller's
// (mote's extra constructor). Temp tensors are the caller's own TfLiteTensors.
//
// Quantization: TFLM's test helpers give quantized tensors only the legacy per-tensor `params` (scale, zero
// point) with no TfLiteAffineQuantization; mote's kernels read the affine form, as a model gives it. For such
// tensors the runner adds a per-tensor affine quantization (in its arena) for its lifetime and restores the
// tensor's own quantization field when it is destroyed.
//
// Bad input is an error from InitAndPrepare(), never a crash: null tensor arrays, missing input/output lists,
// indices outside the tensor array, tensors without dims or whose data is smaller than their shape, an arena
// too small for the kernel's requests. Each is logged (MicroPrintf) with a message starting "KernelRunner: ".
// Invoke() before a successful InitAndPrepare() is an error too.
#ifndef MOTE_COMPAT_TENSORFLOW_LITE_MICRO_KERNELS_KERNEL_RUNNER_H_
#define MOTE_COMPAT_TENSORFLOW_LITE_MICRO_KERNELS_KERNEL_RUNNER_H_

#include <cstddef>
#include <cstdint>

#include "tensorflow/lite/c/common.h"
#include "tensorflow/lite/kernels/internal/compatibility.h"
// TFLM's kernel_runner.h reaches flatbuffer_utils.h (through micro_allocator.h): its signal-library tests use
// FlexbufferWrapper with only this header and test_helpers.h included.
#include "tensorflow/lite/micro/flatbuffer_utils.h"
#include "tensorflow/lite/micro/micro_common.h"
#include "tensorflow/lite/micro/micro_context.h"
#include "tensorflow/lite/micro/mock_micro_graph.h"
#include "mote/micro_graph.h"

namespace tflite {

// The MicroContext a KernelRunner gives its kernel (TFLM's name). Serves the caller's tensors and an arena:
// persistent and scratch buffers from its top, temp buffers from its bottom (released at the end of prepare).
class FakeMicroContext : public ::mote::MicroContext {
 public:
  static constexpr int kMaxScratchBuffers = 16;
  static constexpr int kMaxTempBuffers = 8;

  FakeMicroContext(TfLiteTensor* tensors, int tensors_size, uint8_t* arena, size_t arena_size);
  // Takes over other's state (the arena's buffers, the tensors' patched quantization); other restores nothing.
  FakeMicroContext(FakeMicroContext&& other) noexcept;
  FakeMicroContext(const FakeMicroContext&) = delete;
  FakeMicroContext& operator=(const FakeMicroContext&) = delete;

  void* AllocatePersistentBuffer(size_t bytes) override;
  TfLiteStatus RequestScratchBufferInArena(size_t bytes, int* buffer_idx) override;
  void* GetScratchBuffer(int buffer_idx) override;
  TfLiteTensor* AllocateTempTfLiteTensor(int tensor_idx) override;
  void DeallocateTempTfLiteTensor(TfLiteTensor* tensor) override;
  uint8_t* AllocateTempBuffer(size_t size, size_t alignment) override;
  void DeallocateTempBuffer(uint8_t* buffer) override;
  TfLiteEvalTensor* GetEvalTensor(int tensor_idx) override;
  void ReportKernelVariant(const char* variant) override { variant_ = variant; }
  // Alternate decompression memory (mote/micro_context.h), set by the test before InitAndPrepare(): at most
  // kMaxDecompressionRegions regions, each handed out from its start, first fit.
  static constexpr int kMaxDecompressionRegions = 4;
  TfLiteStatus SetDecompressionMemory(const std::initializer_list<AlternateMemoryRegion>& regions) override;
  void* AllocateDecompressionMemory(size_t bytes, size_t alignment) override;
  void ResetDecompressionMemoryAllocations() override;
  bool HasDecompressionMemory() const { return decompression_regions_ > 0; }
  // The caller's tensors (mote/micro_context.h): TFLM's test data may leave fields indeterminate.
  bool TensorsFromModel() override { return false; }
  // A kernel run alone has no subgraphs: control-flow kernels see TFLM's mock graph (mock_micro_graph.h).
  ::mote::MicroGraph& graph() override { return graph_; }
  MockMicroGraph* mock_graph() { return &graph_; }

  // Builds the eval tensors (persistent) from the caller's tensors; refreshed before prepare and invoke so
  // the kernel sees the current data pointers.
  TfLiteStatus CreateEvalTensors();
  void RefreshEvalTensors();
  // Releases every temp buffer (end of prepare).
  void ResetTemp();
  // Per-tensor affine quantization for tensors that have only the legacy params (see the file comment), and
  // the undo.
  TfLiteStatus AddAffineQuantization();
  void RestoreQuantization();

  bool IsAllTempTfLiteTensorDeallocated() const { return temp_tensors_outstanding_ == 0; }
  bool IsAllTempBufferDeallocated() const { return temp_buffers_outstanding_ == 0; }
  // The variant the kernel reported in prepare (mote kernels do; nullptr otherwise).
  const char* variant() const { return variant_; }
  // Bytes the kernel and the runner took from the arena so far (persistent + scratch + temp high water).
  size_t arena_used_bytes() const { return persistent_bytes_ + temp_high_water_; }

 private:
  TfLiteTensor* tensors_;
  int tensors_size_;
  uint8_t* arena_;
  size_t arena_size_;
  size_t persistent_bytes_ = 0;  // taken from the top of the arena
  size_t temp_bytes_ = 0;        // taken from the bottom
  size_t temp_high_water_ = 0;
  TfLiteEvalTensor* eval_tensors_ = nullptr;
  struct LegacyQuantization;
  LegacyQuantization* legacy_quantization_ = nullptr;  // one per tensor, when any needed it
  void* scratch_[kMaxScratchBuffers] = {};
  int scratch_count_ = 0;
  int temp_tensors_outstanding_ = 0;
  int temp_buffers_outstanding_ = 0;
  const char* variant_ = nullptr;
  AlternateMemoryRegion decompression_[kMaxDecompressionRegions] = {};
  size_t decompression_used_[kMaxDecompressionRegions] = {};
  int decompression_regions_ = 0;

  MockMicroGraph graph_;
};

namespace micro {

class KernelRunner {
 public:
  // Bytes of the shared default arena.
  static constexpr size_t kDefaultArenaBytes = 64 * 1024;

  KernelRunner(const TFLMRegistration& registration, TfLiteTensor* tensors, int tensors_size,
               TfLiteIntArray* inputs, TfLiteIntArray* outputs, const void* builtin_data,
               TfLiteIntArray* intermediates = nullptr);
  // mote: the same with the caller's arena (any alignment; at least a few hundred bytes for the runner's own
  // bookkeeping), e.g. to test how a kernel reports an arena too small.
  KernelRunner(const TFLMRegistration& registration, TfLiteTensor* tensors, int tensors_size,
               TfLiteIntArray* inputs, TfLiteIntArray* outputs, const void* builtin_data,
               TfLiteIntArray* intermediates, uint8_t* arena, size_t arena_size);
  ~KernelRunner();
  // TFLM's tests return a runner by value (broadcast_to_test.cc's CreateBroadcastToTestRunner): the new runner
  // takes over other's node, arena state and kernel state; other must not be used again.
  KernelRunner(KernelRunner&& other) noexcept;
  KernelRunner(const KernelRunner&) = delete;
  KernelRunner& operator=(const KernelRunner&) = delete;
  KernelRunner& operator=(KernelRunner&&) = delete;

  // Validates the tensors and lists, then calls init (with init_data / length, also the node's custom
  // options) and prepare.
  TfLiteStatus InitAndPrepare(const char* init_data = nullptr, size_t length = 0);
  // Calls invoke; outputs are then in the caller's output tensors.
  TfLiteStatus Invoke();
  // Call free / reset; kTfLiteError when the registration has none.
  TfLiteStatus Free();
  TfLiteStatus Reset();

  FakeMicroContext* GetFakeMicroContext() { return &fake_micro_context_; }
  // The graph a control-flow kernel sees (TFLM's): how often it invoked each subgraph.
  MockMicroGraph* GetMockGraph() { return fake_micro_context_.mock_graph(); }
  // True when the kernel released every temp tensor and temp buffer it took in prepare.
  bool ValidateTempBufferDeallocated();

 private:
  TfLiteStatus GiveDatalessInputsMemory();
  TfLiteStatus CheckOutputsHaveData() const;
  TfLiteStatus ValidateNode() const;

  TfLiteContext context_ = {};
  TfLiteNode node_ = {};
  const TFLMRegistration registration_;
  TfLiteTensor* tensors_;
  int tensors_size_;
  FakeMicroContext fake_micro_context_;
  bool initialized_ = false;
  bool prepared_ = false;
};

}  // namespace micro

using micro::KernelRunner;

}  // namespace tflite

#endif  // MOTE_COMPAT_TENSORFLOW_LITE_MICRO_KERNELS_KERNEL_RUNNER_H_
