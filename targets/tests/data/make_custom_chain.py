"""Writes custom_chain.tflite, the model of the on-target lifecycle tests (targets/tests/lifecycle_test.cc):

    t0 -> AddOne (custom options [1]) -> t1 -> AddOne ([2]) -> t2 -> AddOne ([3]) -> t3, float32 [1, 8] each

The same graph as the host's ChainModel(3, 8) (tests/unit/interpreter_test.cc). Built with the oracle's
FlatBuffers writer (tools/oracle/oracle_lib.py); run with the oracle's Python environment:

    .venv/bin/python targets/tests/data/make_custom_chain.py
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "..", "tools", "oracle"))
from oracle_lib import T, Op, multi_op_model  # noqa: E402

tensors = [T([1, 8], "float32", name="t%d" % i) for i in range(4)]
ops = [Op(None, [i], [i + 1], custom_code="AddOne", custom_options=bytes([i + 1])) for i in range(3)]
model = multi_op_model(tensors, ops)
with open(os.path.join(HERE, "custom_chain.tflite"), "wb") as f:
    f.write(model)
print("custom_chain.tflite: %d bytes" % len(model))
