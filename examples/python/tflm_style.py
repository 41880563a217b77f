#!/usr/bin/env python3
"""A notebook cell written for tflite_micro's Python interpreter, running on mote by changing one import.

    .venv/bin/python examples/python/tflm_style.py [MODEL]        # mote (after `pip install .`)
    MOTE_EXAMPLE_RUNTIME=tflm .venv/bin/python examples/python/tflm_style.py [MODEL]   # the same on TFLM

Everything below the import is TFLM's API as its documentation uses it; both runtimes print the same numbers.
"""
import os
import sys

import numpy as np

if os.environ.get("MOTE_EXAMPLE_RUNTIME") == "tflm":
    from tflite_micro.python.tflite_micro import runtime
else:
    import mote as runtime  # the only change a TFLM notebook needs

model_path = sys.argv[1] if len(sys.argv) > 1 else "models/demo/digits_int8.tflite"
interpreter = runtime.Interpreter.from_file(model_path)
details = interpreter.get_input_details(0)
scale, zero_point = details["quantization_parameters"]["scales"], details["quantization_parameters"]["zero_points"]
print("input:", details["dtype"].__name__, details["shape"].tolist(), "scale", scale.tolist(), "zero point",
      zero_point.tolist())

rng = np.random.default_rng(0)
if np.issubdtype(details["dtype"], np.integer):
    info = np.iinfo(details["dtype"])
    data = rng.integers(info.min, info.max, size=details["shape"], endpoint=True).astype(details["dtype"])
else:
    data = rng.uniform(-1, 1, size=details["shape"]).astype(details["dtype"])
interpreter.set_input(data, 0)
interpreter.invoke()
output = interpreter.get_output(0)
print("output:", output.dtype.name, list(output.shape), "argmax", int(np.argmax(output)))
first = output.reshape(-1)[:10]
print("values:", (np.round(first.astype(np.float64), 5) if first.dtype.kind == "f" else first).tolist())
interpreter.reset()
