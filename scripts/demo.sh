#!/usr/bin/env bash
# The main job: set up, build, and run the bundled demo model (an int8 handwritten-digit classifier trained
# and converted by tools/models/make_models.py) on its sample digits.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
cmake --preset release >/dev/null
cmake --build --preset release --target mote_cli
for sample in models/demo/samples/*.bin; do
  echo "== $sample"
  build/release/mote run models/demo/digits_int8.tflite -i "$sample" --top 3
done
