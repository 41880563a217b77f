// Moved to the public mote/integer_arithmetic.h (the TFLM kernel-author headers under include/compat/ need it).
#ifndef MOTE_KERNELS_QUANTIZATION_INTEGER_ARITHMETIC_H_
#define MOTE_KERNELS_QUANTIZATION_INTEGER_ARITHMETIC_H_
#include "mote/integer_arithmetic.h"
#endif  // MOTE_KERNELS_QUANTIZATION_INTEGER_ARITHMETIC_H_
