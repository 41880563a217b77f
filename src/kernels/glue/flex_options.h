// A custom op's FlexBuffers options, read in init and reported in prepare (TFLM's signal ops read theirs in
// init; init cannot fail with a message, so the first problem is kept and prepare reports it).
//
// Contract. The buffer is the node's custom_initial_data (untrusted, read through the bounded FlexMap, which
// it must outlive only during the reads). Every Read* of a key that is absent, of the wrong kind or out of
// range records the first problem and leaves *out untouched; later reads after a failure are no-ops, so init
// reads every key in a row and prepare calls Report() once:
//
//   FlexOptions options(buffer, length);
//   options.ReadInt32("num_channels", &data->num_channels);
//   data->options = options.status();                       // stored in OpData
//   ...
//   TF_LITE_ENSURE_STATUS(ReportFlexOptions(context, "SignalFilterBank", data->options));  // in prepare
//
// Messages: "<op>: the custom options are missing or not a FlexBuffers map", "<op>: option <key> is missing",
// "<op>: option <key> is not an int32", "<op>: option <key> is not a boolean".
#ifndef MOTE_KERNELS_GLUE_FLEX_OPTIONS_H_
#define MOTE_KERNELS_GLUE_FLEX_OPTIONS_H_

#include <cstddef>
#include <cstdint>
#include <new>

#include "kernels/glue/flexbuffer_map.h"
#include "mote/c/common.h"

namespace mote {

// The first problem of an options map: error == nullptr when every read succeeded. Both point at static
// strings (the key is the caller's literal), so the status may be kept in op data.
struct FlexOptionsStatus {
  const char* error = nullptr;  // "is missing", "is not an int32"... (or the whole-map message, key nullptr)
  const char* key = nullptr;
};

class FlexOptions {
 public:
  FlexOptions(const char* buffer, size_t length);
  // A required key (TFLM's signal kernels read every key they know; none has a default).
  void ReadInt32(const char* key, int32_t* out);
  void ReadBool(const char* key, bool* out);
  const FlexOptionsStatus& status() const { return status_; }

 private:
  bool Present(const char* key, FlexValue* value);
  void Fail(const char* key, const char* error);

  FlexMap map_;
  FlexOptionsStatus status_;
};

// kTfLiteOk when status holds no problem; else logs "<op_name>: ..." (see above) and returns kTfLiteError.
TfLiteStatus ReportFlexOptions(TfLiteContext* context, const char* op_name, const FlexOptionsStatus& status);

// kTfLiteOk when lo <= value <= hi; else logs "<op>: <what> is <value> (must be in [lo, hi])" (shifts beyond
// their type, counts below 1; `what` is "option snr_shift", "the constant scale bits").
TfLiteStatus CheckValueRange(TfLiteContext* context, const char* op_name, const char* what, int32_t value, int32_t lo,
                             int32_t hi);

// The init of a custom kernel whose op data (struct OpData with a FlexOptionsStatus `options` member) is
// filled from its options by read(): allocates it in persistent memory, value-initialises it, reads, keeps the
// status for prepare. nullptr only when the arena is full.
template <typename OpData>
void* InitWithFlexOptions(TfLiteContext* context, const char* buffer, size_t length,
                          void (*read)(FlexOptions*, OpData*)) {
  void* memory = context->AllocatePersistentBuffer(context, sizeof(OpData));
  if (memory == nullptr) return nullptr;
  auto* data = new (memory) OpData();
  FlexOptions options(buffer, length);
  read(&options, data);
  data->options = options.status();
  return data;
}

}  // namespace mote

#endif  // MOTE_KERNELS_GLUE_FLEX_OPTIONS_H_
