"""The CDNA machine code of the GEMMs, per K iteration: what Triton's
compiles to for the same tiles is the bar (bench/isa_report.py --compare
measures both in one run); these pin the shape so that it cannot regress.

- Accumulators stay in VGPRs: no v_accvgpr_read/write in a kernel that does
  not pin AGPRs (the explicit scheduling ops do, and keep them)."""

import os
import re
import sys

import pytest

from tlxamd import compiler

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples"))
from gemm import gemm, gemm_pipelined  # noqa: E402
from scheduled_mfma import independent_subtiles  # noqa: E402

NO_AGPRS = '"amdgpu-agpr-alloc"="0"'


@pytest.mark.parametrize("target", ["gfx950", "gfx942"])
@pytest.mark.parametrize("pipelined,consts,warps", [
    (True, dict(BM=128, BN=128, BK=64, STAGES=2, GROUP_M=8), 8),
    (True, dict(BM=128, BN=128, BK=32, STAGES=2, GROUP_M=8), 4),
    (False, dict(BM=128, BN=128, BK=32), 4),
])
def test_gemm_accumulators_stay_in_vgprs(target, pipelined, consts, warps):
    kern = gemm_pipelined if pipelined else gemm
    old = kern.num_warps
    kern.num_warps = warps
    try:
        k = compiler.compile(kern.build(target=target, **consts), target=target)
    finally:
        kern.num_warps = old
    assert NO_AGPRS in k.llvm_ir
    assert "v_mfma" in k.asm and "v_accvgpr" not in k.asm
    res = k.resources
    assert res["agpr"] == 0 and res["scratch"] == 0 and res["vgpr_spill"] == 0, res
    # every MFMA writes a VGPR tuple
    dsts = [ln.split()[1].rstrip(",") for ln in k.asm.splitlines() if ln.strip().startswith("v_mfma")]
    assert dsts and all(d.startswith("v[") for d in dsts), dsts[:4]


def test_pinned_agprs_keep_them():
    """A kernel whose scheduling ops pin AGPRs lets the allocator use them."""
    k = compiler.compile(independent_subtiles.build(target="gfx950"), target="gfx950")
    assert NO_AGPRS not in k.llvm_ir
    assert re.search(r"v_mfma_f32_32x32x16_bf16 a\[\d+:\d+\]", k.asm)


def test_spilling_kernel_may_use_agprs(monkeypatch):
    """Where keeping AGPRs out would spill to scratch, the compiler keeps the
    code generated with AGPRs allowed."""
    calls = []
    real = compiler._codegen_amd

    def fake(llvm_ir, arch, opt_level, want_binary, timings):
        asm, blob, per_kernel, make = real(llvm_ir, arch, opt_level, want_binary, timings)
        calls.append(NO_AGPRS in llvm_ir)
        if NO_AGPRS in llvm_ir:  # pretend it spilled
            per_kernel = {n: dict(r, scratch=64) for n, r in per_kernel.items()}
        return asm, blob, per_kernel, make

    monkeypatch.setattr(compiler, "_codegen_amd", fake)
    k = compiler.compile(gemm.build(target="gfx950", BM=64, BN=64, BK=32), target="gfx950", cache=False)
    assert calls == [True, False]
    assert NO_AGPRS not in k.llvm_ir and k.resources["scratch"] == 0
