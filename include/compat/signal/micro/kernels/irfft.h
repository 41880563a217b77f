// TFLM's signal/micro/kernels/irfft.h: the SignalIrfft factories, tflite::tflm_signal::Register_IRFFT() and the
// type-specialised Register_IRFFT_FLOAT() / _INT16() / _INT32(), all from mote's op table (mote/tflite_names.h).
#ifndef MOTE_COMPAT_SIGNAL_MICRO_KERNELS_IRFFT_H_
#define MOTE_COMPAT_SIGNAL_MICRO_KERNELS_IRFFT_H_

#include "mote/tflite_names.h"

#endif  // MOTE_COMPAT_SIGNAL_MICRO_KERNELS_IRFFT_H_
