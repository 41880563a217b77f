#!/usr/bin/env bash
# AArch64 stage: cross-builds mote for AArch64 Linux with Debian's g++-aarch64-linux-gnu (preset aarch64, in
# build/aarch64) and runs the host suite from CTest under qemu-aarch64 (Debian's qemu-user): unit, kernel
# oracle, golden models, CLI, fuzz regressions, no-heap. The four tests that build consumer projects against
# the installed package with the host's compiler are left to the host suite. Skips, saying so, when the cross
# compiler or QEMU is missing (scripts/setup.sh installs both).
set -euo pipefail
cd "$(dirname "$0")/../.."
for tool in aarch64-linux-gnu-g++ qemu-aarch64; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "aarch64: $tool not found (apt-get install g++-aarch64-linux-gnu qemu-user): skipping the AArch64 stage"
    exit 0
  fi
done
start=$SECONDS
cmake --preset aarch64 >/dev/null
log=build/aarch64.build.log
cmake --build --preset aarch64 >"$log" 2>&1 || { tail -n 40 "$log"; exit 1; }
echo "== aarch64: host suite under qemu-aarch64 (built in $((SECONDS - start)) s)"
ctest --preset aarch64
# The suite above runs on QEMU's "max" core (NEON + dot product); the kernel variants again on an Armv8.0 core
# without the dot product, where prepare must pick the NEON level (docs/aarch64.md).
echo "== aarch64: kernel variants and dispatch under qemu-aarch64 -cpu cortex-a53"
qemu-aarch64 -cpu cortex-a53 -L /usr/aarch64-linux-gnu build/aarch64/tests/mote_tests \
  --gtest_filter='*Neon*:CpuFeatures*:Conv2D*:DepthwiseConv2D*:FullyConnected*' --gtest_brief=1
echo "aarch64: passed in $((SECONDS - start)) s"
