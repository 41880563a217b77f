#!/usr/bin/env python3
"""Oracle cases for control flow and resource variables: IF, WHILE, CALL_ONCE, VAR_HANDLE, READ_VARIABLE,
ASSIGN_VARIABLE, in models of several subgraphs (oracle_lib.build_multi_model).

Every case is a multi-invoke sequence on ONE TFLM interpreter (CaseWriter.add_sequence_run), some with a
Reset() in the middle: the resource variables' state carries from invoke to invoke and Reset() puts it back to
its default, while CALL_ONCE's initialiser does not run again (TFLM's behaviour).

  control_flow_if        IF(cond, a, b): random chains of ADD/SUB/MUL/MAXIMUM/MINIMUM in each branch, float32
                         or int32, random shapes; the condition drawn per invoke
  control_flow_while     WHILE over (i, x[, y]): LESS(i, limit) as the condition, a random body (i + 1 and
                         random binary ops with constants on the state); loop counts 0..7 per invoke
  control_flow_variables CALL_ONCE initialising a resource variable (or none: reads start at the default),
                         read, combined with the input, assigned back; several variables; Reset() mid-sequence;
                         also IF inside a WHILE body and a variable updated in a WHILE body

  tools/oracle/gen_control_flow.py [--seed N] [--out-dir DIR]
"""
import argparse

import numpy as np

from oracle_lib import CaseWriter, Op, T, build_multi_model, parse_args

BINARY = ["ADD", "SUB", "MUL", "MAXIMUM", "MINIMUM"]
OPTIONS = {"ADD": "AddOptions", "SUB": "SubOptions", "MUL": "MulOptions"}


def binary(op, a, b, out):
    if op in OPTIONS:
        return Op(op, [a, b], [out], OPTIONS[op], {})
    return Op(op, [a, b], [out])


def values(rng, dtype, shape, small=False):
    if dtype == "float32":
        return rng.uniform(-2.0, 2.0, size=shape).astype(np.float32)
    bound = 4 if small else 50
    return rng.integers(-bound, bound + 1, size=shape).astype(np.int32)


def random_shape(rng):
    return [int(d) for d in rng.integers(1, 5, size=int(rng.integers(1, 4)))]


def chain_subgraph(rng, dtype, shape, n_inputs, n_ops):
    """Inputs x0..x{n-1}; n_ops binary ops each combining the running value with an input or a constant."""
    tensors = [T(shape, dtype, name="x%d" % i) for i in range(n_inputs)]
    ops = []
    value = 0
    for k in range(n_ops):
        op = BINARY[int(rng.integers(len(BINARY)))]
        if rng.random() < 0.5 and n_inputs > 1:
            other = int(rng.integers(n_inputs))
        else:
            tensors.append(T(shape, dtype, data=values(rng, dtype, shape, small=True), name="k%d" % k))
            other = len(tensors) - 1
        tensors.append(T(shape, dtype, name="v%d" % k))
        ops.append(binary(op, value, other, len(tensors) - 1))
        value = len(tensors) - 1
    return (tensors, ops, list(range(n_inputs)), [value])


def if_case(w, rng, i):
    dtype = ["float32", "int32"][i % 2]
    shape = random_shape(rng)
    n_inputs = int(rng.integers(1, 4))
    main_tensors = [T([1], "bool", name="cond")] + [T(shape, dtype, name="a%d" % j) for j in range(n_inputs)]
    main_tensors.append(T(shape, dtype, name="out"))
    main = (main_tensors, [Op("IF", list(range(n_inputs + 1)), [n_inputs + 1], "IfOptions",
                              {"then_subgraph_index": 1, "else_subgraph_index": 2})],
            list(range(n_inputs + 1)), [n_inputs + 1])
    then = chain_subgraph(rng, dtype, shape, n_inputs, int(rng.integers(1, 4)))
    other = chain_subgraph(rng, dtype, shape, n_inputs, int(rng.integers(1, 4)))
    model = build_multi_model([main, then, other])
    steps = []
    for s in range(int(rng.integers(2, 6))):
        ins = [np.array([rng.random() < 0.5])] + [values(rng, dtype, shape) for _ in range(n_inputs)]
        steps.append((ins, False))
    w.add_sequence_run("if_%s_%s_in%d_%d" % (dtype, "x".join(map(str, shape)), n_inputs, i), model, steps)


def while_subgraphs(rng, dtype, shape, limit, n_state, body_ops):
    """cond: LESS(i, limit); body: i + 1 and, per state tensor, a chain of ops with constants."""
    cond_tensors = [T([1], "int32", name="i")] + [T(shape, dtype, name="x%d" % j) for j in range(n_state)]
    cond_tensors += [T([1], "int32", data=[limit], name="limit"), T([1], "bool", name="more")]
    cond = (cond_tensors, [Op("LESS", [0, n_state + 1], [n_state + 2])], list(range(n_state + 1)), [n_state + 2])
    body_tensors = [T([1], "int32", name="i")] + [T(shape, dtype, name="x%d" % j) for j in range(n_state)]
    body_tensors += [T([1], "int32", data=[1], name="one"), T([1], "int32", name="i_next")]
    ops = [binary("ADD", 0, n_state + 1, n_state + 2)]
    outputs = [n_state + 2]
    for j in range(n_state):
        value = 1 + j
        for k in range(body_ops):
            op = ["ADD", "SUB", "MUL", "MAXIMUM", "MINIMUM"][int(rng.integers(5))]
            if op == "MUL" and dtype == "int32":
                op = "ADD"  # products over 7 iterations would overflow int32
            other_state = 1 + int(rng.integers(n_state))
            if rng.random() < 0.4 and op != "MUL":
                other = other_state
            else:
                scale = values(rng, dtype, shape, small=True)
                if op == "MUL":
                    scale = rng.uniform(0.5, 1.25, size=shape).astype(np.float32)
                body_tensors.append(T(shape, dtype, data=scale, name="k%d_%d" % (j, k)))
                other = len(body_tensors) - 1
            body_tensors.append(T(shape, dtype, name="x%d_%d" % (j, k)))
            ops.append(binary(op, value, other, len(body_tensors) - 1))
            value = len(body_tensors) - 1
        outputs.append(value)
    body = (body_tensors, ops, list(range(n_state + 1)), outputs)
    return cond, body


def while_case(w, rng, i):
    dtype = ["float32", "int32"][i % 2]
    shape = random_shape(rng)
    n_state = int(rng.integers(1, 3))
    limit = int(rng.integers(0, 8))
    cond, body = while_subgraphs(rng, dtype, shape, limit, n_state, int(rng.integers(1, 3)))
    n = n_state + 1
    main_tensors = [T([1], "int32", name="i")] + [T(shape, dtype, name="x%d" % j) for j in range(n_state)]
    main_tensors += [T([1], "int32", name="i_out")] + [T(shape, dtype, name="y%d" % j) for j in range(n_state)]
    main = (main_tensors, [Op("WHILE", list(range(n)), list(range(n, 2 * n)), "WhileOptions",
                              {"cond_subgraph_index": 1, "body_subgraph_index": 2})],
            list(range(n)), list(range(n, 2 * n)))
    model = build_multi_model([main, cond, body])
    steps = []
    for s in range(int(rng.integers(2, 5))):
        start = np.array([int(rng.integers(-2, limit + 2))], dtype=np.int32)
        steps.append(([start] + [values(rng, dtype, shape) for _ in range(n_state)], False))
    w.add_sequence_run("while_%s_%s_s%d_lim%d_%d" % (dtype, "x".join(map(str, shape)), n_state, limit, i), model,
                       steps)


def handle(tensors, ops, name):
    tensors.append(T([], "resource", name="h_" + name))
    ops.append(Op("VAR_HANDLE", [], [len(tensors) - 1], "VarHandleOptions", {"shared_name": name}))
    return len(tensors) - 1


def variables_case(w, rng, i):
    """sg0: [CALL_ONCE(init)] per variable v: r = READ(v); y = op(r, x); ASSIGN(v, y); outputs the y's."""
    dtype = ["float32", "int32"][i % 2]
    shape = random_shape(rng)
    n_vars = int(rng.integers(1, 3))
    with_init = i % 3 != 2
    tensors = [T(shape, dtype, name="x")]
    ops = []
    if with_init:
        ops.append(Op("CALL_ONCE", [], [], "CallOnceOptions", {"init_subgraph_index": 1}))
    outputs = []
    for v in range(n_vars):
        name = "state%d" % v
        h = handle(tensors, ops, name)
        tensors.append(T(shape, dtype, name="r%d" % v))
        ops.append(Op("READ_VARIABLE", [h], [len(tensors) - 1]))
        read = len(tensors) - 1
        tensors.append(T(shape, dtype, name="y%d" % v))
        op = ["ADD", "SUB", "MAXIMUM", "MINIMUM"][int(rng.integers(4))]
        ops.append(binary(op, read, 0, len(tensors) - 1))
        outputs.append(len(tensors) - 1)
        h2 = handle(tensors, ops, name)
        ops.append(Op("ASSIGN_VARIABLE", [h2, len(tensors) - 2], []))
    subgraphs = [(tensors, ops, [0], outputs)]
    if with_init:
        it, iops = [], []
        for v in range(n_vars):
            h = handle(it, iops, "state%d" % v)
            it.append(T(shape, dtype, data=values(rng, dtype, shape, small=True), name="init%d" % v))
            iops.append(Op("ASSIGN_VARIABLE", [h, len(it) - 1], []))
        subgraphs.append((it, iops, [], []))
    model = build_multi_model(subgraphs)
    invokes = int(rng.integers(3, 7))
    reset_at = int(rng.integers(1, invokes + 1))
    steps = [([values(rng, dtype, shape)], s == reset_at) for s in range(invokes)]
    w.add_sequence_run("variables_%s_%s_v%d%s_x%d_reset%d_%d" % (
        dtype, "x".join(map(str, shape)), n_vars, "_init" if with_init else "", invokes, reset_at, i), model, steps)


def nested_case(w, rng, i):
    """WHILE whose body holds an IF (i < split: x + k, else x - k) and updates a resource variable (a counter)."""
    dtype = "float32" if i % 2 == 0 else "int32"
    shape = random_shape(rng)
    limit = int(rng.integers(0, 6))
    # sg0: WHILE(i, x) -> (i', x'); output x' and the counter READ after the loop.
    main_t = [T([1], "int32", name="i"), T(shape, dtype, name="x"), T([1], "int32", name="i_out"),
              T(shape, dtype, name="x_out")]
    main_ops = [Op("CALL_ONCE", [], [], "CallOnceOptions", {"init_subgraph_index": 4}),
                Op("WHILE", [0, 1], [2, 3], "WhileOptions", {"cond_subgraph_index": 1, "body_subgraph_index": 2})]
    h = handle(main_t, main_ops, "count")
    main_t.append(T([1], "int32", name="count"))
    main_ops.append(Op("READ_VARIABLE", [h], [len(main_t) - 1]))
    main = (main_t, main_ops, [0, 1], [3, len(main_t) - 1])
    cond = (
        [T([1], "int32", name="i"), T(shape, dtype, name="x"), T([1], "int32", data=[limit], name="limit"),
         T([1], "bool", name="more")], [Op("LESS", [0, 2], [3])], [0, 1], [3])
    # body: early = i < split; x' = IF(early, x); i' = i + 1; count += 1
    split = int(rng.integers(0, limit + 1))
    bt = [T([1], "int32", name="i"), T(shape, dtype, name="x"), T([1], "int32", data=[split], name="split"),
          T([1], "int32", name="unused"), T([1], "int32", data=[0], name="zero"), T([1], "bool", name="early"),
          T(shape, dtype, name="x_next"), T([1], "int32", data=[1], name="one"), T([1], "int32", name="i_next")]
    bops = [Op("LESS", [0, 2], [5]),
            Op("IF", [5, 1], [6], "IfOptions", {"then_subgraph_index": 3, "else_subgraph_index": 5}),
            binary("ADD", 0, 7, 8)]
    hb = handle(bt, bops, "count")
    bt.append(T([1], "int32", name="c"))
    bops.append(Op("READ_VARIABLE", [hb], [len(bt) - 1]))
    bt.append(T([1], "int32", name="c_next"))
    c_next = len(bt) - 1
    bops.append(binary("ADD", c_next - 1, 7, c_next))
    hb2 = handle(bt, bops, "count")
    bops.append(Op("ASSIGN_VARIABLE", [hb2, c_next], []))
    body = (bt, bops, [0, 1], [8, 6])
    k = values(rng, dtype, shape, small=True)
    then = ([T(shape, dtype, name="x"), T(shape, dtype, data=k, name="k"), T(shape, dtype, name="y")],
            [binary("ADD", 0, 1, 2)], [0], [2])
    other = ([T(shape, dtype, name="x"), T(shape, dtype, data=k, name="k"), T(shape, dtype, name="y")],
             [binary("SUB", 0, 1, 2)], [0], [2])
    it = []
    iops = []
    hi = handle(it, iops, "count")
    it.append(T([1], "int32", data=[int(rng.integers(0, 10))], name="count0"))
    iops.append(Op("ASSIGN_VARIABLE", [hi, len(it) - 1], []))
    init = (it, iops, [], [])
    model = build_multi_model([main, cond, body, then, init, other])
    invokes = int(rng.integers(3, 6))
    reset_at = int(rng.integers(1, invokes + 1))
    steps = []
    for s in range(invokes):
        start = np.array([int(rng.integers(-1, limit + 1))], dtype=np.int32)
        steps.append(([start, values(rng, dtype, shape)], s == reset_at))
    w.add_sequence_run("nested_while_if_var_%s_%s_lim%d_x%d_reset%d_%d" % (
        dtype, "x".join(map(str, shape)), limit, invokes, reset_at, i), model, steps)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    args = parse_args(parser, default_seed=1717)
    rng = np.random.default_rng(args.seed)
    w = CaseWriter("control_flow", seed=args.seed, generator=__file__)
    for i in range(24):
        if_case(w, rng, i)
    for i in range(24):
        while_case(w, rng, i)
    for i in range(24):
        variables_case(w, rng, i)
    for i in range(8):
        nested_case(w, rng, i)
    w.write()


if __name__ == "__main__":
    main()
