#!/usr/bin/env bash
# Dev tool: builds TFLM's own kernel unit tests, unchanged, against an installed mote with pkg-config only, and
# runs each. The TFLM checkout is the user's (mote holds none of its sources):
#
#   tools/compat/run_tflm_kernel_tests.sh TFLM_DIR [BUILD_DIR] [TEST_NAME...]
#
# TFLM_DIR   a tflite-micro checkout (or any directory holding tensorflow/lite/micro/kernels/*_test.cc and/or
#            the signal library's signal/micro/kernels/*_test.cc)
# BUILD_DIR  a configured and built mote tree (default build/release); it is installed into a temporary prefix
# TEST_NAME  e.g. conv_test or (a signal test) fft_test: looked up in tensorflow/lite/micro/kernels first, then in
#            signal/micro/kernels (default: every *_test.cc of both folders)
#
# Only the tests' own side files come from TFLM_DIR, each from its test's folder: X_test.cc, its X_test_common.cc /
# X_common_test.cc companions, *_test.h, *_test_helpers.h, *_test_data*, *_generated_data.h/.cc and the test data folder
# (kernels/testdata/; signal/testdata/ for the signal tests: the .cc of each testdata header X_test.cc includes,
# e.g. lstm_test_data.cc for unidirectional_sequence_lstm_test). They are linked into a private include root so
# TFLM's library headers (kernel_runner.h, test_helpers.h, signal/micro/kernels/rfft.h...) never shadow mote's:
# every library header comes from the installed prefix. Prints one line per test (compiles? passes? the
# failure's first line) and a summary; logs are kept in the work directory it prints. Exit status 0 when every
# test passed.
set -uo pipefail
tflm=${1:?usage: run_tflm_kernel_tests.sh TFLM_DIR [BUILD_DIR] [TEST_NAME...]}
build=${2:-build/release}
shift $(( $# >= 2 ? 2 : 1 ))
folders=(tensorflow/lite/micro/kernels signal/micro/kernels)
[ -d "$tflm/${folders[0]}" ] || [ -d "$tflm/${folders[1]}" ] ||
  { echo "no $tflm/${folders[0]} nor $tflm/${folders[1]}" >&2; exit 2; }
build=$(cd "$build" && pwd)
work=$(mktemp -d /tmp/mote-tflm-tests.XXXXXX)
cmake --install "$build" --prefix "$work/prefix" >/dev/null || exit 2
export PKG_CONFIG_PATH="$work/prefix/lib/pkgconfig:$work/prefix/lib/x86_64-linux-gnu/pkgconfig:${PKG_CONFIG_PATH:-}"
cxx=$(sed -n 's/^CMAKE_CXX_COMPILER:[A-Z]*=//p' "$build/CMakeCache.txt"); cxx=${cxx:-g++}
cxxflags=$(sed -n 's/^CMAKE_CXX_FLAGS:[A-Z]*=//p' "$build/CMakeCache.txt")
ldflags=$(sed -n 's/^CMAKE_EXE_LINKER_FLAGS:[A-Z]*=//p' "$build/CMakeCache.txt")

# The tests' side headers, and nothing else of TFLM's, under a private include root.
side="$work/tflm-test-side"
( cd "$tflm" && for d in "${folders[@]}"; do
    [ -d "$d" ] || continue
    find "$d" -maxdepth 1 \( -name '*_test.h' -o -name '*_test_helpers.h' -o -name '*_generated_data.h' \
                              -o -name '*_test_data*.h' \) -print
    find "$d/testdata" -type f -name '*.h' -print 2>/dev/null
  done; find signal/testdata -type f -name '*.h' -print 2>/dev/null ) |
  while read -r f; do mkdir -p "$side/$(dirname "$f")"; ln -sf "$tflm/$f" "$side/$f"; done

if [ $# -gt 0 ]; then names=("$@"); else
  names=(); for d in "${folders[@]}"; do
    for f in "$tflm/$d"/*_test.cc; do [ -f "$f" ] && names+=("$(basename "$f" .cc)"); done
  done
fi
passed=0; total=0
for name in "${names[@]}"; do
  total=$((total + 1))
  base=${name%_test}
  kernels="$tflm/${folders[0]}"; testdata="$kernels/testdata"
  [ -f "$kernels/$name.cc" ] || { kernels="$tflm/${folders[1]}"; testdata="$tflm/signal/testdata"; }
  sources=("$kernels/$name.cc")
  for extra in "$kernels/${name}_common.cc" "$kernels/${base}_test_common.cc" "$kernels/${base}_common_test.cc" \
               "$kernels/${base}_flexbuffers_generated_data.cc" "$kernels/${base}"_test_data*.cc \
               "$testdata/${base}"*.cc \
               $(sed -n 's@^#include "\(\(tensorflow/lite/micro/kernels\|signal\)/testdata/.*\)\.h"@'"$tflm"'/\1.cc@p' \
                   "$kernels/$name.cc"); do
    [ -f "$extra" ] || continue
    case " ${sources[*]} " in *" $extra "*) ;; *) sources+=("$extra") ;; esac
  done
  # shellcheck disable=SC2046,SC2086
  if ! "$cxx" -std=c++17 -O1 $cxxflags -fno-rtti -I"$side" -o "$work/$name" "${sources[@]}" \
       $(pkg-config --cflags --libs mote) $ldflags >"$work/$name.build.log" 2>&1; then
    echo "$name: does not compile: $(grep -m1 -E 'error' "$work/$name.build.log")"
    continue
  fi
  if timeout 120 "$work/$name" >"$work/$name.log" 2>&1 && grep -qE '~~~ALL TESTS PASSED~~~' "$work/$name.log"; then
    echo "$name: compiles, passes ($(grep -m1 -E 'tests passed|PASSED' "$work/$name.log"))"
    passed=$((passed + 1))
  else
    echo "$name: compiles, FAILS: $(grep -v -E '^Testing ' "$work/$name.log" | grep -m1 -iE 'fail|error|expected')"
  fi
done
echo "$passed of $total TFLM kernel tests passed (logs: $work)"
[ "$passed" -eq "$total" ]
