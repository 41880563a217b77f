# Bare-metal build for Cortex-M33 (Armv8-M Mainline, DSP, single-precision FPU)
# Debian's arm-none-eabi-gcc; everything else is in arm-none-eabi-common.cmake.
# Board: QEMU mps2-an505 (runs in the Secure state).
set(MOTE_CORTEX_M_CORE m33)
set(MOTE_CORTEX_M_FLAGS "-mcpu=cortex-m33 -mfpu=fpv5-sp-d16 -mfloat-abi=hard")
set(MOTE_TARGET_BOARD "mps2-an505")
include("${CMAKE_CURRENT_LIST_DIR}/arm-none-eabi-common.cmake")
