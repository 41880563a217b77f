#!/usr/bin/env bash
# Checks that the oracle generators make valid cases for any seed, and that mote passes them: for each seed,
# runs every tools/oracle/gen_*.py into a temporary directory (regenerate.sh --seed S --out DIR), then runs the
# oracle test binary on that directory (MOTE_ORACLE_DATA_DIR=DIR mote_tests --gtest_filter='Oracle*').
# No CTest; the exit status is the verdict (0: every seed generated and passed).
#
#   tools/oracle/check_any_seed.sh                        # 3 random seeds (printed, so a failure replays)
#   tools/oracle/check_any_seed.sh --seeds "1 7 55138"    # these seeds
#   tools/oracle/check_any_seed.sh --random 5 --count 8   # 5 random seeds, 8 random cases per op (--count
#                                                           # generators only, default: theirs)
#   tools/oracle/check_any_seed.sh --keep                 # keep the generated cases (path printed)
#   tools/oracle/check_any_seed.sh signal_b svdf          # only these generators (gen_signal_b.py, gen_svdf.py)
#
# Builds mote_tests in build/oracle-check (Release, -j2) unless $MOTE_ORACLE_TEST_BIN names a built binary.
# Generators that need optional packages (gen_strided_slice_litert.py: ai-edge-litert) skip themselves when
# those are missing, so their groups are simply absent from the temporary directory.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"

seeds=""
random_count=3
count=""
keep=0
names=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --seeds) seeds="${2:?--seeds needs a list}"; shift 2 ;;
    --random) random_count="${2:?--random needs a number}"; shift 2 ;;
    --count) count="${2:?--count needs a number}"; shift 2 ;;
    --keep) keep=1; shift ;;
    -h|--help) sed -n '2,17p' "${BASH_SOURCE[0]}"; exit 0 ;;
    -*) echo "check_any_seed: unknown argument $1" >&2; exit 2 ;;
    *) names+=("$1"); shift ;;
  esac
done
if [[ -z "$seeds" ]]; then
  for _ in $(seq "$random_count"); do seeds+="$(( (RANDOM << 15 | RANDOM) % 1000000 )) "; done
fi
echo "check_any_seed: seeds: ${seeds% } (replay: tools/oracle/check_any_seed.sh --seeds \"${seeds% }\")"

bin="${MOTE_ORACLE_TEST_BIN:-}"
if [[ -z "$bin" ]]; then
  build="$root/build/oracle-check"
  start=$SECONDS
  mkdir -p "$build"
  cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release > "$build/check_any_seed.configure.log" 2>&1 ||
    { cat "$build/check_any_seed.configure.log" >&2; echo "check_any_seed: cmake configure failed" >&2; exit 1; }
  cmake --build "$build" -j2 --target mote_tests > "$build/check_any_seed.build.log" 2>&1 ||
    { tail -50 "$build/check_any_seed.build.log" >&2; echo "check_any_seed: building mote_tests failed" >&2; exit 1; }
  bin="$build/tests/mote_tests"
  echo "check_any_seed: mote_tests built in $((SECONDS - start)) s ($bin)"
fi

work="$(mktemp -d "${TMPDIR:-/tmp}/mote-oracle-seeds.XXXXXX")"
if [[ $keep -eq 0 ]]; then trap 'rm -rf "$work"' EXIT; fi

failed=()
for seed in $seeds; do
  out="$work/seed-$seed"
  start=$SECONDS
  gen_args=(--seed "$seed" --out "$out")
  [[ -n "$count" ]] && gen_args+=(--count "$count")
  gen_args+=(${names[@]+"${names[@]}"})
  if ! "$here/regenerate.sh" "${gen_args[@]}" > "$out.generate.log" 2>&1; then
    grep -E "FAILED|Error|error" "$out.generate.log" >&2 || true
    echo "check_any_seed: seed $seed: a generator FAILED (log: $out.generate.log)" >&2
    failed+=("$seed")
    keep=1
    continue
  fi
  gen_time=$((SECONDS - start))
  grep "^note:" "$out.generate.log" || true  # refusal cases TFLM's aborts produced
  cases=$(awk '/^cases: / {n += $2} END {print n + 0}' "$out"/*.provenance.txt)
  start=$SECONDS
  if MOTE_ORACLE_DATA_DIR="$out" "$bin" --gtest_filter='Oracle*' > "$out.test.log" 2>&1; then
    echo "check_any_seed: seed $seed: PASS ($cases cases in $(ls "$out"/*.cases | wc -l) files; generated in" \
         "${gen_time} s, tested in $((SECONDS - start)) s)"
  else
    grep -E "^\s+\S+: |FAILED" "$out.test.log" >&2 || true
    echo "check_any_seed: seed $seed: FAIL (mote differs from TFLM; log: $out.test.log)" >&2
    failed+=("$seed")
    keep=1
  fi
done

if [[ $keep -eq 1 ]]; then
  trap - EXIT
  echo "check_any_seed: cases and logs kept in $work"
fi
if [[ ${#failed[@]} -gt 0 ]]; then
  echo "check_any_seed: FAILED for seeds: ${failed[*]}" >&2
  exit 1
fi
echo "check_any_seed: all seeds passed"
