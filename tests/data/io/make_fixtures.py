#!/usr/bin/python3
"""Writes the tensor-file fixtures of tests/ui/io/ with NumPy (and checks bfloat16 against PyTorch
when it is installed). Run once from anywhere with Debian's python3-numpy:

    /usr/bin/python3 tests/data/io/make_fixtures.py

and commit the outputs: the tests read these files and never need Python. Each file's values are
written here and repeated by hand in the tests. The .safetensors files come from the small writer
below, which follows the format's specification (an 8-byte little-endian header length, a JSON
header, the data), because the safetensors package is not in Debian."""

import json
import os
import struct
import zipfile

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))


def path(name):
    return os.path.join(HERE, name)


def write_safetensors(name, tensors, metadata=None):
    """tensors: list of (name, dtype code, shape, raw little-endian bytes), stored in this order."""
    header = {}
    offset = 0
    for tensor_name, code, shape, raw in tensors:
        header[tensor_name] = {"dtype": code, "shape": list(shape), "data_offsets": [offset, offset + len(raw)]}
        offset += len(raw)
    if metadata:
        header["__metadata__"] = metadata
    text = json.dumps(header, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    text += b" " * (-(8 + len(text)) % 8)  # the data starts on an 8-byte boundary
    with open(path(name), "wb") as f:
        f.write(struct.pack("<Q", len(text)))
        f.write(text)
        for _, _, _, raw in tensors:
            f.write(raw)


def bfloat16_bits(values):
    """float32 → bfloat16 bits, rounding to nearest even (NaN stays a quiet NaN)."""
    bits = np.asarray(values, dtype="<f4").view("<u4").astype(np.uint64)
    rounded = ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16).astype("<u2")
    nan = np.isnan(np.asarray(values, dtype="<f4"))
    rounded[nan] = ((bits[nan] >> 16) | 0x40).astype("<u2")
    return rounded


def main():
    # --- .npy files that are read ---
    np.save(path("float64.npy"), np.array([[0.5, -0.0, 5e-324], [1e308, -2.25, 0.1]], dtype="<f8"))
    np.save(path("float32-batch.npy"),
            np.array([[[1.0, -1.5, 0.1], [3.4028235e38, 1.17549435e-38, 1e-45]]], dtype="<f4"))
    half_bits = np.array([0x0000, 0x8000, 0x0001, 0x03FF, 0x0400, 0x3C00, 0x3555, 0x7BFF, 0x7C00, 0xFC00,
                          0x7E00, 0xC000, 0x8001], dtype="<u2")
    np.save(path("float16.npy"), half_bits.view("<f2"))
    np.save(path("float16-as-float64.npy"), half_bits.view("<f2").astype("<f8"))  # NumPy's own conversion
    np.save(path("fortran.npy"), np.asfortranarray(np.arange(24, dtype="<f8").reshape(2, 3, 4)))
    for version in (2, 3):
        with open(path("version%d.npy" % version), "wb") as f:
            np.lib.format.write_array(f, np.array([1.0, 2.0, 3.0], dtype="<f4"), version=(version, 0))
    np.save(path("scalar.npy"), np.array(2.5, dtype="<f8"))
    np.save(path("empty.npy"), np.zeros((0, 3), dtype="<f8"))

    # --- .npy files that are refused ---
    np.save(path("big-endian.npy"), np.array([1.0, 2.0], dtype=">f8"))
    np.save(path("int64.npy"), np.array([1, 2, 3], dtype="<i8"))
    np.save(path("bool.npy"), np.array([True, False]))
    np.save(path("complex.npy"), np.array([1 + 2j], dtype="<c16"))
    np.save(path("structured.npy"), np.zeros(2, dtype=[("x", "<f4"), ("y", "<f4")]))

    # --- .npz archives that are read ---
    q = (np.arange(24, dtype="<f4").reshape(2, 3, 4) - 12) / 8
    k = np.array([[[0.25, -1.0, 2.0, 0.0]] * 3] * 2, dtype="<f8")
    tokens = np.array(["the", "cat", "她"])
    np.savez(path("stored.npz"), Q=q, K=k, tokens=tokens)
    np.savez_compressed(path("compressed.npz"), **{"layers.0.Q": q, "layers.0.K": k,
                                                   "layers.0.V": np.ones((2, 3, 5), dtype="<f2"),
                                                   "tokens": tokens})

    # --- .npz archives that are refused ---
    def npy_bytes(array):
        import io
        buffer = io.BytesIO()
        np.lib.format.write_array(buffer, array)
        return buffer.getvalue()

    small = npy_bytes(np.array([1.0, 2.0], dtype="<f8"))
    with zipfile.ZipFile(path("duplicate.npz"), "w") as z:
        z.writestr("Q.npy", small)
        import warnings
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # zipfile warns about the repeated name: that is the point
            z.writestr("Q.npy", small)
    with zipfile.ZipFile(path("not-npy-member.npz"), "w") as z:
        z.writestr("Q.npy", small)
        z.writestr("readme.txt", b"hello")
    np.savez(path("int-member.npz"), Q=np.array([1.0], dtype="<f8"), mask=np.array([[1, 0]], dtype="<i8"))
    with zipfile.ZipFile(path("bzip2.npz"), "w", compression=zipfile.ZIP_BZIP2) as z:
        z.writestr("Q.npy", small)
    # 8 MiB of zeros deflate to a few KiB: a test lowers the expansion limit to 1 MiB.
    with zipfile.ZipFile(path("expands.npz"), "w", compression=zipfile.ZIP_DEFLATED) as z:
        z.writestr("Q.npy", npy_bytes(np.zeros(1 << 20, dtype="<f8")))
    # A directory that understates a deflated member's size (local header and central directory alike).
    with zipfile.ZipFile(path("lying-size.npz"), "w", compression=zipfile.ZIP_DEFLATED) as z:
        z.writestr("Q.npy", npy_bytes(np.zeros(64, dtype="<f8")))
    data = bytearray(open(path("lying-size.npz"), "rb").read())
    true_size = len(npy_bytes(np.zeros(64, dtype="<f8")))
    for signature, size_at in ((b"PK\x03\x04", 22), (b"PK\x01\x02", 24)):
        at = data.index(signature)
        assert struct.unpack_from("<I", data, at + size_at)[0] == true_size
        struct.pack_into("<I", data, at + size_at, 100)
    open(path("lying-size.npz"), "wb").write(bytes(data))
    # The "encrypted" flag (bit 0) set on a stored member, in both headers.
    with zipfile.ZipFile(path("encrypted.npz"), "w") as z:
        z.writestr("Q.npy", small)
    data = bytearray(open(path("encrypted.npz"), "rb").read())
    for signature, flags_at in ((b"PK\x03\x04", 6), (b"PK\x01\x02", 8)):
        at = data.index(signature)
        struct.pack_into("<H", data, at + flags_at, struct.unpack_from("<H", data, at + flags_at)[0] | 1)
    open(path("encrypted.npz"), "wb").write(bytes(data))

    # --- .safetensors: a checkpoint with every dtype and string metadata ---
    w = np.array([[0.5, -0.0, 5e-324], [1e308, -2.25, 0.1]], dtype="<f8")
    b = np.array([1.0, -1.5, 0.1, 1e-45], dtype="<f4")
    h = half_bits.view("<f2")
    bf_source = np.array([1.0, 0.1, -3.0e38, 1e-40, np.inf, -np.inf, 65504.0, 3.3895314e38], dtype="<f4")
    bf = bfloat16_bits(bf_source)
    bf_as_f64 = (bf.astype(np.uint32) << 16).view("<f4").astype("<f8")
    try:
        import torch
        from_torch = torch.from_numpy(bf_source.copy()).to(torch.bfloat16)
        assert (from_torch.view(torch.int16).numpy().view("<u2") == bf).all(), "bfloat16 rounding differs from PyTorch"
        assert (from_torch.to(torch.float64).numpy() == bf_as_f64).all(), "bfloat16 values differ from PyTorch"
        print("bfloat16 bits and values agree with PyTorch", torch.__version__)
    except ImportError:
        print("PyTorch is not installed: bfloat16 bits from NumPy only")
    write_safetensors("checkpoint.safetensors", [
        ("layers.0.W_q", "F64", w.shape, w.tobytes()),
        ("layers.0.b_q", "F32", b.shape, b.tobytes()),
        ("half", "F16", h.shape, h.tobytes()),
        ("bf", "BF16", bf.shape, bf.tobytes()),
        ("bf_as_f64", "F64", bf_as_f64.shape, bf_as_f64.tobytes()),
        ("empty", "F32", (0, 4), b""),
    ], metadata={"task": "induction", "step": "1200", "seed": "7", "tokens": json.dumps(["the", "cat", "她"], ensure_ascii=False)})
    # A batch of one and a name with a dot and a Chinese character; no metadata.
    x = np.arange(6, dtype="<f4").reshape(1, 2, 3) / 4
    write_safetensors("batch.safetensors", [("attention.她", "F32", x.shape, x.tobytes())])

    for name in sorted(os.listdir(HERE)):
        if not name.endswith(".py"):
            print("%-26s %6d bytes" % (name, os.path.getsize(path(name))))


if __name__ == "__main__":
    main()
