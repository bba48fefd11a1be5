"""What the compiler guarantees about its outputs and its cache, checked
across processes: a kernel compiles to the same bytes (its binary, and its
assembly but for comments) in every process and with either code generator (the resident in-process one and `llc-22` run
per compile); writers racing on one cache directory, and a writer killed
mid-run, leave only sound entries; every compile from that cache returns
the kernel the compiler produces."""

import glob
import json
import os
import signal
import subprocess
import sys
import time

import pytest

from tlxamd import compiler

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
INPUTS = sorted(glob.glob(os.path.join(ROOT, "test", "Target", "Inputs", "*.mlir")))

_DIGESTS = r"""
import hashlib, json, re, sys
from tlxamd import compiler
out = {}
# (comments hold names LLVM numbers per context, e.g. `; %Flow16`)
strip = lambda asm: re.sub(r"(;|//).*", "", asm)
for path in sys.argv[2:]:
    try:
        k = compiler.compile(path, target=sys.argv[1], cache=False)
    except compiler.CompilationError:
        continue
    out[path] = hashlib.sha256((k.binary or b"") + strip(k.asm).encode()).hexdigest()
print(json.dumps(out))
"""


def _digests(target, paths, inprocess):
    env = dict(os.environ, TLXAMD_INPROCESS_LLC=inprocess, TLXAMD_CACHE_DIR="")
    r = subprocess.run([sys.executable, "-c", _DIGESTS, target, *paths], env=env, capture_output=True,
                       text=True, timeout=900, check=True)
    return json.loads(r.stdout.strip().splitlines()[-1])


def _check_identical(target, paths):
    runs = [_digests(target, paths, flag) for flag in ("1", "0", "1")]
    assert runs[0], "no input compiled"
    assert runs[0] == runs[1] == runs[2]


@pytest.mark.parametrize("target", ["gfx950", "sm_90a"])
def test_same_bytes_across_processes_and_code_generators(target):
    _check_identical(target, INPUTS[:8])


@pytest.mark.slow
@pytest.mark.parametrize("target", ["gfx950", "gfx942", "sm_90a"])
def test_every_input_same_bytes_across_processes_and_code_generators(target):
    _check_identical(target, INPUTS)


_KERNEL = ("module {{ gpu.module @m {{ gpu.func @k(%p: !tlxamd.ptr<f32>) kernel attributes "
           "{{tlxamd.num_warps = 1 : i32}} {{ %c = arith.constant {value} : f32 tlxamd.store %c, %p : "
           "!tlxamd.ptr<f32> gpu.return }} }} }}")

_WRITER = r"""
import sys
from tlxamd import compiler
template, first, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
for i in range(first, first + count):
    k = compiler.compile(template.format(value=f"{i}.0"), target="gfx950")
    print(i, k.binary.hex()[:64], flush=True)
"""


def _writer(cache, first, count):
    env = dict(os.environ, TLXAMD_CACHE_DIR=str(cache))
    return subprocess.Popen([sys.executable, "-c", _WRITER, _KERNEL, str(first), str(count)], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _all_entries_sound(cache):
    for path in cache.rglob("*.json"):
        key = path.stem
        assert compiler._cache_load(str(cache), key) is not None, f"unsound entry {path.name}"


def test_racing_writers_and_a_killed_one_leave_sound_entries(tmp_path):
    # four writers on the same kernels at once: each gets the same code
    procs = [_writer(tmp_path, 0, 6) for _ in range(4)]
    outs = [p.communicate(timeout=600) for p in procs]
    assert all(p.returncode == 0 for p in procs), [o[1][-500:] for o in outs]
    assert len({o[0] for o in outs}) == 1
    _all_entries_sound(tmp_path)
    # a writer killed mid-run: what it left is sound or absent
    victim = _writer(tmp_path, 100, 1000)
    time.sleep(2.0)
    victim.send_signal(signal.SIGKILL)
    victim.wait(timeout=60)
    _all_entries_sound(tmp_path)
    env_cache = os.environ.get("TLXAMD_CACHE_DIR")
    os.environ["TLXAMD_CACHE_DIR"] = str(tmp_path)
    try:
        for i in (0, 100, 101):
            text = _KERNEL.format(value=f"{i}.0")
            fresh = compiler.compile(text, target="gfx950", cache=False)
            cached = compiler.compile(text, target="gfx950")
            assert cached.binary == fresh.binary
    finally:
        if env_cache is None:
            os.environ.pop("TLXAMD_CACHE_DIR", None)
        else:
            os.environ["TLXAMD_CACHE_DIR"] = env_cache
    # a half-written temporary file of a killed writer is never read
    stray = next(iter(tmp_path.rglob("*.json"))).with_suffix(".tmp")
    stray.write_text('{"target": "gfx9')
    _all_entries_sound(tmp_path)
