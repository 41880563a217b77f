// TFLM's micro/micro_profiler_interface.h: mote's interface (mote/micro_profiler.h).
#ifndef MOTE_COMPAT_TENSORFLOW_LITE_MICRO_MICRO_PROFILER_INTERFACE_H_
#define MOTE_COMPAT_TENSORFLOW_LITE_MICRO_MICRO_PROFILER_INTERFACE_H_

#include "mote/micro_profiler.h"

namespace tflite {
using ::mote::MicroProfilerInterface;
}  // namespace tflite

#endif  // MOTE_COMPAT_TENSORFLOW_LITE_MICRO_MICRO_PROFILER_INTERFACE_H_
