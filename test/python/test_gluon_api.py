"""Gluon's module surface (`from tlxamd.experimental import gluon`, `gl`):
kernels in the style of the Gluon tutorials (explicit layouts passed as
constexpr arguments, sliced layouts for 2-D indices), launched the Triton
way and run in the AMD emulator."""

import numpy as np
import pytest

import tlxamd as triton
from tlxamd.experimental import gluon
from tlxamd.experimental.gluon import language as gl


@gluon.jit
def copy_scalar_kernel(in_ptr, out_ptr):
    gl.store(out_ptr, gl.load(in_ptr))


@gluon.jit
def memcpy_1d_kernel(in_ptr, out_ptr, xnumel, XBLOCK: gl.constexpr, layout: gl.constexpr):
    start = gl.program_id(0) * XBLOCK
    indices = start + gl.arange(0, XBLOCK, layout=layout)
    mask = indices < xnumel
    gl.store(out_ptr + indices, gl.load(in_ptr + indices, mask=mask), mask=mask)


@gluon.jit
def memcpy_2d_kernel(in_ptr, out_ptr, xnumel, ynumel, xstride_in, ystride_in, xstride_out, ystride_out,
                     layout: gl.constexpr, XBLOCK: gl.constexpr, YBLOCK: gl.constexpr):
    start_x = gl.program_id(0) * XBLOCK
    start_y = gl.program_id(1) * YBLOCK
    indices_x = start_x + gl.arange(0, XBLOCK, layout=gl.SliceLayout(dim=1, parent=layout))
    indices_y = start_y + gl.arange(0, YBLOCK, layout=gl.SliceLayout(dim=0, parent=layout))
    in_offsets = xstride_in * indices_x[:, None] + ystride_in * indices_y[None, :]
    out_offsets = xstride_out * indices_x[:, None] + ystride_out * indices_y[None, :]
    mask = (indices_x[:, None] < xnumel) & (indices_y[None, :] < ynumel)
    gl.store(out_ptr + out_offsets, gl.load(in_ptr + in_offsets, mask=mask), mask=mask)


def test_copy_scalar():
    x = np.array([42.0], np.float32)
    y = np.zeros(1, np.float32)
    copy_scalar_kernel[(1,)](x, y, num_warps=1)
    assert y[0] == 42.0


@pytest.mark.parametrize("xnumel", [40, 500])
def test_memcpy_1d_with_a_layout_argument(xnumel):
    warp = triton.runtime.driver.active.get_current_target().warp_size
    x = np.random.default_rng(0).standard_normal(xnumel).astype(np.float32)
    y = np.zeros_like(x)
    for r in (1, 2):
        layout = gl.BlockedLayout([r], [warp], [4], [0])
        y[:] = 0
        memcpy_1d_kernel[(triton.cdiv(xnumel, 512),)](x, y, xnumel, 512, layout, num_warps=4)
        np.testing.assert_array_equal(x, y)
    k = memcpy_1d_kernel.warmup(x, y, xnumel, 512, gl.BlockedLayout([2], [warp], [4], [0]), num_warps=4,
                                grid=(1,))
    assert "size_per_thread = [2]" in k.asm["mlir"] or "dwordx2" in k.asm["amdgcn"]


@pytest.mark.parametrize("transposed", [False, True])
def test_memcpy_2d_with_sliced_layouts(transposed):
    warp = triton.runtime.driver.active.get_current_target().warp_size
    x = np.random.default_rng(1).standard_normal((100, 70)).astype(np.float32)
    # the input column-major when transposed: x[i, j] at j * 100 + i
    src, s_in = (np.ascontiguousarray(x.T), (1, 100)) if transposed else (x, (70, 1))
    y = np.zeros_like(x)
    layout = gl.BlockedLayout([1, 1], [1, warp], [1, 4], [1, 0])
    grid = (triton.cdiv(100, 64), triton.cdiv(70, 64))
    memcpy_2d_kernel[grid](src, y, 100, 70, *s_in, 70, 1, layout, 64, 64, num_warps=4)
    np.testing.assert_array_equal(x, y)


def test_gluon_names():
    wrapped = gluon.constexpr_function(len)
    assert wrapped([1, 2, 3]) == 3 and wrapped.__name__ == "len" and wrapped.fn is len
    assert gl.BlockedLayout([1], [64], [4], [0]) == gl.BlockedLayout((1,), (64,), (4,), (0,))
    assert gl.float16 is triton.language.float16 and gl.constexpr is triton.language.constexpr


from tlxamd.experimental.gluon.language.nvidia.ampere import async_copy as cp  # noqa: E402


@gluon.jit
def add_pipelined_kernel(a_ptr, b_ptr, c_ptr, ynumel, XBLOCK: gl.constexpr, YBLOCK: gl.constexpr,
                         NUM_BUFFERS: gl.constexpr, layout: gl.constexpr, smem_layout: gl.constexpr):
    # The Gluon tutorial 03 pattern: copies issued NUM_BUFFERS - 1 blocks ahead
    # into rotating shared buffers, each group waited for before its block is read.
    xs = gl.program_id(0) * XBLOCK + gl.arange(0, XBLOCK, layout=gl.SliceLayout(1, layout))
    ys = gl.arange(0, YBLOCK, layout=gl.SliceLayout(0, layout))
    offs = xs[:, None] * ynumel + ys[None, :]
    a_smem = gl.allocate_shared_memory(gl.float32, [NUM_BUFFERS, XBLOCK, YBLOCK], smem_layout)
    b_smem = gl.allocate_shared_memory(gl.float32, [NUM_BUFFERS, XBLOCK, YBLOCK], smem_layout)
    for i in gl.static_range(NUM_BUFFERS - 1):
        cp.async_load(a_smem.index(i), a_ptr + offs + i * YBLOCK, mask=ys[None, :] + i * YBLOCK < ynumel)
        cp.async_load(b_smem.index(i), b_ptr + offs + i * YBLOCK, mask=ys[None, :] + i * YBLOCK < ynumel)
        cp.commit_group()
    n = gl.cdiv(ynumel, YBLOCK)
    for i in range(n):
        nxt = i + NUM_BUFFERS - 1
        cp.async_load(a_smem.index(nxt % NUM_BUFFERS), a_ptr + offs + nxt * YBLOCK,
                      mask=ys[None, :] + nxt * YBLOCK < ynumel)
        cp.async_load(b_smem.index(nxt % NUM_BUFFERS), b_ptr + offs + nxt * YBLOCK,
                      mask=ys[None, :] + nxt * YBLOCK < ynumel)
        cp.commit_group()
        cp.wait_group(NUM_BUFFERS - 1)
        a = a_smem.index(i % NUM_BUFFERS).load(layout)
        b = b_smem.index(i % NUM_BUFFERS).load(layout)
        gl.store(c_ptr + offs + i * YBLOCK, a + b, mask=ys[None, :] + i * YBLOCK < ynumel)
        gl.thread_barrier()  # every thread read the buffer before the copy that reuses it


def test_ampere_async_copy_pipeline():
    """gl.nvidia.ampere.async_copy (cp.async_load / commit_group / wait_group)
    in the tutorial's multi-buffered form, 64-lane layouts for the AMD
    emulator (buffer_load ... lds there, cp.async on NVIDIA)."""
    rng = np.random.default_rng(5)
    xnumel, ynumel = 8, 200
    a, b = rng.random((xnumel, ynumel), dtype=np.float32), rng.random((xnumel, ynumel), dtype=np.float32)
    c = np.full_like(a, np.nan)
    layout = gl.BlockedLayout([1, 1], [1, 64], [4, 1], [1, 0])
    smem_layout = gl.SwizzledSharedLayout(vec=1, per_phase=1, max_phase=1, order=[1, 0])
    add_pipelined_kernel[(xnumel // 4,)](a, b, c, ynumel, XBLOCK=4, YBLOCK=64, NUM_BUFFERS=3, layout=layout,
                                          smem_layout=smem_layout, num_warps=4)
    np.testing.assert_array_equal(c, a + b)
