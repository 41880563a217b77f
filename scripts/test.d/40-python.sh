#!/usr/bin/env bash
# Python package stage: `pip install .` into the project-local virtual environment .venv/ (git-ignored; made
# here when missing), then the pytest suite in tests/python (golden models bit-exact through Python, error
# messages, the GIL, 10,000 invokes without a leak). pip fetches the build requirements (scikit-build-core,
# nanobind) and numpy/pytest; the build directory build/python/ is kept, so a second run only relinks.
# MOTE_SKIP_PYTHON=1 skips the stage. Bounded: 30 minutes for the build, 10 for the tests.
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ "${MOTE_SKIP_PYTHON:-0}" = "1" ]; then
  echo "== python: skipped (MOTE_SKIP_PYTHON=1)"
  exit 0
fi
venv=.venv
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/python" -m pip install -q numpy pytest
log=build/python-install.log
mkdir -p build
echo "== python: pip install . (log: $log)"
if ! CMAKE_BUILD_PARALLEL_LEVEL="${CMAKE_BUILD_PARALLEL_LEVEL:-2}" timeout 1800 "$venv/bin/python" -m pip install . >"$log" 2>&1; then
  tail -40 "$log"
  echo "FAILED: pip install . (full log: $log)"
  exit 1
fi
timeout 600 "$venv/bin/python" -m pytest -q tests/python
