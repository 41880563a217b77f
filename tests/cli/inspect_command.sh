#!/usr/bin/env bash
# `mote inspect` and `mote gen-resolver`: the demo model in text and JSON, custom/Flex/unimplemented ops (models
# written below by a dependency-free FlatBuffer writer), JSON escaping, malformed models and usage errors.
set -uo pipefail
mote=$1; src=$2; shared=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
check() {  # check "what" python-expression-over-d  (reads JSON from $work/out.json)
  python3 -c 'import json,sys; d=json.load(open(sys.argv[1], encoding="utf-8")); sys.exit(0 if eval(sys.argv[2]) else 1)' \
    "$work/out.json" "$2" || { echo "FAILED: $1: $2"; cat "$work/out.json"; fail=1; }
}
expect_exit() {  # expect_exit CODE "message fragment" args...
  local code=$1 want=$2; shift 2
  "$mote" "$@" >"$work/out.txt" 2>&1
  local rc=$?
  [ "$rc" = "$code" ] || { echo "FAILED (exit $rc, want $code): mote $*"; cat "$work/out.txt"; fail=1; return; }
  grep -qF -- "$want" "$work/out.txt" || { echo "FAILED (message '$want'): mote $*"; cat "$work/out.txt"; fail=1; }
}
demo="$src/models/demo/digits_int8.tflite"

# --- The demo model -------------------------------------------------------------------------------------
"$mote" inspect "$demo" >"$work/out.txt" 2>&1 || { echo "FAILED: inspect demo"; cat "$work/out.txt"; exit 1; }
for want in "CONV_2D" "FULLY_CONNECTED" "serving_default_image:0' INT8 [1, 8, 8, 1] scale 0.00392156886 zero_point -128" \
            "conv_2d/int8/" "softmax/int8/" "arena: " "supported: yes" "tensors: 15"; do
  grep -qF -- "$want" "$work/out.txt" || { echo "FAILED: inspect text lacks '$want'"; cat "$work/out.txt"; fail=1; }
done
"$mote" inspect "$demo" --json >"$work/out.json" || { echo "FAILED: inspect --json"; exit 1; }
check "demo json" 'd["supported"] is True and d["problems"] == [] and d["arena_bytes"] > 0'
check "demo json" 'd["arena_bytes"] == d["arena"]["total"] and d["arena"]["persistent"] > 0'
check "demo ops" 'sorted(o["name"] for o in d["operators"]) == sorted(["CONV_2D", "MAX_POOL_2D", "AVERAGE_POOL_2D", "RESHAPE", "FULLY_CONNECTED", "SOFTMAX"])'
check "demo op counts" '[(o["name"], o["code"], o["count"]) for o in d["operators"] if o["name"] == "CONV_2D"] == [("CONV_2D", 3, 2)]'
check "demo nodes" '[n["op"] for n in d["nodes"]] == ["CONV_2D", "MAX_POOL_2D", "CONV_2D", "AVERAGE_POOL_2D", "RESHAPE", "FULLY_CONNECTED", "SOFTMAX"]'
check "demo nodes" '[n["index"] for n in d["nodes"]] == list(range(7)) and all(n["variant"] for n in d["nodes"])'
check "demo io" 'd["inputs"] == [{"name": "serving_default_image:0", "dtype": "INT8", "shape": [1, 8, 8, 1], "scale": 0.00392156886, "zero_point": -128}]'
check "demo io" 'd["outputs"][0]["shape"] == [1, 10] and d["outputs"][0]["scale"] == 0.00390625'
check "demo misc" 'd["tensors"] == 15 and d["subgraphs"] == [{"name": "main", "tensors": 15, "operators": 7}] and d["custom_ops"] == []'
# The memory plan: every buffer inside the planned region, no two live at once sharing bytes, the peak where a
# live buffer ends at the region's end, the live-bytes bound under the region.
check "demo memory" 'd["memory"]["positions"] == 7 and len(d["memory"]["buffers"]) > 0'
check "demo memory" 'all(0 <= b["first"] <= b["last"] < 7 and b["offset"] % 16 == 0 for b in d["memory"]["buffers"])'
check "demo memory" 'd["memory"]["planned_bytes"] == max(b["offset"] + b["bytes"] for b in d["memory"]["buffers"]) <= d["arena"]["planned"]'
check "demo memory" 'not any(a is not b and a["first"] <= b["last"] and b["first"] <= a["last"] and a["offset"] < b["offset"] + b["bytes"] and b["offset"] < a["offset"] + a["bytes"] and not (a["offset"] == b["offset"] and (a["first"], a["last"]) == (b["first"], b["last"]) and (a["overwrites"] is not None or b["overwrites"] is not None)) for a in d["memory"]["buffers"] for b in d["memory"]["buffers"])'
# In-place execution: RESHAPE (node 4) writes over its input, so its output shares the pooled tensor's bytes (one
# offset, one lifetime); the arena without it is measured, never smaller.
check "demo in place" '[(b["overwrites"], b["offset"]) for b in d["memory"]["buffers"] if b["name"] == "Reshape"] == [(b["index"], b["offset"]) for b in d["memory"]["buffers"] if b["name"] == "AvgPool2D"]'
check "demo in place" 'd["memory"]["in_place"]["tensors"] == sum(b["overwrites"] is not None for b in d["memory"]["buffers"]) >= 1'
check "demo in place" 'd["memory"]["in_place"]["arena_bytes_without"] >= d["arena_bytes"]'
check "demo memory" 'sum(b["bytes"] for b in d["memory"]["buffers"] if b["kind"] == "tensor") == d["arena"]["activations"]'
check "demo memory peak" 'any(b["first"] <= d["memory"]["peak_position"] <= b["last"] and b["offset"] + b["bytes"] == d["memory"]["planned_bytes"] for b in d["memory"]["buffers"])'
check "demo memory peak" 'd["memory"]["peak_node"] == d["nodes"][d["memory"]["peak_position"]]["index"]'
check "demo memory live" 'd["memory"]["max_live_bytes"] <= max(sum(b["bytes"] for b in d["memory"]["buffers"] if b["first"] <= p <= b["last"]) for p in range(7)) and d["memory"]["max_live_bytes"] <= d["memory"]["planned_bytes"]'
check "demo memory names" '{b["name"] for b in d["memory"]["buffers"] if b["kind"] == "tensor"} >= {"serving_default_image:0", "PartitionedCall:0"}'
check "demo memory io" '[(b["first"], b["last"]) for b in d["memory"]["buffers"] if b["name"] == "serving_default_image:0"] == [(0, 0)] and [b["last"] for b in d["memory"]["buffers"] if b["name"] == "PartitionedCall:0"] == [6]'
"$mote" inspect "$demo" --memory >"$work/out.txt" 2>&1 || { echo "FAILED: inspect --memory"; cat "$work/out.txt"; fail=1; }
for want in "memory plan: " "serving_default_image:0" "planned region: " "peak: reached at position " "most live at once: " \
            "in place: "; do
  grep -qF -- "$want" "$work/out.txt" || { echo "FAILED: inspect --memory lacks '$want'"; cat "$work/out.txt"; fail=1; }
done
"$mote" inspect "$demo" >"$work/out.txt" 2>&1
grep -qF "memory plan: " "$work/out.txt" && { echo "FAILED: the plan printed without --memory"; fail=1; }
# The arena size inspect reports is the one `mote run` needs: exactly that works, 16 bytes less does not.
arena=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["arena_bytes"])' "$work/out.json")
"$mote" run "$demo" --arena "$arena" >/dev/null 2>&1 || { echo "FAILED: run with the inspected arena $arena"; fail=1; }
"$mote" run "$demo" --arena $((arena - 16)) >/dev/null 2>&1 && { echo "FAILED: run with arena-16 succeeded"; fail=1; }

# --no-in-place: the same outputs, in the arena inspect measured for it.
mkdir -p "$work/on" "$work/off"
"$mote" run "$demo" -o "$work/on" >/dev/null 2>&1 || { echo "FAILED: run demo"; fail=1; }
"$mote" run "$demo" -o "$work/off" --no-in-place >/dev/null 2>&1 || { echo "FAILED: run demo --no-in-place"; fail=1; }
cmp -s "$work/on/output0.bin" "$work/off/output0.bin" || { echo "FAILED: --no-in-place changed the output"; fail=1; }
without=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["memory"]["in_place"]["arena_bytes_without"])' "$work/out.json")
"$mote" run "$demo" --no-in-place --arena "$without" >/dev/null 2>&1 || { echo "FAILED: --no-in-place in $without bytes"; fail=1; }
"$mote" run "$demo" --no-in-place --arena $((without - 16)) >/dev/null 2>&1 && { echo "FAILED: --no-in-place in $((without - 16)) bytes"; fail=1; }

# --no-prepack: the same outputs, in the arena inspect measured for it; the prepacked bytes are what it saves.
check "demo prepack" 'd["arena"]["without_prepacking"] + d["arena"]["prepacked"] <= d["arena_bytes"] and d["arena"]["prepacked"] <= d["arena"]["persistent"]'
"$mote" run "$demo" -o "$work/off" --no-prepack >/dev/null 2>&1 || { echo "FAILED: run demo --no-prepack"; fail=1; }
cmp -s "$work/on/output0.bin" "$work/off/output0.bin" || { echo "FAILED: --no-prepack changed the output"; fail=1; }
unpacked=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["arena"]["without_prepacking"])' "$work/out.json")
"$mote" run "$demo" --no-prepack --arena "$unpacked" >/dev/null 2>&1 || { echo "FAILED: --no-prepack in $unpacked bytes"; fail=1; }
"$mote" run "$demo" --no-prepack --arena $((unpacked - 16)) >/dev/null 2>&1 && { echo "FAILED: --no-prepack in $((unpacked - 16)) bytes"; fail=1; }
grep -qF "prepacked " "$work/out.txt" || { echo "FAILED: inspect text lacks the prepacked bytes"; fail=1; }

# gen-resolver on the demo model: stdout and -o give the same header.
"$mote" gen-resolver "$demo" >"$work/gen.h" || { echo "FAILED: gen-resolver demo"; fail=1; }
"$mote" gen-resolver "$demo" -o "$work/gen_o.h" --name RegisterDemo || { echo "FAILED: gen-resolver -o"; fail=1; }
for want in '#include "mote/op_resolver.h"' 'using ModelOpResolver = mote::MicroMutableOpResolver<6>;' \
            'inline TfLiteStatus RegisterModelOps(mote::MicroMutableOpResolver<6>& resolver)' \
            'resolver.AddConv2D(mote::Register_CONV_2D_INT8())' 'resolver.AddReshape()' 'digits_int8.tflite (5632 bytes)'; do
  grep -qF -- "$want" "$work/gen.h" || { echo "FAILED: header lacks '$want'"; cat "$work/gen.h"; fail=1; }
done
grep -qF 'inline TfLiteStatus RegisterDemo(' "$work/gen_o.h" || { echo "FAILED: --name not used"; fail=1; }
[ "$(grep -c 'resolver.Add' "$work/gen.h")" = 6 ] || { echo "FAILED: header does not register 6 ops"; fail=1; }

# --- Synthetic models: custom, Flex and unimplemented ops ---------------------------------------------
# Codes: 0 My-Op (custom, used twice), 1 RELU, 2 FlexAddV2, 3 HASHTABLE_LOOKUP (unused: ignored), 4 RELU again (duplicate).
python3 "$src/tests/support/make_tiny_model.py" "$work/custom.tflite" 'My-Op,19,FlexAddV2,10,19' '0,1,2,0,4' || { echo "FAILED: make_model"; exit 1; }
python3 "$src/tests/support/make_tiny_model.py" "$work/cast.tflite" '19,10' '0,1'

"$mote" inspect "$work/custom.tflite" --json >"$work/out.json" || { echo "FAILED: inspect custom model"; cat "$work/out.json"; fail=1; }
check "custom json" 'd["supported"] is False and d["arena_bytes"] is None and d["nodes"] == [] and len(d["problems"]) > 0'
check "custom json" 'd["memory"]["buffers"] == [] and d["memory"]["peak_node"] is None'
check "custom json" 'any("My-Op" in p for p in d["problems"])'
check "custom ops" '[(c["name"], c["count"], c["tensorflow_op"]) for c in d["custom_ops"]] == [("My-Op", 2, False), ("FlexAddV2", 1, True)]'
check "custom codes" '[(o["name"], o["code"], o["count"]) for o in d["operators"]] == [("My-Op", 32, 2), ("RELU", 19, 1), ("FlexAddV2", 32, 1), ("HASHTABLE_LOOKUP", 10, 0), ("RELU", 19, 1)]'
check "escaping" 'd["inputs"][0]["name"] == "in \"quoted\"\\back\nline\ttab" and d["outputs"][0]["name"] == "caf\u00e9"'
check "bad UTF-8" 'd["description"] == "synthetic \"test\" model \ufffd"'
check "no quantization" 'd["inputs"][0]["scale"] is None and d["inputs"][0]["zero_point"] is None'
"$mote" inspect "$work/custom.tflite" >"$work/out.txt" 2>&1 || { echo "FAILED: inspect custom (text)"; fail=1; }
for want in "TensorFlow op, unsupported" "supported: no" "problem: " "My-Op"; do
  grep -qF -- "$want" "$work/out.txt" || { echo "FAILED: custom inspect text lacks '$want'"; cat "$work/out.txt"; fail=1; }
done
"$mote" gen-resolver "$work/custom.tflite" >"$work/custom.h" 2>"$work/err.txt" || { echo "FAILED: gen-resolver custom"; cat "$work/err.txt"; fail=1; }
for want in 'MicroMutableOpResolver<3>' 'TfLiteRegistration* Register_MY_OP();' \
            'resolver.AddCustom("My-Op", Register_MY_OP())' 'resolver.AddCustom("FlexAddV2", Register_FLEXADDV2())' \
            'resolver.AddRelu()'; do
  grep -qF -- "$want" "$work/custom.h" || { echo "FAILED: custom header lacks '$want'"; cat "$work/custom.h"; fail=1; }
done
grep -q HASHTABLE_LOOKUP "$work/custom.h" && { echo "FAILED: an unused operator code reached the header"; fail=1; }

# A custom op TFLM ships (TFLM_DECODE): mote has its kernel, so gen-resolver calls AddDecode() and inspect says so.
python3 "$src/tests/support/make_tiny_model.py" "$work/decode.tflite" 'TFLM_DECODE,19' '0,1'
"$mote" gen-resolver "$work/decode.tflite" >"$work/decode.h" 2>"$work/err.txt" || { echo "FAILED: gen-resolver decode"; cat "$work/err.txt"; fail=1; }
grep -qF 'if (resolver.AddDecode() != kTfLiteOk) return kTfLiteError;' "$work/decode.h" || { echo "FAILED: decode header lacks AddDecode()"; cat "$work/decode.h"; fail=1; }
grep -q 'Register_TFLM_DECODE' "$work/decode.h" && { echo "FAILED: decode header asks the application for TFLM_DECODE"; fail=1; }
"$mote" inspect "$work/decode.tflite" >"$work/out.txt" 2>&1
grep -qF "implemented (custom)" "$work/out.txt" || { echo "FAILED: decode inspect text"; cat "$work/out.txt"; fail=1; }

"$mote" inspect "$work/cast.tflite" --json >"$work/out.json" || { echo "FAILED: inspect cast model"; fail=1; }
check "cast json" 'd["supported"] is False and [o["implemented"] for o in d["operators"]] == [True, False]'
expect_exit 1 "HASHTABLE_LOOKUP (builtin code 10): not implemented" gen-resolver "$work/cast.tflite"

# --- A custom op mote ships (TFLite_Detection_PostProcess): implemented, registered with its TFLM method ----
python3 - "$src/tests/oracle/data/detection_postprocess.cases" "$work/detect.tflite" <<'PY'
import struct, sys
data = open(sys.argv[1], 'rb').read()
pos = 12  # magic, case count
def blob():
    global pos
    (n,) = struct.unpack_from('<I', data, pos)
    pos += 4 + n
    return data[pos - n:pos]
blob()  # name
if data[:8] == b'MOTEORC2':
    pos += 4  # expectation
    blob()  # refusal reason
open(sys.argv[2], 'wb').write(blob())  # the first case's model
PY
"$mote" inspect "$work/detect.tflite" --json >"$work/out.json" || { echo "FAILED: inspect detection model"; fail=1; }
check "detection json" 'd["supported"] is True and [(o["name"], o["custom"], o["implemented"]) for o in d["operators"]] == [("TFLite_Detection_PostProcess", True, True)]'
"$mote" inspect "$work/detect.tflite" >"$work/out.txt" 2>&1 || { echo "FAILED: inspect detection (text)"; fail=1; }
for want in "implemented (custom)" "detection_postprocess/float32/reference"; do
  grep -qF -- "$want" "$work/out.txt" || { echo "FAILED: detection inspect text lacks '$want'"; cat "$work/out.txt"; fail=1; }
done
"$mote" gen-resolver "$work/detect.tflite" >"$work/detect.h" 2>"$work/err.txt" || { echo "FAILED: gen-resolver detection"; cat "$work/err.txt"; fail=1; }
grep -qF 'resolver.AddDetectionPostprocess()' "$work/detect.h" || { echo "FAILED: detection header"; cat "$work/detect.h"; fail=1; }
grep -q 'Register_TFLITE' "$work/detect.h" && { echo "FAILED: a shipped custom kernel asked of the application"; fail=1; }

# --- Malformed models and usage errors ------------------------------------------------------------------
head -c 1000 "$demo" > "$work/truncated.tflite"
expect_exit 1 "is not a valid model" inspect "$work/truncated.tflite"
expect_exit 1 "is not a valid model" inspect "$work/truncated.tflite" --json
expect_exit 1 "is not a valid model" gen-resolver "$work/truncated.tflite"
expect_exit 1 "cannot open" inspect "$work/missing.tflite"
expect_exit 2 "unknown option '--frobnicate'" inspect "$demo" --frobnicate
expect_exit 2 "unknown option '--frobnicate'" gen-resolver "$demo" --frobnicate
expect_exit 2 "no model given" inspect
expect_exit 2 "no model given" gen-resolver
expect_exit 2 "one model at a time" inspect "$demo" "$demo"
expect_exit 2 "needs a value" gen-resolver "$demo" -o
expect_exit 2 "is not a C++ identifier" gen-resolver "$demo" --name 1bad-name
expect_exit 1 "" gen-resolver "$demo" -o "$work/no/such/dir/x.h"

# Every shared model inspects as supported with an arena size (when ../shared is present).
if [ -d "$shared/models" ]; then
  for m in "$shared"/models/*.tflite; do
    "$mote" inspect "$m" --json >"$work/out.json" || { echo "FAILED: inspect $m"; fail=1; continue; }
    check "$(basename "$m")" 'd["supported"] is True and d["arena_bytes"] > 0'
  done
else
  echo "../shared not found: skipping the shared models"
fi
exit $fail
