#!/usr/bin/python3
"""Every scenario the app ships, as a NumPy script, checks the app's every number.

`attention-lab export --format py` writes the script of every preset, of every lesson step's
scenario and of every reference case in tests/data/cases (the cases the app refuses, 15-19
"error-…", must be refused with exit 2 and one line instead). Each script rebuilds its scenario
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


def uses_what_the_export_does_not_reproduce(case):
    """Whether the case uses a key the NumPy export does not reproduce yet (ui/io/pythonexport.h)."""
    with open(case, encoding="utf-8") as file:
        scenario = json.load(file)
    mask, positional = scenario.get("mask", {}), scenario.get("positional", {})
    return ("softcap" in scenario or "sinks" in scenario or scenario.get("dtype", "float64") != "float64"
            or any(key in mask for key in ("document_ids", "query_document_ids", "key_document_ids"))
            or mask.get("prefix_length", 0) > 0
            or ("rotary_dim" in positional and positional["rotary_dim"] < head_dim(scenario)))


def head_dim(scenario):
    query = scenario.get("Q") or [[]]
    return len(query[0]) // scenario.get("heads", {}).get("query", 1) if isinstance(scenario.get("heads"), dict) \
        else len(query[0]) // int(scenario.get("num_query_heads", 1))


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
        not_reproduced = 0
        for case in sorted(glob.glob(os.path.join(cases, "*.json"))):
            code, lines, err = export(app, case, "--out", folder)
            if "error" in os.path.basename(case):
                if code != 2 or err.count("\n") != 1:
                    sys.exit(f"{case}: expected one line and exit 2, got {code}: {err}")
                refused += 1
            elif uses_what_the_export_does_not_reproduce(case):
                # Softcap, sinks, partial rotary, document and prefix masks, reduced dtypes: the
                # script cannot check them yet, so the export must refuse them, naming the field.
                if code != 2 or err.count("\n") != 1 or "does not reproduce" not in err:
                    sys.exit(f"{case}: expected a refusal naming what the export does not reproduce, "
                             f"got {code}: {err}")
                not_reproduced += 1
            elif code != 0:
                sys.exit(f"{case}: export --format py failed ({code}): {err}")
            else:
                scripts += [line for line in lines if line]
        exported = time.monotonic() - started
        failed = []
        for script in scripts:
            output = io.StringIO()
            try:
                with contextlib.redirect_stdout(output):
                    runpy.run_path(script, run_name="__main__")
            except SystemExit as stop:
                if stop.code not in (None, 0):
                    failed.append(f"{os.path.basename(script)}: {stop.code}")
                    continue
            if "every number agrees" not in output.getvalue():
                failed.append(f"{os.path.basename(script)}: did not finish: {output.getvalue()[-300:]}")
    ran = time.monotonic() - started - exported
    print(f"check_python_export: {len(scripts)} scripts ({refused} error cases refused as expected, "
          f"{not_reproduced} cases with keys the export does not reproduce yet refused); "
          f"export {exported:.1f} s, running them {ran:.1f} s")
    if len(scripts) < 40:
        sys.exit(f"only {len(scripts)} scripts were written; expected every preset, lesson step and case")
    if failed:
        sys.exit("check_python_export: these scripts disagree with the app:\n  " + "\n  ".join(failed))


if __name__ == "__main__":
    main()
