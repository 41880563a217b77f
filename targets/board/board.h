/* Board layer for mote's bare-metal Cortex-M builds under QEMU (mps2-an386 M4, mps2-an500 M7, mps2-an505 M33,
 * mps3-an547 M55). C API, usable from C and C++.
 *
 *   int main(void) {            // startup.c has run: .data copied, .bss zeroed, FPU/MVE on, constructors run
 *     board_install_log_sink(); // mote's log sink -> semihosting console (see board_log.cc)
 *     board_printf("hello %d\n", 42);
 *     return 0;                 // becomes QEMU's exit status (semihosting SYS_EXIT_EXTENDED)
 *   }
 *
 * Nothing here allocates: no heap exists on these boards (the newlib syscall _sbrk refuses every request, so a
 * stray malloc returns NULL instead of growing into the stack). Output is semihosting: QEMU prints it on its
 * stdout when started with -semihosting-config enable=on,target=native (targets/run_qemu.sh does).
 */
#ifndef MOTE_TARGETS_BOARD_BOARD_H_
#define MOTE_TARGETS_BOARD_BOARD_H_

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Name of the board and core this image was built for ("mps2-an386", "cortex-m4"). */
const char* board_name(void);
const char* board_core(void);

/* Writes `size` bytes / a NUL-terminated string to the semihosting console (stdout). */
void board_write(const char* data, size_t size);
void board_puts(const char* text);
/* printf to the console through a 256-byte stack buffer (longer output is truncated). */
void board_printf(const char* format, ...) __attribute__((format(printf, 1, 2)));

/* Ends the program: `code` becomes QEMU's exit status. */
void board_exit(int code) __attribute__((noreturn));

/* Routes mote's log sink (mote::SetLogSink) to the console, one message per line. */
void board_install_log_sink(void);

/* Timer hook: a free-running 64-bit tick count from SysTick (CPU clock source). Under QEMU the clock is
 * virtual: with `-icount shift=0` one tick is exactly one instruction, without it ticks follow host time and
 * are not reproducible. board_ticks_per_second() is the nominal SysTick frequency. */
void board_timer_start(void);
uint64_t board_ticks(void);
uint32_t board_ticks_per_second(void);

/* Instruction-count markers for the QEMU insncount plugin (../shared/tools/qemu-cortex-m): every
 * insn_region_begin() -> insn_region_end() pair is one counted region; an empty region costs 2 instructions. */
void insn_region_begin(void);
void insn_region_end(void);

#ifdef __cplusplus
}
#endif

#endif /* MOTE_TARGETS_BOARD_BOARD_H_ */
