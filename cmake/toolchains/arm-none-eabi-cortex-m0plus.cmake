# Bare-metal build for Cortex-M0+ (Armv6-M, no FPU, no DSP)
# Debian's arm-none-eabi-gcc; everything else is in arm-none-eabi-common.cmake.
# QEMU 7.2 models no Cortex-M0+ board: this build checks that the library and the tests compile and link
# (with the mps2 memory map), it does not run them.
set(MOTE_CORTEX_M_CORE m0plus)
set(MOTE_CORTEX_M_FLAGS "-mcpu=cortex-m0plus -mfloat-abi=soft")
set(MOTE_TARGET_BOARD "")
include("${CMAKE_CURRENT_LIST_DIR}/arm-none-eabi-common.cmake")
