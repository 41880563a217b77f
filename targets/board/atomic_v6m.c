/* Armv6-M (Cortex-M0/M0+) has no exclusive load/store, so GCC turns read-modify-write atomics (compare-exchange,
 * exchange, fetch-and-op) into calls to libatomic, which arm-none-eabi toolchains do not ship. On these
 * single-core parts masking interrupts makes the operation atomic; these are those library functions. Other
 * cores inline LDREX/STREX and never reference them. */
#if defined(__ARM_ARCH_6M__)
#include <stdbool.h>
#include <stdint.h>

static inline uint32_t enter(void) {
  uint32_t primask;
  __asm volatile("mrs %0, primask\n cpsid i" : "=r"(primask)::"memory");
  return primask;
}
static inline void leave(uint32_t primask) { __asm volatile("msr primask, %0" ::"r"(primask) : "memory"); }

#define MOTE_ATOMIC_OPS(n, type)                                                                               \
  bool __atomic_compare_exchange_##n(volatile void* ptr, void* expected, type desired, bool weak, int success, \
                                     int failure) {                                                            \
    (void)weak;                                                                                                \
    (void)success;                                                                                             \
    (void)failure;                                                                                             \
    const uint32_t s = enter();                                                                                \
    volatile type* p = (volatile type*)ptr;                                                                    \
    const bool equal = *p == *(type*)expected;                                                                 \
    if (equal) {                                                                                               \
      *p = desired;                                                                                            \
    } else {                                                                                                   \
      *(type*)expected = *p;                                                                                   \
    }                                                                                                          \
    leave(s);                                                                                                  \
    return equal;                                                                                              \
  }                                                                                                            \
  type __atomic_exchange_##n(volatile void* ptr, type value, int order) {                                      \
    (void)order;                                                                                               \
    const uint32_t s = enter();                                                                                \
    volatile type* p = (volatile type*)ptr;                                                                    \
    const type old = *p;                                                                                       \
    *p = value;                                                                                                \
    leave(s);                                                                                                  \
    return old;                                                                                                \
  }                                                                                                            \
  MOTE_ATOMIC_FETCH(n, type, add, +)                                                                           \
  MOTE_ATOMIC_FETCH(n, type, sub, -)                                                                           \
  MOTE_ATOMIC_FETCH(n, type, and, &)                                                                           \
  MOTE_ATOMIC_FETCH(n, type, or, |)                                                                            \
  MOTE_ATOMIC_FETCH(n, type, xor, ^)

#define MOTE_ATOMIC_FETCH(n, type, name, op)                                \
  type __atomic_fetch_##name##_##n(volatile void* ptr, type value, int order) { \
    (void)order;                                                            \
    const uint32_t s = enter();                                             \
    volatile type* p = (volatile type*)ptr;                                 \
    const type old = *p;                                                    \
    *p = (type)(old op value);                                              \
    leave(s);                                                               \
    return old;                                                             \
  }

MOTE_ATOMIC_OPS(1, uint8_t)
MOTE_ATOMIC_OPS(2, uint16_t)
MOTE_ATOMIC_OPS(4, uint32_t)
#endif
