#!/usr/bin/env bash
# Regenerates every oracle case file (tests/oracle/data/*.cases) by running each tools/oracle/gen_*.py on TFLM.
#
#   tools/oracle/regenerate.sh            # all generators
#   tools/oracle/regenerate.sh smoke add  # only gen_smoke.py and gen_add.py
#
# Uses the venv at $MOTE_ORACLE_VENV (default /tmp/venv), creating it and installing tflite-micro, numpy,
# flatbuffers and tflite into it when they are missing.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
venv="${MOTE_ORACLE_VENV:-/tmp/venv}"
py="$venv/bin/python"

if [[ ! -x "$py" ]]; then
  echo "regenerate: creating venv $venv"
  python3 -m venv "$venv"
fi
if ! "$py" -c "import tflite_micro, numpy, flatbuffers, tflite" 2>/dev/null; then
  echo "regenerate: installing tflite-micro numpy flatbuffers tflite into $venv"
  "$py" -m pip install --quiet tflite-micro numpy flatbuffers tflite
fi

if [[ $# -gt 0 ]]; then
  gens=()
  for g in "$@"; do gens+=("$here/gen_${g}.py"); done
else
  gens=("$here"/gen_*.py)
fi

status=0
for gen in "${gens[@]}"; do
  if [[ ! -f "$gen" ]]; then
    echo "regenerate: no such generator: $gen" >&2
    status=1
    continue
  fi
  echo "regenerate: $(basename "$gen")"
  if ! "$py" "$gen"; then
    echo "regenerate: $(basename "$gen") FAILED" >&2
    status=1
  fi
done
exit $status
