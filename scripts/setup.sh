#!/usr/bin/env bash
# Installs what a fresh Debian 12 machine lacks to build and test mote (needs root or sudo for apt). apt's output
# goes to build/setup-apt.log ($MOTE_SETUP_LOG overrides it); the terminal gets one line.
set -euo pipefail
# python3-dev: the Python package's extension (pip install .); chromium: the `mote report` page test (headless);
# g++-aarch64-linux-gnu, qemu-user: the AArch64 build and its tests under qemu-aarch64; libxnnpack-dev,
# libpthreadpool-dev: the optional XNNPACK delegate (mote::mote_xnnpack, `mote run --delegate xnnpack`).
packages=(build-essential cmake ninja-build clang libclang-rt-14-dev libgtest-dev libgmock-dev libbenchmark-dev
          libflatbuffers-dev flatbuffers-compiler pkg-config python3 python3-dev python3-venv git
          gcc-arm-none-eabi libnewlib-arm-none-eabi libstdc++-arm-none-eabi-newlib qemu-system-arm chromium
          g++-aarch64-linux-gnu qemu-user libxnnpack-dev libpthreadpool-dev)
missing=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  # apt's output goes to a log, not the terminal: one line says what is happening and where the log is.
  log="${MOTE_SETUP_LOG:-build/setup-apt.log}"
  mkdir -p "$(dirname "$log")"
  echo "setup: installing ${#missing[@]} Debian package(s): ${missing[*]} (log: $log)"
  if ! { $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}"; } \
      >"$log" 2>&1; then
    tail -20 "$log"
    echo "setup: apt-get failed (full log: $log)"
    exit 1
  fi
fi
