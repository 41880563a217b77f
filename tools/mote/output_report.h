// How `mote run` prints an output: top-k classes for outputs that look like class scores, else a summary.
#ifndef MOTE_TOOLS_OUTPUT_REPORT_H_
#define MOTE_TOOLS_OUTPUT_REPORT_H_

#include <cstddef>
#include <string>
#include <vector>

#include "mote/micro_interpreter.h"

namespace mote {
namespace cli {

// True when output `k` of the (verified) model reads as class scores: a 1-D or [1, N] tensor (N >= 2) that a
// SOFTMAX or LOGISTIC produces (through RESHAPE, SQUEEZE, QUANTIZE or DEQUANTIZE), or any such tensor when the
// user has labels for it.
bool LooksLikeClassScores(const schema::Model* model, size_t k, const TfLiteTensor* t, bool have_labels);

// "output k 'name' INT8 [1, 10]" and then the top `top` classes (with labels when there are) or, for other
// outputs, shape, min/max/mean and the first values (dequantized for quantized tensors).
void PrintOutput(size_t k, const TfLiteTensor* t, bool class_scores, size_t top,
                 const std::vector<std::string>& labels);

}  // namespace cli
}  // namespace mote

#endif  // MOTE_TOOLS_OUTPUT_REPORT_H_
