// Dot4V6m (arm_v6m.h): four int8 dot products sharing each input load, for Armv6-M (Cortex-M0/M0+).
//
// Hand-written because the loop needs 13 live values and Armv6-M's loads, multiplies and flag-setting adds take
// low registers only: GCC 12 spills the accumulators to the stack in C. Here r0-r4 hold the end pointers of the
// input and the four rows, r5 the (negative) index, r6 the offset input value, r7 the product; the accumulators
// live in r8-r11 (ADD takes high registers) and the input offset in r12.
#include "kernels/simd/arm_v6m.h"

#include <cstddef>

namespace mote {
namespace arm_v6m {

static_assert(offsetof(Dot4Job, x) == 0 && offsetof(Dot4Job, f) == 4 && offsetof(Dot4Job, n) == 20 &&
                  offsetof(Dot4Job, input_offset) == 24 && offsetof(Dot4Job, acc) == 28,
              "Dot4V6m's assembly reads these offsets");

// One value at index r5: r6 = x + offset, then the four rows.
#define MOTE_V6M_DOT4_VALUE         \
  "ldrsb r6, [r0, r5]\n\t"          \
  "add r6, r6, r12\n\t"             \
  "ldrsb r7, [r1, r5]\n\t"          \
  "muls r7, r6, r7\n\t"             \
  "add r8, r8, r7\n\t"              \
  "ldrsb r7, [r2, r5]\n\t"          \
  "muls r7, r6, r7\n\t"             \
  "add r9, r9, r7\n\t"              \
  "ldrsb r7, [r3, r5]\n\t"          \
  "muls r7, r6, r7\n\t"             \
  "add r10, r10, r7\n\t"            \
  "ldrsb r7, [r4, r5]\n\t"          \
  "muls r7, r6, r7\n\t"             \
  "add r11, r11, r7\n\t"

__attribute__((naked, noinline)) void Dot4V6m(Dot4Job* job) {
  (void)job;
  __asm__ volatile(
      ".syntax unified\n\t"
      "push {r4, r5, r6, r7, lr}\n\t"
      "mov r4, r8\n\t"
      "mov r5, r9\n\t"
      "mov r6, r10\n\t"
      "mov r7, r11\n\t"
      "push {r0, r4, r5, r6, r7}\n\t"
      "ldr r1, [r0, #24]\n\t"
      "mov r12, r1\n\t"
      "ldr r1, [r0, #28]\n\t"
      "mov r8, r1\n\t"
      "ldr r1, [r0, #32]\n\t"
      "mov r9, r1\n\t"
      "ldr r1, [r0, #36]\n\t"
      "mov r10, r1\n\t"
      "ldr r1, [r0, #40]\n\t"
      "mov r11, r1\n\t"
      "ldr r5, [r0, #20]\n\t"
      "ldr r1, [r0, #4]\n\t"
      "ldr r2, [r0, #8]\n\t"
      "ldr r3, [r0, #12]\n\t"
      "ldr r4, [r0, #16]\n\t"
      "ldr r0, [r0, #0]\n\t"
      "adds r0, r0, r5\n\t"
      "adds r1, r1, r5\n\t"
      "adds r2, r2, r5\n\t"
      "adds r3, r3, r5\n\t"
      "adds r4, r4, r5\n\t"
      "rsbs r5, r5, #0\n\t"  // index from -n up to 0
      "beq 3f\n\t"
      "lsls r6, r5, #31\n\t"  // an odd count does one value first
      "beq 1f\n\t"
      MOTE_V6M_DOT4_VALUE
      "adds r5, r5, #1\n\t"
      "beq 3f\n\t"
      "1:\n\t"
      MOTE_V6M_DOT4_VALUE
      "adds r5, r5, #1\n\t"
      MOTE_V6M_DOT4_VALUE
      "adds r5, r5, #1\n\t"
      "bne 1b\n\t"
      "3:\n\t"
      "pop {r0}\n\t"
      "mov r1, r8\n\t"
      "str r1, [r0, #28]\n\t"
      "mov r1, r9\n\t"
      "str r1, [r0, #32]\n\t"
      "mov r1, r10\n\t"
      "str r1, [r0, #36]\n\t"
      "mov r1, r11\n\t"
      "str r1, [r0, #40]\n\t"
      "pop {r4, r5, r6, r7}\n\t"
      "mov r8, r4\n\t"
      "mov r9, r5\n\t"
      "mov r10, r6\n\t"
      "mov r11, r7\n\t"
      "pop {r4, r5, r6, r7, pc}\n\t");
}

#undef MOTE_V6M_DOT4_VALUE

static_assert(sizeof(TapOffsets) == 8 && offsetof(TapsJob, in) == 0 && offsetof(TapsJob, f) == 4 &&
                  offsetof(TapsJob, taps) == 8 && offsetof(TapsJob, tap_count) == 12 &&
                  offsetof(TapsJob, channels) == 16 && offsetof(TapsJob, input_offset) == 20 &&
                  offsetof(TapsJob, acc) == 24 && offsetof(TapsJob, step) == 28,
              "TapsV6m's assembly reads these offsets");

// r0 = input + c, r1 = filter + c, r2 = tap pointer, r3/r4 = the tap's offsets, r5 = input value, r6 = product,
// r7 = accumulator; r8 = end of the tap table, r9 = input offset, r10 = accumulator pointer, r11 = channels
// left, r12 = tap table, lr = step.
__attribute__((naked, noinline)) void TapsV6m(const TapsJob* job) {
  (void)job;
  __asm__ volatile(
      ".syntax unified\n\t"
      "push {r4, r5, r6, r7, lr}\n\t"
      "mov r4, r8\n\t"
      "mov r5, r9\n\t"
      "mov r6, r10\n\t"
      "mov r7, r11\n\t"
      "push {r4, r5, r6, r7}\n\t"
      "ldr r2, [r0, #8]\n\t"
      "mov r12, r2\n\t"
      "ldr r3, [r0, #12]\n\t"
      "lsls r3, r3, #3\n\t"
      "adds r3, r2, r3\n\t"
      "mov r8, r3\n\t"
      "ldr r3, [r0, #16]\n\t"
      "mov r11, r3\n\t"
      "ldr r3, [r0, #20]\n\t"
      "mov r9, r3\n\t"
      "ldr r3, [r0, #24]\n\t"
      "mov r10, r3\n\t"
      "ldr r3, [r0, #28]\n\t"
      "mov lr, r3\n\t"
      "ldr r1, [r0, #4]\n\t"
      "ldr r0, [r0, #0]\n\t"
      "1:\n\t"
      "mov r2, r12\n\t"
      "movs r7, #0\n\t"
      "2:\n\t"
      "ldm r2!, {r3, r4}\n\t"
      "ldrsb r5, [r0, r3]\n\t"
      "ldrsb r6, [r1, r4]\n\t"
      "add r5, r5, r9\n\t"
      "muls r6, r5, r6\n\t"
      "adds r7, r7, r6\n\t"
      "cmp r2, r8\n\t"
      "bne 2b\n\t"
      "mov r5, r10\n\t"
      "str r7, [r5]\n\t"
      "mov r6, lr\n\t"
      "lsls r3, r6, #2\n\t"
      "adds r5, r5, r3\n\t"
      "mov r10, r5\n\t"
      "adds r0, r0, #1\n\t"
      "adds r1, r1, r6\n\t"
      "mov r6, r11\n\t"
      "subs r6, r6, #1\n\t"
      "mov r11, r6\n\t"
      "bne 1b\n\t"
      "pop {r4, r5, r6, r7}\n\t"
      "mov r8, r4\n\t"
      "mov r9, r5\n\t"
      "mov r10, r6\n\t"
      "mov r11, r7\n\t"
      "pop {r4, r5, r6, r7, pc}\n\t");
}

}  // namespace arm_v6m
}  // namespace mote
