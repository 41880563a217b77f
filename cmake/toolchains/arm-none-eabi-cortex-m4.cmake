# Bare-metal build for Cortex-M4 (Armv7E-M, DSP, single-precision FPU)
# Debian's arm-none-eabi-gcc; everything else is in arm-none-eabi-common.cmake.
# Board: QEMU mps2-an386.
set(MOTE_CORTEX_M_CORE m4)
set(MOTE_CORTEX_M_FLAGS "-mcpu=cortex-m4 -mfpu=fpv4-sp-d16 -mfloat-abi=hard")
set(MOTE_TARGET_BOARD "mps2-an386")
include("${CMAKE_CURRENT_LIST_DIR}/arm-none-eabi-common.cmake")
