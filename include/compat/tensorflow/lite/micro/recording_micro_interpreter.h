// TFLM's micro/recording_micro_interpreter.h: a MicroInterpreter whose allocator records arena use by
// category (recording_micro_allocator.h):
//
//   tflite::RecordingMicroInterpreter interpreter(model, resolver, arena, arena_size, nullptr, &profiler);
//   interpreter.AllocateTensors();
//   interpreter.GetMicroAllocator().PrintAllocations();
#ifndef MOTE_COMPAT_TENSORFLOW_LITE_MICRO_RECORDING_MICRO_INTERPRETER_H_
#define MOTE_COMPAT_TENSORFLOW_LITE_MICRO_RECORDING_MICRO_INTERPRETER_H_

#include <cstddef>
#include <cstdint>

#include "tensorflow/lite/micro/micro_interpreter.h"
#include "tensorflow/lite/micro/micro_profiler_interface.h"
#include "tensorflow/lite/micro/recording_micro_allocator.h"

namespace tflite {

class RecordingMicroInterpreter : public ::mote::MicroInterpreter {
 public:
  RecordingMicroInterpreter(const Model* model, const MicroOpResolver& op_resolver, uint8_t* tensor_arena,
                            size_t tensor_arena_size, MicroResourceVariables* resource_variables = nullptr,
                            MicroProfilerInterface* profiler = nullptr)
      : RecordingMicroInterpreter(model, op_resolver, RecordingMicroAllocator::Create(tensor_arena, tensor_arena_size),
                                  resource_variables, profiler) {}
  RecordingMicroInterpreter(const Model* model, const MicroOpResolver& op_resolver, RecordingMicroAllocator* allocator,
                            MicroResourceVariables* resource_variables = nullptr, MicroProfilerInterface* profiler = nullptr)
      : ::mote::MicroInterpreter(model, op_resolver, allocator == nullptr ? nullptr : allocator->interpreter_arena(),
                                 allocator == nullptr ? 0 : allocator->interpreter_arena_size(), resource_variables,
                                 profiler),
        allocator_(allocator) {
    if (allocator_ != nullptr) allocator_->set_interpreter(this);
  }

  // Without an allocator (Create failed) a shared empty one that records nothing.
  const RecordingMicroAllocator& GetMicroAllocator() const;

 private:
  RecordingMicroAllocator* allocator_;
};

}  // namespace tflite

#endif  // MOTE_COMPAT_TENSORFLOW_LITE_MICRO_RECORDING_MICRO_INTERPRETER_H_
