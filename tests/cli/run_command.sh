#!/usr/bin/env bash
# `mote run`: golden outputs bit-exact through the CLI, generated inputs, and every bad-input path ends in a
# clear message, a non-zero exit and no output file.
set -uo pipefail
mote=$1; src=$2; shared=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
expect_fail() {  # expect_fail "message fragment" args...
  local want=$1; shift
  if "$mote" "$@" >"$work/out.txt" 2>&1; then echo "FAILED (exit 0): mote $*"; fail=1; return; fi
  if ! grep -qF -- "$want" "$work/out.txt"; then echo "FAILED (message): mote $*"; cat "$work/out.txt"; fail=1; fi
}
demo="$src/models/demo/digits_int8.tflite"
sample=$(ls "$src"/models/demo/samples/digit_4_*.bin | head -1)
"$mote" run "$demo" -i "$sample" -o "$work" >"$work/out.txt" || { echo "FAILED: demo run"; cat "$work/out.txt"; exit 1; }
grep -q "1. class 4 '4'" "$work/out.txt" || { echo "FAILED: demo top-1 is not 4"; cat "$work/out.txt"; fail=1; }
test -s "$work/output0.bin" || { echo "FAILED: no output0.bin"; fail=1; }
for m in "$src"/tests/models/*/; do
  rm -f "$work"/output*.bin
  args=()
  for i in "$m"input*.bin; do args+=(-i "$i"); done
  "$mote" run "$m/model.tflite" "${args[@]}" -o "$work" >/dev/null 2>"$work/err.txt" || { echo "FAILED: run $m"; cat "$work/err.txt"; fail=1; continue; }
done
if [ -d "$shared/models" ]; then
  for m in hello_world_int8 simple_add_model ad01_int8; do
    rm -f "$work"/output*.bin
    "$mote" run "$shared/models/$m.tflite" -o "$work" >/dev/null || { echo "FAILED: run $m"; fail=1; continue; }
    cmp -s "$work/output0.bin" "$shared/golden/$m/output0.bin" || { echo "FAILED: $m output differs from TFLM"; fail=1; }
  done
else
  echo "../shared not found: skipping the shared golden runs"
fi
# .npy input (dtype and shape checked) and .npy output, made with the standard library only.
python3 - "$sample" "$work" <<'PY'
import sys
raw = open(sys.argv[1], 'rb').read()
def npy(descr, shape, data):
    header = "{'descr': '%s', 'fortran_order': False, 'shape': %s, }" % (descr, shape)
    header += ' ' * ((64 - (10 + len(header) + 1) % 64) % 64) + '\n'
    return b'\x93NUMPY\x01\x00' + len(header).to_bytes(2, 'little') + header.encode() + data
open(sys.argv[2] + '/in.npy', 'wb').write(npy('|i1', '(1, 8, 8, 1)', raw))
open(sys.argv[2] + '/in_flat.npy', 'wb').write(npy('|i1', '(1, 64)', raw))
PY
"$mote" run "$demo" -i "$work/in.npy" -o "$work" --npy >"$work/out.txt" || { echo "FAILED: .npy run"; cat "$work/out.txt"; fail=1; }
grep -q "1. class 4 '4'" "$work/out.txt" || { echo "FAILED: .npy input gave another class"; fail=1; }
head -c 6 "$work/output0.npy" | grep -q NUMPY || { echo "FAILED: no output0.npy"; fail=1; }
rm -f "$work"/output*.npy
expect_fail "the .npy array is INT8 (1, 64) but the tensor is INT8 (1, 8, 8, 1)" run "$demo" -i "$work/in_flat.npy" -o "$work"
rm -f "$work"/output*.bin
head -c 10 "$sample" > "$work/short.bin"
: > "$work/empty.bin"
expect_fail "needs 64 bytes, but" run "$demo" -i "$work/short.bin" -o "$work"
expect_fail "is empty" run "$demo" -i "$work/empty.bin"
expect_fail "is a directory" run "$demo" -i "$work"
expect_fail "is a directory" run "$work"
expect_fail "cannot open" run "$work/missing.tflite"
expect_fail "the model has 1 input(s) but 2 -i file(s)" run "$demo" -i "$sample" -i "$sample"
expect_fail "unknown option" run "$demo" --frobnicate
expect_fail "is not a valid number" run "$demo" --runs abc
# --max-loop-iterations bounds a WHILE (tf.while_loop running n = 5 times; raw little-endian inputs).
loop="$src/tests/oracle/models/control_flow/while_loop.tflite"
printf '\x00\x00\x80\x3f\x00\x00\x80\x3f\x00\x00\x80\x3f\x00\x00\x80\x3f' > "$work/x.bin"
printf '\x05\x00\x00\x00' > "$work/n.bin"
expect_fail "WHILE: the loop reached the interpreter's limit of 4 iterations" run "$loop" -i "$work/x.bin" -i "$work/n.bin" \
  --max-loop-iterations 4
"$mote" run "$loop" -i "$work/x.bin" -i "$work/n.bin" --max-loop-iterations 5 >/dev/null 2>&1 ||
  { echo "FAILED: a loop of 5 under --max-loop-iterations 5"; fail=1; }
expect_fail "does not exist" run "$demo" -o "$work/nope"
head -c 1000 "$demo" > "$work/truncated.tflite"
expect_fail "cannot run" run "$work/truncated.tflite"
head -c 5000 /dev/urandom > "$work/random.tflite"
expect_fail "cannot run" run "$work/random.tflite"
expect_fail "Tensor arena too small" run "$demo" --arena 1K
ls "$work"/output* >/dev/null 2>&1 && { echo "FAILED: a failing run wrote output files"; fail=1; }
exit $fail
