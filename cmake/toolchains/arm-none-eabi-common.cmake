# Shared part of the bare-metal Cortex-M toolchain files (arm-none-eabi-cortex-<core>.cmake set MOTE_CORTEX_M_CORE,
# MOTE_CORTEX_M_FLAGS and MOTE_TARGET_BOARD, then include this file). Debian 12's arm-none-eabi-gcc 12.2 with
# newlib-nano (apt: gcc-arm-none-eabi libnewlib-arm-none-eabi libstdc++-arm-none-eabi-newlib).
#
#   cmake --preset cortex-m4 && cmake --build --preset cortex-m4 && ctest --preset cortex-m4
#   cmake -S . -B build/cm7 -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/arm-none-eabi-cortex-m7.cmake
#
# What every translation unit gets: -mthumb + the core's -mcpu/-mfpu/-mfloat-abi, one section per function and
# object (so --gc-sections drops whatever the firmware does not reach), and for C++ no exceptions, no RTTI, no
# thread-safe statics guard calls and no __cxa_atexit registration (nothing on bare metal ever runs static
# destructors). Release is -O2 (what the instruction counts are measured with); MinSizeRel is -Os.
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR arm)

set(CMAKE_C_COMPILER arm-none-eabi-gcc)
set(CMAKE_CXX_COMPILER arm-none-eabi-g++)
set(CMAKE_ASM_COMPILER arm-none-eabi-gcc)
set(CMAKE_AR arm-none-eabi-ar CACHE FILEPATH "")
set(CMAKE_RANLIB arm-none-eabi-ranlib CACHE FILEPATH "")
set(CMAKE_SIZE arm-none-eabi-size CACHE FILEPATH "")
set(CMAKE_NM arm-none-eabi-nm CACHE FILEPATH "")
set(CMAKE_OBJCOPY arm-none-eabi-objcopy CACHE FILEPATH "")
# No bare-metal executable can link without a board's startup and linker script: probe with static libraries.
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)

# Host programs (flatc, python3) from the host; libraries and headers never from the host (its libc headers
# would clash with newlib's). FlatBuffers' header-only library is staged by cmake/MoteCrossCompile.cmake.
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

set(_mote_common_flags "-mthumb ${MOTE_CORTEX_M_FLAGS} -ffunction-sections -fdata-sections")
set(CMAKE_C_FLAGS_INIT "${_mote_common_flags}")
set(CMAKE_CXX_FLAGS_INIT
    "${_mote_common_flags} -fno-exceptions -fno-rtti -fno-threadsafe-statics -fno-use-cxa-atexit")
set(CMAKE_ASM_FLAGS_INIT "${_mote_common_flags}")
set(CMAKE_EXE_LINKER_FLAGS_INIT "-mthumb ${MOTE_CORTEX_M_FLAGS} --specs=nano.specs -Wl,--gc-sections")
# Cache entries set before project() win over CMake's GNU defaults (Release would otherwise be -O3).
set(CMAKE_C_FLAGS_RELEASE "-O2 -DNDEBUG" CACHE STRING "C flags, Release (bare metal)")
set(CMAKE_CXX_FLAGS_RELEASE "-O2 -DNDEBUG" CACHE STRING "C++ flags, Release (bare metal)")
set(CMAKE_C_FLAGS_MINSIZEREL "-Os -DNDEBUG" CACHE STRING "C flags, MinSizeRel (bare metal)")
set(CMAKE_CXX_FLAGS_MINSIZEREL "-Os -DNDEBUG" CACHE STRING "C++ flags, MinSizeRel (bare metal)")

# A cross build has no host test suite or command-line tool; targets/ adds the on-target tests instead.
set(MOTE_BUILD_TESTS OFF CACHE BOOL "Build the (host) test suite")
set(MOTE_BUILD_TOOLS OFF CACHE BOOL "Build the (host) mote command-line program")
set(MOTE_CORTEX_M_CORE "${MOTE_CORTEX_M_CORE}" CACHE STRING "Cortex-M core of this cross build" FORCE)
set(MOTE_TARGET_BOARD "${MOTE_TARGET_BOARD}" CACHE STRING "Board layer under targets/ (empty: library only)")
