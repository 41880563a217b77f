// TFLM's signal/micro/kernels/rfft.h: the SignalRfft factories, tflite::tflm_signal::Register_RFFT() and the
// type-specialised Register_RFFT_FLOAT() / _INT16() / _INT32(), all from mote's op table (mote/tflite_names.h).
#ifndef MOTE_COMPAT_SIGNAL_MICRO_KERNELS_RFFT_H_
#define MOTE_COMPAT_SIGNAL_MICRO_KERNELS_RFFT_H_

#include "mote/tflite_names.h"

#endif  // MOTE_COMPAT_SIGNAL_MICRO_KERNELS_RFFT_H_
