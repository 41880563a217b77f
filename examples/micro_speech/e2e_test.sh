#!/usr/bin/env bash
# micro_speech end to end: a preprocessor and micro_speech_quantized on ../shared/audio's four WAVs must give
# TFLM's labels and int8 scores exactly; bad WAVs end in a clear message and exit status 1. Exit 77 (skipped)
# when ../shared is absent or the build lacks one of the preprocessor's Signal* ops.
#
#   e2e_test.sh MICRO_SPEECH SHARED_DIR [PREPROCESSOR.tflite EXPECTED.json]
#
# Default: ../shared/audio's float preprocessor and micro_speech_e2e.json. The int8-features preprocessor
# (int8/audio_preprocessor_int8.tflite, TFLM's results in int8/micro_speech_e2e_int8.json, both written by
# tools/models/micro_speech_int8.py) is the other CTest.
set -uo pipefail
prog=$1; shared=$2
audio="$shared/audio"
preprocessor=${3:-$audio/audio_preprocessor_float.tflite}
expected=${4:-$audio/micro_speech_e2e.json}
if [ ! -f "$audio/micro_speech_e2e.json" ] || [ ! -f "$shared/models/micro_speech_quantized.tflite" ]; then
  echo "../shared/audio not found: skipping the micro_speech end-to-end test"
  exit 77
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
wavs=(yes_1000ms.wav no_1000ms.wav silence_1000ms.wav noise_1000ms.wav)
paths=()
for w in "${wavs[@]}"; do paths+=("$audio/$w"); done
"$prog" "$preprocessor" "$shared/models/micro_speech_quantized.tflite" "${paths[@]}" \
  >"$work/out.txt" 2>"$work/err.txt" || {
  if grep -q "Didn't find custom op for name 'Signal" "$work/err.txt"; then
    echo "this build lacks some of the preprocessor's Signal* ops: skipping the micro_speech end-to-end test"
    grep -o "Didn't find custom op for name '[A-Za-z]*'" "$work/err.txt"
    exit 77
  fi
  echo "FAILED: micro_speech failed"; cat "$work/err.txt"; fail=1; }
python3 - "$expected" "$audio" "$work/out.txt" <<'PY' || fail=1
import json, sys
cases = json.load(open(sys.argv[1]))["cases"]
lines = open(sys.argv[3]).read().splitlines()
want = ["%s/%s: %s %s" % (sys.argv[2], name, c["label"], " ".join(str(s) for s in c["scores_int8"]))
        for name, c in (( "yes_1000ms.wav", cases["yes_1000ms.wav"]), ("no_1000ms.wav", cases["no_1000ms.wav"]),
                        ("silence_1000ms.wav", cases["silence_1000ms.wav"]), ("noise_1000ms.wav", cases["noise_1000ms.wav"]))]
if lines != want:
    print("FAILED: micro_speech output differs from TFLM's\n got:\n  %s\n want:\n  %s" % ("\n  ".join(lines), "\n  ".join(want)))
    sys.exit(1)
print("micro_speech: 4 WAVs, TFLM's labels and scores (%s)" % sys.argv[1])
PY
# A broken WAV: a clear message naming the file and the problem, exit status 1.
head -c 30 "$audio/yes_1000ms.wav" >"$work/short.wav"
if "$prog" "$preprocessor" "$shared/models/micro_speech_quantized.tflite" "$work/short.wav" \
  >"$work/out2.txt" 2>&1; then
  echo "FAILED: a truncated WAV was accepted"; fail=1
elif ! grep -qF "$work/short.wav: the RIFF size is larger than the file" "$work/out2.txt"; then
  echo "FAILED: truncated WAV message"; cat "$work/out2.txt"; fail=1
fi
# A well-formed WAV too short for the keyword model's 49 frames: the pipeline names the count.
python3 - "$audio/yes_1000ms.wav" "$work/half.wav" <<'PY'
import sys, wave
with wave.open(sys.argv[1], "rb") as r, wave.open(sys.argv[2], "wb") as w:
    w.setparams(r.getparams())
    w.writeframes(r.readframes(8000))
PY
if "$prog" "$preprocessor" "$shared/models/micro_speech_quantized.tflite" "$work/half.wav" >"$work/out3.txt" 2>&1; then
  echo "FAILED: a 0.5 s WAV was accepted"; fail=1
elif ! grep -qF "$work/half.wav: 8000 samples make 24 frames, the keyword model needs 49" "$work/out3.txt"; then
  echo "FAILED: short WAV message"; cat "$work/out3.txt"; fail=1
fi
"$prog" a b >/dev/null 2>&1; [ $? -eq 2 ] || { echo "FAILED: usage error is not exit status 2"; fail=1; }
exit $fail
