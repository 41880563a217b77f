"""examples/python/tflm_style.py is TFLM code with mote's import: it must print what it prints on tflite_micro
(skipped, saying so, when tflite_micro is not installed in this environment)."""
import importlib.util
import os
import subprocess
import sys

import pytest

from conftest import ROOT

EXAMPLE = ROOT / "examples" / "python" / "tflm_style.py"
MODELS = [ROOT / "models" / "demo" / "digits_int8.tflite", ROOT / "tests" / "models" / "small_cnn_float32" / "model.tflite"]


def run(runtime, model):
    env = dict(os.environ, MOTE_EXAMPLE_RUNTIME=runtime)
    return subprocess.run([sys.executable, str(EXAMPLE), str(model)], env=env, check=True, capture_output=True,
                          text=True, cwd=ROOT).stdout


@pytest.mark.parametrize("model", MODELS, ids=lambda m: m.parent.name)
def test_tflm_notebook_runs_unchanged(model):
    ours = run("mote", model)
    assert ours.startswith("input: ")
    if importlib.util.find_spec("tflite_micro") is None:
        pytest.skip("tflite_micro is not installed here: ran the example on mote only")
    assert ours == run("tflm", model)
