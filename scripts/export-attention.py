#!/usr/bin/env python3
"""Export the attention of a PyTorch model for Attention Lab.

One forward pass of the model is watched: every torch.nn.MultiheadAttention, and every module
that exposes query/key/value projections (children named q_proj/k_proj/v_proj, query/key/value
or q/k/v, as Hugging Face models have), gives its queries, keys and values per head. They are
written as a .safetensors file with the tensor names of docs/tensor-files.md:

    layers.{i}.Q  [H_q, n_q, d_k]    layers.{i}.K  [H_kv, n_k, d_k]    layers.{i}.V  [H_kv, n_k, d_v]

in the order the layers ran, plus the tokens (and "causal" when a causal mask was seen) in the
metadata. `attention-lab compute FILE --layer i` and File -> Open tensors... read it.

As a library (PyTorch is needed only here):

    spec = importlib.util.spec_from_file_location("export_attention", "scripts/export-attention.py")
    export_attention = importlib.util.module_from_spec(spec); spec.loader.exec_module(export_attention)
    export_attention.export(model, lambda: model(inputs), "attention.safetensors", tokens=[...])

From the command line (NumPy only): convert an .npz of the same names to .safetensors,

    scripts/export-attention.py arrays.npz attention.safetensors [--tokens a b c] [--causal]

Only the first item of a batch is kept. Rotary position embeddings are applied by many models
after their q/k projections: the Q and K captured from the projections are then the ones before
the rotation, and the weights the app computes differ from the model's.
"""

import argparse
import json
import struct
import sys

import numpy as np

_DTYPES = {np.dtype("<f8"): "F64", np.dtype("<f4"): "F32", np.dtype("<f2"): "F16"}


def write_safetensors(path, tensors, metadata=None):
    """Writes `tensors` (name -> NumPy array) and `metadata` (str -> str) as a .safetensors file.

    float64, float32 and float16 are kept; other types are stored as float64. The data starts on an
    8-byte boundary, the tensors in the given order without gaps (as the format's specification asks).
    """
    header = {}
    if metadata:
        header["__metadata__"] = {str(k): str(v) for k, v in metadata.items()}
    blobs, offset = [], 0
    for name, array in tensors.items():
        array = np.ascontiguousarray(array)
        if array.dtype.newbyteorder("<") not in _DTYPES:
            array = array.astype("<f8")
        array = array.astype(array.dtype.newbyteorder("<"), copy=False)
        raw = array.tobytes()
        header[name] = {"dtype": _DTYPES[array.dtype], "shape": list(array.shape),
                        "data_offsets": [offset, offset + len(raw)]}
        blobs.append(raw)
        offset += len(raw)
    text = json.dumps(header, ensure_ascii=False).encode("utf-8")
    text += b" " * (-(8 + len(text)) % 8)
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(text)))
        f.write(text)
        for raw in blobs:
            f.write(raw)


# --- capturing from PyTorch -------------------------------------------------------------------

_PROJECTIONS = (("q_proj", "k_proj", "v_proj"), ("query", "key", "value"), ("q", "k", "v"))


def _heads(x, heads, batch_first=True):
    """(N, L, H*d) or (L, N, H*d) -> (H, L, d) of the first batch item, as float64 NumPy."""
    x = x.detach()
    if x.dim() == 2:  # unbatched (L, H*d)
        x = x.unsqueeze(0)
    elif not batch_first:
        x = x.transpose(0, 1)
    n, length, width = x.shape
    if width % heads:
        raise ValueError(f"a projection of width {width} does not split into {heads} heads")
    return x[0].reshape(length, heads, width // heads).permute(1, 0, 2).double().cpu().numpy()


def _is_causal(mask, n_q, n_k):
    """True when `mask` (bool: True = hidden, or float: -inf = hidden) hides exactly the future keys."""
    import torch
    if mask is None:
        return False
    hidden = mask if mask.dtype == torch.bool else torch.isinf(mask) & (mask < 0)
    if hidden.shape[-2:] != (n_q, n_k):
        return False
    future = torch.ones(n_q, n_k, dtype=torch.bool, device=mask.device).triu(1 + n_k - n_q)
    return bool((hidden.reshape(-1, n_q, n_k) == future).all())


def _mha_qkv(module, args, kwargs):
    """Q, K, V per head of a torch.nn.MultiheadAttention call, from its inputs and weights."""
    import torch.nn.functional as F
    names = ("query", "key", "value")
    query, key, value = (args[i] if i < len(args) else kwargs[n] for i, n in enumerate(names))
    e, h = module.embed_dim, module.num_heads
    if module._qkv_same_embed_dim:
        w_q, w_k, w_v = module.in_proj_weight.split(e)
    else:
        w_q, w_k, w_v = module.q_proj_weight, module.k_proj_weight, module.v_proj_weight
    b_q = b_k = b_v = None
    if module.in_proj_bias is not None:
        b_q, b_k, b_v = module.in_proj_bias.split(e)
    batch_first = getattr(module, "batch_first", False)
    q = _heads(F.linear(query, w_q, b_q), h, batch_first)
    k = _heads(F.linear(key, w_k, b_k), h, batch_first)
    v = _heads(F.linear(value, w_v, b_v), h, batch_first)
    mask = kwargs.get("attn_mask", args[5] if len(args) > 5 else None)
    causal = bool(kwargs.get("is_causal", False)) or _is_causal(mask, q.shape[1], k.shape[1])
    return q, k, v, causal


def _count(module, *names, default=None):
    for holder in (module, getattr(module, "config", None)):
        for name in names:
            value = getattr(holder, name, None) if holder is not None else None
            if isinstance(value, int) and value > 0:
                return value
    return default


def capture(model, run):
    """Runs `run()` (one forward pass of `model`) and returns [(Q, K, V, causal), ...] per layer.

    The forward pass runs with gradients enabled, so that torch.nn.TransformerEncoderLayer takes its
    ordinary path through MultiheadAttention (its fused inference path would skip the module).
    """
    import torch
    layers, restore = [], []

    def watch_mha(module):
        original = module.forward

        def forward(*args, **kwargs):
            q, k, v, causal = _mha_qkv(module, args, kwargs)
            layers.append([q, k, v, causal])
            return original(*args, **kwargs)

        module.forward = forward
        restore.append(lambda: delattr(module, "forward"))

    def watch_projections(module, names):
        heads = _count(module, "num_heads", "num_attention_heads", "n_heads", "n_head")
        kv_heads = _count(module, "num_key_value_heads", "num_kv_heads", "n_kv_heads", default=heads)
        if heads is None:
            head_dim = _count(module, "head_dim", "attention_head_size")
            width = getattr(module, names[0]).out_features
            if head_dim is None:
                raise ValueError(f"{type(module).__name__}: cannot tell its number of heads")
            heads = kv_heads = width // head_dim
        slot = {}

        def hook(index, count):
            def run_hook(_module, _inputs, output):
                slot[index] = _heads(output, count)
                if len(slot) == 3:
                    layers.append([slot[0], slot[1], slot[2], False])
                    slot.clear()
            return run_hook

        for i, (name, count) in enumerate(zip(names, (heads, kv_heads, kv_heads))):
            restore.append(getattr(module, name).register_forward_hook(hook(i, count)).remove)

    for module in model.modules():
        if isinstance(module, torch.nn.MultiheadAttention):
            watch_mha(module)
            continue
        for names in _PROJECTIONS:
            if all(isinstance(getattr(module, n, None), torch.nn.Linear) for n in names):
                watch_projections(module, names)
                break
    if not restore:
        raise ValueError("the model has no torch.nn.MultiheadAttention and no module with q/k/v projections")
    try:
        with torch.enable_grad():
            run()
    finally:
        for undo in restore:
            undo()
    return layers


def export(model, run, path, tokens=None, query_tokens=None, key_tokens=None):
    """Captures every attention layer of one forward pass and writes them to `path` (.safetensors)."""
    layers = capture(model, run)
    if not layers:
        raise ValueError("no attention layer ran during the forward pass")
    tensors, metadata = {}, {}
    for i, (q, k, v, causal) in enumerate(layers):
        tensors[f"layers.{i}.Q"], tensors[f"layers.{i}.K"], tensors[f"layers.{i}.V"] = q, k, v
    if all(layer[3] for layer in layers):
        metadata["causal"] = "true"
    for key, value in (("tokens", tokens), ("query_tokens", query_tokens), ("key_tokens", key_tokens)):
        if value is not None:
            metadata[key] = json.dumps([str(t) for t in value], ensure_ascii=False)
    write_safetensors(path, tensors, metadata)
    return len(layers)


def main(argv):
    parser = argparse.ArgumentParser(description="Convert an .npz of Q, K, V (or layers.{i}.Q, ...) to .safetensors.")
    parser.add_argument("npz")
    parser.add_argument("out")
    parser.add_argument("--tokens", nargs="+")
    parser.add_argument("--causal", action="store_true")
    args = parser.parse_args(argv)
    with np.load(args.npz, allow_pickle=False) as arrays:
        tensors = {name: arrays[name] for name in arrays.files if arrays[name].dtype.kind == "f"}
    metadata = {"causal": "true"} if args.causal else {}
    if args.tokens:
        metadata["tokens"] = json.dumps(args.tokens, ensure_ascii=False)
    write_safetensors(args.out, tensors, metadata)
    print(f"{args.out}: {len(tensors)} tensors")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
