// TFLM's tick counter (include/compat/tensorflow/lite/micro/micro_time.h). Weak, so a bare-metal application
// supplies its own cycle counter.
#include "tensorflow/lite/micro/micro_time.h"

#if !(defined(__arm__) && !defined(__linux__))
#include <chrono>
#define MOTE_MICRO_TIME_HOSTED 1
#endif

namespace tflite {

#if defined(MOTE_MICRO_TIME_HOSTED)
__attribute__((weak)) uint32_t ticks_per_second() { return 1000000; }
__attribute__((weak)) uint32_t GetCurrentTimeTicks() {
  const auto now = std::chrono::steady_clock::now().time_since_epoch();
  // Wraps every ~71 minutes; differences of uint32_t ticks stay right across one wrap.
  return static_cast<uint32_t>(std::chrono::duration_cast<std::chrono::microseconds>(now).count());
}
#else
__attribute__((weak)) uint32_t ticks_per_second() { return 0; }
__attribute__((weak)) uint32_t GetCurrentTimeTicks() { return 0; }
#endif

}  // namespace tflite
