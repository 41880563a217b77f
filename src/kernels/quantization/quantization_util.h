// Moved to the public mote/quantization_util.h (the TFLM kernel-author headers under include/compat/ need it).
#ifndef MOTE_KERNELS_QUANTIZATION_QUANTIZATION_UTIL_H_
#define MOTE_KERNELS_QUANTIZATION_QUANTIZATION_UTIL_H_
#include "mote/quantization_util.h"
#endif  // MOTE_KERNELS_QUANTIZATION_QUANTIZATION_UTIL_H_
