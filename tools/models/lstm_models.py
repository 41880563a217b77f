#!/usr/bin/env python3
"""Whole LSTM models (issue 17 item 5): a Keras LSTM sequence classifier trained here, as float32, full-integer
int8 and 16x8 (int16 activations, int8 weights), with TFLM's outputs.

The task: classify noisy waveforms (sine, square, triangle; random frequency, phase, amplitude, numpy seed 23,
synthetic, no download) from 12 steps of (value, first difference). Model: LSTM(8) -> Dense(3) (softmax for
float32/int8), trained 25 epochs with Adam.

  lstm_classifier_float32  converted from the Keras 2 model (tf_keras: Keras 3's LSTM is converted to a WHILE
                           loop, tf_keras's fuses into one UNIDIRECTIONAL_SEQUENCE_LSTM), batch 2, batch-major
  lstm_classifier_int8     the same, full-integer int8 (TFLM's 8x8->16 cell, int16 cell state)
  lstm_classifier_int16x8  the same weights assembled here (tools/oracle/oracle_lib's builder) as a 16x8 model,
                           time-major: TF 2.21's converter refuses 16x8 quantization of
                           UNIDIRECTIONAL_SEQUENCE_LSTM ("not yet supported"), TFLM runs it. LSTM ->
                           STRIDED_SLICE (last step) -> FULLY_CONNECTED int16 logits.

Each is written to tests/models/<name>/ (first invoke, make_models.write_test_model) and, because the states
are variable tensors carried from invoke to invoke, also as a multi-invoke oracle group lstm_models
(tests/oracle/data/lstm_models.cases): four invokes of one interpreter on test samples, Reset() before the
third, every invoke's outputs from TFLM.

Run (the .venv-tf of make_models.py plus tf_keras and the tflite flatbuffer package, e.g. beside it):
  .venv-tf/bin/pip install --no-deps --target /tmp/lstm-py tf-keras==2.21.0 tflite==2.18.0
  PYTHONPATH=/tmp/lstm-py .venv-tf/bin/python tools/models/lstm_models.py
Training is seeded, but TensorFlow versions and CPUs may still change the weights; a rerun rewrites the models,
their TFLM outputs and the lstm_models cases together.
"""

import json
import os
import sys
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "oracle"))
import make_models as mm  # noqa: E402
import oracle_lib as ol  # noqa: E402

T_STEPS, FEATURES, UNITS, CLASSES, BATCH = 12, 2, 8, 3, 2
SEED = 23
CLASS_NAMES = ["sine", "square", "triangle"]


def waveforms(rng, n):
    """n samples [T, 2] (value, first difference) and labels."""
    labels = rng.integers(0, CLASSES, n)
    t = np.arange(T_STEPS + 1)[None, :]
    freq = rng.uniform(0.06, 0.2, (n, 1))
    phase = rng.uniform(0, 2 * np.pi, (n, 1))
    amp = rng.uniform(0.5, 1.0, (n, 1))
    arg = 2 * np.pi * freq * t + phase
    sine = np.sin(arg)
    square = np.sign(np.sin(arg))
    triangle = 2 / np.pi * np.arcsin(np.sin(arg))
    wave = np.where(labels[:, None] == 0, sine, np.where(labels[:, None] == 1, square, triangle))
    wave = amp * wave + rng.normal(0, 0.08, wave.shape)
    x = np.stack([wave[:, 1:], np.diff(wave, axis=1)], axis=-1).astype(np.float32)
    return x, labels


def train():
    import tensorflow as tf
    import tf_keras as keras
    tf.random.set_seed(SEED)
    rng = np.random.default_rng(SEED)
    x_train, y_train = waveforms(rng, 3000)
    x_test, y_test = waveforms(rng, 200)
    model = keras.Sequential([keras.layers.InputLayer(input_shape=(T_STEPS, FEATURES)),
                              keras.layers.LSTM(UNITS), keras.layers.Dense(CLASSES)])
    model.compile(optimizer=keras.optimizers.Adam(1e-2),
                  loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True), metrics=["accuracy"])
    model.fit(x_train, y_train, epochs=25, batch_size=64, verbose=0)
    acc = float(model.evaluate(x_test, y_test, verbose=0)[1])
    return model, (x_train, y_train), (x_test, y_test), acc


def fixed_batch_model(trained):
    """The trained layers behind a batch-BATCH input, with a softmax: what the converter fuses."""
    import tf_keras as keras
    lstm = keras.layers.LSTM(UNITS)
    dense = keras.layers.Dense(CLASSES, activation="softmax")
    model = keras.Sequential([keras.layers.InputLayer(input_shape=(T_STEPS, FEATURES), batch_size=BATCH), lstm,
                              dense])
    lstm.set_weights(trained.layers[0].get_weights())
    dense.set_weights(trained.layers[1].get_weights())
    return model


def convert_keras(model, x_train, quant):
    import tensorflow as tf
    conv = tf.lite.TFLiteConverter.from_keras_model(model)
    if quant:
        def rep():
            for k in range(0, 200, BATCH):
                yield [x_train[k:k + BATCH]]
        conv.optimizations = [tf.lite.Optimize.DEFAULT]
        conv.representative_dataset = rep
        conv.target_spec.supported_ops = [tf.lite.OpsSet.TFLITE_BUILTINS_INT8]
        conv.inference_input_type = tf.int8
        conv.inference_output_type = tf.int8
    return bytes(conv.convert())


def quantize_weights(w):
    scale = float(np.max(np.abs(w))) / 127.0
    return np.clip(np.round(w / scale), -127, 127).astype(np.int8), scale


def int16x8_model(trained, x_train):
    """LSTM (int16 activations, int8 weights, int64 bias, int16 cell state 2^-11, cell clip 10 as the converter
    writes it) -> STRIDED_SLICE of the last time step -> FULLY_CONNECTED int16 logits; time-major input."""
    kernel, recurrent, bias = trained.layers[0].get_weights()  # Keras gate order: input, forget, cell, output
    dense_w, dense_b = trained.layers[1].get_weights()
    s_in = float(np.max(np.abs(x_train))) / 32767.0
    s_h = 1.0 / 32768.0
    tensors = [ol.T([T_STEPS, BATCH, FEATURES], "int16", scale=s_in, zero_point=0, name="input")]
    wx, wh, bs = [], [], []
    for g in range(4):
        q, s = quantize_weights(kernel[:, g * UNITS:(g + 1) * UNITS].T)
        wx.append(ol.T([UNITS, FEATURES], "int8", data=q, scale=s))
        bias_scale = float(np.float32(s_in) * np.float32(s))
        bs.append(ol.T([UNITS], "int64", data=np.round(bias[g * UNITS:(g + 1) * UNITS] / bias_scale), scale=bias_scale))
        q, s = quantize_weights(recurrent[:, g * UNITS:(g + 1) * UNITS].T)
        wh.append(ol.T([UNITS, UNITS], "int8", data=q, scale=s))
    h = ol.T([BATCH, UNITS], "int16", scale=s_h, zero_point=0, is_variable=True, name="output_state")
    c = ol.T([BATCH, UNITS], "int16", scale=2.0 ** -11, zero_point=0, is_variable=True, name="cell_state")
    seq = ol.T([T_STEPS, BATCH, UNITS], "int16", scale=s_h, zero_point=0, name="sequence")
    tensors += wx + wh + bs + [h, c, seq]
    idx = {id(t): k for k, t in enumerate(tensors)}
    lstm_inputs = [0] + [idx[id(t)] for t in wx + wh] + [-1] * 3 + [idx[id(t)] for t in bs] + [-1, -1] + \
        [idx[id(h)], idx[id(c)]] + [-1] * 4
    begin = ol.T([3], "int32", data=[T_STEPS - 1, 0, 0])
    end = ol.T([3], "int32", data=[T_STEPS, BATCH, UNITS])
    strides = ol.T([3], "int32", data=[1, 1, 1])
    last = ol.T([BATCH, UNITS], "int16", scale=s_h, zero_point=0, name="last_step")
    fq, fs = quantize_weights(dense_w.T)
    logits_scale = float(np.sum(np.abs(dense_w), axis=0).max() + np.abs(dense_b).max()) / 32767.0
    fc_bias_scale = float(np.float32(s_h) * np.float32(fs))
    fw = ol.T([CLASSES, UNITS], "int8", data=fq, scale=fs)
    fb = ol.T([CLASSES], "int64", data=np.round(dense_b / fc_bias_scale), scale=fc_bias_scale)
    logits = ol.T([BATCH, CLASSES], "int16", scale=logits_scale, zero_point=0, name="logits")
    base = len(tensors)
    tensors += [begin, end, strides, last, fw, fb, logits]
    ops = [("UNIDIRECTIONAL_SEQUENCE_LSTM", lstm_inputs, [idx[id(seq)]], "UnidirectionalSequenceLSTMOptions",
            {"fused_activation_function": "TANH", "cell_clip": 10.0, "proj_clip": 0.0, "time_major": True}),
           ("STRIDED_SLICE", [idx[id(seq)], base, base + 1, base + 2], [base + 3], "StridedSliceOptions",
            {"shrink_axis_mask": 1}),
           ("FULLY_CONNECTED", [base + 3, base + 4, base + 5], [base + 6], "FullyConnectedOptions",
            {"fused_activation_function": "NONE"})]
    return ol.multi_op_model(tensors, ops, inputs=[0], outputs=[base + 6])


def model_input(model_bytes, batch_x):
    """batch_x [BATCH, T, F] float -> the model's input array (quantized, time-major as the model wants)."""
    in_info, _ = ol.model_io(model_bytes)
    shape, dtype = in_info[0]
    x = batch_x if list(shape)[0] == BATCH else np.transpose(batch_x, (1, 0, 2))
    if dtype == np.float32:
        return x.astype(np.float32)
    m = ol.tflite.Model.GetRootAs(model_bytes, 0)
    sg = m.Subgraphs(0)
    q = sg.Tensors(sg.Inputs(0)).Quantization()
    return mm.quantize_to(x, float(q.ScaleAsNumpy()[0]), int(q.ZeroPointAsNumpy()[0]), dtype)


def tflm_accuracy(model_bytes, x_test, y_test):
    """Each batch on a freshly reset interpreter (the states would otherwise carry over)."""
    steps = [([model_input(model_bytes, x_test[k:k + BATCH])], True) for k in range(0, len(x_test), BATCH)]
    outs = ol.run_tflm_sequence(model_bytes, steps)
    pred = np.concatenate([np.argmax(o[0].reshape(BATCH, CLASSES), axis=1) for o in outs])
    return float(np.mean(pred == y_test[:len(pred)]))


def main():
    trained, (x_train, _), (x_test, y_test), keras_acc = train()
    fixed = fixed_batch_model(trained)
    models = {"lstm_classifier_float32": convert_keras(fixed, x_train, False),
              "lstm_classifier_int8": convert_keras(fixed, x_train, True),
              "lstm_classifier_int16x8": int16x8_model(trained, x_train)}
    stream = ol.CaseWriter("lstm_models", seed=SEED, generator=str(Path(__file__).resolve()),
                           out_dir=str(mm.REPO / "tests" / "oracle" / "data"))
    how = ("tools/models/lstm_models.py: LSTM(8) -> Dense(3) waveform classifier (sine/square/triangle, 12 steps "
           "of value and difference, numpy seed %d, synthetic), trained 25 epochs (Adam 1e-2, batch 64) with "
           "tf_keras %s; Keras test accuracy %.3f. Test inputs: the first %d test samples (batch %d).")
    for name, mb in models.items():
        ops, _, _ = mm.describe_model(mb)
        assert "UNIDIRECTIONAL_SEQUENCE_LSTM" in ops, (name, ops)
        acc = tflm_accuracy(mb, x_test, y_test)
        import tf_keras
        notes = ["TFLM accuracy on the 200 test samples (Reset() before each batch): %.3f" % acc,
                 "The output and cell states are variable tensors: a second Invoke() continues from the first "
                 "one's final state; tests/oracle/data/lstm_models.cases checks four invokes with a Reset()."]
        if name.endswith("int16x8"):
            notes.append("Assembled from the trained weights (TF 2.21's converter refuses 16x8 quantization of "
                         "UNIDIRECTIONAL_SEQUENCE_LSTM); time-major input [time, batch, features].")
        rule = ("The first %d test samples, quantized with the input's scale/zero point (float32: as is), "
                "[time, batch, features] for the time-major model." % BATCH)
        meta = mm.write_test_model(name, mb, how % (SEED, tf_keras.__version__, keras_acc, BATCH, BATCH) +
                                   " Converted as %s." % name.split("_")[-1], notes,
                                   inputs=[model_input(mb, x_test[:BATCH]).tobytes()], input_rule=rule)
        meta["variable_tensors_in_model"] = 2  # write_test_model's models have none; these carry their states
        (mm.REPO / "tests" / "models" / name / "meta.json").write_text(json.dumps(meta, indent=1) + "\n")
        steps = [([model_input(mb, x_test[k * BATCH:(k + 1) * BATCH])], k == 2) for k in range(4)]
        stream.add_sequence_run(name, mb, steps)
        print("  %s: TFLM accuracy %.3f" % (name, acc))
    stream.write()


if __name__ == "__main__":
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
    main()
