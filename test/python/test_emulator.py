"""The AMD emulator (tlxamd.emulator) runs kernels compiled for gfx950 and
gfx942, as lowered (LLVM dialect + ROCDL), against numpy: masked buffer
accesses, the reductions' DPP / ds_swizzle / ds_bpermute butterflies and
LDS partials, layout changes through LDS, shape ops. A mutated lowering
must fail, and ops it does not model stop with an error naming them."""

import numpy as np
import pytest

from tlxamd import compiler, emulator
from tlxamd import language as tl

TARGETS = ["gfx950", "gfx942"]


@tl.kernel(num_warps=4)
def masked_scale(x: tl.pointer(tl.float32), y: tl.pointer(tl.float32), n: tl.int32):
    offs = tl.program_id(0) * 1024 + tl.arange(0, 1024)
    m = offs < n
    v = tl.load(x + offs, mask=m, other=-1.0)
    tl.store(y + offs, v * 2.0 + 1.0, mask=m)


@tl.kernel(num_warps=4)
def softmax(out: tl.pointer(tl.float32), x: tl.pointer(tl.float32), stride: tl.int32, n_cols: tl.int32,
            BLOCK: tl.constexpr):
    stride = tl.multiple_of(stride, 8)
    n_cols = tl.multiple_of(n_cols, 8)
    offs = tl.arange(0, BLOCK)
    mask = offs < n_cols
    row = tl.program_id(0)
    v = tl.load(x + row * stride + offs, mask=mask, other=-float("inf"))
    v = v - tl.max(v, axis=0)
    num = tl.exp(v)
    tl.store(out + row * stride + offs, num / tl.sum(num, axis=0), mask=mask)


@tl.kernel(num_warps=4)
def trans_tile(x: tl.pointer(tl.float32), y: tl.pointer(tl.float32), R: tl.int32):
    R = tl.multiple_of(R, 64)
    rows = tl.program_id(0) * 64 + tl.arange(0, 64)
    cols = tl.arange(0, 128)
    v = tl.load(x + rows[:, None] * 128 + cols[None, :])
    tl.store(y + cols[:, None] * R + rows[None, :], tl.trans(v))


@tl.kernel(num_warps=4)
def pairs(x: tl.pointer(tl.float32), y: tl.pointer(tl.float32), z: tl.pointer(tl.float32)):
    pid = tl.program_id(0)
    offs = pid * 2048 + tl.arange(0, 2048)
    re, im = tl.split(tl.load(x + offs).reshape(1024, 2))
    tl.store(y + offs, tl.join(im, re * re + im * im).reshape(2048))
    v = tl.load(x + pid * 2048 + tl.arange(0, 1024))
    tl.store(z + pid * 4096 + tl.arange(0, 2048), tl.cat(v, v * 3.0))
    tl.store(z + pid * 4096 + 2048 + tl.arange(0, 2048), tl.interleave(v, -v))


@tl.kernel(num_warps=4)
def tile_reductions(x: tl.pointer(tl.float32), s: tl.pointer(tl.float32), a: tl.pointer(tl.int32)):
    rows = tl.program_id(0) * 64 + tl.arange(0, 64)
    cols = tl.arange(0, 128)
    v = tl.load(x + rows[:, None] * 128 + cols[None, :])
    tl.store(s + rows, tl.sum(v, axis=1))
    tl.store(a + tl.program_id(0) * 128 + cols, tl.argmax(v, axis=0))


def _compile(kernel, target, **consts):
    return compiler.compile(kernel.build(target=target, **consts), target=target)


@pytest.mark.parametrize("target", TARGETS)
def test_masked_ragged(target):
    n = 3000
    x = np.random.default_rng(0).standard_normal(n).astype(np.float32)
    y = np.full(n + 1100, np.nan, np.float32)
    emulator.run(_compile(masked_scale, target), (3,), x, y, n)
    assert np.array_equal(y[:n], x * 2 + 1)
    assert np.isnan(y[n:]).all()  # masked lanes write nothing


@pytest.mark.parametrize("target", TARGETS)
def test_softmax(target):
    rows, cols = 6, 1000
    x = np.random.default_rng(1).standard_normal((rows, cols)).astype(np.float32)
    y = np.full_like(x, np.nan)
    emulator.run(_compile(softmax, target, BLOCK=1024), (rows,), y, x, cols, cols)
    e = np.exp(x.astype(np.float64) - x.max(1, keepdims=True))
    np.testing.assert_allclose(y, e / e.sum(1, keepdims=True), rtol=1e-5, atol=1e-7)


@pytest.mark.parametrize("target", TARGETS)
def test_transpose_through_lds(target):
    R = 128
    x = np.random.default_rng(2).standard_normal((R, 128)).astype(np.float32)
    y = np.full((128, R), np.nan, np.float32)
    emulator.run(_compile(trans_tile, target), (R // 64,), x, y, R)
    assert np.array_equal(y, x.T)


@pytest.mark.parametrize("target", TARGETS)
def test_shape_ops(target):
    tiles = 2
    x = np.random.default_rng(3).standard_normal(tiles * 2048).astype(np.float32)
    y = np.full_like(x, np.nan)
    z = np.full(tiles * 4096, np.nan, np.float32)
    emulator.run(_compile(pairs, target), (tiles,), x, y, z)
    p = x.reshape(-1, 2)
    assert np.array_equal(y, np.stack([p[:, 1], p[:, 0] * p[:, 0] + p[:, 1] * p[:, 1]], -1).reshape(-1))
    for t in range(tiles):
        v = x[t * 2048:t * 2048 + 1024]
        assert np.array_equal(z[t * 4096:t * 4096 + 2048], np.concatenate([v, v * 3]))
        assert np.array_equal(z[t * 4096 + 2048:(t + 1) * 4096], np.stack([v, -v], -1).reshape(-1))


@pytest.mark.parametrize("target", TARGETS)
def test_reductions(target):
    tiles = 2
    x = np.random.default_rng(4).standard_normal((tiles * 64, 128)).astype(np.float32)
    s = np.full(tiles * 64, np.nan, np.float32)
    a = np.full(tiles * 128, -1, np.int32)
    emulator.run(_compile(tile_reductions, target), (tiles,), x, s, a)
    np.testing.assert_allclose(s, x.astype(np.float64).sum(1), rtol=1e-5, atol=1e-5)
    assert np.array_equal(a, x.reshape(tiles, 64, 128).argmax(1).reshape(-1))


@tl.kernel(num_warps=4)
def buffer_ops(src: tl.pointer(tl.float32), dst: tl.pointer(tl.float32), n: tl.int32, shift: tl.int32):
    offs = tl.program_id(0) * 1024 + tl.arange(0, 1024)
    # B8: masked-out elements read `other`, four-element groups cut by n
    v = tl.buffer_load(src, offs, mask=offs < n, other=-5.0, contiguity=4)
    # B15: negative offsets are out of the buffer's range: they read 0
    w = tl.buffer_load(src, offs - shift)
    tl.buffer_store(v + w * 1000.0, dst, offs, mask=offs < n + 2)


@pytest.mark.parametrize("target", TARGETS)
def test_buffer_range_and_masks(target):  # B8, B15
    n, shift = 1030, 6
    x = np.arange(2048, dtype=np.float32) + 1
    y = np.full(2048, np.nan, np.float32)
    emulator.run(_compile(buffer_ops, target), (2,), x, y, n, shift)
    i = np.arange(2048)
    v = np.where(i < n, x, -5.0)
    w = np.where(i - shift >= 0, x[np.clip(i - shift, 0, None)], 0.0)
    ref = np.where(i < n + 2, v + w * 1000, np.nan)
    assert np.array_equal(y, ref, equal_nan=True)


@tl.kernel(num_warps=4)
def packed_atomics(x: tl.pointer(tl.bfloat16), acc: tl.pointer(tl.bfloat16), old: tl.pointer(tl.bfloat16),
                   n: tl.int32):
    offs = tl.arange(0, 512)
    lay = tl.blocked_layout([2], [64], [4], [0])
    offs = tl.convert_layout(offs, lay)
    v = tl.load(x + offs)
    # B16, B18: bf16 pairs, the mask uniform over each pair; the old values
    n = tl.multiple_of(n, 2)  # an even bound: whole pairs
    o = tl.buffer_atomic_add(acc, offs, v, mask=offs < n, contiguity=2)
    tl.store(old + offs, o)


def _bf16(a):
    u = a.astype(np.float32).view(np.uint32)
    return ((u + 0x7FFF + ((u >> 16) & 1)) & 0xFFFF0000).view(np.float32)


def _bits16(a):
    return (a.view(np.uint32) >> 16).astype(np.uint16)


def test_packed_bf16_buffer_atomics():  # B16, B18
    pairs = 200
    x = _bf16(np.random.default_rng(6).standard_normal(512))
    start = _bf16(np.random.default_rng(7).standard_normal(512))
    xb, acc, old = _bits16(x), _bits16(start), np.zeros(512, np.uint16)
    emulator.run(_compile(packed_atomics, "gfx950"), (1,), xb, acc, old, 2 * pairs)
    back = (acc.astype(np.uint32) << 16).view(np.float32)
    i = np.arange(512)
    assert np.array_equal(back, np.where(i // 2 < pairs, _bf16(start + x), start))
    seen = (old.astype(np.uint32) << 16).view(np.float32)
    assert np.array_equal(seen[:2 * pairs], start[:2 * pairs])


@tl.kernel(num_warps=4)
def hist(x: tl.pointer(tl.int32), bins: tl.pointer(tl.int32), old: tl.pointer(tl.int32), n: tl.int32):
    offs = tl.program_id(0) * 256 + tl.arange(0, 256)
    m = offs < n
    v = tl.load(x + offs, mask=m, other=0)
    tl.store(old + offs, tl.atomic_add(bins + (v & 15), 1, mask=m), mask=m)


@tl.kernel(num_warps=4)
def bucket_max(x: tl.pointer(tl.float32), out: tl.pointer(tl.float32), n: tl.int32):
    offs = tl.program_id(0) * 256 + tl.arange(0, 256)
    m = offs < n
    tl.atomic_max(out + (offs & 7), tl.load(x + offs, mask=m, other=0.0), mask=m, sem="relaxed")


@tl.kernel(num_warps=4)
def ticket(counter: tl.pointer(tl.int32), tickets: tl.pointer(tl.int32)):
    tl.store(tickets + tl.program_id(0), tl.atomic_add(counter, 1))


@tl.kernel(num_warps=4)
def claim(slots: tl.pointer(tl.int32), seen: tl.pointer(tl.int32)):
    i = tl.arange(0, 256)
    tl.store(seen + tl.program_id(0) * 256 + i, tl.atomic_cas(slots + i, -1, tl.program_id(0) + i * 0))


@pytest.mark.parametrize("target", TARGETS)
def test_atomics(target):
    n = 1000
    rng = np.random.default_rng(8)
    x = rng.integers(-100, 100, n).astype(np.int32)
    bins, old = np.zeros(16, np.int32), np.full(n, -99, np.int32)
    emulator.run(_compile(hist, target), (4,), x, bins, old, n)
    assert np.array_equal(bins, np.bincount(x & 15, minlength=16))
    for b in range(16):  # each update saw a distinct count
        assert sorted(old[(x & 15) == b]) == list(range(bins[b]))
    xf = rng.standard_normal(n).astype(np.float32)
    out = np.full(8, -np.inf, np.float32)
    emulator.run(_compile(bucket_max, target), (4,), xf, out, n)  # float max on the bits
    assert np.array_equal(out, [xf[(np.arange(n) & 7) == b].max() for b in range(8)])
    counter, tickets = np.zeros(1, np.int32), np.full(5, -1, np.int32)
    emulator.run(_compile(ticket, target), (5,), counter, tickets)  # thread 0's atomic, through LDS
    assert counter[0] == 5 and sorted(tickets) == list(range(5))
    slots, seen = np.full(256, -1, np.int32), np.zeros(3 * 256, np.int32)
    emulator.run(_compile(claim, target), (3,), slots, seen)
    assert (slots == 0).all() and (seen[:256] == -1).all() and (seen[256:] == 0).all()


def test_a_mutated_lowering_fails():
    """The first DPP butterfly step (quad_perm [1,0,3,2] = 177) made the
    identity (quad_perm [0,1,2,3] = 228): the row maximum and sum miss
    lanes, and the emulator's result no longer matches."""
    k = _compile(softmax, "gfx950", BLOCK=1024)
    assert "with 177," in k.mlir
    rows, cols = 2, 1000
    x = np.random.default_rng(5).standard_normal((rows, cols)).astype(np.float32)
    e = np.exp(x.astype(np.float64) - x.max(1, keepdims=True))
    ref = e / e.sum(1, keepdims=True)
    good = np.full_like(x, np.nan)
    emulator.run(k, (rows,), good, x, cols, cols)
    np.testing.assert_allclose(good, ref, rtol=1e-5, atol=1e-7)

    from tlxamd import ir
    from tlxamd.language.core import _default_context

    with _default_context():
        mutated = ir.Module.parse(k.mlir.replace("with 177,", "with 228,"))
        bad = np.full_like(x, np.nan)
        emulator.run(mutated, (rows,), bad, x, cols, cols)
    assert not np.allclose(bad, ref, rtol=1e-3)


# A raw buffer over the first `records` bytes of %src; each lane loads a
# <4 x i32> (dword x4), an i16 and (lane 0) does an atomic add, at voffset
# lane * 4 + %bias with soffset %soff; everything is stored per lane to %dst.
_RAW_BUFFER = """
llvm.func @raw(%src: !llvm.ptr<1>, %dst: !llvm.ptr<1>, %records: i64, %bias: i32, %soff: i32)
    attributes {gpu.kernel, rocdl.kernel, rocdl.reqd_work_group_size = array<i32: 64, 1, 1>} {
  %lane = rocdl.workitem.id.x : i32
  %z = llvm.mlir.constant(0 : i32) : i32
  %s0 = llvm.mlir.constant(0 : i16) : i16
  %fl = llvm.mlir.constant(159744 : i32) : i32
  %four = llvm.mlir.constant(4 : i32) : i32
  %one = llvm.mlir.constant(1 : i32) : i32
  %r = rocdl.make.buffer.rsrc %src, %s0, %records, %fl : <1> to <8>
  %l4 = llvm.mul %lane, %four : i32
  %off = llvm.add %l4, %bias : i32
  %v = rocdl.raw.ptr.buffer.load %r, %off, %soff, %z : vector<4xi32>
  %h = rocdl.raw.ptr.buffer.load %r, %off, %soff, %z : i16
  %old = llvm.call_intrinsic "llvm.amdgcn.raw.ptr.buffer.atomic.add.i32"(%one, %r, %off, %soff, %z)
      : (i32, !llvm.ptr<8>, i32, i32, i32) -> i32
  %pv = llvm.getelementptr %dst[%lane] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, vector<8xi32>
  llvm.store %v, %pv : vector<4xi32>, !llvm.ptr<1>
  %ph = llvm.getelementptr %pv[4] : (!llvm.ptr<1>) -> !llvm.ptr<1>, i32
  %hw = llvm.sext %h : i16 to i32
  llvm.store %hw, %ph : i32, !llvm.ptr<1>
  %po = llvm.getelementptr %pv[5] : (!llvm.ptr<1>) -> !llvm.ptr<1>, i32
  llvm.store %old, %po : i32, !llvm.ptr<1>
  llvm.return
}
"""


def _raw_buffer(records, bias, soff):
    from tlxamd import ir
    from tlxamd.language.core import _default_context

    src = np.arange(1000, 1000 + 512, dtype=np.int32)
    out = np.full((64, 8), -1, np.int32)
    with _default_context():
        emulator.run(ir.Module.parse(_RAW_BUFFER), (1,), src, out, records, bias, soff)
    return src, out


def _dword(src, byte):
    return int(src.view(np.uint8)[byte:byte + 4].view(np.int32)[0])


@pytest.mark.parametrize("bias", [0, 2, -8])
def test_raw_buffer_range_check(bias):  # B15, P2
    """Dword x4 accesses straddling num_records keep their in-range dwords
    (checked per dword); narrower accesses and atomics are all or nothing;
    a negative voffset is a huge unsigned one (never wraps into range)."""
    records = 100  # 25 dwords
    src0 = np.arange(1000, 1000 + 512, dtype=np.int32)
    src, out = _raw_buffer(records, bias, 0)
    for lane in range(64):
        off = lane * 4 + bias  # as i32, then unsigned
        uoff = off & 0xFFFFFFFF
        want = [_dword(src0, uoff + 4 * j) if uoff + 4 * j + 4 <= records else 0 for j in range(4)]
        assert list(out[lane, :4]) == want, (lane, off)
        half = int(src0.view(np.int16)[uoff // 2]) if uoff + 2 <= records and uoff % 2 == 0 else 0
        assert out[lane, 4] == half, (lane, off)
        if bias % 4 == 0:  # dword atomics at dword addresses
            assert out[lane, 5] == (_dword(src0, uoff) if uoff + 4 <= records else 0), (lane, off)
    if bias % 4 == 0:
        hit = [(lane * 4 + bias) // 4 for lane in range(64) if 0 <= lane * 4 + bias <= records - 4]
        assert np.array_equal(src - src0, np.bincount(hit, minlength=512))


def test_raw_buffer_soffset_is_not_range_checked():
    """soffset moves the address but not the range check: voffsets below
    num_records read at soffset + voffset."""
    src0 = np.arange(1000, 1000 + 512, dtype=np.int32)
    _, out = _raw_buffer(64, 0, 256)
    for lane in range(64):
        want = [_dword(src0, 256 + lane * 4 + 4 * j) if lane * 4 + 4 * j + 4 <= 64 else 0 for j in range(4)]
        assert list(out[lane, :4]) == want, lane


def test_a_mutated_bpermute_fails():
    """One ds_bpermute of the warp-shuffle layout change (the suite's
    convert_lanes kernel) reads its neighbour lane (address xor 4): the
    result no longer matches."""
    import os
    import sys

    from tlxamd import ir
    from tlxamd.language.core import _default_context

    sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "bench", "gpu"))
    import suite as gpu_suite

    kern, case = gpu_suite.kernels(64)["convert_lanes_f32"]
    k = compiler.compile(kern.build(target="gfx950"), target="gfx950", binary=False)
    x = np.random.default_rng(9).standard_normal(4096).astype(np.float32)
    good = np.full_like(x, np.nan)
    emulator.run(k, (1,), x, good)
    assert np.array_equal(good, x)
    lines = k.mlir.splitlines()
    i = next(i for i, line in enumerate(lines) if "rocdl.ds_bpermute" in line)
    res, rest = lines[i].split(" = rocdl.ds_bpermute ")
    addr = rest.split(",")[0]
    lines[i:i + 1] = ["%mut_c4 = llvm.mlir.constant(4 : i32) : i32",
                      f"%mut_a = llvm.xor {addr}, %mut_c4 : i32",
                      f"{res} = rocdl.ds_bpermute %mut_a," + rest.split(",", 1)[1]]
    with _default_context():
        mutated = ir.Module.parse("\n".join(lines))
    bad = np.full_like(x, np.nan)
    emulator.run(mutated, (1,), x, bad)
    assert not np.array_equal(bad, x)
    assert np.isin(bad, x).all()  # the elements are there, in the wrong places


def test_unmodelled_ops_are_named():
    k = _compile(softmax, "gfx950", BLOCK=1024)
    from tlxamd import ir
    from tlxamd.language.core import _default_context

    with _default_context():
        # an op the lowering never emits, in place of the first barrier
        barrier = 'llvm.inline_asm has_side_effects "s_waitcnt lgkmcnt(0)\\0As_barrier", "~{memory}"  : () -> ()'
        assert barrier in k.mlir
        text = k.mlir.replace(barrier, "rocdl.s.sleep 1", 1)
        module = ir.Module.parse(text)
        x = np.zeros((1, 1000), np.float32)
        with pytest.raises(emulator.EmulatorError, match="rocdl.s.sleep is not emulated"):
            emulator.run(module, (1,), np.zeros_like(x), x, 1000, 1000)


def test_arguments_are_checked():
    k = _compile(masked_scale, "gfx950")
    with pytest.raises(TypeError, match="takes 3 arguments, got 2"):
        emulator.run(k, (1,), np.zeros(4, np.float32), 4)
    nv = _compile(masked_scale, "sm_90a")
    with pytest.raises(emulator.EmulatorError, match="kernels compiled for AMD targets"):
        emulator.run(nv, (1,), np.zeros(4, np.float32), np.zeros(4, np.float32), 4)


def test_trace_shows_lane_values():
    import io

    k = _compile(masked_scale, "gfx950")
    out = io.StringIO()
    x = np.arange(8, dtype=np.float32)
    emulator.run(k, (1,), x, np.zeros(8, np.float32), 8, trace=True, trace_file=out)
    text = out.getvalue()
    assert "rocdl.workitem.id.x" in text and "->  0 1 2 3 4 5 6 7" in text
    assert "[wg 0 wave 0]" in text and "rocdl.raw.ptr.buffer.store" in text
