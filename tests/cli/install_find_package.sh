#!/usr/bin/env bash
# Installs mote into a temporary prefix and builds a user's CMake project against it (tests/install_consumer:
# find_package(mote CONFIG REQUIRED), mote_generate_resolver() run by the imported mote::mote_cli). The program
# must classify a demo sample with the generated resolver, and touching the model must regenerate the header.
set -euo pipefail
mote_bin=$1; src=$2
build=$(cd "$(dirname "$mote_bin")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cmake --install "$build" --prefix "$work/prefix" >/dev/null
# shellcheck source=lib/library_flags.sh
source "$(dirname "$0")/lib/library_flags.sh"
cp "$src/models/demo/digits_int8.tflite" "$work/model.tflite"
cmake -S "$src/tests/install_consumer" -B "$work/consumer" -DCMAKE_PREFIX_PATH="$work/prefix" \
  -DCONSUMER_MODEL="$work/model.tflite" -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_CXX_FLAGS="$cxxflags" \
  -DCMAKE_EXE_LINKER_FLAGS="$ldflags" >/dev/null
cmake --build "$work/consumer" >"$work/build1.log"
grep -q "mote gen-resolver" "$work/build1.log" || { cat "$work/build1.log"; echo "FAILED: no resolver generated"; exit 1; }
header="$work/consumer/generated/digits_resolver.h"
grep -q "RegisterDigitsOps" "$header"
sample=$(ls "$src"/models/demo/samples/digit_3_*.bin | head -1)
"$work/consumer/consumer" "$work/model.tflite" "$sample" 3
# Unchanged model: nothing regenerated. Touched model: regenerated.
cmake --build "$work/consumer" >"$work/build2.log"
if grep -q "mote gen-resolver" "$work/build2.log"; then echo "FAILED: regenerated without a change"; exit 1; fi
sleep 1
touch "$work/model.tflite"
cmake --build "$work/consumer" >"$work/build3.log"
grep -q "mote gen-resolver" "$work/build3.log" || { cat "$work/build3.log"; echo "FAILED: not regenerated"; exit 1; }
echo "consumer project: find_package(mote) + mote_generate_resolver() via mote::mote_cli from the installed prefix"
