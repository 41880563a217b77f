// Moved to the public mote/padding.h (the TFLM kernel-author headers under include/compat/ need it).
#ifndef MOTE_KERNELS_GLUE_PADDING_H_
#define MOTE_KERNELS_GLUE_PADDING_H_
#include "mote/padding.h"
#endif  // MOTE_KERNELS_GLUE_PADDING_H_
