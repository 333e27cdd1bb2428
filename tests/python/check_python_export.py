#!/usr/bin/python3
"""Every scenario the app ships, as a NumPy script, checks the app's every number.

`attention-lab export --format py` writes the script of every preset, of every lesson step's
scenario, of every reference case in tests/data/cases (the cases the app refuses, "error-…", must
be refused with exit 2 and one line instead) and of seeded random scenarios that combine today's
features (softcap, sinks, partial rotary, ALiBi, document and prefix masks, additive scores, raw
scores) in every dtype, large enough (d_k 32) that the order of a float32 sum shows in the result. Each script rebuilds its scenario
with NumPy alone and asserts the app's weights and outputs to 1e-9: a second implementation, in
another language. The scripts run in this process, one after the other (importing NumPy once).

    check_python_export.py ATTENTION_LAB CASES_DIR

A missing NumPy fails (exit 1) with a line saying what to install.
"""
import contextlib
import glob
import io
import json
import os
import random
import runpy
import subprocess
import sys
import tempfile
import time

try:
    import numpy  # noqa: F401  (the scripts import it; check it is there first)
except ImportError:
    print(f"check_python_export: NumPy is missing for {sys.executable}: install Debian's python3-numpy; "
          "this test does not pass without it", file=sys.stderr)
    sys.exit(1)


def random_scenarios(seed=20261202):
    """Seeded scenarios (n_q = n_k = 20, d_k = 32, 4 query heads over 2 K/V heads) that use
    several of today's features at once, each in float64, float32, float16 and bfloat16."""
    rng = random.Random(seed)
    n, d_k, d_v, h_q, h_kv = 20, 32, 3, 4, 2

    def matrix(rows, cols, spread=1.0):
        return [[round(rng.gauss(0.0, spread), 6) for _ in range(cols)] for _ in range(rows)]

    variants = {
        "rope-partial-softcap-sinks": {
            "positional": {"kind": "rope", "rope_layout": "interleaved", "rotary_dim": 16},
            "softcap": 5.0, "sinks": [0.5, -1.0, 2.0, 0.0], "mask": {"causal": True}},
        "rope-half-documents-prefix": {
            "positional": {"kind": "rope", "rope_layout": "half_split", "rotary_dim": 8, "rope_base": 500.0},
            "mask": {"causal": True, "prefix_length": 5,
                     "document_ids": [0] * 7 + [1] * 9 + [2] * 4}},
        "alibi-softcap-window": {
            "positional": {"kind": "alibi"}, "softcap": 3.0, "temperature": 0.7,
            "mask": {"causal": True, "window": {"left": 6}, "all_masked_rows": "zero"}},
        "additive-sinks": {
            "score": "additive", "sinks": [1.0, 0.0, -0.5, 3.0],
            "additive": {"W_q": matrix(6, d_k, 0.3), "W_k": matrix(6, d_k, 0.3),
                         "v": [round(rng.gauss(0.0, 1.0), 6) for _ in range(6)]},
            "mask": {"key_padding": [True] * 17 + [False] * 3}},
    }
    scenarios = {}
    for name, extra in variants.items():
        base = {"format": "attention-lab.scenario", "version": 1, "title": f"random {name}",
                "heads": {"query": h_q, "kv": h_kv}, "Q": matrix(n, h_q * d_k, 1.5),
                "K": matrix(n, h_kv * d_k, 1.5), "V": matrix(n, h_kv * d_v)}
        base.update(extra)
        for dtype in ("float64", "float32", "float16", "bfloat16"):
            scenarios[f"random-{name}-{dtype}"] = dict(base, dtype=dtype)
    raw = {"format": "attention-lab.scenario", "version": 1, "title": "random raw scores",
           "scores": [matrix(n, n, 4.0)], "V": matrix(n, d_v), "softcap": 2.5, "sinks": [0.25],
           "mask": {"causal": True, "prefix_length": 3}}
    for dtype in ("float64", "float32", "float16", "bfloat16"):
        scenarios[f"random-raw-scores-{dtype}"] = dict(raw, dtype=dtype)
    return scenarios


def run_script(path):
    """Runs a written script in this process: None when every number agrees, else why not."""
    output = io.StringIO()
    try:
        with contextlib.redirect_stdout(output):
            runpy.run_path(path, run_name="__main__")
    except SystemExit as stop:
        if stop.code not in (None, 0):
            return str(stop.code)
    if "every number agrees" not in output.getvalue():
        return f"did not finish: {output.getvalue()[-300:]}"
    return None


def export(app, *arguments):
    run = subprocess.run([app, "export", "--format", "py", *arguments], capture_output=True, text=True)
    return run.returncode, run.stdout.split("\n"), run.stderr


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: check_python_export.py ATTENTION_LAB CASES_DIR")
    app, cases = sys.argv[1], sys.argv[2]
    started = time.monotonic()
    scripts = []
    with tempfile.TemporaryDirectory() as folder:
        for kind in ("preset", "lesson"):
            out = os.path.join(folder, kind)
            code, lines, err = export(app, "--out", out, f"--{kind}", "all")
            if code != 0:
                sys.exit(f"export --format py --{kind} all failed ({code}): {err}")
            scripts += [line for line in lines if line]
        refused = 0
        for case in sorted(glob.glob(os.path.join(cases, "*.json"))):
            code, lines, err = export(app, case, "--out", folder)
            if "error" in os.path.basename(case):
                if code != 2 or err.count("\n") != 1:
                    sys.exit(f"{case}: expected one line and exit 2, got {code}: {err}")
                refused += 1
            elif code != 0:
                sys.exit(f"{case}: export --format py failed ({code}): {err}")
            else:
                scripts += [line for line in lines if line]
        randoms = []
        for name, scenario in random_scenarios().items():
            path = os.path.join(folder, name + ".json")
            with open(path, "w", encoding="utf-8") as file:
                json.dump(scenario, file)
            code, lines, err = export(app, path, "--out", folder)
            if code != 0:
                sys.exit(f"{name}: export --format py failed ({code}): {err}")
            randoms += [line for line in lines if line]
        scripts += randoms
        exported = time.monotonic() - started
        failed = []
        for script in scripts:
            problem = run_script(script)
            if problem:
                failed.append(f"{os.path.basename(script)}: {problem}")
        # The check can fail: a float32 script whose q.k is summed pairwise (NumPy's sum) instead of
        # in order, as the app adds, must disagree somewhere in its 1,600 logits.
        control = next(path for path in randoms if path.endswith("rope-partial-softcap-sinks-float32.py"))
        with open(control, encoding="utf-8") as file:
            text = file.read()
        in_order = "sum_in_order(q[:, None, :] * k[None, :, :], axis=2)"
        if in_order not in text:
            sys.exit(f"{control}: the dot products are not summed with sum_in_order")
        pairwise = control.replace(".py", "-pairwise.py")
        with open(pairwise, "w", encoding="utf-8") as file:
            file.write(text.replace(in_order, "(q[:, None, :] * k[None, :, :]).sum(axis=2)"))
        if run_script(pairwise) is None:
            failed.append(f"{os.path.basename(pairwise)}: agreed although its sums run in another order")
    ran = time.monotonic() - started - exported
    print(f"check_python_export: {len(scripts)} scripts ({refused} error cases refused as expected, "
          f"{len(randoms)} random scenarios in four dtypes); "
          f"export {exported:.1f} s, running them {ran:.1f} s")
    if len(scripts) < 40:
        sys.exit(f"only {len(scripts)} scripts were written; expected every preset, lesson step and case")
    if failed:
        sys.exit("check_python_export: these scripts disagree with the app:\n  " + "\n  ".join(failed))


if __name__ == "__main__":
    main()
