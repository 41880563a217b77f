"""The Python API's contract: details, error paths with mote's exact messages, views, reset, inspect and
gen_resolver, the GIL released during invoke(), and no leak over 10,000 invokes."""
import json
import subprocess
import threading
import time

import numpy as np
import pytest

import make_tiny_model
import mote
from conftest import ROOT

MNV3 = ROOT / "tests" / "models" / "mnv3_block_int8" / "model.tflite"


def zeros_for(d):
    return np.zeros(tuple(d["shape"]), dtype=d["dtype"])


def test_details(small_int8_model):
    interpreter = mote.Interpreter(model_path=small_int8_model)
    (d,) = interpreter.input_details()
    assert d["name"] == "serving_default_x:0" and d["dtype"] is np.int8
    assert d["shape"].tolist() == [1, 12, 12, 3] and d["shape"].dtype == np.int32
    assert d["quantization"] == (pytest.approx(0.007843004539608955), 0)
    assert d["quantization_parameters"]["zero_points"].tolist() == [0]
    assert interpreter.get_input_details(0)["name"] == d["name"]
    assert len(interpreter.output_details()) == 3


def test_wrong_dtype_and_shape(small_int8_model):
    interpreter = mote.Interpreter(model_path=small_int8_model)
    with pytest.raises(ValueError) as e:
        interpreter.set_input(0, np.zeros((1, 12, 12, 3), np.float32))
    assert str(e.value) == "mote: input 0 ('serving_default_x:0') is INT8, got an array of float32"
    with pytest.raises(ValueError) as e:
        interpreter.set_input(np.zeros((12, 12, 3), np.int8), 0)
    assert str(e.value) == ("mote: input 0 ('serving_default_x:0') has shape [1, 12, 12, 3], got an array of shape "
                            "[12, 12, 3]")
    with pytest.raises(IndexError) as e:
        interpreter.set_input(1, np.zeros((1,), np.int8))
    assert str(e.value) == "mote: input index 1 out of range (the model has 1)"
    with pytest.raises(IndexError) as e:
        interpreter.get_output(3)
    assert str(e.value) == "mote: output index 3 out of range (the model has 3)"
    with pytest.raises(ValueError) as e:
        interpreter.get_output(-1)
    assert str(e.value) == "mote: output index must be a non-negative integer"


def test_bad_model_bytes_and_paths(tmp_path):
    with pytest.raises(ValueError) as e:
        mote.Interpreter(model_content=b"garbage")
    assert str(e.value) == ("mote: <model_content> is not a valid model: Model invalid: 7 bytes is too small to be "
                            "a model (at least 8 bytes)")
    with pytest.raises(ValueError) as e:
        mote.Interpreter.from_file(str(tmp_path / "missing.tflite"))
    assert str(e.value) == f"mote: cannot open '{tmp_path / 'missing.tflite'}': No such file or directory"
    with pytest.raises(ValueError) as e:
        mote.Interpreter()
    assert str(e.value) == "mote: give exactly one of model_path and model_content"
    with pytest.raises(ValueError) as e:
        mote.Interpreter.from_bytes(b"x" * 64, custom_op_registerers=["MyOp"])
    assert str(e.value).startswith("mote: custom_op_registerers are not supported")


def test_missing_op_raises_with_mote_message():
    # RELU then HASHTABLE_LOOKUP (builtin 10), which mote does not implement.
    model = make_tiny_model.build(["19", "10"], [0, 1])
    with pytest.raises(RuntimeError) as e:
        mote.Interpreter(model_content=model)
    text = str(e.value)
    assert text.startswith("mote: cannot run <model_content>: ")
    assert "HASHTABLE_LOOKUP" in text
    # The registered ops are listed once, not once per missing op.
    assert text.count("Registered ops") <= 1
    # inspect() still describes a model this build cannot run; gen_resolver() refuses it.
    with pytest.raises(RuntimeError):
        mote.Interpreter(model_content=make_tiny_model.build(["10"], [0])).gen_resolver()


def test_arena_too_small_and_exact(small_int8_model):
    need = mote.Interpreter(model_path=small_int8_model).arena_used_bytes()
    assert mote.Interpreter(model_path=small_int8_model, arena_size=need).arena_used_bytes() == need
    with pytest.raises(RuntimeError) as e:
        mote.Interpreter(model_path=small_int8_model, arena_size=need - 16)
    assert str(e.value).startswith(f"mote: cannot run {small_int8_model}: ")


def test_output_copy_and_view(small_int8_model):
    interpreter = mote.Interpreter(model_path=small_int8_model)
    d = interpreter.get_input_details(0)
    interpreter.set_input(0, np.full(tuple(d["shape"]), 5, np.int8))
    interpreter.invoke()
    copy = interpreter.get_output(1)
    view = interpreter.get_output(1, copy=False)
    assert copy.flags["OWNDATA"] and not view.flags["OWNDATA"]
    assert np.array_equal(copy, view)
    before = copy.copy()
    interpreter.set_input(0, np.full(tuple(d["shape"]), -90, np.int8))
    interpreter.invoke()
    assert np.array_equal(copy, before)  # a copy does not change
    assert np.array_equal(view, interpreter.get_output(1))  # a view shows the latest invoke
    del interpreter
    assert view.sum() is not None  # the view keeps the interpreter alive


def test_inspect_is_the_cli_json(small_int8_model):
    d = mote.Interpreter(model_path=small_int8_model).inspect()
    cli = ROOT / "build" / "release" / "mote"
    if cli.exists():
        want = json.loads(subprocess.run([str(cli), "inspect", str(small_int8_model), "--json"], check=True,
                                         capture_output=True, text=True).stdout)
        assert d == want
    assert d["supported"] is True and d["arena_bytes"] == mote.Interpreter(model_path=small_int8_model).arena_used_bytes()


def test_gen_resolver(small_int8_model):
    header = mote.Interpreter(model_path=small_int8_model).gen_resolver("RegisterCnn")
    assert "inline TfLiteStatus RegisterCnn(mote::MicroMutableOpResolver<15>& resolver)" in header
    with pytest.raises(ValueError) as e:
        mote.Interpreter(model_path=small_int8_model).gen_resolver("not an identifier")
    assert str(e.value) == "mote: gen_resolver: 'not an identifier' is not a C++ identifier"


def test_reset_restores_stateful_model():
    interpreter = mote.Interpreter(model_path=MNV3)
    d = interpreter.get_input_details(0)
    x = np.arange(np.prod(d["shape"]), dtype=np.int64).astype(np.int8).reshape(tuple(d["shape"]))
    interpreter.set_input(0, x)
    interpreter.invoke()
    first = interpreter.get_output(0)
    assert interpreter.reset() == 0
    interpreter.set_input(0, x)
    interpreter.invoke()
    assert np.array_equal(first, interpreter.get_output(0))


def test_gil_released_during_invoke():
    # With a switch interval of 10 s, a thread holding the GIL keeps it for 10 s unless it releases it: the main
    # thread runs while the worker is busy invoking only because invoke() releases the GIL.
    interpreter = mote.Interpreter(model_path=MNV3)
    x = zeros_for(interpreter.get_input_details(0))
    done = threading.Event()

    def worker():
        deadline = time.monotonic() + 0.5
        while time.monotonic() < deadline:
            interpreter.set_input(0, x)
            interpreter.invoke()
        done.set()

    import sys
    old = sys.getswitchinterval()
    sys.setswitchinterval(10.0)
    try:
        t = threading.Thread(target=worker)
        t.start()
        ticks_while_busy = 0
        while not done.is_set():
            ticks_while_busy += 1
            time.sleep(0)  # yields the GIL to the worker, which gives it back inside invoke()
        t.join()
    finally:
        sys.setswitchinterval(old)
    assert ticks_while_busy > 50


def test_invoke_on_a_busy_interpreter_raises():
    interpreter = mote.Interpreter(model_path=MNV3)
    x = zeros_for(interpreter.get_input_details(0))
    errors = []
    stop = threading.Event()

    def worker():
        while not stop.is_set():
            interpreter.invoke()

    t = threading.Thread(target=worker)
    t.start()
    try:
        for _ in range(2000):
            try:
                interpreter.set_input(0, x)
            except RuntimeError as e:
                errors.append(str(e))
    finally:
        stop.set()
        t.join()
    assert all(e == "mote: the interpreter is running invoke() on another thread" for e in errors)


def rss_bytes():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * 4096


def test_no_leak_over_10000_invokes(small_int8_model):
    interpreter = mote.Interpreter(model_path=small_int8_model)
    x = zeros_for(interpreter.get_input_details(0))

    def run(n):
        for _ in range(n):
            interpreter.set_input(0, x)
            interpreter.invoke()
            interpreter.get_output(0)
            interpreter.get_output(1, copy=False)

    run(500)  # warm-up: allocator pools and numpy caches settle
    before = rss_bytes()
    run(10000)
    grown = rss_bytes() - before
    assert grown < 1 << 20, f"RSS grew by {grown} bytes over 10,000 invokes"


def test_report_is_the_cli_page(small_int8_model, tmp_path):
    html = mote.Interpreter(model_path=small_int8_model).report(tmp_path / "r.html", runs=2)
    assert html.startswith("<!DOCTYPE html>") and (tmp_path / "r.html").read_text() == html
    assert html.count('<g class="node"') == 18 and 'id="peak"' in html and "MicroMutableOpResolver&lt;15&gt;" in html
