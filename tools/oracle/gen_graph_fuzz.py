"""The fixed regression set of whole-graph cases: random models of graph_fuzz.py (every op of the op table,
chains, branches, joins, type changes; see its docstring) run on TFLM, so that the oracle test covers whole
graphs without Python. Makes --count models of one seed, then keeps first the models that add an op not yet
covered (so that all 93 ops appear) and then the others in order, up to --max-bytes. A model TFLM refuses or
aborts on is a generator bug in graph_fuzz.py: it is skipped, counted and printed (the exit status is then 1),
never recorded.

Run: .venv/bin/python tools/oracle/gen_graph_fuzz.py [--seed N] [--out-dir DIR] [--count N]
  -> tests/oracle/data/graph_fuzz.cases (+ .provenance.txt)
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import graph_fuzz  # noqa: E402
from oracle_lib import CaseWriter, TflmAborted, TflmRefused, parse_args, run_tflm  # noqa: E402

DEFAULT_SEED = 15
DEFAULT_COUNT = 400
MAX_BYTES = 300 * 1024


def run_all(seed, count, max_ops):
    """[(case, op names)] of the models TFLM runs, and the number it refused."""
    ran, refused = [], 0
    for index in range(count):
        case = graph_fuzz.make_case(seed, index, max_ops)
        if case is None:
            continue
        name, model, inputs, op_names = case
        try:
            outputs = run_tflm(model, inputs)
        except (TflmAborted, TflmRefused) as e:
            refused += 1
            print("gen_graph_fuzz: generator bug: TFLM refuses %s: %s" % (name, str(e).splitlines()[0]),
                  file=sys.stderr)
            continue
        ran.append(((name, model, inputs, outputs), set(op_names)))
    return ran, refused


def select(ran, max_bytes):
    """Models adding an uncovered op first (in order), then the rest in order, within max_bytes of models."""
    covered, first, rest = set(), [], []
    for case, ops in ran:
        if ops - covered:
            covered |= ops
            first.append(case)
        else:
            rest.append(case)
    chosen, size = [], 0
    for case in first + rest:
        n = len(case[1]) + sum(a.nbytes for a in case[2]) + sum(a.nbytes for a in case[3])
        if size + n > max_bytes:
            continue
        chosen.append(case)
        size += n
    return sorted(chosen, key=lambda c: int(c[0].split("_m")[1].split("_")[0])), covered


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=DEFAULT_COUNT, help="models to make (default %(default)s)")
    parser.add_argument("--max-ops", type=int, default=10, help="ops per model at most (default %(default)s)")
    parser.add_argument("--max-bytes", type=int, default=MAX_BYTES, help="size budget (default %(default)s)")
    args = parse_args(parser, DEFAULT_SEED)
    ran, refused = run_all(args.seed, args.count, args.max_ops)
    chosen, covered = select(ran, args.max_bytes)
    w = CaseWriter("graph_fuzz", seed=args.seed, generator=__file__)
    for case in chosen:
        w.add(*case)
    w.write()
    print("gen_graph_fuzz: seed %d: %d models, %d kept, %d of %d ops covered, %d refused by TFLM" %
          (args.seed, len(ran) + refused, len(chosen), len(covered), len(graph_fuzz.SPECS), refused))
    return 1 if refused else 0


if __name__ == "__main__":
    sys.exit(main())
