// TFLM's micro/micro_time.h: the tick counter profilers read. On hosted platforms mote counts microseconds
// (ticks_per_second() == 1000000); on bare metal both functions return 0 unless the application defines them
// (mote's are weak), e.g. from DWT->CYCCNT and SystemCoreClock.
#ifndef MOTE_COMPAT_TENSORFLOW_LITE_MICRO_MICRO_TIME_H_
#define MOTE_COMPAT_TENSORFLOW_LITE_MICRO_MICRO_TIME_H_

#include <cstdint>

namespace tflite {

uint32_t ticks_per_second();
uint32_t GetCurrentTimeTicks();

// Milliseconds of `ticks` (as TFLM: a 0 tick rate counts as 1 tick per second).
inline uint32_t TicksToMs(int32_t ticks) {
  const uint32_t rate = ticks_per_second() > 0 ? ticks_per_second() : 1;
  return static_cast<uint32_t>(1000.0f * static_cast<float>(ticks) / static_cast<float>(rate));
}

}  // namespace tflite

#endif  // MOTE_COMPAT_TENSORFLOW_LITE_MICRO_MICRO_TIME_H_
