"""Every golden model through the Python API: TFLM's outputs bit for bit (float32 within the C++ golden
test's tolerance: 1e-6 absolute + 1e-5 relative), on the first invoke() after construction."""
import numpy as np
import pytest

import mote
from conftest import golden_cases, meta, shared_present


def test_shared_golden_models_present_or_skipped():
    if not shared_present():
        pytest.skip("../shared/golden is absent: only tests/models/ ran (set MOTE_SHARED_DIR to add them)")


@pytest.mark.parametrize("model_path, data_dir", golden_cases())
def test_golden_model_matches_tflm(model_path, data_dir):
    interpreter = mote.Interpreter(model_path=model_path)
    info = meta(data_dir)
    for k, d in enumerate(interpreter.input_details()):
        raw = np.fromfile(data_dir / f"input{k}.bin", dtype=np.uint8)
        interpreter.set_input(k, raw.view(d["dtype"]).reshape(tuple(d["shape"])))
    assert interpreter.invoke() == 0
    for k, d in enumerate(interpreter.output_details()):
        want = np.fromfile(data_dir / f"output{k}.bin", dtype=np.uint8).view(d["dtype"]).reshape(tuple(d["shape"]))
        got = interpreter.get_output(k)
        assert got.dtype == want.dtype and got.shape == want.shape
        if got.dtype == np.float32:
            np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6, err_msg=f"output {k}")
        else:
            assert got.tobytes() == want.tobytes(), f"output {k}: {np.count_nonzero(got != want)} elements differ"
    assert [d["name"] for d in interpreter.output_details()] == [o["name"] for o in info["outputs"]]


@pytest.mark.parametrize("model_path, data_dir", golden_cases()[:3])
def test_tflm_names_give_the_same_outputs(model_path, data_dir):
    # A notebook written for tflite_micro.runtime.Interpreter: from_bytes, set_input(data, index),
    # get_input_details(index)["dtype"/"shape"], get_output(index).
    interpreter = mote.Interpreter.from_bytes(model_path.read_bytes())
    details = interpreter.get_input_details(0)
    data = np.fromfile(data_dir / "input0.bin", dtype=np.uint8).view(details["dtype"]).reshape(details["shape"])
    interpreter.set_input(data, 0)
    interpreter.invoke()
    out = interpreter.get_output(0)
    assert out.dtype == interpreter.get_output_details(0)["dtype"]
    want = np.fromfile(data_dir / "output0.bin", dtype=np.uint8).view(out.dtype).reshape(out.shape)
    np.testing.assert_allclose(out, want, rtol=1e-5, atol=1e-6)
