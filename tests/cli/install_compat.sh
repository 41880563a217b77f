#!/usr/bin/env bash
# Installs mote into a temporary prefix, then builds the TFLM-style program examples/tflm_app twice against
# the installed prefix — with pkg-config flags and with find_package(mote CONFIG) — and runs both on the demo
# model's sample digits: each must print the sample's label. Then builds the `mote` tool itself (tools/mote)
# against the prefix only — it may use nothing under src/ — and checks that it inspects the demo model as the
# in-tree build does.
set -euo pipefail
mote_bin=$1; src=$2
build=$(cd "$(dirname "$mote_bin")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cmake --install "$build" --prefix "$work/prefix" >/dev/null
# shellcheck source=lib/library_flags.sh
source "$(dirname "$0")/lib/library_flags.sh"
export PKG_CONFIG_PATH="$work/prefix/lib/pkgconfig:$work/prefix/lib/x86_64-linux-gnu/pkgconfig:${PKG_CONFIG_PATH:-}"
# shellcheck disable=SC2046
# shellcheck disable=SC2086
"$cxx" -O2 $cxxflags -o "$work/app_pc" "$src/examples/tflm_app/main.cc" $(pkg-config --cflags --libs mote) $ldflags
cmake -S "$src/examples/tflm_app" -B "$work/app_build" -DCMAKE_PREFIX_PATH="$work/prefix" \
  -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_CXX_FLAGS="$cxxflags" -DCMAKE_EXE_LINKER_FLAGS="$ldflags" >/dev/null
cmake --build "$work/app_build" >/dev/null
for app in "$work/app_pc" "$work/app_build/tflm_app"; do
  for label in 0 3 7; do
    sample=$(ls "$src"/models/demo/samples/digit_${label}_*.bin | head -1)
    out=$("$app" "$src/models/demo/digits_int8.tflite" "$sample")
    echo "$app $sample: $out"
    case "$out" in "digit $label "*) ;; *) echo "FAILED: expected digit $label"; exit 1 ;; esac
  done
done
cmake -S "$src/tools/mote" -B "$work/tool_build" -DCMAKE_PREFIX_PATH="$work/prefix" \
  -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_CXX_FLAGS="$cxxflags" -DCMAKE_EXE_LINKER_FLAGS="$ldflags" >/dev/null
cmake --build "$work/tool_build" >/dev/null
"$work/tool_build/mote" inspect --json "$src/models/demo/digits_int8.tflite" >"$work/inspect_installed.json"
"$mote_bin" inspect --json "$src/models/demo/digits_int8.tflite" >"$work/inspect_tree.json"
cmp "$work/inspect_installed.json" "$work/inspect_tree.json"
echo "tools/mote built against the installed prefix only: same inspect output"
