#!/usr/bin/env python3
"""Builds an int8-features micro_speech preprocessor and TFLM's results on the four WAVs of ../shared/audio.

TFLM ships two preprocessors made by its generator (tensorflow/lite/micro/examples/micro_speech/
audio_preprocessor.py): audio_preprocessor_float.tflite (in ../shared/audio) and audio_preprocessor_int8.tflite
(not in ../shared). Both run the same signal chain (SignalWindow, SignalFftAutoScale, SignalRfft, SignalEnergy,
SignalFilterBank, SignalFilterBankSquareRoot, SignalFilterBankSpectralSubtraction, SignalPCAN,
SignalFilterBankLog, with RESHAPE, CAST, STRIDED_SLICE, CONCATENATION around the energy) and differ only in the
tail after SignalFilterBankLog's int16 features:
  float32: CAST to float32, then divided by 25.6 (a MUL by 1/25.6)
  int8:    CAST to int32, x * 256 + 333, truncating DIV by 666, + (-128), clipped to [-128, 127] (MINIMUM then
           MAXIMUM), CAST to int8 -- the generator's int8 branch (value_scale 256, value_div int(25.6 * 26 + 0.5),
           rounding term value_div // 2), registered in TFLM's example with AddAdd, AddDiv, AddMinimum,
           AddMaximum besides the float model's ops.
This script rebuilds the float model's signal chain tensor by tensor (its constants: window weights, filter-bank
tables, PCAN gain table, and each custom op's FlexBuffers options, copied as they are) with the repository's
model builder (tools/oracle/oracle_lib.py) and appends the int8 tail. The TFLM Python interpreter then runs
the whole micro_speech pipeline on each WAV exactly as ../shared/audio/micro_speech_e2e.json describes (one
preprocessor interpreter, 49 frames of 480 samples every 320, int8 features passed to the keyword model as they
are) and the expectations are written in the same json format.

Writes (repository paths):
  examples/micro_speech/int8/audio_preprocessor_int8.tflite
  examples/micro_speech/int8/micro_speech_e2e_int8.json   TFLM's labels, scores and feature hashes

Run: /work/main/.venv/bin/python tools/models/micro_speech_int8.py [--shared ../shared]
"""

import argparse
import hashlib
import json
import os
import sys
import wave
from pathlib import Path

import numpy as np
import tflite

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tools" / "oracle"))
from oracle_lib import Op, T, multi_op_model, run_tflm_sequence  # noqa: E402

WAVS = ["yes_1000ms.wav", "no_1000ms.wav", "silence_1000ms.wav", "noise_1000ms.wav"]
LABELS = ["silence", "unknown", "yes", "no"]
FRAME, STRIDE, FRAMES = 480, 320, 49
_TYPES = {0: "float32", 2: "int32", 3: "uint8", 7: "int16", 9: "int8", 12: "uint64", 15: "uint32"}
_BUILTINS = {v: k for k, v in vars(tflite.BuiltinOperator).items() if not k.startswith("_")}


def signal_chain(float_model):
    """The float model's tensors (as T) and operators up to SignalFilterBankLog, and that op's output index."""
    m = tflite.Model.GetRootAs(float_model, 0)
    g = m.Subgraphs(0)
    tensors = []
    for i in range(g.TensorsLength()):
        t = g.Tensors(i)
        shape = [int(d) for d in t.ShapeAsNumpy()] if t.ShapeLength() else []
        dtype = _TYPES[t.Type()]
        buf = m.Buffers(t.Buffer())
        data = None
        if buf.DataLength():
            data = np.frombuffer(buf.DataAsNumpy().tobytes(), dtype=np.dtype(dtype).newbyteorder("<"))
        tensors.append(T(shape, dtype, data=data, name=t.Name().decode()))
    ops, log_output = [], None
    for i in range(g.OperatorsLength()):
        op = g.Operators(i)
        code = m.OperatorCodes(op.OpcodeIndex())
        builtin = max(code.BuiltinCode(), code.DeprecatedBuiltinCode())
        ins = [int(x) for x in op.InputsAsNumpy()]
        outs = [int(x) for x in op.OutputsAsNumpy()]
        if code.CustomCode():
            name = code.CustomCode().decode()
            ops.append(Op(None, ins, outs, custom_code=name, custom_options=op.CustomOptionsAsNumpy().tobytes()))
            if name == "SignalFilterBankLog":
                log_output = outs[0]
                break
            continue
        kind = _BUILTINS[builtin]
        if kind == "STRIDED_SLICE":
            o = tflite.StridedSliceOptions()
            o.Init(op.BuiltinOptions().Bytes, op.BuiltinOptions().Pos)
            opts = dict(begin_mask=o.BeginMask(), end_mask=o.EndMask(), ellipsis_mask=o.EllipsisMask(),
                        new_axis_mask=o.NewAxisMask(), shrink_axis_mask=o.ShrinkAxisMask(), offset=o.Offset())
            ops.append(Op(kind, ins, outs, "StridedSliceOptions", opts))
        elif kind == "CONCATENATION":
            o = tflite.ConcatenationOptions()
            o.Init(op.BuiltinOptions().Bytes, op.BuiltinOptions().Pos)
            ops.append(Op(kind, ins, outs, "ConcatenationOptions",
                          dict(axis=o.Axis(), fused_activation_function=o.FusedActivationFunction())))
        elif kind in ("RESHAPE", "CAST"):
            if op.BuiltinOptionsType() != 0:
                sys.exit("micro_speech_int8.py: %s with options: not expected" % kind)
            ops.append(Op(kind, ins, outs))
        else:
            sys.exit("micro_speech_int8.py: unexpected op %s before SignalFilterBankLog" % kind)
    if log_output is None:
        sys.exit("micro_speech_int8.py: no SignalFilterBankLog in the float model")
    used = {i for op in ops for i in op.inputs + op.outputs if i >= 0}
    if g.InputsLength() != 1 or int(g.Inputs(0)) not in used:
        sys.exit("micro_speech_int8.py: unexpected graph input")
    return tensors, ops, int(g.Inputs(0)), log_output


def int8_model(float_model):
    tensors, ops, graph_input, log_output = signal_chain(float_model)
    # Only the tensors the chain uses (the float tail's are dropped), renumbered.
    used = sorted({i for op in ops for i in op.inputs + op.outputs if i >= 0})
    remap = {old: new for new, old in enumerate(used)}
    tensors = [tensors[i] for i in used]
    for op in ops:
        op.inputs = [remap[i] if i >= 0 else -1 for i in op.inputs]
        op.outputs = [remap[i] for i in op.outputs]
    shape = tensors[remap[log_output]].shape

    def add(t):
        tensors.append(t)
        return len(tensors) - 1

    x = remap[log_output]
    steps = [("CAST", None, None, "int32"),
             ("MUL", 256, ("MulOptions", dict(fused_activation_function="NONE")), "int32"),
             ("ADD", 333, ("AddOptions", dict(fused_activation_function="NONE")), "int32"),
             ("DIV", 666, ("DivOptions", dict(fused_activation_function="NONE")), "int32"),
             ("ADD", -128, ("AddOptions", dict(fused_activation_function="NONE")), "int32"),
             ("MINIMUM", 127, None, "int32"),
             ("MAXIMUM", -128, None, "int32"),
             ("CAST", None, None, "int8")]
    for kind, const, opts, dtype in steps:
        out = add(T(shape, dtype, name="features_%s_%d" % (kind.lower(), len(tensors))))
        ins = [x]
        if const is not None:
            ins.append(add(T([], "int32", data=np.array(const, dtype=np.int32), name="%s_y" % kind.lower())))
        if opts:
            ops.append(Op(kind, ins, [out], opts[0], opts[1]))
        else:
            ops.append(Op(kind, ins, [out]))
        x = out
    return multi_op_model(tensors, ops, inputs=[remap[graph_input]], outputs=[x])


def read_wav(path):
    with wave.open(str(path), "rb") as w:
        assert w.getnchannels() == 1 and w.getsampwidth() == 2 and w.getframerate() == 16000, path
        return np.frombuffer(w.readframes(w.getnframes()), dtype="<i2").astype(np.int16)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--shared", default=str(REPO.parent / "shared"))
    args = ap.parse_args()
    shared = Path(args.shared)
    model = int8_model((shared / "audio" / "audio_preprocessor_float.tflite").read_bytes())
    kws = (shared / "models" / "micro_speech_quantized.tflite").read_bytes()
    out_dir = REPO / "examples" / "micro_speech" / "int8"
    out_dir.mkdir(parents=True, exist_ok=True)
    cases = {}
    for name in WAVS:
        samples = read_wav(shared / "audio" / name)
        steps = [([samples[f * STRIDE:f * STRIDE + FRAME].reshape(1, FRAME)], False) for f in range(FRAMES)]
        features = np.concatenate([o[0].reshape(-1) for o in run_tflm_sequence(model, steps)]).astype(np.int8)
        scores = run_tflm_sequence(kws, [([features.reshape(1, -1)], False)])[0][0].reshape(-1).astype(np.int8)
        cases[name] = dict(label=LABELS[int(np.argmax(scores))], scores_int8=[int(s) for s in scores],
                           features_int8_sha256=hashlib.sha256(features.tobytes()).hexdigest())
        print("%s: %s %s" % (name, cases[name]["label"], " ".join(str(s) for s in scores)))
    import importlib.metadata
    spec = dict(
        description="Keyword spotting end to end with an int8-features preprocessor (audio_preprocessor_int8."
        "tflite, made by tools/models/micro_speech_int8.py: the float preprocessor's signal chain with the int8 "
        "tail of TFLM's audio_preprocessor.py): 16 kHz mono int16 WAV -> 49 frames of 480 samples every 320 "
        "samples -> ONE preprocessor interpreter invoked frame after frame -> 40 int8 features per frame, passed "
        "as they are -> [1, 1960] -> micro_speech_quantized.tflite -> 4 int8 scores. Expected values are what "
        "TFLM (tflite-micro Python package %s, reference kernels) produced." % importlib.metadata.version(
            "tflite-micro"),
        labels=LABELS, frame_samples=FRAME, stride_samples=STRIDE, frames=FRAMES, cases=cases)
    (out_dir / "audio_preprocessor_int8.tflite").write_bytes(model)
    with open(out_dir / "micro_speech_e2e_int8.json", "w") as f:
        json.dump(spec, f, indent=1)
        f.write("\n")
    print("wrote %s (%d bytes) and micro_speech_e2e_int8.json" % (out_dir / "audio_preprocessor_int8.tflite",
                                                                  len(model)))


if __name__ == "__main__":
    main()
