#!/usr/bin/env bash
# The CLI as a new user meets it: `mote --version`, `mote help COMMAND`, top-k only for class scores (else a
# summary), the registered ops listed once however many ops are missing, and an arena breakdown that says what
# each figure is.
set -uo pipefail
mote=$1; src=$2; shared=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
has() {  # has "fragment" FILE
  grep -qF -- "$1" "$2" || { echo "FAILED: '$1' missing from:"; cat "$2"; fail=1; }
}
lacks() {
  grep -qF -- "$1" "$2" && { echo "FAILED: '$1' should not be in:"; cat "$2"; fail=1; }
  return 0
}

# --- version and help --------------------------------------------------------------------------------
"$mote" --version >"$work/v.txt" || { echo "FAILED: mote --version"; fail=1; }
grep -qE '^mote [0-9]+\.[0-9]+\.[0-9]+$' "$work/v.txt" || { echo "FAILED: version line"; cat "$work/v.txt"; fail=1; }
"$mote" help run >"$work/h.txt" || { echo "FAILED: mote help run"; fail=1; }
has "usage: mote run MODEL [-i FILE]..." "$work/h.txt"
lacks "gen-resolver" "$work/h.txt"
"$mote" help inspect >"$work/h.txt" && has "usage: mote inspect MODEL [--json]" "$work/h.txt"
"$mote" help >"$work/h.txt" && has "gen-resolver MODEL" "$work/h.txt"
"$mote" help frobnicate >"$work/h.txt" 2>&1
[ $? -eq 2 ] || { echo "FAILED: help on an unknown command should exit 2"; fail=1; }
has "mote help: unknown command 'frobnicate'" "$work/h.txt"

# --- top-k for class scores, a summary for everything else --------------------------------------------
# small_cnn: output 0 is a feature map, outputs 1 and 2 are [1, N] after LOGISTIC/SOFTMAX.
"$mote" run "$src/tests/models/small_cnn_int8/model.tflite" >"$work/r.txt" || { echo "FAILED: run small_cnn"; fail=1; }
has "576 values (dequantized): min " "$work/r.txt"
has "  top-4:" "$work/r.txt"
has "  top-5:" "$work/r.txt"
# [1, 16] from a MUL (not a classifier), and [8, 3] softmax scores of a batch: summaries, no top-k.
"$mote" run "$src/tests/models/sub_mul_float_io_int8/model.tflite" >"$work/r.txt"
has "16 values: min " "$work/r.txt"
has "  first values: " "$work/r.txt"
lacks "top-" "$work/r.txt"
"$mote" run "$src/tests/models/act_mlp_float32/model.tflite" >"$work/r.txt"
lacks "top-" "$work/r.txt"
# Labels make a vector output class scores.
printf 'a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\nm\nn\no\np\n' >"$work/labels.txt"
"$mote" run "$src/tests/models/sub_mul_float_io_int8/model.tflite" --labels "$work/labels.txt" --top 2 >"$work/r.txt"
has "  top-2:" "$work/r.txt"
if [ -f "$shared/models/ad01_int8.tflite" ]; then  # the autoencoder: 640 reconstruction values
  "$mote" run "$shared/models/ad01_int8.tflite" >"$work/r.txt"
  has "640 values (dequantized): min " "$work/r.txt"
  lacks "top-" "$work/r.txt"
fi

# --- missing ops: the registered list once ------------------------------------------------------------
# RELU, then HASHTABLE_LOOKUP (10) and LSH_PROJECTION (15), which mote lacks.
python3 "$src/tests/support/make_tiny_model.py" "$work/missing.tflite" '19,10,15' '0,1,2'
"$mote" inspect "$work/missing.tflite" >"$work/i.txt" 2>&1
[ "$(grep -o 'Registered ops (' "$work/i.txt" | wc -l)" = 1 ] || { echo "FAILED: registered ops listed more than once"; cat "$work/i.txt"; fail=1; }
has "(Registered ops: listed above.)" "$work/i.txt"
"$mote" run "$work/missing.tflite" >"$work/r.txt" 2>&1
[ "$(grep -o 'Registered ops (' "$work/r.txt" | wc -l)" = 1 ] || { echo "FAILED: run lists registered ops more than once"; cat "$work/r.txt"; fail=1; }

# --- inspect's arena breakdown -------------------------------------------------------------------------
"$mote" inspect "$src/models/demo/digits_int8.tflite" >"$work/i.txt"
has "bytes in all (arena_used_bytes(); the smallest --arena that runs the model)" "$work/i.txt"
has "bytes  tensors and scratch buffers, sharing memory by lifetime (high-water mark)" "$work/i.txt"
has "bytes  interpreter structures, kernel state and parameters, kept for the run" "$work/i.txt"
has "(without sharing, the tensors alone would take " "$work/i.txt"

exit $fail
