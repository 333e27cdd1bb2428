#!/usr/bin/python3
"""scripts/export-attention.py against PyTorch's own attention weights.

A 2-layer torch.nn.TransformerEncoder (4 heads, d_model 32, seed 0) runs on 10 tokens through the
script; `attention-lab compute FILE --layer i` must give, for every layer and head, the weights
PyTorch returns with need_weights=True, average_attn_weights=False, to 1e-6, and outputs that the
layer's out_proj turns into PyTorch's attention output, to 1e-6. A second model, with
Hugging Face-style q_proj/k_proj/v_proj children and grouped K/V heads, checks the projection hooks.

    check_export_attention.py ATTENTION_LAB EXPORT_SCRIPT

A missing PyTorch or NumPy fails (exit 1) with a line saying what to install: never a silent pass.
"""
import importlib.util
import json
import math
import os
import subprocess
import sys
import tempfile

try:
    import numpy as np
    import torch
except ImportError as missing:
    print(f"check_export_attention: {missing.name} is missing for {sys.executable}: install Debian's "
          "python3-torch and python3-numpy (apt-get install python3-torch); this test does not pass without them",
          file=sys.stderr)
    sys.exit(1)

TOLERANCE = 1e-6


def load_script(path):
    spec = importlib.util.spec_from_file_location("export_attention", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def compute(app, path, layer):
    run = subprocess.run([app, "compute", path, "--layer", str(layer)], capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit(f"attention-lab compute {path} --layer {layer} failed ({run.returncode}): {run.stderr}")
    result = json.loads(run.stdout)
    return np.array(result["weights"], dtype=float), np.array(result["output"], dtype=float)


def worst(a, b):
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    if a.shape != b.shape:
        sys.exit(f"shapes differ: {a.shape} against {b.shape}")
    return float(np.max(np.abs(a - b)))


def check(name, difference):
    print(f"  {name}: largest difference {difference:.3g}")
    if not difference <= TOLERANCE:
        sys.exit(f"check_export_attention: {name} differs by {difference:.3g}, more than {TOLERANCE}")


def transformer_encoder(app, script, folder):
    torch.manual_seed(0)
    layer = torch.nn.TransformerEncoderLayer(d_model=32, nhead=4, dim_feedforward=64, dropout=0.0, batch_first=True)
    encoder = torch.nn.TransformerEncoder(layer, num_layers=2)
    encoder.eval()
    x = torch.randn(1, 10, 32)
    tokens = [f"t{i}" for i in range(10)]

    # PyTorch's own per-head weights and attention outputs, layer by layer.
    reference, h = [], x
    with torch.no_grad():
        for block in encoder.layers:
            out, weights = block.self_attn(h, h, h, need_weights=True, average_attn_weights=False)
            reference.append((weights[0].double().numpy(), out[0].double().numpy(), block.self_attn.out_proj))
            h = block(h)
        final = encoder(x)
    if worst(h, final) > 1e-5:
        sys.exit("the layer-by-layer reference does not reproduce the encoder's output")

    path = os.path.join(folder, "encoder.safetensors")
    count = script.export(encoder, lambda: encoder(x), path, tokens=tokens)
    if count != 2:
        sys.exit(f"expected 2 layers captured, got {count}")
    print(f"TransformerEncoder: 2 layers x 4 heads, 10 tokens -> {path}")
    for i, (weights, out, out_proj) in enumerate(reference):
        app_weights, app_output = compute(app, path, i)
        check(f"layer {i} weights [4, 10, 10]", worst(app_weights, weights))
        with torch.no_grad():
            projected = out_proj(torch.from_numpy(app_output).float()).double().numpy()
        check(f"layer {i} out_proj(output) [10, 32]", worst(projected, out))


class ProjectionAttention(torch.nn.Module):
    """Hugging Face-style attention: q_proj, k_proj, v_proj, 4 query heads on 2 K/V heads."""

    def __init__(self, d_model=12, num_heads=4, num_key_value_heads=2):
        super().__init__()
        self.num_heads, self.num_key_value_heads, self.head_dim = num_heads, num_key_value_heads, 3
        self.q_proj = torch.nn.Linear(d_model, num_heads * 3)
        self.k_proj = torch.nn.Linear(d_model, num_key_value_heads * 3)
        self.v_proj = torch.nn.Linear(d_model, num_key_value_heads * 3)

    def forward(self, x):
        n = x.shape[1]
        q = self.q_proj(x).view(1, n, self.num_heads, 3).transpose(1, 2)
        k = self.k_proj(x).view(1, n, self.num_key_value_heads, 3).transpose(1, 2)
        v = self.v_proj(x).view(1, n, self.num_key_value_heads, 3).transpose(1, 2)
        group = self.num_heads // self.num_key_value_heads
        k, v = k.repeat_interleave(group, dim=1), v.repeat_interleave(group, dim=1)
        self.weights = torch.softmax(q @ k.transpose(-1, -2) / math.sqrt(3), dim=-1)
        return (self.weights @ v).transpose(1, 2).reshape(1, n, -1)


def projection_model(app, script, folder):
    torch.manual_seed(1)
    model = torch.nn.Sequential(ProjectionAttention(), ProjectionAttention())
    x = torch.randn(1, 6, 12)
    path = os.path.join(folder, "projections.safetensors")
    script.export(model, lambda: model(x), path)
    with torch.no_grad():
        expected = model(x)
    print(f"q/k/v projections: 2 layers x 4 query heads on 2 K/V heads -> {path}")
    h = x
    for i, block in enumerate(model):
        with torch.no_grad():
            out = block(h)
        app_weights, app_output = compute(app, path, i)
        check(f"layer {i} weights [4, 6, 6]", worst(app_weights, block.weights[0].double().numpy()))
        check(f"layer {i} output [6, 12]", worst(app_output, out[0].double().numpy()))
        h = out
    if worst(h, expected) > 1e-6:
        sys.exit("the projection model's output changed while it was watched")


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: check_export_attention.py ATTENTION_LAB EXPORT_SCRIPT")
    app, script = sys.argv[1], load_script(sys.argv[2])
    print(f"PyTorch {torch.__version__}, NumPy {np.__version__}")
    with tempfile.TemporaryDirectory() as folder:
        transformer_encoder(app, script, folder)
        projection_model(app, script, folder)
    print("check_export_attention: every weight and output agrees with PyTorch")


if __name__ == "__main__":
    main()
