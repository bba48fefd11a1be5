"""The tensor memory accelerator from Python (issue 13): tensor-descriptor
kernel parameters, mbarriers (Gluon's mbarrier.init / expect / wait and the
flat names) and tma.async_copy_global_to_shared, compiled for sm_90a and
checked in the PTX; the metadata the runtime encodes the tensor map from;
the host-side TensorDescriptor's checks; misuse as exceptions."""

import re

import pytest

from tlxamd import compiler, runtime
from tlxamd import language as tl
from tlxamd.experimental.gluon.language.nvidia.hopper import fence_async_shared, mbarrier, tma

LAYOUT = tl.nvmma_shared_layout(128, 16)
DESC = tl.tensor_descriptor(tl.float16, [64, 128], LAYOUT)


@tl.kernel
def tile(desc: DESC, y: tl.pointer(tl.float16), N: tl.int32):
    bar = tl.allocate_mbarrier()
    tl.mbarrier.init(bar, count=1)
    buf = tl.allocate_shared_memory(tl.float16, [64, 128], desc.layout)
    r0 = tl.program_id(0) * 64
    tl.mbarrier.expect(bar, desc.nbytes)
    tl.tma.async_copy_global_to_shared(desc, [r0, 0], bar, buf)
    tl.mbarrier.wait(bar, 0)
    r = r0 + tl.arange(0, 64)
    c = tl.arange(0, 128)
    tl.store(y + r[:, None] * N + c[None, :], buf.load())


@tl.kernel
def looped(desc: DESC, y: tl.pointer(tl.float16), per: tl.int32):
    bars = tl.allocate_mbarrier(batch=2)
    bar = bars.index(1)
    tl.mbarrier_init(bar, 1)
    buf = tl.allocate_shared_memory(tl.float16, [64, 128], LAYOUT)
    c = tl.arange(0, 128)
    for i in tl.range(0, per):
        tl.mbarrier_expect_tx(bar, 16384, pred=i >= 0)
        tl.async_tma_copy_global_to_shared(desc, [i * 64, 0], bar, buf)
        tl.mbarrier_wait(bar, i & 1)
        r = i * 64 + tl.arange(0, 64)
        tl.store(y + r[:, None] * 128 + c[None, :], buf.load())
    tl.mbarrier_arrive(bar, count=1)


def test_tile_ptx():
    k = compiler.compile(tile.build(target="sm_90a"), target="sm_90a")
    ptx = k.asm
    # the tensor map: a 128-byte, 64-aligned by-value parameter
    assert re.search(r"\.param \.align 64 \.b8 tile_param_0\[128\]", ptx)
    assert re.search(r"mbarrier\.init\.shared(::cta)?\.b64", ptx)
    assert "fence.mbarrier_init.release.cluster" in ptx
    assert re.search(r"mbarrier\.arrive\.expect_tx\.shared(::cta)?\.b64", ptx)
    # two 64 x 64 boxes of 128-byte rows make the 64 x 128 tile
    assert len(re.findall(r"cp\.async\.bulk\.tensor\.2d\.shared::cluster\.global\.mbarrier::complete_tx::bytes", ptx)) == 2
    assert "fence.proxy.async.shared::cta" in ptx
    assert "mbarrier.try_wait.parity" in ptx
    meta = k.kernels["tile"]
    assert meta["args"] == ["tensor_map", "ptr", "i32"]
    assert meta["tensor_maps"] == [{"arg": 0, "box": [64, 64], "element": "f16", "swizzle": 128}]


def test_loop_ptx_phases():
    ptx = compiler.compile(looped.build(target="sm_90a"), target="sm_90a").asm
    assert ptx.count("mbarrier.try_wait.parity") >= 1
    assert len(re.findall(r"cp\.async\.bulk\.tensor\.2d", ptx)) == 2
    assert re.search(r"mbarrier\.arrive\.shared(::cta)?\.b64", ptx)


def test_sm100a_accepts():
    ptx = compiler.compile(tile.build(target="sm_100a"), target="sm_100a").asm
    assert "cp.async.bulk.tensor.2d" in ptx


def test_amd_targets_reject():
    with pytest.raises(compiler.CompilationError, match="needs the tensor memory accelerator.*gfx950"):
        compiler.compile(tile.build(target="gfx950"), target="gfx950")


def test_bad_arguments():
    with pytest.raises(TypeError, match="nvmma_shared_layout"):
        tl.tensor_descriptor(tl.float16, [64, 64], tl.swizzled_shared_layout(1, 1, 1, [1, 0]))
    with pytest.raises(ValueError, match="needs at least 64 elements"):
        tl.tensor_descriptor(tl.float16, [64, 32], LAYOUT)
    with pytest.raises(TypeError, match="scalar dtype"):
        tl.tensor_descriptor(tl.pointer(tl.float16), [64, 64], LAYOUT)

    @tl.kernel
    def wrong_tile(desc: DESC):
        bar = tl.allocate_mbarrier()
        buf = tl.allocate_shared_memory(tl.float16, [64, 64], LAYOUT)
        tl.tma.async_copy_global_to_shared(desc, [0, 0], bar, buf)

    with pytest.raises(ValueError, match="block shape \\[64, 128\\]"):
        wrong_tile.build(target="sm_90a")

    @tl.kernel
    def not_a_barrier(desc: DESC):
        buf = tl.allocate_shared_memory(tl.float16, [64, 128], LAYOUT)
        tl.mbarrier.wait(buf, 0)

    with pytest.raises(TypeError, match="one mbarrier"):
        not_a_barrier.build(target="sm_90a")

    @tl.kernel
    def bad_count(desc: DESC):
        tl.mbarrier.init(tl.allocate_mbarrier(), count=0)

    with pytest.raises(ValueError, match="count must be an int"):
        bad_count.build(target="sm_90a")

    @tl.kernel
    def bad_coords(desc: DESC):
        bar = tl.allocate_mbarrier()
        buf = tl.allocate_shared_memory(tl.float16, [64, 128], LAYOUT)
        tl.tma.async_copy_global_to_shared(desc, [0], bar, buf)

    with pytest.raises(ValueError, match="2 coordinates"):
        bad_coords.build(target="sm_90a")


def test_host_descriptor_checks():
    with pytest.raises(ValueError, match="contiguous"):
        runtime.TensorDescriptor(0, [64, 64], [1, 64])
    with pytest.raises(ValueError, match="rank 1 to 5"):
        runtime.TensorDescriptor(0, [2] * 6, [1] * 6)
    with pytest.raises(ValueError, match="positive"):
        runtime.TensorDescriptor(0, [0, 64], [64, 1])


@tl.kernel
def copy_through(in_desc: DESC, out_desc: DESC):
    bar = tl.allocate_shared_memory(tl.int64, [1], mbarrier.MBarrierLayout())
    mbarrier.init(bar, count=1)
    buf = tl.allocate_shared_memory(in_desc.dtype, in_desc.block_shape, in_desc.layout)
    r0 = tl.program_id(0) * 64
    mbarrier.expect(bar, in_desc.block_type.nbytes)
    tma.async_load(in_desc, [r0, 0], bar, buf)
    mbarrier.wait(bar, phase=0, deps=[buf])
    mbarrier.invalidate(bar)
    fence_async_shared()
    tma.async_copy_shared_to_global(out_desc, [r0, 0], buf)
    tma.store_wait(pendings=0)


def test_tma_store_ptx():
    """Gluon's TMA store path (tutorial 04's memcpy): invalidation, the
    fence, one bulk-group store per box, the commit and the read wait."""
    ptx = compiler.compile(copy_through.build(target="sm_90a"), target="sm_90a").asm
    assert "mbarrier.inval.shared.b64" in ptx
    stores = re.findall(r"cp\.async\.bulk\.tensor\.2d\.global\.shared::cta\.bulk_group", ptx)
    assert len(stores) == 2  # two 64 x 64 boxes
    assert "cp.async.bulk.commit_group" in ptx
    assert len(re.findall(r"cp\.async\.bulk\.wait_group\.read\s+0;", ptx)) == 2  # the op's, and the exit's
    assert ptx.index("fence.proxy.async.shared::cta") < ptx.index("cp.async.bulk.tensor.2d.global")


def test_cluster_fence_and_global_store_wait_ptx():
    """`fence_async_shared(cluster=True)` and `store_wait(read_only=False)`
    (tutorial 04's message passing) in PTX, through ptxas."""

    @tl.kernel(num_warps=4, num_ctas=2)
    def k(desc: DESC):
        buf = tl.allocate_shared_memory(tl.float16, [64, 128], LAYOUT)
        fence_async_shared(cluster=True)
        tma.async_copy_shared_to_global(desc, [0, 0], buf)
        tma.store_wait(pendings=0, read_only=False)

    out = compiler.compile(k.build(target="sm_90a"), target="sm_90a", binary=True)
    assert "fence.proxy.async.shared::cluster;" in out.asm
    assert re.search(r"cp\.async\.bulk\.wait_group\s+0;", out.asm)  # the op's: global writes done
    assert out.binary


def test_tlx_store_names():
    import tlxamd.language.extra.tlx as tlx

    @tl.kernel
    def k(desc: DESC):
        buf = tlx.local_alloc((64, 128), tl.float16, 1, layout=LAYOUT)
        tlx.fence("async_shared")
        tlx.async_descriptor_store(desc, tlx.local_view(buf, 0), [0, 0])
        tlx.async_descriptor_store_wait(0)

    ptx = compiler.compile(k.build(target="sm_90a"), target="sm_90a").asm
    assert len(re.findall(r"cp\.async\.bulk\.tensor\.2d\.global\.shared::cta\.bulk_group", ptx)) == 2


def test_store_bad_arguments():
    @tl.kernel
    def wrong_src(desc: DESC):
        buf = tl.allocate_shared_memory(tl.float16, [64, 64], LAYOUT)
        tma.async_copy_shared_to_global(desc, [0, 0], buf)

    with pytest.raises(ValueError, match="src .* must be a tile of the descriptor's block shape \\[64, 128\\]"):
        wrong_src.build(target="sm_90a")

    @tl.kernel
    def bad_pendings(desc: DESC):
        tma.store_wait(pendings=-1)

    with pytest.raises(ValueError, match="pendings must be an int in \\[0, 63\\]"):
        bad_pendings.build(target="sm_90a")

    @tl.kernel
    def bad_read(desc: DESC):
        tma.store_wait(0, read_only=1)

    with pytest.raises(TypeError, match="read_only must be a bool"):
        bad_read.build(target="sm_90a")

    @tl.kernel
    def amd(desc: DESC):
        tl.fence_async_shared()

    with pytest.raises(compiler.CompilationError, match="fence_async_shared' op needs the tensor memory accelerator"):
        compiler.compile(amd.build(target="gfx950"), target="gfx950")


def test_default_nvmma_layouts():
    """Gluon's NVMMASharedLayout.get_default_for: the widest swizzle the
    contiguous bytes allow, none for rank 1 or fewer than 8 rows."""
    from tlxamd.experimental.gluon import language as gl

    get = gl.NVMMASharedLayout.get_default_for
    assert get([64, 64], gl.float16) == gl.NVMMASharedLayout(128, 16, 2, False)
    assert get([64, 32], gl.float16) == gl.NVMMASharedLayout(64, 16, 2, False)
    assert get([128, 8], gl.float32) == gl.NVMMASharedLayout(32, 32, 2, False)
    assert get([64, 4], gl.float16) == gl.NVMMASharedLayout(0, 16, 2, False)
    assert get([4, 64], gl.float16) == gl.NVMMASharedLayout(0, 16, 2, False)
    assert get([8192], gl.float32) == gl.NVMMASharedLayout(0, 32, 1, False)
    assert get([64, 32], gl.float16, transposed=True) == gl.NVMMASharedLayout(128, 16, 2, True)
    assert gl.float16.primitive_bitwidth == 16


def test_gluon_host_descriptor_kind():
    """A TensorDescriptor with a layout reaches a kernel as a TMA tensor map
    (its kind: the descriptor's element type, block shape and layout);
    without one, by its fields."""
    import numpy as np

    from tlxamd import _jit
    from tlxamd.experimental.gluon.nvidia.hopper import TensorDescriptor

    x = np.zeros((256, 128), np.float16)
    d = TensorDescriptor.from_tensor(x, [64, 128], LAYOUT)
    assert _jit._kind_of(d, True, True) == tl.tensor_descriptor(tl.float16, [64, 128], LAYOUT, with_shape=True)
    assert _jit._kind_of(d, True, True) != DESC
    plain = TensorDescriptor.from_tensor(x, [64, 128])
    assert isinstance(_jit._kind_of(plain, True, True), tl.host_tensor_descriptor)
    assert _jit._key_of(d) != _jit._key_of(plain)
    with pytest.raises(TypeError, match="NVMMASharedLayout"):
        TensorDescriptor.from_tensor(x, [64, 128], tl.swizzled_shared_layout(1, 1, 1, [1, 0]))
    with pytest.raises(NotImplementedError, match="padding"):
        TensorDescriptor.from_tensor(x, [64, 128], LAYOUT, padding="nan")
