/* Reset and exception handling for the QEMU Cortex-M boards (see board.h).
 *
 * QEMU's -kernel loader reads the initial SP and PC from the vector table at the core's reset VTOR (0x0, or
 * 0x10000000 for the Secure-state AN505), which the linker script places there. Reset_Handler enables the
 * FPU/MVE coprocessors, copies .data, zeroes .bss, runs the C++ constructors (the test shim registers its
 * tests with them) and exits with main()'s return value. Any fault ends the run with exit status
 * 0xE0 + exception number after printing where it happened, so a crash can never look like a pass.
 */
#include <stdint.h>

#include "board.h"

extern uint32_t __StackTop;
extern uint32_t __data_load__, __data_start__, __data_end__;
extern uint32_t __bss_start__, __bss_end__;
extern void (*__preinit_array_start[])(void);
extern void (*__preinit_array_end[])(void);
extern void (*__init_array_start[])(void);
extern void (*__init_array_end[])(void);

int main(void);
void Reset_Handler(void) __attribute__((noreturn));
void Fault_Handler(void);
void board_systick_handler(void);

/* Called with the exception stack frame (r0-r3, r12, lr, pc, xpsr). */
void board_report_fault(const uint32_t* frame, uint32_t exc_return) __attribute__((used, noreturn));
void board_report_fault(const uint32_t* frame, uint32_t exc_return) {
  uint32_t ipsr;
  __asm volatile("mrs %0, ipsr" : "=r"(ipsr));
  ipsr &= 0x1FFu;
  volatile const uint32_t* scb = (volatile const uint32_t*)0xE000ED00u;
  board_printf("\n*** fault: exception %lu at pc 0x%08lx (lr 0x%08lx, exc_return 0x%08lx, CFSR 0x%08lx, "
               "HFSR 0x%08lx, MMFAR 0x%08lx, BFAR 0x%08lx)\n",
               (unsigned long)ipsr, (unsigned long)frame[6], (unsigned long)frame[5], (unsigned long)exc_return,
               (unsigned long)scb[0x28 / 4], (unsigned long)scb[0x2C / 4], (unsigned long)scb[0x34 / 4],
               (unsigned long)scb[0x38 / 4]);
  board_exit((int)(0xE0u + (ipsr & 0x1Fu)));
}

/* Picks the stack the frame was pushed on (MSP or PSP) and hands it to board_report_fault. */
__attribute__((naked)) void Fault_Handler(void) {
  __asm volatile(
      "mov r1, lr\n"
      "movs r0, #4\n"
      "tst r0, r1\n"
      "bne 1f\n"
      "mrs r0, msp\n"
      "b board_report_fault\n"
      "1:\n"
      "mrs r0, psp\n"
      "b board_report_fault\n");
}

__attribute__((section(".vectors"), used)) void (*const board_vectors[16])(void) = {
    (void (*)(void))(&__StackTop),
    Reset_Handler,
    Fault_Handler, /* NMI */
    Fault_Handler, /* HardFault */
    Fault_Handler, /* MemManage */
    Fault_Handler, /* BusFault */
    Fault_Handler, /* UsageFault */
    Fault_Handler, /* SecureFault (Armv8-M) */
    0,
    0,
    0,
    Fault_Handler, /* SVCall */
    Fault_Handler, /* DebugMonitor */
    0,
    Fault_Handler, /* PendSV */
    board_systick_handler,
};

void Reset_Handler(void) {
#if defined(__ARM_FP) || defined(__ARM_FEATURE_MVE)
  /* CPACR: full access to CP10/CP11 (the FPU, and Helium on Armv8.1-M). */
  volatile uint32_t* cpacr = (volatile uint32_t*)0xE000ED88u;
  *cpacr |= 0xFu << 20;
  __asm volatile("dsb\n isb" ::: "memory");
#endif
  /* Unaligned word accesses are legal on Armv7-M/Armv8-M Mainline; make sure CCR.UNALIGN_TRP is off. */
#if !defined(__ARM_ARCH_6M__) && !defined(__ARM_ARCH_8M_BASE__)
  volatile uint32_t* ccr = (volatile uint32_t*)0xE000ED14u;
  *ccr &= ~(1u << 3);
  /* Report MemManage/BusFault/UsageFault as themselves rather than as HardFault. */
  volatile uint32_t* shcsr = (volatile uint32_t*)0xE000ED24u;
  *shcsr |= (1u << 16) | (1u << 17) | (1u << 18);
#endif
  uint32_t* src = &__data_load__;
  for (uint32_t* dst = &__data_start__; dst < &__data_end__;) *dst++ = *src++;
  for (uint32_t* dst = &__bss_start__; dst < &__bss_end__;) *dst++ = 0;
  for (void (**f)(void) = __preinit_array_start; f < __preinit_array_end; ++f) (*f)();
  for (void (**f)(void) = __init_array_start; f < __init_array_end; ++f) (*f)();
  board_exit(main());
}
