# AArch64 Linux (Armv8-A) with Debian's g++-aarch64-linux-gnu; tests and build-time tools run under
# qemu-aarch64 (Debian's qemu-user) with the cross sysroot's loader and libraries.
#   cmake --preset aarch64 && cmake --build --preset aarch64 && ctest --preset aarch64
# MOTE_QEMU_AARCH64_CPU picks the emulated core (default "max": every extension QEMU has; "cortex-a53" is an
# Armv8.0 core without the dot-product instructions).
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)
set(MOTE_AARCH64_SYSROOT /usr/aarch64-linux-gnu)
set(CMAKE_FIND_ROOT_PATH ${MOTE_AARCH64_SYSROOT})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
if(NOT DEFINED MOTE_QEMU_AARCH64_CPU)
  set(MOTE_QEMU_AARCH64_CPU max)
endif()
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64 -cpu ${MOTE_QEMU_AARCH64_CPU} -L ${MOTE_AARCH64_SYSROOT})
