// TFLite's kernels/op_macros.h: fatal-error macros of copied kernel code. They log through MicroPrintf and
// abort, as TFLM's do; mote's own kernels return statuses instead.
#ifndef MOTE_COMPAT_TENSORFLOW_LITE_KERNELS_OP_MACROS_H_
#define MOTE_COMPAT_TENSORFLOW_LITE_KERNELS_OP_MACROS_H_

#include "tensorflow/lite/kernels/internal/compatibility.h"
#include "tensorflow/lite/micro/micro_log.h"

#define TF_LITE_FATAL(msg)      \
  do {                          \
    MicroPrintf("%s", (msg));   \
    TFLITE_ABORT;               \
  } while (0)

#define TF_LITE_ASSERT(x)                                  \
  do {                                                     \
    if (!(x)) TF_LITE_FATAL(#x);                           \
  } while (0)

#define TF_LITE_ASSERT_EQ(x, y)                            \
  do {                                                     \
    if ((x) != (y)) TF_LITE_FATAL(#x " didn't equal " #y); \
  } while (0)

#endif  // MOTE_COMPAT_TENSORFLOW_LITE_KERNELS_OP_MACROS_H_
