// TFLM's KernelRunner and FakeMicroContext for mote (include/compat/tensorflow/lite/micro/kernels/
// kernel_runner.h): one kernel's lifecycle on caller-built tensors, every request served from one arena.
#include "tensorflow/lite/micro/kernels/kernel_runner.h"

#include <cstdarg>
#include <cstddef>
#include <cstring>

#include "mote/kernel_util.h"
#include "mote/micro_log.h"

#ifndef MOTE_KERNEL_RUNNER_ARENA_BYTES
#define MOTE_KERNEL_RUNNER_ARENA_BYTES (64 * 1024)
#endif

namespace tflite {
namespace {

constexpr size_t kPersistentAlignment = alignof(std::max_align_t);

alignas(std::max_align_t) uint8_t g_default_arena[MOTE_KERNEL_RUNNER_ARENA_BYTES];

size_t AlignDown(size_t value, size_t alignment) { return value / alignment * alignment; }
size_t AlignUp(size_t value, size_t alignment) { return (value + alignment - 1) / alignment * alignment; }

// The TfLiteContext callbacks, forwarded to the FakeMicroContext in impl_.
FakeMicroContext* Fake(const TfLiteContext* context) { return static_cast<FakeMicroContext*>(context->impl_); }
void* ThunkAllocatePersistentBuffer(TfLiteContext* context, size_t bytes) {
  return Fake(context)->AllocatePersistentBuffer(bytes);
}
TfLiteStatus ThunkRequestScratchBufferInArena(TfLiteContext* context, size_t bytes, int* buffer_idx) {
  return Fake(context)->RequestScratchBufferInArena(bytes, buffer_idx);
}
void* ThunkGetScratchBuffer(TfLiteContext* context, int buffer_idx) {
  return Fake(context)->GetScratchBuffer(buffer_idx);
}
TfLiteTensor* ThunkGetTensor(const TfLiteContext* context, int tensor_idx) {
  return Fake(context)->AllocateTempTfLiteTensor(tensor_idx);
}
TfLiteEvalTensor* ThunkGetEvalTensor(const TfLiteContext* context, int tensor_idx) {
  return Fake(context)->GetEvalTensor(tensor_idx);
}
void ThunkReportError(TfLiteContext*, const char* format, ...) {
  va_list args;
  va_start(args, format);
  VMicroPrintf(format, args);
  va_end(args);
}

}  // namespace

FakeMicroContext::FakeMicroContext(TfLiteTensor* tensors, int tensors_size, uint8_t* arena, size_t arena_size)
    : tensors_(tensors), tensors_size_(tensors_size), arena_(arena), arena_size_(arena == nullptr ? 0 : arena_size) {}

FakeMicroContext::FakeMicroContext(FakeMicroContext&& other) noexcept
    : ::mote::MicroContext(other),
      tensors_(other.tensors_),
      tensors_size_(other.tensors_size_),
      arena_(other.arena_),
      arena_size_(other.arena_size_),
      persistent_bytes_(other.persistent_bytes_),
      temp_bytes_(other.temp_bytes_),
      temp_high_water_(other.temp_high_water_),
      eval_tensors_(other.eval_tensors_),
      legacy_quantization_(other.legacy_quantization_),
      scratch_count_(other.scratch_count_),
      temp_tensors_outstanding_(other.temp_tensors_outstanding_),
      temp_buffers_outstanding_(other.temp_buffers_outstanding_),
      variant_(other.variant_),
      graph_(other.graph_) {
  for (int i = 0; i < kMaxScratchBuffers; ++i) scratch_[i] = other.scratch_[i];
  for (int i = 0; i < kMaxDecompressionRegions; ++i) {
    decompression_[i] = other.decompression_[i];
    decompression_used_[i] = other.decompression_used_[i];
  }
  decompression_regions_ = other.decompression_regions_;
  other.legacy_quantization_ = nullptr;  // restored by this one only
}

TfLiteStatus FakeMicroContext::SetDecompressionMemory(const std::initializer_list<AlternateMemoryRegion>& regions) {
  if (regions.size() == 0 || regions.size() > static_cast<size_t>(kMaxDecompressionRegions)) {
    MicroPrintf("KernelRunner: %u decompression memory regions (1 to %d are taken)",
                static_cast<unsigned>(regions.size()), kMaxDecompressionRegions);
    return kTfLiteError;
  }
  decompression_regions_ = 0;
  for (const AlternateMemoryRegion& r : regions) {
    if (r.address == nullptr && r.bytes > 0) {
      MicroPrintf("KernelRunner: decompression memory region %d has no address", decompression_regions_);
      decompression_regions_ = 0;
      return kTfLiteError;
    }
    decompression_[decompression_regions_] = r;
    decompression_used_[decompression_regions_++] = 0;
  }
  return kTfLiteOk;
}

void* FakeMicroContext::AllocateDecompressionMemory(size_t bytes, size_t alignment) {
  if (alignment == 0 || (alignment & (alignment - 1)) != 0) return nullptr;
  for (int i = 0; i < decompression_regions_; ++i) {
    const uintptr_t base = reinterpret_cast<uintptr_t>(decompression_[i].address);
    const uintptr_t start = AlignUp(base + decompression_used_[i], alignment);
    const size_t offset = start - base;
    if (offset > decompression_[i].bytes || bytes > decompression_[i].bytes - offset) continue;
    decompression_used_[i] = offset + bytes;
    return reinterpret_cast<void*>(start);
  }
  return nullptr;
}

void FakeMicroContext::ResetDecompressionMemoryAllocations() {
  for (int i = 0; i < decompression_regions_; ++i) decompression_used_[i] = 0;
}

void* FakeMicroContext::AllocatePersistentBuffer(size_t bytes) {
  // The top of the arena, growing down; the start of each buffer aligned for any type.
  const uintptr_t top = reinterpret_cast<uintptr_t>(arena_) + arena_size_ - persistent_bytes_;
  const uintptr_t bottom = reinterpret_cast<uintptr_t>(arena_) + temp_bytes_;
  if (bytes > top - bottom || AlignDown(top - bytes, kPersistentAlignment) < bottom) {
    MicroPrintf("KernelRunner: arena too small: %u more bytes requested with %u of %u in use",
                static_cast<unsigned>(bytes), static_cast<unsigned>(arena_used_bytes()),
                static_cast<unsigned>(arena_size_));
    return nullptr;
  }
  const uintptr_t start = AlignDown(top - bytes, kPersistentAlignment);
  persistent_bytes_ = reinterpret_cast<uintptr_t>(arena_) + arena_size_ - start;
  return reinterpret_cast<void*>(start);
}

TfLiteStatus FakeMicroContext::RequestScratchBufferInArena(size_t bytes, int* buffer_idx) {
  if (scratch_count_ >= kMaxScratchBuffers) {
    MicroPrintf("KernelRunner: more than %d scratch buffers requested", kMaxScratchBuffers);
    return kTfLiteError;
  }
  void* buffer = AllocatePersistentBuffer(bytes);
  if (buffer == nullptr) return kTfLiteError;
  scratch_[scratch_count_] = buffer;
  *buffer_idx = scratch_count_++;
  return kTfLiteOk;
}

void* FakeMicroContext::GetScratchBuffer(int buffer_idx) {
  return buffer_idx < 0 || buffer_idx >= scratch_count_ ? nullptr : scratch_[buffer_idx];
}

TfLiteTensor* FakeMicroContext::AllocateTempTfLiteTensor(int tensor_idx) {
  if (tensor_idx < 0 || tensor_idx >= tensors_size_) return nullptr;
  ++temp_tensors_outstanding_;
  return &tensors_[tensor_idx];
}

void FakeMicroContext::DeallocateTempTfLiteTensor(TfLiteTensor* tensor) {
  if (tensor != nullptr && temp_tensors_outstanding_ > 0) --temp_tensors_outstanding_;
}

uint8_t* FakeMicroContext::AllocateTempBuffer(size_t size, size_t alignment) {
  if (alignment == 0 || (alignment & (alignment - 1)) != 0) return nullptr;
  const uintptr_t base = reinterpret_cast<uintptr_t>(arena_);
  const uintptr_t start = (base + temp_bytes_ + alignment - 1) & ~(static_cast<uintptr_t>(alignment) - 1);
  const uintptr_t top = base + arena_size_ - persistent_bytes_;
  if (start > top || size > top - start) {
    MicroPrintf("KernelRunner: arena too small for a temp buffer of %u bytes", static_cast<unsigned>(size));
    return nullptr;
  }
  temp_bytes_ = start + size - base;
  if (temp_bytes_ > temp_high_water_) temp_high_water_ = temp_bytes_;
  ++temp_buffers_outstanding_;
  return reinterpret_cast<uint8_t*>(start);
}

void FakeMicroContext::DeallocateTempBuffer(uint8_t* buffer) {
  if (buffer != nullptr && temp_buffers_outstanding_ > 0) --temp_buffers_outstanding_;
}

TfLiteEvalTensor* FakeMicroContext::GetEvalTensor(int tensor_idx) {
  if (eval_tensors_ == nullptr || tensor_idx < 0 || tensor_idx >= tensors_size_) return nullptr;
  return &eval_tensors_[tensor_idx];
}

TfLiteStatus FakeMicroContext::CreateEvalTensors() {
  if (tensors_size_ == 0) return kTfLiteOk;
  void* memory = AllocatePersistentBuffer(sizeof(TfLiteEvalTensor) * static_cast<size_t>(tensors_size_));
  if (memory == nullptr) return kTfLiteError;
  eval_tensors_ = static_cast<TfLiteEvalTensor*>(memory);
  RefreshEvalTensors();
  return kTfLiteOk;
}

void FakeMicroContext::RefreshEvalTensors() {
  if (eval_tensors_ == nullptr) return;
  for (int i = 0; i < tensors_size_; ++i) {
    eval_tensors_[i].data = tensors_[i].data;
    eval_tensors_[i].dims = tensors_[i].dims;
    eval_tensors_[i].type = tensors_[i].type;
  }
}

void FakeMicroContext::ResetTemp() { temp_bytes_ = 0; }

// A per-tensor TfLiteAffineQuantization with its one-element arrays laid out as TfLiteFloatArray /
// TfLiteIntArray ({size, value}).
struct FakeMicroContext::LegacyQuantization {
  TfLiteAffineQuantization affine;
  TfLiteQuantization original;
  bool patched;
  int scale_size;
  float scale;
  int zero_point_size;
  int zero_point;
};

namespace {

bool NeedsAffineQuantization(const TfLiteTensor& tensor) {
  const bool integer = tensor.type == kTfLiteInt8 || tensor.type == kTfLiteUInt8 || tensor.type == kTfLiteInt16 ||
                       tensor.type == kTfLiteInt32 || tensor.type == kTfLiteInt64 || tensor.type == kTfLiteInt4;
  const bool has_affine = tensor.quantization.type == kTfLiteAffineQuantization && tensor.quantization.params != nullptr;
  return integer && !has_affine && tensor.params.scale != 0.0f;
}

}  // namespace

TfLiteStatus FakeMicroContext::AddAffineQuantization() {
  bool any = false;
  for (int i = 0; i < tensors_size_; ++i) any = any || NeedsAffineQuantization(tensors_[i]);
  if (!any) return kTfLiteOk;
  void* memory = AllocatePersistentBuffer(sizeof(LegacyQuantization) * static_cast<size_t>(tensors_size_));
  if (memory == nullptr) return kTfLiteError;
  legacy_quantization_ = static_cast<LegacyQuantization*>(memory);
  for (int i = 0; i < tensors_size_; ++i) {
    LegacyQuantization& q = legacy_quantization_[i];
    q.patched = NeedsAffineQuantization(tensors_[i]);
    if (!q.patched) continue;
    q.original = tensors_[i].quantization;
    q.scale_size = 1;
    q.scale = tensors_[i].params.scale;
    q.zero_point_size = 1;
    q.zero_point = tensors_[i].params.zero_point;
    q.affine.scale = reinterpret_cast<TfLiteFloatArray*>(&q.scale_size);
    q.affine.zero_point = reinterpret_cast<TfLiteIntArray*>(&q.zero_point_size);
    q.affine.quantized_dimension = 0;
    tensors_[i].quantization = {kTfLiteAffineQuantization, &q.affine};
  }
  return kTfLiteOk;
}

void FakeMicroContext::RestoreQuantization() {
  if (legacy_quantization_ == nullptr) return;
  for (int i = 0; i < tensors_size_; ++i) {
    if (legacy_quantization_[i].patched) tensors_[i].quantization = legacy_quantization_[i].original;
  }
  legacy_quantization_ = nullptr;
}

namespace micro {
namespace {

// Checks one tensor a node refers to: it has dims, no negative dimension (but -1 on one with data), and (for fixed-size types with
// elements) data. bytes is not read, as TFLM's runner does not read it: TFLM's LSTM test data
// (testdata/lstm_test_data.h) builds its tensors from data, dims and type and leaves bytes indeterminate.
// `data_optional`: an input may have no data at prepare, as an activation has none there in the interpreter
// (TFLM's FILL test passes its dims so); InitAndPrepare then gives it zeroed arena memory for Invoke.
TfLiteStatus CheckTensor(const TfLiteTensor& tensor, int index, bool data_optional = false) {
  if (tensor.dims == nullptr) {
    MicroPrintf("KernelRunner: tensor %d has no dims", index);
    return kTfLiteError;
  }
  // -1 is a dimension the kernel computes in prepare (TFLM's RESHAPE output, reshape_test), allowed on a tensor
  // with data, the test's own buffer: its size is the kernel's to check.
  bool computed = false;
  for (int d = 0; d < tensor.dims->size; ++d) {
    if (tensor.dims->data[d] == -1 && tensor.data.raw != nullptr) {
      computed = true;
    } else if (tensor.dims->data[d] < 0) {
      MicroPrintf("KernelRunner: tensor %d has a negative dimension", index);
      return kTfLiteError;
    }
  }
  if (computed) return kTfLiteOk;
  const size_t element_size = ::mote::TfLiteTypeSizeOf(tensor.type);
  const int64_t elements = ::mote::ElementCount(*tensor.dims);
  if (element_size == 0 || elements == 0) return kTfLiteOk;
  if (tensor.data.raw == nullptr && data_optional) return kTfLiteOk;
  if (tensor.data.raw == nullptr) {
    MicroPrintf("KernelRunner: tensor %d has no data", index);
    return kTfLiteError;
  }
  return kTfLiteOk;
}

// Every index of `list` is a valid tensor (or -1 when `optional_allowed`) whose tensor passes CheckTensor.
TfLiteStatus CheckIndexList(const TfLiteIntArray* list, const char* what, bool optional_allowed,
                            const TfLiteTensor* tensors, int tensors_size, bool data_optional = false) {
  if (list->size < 0) {
    MicroPrintf("KernelRunner: the %s list has a negative size", what);
    return kTfLiteError;
  }
  for (int i = 0; i < list->size; ++i) {
    const int index = list->data[i];
    if (index == -1 && optional_allowed) continue;
    if (index < 0 || index >= tensors_size) {
      MicroPrintf("KernelRunner: %s %d is tensor %d, outside the %d tensors", what, i, index, tensors_size);
      return kTfLiteError;
    }
    TF_LITE_ENSURE_STATUS(CheckTensor(tensors[index], index, data_optional));
  }
  return kTfLiteOk;
}

}  // namespace

KernelRunner::KernelRunner(const TFLMRegistration& registration, TfLiteTensor* tensors, int tensors_size,
                           TfLiteIntArray* inputs, TfLiteIntArray* outputs, const void* builtin_data,
                           TfLiteIntArray* intermediates)
    : KernelRunner(registration, tensors, tensors_size, inputs, outputs, builtin_data, intermediates,
                   g_default_arena, sizeof(g_default_arena)) {}

KernelRunner::KernelRunner(const TFLMRegistration& registration, TfLiteTensor* tensors, int tensors_size,
                           TfLiteIntArray* inputs, TfLiteIntArray* outputs, const void* builtin_data,
                           TfLiteIntArray* intermediates, uint8_t* arena, size_t arena_size)
    : registration_(registration),
      tensors_(tensors),
      tensors_size_(tensors_size),
      fake_micro_context_(tensors, tensors == nullptr || tensors_size < 0 ? 0 : tensors_size, arena, arena_size) {
  context_.impl_ = &fake_micro_context_;
  context_.ReportError = ThunkReportError;
  context_.AllocatePersistentBuffer = ThunkAllocatePersistentBuffer;
  context_.RequestScratchBufferInArena = ThunkRequestScratchBufferInArena;
  context_.GetScratchBuffer = ThunkGetScratchBuffer;
  context_.GetTensor = ThunkGetTensor;
  context_.GetEvalTensor = ThunkGetEvalTensor;
  context_.tensors_size = tensors_size < 0 ? 0 : static_cast<size_t>(tensors_size);
  node_.inputs = inputs;
  node_.outputs = outputs;
  node_.intermediates = intermediates;
  node_.builtin_data = const_cast<void*>(builtin_data);
}

KernelRunner::KernelRunner(KernelRunner&& other) noexcept
    : context_(other.context_),
      node_(other.node_),
      registration_(other.registration_),
      tensors_(other.tensors_),
      tensors_size_(other.tensors_size_),
      fake_micro_context_(static_cast<FakeMicroContext&&>(other.fake_micro_context_)),
      initialized_(other.initialized_),
      prepared_(other.prepared_) {
  context_.impl_ = &fake_micro_context_;
  other.initialized_ = false;
  other.prepared_ = false;
}

KernelRunner::~KernelRunner() { fake_micro_context_.RestoreQuantization(); }

TfLiteStatus KernelRunner::ValidateNode() const {
  if (tensors_size_ < 0 || (tensors_ == nullptr && tensors_size_ > 0)) {
    MicroPrintf("KernelRunner: no tensor array for %d tensors", tensors_size_);
    return kTfLiteError;
  }
  if (node_.inputs == nullptr || node_.outputs == nullptr) {
    MicroPrintf("KernelRunner: the node needs an input list and an output list");
    return kTfLiteError;
  }
  if (registration_.invoke == nullptr) {
    MicroPrintf("KernelRunner: the registration has no invoke function");
    return kTfLiteError;
  }
  TF_LITE_ENSURE_STATUS(CheckIndexList(node_.inputs, "input", true, tensors_, tensors_size_, /*data_optional=*/true));
  // With decompression memory set, an output may come without data: TFLM_DECODE places it there in prepare
  // (TFLM's decode_test), and InitAndPrepare checks afterwards that every output has memory.
  TF_LITE_ENSURE_STATUS(CheckIndexList(node_.outputs, "output", false, tensors_, tensors_size_,
                                       fake_micro_context_.HasDecompressionMemory()));
  if (node_.intermediates != nullptr) {
    TF_LITE_ENSURE_STATUS(CheckIndexList(node_.intermediates, "intermediate", false, tensors_, tensors_size_));
  }
  return kTfLiteOk;
}

TfLiteStatus KernelRunner::InitAndPrepare(const char* init_data, size_t length) {
  prepared_ = false;
  TF_LITE_ENSURE_STATUS(ValidateNode());
  if (!initialized_) {
    TF_LITE_ENSURE_STATUS(fake_micro_context_.CreateEvalTensors());
    TF_LITE_ENSURE_STATUS(fake_micro_context_.AddAffineQuantization());
    node_.custom_initial_data = init_data;
    node_.custom_initial_data_size = static_cast<int>(length);
    if (registration_.init != nullptr) node_.user_data = registration_.init(&context_, init_data, length);
    initialized_ = true;
  }
  fake_micro_context_.RefreshEvalTensors();
  TfLiteStatus status = kTfLiteOk;
  if (registration_.prepare != nullptr) status = registration_.prepare(&context_, &node_);
  fake_micro_context_.ResetTemp();
  if (status == kTfLiteOk) status = GiveDatalessInputsMemory();
  if (status == kTfLiteOk) status = CheckOutputsHaveData();
  prepared_ = status == kTfLiteOk;
  return status;
}

// After prepare: an output that came without data (allowed with decompression memory) must have been given
// memory by the kernel.
TfLiteStatus KernelRunner::CheckOutputsHaveData() const {
  for (int i = 0; i < node_.outputs->size; ++i) {
    if (CheckTensor(tensors_[node_.outputs->data[i]], node_.outputs->data[i]) != kTfLiteOk) {
      MicroPrintf("KernelRunner: output %d still has no data after prepare (the kernel placed it nowhere)", i);
      return kTfLiteError;
    }
  }
  return kTfLiteOk;
}

// Inputs that came without data (their values unknown at prepare) get zeroed memory from the runner's arena,
// so a kernel that reads them in Invoke reads zeros, never a null pointer.
TfLiteStatus KernelRunner::GiveDatalessInputsMemory() {
  for (int i = 0; i < node_.inputs->size; ++i) {
    const int index = node_.inputs->data[i];
    if (index < 0 || tensors_[index].data.raw != nullptr) continue;
    TfLiteTensor& tensor = tensors_[index];
    const size_t bytes = static_cast<size_t>(::mote::ElementCount(*tensor.dims)) * ::mote::TfLiteTypeSizeOf(tensor.type);
    if (bytes == 0) continue;
    void* memory = fake_micro_context_.AllocatePersistentBuffer(bytes);
    if (memory == nullptr) {
      MicroPrintf("KernelRunner: no arena left for the %u bytes of input tensor %d (it came without data)",
                  static_cast<unsigned>(bytes), index);
      return kTfLiteError;
    }
    memset(memory, 0, bytes);
    tensor.data.raw = static_cast<char*>(memory);
    tensor.bytes = bytes;
  }
  return kTfLiteOk;
}

TfLiteStatus KernelRunner::Invoke() {
  if (!prepared_) {
    MicroPrintf("KernelRunner: Invoke() without a successful InitAndPrepare()");
    return kTfLiteError;
  }
  fake_micro_context_.RefreshEvalTensors();
  return registration_.invoke(&context_, &node_);
}

TfLiteStatus KernelRunner::Free() {
  if (registration_.free == nullptr) {
    MicroPrintf("KernelRunner: the registration has no free function");
    return kTfLiteError;
  }
  registration_.free(&context_, node_.user_data);
  return kTfLiteOk;
}

TfLiteStatus KernelRunner::Reset() {
  if (registration_.reset == nullptr) {
    MicroPrintf("KernelRunner: the registration has no reset function");
    return kTfLiteError;
  }
  registration_.reset(&context_, node_.user_data);
  return kTfLiteOk;
}

bool KernelRunner::ValidateTempBufferDeallocated() {
  return fake_micro_context_.IsAllTempBufferDeallocated() && fake_micro_context_.IsAllTempTfLiteTensorDeallocated();
}

}  // namespace micro
}  // namespace tflite
