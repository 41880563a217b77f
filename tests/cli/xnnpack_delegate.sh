#!/usr/bin/env bash
# `mote run / inspect --delegate xnnpack [--threads N]` (mote::XnnpackDelegate): partitions and the nodes left to
# mote, outputs within the delegate's tolerance of the oracle (TFLM) outputs, the profile's delegate rows, and
# usage errors. Skips (exit 77) when this build has no XNNPACK delegate (libxnnpack-dev missing at configure).
set -uo pipefail
mote=$1; src=$2; shared=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
model="$src/tests/models/small_cnn_float32"

if ! "$mote" inspect "$model/model.tflite" --delegate xnnpack >"$work/inspect.txt" 2>&1; then
  if grep -qF "this build has no XNNPACK delegate" "$work/inspect.txt"; then
    echo "this build has no XNNPACK delegate: skipping"; exit 77
  fi
  echo "FAILED: inspect --delegate xnnpack"; cat "$work/inspect.txt"; exit 1
fi
# CONCATENATION, TANH and STRIDED_SLICE are not in this XNNPACK: 15 of 18 nodes in 4 partitions around them.
for want in "delegate xnnpack: 15 of 18 node(s) in 4 partition(s), 1 thread(s)" \
            "node    7  CONCATENATION        mote: no XNNPACK node for this op" \
            "node    1  CONV_2D              XNNPACK" \
            "XNNPACK              xnnpack/f32              replaces nodes 0,1,2,3,4,5,6" \
            "execution plan with the delegate: 7 node(s)"; do
  grep -qF -- "$want" "$work/inspect.txt" || { echo "FAILED: inspect lacks '$want'"; cat "$work/inspect.txt"; fail=1; }
done

# Outputs against the oracle's, |x - ref| <= 1e-4 + 1e-4 |ref| (plain Python: no numpy needed).
mkdir -p "$work/out"
"$mote" run "$model/model.tflite" -i "$model/input0.bin" -o "$work/out" --delegate xnnpack --threads 2 \
  >"$work/run.txt" 2>&1 || { echo "FAILED: run --delegate xnnpack"; cat "$work/run.txt"; fail=1; }
grep -qF "delegate xnnpack: 15 of 18 node(s) in 4 partition(s), 2 thread(s)" "$work/run.txt" ||
  { echo "FAILED: run summary"; cat "$work/run.txt"; fail=1; }
for k in 0 1 2; do
  python3 - "$work/out/output$k.bin" "$model/output$k.bin" <<'PY' || { echo "FAILED: output $k beyond tolerance"; fail=1; }
import struct, sys
a, b = (open(p, "rb").read() for p in sys.argv[1:3])
assert len(a) == len(b) and len(a) % 4 == 0, (len(a), len(b))
x = struct.unpack("<%df" % (len(a) // 4), a)
y = struct.unpack("<%df" % (len(b) // 4), b)
bad = [(i, u, v) for i, (u, v) in enumerate(zip(x, y)) if abs(u - v) > 1e-4 + 1e-4 * abs(v)]
sys.exit(1 if bad else 0)
PY
done

# The profile lists the delegate kernels with the nodes each replaces.
"$mote" run "$model/model.tflite" --delegate xnnpack --profile --runs 3 --warmup 1 >"$work/profile.txt" 2>&1 ||
  { echo "FAILED: --profile"; cat "$work/profile.txt"; fail=1; }
grep -qE "XNNPACK +xnnpack/f32 .*replaces nodes 0,1,2,3,4,5,6" "$work/profile.txt" ||
  { echo "FAILED: profile lacks the delegate kernel row"; cat "$work/profile.txt"; fail=1; }

# A model with nothing to take (int8): no partition, runs on mote's kernels.
"$mote" inspect "$src/models/demo/digits_int8.tflite" --delegate xnnpack >"$work/int8.txt" 2>&1 ||
  { echo "FAILED: inspect int8 --delegate"; cat "$work/int8.txt"; fail=1; }
grep -qF "delegate xnnpack: 0 of 7 node(s) in 0 partition(s)" "$work/int8.txt" ||
  { echo "FAILED: int8 summary"; cat "$work/int8.txt"; fail=1; }

# --xnnpack-int8: the int8 nodes this XNNPACK has, each built alone first; the others stay on mote, with why.
"$mote" inspect "$src/models/demo/digits_int8.tflite" --delegate xnnpack --xnnpack-int8 >"$work/int8on.txt" 2>&1 ||
  { echo "FAILED: inspect int8 --xnnpack-int8"; cat "$work/int8on.txt"; fail=1; }
for want in "delegate xnnpack: 4 of 7 node(s) in 2 partition(s), 1 thread(s), int8 on (XNNPACK's requantization" \
            "node    0  CONV_2D              XNNPACK" \
            "node    6  SOFTMAX              mote: this XNNPACK has no int8 form of the op" \
            "XNNPACK              xnnpack/f32+qs8          replaces nodes 0,1,2"; do
  grep -qF -- "$want" "$work/int8on.txt" || { echo "FAILED: int8 inspect lacks '$want'"; cat "$work/int8on.txt"; fail=1; }
done
# Its outputs stay within a few quantization steps of mote's own (bit-exact) kernels.
mkdir -p "$work/own" "$work/xnn8"
"$mote" run "$src/models/demo/digits_int8.tflite" -o "$work/own" >/dev/null 2>&1 || { echo "FAILED: int8 run"; fail=1; }
"$mote" run "$src/models/demo/digits_int8.tflite" -o "$work/xnn8" --delegate xnnpack --xnnpack-int8 >"$work/xnn8.txt" 2>&1 ||
  { echo "FAILED: int8 run --xnnpack-int8"; cat "$work/xnn8.txt"; fail=1; }
python3 - "$work/own/output0.bin" "$work/xnn8/output0.bin" <<'PY' || { echo "FAILED: int8 outputs beyond 8 steps"; fail=1; }
import sys
a, b = (open(p, "rb").read() for p in sys.argv[1:3])
s8 = lambda v: v - 256 if v > 127 else v
assert len(a) == len(b) and len(a) > 0
sys.exit(0 if max(abs(s8(x) - s8(y)) for x, y in zip(a, b)) <= 8 else 1)
PY

# Usage errors: exit 2 with the reason.
for args in "--delegate foo" "--threads 0" "--delegate"; do
  "$mote" run "$model/model.tflite" $args >"$work/usage.txt" 2>&1
  rc=$?
  [ "$rc" = 2 ] || { echo "FAILED (exit $rc, want 2): mote run ... $args"; cat "$work/usage.txt"; fail=1; }
done
exit $fail
