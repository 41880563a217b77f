// The profiler interface the interpreter reports to (TFLM's MicroProfilerInterface; tflite::MicroProfiler in
// include/compat/tensorflow/lite/micro/micro_profiler.h implements it). Given to the TFLM-form
// MicroInterpreter constructor, it gets one BeginEvent/EndEvent pair per node around each invoke, tagged with
// the node's kernel variant ("conv_2d/int8/reference"), or its op name when the kernel reported none.
// Event handling runs inside Invoke(), so an implementation must not allocate on targets that forbid it.
#ifndef MOTE_MICRO_PROFILER_H_
#define MOTE_MICRO_PROFILER_H_

#include <cstdint>

namespace mote {

class MicroProfilerInterface {
 public:
  // `tag` has static storage duration; the returned handle is passed to EndEvent.
  virtual uint32_t BeginEvent(const char* tag) = 0;
  virtual void EndEvent(uint32_t event_handle) = 0;

 protected:
  ~MicroProfilerInterface() = default;  // not virtual: no deleting destructor, so no operator delete on bare metal
};

}  // namespace mote

#endif  // MOTE_MICRO_PROFILER_H_
