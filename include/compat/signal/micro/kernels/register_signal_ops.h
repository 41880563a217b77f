// TFLM's signal/micro/kernels/register_signal_ops.h: tflite::tflm_signal::Register_WINDOW(); every other signal
// factory is declared with it too (mote/tflite_names.h, from mote's op table).
#ifndef MOTE_COMPAT_SIGNAL_MICRO_KERNELS_REGISTER_SIGNAL_OPS_H_
#define MOTE_COMPAT_SIGNAL_MICRO_KERNELS_REGISTER_SIGNAL_OPS_H_

#include "mote/tflite_names.h"

#endif  // MOTE_COMPAT_SIGNAL_MICRO_KERNELS_REGISTER_SIGNAL_OPS_H_
