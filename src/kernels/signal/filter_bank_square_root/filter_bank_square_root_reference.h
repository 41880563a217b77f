// SignalFilterBankSquareRoot's compute (TFLM's FilterbankSqrt over Sqrt64 / Sqrt32): each channel's integer
// square root, shifted right by scale_bits. The square root is TFLM's digit-by-digit one, bit for bit: values
// below 2^32 take the 32-bit path, whose result is rounded up when the remainder exceeds it but never past
// 0xFFFF (TFLM's "slight off by one" near 2^32 is kept on purpose); larger values take the 64-bit path (rounded
// up, never past 0xFFFFFFFF).
//
// Preconditions: 0 <= shift <= 31 (the glue masks a runtime shift as x86's shift instruction does).
#ifndef MOTE_KERNELS_SIGNAL_FILTER_BANK_SQUARE_ROOT_FILTER_BANK_SQUARE_ROOT_REFERENCE_H_
#define MOTE_KERNELS_SIGNAL_FILTER_BANK_SQUARE_ROOT_FILTER_BANK_SQUARE_ROOT_REFERENCE_H_

#include <cstdint>

#include "kernels/signal/top_bit.h"

namespace mote {
namespace reference {

// Digit-by-digit root of `num` (non-zero, highest set bit `top`, counted from 1) on a T-wide word: the first
// trial bit is the even bit position at or below the top set bit; `cap` bounds the final round-up.
template <typename T>
T DigitRoot(T num, int top, T cap) {
  constexpr int kBits = static_cast<int>(sizeof(T) * 8);
  const int lead = (kBits - top) | 1;  // leading zeros forced odd: the trial bit sits on an even position
  T bit = static_cast<T>(T{1} << (kBits - 1 - lead));
  T res = 0;
  for (int iterations = (kBits - 1 - lead) / 2 + 1; iterations > 0; --iterations) {
    if (num >= res + bit) {
      num -= res + bit;
      res = static_cast<T>((res >> 1) + bit);
    } else {
      res >>= 1;
    }
    bit >>= 2;
  }
  if (num > res && res != cap) ++res;
  return res;
}

inline uint32_t SignalSqrt64(uint64_t num) {
  if ((num >> 32) == 0) {
    const uint32_t low = static_cast<uint32_t>(num);
    return low == 0 ? 0 : DigitRoot<uint32_t>(low, TopBit32(low), 0xFFFFu);
  }
  return static_cast<uint32_t>(DigitRoot<uint64_t>(num, TopBit64(num), 0xFFFFFFFFu));
}

inline void FilterBankSquareRoot(const uint64_t* input, int count, int shift, uint32_t* output) {
  for (int i = 0; i < count; ++i) output[i] = SignalSqrt64(input[i]) >> shift;
}

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_SIGNAL_FILTER_BANK_SQUARE_ROOT_FILTER_BANK_SQUARE_ROOT_REFERENCE_H_
