#!/usr/bin/env bash
# Runs every test: the release build's suite (unit, kernel oracle, golden models, CLI, install/compat,
# no-heap), the whole suite again under AddressSanitizer + UndefinedBehaviorSanitizer, then each extra stage
# in scripts/test.d/ (fuzzing, emulated targets...), in name order. Each stage bounds its own time.
set -euo pipefail
cd "$(dirname "$0")/.."
# Each stage's wall time is printed (and summed at the end) so the CI budget (~40 min on 2 cores) can be tracked.
timings=()
timed() {
  local name=$1 start=$SECONDS
  shift
  "$@"
  timings+=("$(printf '%-28s %5d s' "$name" $((SECONDS - start)))")
}
release_stage() {
  cmake --preset release >/dev/null
  cmake --build --preset release
  ctest --preset release -j2
}
asan_stage() {
  cmake --preset asan >/dev/null
  cmake --build --preset asan
  ctest --preset asan -j2
}
timed setup bash scripts/setup.sh
timed release release_stage
if [ "${MOTE_SKIP_ASAN:-0}" != "1" ]; then
  timed asan asan_stage
fi
for stage in scripts/test.d/*.sh; do
  [ -e "$stage" ] || continue
  echo "== test stage: $stage"
  timed "$(basename "$stage" .sh)" bash "$stage"
done
echo "== stage times"
printf '%s\n' "${timings[@]}"
echo "total                        $SECONDS s"
