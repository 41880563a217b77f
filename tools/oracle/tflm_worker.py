"""Child process for oracle_lib.run_tflm: runs models on TFLM so that TFLM aborting kills only this process.

Started by oracle_lib (`python tflm_worker.py`), never by hand. Protocol on stdin/stdout: the worker first writes
b"ready" (TFLM imported), then answers each request; every message is a little-endian u32 length followed by
a pickle:
    request:  (model_bytes, steps, n_outputs, arena_size); steps: [([input arrays, already reshaped to the
              tensors' shapes], reset_before)], all invoked in order on one interpreter
    reply:    ("ok", [[output arrays] per step]) or ("error", "ExceptionType: message") when TFLM raises
The worker serves requests until stdin closes. TFLM aborting (an assert, a segfault) ends the process with a
signal; the parent sees the pipe close, records the signal and starts a new worker for the next request.
Anything TFLM prints goes to stderr: stdout carries only the protocol.
"""

import os
import pickle
import struct
import sys


def _read_exact(f, n):
    data = b""
    while len(data) < n:
        chunk = f.read(n - len(data))
        if not chunk:
            return None
        data += chunk
    return data


def main():
    # Keep the protocol on a private copy of stdout; fd 1 (where C code prints) now goes to stderr.
    proto_out = os.fdopen(os.dup(1), "wb", buffering=0)
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    proto_in = os.fdopen(os.dup(0), "rb", buffering=0)

    import numpy as np
    from tflite_micro.python.tflite_micro import runtime

    proto_out.write(b"ready")
    while True:
        header = _read_exact(proto_in, 4)
        if header is None:
            return
        (n,) = struct.unpack("<I", header)
        model_bytes, steps, n_outputs, arena_size = pickle.loads(_read_exact(proto_in, n))
        try:
            interp = runtime.Interpreter.from_bytes(model_bytes, arena_size=arena_size)
            outputs = []
            for inputs, reset_before in steps:
                if reset_before:
                    interp.reset()
                for i, arr in enumerate(inputs):
                    interp.set_input(arr, i)
                interp.invoke()
                outputs.append([np.array(interp.get_output(i), copy=True) for i in range(n_outputs)])
            reply = ("ok", outputs)
            del interp
        except Exception as e:  # TFLM refused the model: the parent decides what that means
            reply = ("error", "%s: %s" % (type(e).__name__, e))
        data = pickle.dumps(reply, protocol=pickle.HIGHEST_PROTOCOL)
        proto_out.write(struct.pack("<I", len(data)) + data)


if __name__ == "__main__":
    main()
