#!/usr/bin/env bash
# Installs mote into a temporary prefix and builds the TFLM-idiom kernel tests of tests/compat/ (a custom kernel
# written against TFLM's kernel headers, KernelRunner, test_helpers.h, micro_test.h and micro_test_v2.h)
# against it with pkg-config flags only, as a TFLM user's kernel tests would be built; each must print
# "~~~ALL TESTS PASSED~~~" and exit 0.
set -euo pipefail
mote_bin=$1; src=$2
build=$(cd "$(dirname "$mote_bin")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cmake --install "$build" --prefix "$work/prefix" >/dev/null
# shellcheck source=lib/library_flags.sh
source "$(dirname "$0")/lib/library_flags.sh"
export PKG_CONFIG_PATH="$work/prefix/lib/pkgconfig:$work/prefix/lib/x86_64-linux-gnu/pkgconfig:${PKG_CONFIG_PATH:-}"
count=0
for test_source in "$src"/tests/compat/*_test.cc; do
  name=$(basename "$test_source" .cc)
  # -fno-rtti as TFLM's own build and libmote: with RTTI, clang's -fsanitize=function (the ASan/UBSan build's
  # flags) references typeinfo of mote's classes, which a -fno-rtti library does not emit.
  # shellcheck disable=SC2046
  # shellcheck disable=SC2086
  "$cxx" -O1 $cxxflags -fno-rtti -I"$src/tests/compat" -DMOTE_COMPAT_MODEL_PATH="\"$src/models/demo/digits_int8.tflite\"" -o "$work/$name" "$test_source" "$src/tests/compat/weighted_sum.cc" \
    $(pkg-config --cflags --libs mote) $ldflags
  if ! "$work/$name" >"$work/$name.log" 2>&1 || ! grep -q '~~~ALL TESTS PASSED~~~' "$work/$name.log"; then
    cat "$work/$name.log"
    echo "FAILED: $name (built against the installed prefix)"
    exit 1
  fi
  echo "$name: $(grep -E 'tests passed|PASSED  \]' "$work/$name.log" | head -1)"
  count=$((count + 1))
done
echo "$count TFLM-style kernel test programs built with pkg-config only and passed"
