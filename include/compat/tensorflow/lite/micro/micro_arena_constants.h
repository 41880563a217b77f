// TFLM's micro/micro_arena_constants.h.
#ifndef MOTE_COMPAT_TENSORFLOW_LITE_MICRO_MICRO_ARENA_CONSTANTS_H_
#define MOTE_COMPAT_TENSORFLOW_LITE_MICRO_MICRO_ARENA_CONSTANTS_H_

namespace tflite {

// TFLM's arena alignment. mote needs only alignof(std::max_align_t) (8 on Cortex-M, 16 on x86-64), so an
// arena aligned to this value suits both.
constexpr int MicroArenaBufferAlignment() { return 16; }

}  // namespace tflite

#endif  // MOTE_COMPAT_TENSORFLOW_LITE_MICRO_MICRO_ARENA_CONSTANTS_H_
