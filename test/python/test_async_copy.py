"""Shared memory from Python (issue 13): allocate_shared_memory / local_alloc
descriptors, local_load / local_store, index / slice views, and document
001's buffer_load_to_shared with async_commit_group / async_wait, written
Triton style (layouts inferred). The AMD kernels run in the wave emulator
against numpy (buffer_load ... lds: M0 + lane * size, zero out of range);
the NVIDIA build is checked for its cp.async."""

import re

import numpy as np
import pytest

from tlxamd import compiler, emulator
from tlxamd import language as tl

SWIZZLED = tl.swizzled_shared_layout(8, 1, 8, [1, 0])


@tl.kernel
def masked_copy(src: tl.pointer(tl.bfloat16), dst: tl.pointer(tl.bfloat16), n: tl.int32):
    rows = tl.arange(0, 64)
    cols = tl.arange(0, 64)
    offs = rows[:, None] * 64 + cols[None, :]
    buf = tl.allocate_shared_memory(tl.bfloat16, [64, 64], SWIZZLED)
    tl.buffer_load_to_shared(buf, src, offs, mask=(rows[:, None] < n) & (cols[None, :] < 64))
    tl.async_commit_group()
    tl.async_wait(0)
    tl.store(dst + offs, buf.load())


@tl.kernel
def copy_with_other(src: tl.pointer(tl.float32), dst: tl.pointer(tl.float32), n: tl.int32):
    rows = tl.arange(0, 32)
    cols = tl.arange(0, 64)
    offs = rows[:, None] * 64 + cols[None, :]
    buf = tl.allocate_shared_memory(tl.float32, [32, 64], tl.swizzled_shared_layout(4, 1, 8, [1, 0]))
    tl.buffer_load_to_shared(buf, src, offs, mask=(rows[:, None] < n) & (cols[None, :] < 64), other=-1.5)
    tl.async_commit_group()
    tl.async_wait(0)
    tl.store(dst + offs, buf.load())


@tl.kernel
def double_buffered(src: tl.pointer(tl.float32), dst: tl.pointer(tl.float32)):
    # Two tiles in flight, the first waited for while the second is not.
    rows = tl.arange(0, 32)
    cols = tl.arange(0, 64)
    offs = rows[:, None] * 64 + cols[None, :]
    bufs = tl.local_alloc([32, 64], tl.float32, tl.swizzled_shared_layout(4, 1, 8, [1, 0]), num=2)
    tl.buffer_load_to_shared(bufs.index(0), src, offs)
    tl.async_commit_group()
    tl.buffer_load_to_shared(bufs.index(1), src + 2048, offs)
    tl.async_commit_group()
    tl.async_wait(1)
    first = bufs.index(0).load()
    tl.async_wait(0)
    second = bufs.index(1).load()
    tl.store(dst + offs, first + second)
    # The halves of a tile as views: rows 16..31 written back to rows 0..15.
    top = bufs.index(0).slice(16, 16, dim=0).load()
    r16 = tl.arange(0, 16)
    tl.store(dst + 2048 + r16[:, None] * 64 + cols[None, :], top)


@tl.kernel
def transpose_through_shared(x: tl.pointer(tl.float32), y: tl.pointer(tl.float32)):
    rows = tl.arange(0, 64)
    cols = tl.arange(0, 64)
    v = tl.load(x + rows[:, None] * 64 + cols[None, :])
    buf = tl.allocate_shared_memory(tl.float32, [64, 64], tl.swizzled_shared_layout(4, 1, 16, [1, 0]), value=v)
    t = tl.trans(buf.load())
    tl.store(y + rows[:, None] * 64 + cols[None, :], t)


@tl.kernel
def pointer_copy(src: tl.pointer(tl.float32), dst: tl.pointer(tl.float32), n: tl.int32):
    # Gluon's NVIDIA name: a tensor of pointers built as base + offsets
    # (in two steps).
    rows = tl.arange(0, 32)
    cols = tl.arange(0, 64)
    buf = tl.allocate_shared_memory(tl.float32, [32, 64], tl.swizzled_shared_layout(4, 1, 8, [1, 0]))
    tl.async_copy_global_to_shared(buf, (src + rows[:, None] * 64) + cols[None, :], mask=rows[:, None] < n)
    tl.commit_group()
    tl.wait_group(0)
    tl.store(dst + rows[:, None] * 64 + cols[None, :], buf.load())


def _build(kernel, target):
    return compiler.compile(kernel.build(target=target), target=target, binary=False)


@pytest.mark.parametrize("target", ["gfx950", "gfx942"])
def test_masked_copy_writes_zero(target):
    x = np.random.default_rng(0).integers(0, 65535, 4096).astype(np.uint16)
    y = np.full(4096, 0xFFFF, np.uint16)
    emulator.run(_build(masked_copy, target), (1,), x, y, 37)
    np.testing.assert_array_equal(y, np.where(np.arange(4096) < 37 * 64, x, 0))


@pytest.mark.parametrize("target", ["gfx950", "gfx942"])
def test_copy_other_fills_masked(target):
    x = np.random.default_rng(1).standard_normal(2048).astype(np.float32)
    y = np.full(2048, np.nan, np.float32)
    emulator.run(_build(copy_with_other, target), (1,), x, y, 21)
    np.testing.assert_array_equal(y, np.where(np.arange(2048) < 21 * 64, x, np.float32(-1.5)))


@pytest.mark.parametrize("target", ["gfx950", "gfx942"])
def test_buffers_and_views(target):
    x = np.random.default_rng(2).standard_normal(4096).astype(np.float32)
    y = np.full(3072, np.nan, np.float32)
    emulator.run(_build(double_buffered, target), (1,), x, y)
    np.testing.assert_array_equal(y[:2048], x[:2048] + x[2048:])
    np.testing.assert_array_equal(y[2048:], x[1024:2048])


@pytest.mark.parametrize("target", ["gfx950", "gfx942"])
def test_local_alloc_value_round_trip(target):
    x = np.random.default_rng(3).standard_normal(4096).astype(np.float32)
    y = np.full(4096, np.nan, np.float32)
    emulator.run(_build(transpose_through_shared, target), (1,), x, y)
    np.testing.assert_array_equal(y.reshape(64, 64), x.reshape(64, 64).T)


@pytest.mark.parametrize("target", ["gfx950", "gfx942"])
def test_pointer_tensor_copy(target):
    x = np.random.default_rng(4).standard_normal(2048).astype(np.float32)
    y = np.full(2048, np.nan, np.float32)
    emulator.run(_build(pointer_copy, target), (1,), x, y, 11)
    np.testing.assert_array_equal(y, np.where(np.arange(2048) < 11 * 64, x, np.float32(0)))


def test_pointer_tensor_copy_sm90a():
    ptx = compiler.compile(pointer_copy.build(target="sm_90a"), target="sm_90a").asm
    assert ptx.count("cp.async.cg.shared.global") == 4


def test_pointer_tensor_copy_needs_base_plus_offsets():
    @tl.kernel
    def loaded_pointers(src: tl.pointer(tl.float32), table: tl.pointer(tl.int64)):
        buf = tl.allocate_shared_memory(tl.float32, [64], tl.swizzled_shared_layout(1, 1, 1, [0]))
        ptrs = tl.load(src + tl.arange(0, 64)) + 0.0
        tl.async_copy_global_to_shared(buf, ptrs)

    with pytest.raises(TypeError, match="tensor of pointers"):
        loaded_pointers.build(target="sm_90a")


def test_gfx950_copies_128_bits_gfx942_32():
    amd = compiler.compile(masked_copy.build(target="gfx950"), target="gfx950").asm
    assert amd.count("buffer_load_dwordx4") == 2 and "offen lds" in amd
    cdna3 = compiler.compile(masked_copy.build(target="gfx942"), target="gfx942").asm
    assert cdna3.count("buffer_load_dword ") == 8 and "buffer_load_dwordx4" not in cdna3


@tl.kernel
def copy_8_per_thread(src: tl.pointer(tl.bfloat16), dst: tl.pointer(tl.bfloat16)):
    # 8 x bf16 per thread: one buffer_load_dwordx4 ... lds each, read back
    rows = tl.arange(0, 32)
    cols = tl.arange(0, 64)
    offs = rows[:, None] * 64 + cols[None, :]
    buf = tl.allocate_shared_memory(tl.bfloat16, [32, 64], tl.swizzled_shared_layout(1, 1, 1, [1, 0]))
    tl.buffer_load_to_shared(buf, src, offs)
    tl.async_commit_group()
    tl.async_wait(0)
    tl.store(dst + offs, buf.load())


def test_gfx950_registers_match_gluon():
    # Gluon's CDNA4 compiler: 6 VGPRs for an 8 x bf16 per-thread tile
    k = compiler.compile(copy_8_per_thread.build(target="gfx950"), target="gfx950")
    assert k.asm.count("buffer_load_dwordx4") == 1 and k.asm.count("ds_read_b128") == 1
    assert k.resources["vgpr"] <= 6, k.resources


def test_sm90a_cp_async():
    ptx = compiler.compile(masked_copy.build(target="sm_90a"), target="sm_90a").asm
    assert ptx.count("cp.async.cg.shared.global") == 4
    assert "cp.async.commit_group" in ptx and re.search(r"cp\.async\.wait_group\s+0;", ptx)


def test_bad_arguments():
    with pytest.raises(TypeError, match="shared layout"):
        tl.allocate_shared_memory(tl.float32, [64, 64], tl.BlockedLayout([1, 4], [8, 8], [4, 1], [1, 0]))
    with pytest.raises(ValueError, match="shape"):
        tl.allocate_shared_memory(tl.float32, [64, 0], SWIZZLED)
    with pytest.raises(ValueError, match="num must be a positive int"):
        tl.local_alloc([64, 64], tl.float32, SWIZZLED, num=0)
    with pytest.raises(ValueError, match="num_outstanding"):
        tl.async_wait(-1)

    @tl.kernel
    def wrong_dest(src: tl.pointer(tl.float32)):
        offs = tl.arange(0, 64)
        tl.buffer_load_to_shared(offs, src, offs)

    with pytest.raises(TypeError, match="shared_memory_descriptor"):
        wrong_dest.build(target="gfx950")

    @tl.kernel
    def wrong_type(src: tl.pointer(tl.float32)):
        offs = tl.arange(0, 64)
        buf = tl.allocate_shared_memory(tl.bfloat16, [64], tl.swizzled_shared_layout(1, 1, 1, [0]))
        tl.buffer_load_to_shared(buf, src, offs)

    with pytest.raises(TypeError, match="ptr points to float32 but dest holds bfloat16"):
        wrong_type.build(target="gfx950")


def test_store_into_initialized_tile_is_a_verifier_error():
    @tl.kernel
    def immutable(x: tl.pointer(tl.float32)):
        offs = tl.arange(0, 64)
        v = tl.load(x + offs)
        buf = tl.allocate_shared_memory(tl.float32, [64], tl.swizzled_shared_layout(1, 1, 1, [0]), value=v)
        buf.store(v)

    with pytest.raises(Exception, match="stores into an immutable descriptor"):
        compiler.compile(immutable.build(target="gfx950"), target="gfx950")


@tl.kernel(num_warps=8)
def tail_tiles(a: tl.pointer(tl.bfloat16), c: tl.pointer(tl.bfloat16), K: tl.int32, OTHER: tl.constexpr):
    # 32-column tiles of a 128 x K matrix (K a multiple of 8) through three
    # buffers swizzled per two rows; the last tile is partly masked, so a
    # masked-lane `other` either rides on the copy (zero) or takes a branch
    # in which lane 0 may be inactive (the emulator's M0 is the first active
    # lane's pointer, as readfirstlane makes it).
    K = tl.multiple_of(K, 8)
    rm = tl.arange(0, 128)
    rk = tl.arange(0, 32)
    bufs = tl.local_alloc([128, 32], tl.bfloat16, tl.swizzled_shared_layout(8, 2, 4, [1, 0]), num=3)
    for i in tl.range(0, tl.cdiv(K, 32)):
        ka = i * 32 + rk
        tl.buffer_load_to_shared(bufs.index(i % 3), a, rm[:, None] * K + ka[None, :],
                                 mask=(rm[:, None] < 128) & (ka[None, :] < K), other=OTHER)
        tl.async_commit_group()
        tl.async_wait(0)
        tl.store(c + rm[:, None] * 128 + ka[None, :], bufs.index(i % 3).load())


@pytest.mark.parametrize("target", ["gfx950", "gfx942"])
@pytest.mark.parametrize("other", [0.0, -1.5])
def test_partly_masked_tail_tile(target, other):
    K = 104
    x = (np.arange(128 * K) % 251).reshape(128, K).astype(np.float32)
    bits = (x.view(np.uint32) >> 16).astype(np.uint16)
    y = np.zeros((128, 128), np.uint16)
    k = compiler.compile(tail_tiles.build(target=target, OTHER=other), target=target, binary=False)
    emulator.run(k, (1,), bits, y, K)
    want = np.full((128, 128), np.float32(other).view(np.uint32) >> 16, np.uint16)
    want[:, :K] = bits
    np.testing.assert_array_equal(y, want)
