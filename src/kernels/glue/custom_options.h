// A custom op's FlexBuffers options, read in init and reported in prepare (init cannot fail with a message).
// TFLM's signal kernels read their options by position in the key-sorted map (FlexbufferWrapper::ElementAs*),
// trusting the converter; mote reads each by key through the bounded FlexMap and refuses a missing key or a
// value of the wrong kind, so hostile options are a prepare error, never a guess.
//
//   struct OpData { OptionStatus options; int32_t shift; ... };
//   void* Init(TfLiteContext* context, const char* buffer, size_t length) {
//     OpData* data = ...;
//     CustomOptions options(buffer, length, &data->options);
//     options.Int("shift", &data->shift);       // every key the op needs, in any order
//     return data;
//   }
//   Prepare: TF_LITE_ENSURE_STATUS(data->options.Report(context, "SignalWindow"));
//
// Messages: "<op>: the custom options are missing or not a FlexBuffers map", "<op>: option <key> is missing",
// "<op>: option <key> is not an int32" / "is not a boolean" (the first problem found).
#ifndef MOTE_KERNELS_GLUE_CUSTOM_OPTIONS_H_
#define MOTE_KERNELS_GLUE_CUSTOM_OPTIONS_H_

#include <cstddef>
#include <cstdint>

#include "kernels/glue/flexbuffer_map.h"
#include "mote/c/common.h"

namespace mote {

// What init found wrong with the options (nothing: problem == nullptr). Lives in the op data.
struct OptionStatus {
  const char* problem;
  const char* key;  // nullptr when the problem is the whole buffer
  TfLiteStatus Report(TfLiteContext* context, const char* op) const;
};

class CustomOptions {
 public:
  // Resets *status, then records in it when the buffer is not a FlexBuffers map.
  CustomOptions(const char* buffer, size_t length, OptionStatus* status);
  // The required value under `key` into *out (left as it is on failure, the first failure recorded).
  void Int(const char* key, int32_t* out);
  void Bool(const char* key, bool* out);

 private:
  bool Lookup(const char* key, FlexValue* value);
  void Fail(const char* problem, const char* key);

  FlexMap map_;
  bool valid_;
  OptionStatus* status_;
};

}  // namespace mote

#endif  // MOTE_KERNELS_GLUE_CUSTOM_OPTIONS_H_
