"""The CDNA machine code of the GEMMs per K iteration, and of softmax: what Triton's
compiles to for the same tiles is the bar (bench/isa_report.py --compare
measures both in one run); these pin the shape so that it cannot regress.

- Accumulators stay in VGPRs: no v_accvgpr_read/write in a kernel that does
  not pin AGPRs (the explicit scheduling ops do, and keep them).
- The direct-to-LDS copies' lane work (which lane's element each lane
  copies: ds_bpermute; the warp's block start: v_readfirstlane) is done
  once before the K loop when the lane offsets are fixed outside it: the
  loop has no cross-lane LDS traffic and sets M0 with scalar adds."""

import os
import re
import sys

import pytest

from tlxamd import compiler

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples"))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "bench"))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "bench", "gpu"))
import amd_isa  # noqa: E402  (bench/amd_isa.py)
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


@pytest.mark.parametrize("target", ["gfx950", "gfx942"])
@pytest.mark.parametrize("bk,warps,stages", [(32, 4, 2), (64, 8, 2), (32, 8, 3)])
def test_copy_lane_work_out_of_the_k_loop(target, bk, warps, stages):
    old = gemm_pipelined.num_warps
    gemm_pipelined.num_warps = warps
    try:
        k = compiler.compile(gemm_pipelined.build(target=target, BM=128, BN=128, BK=bk, STAGES=stages, GROUP_M=8),
                             target=target)
    finally:
        gemm_pipelined.num_warps = old
    loop = amd_isa.k_loop(k.asm, "gemm_pipelined")
    assert loop is not None and loop["mfma"] > 0
    body = [m for m, _ in amd_isa.main_loop(k.asm, "gemm_pipelined")]
    copies = sum(m.startswith("buffer_load") for m in body)
    assert copies > 0
    assert loop["ds_xlane"] == 0, sorted(loop.items())
    # M0 from scalar arithmetic: no readfirstlane per copy (what is left is
    # the operand reads' warp index)
    assert body.count("v_readfirstlane_b32") < copies, body


def test_loop_reader():
    """bench/amd_isa.py on a hand-written body: the loop's blocks (a header
    on the label's line, a block whose comment is on the next line), the
    classes, the MFMA work."""
    asm = """k:
\ts_mov_b32 s0, 0
.LBB0_1:                                ; =>This Inner Loop Header: Depth=1
\tds_read_b128 v[0:3], v4
\tds_read_b64_tr_b16 v[6:7], v5
\tv_mfma_f32_32x32x16_bf16 v[8:23], v[0:3], v[6:9], v[8:23]
\ts_cbranch_scc0 .LBB0_3
.LBB0_2:                                ; %flow
                                        ;   in Loop: Header=BB0_1 Depth=1
\tbuffer_load_dwordx4 v1, s[4:7], 0 offen lds
\tds_bpermute_b32 v2, v3, v4
\ts_waitcnt vmcnt(0)
\ts_barrier
\ts_branch .LBB0_1
.LBB0_3:
\ts_endpgm
.Lfunc_end0:
"""
    loops = amd_isa.loops(amd_isa.kernel_body(asm, "k"))
    assert list(loops) == ["BB0_1"]
    p = amd_isa.profile(amd_isa.instructions(loops["BB0_1"]))
    assert (p["total"], p["mfma"], p["lds_read_128"], p["lds_read_tr_b64"], p["vmem_load_128_lds"],
            p["ds_xlane"], p["waitcnt"], p["barrier"], p["branch"]) == (9, 1, 1, 1, 1, 1, 1, 1, 2)
    assert p["mfma_work"] == 32 * 32 * 16


def test_mxfp4_copy_mask_split():
    """The MXFP4 GEMM's A copies are masked by `rows & (nxt < steps)`: the
    lanes' factor is fixed outside the K loop, the scalar one changes per
    iteration. The lanes' work is done before the loop; the loop ANDs in
    the scalar (no ds_bpermute in it). The emulator runs of
    test_preshuffled_gemm.py check the result."""
    from preshuffled_gemm import build

    k = compiler.compile(build("e2m1", BM=128, BN=128, BK=256, STAGES=2), target="gfx950")
    loop = amd_isa.k_loop(k.asm, "mxfp4_gemm")
    assert loop is not None and loop["mfma"] > 0
    assert loop["ds_xlane"] == 0, sorted(loop.items())
    assert loop.get("vmem_load_128_lds", 0) > 0


@pytest.mark.parametrize("target", ["gfx950", "gfx942"])
def test_softmax_rows_are_buffer_accesses(target):
    """Triton's softmax rows (`x + row * stride + cols`, a runtime stride):
    16-byte buffer loads and stores with the row step in the resource's
    base, no scalarized masked global access (the emulator suite checks the
    numbers, 1000 columns included)."""
    import suite  # bench/gpu/suite.py

    kern, case = suite.kernels(64)["softmax_bf16_8192_w4"]
    k = compiler.compile(kern.build(target=target, BLOCK=case["block"]), target=target)
    p = amd_isa.whole_kernel(k.asm, kern.name)
    assert p["vmem_load_128"] == 4 and p["vmem_store_128"] == 4, sorted(p.items())
    assert not any(c.startswith(("vmem_load_16", "vmem_store_16")) for c in p), sorted(p.items())
    assert "global_load" not in k.asm and "global_store" not in k.asm


def _per_tile(profile, bk, warps):
    """A K loop's profile per 128 x 128 x bk tile and wave (LLVM may
    unroll the loop)."""
    tiles = profile["mfma_work"] / (128 * 128 * bk // warps)
    return {c: v / tiles for c, v in profile.items()}


# gfx950 K loop per K tile and wave, (BK, warps, stages): MFMAs, ds_read_b128
# (A, K-contiguous), ds_read_b64_tr_b16 (B, N-contiguous: transposing
# reads), direct-to-LDS copies, and a bound on all instructions (what
# Triton 3.9's tutorial GEMM takes for the tile is 45-117: bench/ISA_RESULTS.md;
# the bound is ours at the time plus a margin).
GFX950_GEMM = {
    (32, 4, 2): (8, 4, 8, 4, 75), (32, 4, 3): (8, 4, 8, 4, 80),
    (32, 8, 2): (4, 4, 4, 2, 54), (32, 8, 3): (4, 4, 4, 2, 60),
    (64, 4, 2): (16, 8, 16, 8, 122), (64, 4, 3): (16, 8, 16, 8, 126),
    (64, 8, 2): (8, 8, 8, 4, 84), (64, 8, 3): (8, 8, 8, 4, 90),
}


@pytest.mark.parametrize("bk,warps,stages", sorted(GFX950_GEMM))
def test_gfx950_gemm_k_loop_shape(bk, warps, stages):
    """The pipelined GEMM's K loop on gfx950: operands read in the widest
    forms (no 2-byte gathers), no accumulator copies, the buffer index of
    three stages carried (no division), the warps split as Triton splits
    them (2 x 4 for 8: the 16-byte A reads carry more of the tile), the
    epilogue stored from the MFMA layout (no LDS beyond the stages)."""
    old = gemm_pipelined.num_warps
    gemm_pipelined.num_warps = warps
    try:
        k = compiler.compile(gemm_pipelined.build(target="gfx950", BM=128, BN=128, BK=bk, STAGES=stages, GROUP_M=8),
                             target="gfx950")
    finally:
        gemm_pipelined.num_warps = old
    mfma, b128, tr, copies, bound = GFX950_GEMM[bk, warps, stages]
    body = amd_isa.main_loop(k.asm, "gemm_pipelined")
    per = _per_tile(amd_isa.profile(body), bk, warps)
    assert (per["mfma"], per["lds_read_128"], per["lds_read_tr_b64"], per["vmem_load_128_lds"]) == \
        (mfma, b128, tr, copies), sorted(per.items())
    assert not any(c in per for c in ("lds_read_16", "lds_read_8", "accvgpr", "ds_xlane")), sorted(per.items())
    assert per["total"] <= bound, sorted(per.items())
    assert not any(m.startswith("s_mul_hi") for m, _ in body)
    res = k.resources
    assert res["lds"] == stages * 128 * bk * 2 * 2 and res["scratch"] == 0


@pytest.mark.parametrize("shuffled", [True, False])
def test_mxfp4_k_loop_shape(shuffled):
    """The MXFP4 GEMM (128 x 128 x 256, 4 warps) per K tile and wave: 32
    scaled MFMAs; A by 4 direct-to-LDS copies read back 16 bytes at a time;
    B by 8 preshuffled dwordx4 loads. Preshuffled scales
    (preshuffle.shuffle_scales): 4 dwords per lane (each two K steps of two
    tiles of an operand), straight into the instructions (opsel picks the
    byte), one barrier; row-major ones (the kernel promises runs of 4
    bytes): one dword per lane and operand, exchanged through LDS (16
    ds_read_u8, 5 barriers)."""
    from preshuffled_gemm import build

    k = compiler.compile(build("e2m1", BM=128, BN=128, BK=256, STAGES=2, SHUFFLED_SCALES=shuffled), target="gfx950")
    p = amd_isa.k_loop(k.asm, "mxfp4_gemm")
    assert (p["mfma"], p["vmem_load_128_lds"], p["vmem_load_128"], p["lds_read_128"]) == (32, 4, 8, 8), \
        sorted(p.items())
    assert not any(c.startswith(("vmem_load_8", "lds_write_8", "accvgpr")) for c in p), sorted(p.items())
    if shuffled:
        assert (p["vmem_load_32"], p["barrier"]) == (4, 1), sorted(p.items())
        assert not any(c.startswith(("lds_read_8", "lds_write", "lds_read_32")) for c in p), sorted(p.items())
        assert p["valu"] <= 9 and p["total"] <= 114, sorted(p.items())
    else:
        assert (p["vmem_load_32"], p["lds_read_8"]) == (2, 16), sorted(p.items())
    assert k.resources["scratch"] == 0


# gfx942 K loop of the register-staged GEMM (examples/gemm.py's gemm_staged)
# per K tile and wave, (BK, warps, stages): MFMAs, 16-byte global loads,
# 8-byte operand reads (ds_read_b64 / ds_read2st64_b64), 2-byte B gathers
# (the 8-warp BK 32 tile keeps B N-contiguous, as Triton does there), and a
# bound on all instructions (Triton 3.9: 67-178, bench/ISA_RESULTS.md; the
# shared-memory barrier's own lgkmcnt wait counted).
GFX942_GEMM = {
    (32, 4, 2): (16, 4, 14, 0, 83), (32, 4, 3): (16, 4, 14, 0, 108),
    (32, 8, 2): (8, 2, 7, 16, 84), (32, 8, 3): (8, 2, 7, 16, 102),
    (64, 4, 2): (32, 8, 30, 0, 140), (64, 4, 3): (32, 8, 30, 0, 182),
    (64, 8, 2): (16, 4, 23, 0, 101), (64, 8, 3): (16, 4, 23, 0, 131),
}


@pytest.mark.parametrize("bk,warps,stages", sorted(GFX942_GEMM))
def test_gfx942_staged_gemm_k_loop_shape(bk, warps, stages):
    """CDNA3's GEMM staged through registers: 16-byte global loads (where
    direct-to-LDS copies move 4 bytes), STAGES - 1 shared buffers (128 x
    128 x 64 in 3 stages fits the 64 KiB), B's block transposed in
    registers and written K-contiguous (ds_write_b32 / b64 from registers
    that are not a register prefix) so that both operands read 8 bytes a
    lane, no accumulator copies, no scratch."""
    from gemm import gemm_staged

    old = gemm_staged.num_warps
    gemm_staged.num_warps = warps
    try:
        k = compiler.compile(gemm_staged.build(target="gfx942", BM=128, BN=128, BK=bk, STAGES=stages, GROUP_M=8),
                             target="gfx942")
    finally:
        gemm_staged.num_warps = old
    mfma, vmem, read64, read16, bound = GFX942_GEMM[bk, warps, stages]
    per = _per_tile(amd_isa.k_loop(k.asm, "gemm_staged"), bk, warps)
    assert (per["mfma"], per["vmem_load_128"], per["lds_read_64"], per.get("lds_read_16", 0)) == \
        (mfma, vmem, read64, read16), sorted(per.items())
    assert not any(c.startswith(("vmem_load_32_lds", "accvgpr", "ds_xlane", "lds_write_16")) for c in per), \
        sorted(per.items())
    assert per["total"] <= bound, sorted(per.items())
    res = k.resources
    assert res["lds"] == (stages - 1) * 128 * bk * 2 * 2 and res["scratch"] == 0


# Softmax (bench/gpu/suite.py's kernels, 4 warps) over the whole kernel:
# a bound on the instructions (Triton 3.9: 221-1041, bench/ISA_RESULTS.md)
# and at most 64 VGPRs (8 waves per SIMD, as Triton's).
SOFTMAX_BOUND = {("f32", 1000): 215, ("f32", 4096): 550, ("f32", 8192): 990,
                 ("bf16", 1000): 245, ("bf16", 4096): 650, ("bf16", 8192): 1200}


@pytest.mark.parametrize("target", ["gfx950", "gfx942"])
@pytest.mark.parametrize("dt,cols", sorted(SOFTMAX_BOUND))
def test_softmax_kernel_shape(target, dt, cols):
    """The row softmax at Triton's occupancy: LLVM's instcombine would fuse a
    thread's 32 row elements into <32 x float> arithmetic that register
    allocation holds in 70 VGPRs (7 waves); the middle end scalarizes it
    back to 16-byte pieces (58 VGPRs)."""
    import suite  # bench/gpu/suite.py

    kern, case = suite.kernels(64)[f"softmax_{dt}_{cols}_w4"]
    k = compiler.compile(kern.build(target=target, BLOCK=case["block"]), target=target)
    p = amd_isa.whole_kernel(k.asm, kern.name)
    assert p["total"] <= SOFTMAX_BOUND[dt, cols], sorted(p.items())
    res = k.resources
    assert res["vgpr"] <= 64 and res["agpr"] == 0 and res["scratch"] == 0, res
