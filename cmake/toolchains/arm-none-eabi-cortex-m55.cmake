# Bare-metal build for Cortex-M55 (Armv8.1-M, Helium/MVE with FP, double-precision FPU)
# Debian's arm-none-eabi-gcc; everything else is in arm-none-eabi-common.cmake.
# Board: QEMU mps3-an547.
set(MOTE_CORTEX_M_CORE m55)
set(MOTE_CORTEX_M_FLAGS "-mcpu=cortex-m55 -mfloat-abi=hard")
set(MOTE_TARGET_BOARD "mps3-an547")
include("${CMAKE_CURRENT_LIST_DIR}/arm-none-eabi-common.cmake")
