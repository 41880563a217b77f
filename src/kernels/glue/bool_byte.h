// Reading BOOL tensors. A BOOL element is one byte, and an application (or a model's constant) may store any
// byte value there; loading a byte other than 0 or 1 as a C++ bool is undefined behaviour (UBSan reports it, and
// compilers may assume it never happens). Kernels therefore read BOOL inputs as BoolByte: any non-zero byte is
// true, which is what TFLM's kernels compute for such bytes on the common targets, without the undefined load.
// Outputs are written as bool (always 0 or 1).
//
//   const BoolByte* in = AsBoolBytes(micro::GetTensorData<bool>(input));
//   output[i] = !in[i];  // BoolByte converts to bool
#ifndef MOTE_KERNELS_GLUE_BOOL_BYTE_H_
#define MOTE_KERNELS_GLUE_BOOL_BYTE_H_

#include <cstdint>

namespace mote {

struct BoolByte {
  uint8_t byte;
  constexpr operator bool() const { return byte != 0; }  // NOLINT(google-explicit-constructor): reads as a bool
};
static_assert(sizeof(BoolByte) == 1, "a BOOL element is one byte");

inline const BoolByte* AsBoolBytes(const bool* data) { return reinterpret_cast<const BoolByte*>(data); }

}  // namespace mote

#endif  // MOTE_KERNELS_GLUE_BOOL_BYTE_H_
