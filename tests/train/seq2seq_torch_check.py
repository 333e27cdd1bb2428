#!/usr/bin/python3
"""Cross-checks the RNN encoder-decoder against PyTorch in float64.

    seq2seq_torch_check.py DIR

DIR holds one folder per case, written by the core.seq2seq_torch test:
  case.json     the model configuration, the examples, the engine's loss and the tensor table
                (name, shape, offset in values)
  params.f64    every parameter, little-endian float64, in the table's order
  grads.f64     the engine's dLoss/dparameters, same layout

The model is rebuilt here with torch.nn.GRUCell for the encoder (both directions) and the decoder,
loaded with the engine's weights, and PyTorch's own operations for the rest (tanh, sigmoid, softmax,
cross_entropy); the loss and every gradient come from autograd. Every difference must be at most
1e-9. Writes DIR/result.json and prints one line per case; exit status 0 when everything agrees,
1 when something differs, 3 when PyTorch is missing.
"""
import json
import math
import os
import sys

try:
    import torch
    import torch.nn.functional as F
except ImportError as error:  # say so plainly: a missing torch must never look like a pass
    print("seq2seq_torch_check: PyTorch is not installed for %s (%s); on Debian install python3-torch"
          % (sys.executable, error), file=sys.stderr)
    sys.exit(3)

TOLERANCE = 1e-9


def read_f64(path, count):
    data = torch.frombuffer(bytearray(open(path, "rb").read()), dtype=torch.float64)
    if data.numel() != count:
        raise ValueError("%s holds %d values, expected %d" % (path, data.numel(), count))
    return data


def gru_cell(prefix, tensors, input_size, hidden):
    """A torch.nn.GRUCell holding the engine's weights of `prefix`."""
    cell = torch.nn.GRUCell(input_size, hidden, dtype=torch.float64)
    with torch.no_grad():
        for name in ("weight_ih", "weight_hh", "bias_ih", "bias_hh"):
            getattr(cell, name).copy_(tensors[prefix + "." + name])
    return cell


def attend(c, P, keys, q):
    """One step's context from query q (K) over keys (S, K), as seq2seqconfig.h defines it."""
    S = keys.shape[0]
    lo, hi = 0, S - 1
    D = c["local_window"]
    if D > 0:
        u = P["attention.v_p"] @ torch.tanh(P["attention.W_p"] @ q)
        p = S * torch.sigmoid(u)
        centre = min(max(int(math.floor(p.item() + 0.5)), 0), S - 1)  # round half away from 0 (p >= 0)
        lo, hi = max(0, centre - D), min(S - 1, centre + D)
    k = keys[lo:hi + 1]
    if c["score"] == "additive":
        scores = torch.tanh(k @ P["attention.U_a"].T + P["attention.W_a"] @ q) @ P["attention.v_a"]
    elif c["score"] == "dot":
        scores = k @ q
    else:
        scores = (k @ P["attention.W_a"].T) @ q
    weights = F.softmax(scores, dim=0)
    if D > 0:
        sigma = D / 2.0
        j = torch.arange(lo, hi + 1, dtype=torch.float64)
        weights = weights * torch.exp(-(j - p) ** 2 / (2 * sigma * sigma))
    return weights @ k


def model_loss(c, P, cells, examples):
    H = c["hidden"]
    K = 2 * H if c["bidirectional"] else H
    bahdanau = (not c["attention"]) or c["score"] == "additive"
    total, tokens = 0, 0
    for ex in examples:
        src, tgt = ex["source"], ex["target"]
        S = len(src)
        x = P["source_embed.weight"][src]  # (S, E)
        h = torch.zeros(1, H, dtype=torch.float64)
        forward = []
        for j in range(S):
            h = cells["encoder"](x[j:j + 1], h)
            forward.append(h[0])
        states = torch.stack(forward)  # (S, H)
        summary = forward[-1]
        if c["bidirectional"]:
            h = torch.zeros(1, H, dtype=torch.float64)
            reverse = [None] * S
            for j in reversed(range(S)):
                h = cells["encoder_reverse"](x[j:j + 1], h)
                reverse[j] = h[0]
            states = torch.cat([states, torch.stack(reverse)], dim=1)  # (S, 2H)
            summary = torch.cat([summary, reverse[0]])
        s = torch.tanh(P["bridge.weight"] @ summary + P["bridge.bias"])
        prev = c["bos_token"]
        for t, y in enumerate(tgt):
            e = P["target_embed.weight"][prev]
            if bahdanau:
                context = attend(c, P, states, s) if c["attention"] else summary
                s = cells["decoder"](torch.cat([e, context])[None], s[None])[0]
                features = torch.cat([s, context])
            else:
                s = cells["decoder"](e[None], s[None])[0]
                context = attend(c, P, states, s)
                features = torch.tanh(P["combine.weight"] @ torch.cat([context, s]) + P["combine.bias"])
            logits = P["output.weight"] @ features + P["output.bias"]
            total = total + F.cross_entropy(logits[None], torch.tensor([y]), reduction="sum")
            tokens += 1
            prev = y
    return total / tokens


def check(folder):
    case = json.load(open(os.path.join(folder, "case.json")))
    c = case["config"]
    table = case["tensors"]
    count = sum(math.prod(t["shape"]) for t in table)
    params = read_f64(os.path.join(folder, "params.f64"), count)
    grads = read_f64(os.path.join(folder, "grads.f64"), count)
    P, engine_grads = {}, {}
    for t in table:
        size = math.prod(t["shape"])
        P[t["name"]] = params[t["offset"]:t["offset"] + size].view(*t["shape"]).clone().requires_grad_(True)
        engine_grads[t["name"]] = grads[t["offset"]:t["offset"] + size].view(*t["shape"])
    H, E = c["hidden"], c["embed_dim"]
    K = 2 * H if c["bidirectional"] else H
    bahdanau = (not c["attention"]) or c["score"] == "additive"
    cells = {"encoder": gru_cell("encoder", P, E, H),
             "decoder": gru_cell("decoder", P, E + K if bahdanau else E, K)}
    if c["bidirectional"]:
        cells["encoder_reverse"] = gru_cell("encoder_reverse", P, E, H)
    loss = model_loss(c, P, cells, case["examples"])
    loss.backward()
    result = {"loss_error": abs(loss.item() - case["loss"]), "tensors": {}}
    for name in P:
        prefix, _, field = name.partition(".")
        if prefix in cells:
            g = getattr(cells[prefix], field).grad
        else:
            g = P[name].grad
        if g is None:
            g = torch.zeros_like(P[name])
        result["tensors"][name] = (g - engine_grads[name]).abs().max().item()
    return result


def main():
    root = sys.argv[1]
    results, ok = {}, True
    for name in sorted(os.listdir(root)):
        folder = os.path.join(root, name)
        if not os.path.isdir(folder):
            continue
        r = check(folder)
        results[name] = r
        worst = max([r["loss_error"]] + list(r["tensors"].values()))
        good = worst <= TOLERANCE
        ok = ok and good
        print("%-36s %s  largest difference %.2e over loss and %d tensors"
              % (name, "ok  " if good else "DIFF", worst, len(r["tensors"])))
    json.dump(results, open(os.path.join(root, "result.json"), "w"), indent=1)
    return 0 if ok else 1


if __name__ == "__main__":
    torch.set_default_dtype(torch.float64)
    sys.exit(main())
