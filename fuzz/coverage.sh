#!/usr/bin/env bash
# Line coverage of src/ reached by fuzzing inputs: builds the replay driver (mote_fuzz_regressions) with clang's
# source-based coverage (-fprofile-instr-generate -fcoverage-mapping) in build/fuzz-coverage, replays the given
# files/directories through the fuzzing path (default: fuzz/regressions fuzz/corpus), merges the profiles with
# llvm-profdata-14 and prints llvm-cov-14's per-file report for src/ (the TOTAL line is the figure in
# docs/security.md). HTML: MOTE_COVERAGE_HTML=DIR.
#   fuzz/coverage.sh [PATH...]
set -euo pipefail
cd "$(dirname "$0")/.."
build="${MOTE_COVERAGE_BUILD:-build/fuzz-coverage}"
flags="-fprofile-instr-generate -fcoverage-mapping"
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Debug -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
  -DCMAKE_C_FLAGS="$flags" -DCMAKE_CXX_FLAGS="$flags" -DCMAKE_EXE_LINKER_FLAGS="-fprofile-instr-generate" \
  -DMOTE_BUILD_TOOLS=OFF -DMOTE_BUILD_TESTS=ON >/dev/null
cmake --build "$build" -j2 --target mote_fuzz_regressions
rm -rf "$build/profiles"
mkdir -p "$build/profiles"
if [ $# -eq 0 ]; then set -- fuzz/regressions fuzz/corpus; fi
LLVM_PROFILE_FILE="$build/profiles/replay-%p.profraw" "$build/fuzz/mote_fuzz_regressions" "$@"
llvm-profdata-14 merge -sparse -o "$build/corpus.profdata" "$build"/profiles/*.profraw
llvm-cov-14 report "$build/fuzz/mote_fuzz_regressions" -instr-profile="$build/corpus.profdata" "$PWD/src"
if [ -n "${MOTE_COVERAGE_HTML:-}" ]; then
  llvm-cov-14 show "$build/fuzz/mote_fuzz_regressions" -instr-profile="$build/corpus.profdata" -format=html \
    -output-dir="$MOTE_COVERAGE_HTML" "$PWD/src"
fi
