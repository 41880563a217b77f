// TFLM's micro/kernels/kernel_util.h: invoke-time tensor access (TfLiteEvalTensor), registrations from
// functions, and the prepare-time helpers TFLM kernels share. Subgraph copies (CopyOpInputsToSubgraphInputs...)
// come with mote's control-flow support (micro_graph.h).
#ifndef MOTE_COMPAT_TENSORFLOW_LITE_MICRO_KERNELS_KERNEL_UTIL_H_
#define MOTE_COMPAT_TENSORFLOW_LITE_MICRO_KERNELS_KERNEL_UTIL_H_

#include "mote/tflite_names.h"
#include "tensorflow/lite/c/builtin_op_data.h"
#include "tensorflow/lite/c/common.h"
#include "tensorflow/lite/kernels/internal/compatibility.h"
#include "tensorflow/lite/kernels/internal/types.h"
#include "tensorflow/lite/kernels/padding.h"
#include "tensorflow/lite/micro/micro_context.h"

namespace tflite {
namespace micro {

using ::tflite::RuntimePaddingType;

// Points `tensor` and `eval_tensor` (the same tensor) at a copy of its dims in persistent arena memory, so
// prepare may change them (a model's dims are read-only). Prepare only.
TfLiteStatus CreateWritableTensorDimsWithCopy(TfLiteContext* context, TfLiteTensor* tensor,
                                              TfLiteEvalTensor* eval_tensor);

// Copies every input's data to the output of the same index. Inputs and outputs must pair up with the same
// byte size; anything else is an error (nothing copied).
TfLiteStatus CopyOpInputsToOpOutputs(TfLiteContext* context, TfLiteNode* node);

}  // namespace micro
}  // namespace tflite

#endif  // MOTE_COMPAT_TENSORFLOW_LITE_MICRO_KERNELS_KERNEL_UTIL_H_
