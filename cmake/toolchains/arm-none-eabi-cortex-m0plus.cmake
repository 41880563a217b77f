# Bare-metal build for Cortex-M0+ (Armv6-M, no FPU, no DSP)
# Debian's arm-none-eabi-gcc; everything else is in arm-none-eabi-common.cmake.
# Board: QEMU mps2-an385 (Cortex-M3). QEMU 7.2 models no Cortex-M0+ board with enough memory; Armv6-M is a
# subset of Armv7-M, so the -mcpu=cortex-m0plus images run unchanged (same instruction stream) on the M3 board.
set(MOTE_CORTEX_M_CORE m0plus)
set(MOTE_CORTEX_M_FLAGS "-mcpu=cortex-m0plus -mfloat-abi=soft")
set(MOTE_TARGET_BOARD "mps2-an385")
include("${CMAKE_CURRENT_LIST_DIR}/arm-none-eabi-common.cmake")
