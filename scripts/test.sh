#!/usr/bin/env bash
# Runs every test: the release build's suite (unit, kernel oracle, golden models, CLI, install/compat,
# no-heap), the whole suite again under AddressSanitizer + UndefinedBehaviorSanitizer, then each extra stage
# in scripts/test.d/ (fuzzing, emulated targets...), in name order. Each stage bounds its own time.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
cmake --preset release >/dev/null
cmake --build --preset release
ctest --preset release -j2
if [ "${MOTE_SKIP_ASAN:-0}" != "1" ]; then
  cmake --preset asan >/dev/null
  cmake --build --preset asan
  ctest --preset asan -j2
fi
for stage in scripts/test.d/*.sh; do
  [ -e "$stage" ] || continue
  echo "== test stage: $stage"
  bash "$stage"
done
