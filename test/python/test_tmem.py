"""Tensor memory in TLX's names (the TLX tensor-core reference): the tmem_shift example of
examples/tmem_shift.py builds as the document writes it, verifies, and
ptxas accepts its sm_100a PTX: tcgen05.alloc of the 32-column granule,
tcgen05.st / tcgen05.ld 32x32b.x16, one tcgen05.shift per 32-byte column
segment, the commit the barrier wait completes, tcgen05.dealloc. Reading a
shifted buffer before its commit and wait (T10), tensor memory on a target
without it and misuse of the API are rejected."""

import os
import re
import sys

import pytest

from tlxamd import compiler
from tlxamd import language as tl

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples"))
from tmem_shift import tmem_shift_rows  # noqa: E402  (examples/tmem_shift.py)


def test_example_ptx():
    k = compiler.compile(tmem_shift_rows.build(target="sm_100a"), target="sm_100a")
    ptx = k.asm
    # the 32-column granule, allocated and freed
    assert "@llvm.nvvm.tcgen05.alloc.shared.cg1(ptr addrspace(3) @__tlxamd_tmem_address_0, i32 32)" in k.llvm_ir
    assert re.search(r"@llvm\.nvvm\.tcgen05\.dealloc\.cg1\(ptr addrspace\(6\) %\d+, i32 32\)", k.llvm_ir)
    assert "tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32" in ptx
    assert "tcgen05.relinquish_alloc_permit.cta_group::1.sync.aligned;" in ptx
    assert ptx.count("tcgen05.st.sync.aligned.32x32b.x16.b32") == 1
    assert ptx.count("tcgen05.ld.sync.aligned.32x32b.x16.b32") == 1
    # 16 f32 columns = 64 bytes per row: two 32-byte segments (T12)
    assert ptx.count("tcgen05.shift.cta_group::1.down") == 2
    assert ptx.count("tcgen05.commit.cta_group::1.mbarrier::arrive::one") == 1
    assert "tcgen05.dealloc.cta_group::1.sync.aligned.b32" in ptx
    order = [ptx.index(s) for s in ("tcgen05.alloc", "tcgen05.st", "tcgen05.shift", "tcgen05.commit",
                                    "mbarrier.try_wait", "tcgen05.ld", "tcgen05.dealloc")]
    assert order == sorted(order)
    assert k.binary  # ptxas -arch=sm_100a accepted it


@pytest.mark.parametrize("cols,shifts", [(8, 1), (32, 4), (256, 32)])
def test_one_shift_per_segment(cols, shifts):
    @tl.kernel(num_warps=4)
    def k(x: tl.pointer(tl.float32), COLS: tl.constexpr):
        offs = tl.arange(0, 128)[:, None] * COLS + tl.arange(0, COLS)[None, :]
        buf = tl.local_alloc((128, COLS), tl.float32, 1, tl.storage_kind.tmem)[0]
        bar = tl.alloc_barriers(1)[0]
        tl.local_store(buf, tl.load(x + offs))
        tl.tmem_shift(buf)
        tl.tcgen05_commit(bar)
        tl.barrier_wait(bar, 0)
        tl.store(x + offs, tl.local_load(buf))

    compiled = compiler.compile(k.build(target="sm_100a", COLS=cols), target="sm_100a")
    ptx = compiled.asm
    assert ptx.count("tcgen05.shift.cta_group::1.down") == shifts
    # at most 128 columns per instruction
    assert ptx.count(f"tcgen05.st.sync.aligned.32x32b.x{min(cols, 128)}.b32") == max(1, cols // 128)
    assert f"@__tlxamd_tmem_address_0, i32 {max(cols, 32)})" in compiled.llvm_ir


def test_eight_warps_split_the_columns():
    @tl.kernel(num_warps=8)
    def k(x: tl.pointer(tl.float32)):
        offs = tl.arange(0, 128)[:, None] * 64 + tl.arange(0, 64)[None, :]
        buf = tl.local_alloc((128, 64), tl.float32, 1, tl.storage_kind.tmem)[0]
        tl.local_store(buf, tl.load(x + offs))
        tl.store(x + offs, tl.local_load(buf))

    ptx = compiler.compile(k.build(target="sm_100a"), target="sm_100a").asm
    assert "32x32b.x32.b32" in ptx  # two warp groups, 32 columns each


def test_t10_read_before_commit_and_wait():
    @tl.kernel(num_warps=4)
    def early(x: tl.pointer(tl.float32)):
        offs = tl.arange(0, 128)[:, None] * 16 + tl.arange(0, 16)[None, :]
        buf = tl.local_alloc((128, 16), tl.float32, 1, tl.storage_kind.tmem)[0]
        bar = tl.alloc_barriers(1)[0]
        tl.local_store(buf, tl.load(x + offs))
        tl.tmem_shift(buf)
        tl.tcgen05_commit(bar)
        tl.store(x + offs, tl.local_load(buf))  # no barrier_wait

    with pytest.raises(compiler.CompilationError, match="T10: accesses a tensor-memory buffer whose tmem_shift may "
                                                        "still be in flight: wait on the barrier"):
        compiler.compile(early.build(target="sm_100a"), target="sm_100a")


def test_no_tensor_memory_on_hopper():
    with pytest.raises(compiler.CompilationError, match=r"needs tensor memory and tcgen05, which sm_90a \(Hopper\) "
                                                        r"lacks"):
        compiler.compile(tmem_shift_rows.build(target="sm_90a"), target="sm_90a")


@pytest.mark.parametrize("shape,dt,storage,exc,match", [
    ((64, 16), tl.float32, "tmem", ValueError, "128 rows"),
    ((128, 16), tl.float16, "tmem", TypeError, "32-bit elements"),
    ((128, 16), tl.float32, "gmem", ValueError, "storage must be"),
])
def test_alloc_misuse(shape, dt, storage, exc, match):
    @tl.kernel(num_warps=4)
    def k(x: tl.pointer(tl.float32)):
        tl.local_alloc(shape, dt, 1, storage)

    with pytest.raises(exc, match=match):
        k.build(target="sm_100a")


def test_shift_needs_tensor_memory():
    @tl.kernel(num_warps=4)
    def k(x: tl.pointer(tl.float32)):
        tl.tmem_shift(tl.alloc_barriers(1)[0])

    with pytest.raises(TypeError, match="must be a tensor-memory buffer"):
        k.build(target="sm_100a")
