#!/usr/bin/env bash
# Whole-graph differential testing stage (docs/graph-fuzz.md): random models composed from every op mote
# implements, run on TFLM (the oracle, the tflite-micro Python package) and on mote (the release build's
# oracle_case_runner), outputs compared. A fixed seed and a bounded time (MOTE_GRAPH_FUZZ_MINUTES, default 2.5):
# the same models every run, a slow machine runs a prefix of them. Any disagreement between mote and TFLM, and
# any model TFLM refuses (a generator bug), fails the stage; the disagreeing cases are kept in
# build/graph-fuzz/found.cases (TFLM's outputs as the expected values): fix mote, then copy them into
# tests/oracle/data/graph_fuzz_found.cases so the oracle test keeps checking them.
#
# Uses the project venv .venv/ ($MOTE_ORACLE_VENV overrides it), creating it and installing the oracle's
# packages with pip when they are missing; without network (pip fails) the stage is skipped, saying so.
set -euo pipefail
cd "$(dirname "$0")/../.."
venv="${MOTE_ORACLE_VENV:-$PWD/.venv}"
py="$venv/bin/python"
minutes="${MOTE_GRAPH_FUZZ_MINUTES:-2.5}"
seed="${MOTE_GRAPH_FUZZ_SEED:-1}"
if [ ! -x "$py" ] && ! python3 -m venv "$venv"; then
  echo "graph-fuzz: SKIPPED: cannot create the venv $venv (python3 -m venv failed)"
  exit 0
fi
if ! "$py" -c "import tflite_micro, numpy, flatbuffers, tflite" 2>/dev/null; then
  echo "graph-fuzz: installing tflite-micro numpy flatbuffers tflite into $venv"
  if ! "$py" -m pip install --quiet tflite-micro numpy flatbuffers tflite; then
    echo "graph-fuzz: SKIPPED: pip could not install the oracle's packages (no network?)"
    exit 0
  fi
fi
cmake --preset release >/dev/null
cmake --build --preset release --target oracle_case_runner
mkdir -p build/graph-fuzz
rm -f build/graph-fuzz/found.cases build/graph-fuzz/found.provenance.txt
echo "== graph-fuzz: seed $seed, at most $minutes min"
"$py" tools/oracle/graph_fuzz.py --seed "$seed" --minutes "$minutes" \
  --runner build/release/tests/oracle_case_runner --found build/graph-fuzz/found.cases
