"""Shared fixtures for the Python package's tests (run by scripts/test.d/40-python.sh, or
`.venv/bin/python -m pytest tests/python` after `pip install .`)."""
import json
import os
import pathlib
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
SHARED = pathlib.Path(os.environ.get("MOTE_SHARED_DIR", ROOT.parent / "shared"))
sys.path.insert(0, str(ROOT / "tests" / "support"))


def golden_cases():
    """(id, model path, data dir) for tests/models/* always and ../shared/golden/* when present."""
    cases = []
    for d in sorted((ROOT / "tests" / "models").iterdir()):
        if (d / "model.tflite").is_file():
            cases.append(pytest.param(d / "model.tflite", d, id="own_" + d.name))
    golden = SHARED / "golden"
    if golden.is_dir():
        for d in sorted(golden.iterdir()):
            model = SHARED / "models" / (d.name + ".tflite")
            if model.is_file() and (d / "meta.json").is_file():
                cases.append(pytest.param(model, d, id="shared_" + d.name))
    return cases


def shared_present():
    return (SHARED / "golden").is_dir()


def meta(data_dir):
    return json.loads((pathlib.Path(data_dir) / "meta.json").read_text())


@pytest.fixture
def small_int8_model():
    return ROOT / "tests" / "models" / "small_cnn_int8" / "model.tflite"
