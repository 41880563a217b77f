"""Oracle framework: build small .tflite models, run them on TFLM, and record the results as test cases.

Every kernel in mote is proven bit-exact against TensorFlow Lite Micro's reference kernels with cases made here:

    import numpy as np
    from oracle_lib import T, single_op_model, run_tflm, random_input, CaseWriter

    rng = np.random.default_rng(seed)
    x = T([1, 8], 'int8', scale=0.5, zero_point=-3)
    w = T([4, 8], 'int8', data=rng.integers(-127, 128, (4, 8)), scale=0.02, zero_point=0)
    y = T([1, 4], 'int8', scale=1.0, zero_point=5)
    model = single_op_model('FULLY_CONNECTED', [x, w, None], [y], 'FullyConnectedOptions',
                            {'fused_activation_function': 'RELU'})
    inputs = [random_input(x, rng)]
    writer = CaseWriter('fully_connected', seed=seed)
    writer.add('fc_int8_relu', model, inputs, run_tflm(model, inputs))
    writer.write()     # tests/oracle/data/fully_connected.cases + .provenance.txt

(writer.add_run(name, model, inputs) does the run_tflm call and the add in one step.)

Models are TFLite schema version 3, written with the `flatbuffers` package and the builder functions of the
`tflite` package. Buffer 0 is the empty buffer; every constant gets its own 16-byte aligned buffer, every
runtime tensor its own empty buffer (as the TFLite converter writes them). Operator codes carry both
`deprecated_builtin_code` (min(code, 127)) and `builtin_code`.

Generators (tools/oracle/gen_<op>.py) take --seed N (default: the seed the checked-in cases were made with)
and --out-dir DIR (default tests/oracle/data); parse_args(parser, DEFAULT_SEED) adds and applies both. Every seed must
give valid cases: draw only parameters TFLM accepts (TFLM asserts on some, see each generator), and derive
every random choice from the seed so that the default seed reproduces the checked-in files byte for byte.
tools/oracle/regenerate.sh [--seed N] [--out DIR] runs them all; tools/oracle/check_any_seed.sh runs them on
random seeds into a temporary directory and runs the oracle test on the result.

TFLM runs in a child process, never in the generator's: run_tflm sends each model to one persistent worker
(tflm_worker.py) and starts a new one when it dies. TFLM aborting or crashing on a model (assert -> SIGABRT,
SIGSEGV) raises TflmAborted instead of killing the generator; TFLM refusing with an error raises TflmRefused
(a RuntimeError). CaseWriter.add_run turns an abort into a *refusal case*: mote must refuse that model cleanly
(AllocateTensors or Invoke returns an error, never a crash), and the oracle test fails if mote runs it.
add_run(..., refusal="any") also records TFLM's errors as refusal cases, refusal="expected" demands one, and
add_refusal() records one without running TFLM. A new generator gets all of this by calling writer.add_run
(never the TFLM runtime directly); an abort it did not mean to draw shows up as a note on stderr and as a
"(expected: refused; ...)" line in the provenance, and as a failing oracle case if mote runs the model.

Case file format (little-endian), read by tests/unit/oracle_test.cc:
    b"MOTEORC1", u32 case_count, then per case:
    u32 name_len, name (utf-8), u32 model_len, model, u32 n_inputs, (u32 nbytes, raw bytes) * n_inputs,
    u32 n_outputs, (u32 nbytes, raw bytes) * n_outputs
    b"MOTEORC2" (written only when a file holds a refusal case, so files without one stay readable by
    MOTEORC1-only readers): as MOTEORC1, but after the name each case has
    u32 expectation (0: outputs follow, as in MOTEORC1; 1: expected: refused, n_outputs is 0),
    u32 reason_len, reason (utf-8; why TFLM refuses, e.g. "TFLM aborted (SIGABRT)"; empty for expectation 0)
Raw bytes are the tensor's elements in C order, little-endian. A refusal case keeps its inputs (an abort in
Invoke may depend on them).
"""

import atexit
import datetime
import importlib
import importlib.metadata
import inspect
import os
import pickle
import re
import select
import signal
import struct
import subprocess
import sys

import flatbuffers
import numpy as np
import tflite

SCHEMA_VERSION = 3
CASES_MAGIC = b"MOTEORC1"  # every case expects outputs
CASES_MAGIC_V2 = b"MOTEORC2"  # cases carry an expectation
CASES_MAGIC_V3 = b"MOTEORC3"  # as V2, and each case invokes one interpreter one or more times (state carried)
STEP_RESET_BEFORE = 1  # MOTEORC3 step flag: Reset() the interpreter before this invoke
EXPECT_OUTPUTS = 0
EXPECT_REFUSED = 1
MAX_CASES_FILE_BYTES = 1536 * 1024  # keep checked-in data small; write() warns above this

REPO_ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
DEFAULT_OUT_DIR = os.path.join(REPO_ROOT, "tests", "oracle", "data")
_out_dir = DEFAULT_OUT_DIR  # parse_args sets it from --out-dir

# dtype name -> (numpy dtype, TensorType)
_DTYPES = {
    "int8": (np.int8, tflite.TensorType.INT8),
    "int16": (np.int16, tflite.TensorType.INT16),
    "int32": (np.int32, tflite.TensorType.INT32),
    "int64": (np.int64, tflite.TensorType.INT64),
    "uint8": (np.uint8, tflite.TensorType.UINT8),
    "uint16": (np.uint16, tflite.TensorType.UINT16),
    "uint32": (np.uint32, tflite.TensorType.UINT32),
    "uint64": (np.uint64, tflite.TensorType.UINT64),
    "float16": (np.float16, tflite.TensorType.FLOAT16),
    "float32": (np.float32, tflite.TensorType.FLOAT32),
    "float64": (np.float64, tflite.TensorType.FLOAT64),
    "bool": (np.bool_, tflite.TensorType.BOOL),
    # A resource handle (VAR_HANDLE's output): never a graph input or a constant here.
    "resource": (np.int32, tflite.TensorType.RESOURCE),
    # Signed 4-bit: held unpacked as int8 in [-8, 7]; constants are written packed (pack_int4).
    "int4": (np.int8, tflite.TensorType.INT4),
}


def pack_int4(values):
    """TFLite's packed INT4 layout: two signed 4-bit values per byte, element 2i in the low nibble of byte i and
    2i + 1 in the high nibble; an odd count leaves the last high nibble 0. Returns (n + 1) // 2 int8 bytes."""
    flat = np.asarray(values, dtype=np.int64).ravel() & 0xF
    if flat.size % 2:
        flat = np.append(flat, 0)
    return (flat[0::2] | (flat[1::2] << 4)).astype(np.uint8).view(np.int8)


def np_dtype(dtype):
    """numpy dtype of a dtype name ('int8' -> np.int8)."""
    if dtype not in _DTYPES:
        raise ValueError("unknown dtype %r (known: %s)" % (dtype, ", ".join(sorted(_DTYPES))))
    return np.dtype(_DTYPES[dtype][0])


class T:
    """A tensor spec.

    shape: list of ints. dtype: 'int8', 'int16', 'int32', 'int64', 'uint8', 'float32', 'bool' (also 'uint16',
    'uint32', 'float16', 'float64'). data: None for a runtime tensor (graph input, intermediate, output); an
    array-like for a constant (converted to dtype; its size must match shape). scale / zero_point: a number or
    a list (per-channel along quantized_dimension); zero_point defaults to zeros when only scale is given.
    is_variable: a variable (state) tensor; it is never a graph input. shape_signature: optional list written
    as Tensor.shape_signature.
    """

    def __init__(self, shape, dtype, data=None, scale=None, zero_point=None, quantized_dimension=0, name="",
                 is_variable=False, shape_signature=None):
        self.shape = [int(d) for d in shape]
        self.dtype = dtype
        self.np_dtype = np_dtype(dtype)
        self.tensor_type = _DTYPES[dtype][1]
        if data is not None:
            arr = np.asarray(data)
            if arr.size != int(np.prod(self.shape, dtype=np.int64)):
                raise ValueError("T %r: data has %d elements, shape %s needs %d" %
                                 (name, arr.size, self.shape, int(np.prod(self.shape, dtype=np.int64))))
            if self.np_dtype.kind in "iu" and arr.dtype.kind in "iu":
                lo, hi = (-8, 7) if dtype == "int4" else (np.iinfo(self.np_dtype).min, np.iinfo(self.np_dtype).max)
                if arr.size and (arr.min() < lo or arr.max() > hi):
                    raise ValueError("T %r: data does not fit %s" % (name, dtype))
            data = np.ascontiguousarray(arr.astype(self.np_dtype).reshape(self.shape))
        self.data = data
        if scale is None:
            if zero_point is not None:
                raise ValueError("T %r: zero_point without scale" % name)
            self.scale = None
            self.zero_point = None
        else:
            self.scale = [float(s) for s in np.atleast_1d(np.asarray(scale, dtype=np.float64))]
            if zero_point is None:
                zero_point = [0] * len(self.scale)
            self.zero_point = [int(z) for z in np.atleast_1d(np.asarray(zero_point, dtype=np.int64))]
            if len(self.zero_point) != len(self.scale):
                if len(self.zero_point) == 1:
                    self.zero_point = self.zero_point * len(self.scale)
                else:
                    raise ValueError("T %r: %d scales but %d zero points" %
                                     (name, len(self.scale), len(self.zero_point)))
        self.quantized_dimension = int(quantized_dimension)
        self.name = name
        self.is_variable = bool(is_variable)
        self.shape_signature = None if shape_signature is None else [int(d) for d in shape_signature]

    @property
    def is_const(self):
        return self.data is not None and not self.is_variable

    @property
    def nbytes(self):
        count = int(np.prod(self.shape, dtype=np.int64))
        return (count + 1) // 2 if self.dtype == "int4" else count * self.np_dtype.itemsize

    def buffer_bytes(self):
        """The constant's bytes as the model stores them (little-endian; INT4 packed)."""
        if self.dtype == "int4":
            return pack_int4(self.data).tobytes()
        return self.data.astype(self.np_dtype.newbyteorder("<")).tobytes()

    def __repr__(self):
        kind = "const" if self.is_const else ("var" if self.is_variable else "runtime")
        q = "" if self.scale is None else " q=%s/%s" % (self.scale, self.zero_point)
        return "T(%s %s %s%s)" % (self.shape, self.dtype, kind, q)


class Op:
    """One operator of a multi-op graph; inputs/outputs/intermediates are tensor indices (-1 = absent)."""

    def __init__(self, op, inputs, outputs, options_type=None, options=None, version=1, custom_code=None,
                 custom_options=None, intermediates=None):
        self.op = op
        self.inputs = [int(i) for i in inputs]
        self.outputs = [int(i) for i in outputs]
        self.options_type = options_type
        self.options = options
        self.version = int(version)
        self.custom_code = custom_code
        self.custom_options = custom_options
        self.intermediates = None if intermediates is None else [int(i) for i in intermediates]


# ---------------------------------------------------------------------------------------------------------
# Builtin options: snake_case dict -> tflite.<OptionsType>Add<CamelCase>, found generically.

# Enum-typed option fields (schema.fbs) -> enum class in the tflite package. Fields ending in "type" that are
# not listed here are TensorType (CastOptions.in_data_type, ArgMaxOptions.output_type, ...).
_ENUM_FIELDS = {
    "padding": "Padding",
    "fused_activation_function": "ActivationFunctionType",
    "activation": "ActivationFunctionType",
    "weights_format": "FullyConnectedOptionsWeightsFormat",
    "kernel_type": "LSTMKernelType",
    "combiner": "CombinerType",
    "mode": "MirrorPadMode",
    "reduce_function": "ReduceWindowFunction",
    "algorithm": "RngAlgorithm",
    "comparison_direction": "StablehloComparisonDirection",
    "compare_type": "StablehloComparisonType",
    "precision_config": "StablehloPrecisionConfig",
    "custom_options_format": "CustomOptionsFormat",
}
_ENUM_FIELDS_BY_OPTIONS = {("LSHProjectionOptions", "type"): "LSHProjectionType"}

_FLAGS_TO_NP = {
    "BoolFlags": np.bool_, "Uint8Flags": np.uint8, "Int8Flags": np.int8, "Uint16Flags": np.uint16,
    "Int16Flags": np.int16, "Uint32Flags": np.uint32, "Int32Flags": np.int32, "Uint64Flags": np.uint64,
    "Int64Flags": np.int64, "Float32Flags": np.float32, "Float64Flags": np.float64,
}


def _camel(snake):
    return "".join(p[:1].upper() + p[1:] for p in snake.split("_"))


def _enum_value(options_type, field, value):
    """Maps a string enum value to its int; ints and bools pass through."""
    if not isinstance(value, str):
        return value
    enum_name = _ENUM_FIELDS_BY_OPTIONS.get((options_type, field)) or _ENUM_FIELDS.get(field)
    if enum_name is None and field.endswith("type"):
        enum_name = "TensorType"
    if enum_name is None:
        raise ValueError("%s.%s: don't know which enum the string %r belongs to; pass an int" %
                         (options_type, field, value))
    enum_cls = getattr(tflite, enum_name)
    if not hasattr(enum_cls, value.upper()):
        known = [k for k in vars(enum_cls) if not k.startswith("_")]
        raise ValueError("%s.%s: %r is not a %s (%s)" % (options_type, field, value, enum_name, ", ".join(known)))
    return getattr(enum_cls, value.upper())


def _options_module(options_type):
    try:
        return importlib.import_module("tflite." + options_type)
    except ImportError:
        raise ValueError("unknown options table %r (a tflite.BuiltinOptions member name)" % options_type)


def _find_field_functions(module, options_type, field):
    """(add_fn, start_vector_fn or None, accessor source) for a snake_case or CamelCase field name."""
    camel = _camel(field) if "_" in field or field[:1].islower() else field
    add = getattr(module, options_type + "Add" + camel, None)
    if add is None:
        # Tolerate spelling differences ("dilation_w_factor" vs "DilationWFactor"): compare without underscores.
        want = field.replace("_", "").lower()
        prefix = options_type + "Add"
        for name in dir(module):
            if name.startswith(prefix) and name[len(prefix):].lower() == want:
                camel = name[len(prefix):]
                add = getattr(module, name)
                break
    if add is None:
        fields = [re.sub(r"(?<!^)(?=[A-Z])", "_", n[len(options_type) + 3:]).lower()
                  for n in dir(module) if n.startswith(options_type + "Add")]
        raise ValueError("%s has no field %r (fields: %s)" % (options_type, field, ", ".join(fields)))
    start_vec = getattr(module, options_type + "Start" + camel + "Vector", None)
    cls = getattr(module, options_type)
    accessor = getattr(cls, camel, None)
    src = inspect.getsource(accessor) if accessor is not None else ""
    return add, start_vec, src, camel


def _build_options(builder, options_type, options):
    """Writes an options table; returns its offset."""
    module = _options_module(options_type)
    options = dict(options or {})
    plan = []
    # Vectors and strings must be created before the table is started.
    for field, value in options.items():
        add, start_vec, src, camel = _find_field_functions(module, options_type, field)
        if start_vec is not None:
            m = re.search(r"self\._tab\.Get\(flatbuffers\.number_types\.(\w+)", src)
            if m is None or m.group(1) not in _FLAGS_TO_NP:
                raise ValueError("%s.%s: unsupported vector element type" % (options_type, field))
            vals = [_enum_value(options_type, field, v) for v in np.atleast_1d(np.asarray(value, dtype=object))]
            arr = np.asarray(vals, dtype=_FLAGS_TO_NP[m.group(1)]).reshape(-1)
            plan.append((add, builder.CreateNumpyVector(arr)))
        elif "self._tab.String(" in src:
            plan.append((add, builder.CreateString(str(value))))
        else:
            value = _enum_value(options_type, field, value)
            add_src = inspect.getsource(add)
            if "BoolSlot" in add_src:
                value = bool(value)
            elif "Float32Slot" in add_src or "Float64Slot" in add_src:
                value = float(value)
            else:
                value = int(value)
            plan.append((add, value))
    getattr(module, options_type + "Start")(builder)
    for add, value in plan:
        add(builder, value)
    return getattr(module, options_type + "End")(builder)


# ---------------------------------------------------------------------------------------------------------
# Model building


def _builtin_code(op):
    if isinstance(op, int):
        return op
    if not hasattr(tflite.BuiltinOperator, op):
        raise ValueError("unknown builtin operator %r" % op)
    return getattr(tflite.BuiltinOperator, op)


def _int_vector(builder, start_fn, values):
    start_fn(builder, len(values))
    for v in reversed(values):
        builder.PrependInt32(int(v))
    return builder.EndVector()


def _float_vector(builder, start_fn, values):
    start_fn(builder, len(values))
    for v in reversed(values):
        builder.PrependFloat32(float(v))
    return builder.EndVector()


def _long_vector(builder, start_fn, values):
    start_fn(builder, len(values))
    for v in reversed(values):
        builder.PrependInt64(int(v))
    return builder.EndVector()


def _aligned_bytes(builder, data, alignment=16):
    """A [ubyte] vector whose first byte is `alignment`-aligned in the finished buffer."""
    builder.StartVector(1, len(data), alignment)
    builder.head = builder.head - len(data)
    builder.Bytes[builder.head:builder.head + len(data)] = data
    return builder.EndVector()


def _tensor_offsets(b, tensors, tensor_buffer):
    tensor_offsets = []
    for idx, t in enumerate(tensors):
        name_off = b.CreateString(t.name or "t%d" % idx)
        shape_off = _int_vector(b, tflite.TensorStartShapeVector, t.shape)
        sig_off = (None if t.shape_signature is None else
                   _int_vector(b, tflite.TensorStartShapeSignatureVector, t.shape_signature))
        q_off = None
        if t.scale is not None:
            scale_off = _float_vector(b, tflite.QuantizationParametersStartScaleVector, t.scale)
            zp_off = _long_vector(b, tflite.QuantizationParametersStartZeroPointVector, t.zero_point)
            tflite.QuantizationParametersStart(b)
            tflite.QuantizationParametersAddScale(b, scale_off)
            tflite.QuantizationParametersAddZeroPoint(b, zp_off)
            tflite.QuantizationParametersAddQuantizedDimension(b, t.quantized_dimension)
            q_off = tflite.QuantizationParametersEnd(b)
        tflite.TensorStart(b)
        tflite.TensorAddShape(b, shape_off)
        tflite.TensorAddType(b, t.tensor_type)
        tflite.TensorAddBuffer(b, tensor_buffer[idx])
        tflite.TensorAddName(b, name_off)
        if q_off is not None:
            tflite.TensorAddQuantization(b, q_off)
        if t.is_variable:
            tflite.TensorAddIsVariable(b, True)
        if sig_off is not None:
            tflite.TensorAddShapeSignature(b, sig_off)
        tensor_offsets.append(tflite.TensorEnd(b))

    return tensor_offsets


def _operator_offset(b, op, code_index):
    in_off = _int_vector(b, tflite.OperatorStartInputsVector, op.inputs)
    out_off = _int_vector(b, tflite.OperatorStartOutputsVector, op.outputs)
    inter_off = (None if op.intermediates is None else
                 _int_vector(b, tflite.OperatorStartIntermediatesVector, op.intermediates))
    opt_off = opt_type = opt2_off = opt2_type = None
    if op.options_type is not None:
        if hasattr(tflite.BuiltinOptions, op.options_type):
            opt_type = getattr(tflite.BuiltinOptions, op.options_type)
            opt_off = _build_options(b, op.options_type, op.options)
        elif hasattr(tflite.BuiltinOptions2, op.options_type):
            opt2_type = getattr(tflite.BuiltinOptions2, op.options_type)
            opt2_off = _build_options(b, op.options_type, op.options)
        else:
            raise ValueError("%r is not a BuiltinOptions or BuiltinOptions2 member" % op.options_type)
    elif op.options:
        raise ValueError("operator %s: options given without options_type" % op.op)
    custom_off = None
    if op.custom_options is not None:
        custom_off = b.CreateByteVector(bytes(op.custom_options))
    tflite.OperatorStart(b)
    tflite.OperatorAddOpcodeIndex(b, code_index)
    tflite.OperatorAddInputs(b, in_off)
    tflite.OperatorAddOutputs(b, out_off)
    if opt_off is not None:
        tflite.OperatorAddBuiltinOptionsType(b, opt_type)
        tflite.OperatorAddBuiltinOptions(b, opt_off)
    if opt2_off is not None:
        tflite.OperatorAddBuiltinOptions2Type(b, opt2_type)
        tflite.OperatorAddBuiltinOptions2(b, opt2_off)
    if custom_off is not None:
        tflite.OperatorAddCustomOptions(b, custom_off)
        tflite.OperatorAddCustomOptionsFormat(b, tflite.CustomOptionsFormat.FLEXBUFFERS)
    if inter_off is not None:
        tflite.OperatorAddIntermediates(b, inter_off)
    return tflite.OperatorEnd(b)


def build_model(tensors, ops, inputs, outputs, description="mote oracle case", subgraph_name="main"):
    """Serialises one subgraph. tensors: list of T; ops: list of Op; inputs/outputs: tensor indices."""
    return build_multi_model([(tensors, ops, inputs, outputs)], description, [subgraph_name])


def build_multi_model(subgraphs, description="mote oracle case", names=None):
    """Serialises several subgraphs (subgraph 0 runs; IF/WHILE/CALL_ONCE options name the others).
    subgraphs: list of (tensors, ops, inputs, outputs), each as build_model takes them; tensor indices are the
    subgraph's own. Buffers and operator codes are shared by the model. One subgraph gives build_model's bytes."""
    names = names or ["main"] + ["subgraph%d" % i for i in range(1, len(subgraphs))]
    for tensors, ops, _, _ in subgraphs:
        for op in ops:
            for i in op.inputs + op.outputs + (op.intermediates or []):
                if i < -1 or i >= len(tensors):
                    raise ValueError("operator %s refers to tensor %d (have %d)" % (op.op, i, len(tensors)))
    b = flatbuffers.Builder(1024)

    # Buffers: 0 empty, then one per tensor (data for constants, empty otherwise), subgraph by subgraph.
    buffer_offsets = []
    tensor_buffers = []
    bufs = [None]
    for tensors, _, _, _ in subgraphs:
        tensor_buffer = []
        for t in tensors:
            tensor_buffer.append(len(bufs))
            bufs.append(t.buffer_bytes() if t.data is not None else None)
        tensor_buffers.append(tensor_buffer)
    for data in bufs:
        data_off = _aligned_bytes(b, data) if data else None
        tflite.BufferStart(b)
        if data_off is not None:
            tflite.BufferAddData(b, data_off)
        buffer_offsets.append(tflite.BufferEnd(b))

    all_tensor_offsets = []
    for (tensors, _, _, _), tensor_buffer in zip(subgraphs, tensor_buffers):
        all_tensor_offsets.append(_tensor_offsets(b, tensors, tensor_buffer))

    # Operator codes, deduplicated by (code, custom name, version) over the whole model.
    code_keys = []
    op_code_indices = []
    for _, ops, _, _ in subgraphs:
        op_code_index = []
        for op in ops:
            code = tflite.BuiltinOperator.CUSTOM if op.custom_code is not None else _builtin_code(op.op)
            key = (code, op.custom_code, op.version)
            if key not in code_keys:
                code_keys.append(key)
            op_code_index.append(code_keys.index(key))
        op_code_indices.append(op_code_index)
    code_offsets = []
    for code, custom, version in code_keys:
        custom_off = b.CreateString(custom) if custom is not None else None
        tflite.OperatorCodeStart(b)
        tflite.OperatorCodeAddDeprecatedBuiltinCode(b, min(code, 127))
        if custom_off is not None:
            tflite.OperatorCodeAddCustomCode(b, custom_off)
        tflite.OperatorCodeAddVersion(b, version)
        tflite.OperatorCodeAddBuiltinCode(b, code)
        code_offsets.append(tflite.OperatorCodeEnd(b))

    def offsets_vector(start_fn, offs):
        start_fn(b, len(offs))
        for o in reversed(offs):
            b.PrependUOffsetTRelative(o)
        return b.EndVector()

    subgraph_offsets = []
    for (tensors, ops, inputs, outputs), op_code_index, tensor_offsets, name in zip(
            subgraphs, op_code_indices, all_tensor_offsets, names):
        op_offsets = [_operator_offset(b, op, code_index) for op, code_index in zip(ops, op_code_index)]
        sg_tensors = offsets_vector(tflite.SubGraphStartTensorsVector, tensor_offsets)
        sg_inputs = _int_vector(b, tflite.SubGraphStartInputsVector, inputs)
        sg_outputs = _int_vector(b, tflite.SubGraphStartOutputsVector, outputs)
        sg_ops = offsets_vector(tflite.SubGraphStartOperatorsVector, op_offsets)
        sg_name = b.CreateString(name)
        tflite.SubGraphStart(b)
        tflite.SubGraphAddTensors(b, sg_tensors)
        tflite.SubGraphAddInputs(b, sg_inputs)
        tflite.SubGraphAddOutputs(b, sg_outputs)
        tflite.SubGraphAddOperators(b, sg_ops)
        tflite.SubGraphAddName(b, sg_name)
        subgraph_offsets.append(tflite.SubGraphEnd(b))

    codes_vec = offsets_vector(tflite.ModelStartOperatorCodesVector, code_offsets)
    subgraphs_vec = offsets_vector(tflite.ModelStartSubgraphsVector, subgraph_offsets)
    buffers_vec = offsets_vector(tflite.ModelStartBuffersVector, buffer_offsets)
    desc = b.CreateString(description)
    tflite.ModelStart(b)
    tflite.ModelAddVersion(b, SCHEMA_VERSION)
    tflite.ModelAddOperatorCodes(b, codes_vec)
    tflite.ModelAddSubgraphs(b, subgraphs_vec)
    tflite.ModelAddDescription(b, desc)
    tflite.ModelAddBuffers(b, buffers_vec)
    model = tflite.ModelEnd(b)
    b.Finish(model, file_identifier=b"TFL3")
    return bytes(b.Output())


def single_op_model(op, inputs, outputs, options_type=None, options=None, version=1, custom_code=None,
                    custom_options=None):
    """A model with one operator. inputs: list of T or None (optional input absent, written as -1); the same T
    object listed twice is one tensor. Graph inputs are the non-constant, non-variable input tensors, in order;
    graph outputs are `outputs`. options_type: BuiltinOptions member name ('Conv2DOptions'), or None to write
    no options table (schema defaults); options: dict snake_case field -> value. custom_code: makes it a
    CUSTOM op with that name (op is then ignored); custom_options: bytes."""
    tensors = []
    index_of = {}

    def index(t):
        if id(t) not in index_of:
            index_of[id(t)] = len(tensors)
            tensors.append(t)
        return index_of[id(t)]

    in_idx = [-1 if t is None else index(t) for t in inputs]
    out_idx = [index(t) for t in outputs]
    graph_inputs = []
    for t, i in zip(inputs, in_idx):
        if t is not None and not t.is_const and not t.is_variable and i not in graph_inputs:
            graph_inputs.append(i)
    o = Op(op, in_idx, out_idx, options_type, options, version, custom_code, custom_options)
    return build_model(tensors, [o], graph_inputs, out_idx)


def multi_op_model(tensors, ops, inputs=None, outputs=None):
    """A model with several operators over a shared tensor list.

    tensors: list of T; ops: list of Op, or of dicts with Op's keyword names, or of tuples
    (op, inputs, outputs[, options_type[, options]]), all with tensor indices (-1 = absent).
    inputs: graph input indices; default: runtime (non-constant, non-variable) tensors no operator produces,
    in index order. outputs: graph output indices; default: tensors produced by an operator and consumed by
    none, in index order.

        x = T([1, 4], 'float32'); h = T([1, 4], 'float32'); y = T([1, 4], 'float32')
        model = multi_op_model([x, h, y], [('RELU', [0], [1]), ('ADD', [1, 0], [2], 'AddOptions', {})])
    """
    norm = []
    for op in ops:
        if isinstance(op, Op):
            norm.append(op)
        elif isinstance(op, dict):
            norm.append(Op(**op))
        else:
            norm.append(Op(*op))
    produced = {i for op in norm for i in op.outputs}
    consumed = {i for op in norm for i in op.inputs if i >= 0}
    if inputs is None:
        inputs = [i for i, t in enumerate(tensors)
                  if not t.is_const and not t.is_variable and i not in produced]
    if outputs is None:
        outputs = [i for i in range(len(tensors)) if i in produced and i not in consumed]
    return build_model(list(tensors), norm, list(inputs), list(outputs))


# ---------------------------------------------------------------------------------------------------------
# Model inspection (for checks and the runner)

_TENSOR_TYPE_TO_NP = {tt: np.dtype(npt) for npt, tt in _DTYPES.values()}


def model_io(model_bytes):
    """([(shape, np dtype)] of inputs, [(shape, np dtype)] of outputs) of subgraph 0."""
    m = tflite.Model.GetRootAs(model_bytes, 0)
    sg = m.Subgraphs(0)

    def info(ti):
        t = sg.Tensors(ti)
        return [int(d) for d in t.ShapeAsNumpy()] if t.ShapeLength() else [], _TENSOR_TYPE_TO_NP[t.Type()]

    return ([info(sg.Inputs(i)) for i in range(sg.InputsLength())],
            [info(sg.Outputs(i)) for i in range(sg.OutputsLength())])


# ---------------------------------------------------------------------------------------------------------
# Running TFLM
#
# TFLM asserts (abort()) or segfaults on some models instead of returning an error, so it never runs in the
# generator's process: one persistent child process (tflm_worker.py) runs every case and is started again
# after it dies. A death becomes TflmAborted, which CaseWriter.add_run records as a refusal case.

WORKER_SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "tflm_worker.py")
WORKER_TIMEOUT_S = 600  # for one case (or the worker's start); longer means TFLM hangs


class TflmRefused(RuntimeError):
    """TFLM refused the model with an error (it raised; the worker lives on)."""


class TflmAborted(Exception):
    """TFLM killed its process (an assert's abort(), a segfault) on this model. Not a RuntimeError, so code that
    skips refused models does not swallow it by accident. reason: e.g. 'TFLM aborted (SIGABRT)'."""

    def __init__(self, reason):
        super().__init__(reason)
        self.reason = reason


class _Worker:
    def __init__(self):
        self.proc = None
        self.starts = 0

    def _start(self):
        self.proc = subprocess.Popen([sys.executable, WORKER_SCRIPT], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.starts += 1
        # The worker answers b"ready" once TFLM is imported, so that a broken installation is an error here and
        # never passes for TFLM aborting on a model.
        ready = self._read(5, "start")
        if ready != b"ready":
            rc = self.proc.wait()
            self.proc = None
            raise RuntimeError("the TFLM worker (%s) did not start (exit status %s); is tflite-micro installed in "
                               "%s?" % (WORKER_SCRIPT, rc, sys.executable))

    def _read(self, n, what):
        out = self.proc.stdout
        if not select.select([out], [], [], WORKER_TIMEOUT_S)[0]:
            self.proc.kill()
            self.proc.wait()
            self.proc = None
            raise RuntimeError("the TFLM worker did not answer (%s) within %d s; killed" % (what, WORKER_TIMEOUT_S))
        return out.read(n)

    def _died(self):
        """The worker closed its pipe: TflmAborted when a signal ended it, RuntimeError for an exit status."""
        try:
            rc = self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            rc = self.proc.wait()
        self.proc = None
        if rc < 0:
            try:
                name = signal.Signals(-rc).name
            except ValueError:
                name = "signal %d" % -rc
            return TflmAborted("TFLM aborted (%s)" % name)
        return RuntimeError("the TFLM worker exited with status %d while running a model" % rc)

    def run(self, request):
        if self.proc is None:
            self._start()
        data = pickle.dumps(request, protocol=pickle.HIGHEST_PROTOCOL)
        try:
            self.proc.stdin.write(struct.pack("<I", len(data)) + data)
            self.proc.stdin.flush()
        except BrokenPipeError:
            raise self._died()
        header = self._read(4, "run")
        if len(header) < 4:
            raise self._died()
        (n,) = struct.unpack("<I", header)
        body = self.proc.stdout.read(n)
        if len(body) < n:
            raise self._died()
        return pickle.loads(body)

    def close(self):
        if self.proc is not None:
            self.proc.stdin.close()
            self.proc.wait()
            self.proc = None


_worker = _Worker()
atexit.register(_worker.close)


def _shaped_inputs(in_info, input_arrays):
    if len(input_arrays) != len(in_info):
        raise ValueError("model has %d inputs, %d arrays given" % (len(in_info), len(input_arrays)))
    arrays = []
    for i, (arr, (shape, dtype)) in enumerate(zip(input_arrays, in_info)):
        arr = np.asarray(arr)
        if arr.dtype != dtype:
            raise ValueError("input %d: dtype %s, model wants %s" % (i, arr.dtype, dtype))
        if arr.size != int(np.prod(shape, dtype=np.int64)):
            raise ValueError("input %d: %d elements, model shape %s" % (i, arr.size, shape))
        arrays.append(np.array(arr.reshape(shape), order="C"))  # ascontiguousarray would make a scalar 1-d
    return arrays


def run_tflm_sequence(model_bytes, steps, arena_size=4 * 1024 * 1024):
    """Invokes ONE fresh TFLM interpreter once per step, in order (variable tensors and op state carried from
    invoke to invoke); returns a list with each invoke's output arrays (copies).

    steps: a list of (input_arrays, reset_before); reset_before calls the interpreter's reset() before that
    invoke. input_arrays as for run_tflm. Raises TflmRefused / TflmAborted as run_tflm does."""
    model_bytes = bytes(model_bytes)
    in_info, out_info = model_io(model_bytes)
    if not steps:
        raise ValueError("a sequence needs at least one step")
    shaped = [(_shaped_inputs(in_info, ins), bool(reset)) for ins, reset in steps]
    status, payload = _worker.run((model_bytes, shaped, len(out_info), arena_size))
    if status != "ok":
        raise TflmRefused(payload)
    return payload


def run_tflm(model_bytes, input_arrays, arena_size=4 * 1024 * 1024):
    """Runs the model once on a fresh TFLM interpreter (reference kernels, in the worker process); returns
    copies of all outputs.

    input_arrays must match the graph inputs in count, dtype and element count (they are reshaped to the
    tensor's shape; ValueError otherwise). Raises TflmRefused (a RuntimeError) when TFLM refuses the model with
    an error (e.g. an unsupported type), TflmAborted when TFLM aborts or crashes on it."""
    return run_tflm_sequence(model_bytes, [(input_arrays, False)], arena_size)[0]


def random_input(spec, rng, low=None, high=None):
    """A random array for a runtime input of spec (T). Integers: the dtype's full range for 8/16-bit types,
    [-1000, 1000] for wider ones; float32: uniform [-1, 1); bool: 0/1. low/high (inclusive for integers)
    override the range."""
    shape = spec.shape
    dt = spec.np_dtype
    if dt == np.bool_:
        return rng.integers(0, 2, size=shape).astype(np.bool_)
    if dt.kind in "iu":
        info = np.iinfo(dt)
        if low is None:
            low = info.min if dt.itemsize <= 2 else max(info.min, -1000)
        if high is None:
            high = info.max if dt.itemsize <= 2 else 1000
        return rng.integers(low, high, size=shape, endpoint=True).astype(dt)
    lo = -1.0 if low is None else low
    hi = 1.0 if high is None else high
    return rng.uniform(lo, hi, size=shape).astype(dt)


# ---------------------------------------------------------------------------------------------------------
# Case files


def _le_bytes(arr):
    arr = np.asarray(arr)
    return np.ascontiguousarray(arr).astype(arr.dtype.newbyteorder("<"), copy=False).tobytes()


class CaseWriter:
    """Collects cases for one group and writes <out_dir>/<group>.cases and <group>.provenance.txt.

    seed: the generator's RNG seed (recorded); generator: the generating script (default: sys.argv[0]);
    out_dir: default --out-dir when the generator used parse_args, else tests/oracle/data."""

    def __init__(self, group, seed=None, generator=None, out_dir=None):
        if not re.fullmatch(r"[A-Za-z0-9_]+", group):
            raise ValueError("group %r: use letters, digits and underscores (it names a test)" % group)
        self.group = group
        self.seed = seed
        self.generator = generator or (sys.argv[0] if sys.argv and sys.argv[0] else "(interactive)")
        self.out_dir = out_dir or _out_dir
        # (name, refusal reason or None, model, [input bytes], [output bytes], later steps); later steps: the
        # invokes after the first, [(reset_before, [input bytes], [output bytes])] (MOTEORC3 when any case has one)
        self.cases = []
        self._names = set()
        self.outputs_from = None  # where the expected outputs come from when not TFLM (a provenance line)

    def _unique(self, name):
        """name, or name_2, name_3... when a case already has it: names are built from drawn parameters
        printed with few digits, so two draws of one seed can print alike (any seed must generate)."""
        if name not in self._names:
            return name
        n = 2
        while "%s_%d" % (name, n) in self._names:
            n += 1
        return "%s_%d" % (name, n)

    def _check(self, name, model_bytes, input_arrays, output_arrays):
        if name in self._names:
            raise ValueError("duplicate case name %r" % name)
        in_info, out_info = model_io(bytes(model_bytes))
        if len(input_arrays) != len(in_info) or (output_arrays is not None and len(output_arrays) != len(out_info)):
            raise ValueError("case %r: %d/%d arrays for a model with %d inputs / %d outputs" %
                             (name, len(input_arrays), len(output_arrays or []), len(in_info), len(out_info)))
        for kind, arrays, infos in (("input", input_arrays, in_info), ("output", output_arrays or [], out_info)):
            for i, (arr, (shape, dtype)) in enumerate(zip(arrays, infos)):
                arr = np.asarray(arr)
                if arr.dtype != dtype or arr.size != int(np.prod(shape, dtype=np.int64)):
                    raise ValueError("case %r %s %d: %s[%d] does not match the model's %s%s" %
                                     (name, kind, i, arr.dtype, arr.size, dtype, shape))

    def add(self, name, model_bytes, input_arrays, output_arrays):
        """Adds a case whose expected outputs are output_arrays (TFLM's)."""
        name = self._unique(name)
        self._check(name, model_bytes, input_arrays, output_arrays)
        self._names.add(name)
        self.cases.append((name, None, bytes(model_bytes), [_le_bytes(a) for a in input_arrays],
                           [_le_bytes(a) for a in output_arrays], []))

    def add_sequence(self, name, model_bytes, steps, step_outputs):
        """Adds a case that invokes one interpreter len(steps) times: steps as for run_tflm_sequence,
        step_outputs[k] the expected outputs (TFLM's) of invoke k."""
        if not steps or len(steps) != len(step_outputs):
            raise ValueError("case %r: %d steps, %d output lists" % (name, len(steps), len(step_outputs)))
        if steps[0][1]:
            raise ValueError("case %r: the first step cannot reset (the interpreter is fresh)" % name)
        name = self._unique(name)
        for (ins, _), outs in zip(steps, step_outputs):
            self._check(name, model_bytes, ins, outs)
        self._names.add(name)
        later = [(bool(reset), [_le_bytes(a) for a in ins], [_le_bytes(a) for a in outs])
                 for (ins, reset), outs in zip(steps[1:], step_outputs[1:])]
        self.cases.append((name, None, bytes(model_bytes), [_le_bytes(a) for a in steps[0][0]],
                           [_le_bytes(a) for a in step_outputs[0]], later))

    def add_litert_sequences(self, drawn):
        """Runs LiteRT's reference kernels on drawn = [(name, model bytes, steps)] (steps as for add_sequence;
        litert_oracle.run_sequence_batch, one child process) and adds each as a sequence case with LiteRT's
        outputs; a model LiteRT refuses is an error (draw only what it runs). Returns LiteRT's origin string."""
        import litert_oracle  # noqa: PLC0415 (only the LiteRT generators need it)
        origin, results = litert_oracle.run_sequence_batch([(m, steps) for _, m, steps in drawn])
        self.outputs_from = "%s, reference kernels (OpResolverType.BUILTIN_REF)" % origin
        for (name, model, steps), outs in zip(drawn, results):
            if isinstance(outs, str):
                raise RuntimeError("LiteRT refused %s: %s" % (name, outs))
            self.add_sequence(name, model, steps, outs)
        return origin

    def add_sequence_run(self, name, model_bytes, steps, refusal="abort"):
        """Runs TFLM on the steps (run_tflm_sequence) and adds the case; returns TFLM's outputs per step, or None
        for a refusal case (refusal as for add_run; a refusal case records the first step's inputs only)."""
        if refusal not in ("abort", "any", "expected"):
            raise ValueError("refusal=%r: use 'abort', 'any' or 'expected'" % (refusal,))
        try:
            outputs = run_tflm_sequence(model_bytes, steps)
        except TflmAborted as e:
            if refusal != "expected":
                print("note: %s: %s on case %s; recorded as a refusal case" % (self.group, e.reason, name),
                      file=sys.stderr)
            self.add_refusal(name, model_bytes, steps[0][0], e.reason)
            return None
        except TflmRefused as e:
            if refusal == "abort":
                raise
            self.add_refusal(name, model_bytes, steps[0][0], "TFLM refused: " + (str(e).splitlines() or [""])[0])
            return None
        if refusal == "expected":
            raise ValueError("case %r: expected TFLM to refuse it, but TFLM ran it" % name)
        self.add_sequence(name, model_bytes, steps, outputs)
        return outputs

    def add_refusal(self, name, model_bytes, input_arrays, reason):
        """Adds a case mote must refuse cleanly (AllocateTensors or Invoke returns an error) because TFLM refuses
        or aborts on it. reason (non-empty) is recorded and shown when mote runs the case instead."""
        if not reason:
            raise ValueError("case %r: a refusal needs a reason" % name)
        name = self._unique(name)
        self._check(name, model_bytes, input_arrays, None)
        self._names.add(name)
        self.cases.append((name, str(reason), bytes(model_bytes), [_le_bytes(a) for a in input_arrays], [], []))

    def add_run(self, name, model_bytes, input_arrays, refusal="abort"):
        """Runs TFLM on the inputs and adds the case; returns TFLM's outputs, or None for a refusal case.

        refusal says which TFLM outcomes become refusal cases instead of errors:
          "abort"    (default) TFLM aborting or crashing is recorded (with a note on stderr); TFLM refusing the
                     model with an error raises TflmRefused (the generator drew a model it did not mean to).
          "any"      both are recorded.
          "expected" both are recorded, and TFLM running the model raises ValueError (the case exists to
                     prove the refusal)."""
        if refusal not in ("abort", "any", "expected"):
            raise ValueError("refusal=%r: use 'abort', 'any' or 'expected'" % (refusal,))
        try:
            outputs = run_tflm(model_bytes, input_arrays)
        except TflmAborted as e:
            if refusal != "expected":
                print("note: %s: %s on case %s; recorded as a refusal case" % (self.group, e.reason, name),
                      file=sys.stderr)
            self.add_refusal(name, model_bytes, input_arrays, e.reason)
            return None
        except TflmRefused as e:
            if refusal == "abort":
                raise
            self.add_refusal(name, model_bytes, input_arrays, "TFLM refused: " + (str(e).splitlines() or [""])[0])
            return None
        if refusal == "expected":
            raise ValueError("case %r: expected TFLM to refuse it, but TFLM ran it" % name)
        self.add(name, model_bytes, input_arrays, outputs)
        return outputs

    @property
    def refusals(self):
        return [c for c in self.cases if c[1] is not None]

    def serialize(self):
        """The oldest format that holds the cases: MOTEORC1 when every case expects outputs of one invoke,
        MOTEORC2 when some are refusals, MOTEORC3 when some invoke more than once."""
        v3 = any(c[5] for c in self.cases)
        v2 = v3 or bool(self.refusals)
        out = bytearray(CASES_MAGIC_V3 if v3 else CASES_MAGIC_V2 if v2 else CASES_MAGIC)
        out += struct.pack("<I", len(self.cases))

        def blobs(items):
            return struct.pack("<I", len(items)) + b"".join(struct.pack("<I", len(x)) + x for x in items)

        for name, refused, model, ins, outs, later in self.cases:
            nb = name.encode("utf-8")
            out += struct.pack("<I", len(nb)) + nb
            if v2:
                rb = (refused or "").encode("utf-8")
                out += struct.pack("<I", EXPECT_REFUSED if refused is not None else EXPECT_OUTPUTS)
                out += struct.pack("<I", len(rb)) + rb
            out += struct.pack("<I", len(model)) + model
            if v3:
                out += struct.pack("<I", 1 + len(later))
                out += struct.pack("<I", 0) + blobs(ins) + blobs(outs)
                for reset, step_ins, step_outs in later:
                    out += struct.pack("<I", STEP_RESET_BEFORE if reset else 0) + blobs(step_ins) + blobs(step_outs)
            else:
                out += blobs(ins) + blobs(outs)
        return bytes(out)

    def write(self):
        os.makedirs(self.out_dir, exist_ok=True)
        data = self.serialize()
        cases_path = os.path.join(self.out_dir, self.group + ".cases")
        with open(cases_path, "wb") as f:
            f.write(data)
        gen = os.path.abspath(self.generator)
        if gen.startswith(REPO_ROOT + os.sep):
            gen = os.path.relpath(gen, REPO_ROOT)
        refusals = self.refusals
        lines = [
            "group: %s" % self.group,
            "tflite-micro: %s" % _version("tflite-micro"),
            "numpy: %s" % np.__version__,
            "tflite (schema package): %s" % _version("tflite"),
            "flatbuffers: %s" % _version("flatbuffers"),
            "python: %s" % sys.version.split()[0],
            "generator: %s" % gen,
            "seed: %s" % ("(not given)" if self.seed is None else self.seed),
        ] + (["outputs from: %s" % self.outputs_from] if self.outputs_from else []) + [
            "date: %s" % datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
            "cases: %d" % len(self.cases),
        ] + (["refusal cases: %d" % len(refusals)] if refusals else []) + [
            "bytes: %d" % len(data),
            "",
        ] + [name if refused is None else "%s  (expected: refused; %s)" % (name, refused)
             for name, refused, _, _, _, _ in self.cases]
        with open(os.path.join(self.out_dir, self.group + ".provenance.txt"), "w") as f:
            f.write("\n".join(lines) + "\n")
        if len(data) > MAX_CASES_FILE_BYTES:
            print("warning: %s is %d bytes (keep it under %d)" % (cases_path, len(data), MAX_CASES_FILE_BYTES),
                  file=sys.stderr)
        shown = os.path.relpath(cases_path, REPO_ROOT) if cases_path.startswith(REPO_ROOT + os.sep) else cases_path
        print("wrote %s: %d cases%s, %d bytes" % (shown, len(self.cases),
                                                   " (%d refusal cases)" % len(refusals) if refusals else "",
                                                   len(data)))
        return cases_path


def read_cases(path, with_refusals=False, with_steps=False):
    """Parses a .cases file (MOTEORC1, 2 or 3): list of (name, model bytes, [input bytes], [output bytes]) for
    the first invoke, or with with_refusals=True of (name, refusal reason or None, model, [input bytes],
    [output bytes]); with_steps=True appends the later invokes, [(reset_before, [input bytes], [output bytes])]."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] not in (CASES_MAGIC, CASES_MAGIC_V2, CASES_MAGIC_V3):
        raise ValueError("%s: bad magic" % path)
    v3 = data[:8] == CASES_MAGIC_V3
    v2 = v3 or data[:8] == CASES_MAGIC_V2
    pos = 8

    def u32():
        nonlocal pos
        if pos + 4 > len(data):
            raise ValueError("%s: truncated" % path)
        (v,) = struct.unpack_from("<I", data, pos)
        pos += 4
        return v

    def blob():
        nonlocal pos
        n = u32()
        if pos + n > len(data):
            raise ValueError("%s: truncated" % path)
        b = data[pos:pos + n]
        pos += n
        return b

    cases = []
    for _ in range(u32()):
        name = blob().decode("utf-8")
        refused = None
        if v2:
            expect = u32()
            reason = blob().decode("utf-8")
            if expect not in (EXPECT_OUTPUTS, EXPECT_REFUSED):
                raise ValueError("%s: case %r: unknown expectation %d" % (path, name, expect))
            refused = reason if expect == EXPECT_REFUSED else None
        model = blob()
        steps = []
        for _ in range(u32() if v3 else 1):
            flags = u32() if v3 else 0
            ins = [blob() for _ in range(u32())]
            outs = [blob() for _ in range(u32())]
            steps.append((bool(flags & STEP_RESET_BEFORE), ins, outs))
        if not steps:
            raise ValueError("%s: case %r has no invokes" % (path, name))
        _, ins, outs = steps[0]
        case = (name, refused, model, ins, outs) if with_refusals else (name, model, ins, outs)
        cases.append(case + (steps[1:],) if with_steps else case)
    if pos != len(data):
        raise ValueError("%s: %d trailing bytes" % (path, len(data) - pos))
    return cases


def parse_args(parser, default_seed, argv=None):
    """Adds the options every generator takes, --seed N (default default_seed) and --out-dir DIR (default
    tests/oracle/data), parses argv, and makes DIR the default directory of the CaseWriters created afterwards.
    Returns the parsed arguments."""
    parser.add_argument("--seed", type=int, default=default_seed,
                        help="RNG seed (default %d, the one the checked-in cases were made with)" % default_seed)
    parser.add_argument("--out-dir", default=DEFAULT_OUT_DIR,
                        help="directory for the .cases and .provenance.txt files (default tests/oracle/data)")
    args = parser.parse_args(argv)
    global _out_dir
    _out_dir = os.path.abspath(args.out_dir)
    return args


def _version(dist):
    try:
        return importlib.metadata.version(dist)
    except importlib.metadata.PackageNotFoundError:
        return "(not installed)"
