#!/usr/bin/env bash
# Cortex-M stage (docs/cortex-m.md): cross-builds mote for Cortex-M4, Cortex-M55 and Cortex-M0+ with Debian's
# arm-none-eabi-gcc (presets cortex-m4, cortex-m55, cortex-m0plus in build/cortex-m*) and runs the on-target tests
# under qemu-system-arm from CTest (the M0+ images on the Cortex-M3 board mps2-an385, which runs Armv6-M code as is):
# the unit image (lifecycle with a custom op, arena, resolvers, no heap), every kernel oracle case, the golden
# models bit-exact (tests/models, models/demo, and ../shared when present), the micro_speech pipeline on
# ../shared/audio's WAVs (M4 and M55; 1-4 s of QEMU per image), the demo application and the link-level no-heap
# check. About 3 minutes of CPU for M4 and M55, and about as much again for M0+ (its build took 541 s wall and its
# 117 tests 54-72 s on a shared 2-core machine, docs/cortex-m.md); each QEMU run has its own CTest timeout.
# Skips, saying so, when the cross compiler or QEMU is missing (scripts/setup.sh installs both).
set -euo pipefail
cd "$(dirname "$0")/../.."
for tool in arm-none-eabi-g++ qemu-system-arm; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "cortex-m: $tool not found (apt-get install gcc-arm-none-eabi libnewlib-arm-none-eabi" \
         "libstdc++-arm-none-eabi-newlib qemu-system-arm): skipping the Cortex-M stage"
    exit 0
  fi
done
start=$SECONDS
for core in m4 m55 m0plus; do
  echo "== cortex-$core: build"
  cmake --preset "cortex-$core" >/dev/null
  log="build/cortex-$core.build.log"
  cmake --build --preset "cortex-$core" >"$log" 2>&1 || { tail -n 40 "$log"; exit 1; }
  echo "== cortex-$core: on-target tests under qemu-system-arm"
  ctest --preset "cortex-$core"
done
echo "cortex-m: M4, M55 and M0+ passed in $((SECONDS - start)) s"
