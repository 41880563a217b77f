#!/usr/bin/env bash
# The main job: set up, build, and run the bundled demo model (an int8 handwritten-digit classifier trained
# and converted by tools/models/make_models.py) on its sample digits. Set-up and build print one line each;
# their full output goes to build/setup-apt.log and build/demo-build.log.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
mkdir -p build
log=build/demo-build.log
echo "demo: building build/release/mote (log: $log)"
if ! { cmake --preset release && cmake --build --preset release --target mote_cli; } >"$log" 2>&1; then
  tail -30 "$log"
  echo "demo: the build failed (full log: $log)"
  exit 1
fi
for sample in models/demo/samples/*.bin; do
  echo "== $sample"
  build/release/mote run models/demo/digits_int8.tflite -i "$sample" --top 3
done
