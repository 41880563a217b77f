// TFLM's micro/kernels/micro_ops.h: every kernel's registration factory. mote's factories (one per op-table
// line, mote/tflite_names.h) are all in namespace tflite, and also in tflite::ops::micro, where older TFLM
// declares half of them (tflite::ops::micro::Register_DEQUANTIZE()): a test written for either compiles.
// The type-specialised factories TFLM declares in the per-op headers (Register_CONV_2D_INT8() in conv.h...)
// are there too.
#ifndef MOTE_COMPAT_TENSORFLOW_LITE_MICRO_KERNELS_MICRO_OPS_H_
#define MOTE_COMPAT_TENSORFLOW_LITE_MICRO_KERNELS_MICRO_OPS_H_

#include "mote/op_table.h"
#include "mote/tflite_names.h"
#include "tensorflow/lite/c/common.h"

namespace tflite {
namespace ops {
namespace micro {
#define MOTE_TFLITE_OPS_MICRO_FACTORY(code, add_name, parser, max_version) using ::tflite::Register_##code;
MOTE_BUILTIN_OPS(MOTE_TFLITE_OPS_MICRO_FACTORY)
#undef MOTE_TFLITE_OPS_MICRO_FACTORY
}  // namespace micro
}  // namespace ops
}  // namespace tflite

#endif  // MOTE_COMPAT_TENSORFLOW_LITE_MICRO_KERNELS_MICRO_OPS_H_
