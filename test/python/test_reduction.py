"""Reductions (tl.sum, tl.max, tl.min, tl.argmax, tl.argmin, tl.xor_sum,
tl.reduce), tl.num_programs and the tl.multiple_of / tl.max_contiguous
hints: the IR they build, their layouts, and their errors. Their numerics
run on the H200 (bench/gpu/suite.py, kinds softmax/rowsum/reduce)."""

import re

import pytest

from tlxamd import compiler
from tlxamd import language as tl


@tl.jit
def _absmax(a, b):
    return tl.maximum(tl.abs(a), tl.abs(b))


@tl.jit
def _two_values(a, b):
    return a, b


@tl.jit
def _to_int(a, b):
    return (a + b).to(tl.int32)


def _tile_kernel(op, axis=1, keep_dims=False, dtype=tl.float32, out_dtype=tl.float32, layout=None):
    @tl.kernel(num_warps=4)
    def k(x: tl.pointer(dtype), out: tl.pointer(out_dtype)):
        rows = tl.arange(0, 64)
        cols = tl.arange(0, 128)
        v = tl.load(x + rows[:, None] * 128 + cols[None, :])
        if layout is not None:
            v = tl.convert_layout(v, layout)
        r = op(v, axis, keep_dims)
        if layout is not None:
            pass  # the result's layout is checked, nothing stored
        elif keep_dims:
            tl.store(out + rows[:, None] + cols[None, :] * 0, tl.broadcast_to(r, [64, 128]))
        elif axis == 1:
            tl.store(out + rows, r)
        else:
            tl.store(out + cols, r)
    return k


def _reduce_body(text):
    m = re.search(r"tlxamd\.reduce (.*?)\n(.*?)tlxamd\.reduce\.return", text, re.S)
    assert m, text
    return m.group(1), m.group(2)


@pytest.mark.parametrize("name,op,combine", [
    ("sum", lambda v, a, k: tl.sum(v, axis=a, keep_dims=k), "arith.addf"),
    ("max", lambda v, a, k: tl.max(v, axis=a, keep_dims=k), "arith.maxnumf"),
    ("min", lambda v, a, k: tl.min(v, axis=a, keep_dims=k), "arith.minnumf"),
    ("reduce", lambda v, a, k: tl.reduce(v, a, _absmax, keep_dims=k), "math.absf"),
])
def test_reduction_ir_and_layouts(name, op, combine):
    raw = str(_tile_kernel(op).build(target="gfx950", assign_layouts=False))
    head, body = _reduce_body(raw)
    assert "{axis = 1 : i32} : tensor<64x128xf32> -> tensor<64xf32>" in head
    assert combine in body
    laid = str(_tile_kernel(op).build(target="gfx950"))
    m = re.search(r"tlxamd\.reduce .* : tensor<64x128xf32, (#tlxamd\.blocked<.*?>)> -> "
                  r"tensor<64xf32, #tlxamd\.slice<\{dim = 1, parent = (#tlxamd\.blocked<.*?>)\}>>", laid)
    assert m and m.group(1) == m.group(2), laid
    compiler.compile(_tile_kernel(op).build(target="sm_90a"), target="sm_90a")


def test_keep_dims_and_axis_zero():
    raw = str(_tile_kernel(lambda v, a, k: tl.max(v, axis=a, keep_dims=k), axis=0, keep_dims=True)
              .build(target="gfx950", assign_layouts=False))
    assert "-> tensor<128xf32>" in raw
    assert "tlxamd.expand_dims" in raw and "tensor<128xf32> -> tensor<1x128xf32>" in raw


def test_sum_of_narrow_integers_accumulates_in_int32():
    raw = str(_tile_kernel(lambda v, a, k: tl.sum(v, axis=a), dtype=tl.int8, out_dtype=tl.int32)
              .build(target="gfx950", assign_layouts=False))
    head, body = _reduce_body(raw)
    assert "tensor<64x128xi32> -> tensor<64xi32>" in head and "arith.addi" in body
    assert "arith.extsi" in raw


def test_argmax_reduces_values_and_indices_together():
    raw = str(_tile_kernel(lambda v, a, k: tl.argmax(v, axis=a), out_dtype=tl.int32)
              .build(target="gfx950", assign_layouts=False))
    head, body = _reduce_body(raw)
    assert "tensor<64x128xf32>, tensor<64x128xi32> -> tensor<64xf32>, tensor<64xi32>" in head
    # ties keep the smaller index (Triton's tie_break_left)
    assert "arith.cmpf ogt" in body and "arith.cmpf oeq" in body and "arith.cmpi slt" in body
    compiler.compile(_tile_kernel(lambda v, a, k: tl.argmin(v, axis=a), out_dtype=tl.int32)
                     .build(target="gfx950"), target="gfx950")


def test_explicit_layout_results_are_slices():
    lay = tl.blocked_layout([1, 4], [4, 16], [4, 1], [1, 0])
    laid = str(_tile_kernel(lambda v, a, k: tl.argmax(v, axis=a), out_dtype=tl.int32, layout=lay)
               .build(target="gfx950", assign_layouts=False))
    # the indices are built in the input's layout, no conversion before the reduction
    assert re.search(r"tlxamd\.make_range 0 to 128 : tensor<128xi32, #tlxamd\.slice<\{dim = 0, parent = "
                     r"#tlxamd\.blocked<\{size_per_thread = \[1, 4\]", laid), laid
    assert "-> tensor<64xf32, #tlxamd.slice<{dim = 1, parent = #tlxamd.blocked<{size_per_thread = [1, 4]" in laid


def test_rank1_reduces_to_a_scalar_and_axis_none():
    @tl.kernel(num_warps=4)
    def k(x: tl.pointer(tl.float32), out: tl.pointer(tl.float32)):
        v = tl.load(x + tl.arange(0, 64)[:, None] * 32 + tl.arange(0, 32)[None, :])
        s = tl.sum(v)  # every dimension
        m = tl.max(tl.load(x + tl.arange(0, 256)), axis=0)
        tl.store(out, s + m)

    raw = str(k.build(target="gfx950", assign_layouts=False))
    assert raw.count("tlxamd.reduce ") == 3
    assert "tensor<64x32xf32> -> tensor<64xf32>" in raw and "tensor<64xf32> -> f32" in raw
    assert "tensor<256xf32> -> f32" in raw
    compiler.compile(k.build(target="gfx942"), target="gfx942")


def test_num_programs_and_hints():
    @tl.kernel(num_warps=4)
    def k(x: tl.pointer(tl.float32), n_rows: tl.int32, stride: tl.int32):
        stride = tl.multiple_of(stride, 16)
        cols = tl.arange(0, 256)
        for row in range(tl.program_id(0), n_rows, tl.num_programs(0)):
            base = tl.multiple_of(row * stride, 32)
            offs = tl.max_contiguous(base + cols, 256)
            tl.store(x + offs, tl.load(x + offs) * 2.0)

    raw = str(k.build(target="gfx950", assign_layouts=False))
    assert "tlxamd.num_programs 0 : i32" in raw
    # the kernel argument's assumption, as Triton's launcher specializes it
    assert re.search(r"%arg2: i32 \{tlxamd.divisibility = 16 : i32\}", raw), raw
    assert "tlxamd.divisibility = 32 : i32" in raw
    assert "tlxamd.contiguity = array<i32: 256>" in raw
    for target in ("gfx950", "sm_90a"):
        compiler.compile(k.build(target=target), target=target)


def test_stride_hint_widens_the_access():
    def build(hint):
        @tl.kernel(num_warps=4)
        def k(x: tl.pointer(tl.float32), y: tl.pointer(tl.float32), stride: tl.int32):
            if hint:
                stride = tl.multiple_of(stride, 16)
            offs = tl.program_id(0) * stride + tl.arange(0, 1024)
            tl.store(y + offs, tl.load(x + offs))
        return compiler.compile(k.build(target="gfx950"), target="gfx950").asm

    # (a stride of unknown sign keeps the access off the buffer path)
    assert "global_load_dwordx4" in build(True)
    assert "global_load_dwordx4" not in build(False) and "global_load_dword " in build(False)


@pytest.mark.parametrize("body,exc,message", [
    (lambda v: tl.sum(v, axis=2), ValueError, "sum axis must be an int in -2..1 for a rank-2 tensor, got 2"),
    (lambda v: tl.reduce(v, 0, 3), TypeError, "reduce combine_fn must be a function"),
    (lambda v: tl.reduce(v, 0, _two_values), TypeError, "must return 1 value(s), one per input, got 2"),
    (lambda v: tl.reduce(v, 0, _to_int), TypeError,
     "the combine function's value 0 must be a float32 scalar (the element type of input 0), got int32"),
    (lambda v: tl.reduce((v, tl.arange(0, 64)), 0, _absmax), ValueError,
     "reduce inputs must have one shape; input 1 is [64], input 0 is [64, 32]"),
    (lambda v: tl.xor_sum(v, 0), TypeError, "xor_sum needs integers, got float32"),
    (lambda v: tl.multiple_of(v, 0), TypeError, "multiple_of values must be positive ints"),
    (lambda v: tl.multiple_of(v, 16), TypeError, "multiple_of needs integers or pointers, got float32"),
    (lambda v: tl.num_programs(3), ValueError, "num_programs axis must be 0, 1 or 2, got 3"),
])
def test_misuse_is_a_clear_error(body, exc, message):
    @tl.kernel(num_warps=4)
    def k(x: tl.pointer(tl.float32)):
        v = tl.load(x + tl.arange(0, 64)[:, None] * 32 + tl.arange(0, 32)[None, :])
        body(v)

    with pytest.raises(exc) as e:
        k.build(target="gfx950")
    assert message in str(e.value)
    assert "test_reduction.py" in str(e.value)  # the kernel's line


def test_atomics_ir():
    @tl.kernel(num_warps=4)
    def k(p: tl.pointer(tl.int32), f: tl.pointer(tl.float32), n: tl.int32):
        offs = tl.arange(0, 256)
        m = offs < n
        tl.atomic_add(p + offs, 1, mask=m)
        tl.atomic_max(f + offs, 1.0, sem="relaxed", scope="cta")
        tl.atomic_xor(p + offs, offs)
        tl.atomic_cas(p, 0, 1)

    raw = str(k.build(target="gfx950", assign_layouts=False))
    assert "tlxamd.atomic_rmw add" in raw and " mask " in raw
    assert "tlxamd.atomic_rmw max" in raw and "sem relaxed scope cta" in raw
    assert "tlxamd.atomic_rmw xor" in raw and "tlxamd.atomic_cas" in raw
    for target in ("gfx942", "sm_90a"):
        compiler.compile(k.build(target=target), target=target)


@pytest.mark.parametrize("body,exc,message", [
    (lambda p, h: tl.atomic_add(h + tl.arange(0, 64), 1.0), TypeError,
     "atomic_add takes pointers to 32- or 64-bit integers or floats, got bfloat16"),
    (lambda p, h: tl.atomic_and(p, 1.0), TypeError, "atomic_and needs integers, got float32"),
    (lambda p, h: tl.atomic_add(p, 1.0, sem="seq_cst"), ValueError, "sem must be one of"),
    (lambda p, h: tl.atomic_add(p + tl.arange(0, 64), tl.zeros([32], tl.float32)), ValueError,
     "val shape (32,) does not broadcast to the pointers' shape (64,)"),
])
def test_atomic_misuse(body, exc, message):
    @tl.kernel(num_warps=4)
    def k(p: tl.pointer(tl.float32), h: tl.pointer(tl.bfloat16)):
        body(p, h)

    with pytest.raises(exc) as e:
        k.build(target="gfx950")
    assert message in str(e.value) and "test_reduction.py" in str(e.value)


@pytest.mark.parametrize("lanes_along_rows", [1, 4])
def test_lane_butterflies_with_rows_in_the_low_lane_bits(lanes_along_rows):
    """gfx950, emulated: a row sum whose reduced lanes are lane bits 2-5
    (bits 0-1 hold different rows) takes XOR shuffles for lane masks 4 and
    8 (ds_swizzle); with every lane bit reduced it takes DPP row mirrors.
    Both exact against numpy."""
    import numpy as np

    from tlxamd import emulator

    lay = tl.blocked_layout([1, 1], [lanes_along_rows, 64 // lanes_along_rows], [1, 4], [0, 1])

    @tl.kernel(num_warps=4)
    def k(x: tl.pointer(tl.float32), out: tl.pointer(tl.float32)):
        rows = tl.arange(0, 4, layout=tl.slice_layout(1, lay))
        cols = tl.arange(0, 256, layout=tl.slice_layout(0, lay))
        v = tl.load(x + rows[:, None] * 256 + cols[None, :])
        tl.store(out + rows, tl.sum(v, 1))

    compiled = compiler.compile(k.build(target="gfx950"), target="gfx950")
    mirrors = "row_half_mirror" in compiled.asm and "row_mirror" in compiled.asm
    assert mirrors == (lanes_along_rows == 1), compiled.asm.count("row_mirror")
    x = (np.arange(4 * 256, dtype=np.float32) % 13).reshape(4, 256)
    out = np.zeros(4, np.float32)
    emulator.run(compiled, (1,), x, out)
    np.testing.assert_array_equal(out, x.sum(1))
