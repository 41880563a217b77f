# Included by the top CMakeLists.txt when cross-compiling: bare metal (cmake/toolchains/arm-none-eabi-cortex-*.cmake)
# or AArch64 Linux (cmake/toolchains/aarch64-linux-gnu.cmake, run under qemu-aarch64).
#
# The schema header that flatc generates includes <flatbuffers/flatbuffers.h> (header-only). A cross build
# must not put the host's /usr/include on its include path (the host's glibc headers would shadow the
# target's), so the
# FlatBuffers headers alone are staged into <build>/staging/include (a symbolic link, or a copy where links
# are not possible) and FLATBUFFERS_INCLUDE_DIR points there before the top file looks for it.
find_path(MOTE_HOST_FLATBUFFERS_INCLUDE_DIR flatbuffers/flatbuffers.h
  PATHS /usr/include /usr/local/include NO_DEFAULT_PATH NO_CMAKE_FIND_ROOT_PATH
  DOC "Host directory holding flatbuffers/flatbuffers.h (Debian: libflatbuffers-dev)")
if(NOT MOTE_HOST_FLATBUFFERS_INCLUDE_DIR)
  message(FATAL_ERROR "FlatBuffers headers not found on the host (apt-get install libflatbuffers-dev); set "
                      "MOTE_HOST_FLATBUFFERS_INCLUDE_DIR to the directory that holds flatbuffers/flatbuffers.h")
endif()
set(_mote_staging "${CMAKE_BINARY_DIR}/staging/include")
file(MAKE_DIRECTORY "${_mote_staging}")
if(NOT EXISTS "${_mote_staging}/flatbuffers/flatbuffers.h")
  file(REMOVE_RECURSE "${_mote_staging}/flatbuffers")
  file(CREATE_LINK "${MOTE_HOST_FLATBUFFERS_INCLUDE_DIR}/flatbuffers" "${_mote_staging}/flatbuffers"
       SYMBOLIC COPY_ON_ERROR)
endif()
set(FLATBUFFERS_INCLUDE_DIR "${_mote_staging}" CACHE PATH "FlatBuffers headers (staged for the cross build)" FORCE)

if(CMAKE_SYSTEM_NAME STREQUAL "Linux")
  if(NOT CMAKE_CROSSCOMPILING_EMULATOR)
    message(FATAL_ERROR "A cross build for Linux needs CMAKE_CROSSCOMPILING_EMULATOR (qemu-aarch64) to run its "
                        "tests and build-time tools: use cmake/toolchains/aarch64-linux-gnu.cmake")
  endif()
  message(STATUS "mote: ${CMAKE_SYSTEM_PROCESSOR} Linux build, run under '${CMAKE_CROSSCOMPILING_EMULATOR}'")
  return()
endif()
if(NOT MOTE_CORTEX_M_CORE)
  message(FATAL_ERROR "Cross builds of mote use cmake/toolchains/arm-none-eabi-cortex-<core>.cmake or "
                      "cmake/toolchains/aarch64-linux-gnu.cmake")
endif()
# The on-target tests (targets/tests) run from CTest at the top of the build tree.
enable_testing()
message(STATUS "mote: bare-metal build for core ${MOTE_CORTEX_M_CORE}, board '${MOTE_TARGET_BOARD}'")
