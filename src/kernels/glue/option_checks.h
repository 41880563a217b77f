// Init and prepare helpers for custom kernels whose options are read with CustomOptions (custom_options.h):
// the whole init of an op data struct filled from its options, and the range check of an option value.
//
//   struct OpData { OptionStatus options; int32_t shift; };
//   void ReadOptions(CustomOptions* o, OpData* data) { o->Int("snr_shift", &data->shift); }
//   void* Init(TfLiteContext* c, const char* b, size_t n) { return InitWithCustomOptions<OpData>(c, b, n, ReadOptions); }
//   Prepare: TF_LITE_ENSURE_STATUS(data->options.Report(context, "SignalPCAN"));
//            TF_LITE_ENSURE_STATUS(CheckValueRange(context, "SignalPCAN", "option snr_shift", data->shift, 0, 63));
#ifndef MOTE_KERNELS_GLUE_OPTION_CHECKS_H_
#define MOTE_KERNELS_GLUE_OPTION_CHECKS_H_

#include <cstddef>
#include <cstdint>
#include <new>

#include "kernels/glue/custom_options.h"
#include "mote/c/common.h"

namespace mote {

// Allocates the op data (a struct with an OptionStatus `options` member) in persistent memory, value-initialises
// it and lets read() fill it from the options; the status stays for prepare to report. nullptr only when the
// arena is full.
template <typename OpData>
void* InitWithCustomOptions(TfLiteContext* context, const char* buffer, size_t length,
                            void (*read)(CustomOptions*, OpData*)) {
  void* memory = context->AllocatePersistentBuffer(context, sizeof(OpData));
  if (memory == nullptr) return nullptr;
  auto* data = new (memory) OpData();
  CustomOptions options(buffer, length, &data->options);
  read(&options, data);
  return data;
}

// kTfLiteOk when lo <= value <= hi; else logs "<op>: <what> is <value> (must be in [lo, hi])" (shifts beyond
// their type, counts below 1; `what` is "option snr_shift", "the constant scale bits").
TfLiteStatus CheckValueRange(TfLiteContext* context, const char* op_name, const char* what, int32_t value,
                             int32_t lo, int32_t hi);

}  // namespace mote

#endif  // MOTE_KERNELS_GLUE_OPTION_CHECKS_H_
