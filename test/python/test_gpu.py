"""Kernels run on an NVIDIA GPU through tlxamd.runtime, checked against torch
(marked `gpu`; skipped where no CUDA device is present).

The kernels come from bench/gpu/suite.py: built here when tlxamd's compiler
is importable, or taken prebuilt from $TLXAMD_GPU_SUITE (on a GPU machine
whose Python cannot import tlxamd's compiled extension).
"""

import json
import os
import sys

import pytest

pytestmark = pytest.mark.gpu

torch = pytest.importorskip("torch")
if not torch.cuda.is_available():
    pytest.skip("no CUDA device", allow_module_level=True)

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "bench", "gpu"))

from checks import check  # noqa: E402

from tlxamd import runtime  # noqa: E402


@pytest.fixture(scope="module")
def suite(tmp_path_factory):
    path = os.environ.get("TLXAMD_GPU_SUITE")
    if not path:
        import suite as builder

        path = str(tmp_path_factory.mktemp("suite"))
        builder.build(path)
    return path, json.load(open(os.path.join(path, "manifest.json")))


SMALL = {"copy": 1 << 20, "masked": (1 << 20) + 7, "masked_other": (1 << 20) + 7, "atomic": (1 << 20) + 7,
         "convert": 1 << 20, "colsum": 1 << 20, "branches": (1 << 20) + 5, "math": (1 << 20) + 5,
         "softmax": 96, "rowsum": 200, "reduce": 4096, "atomics": 5000,
         "shape": 1 << 20, "cast": (1 << 20) + 3, "shared": 1 << 20, "gemm": 1000, "cluster": 1000}


def test_every_case(suite):
    path, manifest = suite
    bad = []
    for name, case in manifest["cases"].items():
        k = runtime.load(os.path.join(path, name + ".cubin"))[name]
        ok, detail, _ = check(k, case, SMALL[case["kind"]], case.get("block", manifest["block"]))
        if not ok:
            bad.append(f"{name}: {detail}")
    assert not bad, "\n".join(bad)


def test_masked_every_residue(suite):
    """Ragged masks at every residue modulo 16 (the widest group): the
    groups that straddle `n` take the element path (B12 split), the whole
    ones the full-width access, and nothing past `n` is read into the
    result or written."""
    path, manifest = suite
    bad = []
    for name, case in manifest["cases"].items():
        if case["kind"] not in ("masked", "masked_other"):
            continue
        k = runtime.load(os.path.join(path, name + ".cubin"))[name]
        for r in range(16):
            ok, detail, _ = check(k, case, (1 << 16) + r, case.get("block", manifest["block"]))
            if not ok:
                bad.append(f"{name} n=2^16+{r}: {detail}")
    assert not bad, "\n".join(bad)


def test_launch_errors_are_exceptions(suite):
    path, manifest = suite
    k = runtime.load(os.path.join(path, "copy_f32_c4.cubin"))["copy_f32_c4"]
    with pytest.raises(TypeError, match="takes 2 arguments"):
        k[(1,)](1)
    with pytest.raises(ValueError, match="grid dimensions must be positive"):
        k[(0,)](0, 0)
    with pytest.raises(KeyError, match="no kernel 'nope'"):
        runtime.load(os.path.join(path, "copy_f32_c4.cubin"))["nope"]
    with pytest.raises(runtime.CudaError, match="cuModuleLoadData failed"):
        runtime.load_data(b"not a cubin", {"kernels": {}})
