# Bare-metal build for Cortex-M7 (Armv7E-M, DSP, double-precision FPU)
# Debian's arm-none-eabi-gcc; everything else is in arm-none-eabi-common.cmake.
# Board: QEMU mps2-an500.
set(MOTE_CORTEX_M_CORE m7)
set(MOTE_CORTEX_M_FLAGS "-mcpu=cortex-m7 -mfpu=fpv5-d16 -mfloat-abi=hard")
set(MOTE_TARGET_BOARD "mps2-an500")
include("${CMAKE_CURRENT_LIST_DIR}/arm-none-eabi-common.cmake")
