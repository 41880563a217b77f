// TFLM's micro/micro_profiler.h: records begin/end ticks of up to kMaxEvents events (the interpreter adds one
// per node invoke, tagged with the node's kernel variant) and prints them:
//
//   tflite::MicroProfiler profiler;
//   tflite::MicroInterpreter interpreter(model, resolver, arena, arena_size, nullptr, &profiler);
//   ... interpreter.Invoke(); profiler.LogTicksPerTagCsv();
//
// Log():               "<tag> took <ticks> ticks (<ms> ms)." per event
// LogCsv():            "Event","Tag","Ticks" then "<i>,<tag>,<ticks>" per event
// LogTicksPerTagCsv(): "Unique Tag","Total ticks across all events with that tag." then "<tag>, <ticks>" per
//                      distinct tag (first-seen order) and "total number of ticks, <sum>"
// Events beyond kMaxEvents wrap to the first slot. No allocation; the object is large (keep it static on small
// targets).
#ifndef MOTE_COMPAT_TENSORFLOW_LITE_MICRO_MICRO_PROFILER_H_
#define MOTE_COMPAT_TENSORFLOW_LITE_MICRO_MICRO_PROFILER_H_

#include <cstdint>

#include "tensorflow/lite/micro/micro_profiler_interface.h"
#include "tensorflow/lite/micro/micro_time.h"

namespace tflite {

class MicroProfiler : public MicroProfilerInterface {
 public:
#ifndef MOTE_MICRO_PROFILER_MAX_EVENTS
  static constexpr int kMaxEvents = 1024;
#else
  static constexpr int kMaxEvents = MOTE_MICRO_PROFILER_MAX_EVENTS;
#endif

  MicroProfiler() = default;
  uint32_t BeginEvent(const char* tag) override;
  void EndEvent(uint32_t event_handle) override;
  void ClearEvents() { num_events_ = 0; }
  // Sum of every event's ticks (meaningful when events do not overlap).
  uint32_t GetTotalTicks() const;
  void Log() const;
  void LogCsv() const;
  void LogTicksPerTagCsv();
  int num_events() const { return num_events_; }

 private:
  uint32_t Ticks(int event) const { return end_ticks_[event] - start_ticks_[event]; }

  const char* tags_[kMaxEvents];
  uint32_t start_ticks_[kMaxEvents];
  uint32_t end_ticks_[kMaxEvents];
  int num_events_ = 0;
};

// An event spanning the object's lifetime; nothing when profiler is null.
class ScopedMicroProfiler {
 public:
  ScopedMicroProfiler(const char* tag, MicroProfilerInterface* profiler) : profiler_(profiler) {
    if (profiler_ != nullptr) event_handle_ = profiler_->BeginEvent(tag);
  }
  ~ScopedMicroProfiler() {
    if (profiler_ != nullptr) profiler_->EndEvent(event_handle_);
  }
  ScopedMicroProfiler(const ScopedMicroProfiler&) = delete;
  ScopedMicroProfiler& operator=(const ScopedMicroProfiler&) = delete;

 private:
  MicroProfilerInterface* profiler_;
  uint32_t event_handle_ = 0;
};

}  // namespace tflite

#endif  // MOTE_COMPAT_TENSORFLOW_LITE_MICRO_MICRO_PROFILER_H_
