#!/usr/bin/env bash
# Regenerates the oracle case files (tests/oracle/data/*.cases) by running each tools/oracle/gen_*.py on TFLM.
#
#   tools/oracle/regenerate.sh                      # all generators, each with its own default seed
#   tools/oracle/regenerate.sh smoke activations    # only gen_smoke.py and gen_activations.py
#   tools/oracle/regenerate.sh --seed 7 --out /tmp/cases [--count 4] [GEN...]
#
# --seed N    passed to every generator (default: none, so each uses its own default seed and the checked-in
#             files are reproduced byte for byte, apart from the date in the provenance files)
# --out DIR   output directory, passed as --out-dir (default tests/oracle/data)
# --count N   passed to the generators that take --count (random cases per op), to make quick runs
#
# Uses the project-local venv .venv/ at the repository root (git-ignored; $MOTE_ORACLE_VENV overrides it),
# creating it and pip-installing tflite-micro, numpy, flatbuffers and tflite into it when they are missing.
# Exit status: 0 when every generator succeeded.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
venv="${MOTE_ORACLE_VENV:-$root/.venv}"
py="$venv/bin/python"

seed=""
out=""
count=""
names=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --seed) seed="${2:?--seed needs a value}"; shift 2 ;;
    --out) out="${2:?--out needs a directory}"; shift 2 ;;
    --count) count="${2:?--count needs a value}"; shift 2 ;;
    -h|--help) sed -n '2,15p' "${BASH_SOURCE[0]}"; exit 0 ;;
    -*) echo "regenerate: unknown option $1" >&2; exit 2 ;;
    *) names+=("$1"); shift ;;
  esac
done
if [[ -n "$seed" && ! "$seed" =~ ^[0-9]+$ ]]; then
  echo "regenerate: --seed wants a non-negative integer, got '$seed'" >&2
  exit 2
fi

if [[ ! -x "$py" ]]; then
  echo "regenerate: creating venv $venv"
  python3 -m venv "$venv"
fi
if ! "$py" -c "import tflite_micro, numpy, flatbuffers, tflite" 2>/dev/null; then
  echo "regenerate: installing tflite-micro numpy flatbuffers tflite into $venv"
  "$py" -m pip install --quiet tflite-micro numpy flatbuffers tflite
fi

gens=()
if [[ ${#names[@]} -gt 0 ]]; then
  for g in "${names[@]}"; do gens+=("$here/gen_${g}.py"); done
else
  gens=("$here"/gen_*.py)
fi

args=()
[[ -n "$seed" ]] && args+=(--seed "$seed")
[[ -n "$out" ]] && args+=(--out-dir "$out")

status=0
for gen in "${gens[@]}"; do
  if [[ ! -f "$gen" ]]; then
    echo "regenerate: no such generator: $gen" >&2
    status=1
    continue
  fi
  gen_args=("${args[@]}")
  if [[ -n "$count" ]] && grep -q -- '"--count"' "$gen"; then gen_args+=(--count "$count"); fi
  echo "regenerate: $(basename "$gen") ${gen_args[*]}"
  if ! "$py" "$gen" "${gen_args[@]}"; then
    echo "regenerate: $(basename "$gen") FAILED" >&2
    status=1
  fi
done
exit $status
