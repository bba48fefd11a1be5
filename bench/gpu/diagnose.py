"""Check each masked/atomic kernel of the GPU suite in its own process with
CUDA_LAUNCH_BLOCKING=1, so that a kernel that faults is named (run_gpu.py
stops at the first fault; a CUDA fault poisons the whole process).

    python3 bench/gpu/diagnose.py bench/gpu/suite     # on the GPU machine
"""

import json
import os
import subprocess
import sys

suite = sys.argv[1]
m = json.load(open(os.path.join(suite, "manifest.json")))
code = r'''
import sys, os, json, torch
sys.path.insert(0, "bench/gpu")
from checks import check
from tlxamd import runtime
suite, name, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
m = json.load(open(os.path.join(suite, "manifest.json")))
case = m["cases"][name]
k = runtime.load(os.path.join(suite, name + ".cubin"))[name]
ok, detail, _ = check(k, case, n, case.get("block", m["block"]))
print(name, n, "OK" if ok else "BAD " + detail)
'''
for name, case in m["cases"].items():
    if case["kind"] not in ("masked", "masked_other", "atomic"):
        continue
    n = {"masked": (1 << 20) + 7, "masked_other": (1 << 20) + 7, "atomic": (1 << 20) + 7}[case["kind"]]
    r = subprocess.run([sys.executable, "-c", code, suite, name, str(n)], capture_output=True, text=True,
                       env=dict(os.environ, PYTHONPATH="python_bindings", CUDA_LAUNCH_BLOCKING="1"))
    print(r.stdout.strip() or f"{name} CRASH " + r.stderr.strip().splitlines()[-1][:120])
