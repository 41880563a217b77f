"""mote from Python: run .tflite models on mote's runtime (the same core and kernels as the firmware build).

    import mote
    interpreter = mote.Interpreter(model_path="model.tflite")
    interpreter.set_input(0, x)            # or TFLM's order: set_input(x, 0)
    interpreter.invoke()
    y = interpreter.get_output(0)

The class also answers to tflite_micro.runtime.Interpreter's names (from_file, from_bytes, set_input,
get_output, get_input_details, get_output_details, reset), so a notebook written for TFLM switches by changing
its import. Errors raise ValueError / IndexError / RuntimeError carrying mote's own message.
"""

import json
import numbers

import numpy as np

from . import _mote

__all__ = ["Interpreter", "DEFAULT_ARENA_BYTES", "__version__"]
__version__ = "0.1.0"

# The arena an Interpreter reserves when arena_size is None (the `mote` CLI's default). It is reserved, not
# touched: only the pages the model's plan uses become resident; arena_used_bytes() tells the exact need.
DEFAULT_ARENA_BYTES = _mote.DEFAULT_ARENA_BYTES


def _details(impl, output, index):
    name, dtype, shape, scales, zero_points, quantized_dimension, type_name, nbytes = impl.details(output, index)
    return {
        "name": name,
        "index": index,
        "dtype": np.dtype(dtype).type if dtype else None,
        "shape": np.array(shape, dtype=np.int32),
        "quantization": (float(scales[0]), int(zero_points[0])) if scales and zero_points else (0.0, 0),
        "quantization_parameters": {
            "scales": np.array(scales, dtype=np.float32),
            "zero_points": np.array(zero_points, dtype=np.int32),
            "quantized_dimension": quantized_dimension,
        },
        "mote_type": type_name,
        "bytes": nbytes,
    }


def _shape_text(shape):
    return "[" + ", ".join(str(int(d)) for d in shape) + "]"


class Interpreter:
    """One model on mote's MicroInterpreter with every op this build implements (AllOpsResolver).

    model_path or model_content (bytes): exactly one. arena_size: bytes of tensor arena (None:
    DEFAULT_ARENA_BYTES, reserved but untouched). Tensors are planned once, here; an arena too small, a model
    mote refuses or an op it lacks raises RuntimeError with mote's messages.
    """

    def __init__(self, model_path=None, model_content=None, arena_size=None):
        if (model_path is None) == (model_content is None):
            raise ValueError("mote: give exactly one of model_path and model_content")
        if model_content is not None:
            model_content = bytes(model_content)
        if model_path is not None:
            model_path = str(model_path)
        if arena_size is None:
            arena_size = DEFAULT_ARENA_BYTES
        if not isinstance(arena_size, numbers.Integral) or arena_size <= 0:
            raise ValueError("mote: arena_size must be a positive number of bytes")
        self._impl = _mote.Interpreter(model_path, model_content, int(arena_size))
        self._inputs = [_details(self._impl, False, k) for k in range(self._impl.inputs_size())]
        self._outputs = [_details(self._impl, True, k) for k in range(self._impl.outputs_size())]
        # (numpy dtype or None, shape tuple) per input: set_input's checks without dict look-ups.
        self._input_checks = [(np.dtype(d["dtype"]) if d["dtype"] else None, tuple(int(s) for s in d["shape"]))
                              for d in self._inputs]
        # One arena view per output, made once: the tensors never move after planning, and building a view
        # costs more than the copy get_output() returns.
        self._output_views = [self._impl.view(True, k) if d["dtype"] else None for k, d in enumerate(self._outputs)]

    # ---- tflite_micro.runtime.Interpreter's constructors -----------------------------------------------------

    @classmethod
    def from_file(cls, model_path, custom_op_registerers=None, arena_size=None, intrepreter_config=None,
                  alt_decompression_memory_size=0):
        """TFLM's from_file. custom_op_registerers must be empty (mote has no Python custom ops); the
        interpreter config and the alternate decompression memory are accepted and ignored (mote keeps no
        recording allocator, and DECODE writes to the arena)."""
        _refuse_registerers(custom_op_registerers)
        return cls(model_path=model_path, arena_size=arena_size)

    @classmethod
    def from_bytes(cls, model_data, custom_op_registerers=None, arena_size=None, intrepreter_config=None,
                   alt_decompression_memory_size=0):
        """TFLM's from_bytes (see from_file)."""
        _refuse_registerers(custom_op_registerers)
        return cls(model_content=model_data, arena_size=arena_size)

    # ---- tensors ---------------------------------------------------------------------------------------------

    def input_details(self):
        """A list with one dict per input: name, index, dtype, shape, quantization (scale, zero point),
        quantization_parameters (scales, zero_points, quantized_dimension), mote_type, bytes."""
        return [dict(d) for d in self._inputs]

    def output_details(self):
        """As input_details(), for the outputs."""
        return [dict(d) for d in self._outputs]

    def get_input_details(self, index):
        """TFLM's form: the dict of input `index`."""
        return dict(self._inputs[_check_index(index, self._inputs, "input")])

    def get_output_details(self, index):
        """TFLM's form: the dict of output `index`."""
        return dict(self._outputs[_check_index(index, self._outputs, "output")])

    def set_input(self, a, b):
        """set_input(index, array), or TFLM's set_input(array, index). The array's dtype and shape must be the
        tensor's exactly (no conversion). Set every input before each invoke(): the planner reuses input
        memory for later tensors once the input has been read."""
        index, array = (a, b) if _is_index(a) else (b, a)
        if array is None:
            raise ValueError("mote: input data must not be None")
        if type(index) is not int or not 0 <= index < len(self._inputs):
            index = _check_index(index, self._inputs, "input")
        dtype, shape = self._input_checks[index]
        if type(array) is not np.ndarray:
            array = np.asarray(array)
        if array.dtype != dtype or array.shape != shape:
            self._refuse_input(index, array)
        self._impl.set_input_bytes(index, array if array.flags.c_contiguous else np.ascontiguousarray(array))

    def _refuse_input(self, index, array):
        d = self._inputs[index]
        if d["dtype"] is None:
            raise ValueError(f"mote: input {index} ('{d['name']}') is {d['mote_type']}, which numpy cannot hold")
        if array.dtype != d["dtype"]:
            raise ValueError(f"mote: input {index} ('{d['name']}') is {d['mote_type']}, got an array of {array.dtype}")
        raise ValueError(f"mote: input {index} ('{d['name']}') has shape {_shape_text(d['shape'])}, got an array of "
                         f"shape {_shape_text(array.shape)}")

    def get_output(self, index, copy=True):
        """Output `index` of the last invoke() as a numpy array: a copy, or with copy=False a view into the
        arena (no copy; the next invoke() or reset() overwrites it, and it keeps the interpreter alive)."""
        if type(index) is not int or not 0 <= index < len(self._outputs):
            index = _check_index(index, self._outputs, "output")
        if self._outputs[index]["dtype"] is None:
            d = self._outputs[index]
            raise ValueError(f"mote: output {index} ('{d['name']}') is {d['mote_type']}, which numpy cannot hold")
        self._impl.check_idle()
        view = self._output_views[index]
        return view.copy() if copy else view.view()

    # ---- running ---------------------------------------------------------------------------------------------

    def invoke(self):
        """Runs the model once (without the GIL: other Python threads run meanwhile). Returns 0, as TFLM's
        invoke() does; a failure raises RuntimeError."""
        self._impl.invoke()
        return 0

    def reset(self):
        """Resets variable tensors and kernel state to their values after planning (stateful models).
        Returns 0, as TFLM's reset() does."""
        self._impl.reset()
        return 0

    def arena_used_bytes(self):
        """The exact arena this model needs (an arena of this size works; 16 bytes less does not)."""
        return self._impl.arena_used_bytes()

    # ---- tools -----------------------------------------------------------------------------------------------

    def inspect(self):
        """The dict `mote inspect --json` prints for this model (docs/inspect-json.md)."""
        return json.loads(self._impl.inspect_json())

    def report(self, path=None, runs=20):
        """The page `mote report` writes (docs/report.md) as a string; also written to `path` when given.
        `runs`: profiled Invokes behind the per-node time bars (0: none)."""
        html = self._impl.report_html(int(runs))
        if path is not None:
            with open(path, "w", encoding="utf-8") as f:
                f.write(html)
        return html

    def gen_resolver(self, name="RegisterModelOps"):
        """The C++ header `mote gen-resolver --name NAME` writes for this model, as a string."""
        return self._impl.gen_resolver(name)


def _refuse_registerers(custom_op_registerers):
    if custom_op_registerers:
        raise ValueError("mote: custom_op_registerers are not supported (custom ops written for TFLM's Python "
                         "interpreter are out of scope; mote's own custom kernels are always registered)")


def _is_index(value):
    return type(value) is int or isinstance(value, np.integer)


def _check_index(index, items, kind):
    if not isinstance(index, numbers.Integral) or index < 0:
        raise ValueError(f"mote: {kind} index must be a non-negative integer")
    if index >= len(items):
        raise IndexError(f"mote: {kind} index {index} out of range (the model has {len(items)})")
    return int(index)
