// TFLM's MicroProfiler for mote (include/compat/tensorflow/lite/micro/micro_profiler.h).
#include "tensorflow/lite/micro/micro_profiler.h"

#include <cstring>

#include "mote/micro_log.h"

namespace tflite {

uint32_t MicroProfiler::BeginEvent(const char* tag) {
  if (num_events_ == kMaxEvents) num_events_ = 0;
  tags_[num_events_] = tag;
  start_ticks_[num_events_] = GetCurrentTimeTicks();
  end_ticks_[num_events_] = start_ticks_[num_events_];  // an event never ended lasts 0 ticks
  return static_cast<uint32_t>(num_events_++);
}

void MicroProfiler::EndEvent(uint32_t event_handle) {
  if (event_handle < static_cast<uint32_t>(kMaxEvents)) end_ticks_[event_handle] = GetCurrentTimeTicks();
}

uint32_t MicroProfiler::GetTotalTicks() const {
  uint32_t ticks = 0;
  for (int i = 0; i < num_events_; ++i) ticks += Ticks(i);
  return ticks;
}

void MicroProfiler::Log() const {
  for (int i = 0; i < num_events_; ++i) {
    MicroPrintf("%s took %u ticks (%d ms).", tags_[i], static_cast<unsigned>(Ticks(i)),
                static_cast<int>(TicksToMs(static_cast<int32_t>(Ticks(i)))));
  }
}

void MicroProfiler::LogCsv() const {
  MicroPrintf("\"Event\",\"Tag\",\"Ticks\"");
  for (int i = 0; i < num_events_; ++i) MicroPrintf("%d,%s,%u", i, tags_[i], static_cast<unsigned>(Ticks(i)));
}

void MicroProfiler::LogTicksPerTagCsv() {
  MicroPrintf("\"Unique Tag\",\"Total ticks across all events with that tag.\"");
  uint32_t total = 0;
  for (int i = 0; i < num_events_; ++i) total += Ticks(i);
  // Each distinct tag once, at its first event, with the sum over its events (no table: O(n^2) over at most
  // kMaxEvents events, once, when printing).
  for (int i = 0; i < num_events_; ++i) {
    bool seen = false;
    for (int j = 0; j < i && !seen; ++j) seen = std::strcmp(tags_[j], tags_[i]) == 0;
    if (seen) continue;
    uint32_t ticks = 0;
    for (int j = i; j < num_events_; ++j) {
      if (std::strcmp(tags_[j], tags_[i]) == 0) ticks += Ticks(j);
    }
    MicroPrintf("%s, %d", tags_[i], static_cast<int>(ticks));
  }
  MicroPrintf("total number of ticks, %d", static_cast<int>(total));
}

}  // namespace tflite
