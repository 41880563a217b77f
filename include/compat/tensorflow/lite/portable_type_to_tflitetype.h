// TFLite's portable_type_to_tflitetype.h: the TfLiteType of a C++ type (test helpers build tensors with it).
#ifndef MOTE_COMPAT_TENSORFLOW_LITE_PORTABLE_TYPE_TO_TFLITETYPE_H_
#define MOTE_COMPAT_TENSORFLOW_LITE_PORTABLE_TYPE_TO_TFLITETYPE_H_

#include <cstdint>
#include <type_traits>

#include "tensorflow/lite/c/common.h"

namespace tflite {

template <typename T>
constexpr TfLiteType typeToTfLiteType() {
  using U = typename std::remove_cv<T>::type;
  return std::is_same<U, float>::value      ? kTfLiteFloat32
         : std::is_same<U, double>::value   ? kTfLiteFloat64
         : std::is_same<U, int8_t>::value   ? kTfLiteInt8
         : std::is_same<U, uint8_t>::value  ? kTfLiteUInt8
         : std::is_same<U, int16_t>::value  ? kTfLiteInt16
         : std::is_same<U, uint16_t>::value ? kTfLiteUInt16
         : std::is_same<U, int32_t>::value  ? kTfLiteInt32
         : std::is_same<U, uint32_t>::value ? kTfLiteUInt32
         : std::is_same<U, int64_t>::value  ? kTfLiteInt64
         : std::is_same<U, uint64_t>::value ? kTfLiteUInt64
         : std::is_same<U, bool>::value     ? kTfLiteBool
         : std::is_same<U, TfLiteFloat16>::value   ? kTfLiteFloat16
         : std::is_same<U, TfLiteComplex64>::value ? kTfLiteComplex64
                                                   : kTfLiteNoType;
}

}  // namespace tflite

#endif  // MOTE_COMPAT_TENSORFLOW_LITE_PORTABLE_TYPE_TO_TFLITETYPE_H_
