#!/usr/bin/python3
"""Reads a .safetensors file by the format's specification, independently of the app, and prints it
as JSON: {"tensors": {name: {"dtype", "shape", "offsets", "hex"}}, "metadata": {…}, "torch": bool}.
It checks what the specification demands (a JSON header of UTF-8 text, string metadata, offsets that
cover the data exactly once). With PyTorch installed every tensor is also built by torch.frombuffer
and compared with NumPy's view of the same bytes. Used by tests/ui/io/tst_safetensors.cpp."""

import json
import struct
import sys

import numpy as np

NUMPY = {"F64": "<f8", "F32": "<f4", "F16": "<f2"}


def main(path):
    data = open(path, "rb").read()
    (length,) = struct.unpack_from("<Q", data, 0)
    header = json.loads(data[8:8 + length].decode("utf-8"))
    metadata = header.pop("__metadata__", {}) or {}
    assert all(isinstance(v, str) for v in metadata.values()), "metadata values must be strings"
    body = data[8 + length:]
    try:
        import torch
        to_torch = {"F64": torch.float64, "F32": torch.float32, "F16": torch.float16}
    except ImportError:
        torch = None
    tensors = {}
    covered = 0
    for name, info in sorted(header.items(), key=lambda item: item[1]["data_offsets"]):
        begin, end = info["data_offsets"]
        assert begin == covered, "%s: data_offsets %s leave a hole or overlap" % (name, info["data_offsets"])
        covered = end
        raw = body[begin:end]
        array = np.frombuffer(raw, dtype=NUMPY[info["dtype"]]).reshape(info["shape"])
        if torch is not None:
            if raw:
                tensor = torch.frombuffer(bytearray(raw), dtype=to_torch[info["dtype"]]).reshape(info["shape"])
            else:
                tensor = torch.empty(info["shape"], dtype=to_torch[info["dtype"]])
            assert np.array_equal(tensor.numpy(), array, equal_nan=True), name
        tensors[name] = {"dtype": info["dtype"], "shape": list(array.shape), "offsets": [begin, end],
                         "hex": raw.hex()}
    assert covered == len(body), "bytes after the last tensor"
    print(json.dumps({"tensors": tensors, "metadata": metadata, "torch": torch is not None}))


if __name__ == "__main__":
    main(sys.argv[1])
