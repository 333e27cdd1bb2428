#!/usr/bin/python3
"""Cross-checks the training engine against PyTorch in float64.

    torch_check.py DIR

DIR holds one folder per case, each written by the core.train_torch test:
  case.json     the model configuration, the batch, the engine's loss, the tensor table
                (name, shape, offset in values) and the optimiser settings
  params.f64    every parameter, little-endian float64, in the table's order
  grads.f64     the engine's dLoss/dparameters, same layout
  stepped.f64   the parameters after `adamw.steps` AdamW steps with those gradients, clipped

The model is rebuilt here from the same equations with PyTorch's own operations (layer_norm,
gelu, softmax over a causally masked score matrix, cross_entropy), its loss and gradients come
from autograd, and the optimiser steps from torch.nn.utils.clip_grad_norm_ and torch.optim.AdamW.
Every difference must be at most 1e-9. Writes DIR/result.json and prints one line per case;
exit status 0 when everything agrees, 1 when something differs, 3 when PyTorch is missing.
"""
import json
import math
import os
import sys

try:
    import torch
    import torch.nn.functional as F
except ImportError as error:  # say so plainly: a missing torch must never look like a pass
    print("torch_check: PyTorch is not installed for %s (%s); on Debian install python3-torch "
          "(scripts/setup does)" % (sys.executable, error), file=sys.stderr)
    sys.exit(3)

TOLERANCE = 1e-9


def read_f64(path, count):
    data = torch.frombuffer(bytearray(open(path, "rb").read()), dtype=torch.float64)
    if data.numel() != count:
        raise ValueError("%s holds %d values, expected %d" % (path, data.numel(), count))
    return data


def tensors_of(flat, table):
    return {t["name"]: flat[t["offset"]:t["offset"] + math.prod(t["shape"])].view(*t["shape"]).clone()
            for t in table}


def rope(x, base):
    """Rotary embedding, half-split pairs: x (B, H, T, hd)."""
    T, hd = x.shape[-2], x.shape[-1]
    half = hd // 2
    pos = torch.arange(T, dtype=torch.float64)[:, None]
    freq = base ** (-2.0 * torch.arange(half, dtype=torch.float64) / hd)
    theta = pos * freq[None, :]  # (T, hd/2)
    cos, sin = torch.cos(theta), torch.sin(theta)
    a, b = x[..., :half], x[..., half:]
    return torch.cat([a * cos - b * sin, a * sin + b * cos], dim=-1)


def loss_of(P, cfg, tokens, targets, mask):
    B, T = tokens.shape
    d, H, hd, V = cfg["d_model"], cfg["num_heads"], cfg["head_dim"], cfg["vocab_size"]
    eps = cfg["layer_norm_eps"]
    ln = cfg["layer_norm"]

    def norm(x, name):
        return F.layer_norm(x, (d,), P[name + ".weight"], P[name + ".bias"], eps) if ln else x

    h = P["embed.weight"][tokens]  # (B, T, d)
    if cfg["positional"] == "learned":
        h = h + P["pos_embed.weight"][:T]
    visible = torch.ones(T, T, dtype=torch.bool).tril()
    for layer in range(cfg["num_layers"]):
        p = "layers.%d." % layer
        a = norm(h, p + "ln1")
        q, k, v = (
            (a @ P[p + "attn." + w]).view(B, T, H, hd).transpose(1, 2) for w in ("W_q", "W_k", "W_v"))
        if cfg["positional"] == "rope":
            q, k = rope(q, cfg["rope_base"]), rope(k, cfg["rope_base"])
        scores = (q @ k.transpose(-1, -2)) / math.sqrt(hd)  # (B, H, T, T)
        weights = torch.softmax(scores.masked_fill(~visible, float("-inf")), dim=-1)
        z = (weights @ v).transpose(1, 2).reshape(B, T, H * hd)
        h = h + z @ P[p + "attn.W_o"]
        if cfg["mlp"]:
            u = norm(h, p + "ln2") @ P[p + "mlp.W_in"] + P[p + "mlp.b_in"]
            h = h + F.gelu(u) @ P[p + "mlp.W_out"] + P[p + "mlp.b_out"]
    logits = norm(h, "ln_final") @ P["unembed.weight"]  # (B, T, V)
    losses = F.cross_entropy(logits.reshape(-1, V), targets.reshape(-1), reduction="none")
    m = mask.reshape(-1).to(torch.float64)
    return (losses * m).sum() / m.sum()


def check_case(folder):
    case = json.load(open(os.path.join(folder, "case.json")))
    cfg, table = case["config"], case["tensors"]
    count = sum(math.prod(t["shape"]) for t in table)
    P = tensors_of(read_f64(os.path.join(folder, "params.f64"), count), table)
    G = tensors_of(read_f64(os.path.join(folder, "grads.f64"), count), table)
    batch = case["batch"]
    shape = (batch["batch_size"], batch["seq_len"])
    tokens = torch.tensor(batch["tokens"], dtype=torch.long).view(shape)
    targets = torch.tensor(batch["targets"], dtype=torch.long).view(shape)
    mask = torch.tensor(batch["loss_mask"], dtype=torch.long).view(shape)

    params = {name: t.clone().requires_grad_(True) for name, t in P.items()}
    loss = loss_of(params, cfg, tokens, targets, mask)
    loss.backward()
    result = {"loss": loss.item(), "loss_error": abs(loss.item() - case["loss"]), "tensors": {}}
    for t in table:
        grad = params[t["name"]].grad
        if grad is None:
            grad = torch.zeros_like(P[t["name"]])
        result["tensors"][t["name"]] = (grad - G[t["name"]]).abs().max().item()

    # The optimiser: clip to max_norm, then AdamW with decay on the matrices only.
    opt = case["adamw"]
    stepped = tensors_of(read_f64(os.path.join(folder, "stepped.f64"), count), table)
    leaves = {name: t.clone().requires_grad_(True) for name, t in P.items()}
    groups = [
        {"params": [leaves[t["name"]] for t in table if t["decay"]], "weight_decay": opt["weight_decay"]},
        {"params": [leaves[t["name"]] for t in table if not t["decay"]], "weight_decay": 0.0},
    ]
    adamw = torch.optim.AdamW(groups, lr=opt["learning_rate"], betas=(opt["beta1"], opt["beta2"]),
                              eps=opt["eps"])
    for _ in range(opt["steps"]):
        for t in table:
            leaves[t["name"]].grad = G[t["name"]].clone()
        torch.nn.utils.clip_grad_norm_([leaves[t["name"]] for t in table], opt["max_norm"])
        adamw.step()
    result["adamw_error"] = max((leaves[t["name"]].detach() - stepped[t["name"]]).abs().max().item()
                                for t in table)
    return result


def main():
    if len(sys.argv) != 2 or not os.path.isdir(sys.argv[1]):
        print("usage: torch_check.py DIR (folders of cases written by the core.train_torch test)",
              file=sys.stderr)
        return 2
    root = sys.argv[1]
    torch.set_num_threads(1)
    results, ok = {}, True
    for name in sorted(os.listdir(root)):
        folder = os.path.join(root, name)
        if not os.path.isfile(os.path.join(folder, "case.json")):
            continue
        r = check_case(folder)
        worst_name, worst = max(r["tensors"].items(), key=lambda kv: kv[1])
        good = r["loss_error"] <= TOLERANCE and worst <= TOLERANCE and r["adamw_error"] <= TOLERANCE
        ok = ok and good
        print("%s %s: loss %.12f (|diff| %.1e), %d gradients (worst %s %.1e), AdamW %.1e" %
              ("ok  " if good else "FAIL", name, r["loss"], r["loss_error"], len(r["tensors"]), worst_name,
               worst, r["adamw_error"]))
        results[name] = r
    if not results:
        print("torch_check: no case folder in %s" % root, file=sys.stderr)
        return 2
    json.dump(results, open(os.path.join(root, "result.json"), "w"), indent=1)
    print("torch_check: torch %s, %d cases, tolerance %.0e: %s" %
          (torch.__version__, len(results), TOLERANCE, "all agree" if ok else "DIFFERENCES"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
