/* Console (semihosting), exit, timer and the newlib system calls for the QEMU Cortex-M boards (board.h). */
#include "board.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#ifndef MOTE_BOARD_NAME
#define MOTE_BOARD_NAME "unknown"
#endif
#ifndef MOTE_CORE_NAME
#define MOTE_CORE_NAME "unknown"
#endif

const char* board_name(void) { return MOTE_BOARD_NAME; }
const char* board_core(void) { return MOTE_CORE_NAME; }

/* --- Semihosting (Arm semihosting v2, as QEMU implements it) ------------------------------------------------ */
enum {
  kSysWrite = 0x05,
  kSysExitExtended = 0x20,
  kAdpStoppedApplicationExit = 0x20026,
};

static int32_t semihost_call(int32_t op, const void* arg) {
  register int32_t r0 __asm("r0") = op;
  register const void* r1 __asm("r1") = arg;
  __asm volatile("bkpt 0xAB" : "+r"(r0) : "r"(r1) : "memory");
  return r0;
}

static int32_t console_handle(void) {
  /* SYS_OPEN(":tt", mode "w" = 4) is the semihosting way to reach stdout. */
  static int32_t handle = -1;
  if (handle < 0) {
    static const char kTt[] = ":tt";
    const uint32_t args[3] = {(uint32_t)kTt, 4u, 3u};
    handle = semihost_call(0x01, args);
  }
  return handle;
}

void board_write(const char* data, size_t size) {
  if (size == 0) return;
  const uint32_t args[3] = {(uint32_t)console_handle(), (uint32_t)data, (uint32_t)size};
  semihost_call(kSysWrite, args);
}

void board_puts(const char* text) { board_write(text, strlen(text)); }

void board_exit(int code) {
  const uint32_t args[2] = {kAdpStoppedApplicationExit, (uint32_t)code};
  for (;;) semihost_call(kSysExitExtended, args);
}

/* --- Timer: SysTick, 24-bit down counter extended to 64 bits by its wrap interrupt ------------------------- */
#define SYST_CSR (*(volatile uint32_t*)0xE000E010u)
#define SYST_RVR (*(volatile uint32_t*)0xE000E014u)
#define SYST_CVR (*(volatile uint32_t*)0xE000E018u)
static volatile uint64_t g_wraps;
static const uint32_t kSysTickReload = 0xFFFFFFu;

void board_systick_handler(void) { g_wraps = g_wraps + 1; }

void board_timer_start(void) {
  SYST_CSR = 0;
  g_wraps = 0;
  SYST_RVR = kSysTickReload;
  SYST_CVR = 0;
  SYST_CSR = 7u; /* CLKSOURCE = processor clock, TICKINT, ENABLE */
}

uint64_t board_ticks(void) {
  uint64_t wraps;
  uint32_t value;
  do { /* re-read when a wrap was taken between the two reads */
    wraps = g_wraps;
    value = SYST_CVR;
  } while (wraps != g_wraps);
  return wraps * ((uint64_t)kSysTickReload + 1u) + (kSysTickReload - value);
}

/* QEMU's MPS2/MPS3 boards clock the CPU (and SysTick) at 25 MHz (an386/an500/an505) or 32 MHz (an547). */
uint32_t board_ticks_per_second(void) {
#if defined(MOTE_BOARD_MPS3_AN547)
  return 32000000u;
#else
  return 25000000u;
#endif
}

/* --- Instruction-count markers: noinline, one `bx lr` each ------------------------------------------------- */
__attribute__((noinline, used)) void insn_region_begin(void) { __asm volatile("" ::: "memory"); }
__attribute__((noinline, used)) void insn_region_end(void) { __asm volatile("" ::: "memory"); }

/* --- newlib system calls: console output only, no heap, no files ------------------------------------------- */
int _write(int fd, const char* data, int size) {
  if (fd != 1 && fd != 2) {
    errno = EBADF;
    return -1;
  }
  board_write(data, (size_t)size);
  return size;
}
int _read(int fd, char* data, int size) {
  (void)fd;
  (void)data;
  (void)size;
  return 0;
}
int _close(int fd) {
  (void)fd;
  return -1;
}
int _lseek(int fd, int offset, int whence) {
  (void)fd;
  (void)offset;
  (void)whence;
  return 0;
}
int _fstat(int fd, struct stat* st) {
  (void)fd;
  st->st_mode = S_IFCHR;
  return 0;
}
int _isatty(int fd) { return fd <= 2; }
int _getpid(void) { return 1; }
int _kill(int pid, int sig) {
  (void)pid;
  (void)sig;
  errno = EINVAL;
  return -1;
}
void _exit(int code) { board_exit(code); }
/* There is no heap: every request fails, so a stray malloc returns NULL (and the no-heap checks catch it). */
void* _sbrk(ptrdiff_t increment) {
  (void)increment;
  errno = ENOMEM;
  return (void*)-1;
}
