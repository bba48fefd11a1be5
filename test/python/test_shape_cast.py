"""Shape ops (tl.trans, permute, reshape, view, cat, join, split, interleave)
and casts (fp8 dtypes, fp_downcast_rounding, bitcast): the IR they build,
their layouts, and their errors. Their numerics run on the H200
(bench/gpu/suite.py, kinds shape and cast)."""

import pytest

from tlxamd import compiler
from tlxamd import language as tl

BLOCKED = tl.blocked_layout([1, 4], [4, 16], [4, 1], [1, 0])


def _tile_kernel(body, layout=None):
    @tl.kernel(num_warps=4)
    def k(x: tl.pointer(tl.float32), y: tl.pointer(tl.float32)):
        rows = tl.arange(0, 64)
        cols = tl.arange(0, 128)
        v = tl.load(x + rows[:, None] * 128 + cols[None, :])
        if layout is not None:
            v = tl.convert_layout(v, layout)
        r = body(v)
        if not isinstance(r, tuple):
            r = (r,)
        for t in r if layout is None else ():  # explicit layouts: only the types are checked
            n = 1
            for e in t.shape:
                n *= e
            tl.store(y + tl.arange(0, n), tl.reshape(t, [n]))
    return k


@pytest.mark.parametrize("body,op,shape", [
    (lambda v: tl.trans(v), "tlxamd.trans", "tensor<128x64xf32>"),
    (lambda v: v.T, "tlxamd.trans", "tensor<128x64xf32>"),
    (lambda v: tl.permute(v, 1, 0), "tlxamd.trans", "tensor<128x64xf32>"),
    (lambda v: v.permute((1, 0)), "tlxamd.trans", "tensor<128x64xf32>"),
    (lambda v: v.reshape(32, 256), "tlxamd.reshape", "tensor<32x256xf32>"),
    (lambda v: tl.view(v, [8192]), "tlxamd.reshape", "tensor<8192xf32>"),
    (lambda v: tl.cat(v, v), "tlxamd.cat", "tensor<128x128xf32>"),
    (lambda v: tl.join(v, v), "tlxamd.join", "tensor<64x128x2xf32>"),
    (lambda v: tl.split(v.reshape(64, 64, 2)), "tlxamd.split", "tensor<64x64xf32>"),
    (lambda v: tl.interleave(v, v), "tlxamd.join", "tensor<64x128x2xf32>"),
])
def test_shape_ops_layout_free(body, op, shape):
    raw = str(_tile_kernel(body).build(target="gfx950", assign_layouts=False))
    line = next(ln for ln in raw.splitlines() if op in ln)
    assert line.rstrip().endswith(shape), line
    # laid out and compiled on both vendors
    for target in ("gfx950", "sm_90a"):
        compiler.compile(_tile_kernel(body).build(target=target), target=target)


def test_trans_of_blocked_stays_blocked_and_reshape_is_linear():
    seen = {}

    def body(v):
        t = tl.trans(v)
        seen["t"] = str(t.layout)
        r = v.reshape(8192)
        seen["r"] = str(r.layout)
        a, b = tl.split(tl.join(v, v))
        seen["s"] = (str(a.layout), str(b.layout))
        return r

    _tile_kernel(body, layout=BLOCKED).build(target="gfx950")
    assert seen["t"] == ("#tlxamd.blocked<{size_per_thread = [4, 1], threads_per_warp = [16, 4], "
                         "warps_per_cta = [1, 4], order = [0, 1]}>")
    assert seen["r"].startswith("#tlxamd.linear<{register = [[1], [2], [64], [2048], [4096]]")
    # join then split gives the operands' layout back (as its linear form)
    assert seen["s"][0] == seen["s"][1] and seen["s"][0].startswith("#tlxamd.linear<{register = [[0, 1], [0, 2]")


def test_cat_keeps_order_in_registers():
    seen = {}

    def body(v):
        c = tl.cat(v, v)
        seen["c"] = str(c.layout)
        return c

    _tile_kernel(body, layout=BLOCKED).build(target="gfx950")
    # the lhs registers, then the rhs ones: a top register bit of 64 rows
    assert "[64, 0]], lane" in seen["c"]


@pytest.mark.parametrize("body,exc,message", [
    (lambda v: tl.permute(v, 0, 0), ValueError, "permute dims must be a permutation of 0..1"),
    (lambda v: tl.trans(v.reshape(16, 16, 32)), ValueError, "trans without dims needs a 2-D tensor"),
    (lambda v: v.reshape(100, 10), ValueError, "reshape shape must be positive powers of two"),
    (lambda v: v.reshape(64), ValueError, "reshape of a tensor of 8192 elements (shape [64, 128]) to [64]"),
    (lambda v: tl.split(v), ValueError, "split needs a tensor of rank >= 2 whose last dimension is 2"),
    (lambda v: tl.cat(v, tl.arange(0, 64)), ValueError, "cannot broadcast shapes"),
    (lambda v: tl.split(tl.convert_layout(v.reshape(64, 64, 2), tl.blocked_layout([4, 1, 1], [16, 2, 2],
                                                                                   [4, 1, 1], [2, 1, 0]))),
     ValueError, "split needs both elements of each pair in one thread"),
    (lambda v: v.to(tl.float8e4nv) + 1.0, TypeError,
     "operator 'add' is not supported on float8e4nv (a storage format); convert with .to(tl.float32) first"),
    (lambda v: v.to(tl.float16, fp_downcast_rounding="rtp"), ValueError,
     "fp_downcast_rounding must be 'rtne' or 'rtz', got 'rtp'"),
    (lambda v: v.to(tl.float32, fp_downcast_rounding="rtz"), ValueError,
     "fp_downcast_rounding applies to narrowing float conversions, not float32 to float32"),
    (lambda v: v.to(tl.int16, bitcast=True), ValueError, "bitcast needs types of the same width"),
    (lambda v: tl.cast(v, "float16"), TypeError, "cast expects a tlxamd dtype"),
])
def test_misuse_is_a_clear_error(body, exc, message):
    @tl.kernel(num_warps=4)
    def k(x: tl.pointer(tl.float32)):
        v = tl.load(x + tl.arange(0, 64)[:, None] * 128 + tl.arange(0, 128)[None, :])
        body(v)

    with pytest.raises(exc) as e:
        k.build(target="gfx950")
    assert message in str(e.value)
    assert "test_shape_cast.py" in str(e.value)  # the kernel's line


FP8 = [(tl.float8e4nv, "f8E4M3FN"), (tl.float8e5, "f8E5M2"), (tl.float8e4b8, "f8E4M3FNUZ"),
       (tl.float8e5b16, "f8E5M2FNUZ")]


@pytest.mark.parametrize("dst,name", FP8 + [(tl.float16, "f16"), (tl.bfloat16, "bf16")])
@pytest.mark.parametrize("rounding", [None, "rtne", "rtz"])
def test_downcasts(dst, name, rounding):
    @tl.kernel(num_warps=4)
    def k(x: tl.pointer(tl.float32), y: tl.pointer(dst), z: tl.pointer(tl.float32)):
        offs = tl.arange(0, 1024)
        q = tl.load(x + offs).to(dst, fp_downcast_rounding=rounding)
        tl.store(y + offs, q)
        tl.store(z + offs, q.to(tl.float32))

    raw = str(k.build(target="gfx950", assign_layouts=False))
    trunc = next(ln for ln in raw.splitlines() if "arith.truncf" in ln)
    assert trunc.rstrip().endswith(f"tensor<1024x{name}>")
    # rtne is the default rounding: no attribute; rtz is the toward_zero mode
    assert ("toward_zero" in trunc) == (rounding == "rtz")
    for target in ("gfx942", "gfx950", "sm_90a"):
        compiler.compile(k.build(target=target), target=target)


def test_fp8_to_fp8_and_bitcast():
    @tl.kernel(num_warps=4)
    def k(x: tl.pointer(tl.float8e4nv), y: tl.pointer(tl.float8e5b16), z: tl.pointer(tl.int8)):
        offs = tl.arange(0, 256)
        v = tl.load(x + offs)
        tl.store(y + offs, v.to(tl.float8e5b16, fp_downcast_rounding="rtz"))
        tl.store(z + offs, v.to(tl.int8, bitcast=True))

    raw = str(k.build(target="gfx950", assign_layouts=False))
    # through f32 (exact), rounded once
    assert "arith.extf" in raw and "to tensor<256xf32>" in raw
    assert "toward_zero" in raw and "arith.bitcast" in raw
    for target in ("gfx950", "sm_90a"):
        compiler.compile(k.build(target=target), target=target)
