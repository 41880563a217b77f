#!/usr/bin/env bash
# Installs mote into a temporary prefix and builds the example programs of the requirement articles against it
# with find_package(mote CONFIG) — examples/relu_quantized (the "ReluQuantized" custom op, seed 002, core
# library only) and examples/add_delegate (the demo ADD delegate and the ADD/CONV_2D/RELU resolver, seed 003,
# TFLite-style host API from mote::mote_host) and examples/micro_speech (the WAV keyword spotter; also installed
# as P/bin/micro_speech) — plus the delegate example once more with pkg-config flags.
# Each program checks itself (outputs equal to the builtin op / the CPU-only run) and exits non-zero otherwise.
set -euo pipefail
mote_bin=$1; src=$2
build=$(cd "$(dirname "$mote_bin")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cmake --install "$build" --prefix "$work/prefix" >/dev/null
# shellcheck source=lib/library_flags.sh
source "$(dirname "$0")/lib/library_flags.sh"
for example in relu_quantized add_delegate; do
  cmake -S "$src/examples/$example" -B "$work/$example" -DCMAKE_PREFIX_PATH="$work/prefix" \
    -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_CXX_FLAGS="$cxxflags" -DCMAKE_EXE_LINKER_FLAGS="$ldflags" >/dev/null
  cmake --build "$work/$example" >/dev/null
  echo "== $example"
  "$work/$example/$example"
done
test -x "$work/prefix/bin/micro_speech" || { echo "FAILED: cmake --install did not install bin/micro_speech"; exit 1; }
cmake -S "$src/examples/micro_speech" -B "$work/micro_speech" -DCMAKE_PREFIX_PATH="$work/prefix" \
  -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_CXX_FLAGS="$cxxflags" -DCMAKE_EXE_LINKER_FLAGS="$ldflags" >/dev/null
cmake --build "$work/micro_speech" >/dev/null
echo "== micro_speech (usage)"
status=0
"$work/micro_speech/micro_speech" >/dev/null 2>&1 || status=$?
[ "$status" -eq 2 ] || { echo "FAILED: micro_speech without arguments exited $status, not 2"; exit 1; }
export PKG_CONFIG_PATH="$work/prefix/lib/pkgconfig:$work/prefix/lib/x86_64-linux-gnu/pkgconfig:${PKG_CONFIG_PATH:-}"
# shellcheck disable=SC2046
# shellcheck disable=SC2086
"$cxx" -O2 $cxxflags -I"$src/examples/add_delegate" -o "$work/add_delegate_pc" "$src/examples/add_delegate/main.cc" \
  $(pkg-config --cflags --libs mote) $ldflags
echo "== add_delegate (pkg-config)"
"$work/add_delegate_pc" >/dev/null
echo "examples: 4 programs built against the installed prefix and passed"
