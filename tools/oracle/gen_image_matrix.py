"""Oracle cases for the image and matrix ops run on TFLM's reference kernels: L2_POOL_2D (float32),
RESIZE_BILINEAR (float32, int8), RESIZE_NEAREST_NEIGHBOR (float32, int8, int16), TRANSPOSE_CONV (float32,
int8 per-channel, 16x8 with int64 bias), BATCH_MATMUL (float32, int8, int16).

Covers:
- L2_POOL_2D: SAME/VALID padding, strides 1..4, filters 1..5 (larger than the input with SAME), every fused
  activation mote accepts (NONE, RELU, RELU_N1_TO_1, RELU6), batches, odd channel counts.
- RESIZE_*: up- and down-sampling (including to and from 1 pixel, non-integer ratios), align_corners,
  half_pixel_centers (for nearest also both at once, which TFLM accepts), batches, odd depths, inputs over the
  type's whole range (the int8 bilinear rounding of negative sums).
- TRANSPOSE_CONV: SAME/VALID, strides 1..3, filters 1..4, with and without bias, every fused activation, the
  output size TFLite computes and other sizes (TFLM accepts any), per-channel and per-tensor filter scales.
- BATCH_MATMUL: ranks 2..5 on either side, broadcast batches, adj_x/adj_y, constant and runtime RHS, random
  per-tensor quantization (int16 symmetric).

Every op draws from its own generator (seeded with [seed, op index]), so adding an op leaves the others'
cases unchanged.

Run: .venv/bin/python tools/oracle/gen_image_matrix.py [--seed N] [--out-dir DIR]
     -> tests/oracle/data/image_matrix.cases
"""

import argparse
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from oracle_lib import CaseWriter, T, parse_args, random_input, single_op_model  # noqa: E402

DEFAULT_SEED = 20261201
POOL_ACTIVATIONS = ["NONE", "RELU", "RELU_N1_TO_1", "RELU6"]


def quant(rng, dtype):
    """A random per-tensor quantization (None for float32)."""
    if dtype == "int8":
        return float(rng.uniform(0.005, 0.2)), int(rng.integers(-128, 128))
    if dtype == "int16":
        return float(rng.uniform(1e-4, 1e-2)), 0
    return None, None


def name_of(*parts):
    return "_".join(str(p) for p in parts)


# --- L2_POOL_2D ---------------------------------------------------------------------------------------------

def pool_out(padding, size, filt, stride):
    if padding == "SAME":
        return (size + stride - 1) // stride
    return (size + stride - filt) // stride


def add_l2_pool(writer, rng, shape, filt, stride, padding, activation, prefix):
    n, h, w, c = shape
    oh, ow = pool_out(padding, h, filt[0], stride[0]), pool_out(padding, w, filt[1], stride[1])
    x = T(shape, "float32")
    y = T([n, oh, ow, c], "float32")
    options = {"padding": padding, "stride_w": stride[1], "stride_h": stride[0], "filter_width": filt[1],
               "filter_height": filt[0], "fused_activation_function": activation}
    model = single_op_model("L2_POOL_2D", [x], [y], "Pool2DOptions", options)
    name = name_of(prefix, "l2pool", "x".join(map(str, shape)), "f%dx%d" % filt, "s%dx%d" % stride,
                   padding.lower(), activation.lower())
    low, high = (-0.7, 0.7) if rng.random() < 0.3 else (-8.0, 8.0)
    writer.add_run(name, model, [random_input(x, rng, low, high)])


def l2_pool_cases(writer, rng):
    fixed = [([1, 1, 1, 1], (1, 1), (1, 1), "VALID"), ([1, 4, 4, 3], (2, 2), (2, 2), "VALID"),
             ([2, 5, 5, 2], (3, 3), (2, 2), "SAME"), ([1, 2, 3, 5], (4, 4), (1, 1), "SAME"),
             ([1, 7, 7, 4], (7, 7), (1, 1), "VALID")]
    for shape, filt, stride, padding in fixed:
        for activation in POOL_ACTIVATIONS:
            add_l2_pool(writer, rng, shape, filt, stride, padding, activation, "fixed")
    i = 0
    while i < 24:
        shape = [int(rng.choice([1, 1, 2])), int(rng.integers(1, 10)), int(rng.integers(1, 10)),
                 int(rng.choice([1, 2, 3, 8]))]
        filt = (int(rng.integers(1, 6)), int(rng.integers(1, 6)))
        stride = (int(rng.integers(1, 5)), int(rng.integers(1, 5)))
        padding = str(rng.choice(["SAME", "VALID"]))
        if pool_out(padding, shape[1], filt[0], stride[0]) < 1 or pool_out(padding, shape[2], filt[1], stride[1]) < 1:
            continue
        add_l2_pool(writer, rng, shape, filt, stride, padding, str(rng.choice(POOL_ACTIVATIONS)), "r%02d" % i)
        i += 1


# --- RESIZE_BILINEAR, RESIZE_NEAREST_NEIGHBOR ----------------------------------------------------------------

RESIZE_OPS = {"bilinear": ("RESIZE_BILINEAR", "ResizeBilinearOptions", ("float32", "int8")),
              "nearest": ("RESIZE_NEAREST_NEIGHBOR", "ResizeNearestNeighborOptions", ("float32", "int8", "int16"))}


def add_resize(writer, rng, kind, dtype, shape, size, align_corners, half_pixel, prefix):
    op, options_type, _ = RESIZE_OPS[kind]
    scale, zp = quant(rng, dtype)
    x = T(shape, dtype, scale=scale, zero_point=zp)
    s = T([2], "int32", data=np.array(size, np.int32))
    y = T([shape[0], size[0], size[1], shape[3]], dtype, scale=scale, zero_point=zp)
    model = single_op_model(op, [x, s], [y], options_type,
                            {"align_corners": align_corners, "half_pixel_centers": half_pixel})
    name = name_of(prefix, kind, dtype, "x".join(map(str, shape)), "to%dx%d" % tuple(size),
                   "ac" if align_corners else "", "hp" if half_pixel else "")
    data = random_input(x, rng, -10.0, 10.0) if dtype == "float32" else random_input(x, rng)
    writer.add_run(name, model, [data])


def resize_flags(rng, kind):
    """(align_corners, half_pixel_centers); bilinear never both (TFLM refuses that)."""
    flags = [(False, False), (True, False), (False, True)]
    if kind == "nearest":
        flags.append((True, True))
    return flags[int(rng.integers(0, len(flags)))]


def resize_cases(writer, rng):
    fixed = [([1, 1, 1, 1], [1, 1]), ([1, 1, 1, 2], [3, 4]), ([1, 2, 2, 1], [3, 3]), ([1, 3, 4, 2], [1, 1]),
             ([2, 4, 4, 3], [8, 8]), ([1, 5, 3, 1], [2, 7]), ([1, 6, 6, 4], [4, 9])]
    for kind, (_, _, dtypes) in RESIZE_OPS.items():
        for dtype in dtypes:
            flags = [(False, False), (True, False), (False, True)] + ([(True, True)] if kind == "nearest" else [])
            for shape, size in fixed:
                for align_corners, half_pixel in flags:
                    add_resize(writer, rng, kind, dtype, shape, size, align_corners, half_pixel, "fixed")
            for i in range(10):
                shape = [int(rng.choice([1, 1, 2])), int(rng.integers(1, 9)), int(rng.integers(1, 9)),
                         int(rng.choice([1, 2, 3, 5]))]
                size = [int(rng.integers(1, 17)), int(rng.integers(1, 17))]
                align_corners, half_pixel = resize_flags(rng, kind)
                add_resize(writer, rng, kind, dtype, shape, size, align_corners, half_pixel, "r%02d" % i)


# --- TRANSPOSE_CONV ---------------------------------------------------------------------------------------

def transpose_conv_out(padding, size, filt, stride):
    return size * stride if padding == "SAME" else (size - 1) * stride + filt


def add_transpose_conv(writer, rng, dtype, shape, filt, oc, stride, padding, activation, with_bias, out_hw, prefix):
    n, h, w, ic = shape
    fh, fw = filt
    if dtype == "float32":
        x = T(shape, "float32")
        wt = T([oc, fh, fw, ic], "float32", data=rng.uniform(-1, 1, (oc, fh, fw, ic)).astype(np.float32))
        b = T([oc], "float32", data=rng.uniform(-2, 2, oc).astype(np.float32)) if with_bias else None
        y = T([n, out_hw[0], out_hw[1], oc], "float32")
        data = random_input(x, rng, -2.0, 2.0)
    else:
        in_scale, in_zp = (float(rng.uniform(0.01, 0.1)), int(rng.integers(-20, 21))) if dtype == "int8" else \
            (float(rng.uniform(1e-4, 1e-3)), 0)
        per_channel = rng.random() < 0.7
        w_scales = [float(v) for v in rng.uniform(0.002, 0.02, oc if per_channel else 1)]
        wt = T([oc, fh, fw, ic], "int8", data=rng.integers(-127, 128, (oc, fh, fw, ic)), scale=w_scales,
               zero_point=[0] * len(w_scales), quantized_dimension=0)
        x = T(shape, dtype, scale=in_scale, zero_point=in_zp)
        bias_dtype = "int32" if dtype == "int8" else "int64"
        bias_scales = [in_scale * ws for ws in (w_scales if per_channel else w_scales * oc)]
        b = T([oc], bias_dtype, data=rng.integers(-2000, 2000, oc), scale=bias_scales, zero_point=[0] * oc,
              quantized_dimension=0) if with_bias else None
        taps = ic * -(-fh // stride[0]) * -(-fw // stride[1])
        out_scale = in_scale * max(w_scales) * float(rng.uniform(4, 40)) * taps ** 0.5
        y = T([n, out_hw[0], out_hw[1], oc], dtype, scale=out_scale,
              zero_point=int(rng.integers(-10, 11)) if dtype == "int8" else 0)
        data = random_input(x, rng)
    shape_t = T([4], "int32", data=np.array([n, out_hw[0], out_hw[1], oc], np.int32))
    inputs = [shape_t, wt, x] + ([b] if with_bias else [])
    options = {"padding": padding, "stride_w": stride[1], "stride_h": stride[0],
               "fused_activation_function": activation}
    model = single_op_model("TRANSPOSE_CONV", inputs, [y], "TransposeConvOptions", options)
    name = name_of(prefix, "tconv", dtype, "x".join(map(str, shape)), "f%dx%dx%d" % (oc, fh, fw),
                   "s%dx%d" % stride, padding.lower(), activation.lower(), "bias" if with_bias else "nobias",
                   "out%dx%d" % tuple(out_hw))
    writer.add_run(name, model, [data])


def transpose_conv_cases(writer, rng):
    for dtype in ("float32", "int8", "int16"):
        for i in range(22):
            shape = [int(rng.choice([1, 1, 2])), int(rng.integers(1, 6)), int(rng.integers(1, 6)),
                     int(rng.choice([1, 2, 3, 5]))]
            filt = (int(rng.integers(1, 5)), int(rng.integers(1, 5)))
            stride = (int(rng.integers(1, 4)), int(rng.integers(1, 4)))
            padding = str(rng.choice(["SAME", "VALID"]))
            out_hw = [transpose_conv_out(padding, shape[1], filt[0], stride[0]),
                      transpose_conv_out(padding, shape[2], filt[1], stride[1])]
            if i % 5 == 4:  # TFLM computes any output size (positions no input reaches get the bias alone)
                out_hw = [max(1, out_hw[0] + int(rng.integers(-2, 3))), max(1, out_hw[1] + int(rng.integers(-2, 3)))]
            oc = int(rng.choice([1, 2, 3, 4, 7]))
            activation = POOL_ACTIVATIONS[i % 4]
            add_transpose_conv(writer, rng, dtype, shape, filt, oc, stride, padding, activation, i % 3 != 2, out_hw,
                               "r%02d" % i)


# --- BATCH_MATMUL -----------------------------------------------------------------------------------------

def batch_matmul_shapes(rng):
    """(lhs shape, rhs shape, output shape, adj_x, adj_y) with broadcastable batches."""
    out_rank = int(rng.integers(2, 6))
    batches = [int(rng.integers(1, 4)) for _ in range(out_rank - 2)]
    lhs_rank = int(rng.integers(2, out_rank + 1)) if rng.random() < 0.3 else out_rank
    rhs_rank = out_rank if lhs_rank < out_rank else int(rng.integers(2, out_rank + 1))

    def side(rank):
        b = batches[len(batches) - (rank - 2):] if rank > 2 else []
        return [1 if (d > 1 and rng.random() < 0.25) else d for d in b]
    lb, rb = side(lhs_rank), side(rhs_rank)
    # A dimension both sides set to 1 makes the output's 1 too.
    out_b = list(batches)
    for i in range(len(out_b)):
        li = i - (len(out_b) - len(lb))
        ri = i - (len(out_b) - len(rb))
        lv = lb[li] if li >= 0 else 1
        rv = rb[ri] if ri >= 0 else 1
        out_b[i] = max(lv, rv)
    m, k, n = (int(rng.integers(1, 7)) for _ in range(3))
    adj_x, adj_y = bool(rng.random() < 0.4), bool(rng.random() < 0.4)
    lhs = lb + ([k, m] if adj_x else [m, k])
    rhs = rb + ([n, k] if adj_y else [k, n])
    return lhs, rhs, out_b + [m, n], adj_x, adj_y, k


def add_batch_matmul(writer, rng, dtype, prefix):
    lhs_shape, rhs_shape, out_shape, adj_x, adj_y, k = batch_matmul_shapes(rng)
    const_rhs = rng.random() < 0.4
    if dtype == "float32":
        lhs = T(lhs_shape, "float32")
        rhs_data = rng.uniform(-2, 2, rhs_shape).astype(np.float32)
        rhs = T(rhs_shape, "float32", data=rhs_data if const_rhs else None)
        out = T(out_shape, "float32")
        inputs = [random_input(lhs, rng, -2.0, 2.0)] + ([] if const_rhs else [rhs_data])
    else:
        int8 = dtype == "int8"
        ls, rs = float(rng.uniform(0.005, 0.05)), float(rng.uniform(0.005, 0.05))
        lz, rz = (int(rng.integers(-30, 31)), int(rng.integers(-30, 31))) if int8 else (0, 0)
        if not int8:
            ls, rs = ls / 100, rs / 100
        info = np.iinfo(np.int8 if int8 else np.int16)
        rhs_data = rng.integers(info.min, info.max + 1, rhs_shape).astype(np.int8 if int8 else np.int16)
        lhs = T(lhs_shape, dtype, scale=ls, zero_point=lz)
        rhs = T(rhs_shape, dtype, data=rhs_data if const_rhs else None, scale=rs, zero_point=rz)
        span = 128.0 if int8 else 32768.0
        out = T(out_shape, dtype, scale=ls * rs * span * k ** 0.5 / float(rng.uniform(20, 120)),
                zero_point=int(rng.integers(-10, 11)) if int8 else 0)
        inputs = [random_input(lhs, rng)] + ([] if const_rhs else [rhs_data])
    model = single_op_model("BATCH_MATMUL", [lhs, rhs], [out], "BatchMatMulOptions", {"adj_x": adj_x, "adj_y": adj_y})
    name = name_of(prefix, "bmm", dtype, "x".join(map(str, lhs_shape)), "x".join(map(str, rhs_shape)),
                   "adjx" if adj_x else "", "adjy" if adj_y else "", "constrhs" if const_rhs else "")
    writer.add_run(name, model, inputs)


def batch_matmul_cases(writer, rng):
    for dtype in ("float32", "int8", "int16"):
        for i in range(26):
            add_batch_matmul(writer, rng, dtype, "r%02d" % i)


GROUPS = [l2_pool_cases, resize_cases, transpose_conv_cases, batch_matmul_cases]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    args = parse_args(parser, DEFAULT_SEED)
    print("gen_image_matrix: seed %d" % args.seed)
    writer = CaseWriter("image_matrix", seed=args.seed, generator=__file__)
    for index, cases in enumerate(GROUPS):
        cases(writer, np.random.default_rng([args.seed, index]))
    writer.write()


if __name__ == "__main__":
    main()
