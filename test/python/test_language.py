"""tlxamd.language: traced kernels, the documents' examples, errors."""

import pytest

from tlxamd import compiler
from tlxamd import language as tl

tlx = tl  # the documents write both tl.* and tlx.*


# The TLX buffer-op reference, "Example: buffer load and store", body as written there.
@tl.kernel(num_warps=4)
def doc_load_store(src_ptr: tl.pointer(tl.float32), dst_ptr: tl.pointer(tl.float32), BLOCK_SIZE: tl.constexpr):
    offsets = tl.arange(0, BLOCK_SIZE).to(tl.int32)
    mask = offsets < BLOCK_SIZE

    # Load from global memory using buffer semantics
    data = tlx.buffer_load(src_ptr, offsets, mask=mask, other=0.0)

    # Store to global memory using buffer semantics
    tlx.buffer_store(data, dst_ptr, offsets, mask=mask)


@pytest.mark.parametrize("target,load,store", [
    ("gfx950", "buffer_load_dword ", "buffer_store_dword "),
    ("sm_90a", "ld.global.b32", "st.global.b32"),
])
def test_document_load_store_example(target, load, store):
    module = doc_load_store.build(target=target, BLOCK_SIZE=1024)
    text = str(module)
    assert "tlxamd.buffer_load" in text and "mask" in text
    k = compiler.compile(module, target=target)
    # contiguity defaults to 1: scalar accesses (B14), even where the
    # offsets are provably consecutive
    assert load in k.asm and store in k.asm
    assert "buffer_load_dwordx" not in k.asm and ".v4" not in k.asm


# The TLX buffer-op reference, the pinned-store example: offsets in a blocked layout, the
# values pinned to the MFMA layout, contiguity 4.
BLK = tl.blocked_layout([1, 4], [8, 8], [2, 2], [1, 0])


@tl.kernel(num_warps=4)
def doc_pinned_store(src: tl.pointer(tl.bfloat16), out_ptr: tl.pointer(tl.bfloat16), mask_boundary: tl.int32):
    rows = tl.arange(0, 64, layout=tl.slice_layout(1, BLK))
    cols = tl.arange(0, 64, layout=tl.slice_layout(0, BLK))
    offsets = rows[:, None] * 64 + cols[None, :]
    values = tl.buffer_load(src, offsets, contiguity=4)

    store_layout: tl.constexpr = tlx.amd_mfma_layout(
        version=4,
        instr_shape=[16, 16, 32],
        transposed=True,
        warps_per_cta=[2, 2],
    )
    mask_boundary = mask_boundary - mask_boundary % 4
    mask = offsets < mask_boundary
    values = tlx.require_layout(values, store_layout)
    tlx.buffer_store(
        values,
        out_ptr,
        offsets,
        mask=mask,
        contiguity=4,
    )


def test_document_pinned_store_builds_with_conversions():
    text = str(doc_pinned_store.build(target="gfx950"))
    assert "tlxamd.require_layout" in text
    # B11: the builder moved offsets and mask to the value's layout
    assert text.count("tlxamd.convert_layout") == 2
    assert "{contiguity = 4 : i32}" in text


@pytest.mark.parametrize("target,needle,count", [
    ("gfx950", "buffer_store_dwordx2", 4),   # 4 BF16 = 8 bytes per group
    ("sm_90a", "st.global.v2.b32", 4),
])
def test_document_pinned_store_compiles(target, needle, count):
    k = compiler.compile(doc_pinned_store.build(target=target), target=target)
    assert k.asm.count(needle) == count


@tl.kernel(num_warps=4)
def scaled_iota(out: tl.pointer(tl.int32), n: tl.int32, scale: tl.int32, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    layout = tl.blocked_layout([4], [tl.warp_size()], [tl.num_warps()], [0])
    offs = pid * BLOCK + tl.arange(0, BLOCK, layout=layout)
    mask = (offs < n) & (offs >= 0)
    vals = (offs * scale + 7) // 2 - offs % 3
    vals = tl.where(mask, vals, -1)
    tl.buffer_store(tl.require_layout(vals, layout), out, offs, mask=mask, contiguity=4)


@pytest.mark.parametrize("target", ["gfx950", "gfx942", "sm_90a", "sm_100a"])
def test_arange_arithmetic_mask_layout(target):
    k = compiler.compile(scaled_iota.build(target=target, BLOCK=1024), target=target)
    assert k.kernels["scaled_iota"]["threads"] == 4 * (64 if target.startswith("gfx") else 32)
    assert ("buffer_store_dwordx4" if target.startswith("gfx") else "st.global.v4.b32") in k.asm


def test_default_layout_follows_target():
    @tl.kernel(num_warps=2)
    def k(out: tl.pointer(tl.float32), BLOCK: tl.constexpr):
        x = tl.zeros([BLOCK], tl.float32)
        tl.buffer_store(x, out, tl.arange(0, BLOCK))

    # Layout assignment: a scalar (contiguity 1) buffer store is coalesced
    # with one element per lane, over the target's lanes and the kernel's
    # warps; the tensors it reaches share that layout.
    amd = str(k.build(target="gfx950", BLOCK=1024))
    nv = str(k.build(target="sm_90a", BLOCK=1024))
    assert "size_per_thread = [1], threads_per_warp = [64], warps_per_cta = [2]" in amd
    assert "size_per_thread = [1], threads_per_warp = [32], warps_per_cta = [2]" in nv
    assert "convert_layout" not in amd
    raw = str(k.build(target="gfx950", BLOCK=1024, assign_layouts=False))
    assert "tensor<1024xf32>" in raw and "#tlxamd.blocked" not in raw


def test_operators_and_broadcasting():
    @tl.kernel(num_warps=4)
    def k(x: tl.pointer(tl.float32), out: tl.pointer(tl.float16), n: tl.int32):
        blk = tl.blocked_layout([1, 4], [8, 8], [4, 1], [1, 0])
        r = tl.arange(0, 32, layout=tl.slice_layout(1, blk))
        c = tl.arange(0, 64, layout=tl.slice_layout(0, blk))
        offs = r[:, None] * 64 + c[None, :]
        m = (offs < n) | (offs == 0)
        v = tl.buffer_load(x, offs, mask=m, other=1.5)
        w = (v * 2.0 - 1.0) / (v + 3.0)
        h = (-w).to(tl.float16)
        tl.buffer_store(h, out, offs, mask=m)

    text = str(k.build(target="gfx950"))
    for op in ("tlxamd.expand_dims", "tlxamd.broadcast", "arith.muli", "arith.addi", "arith.cmpi slt",
               "arith.cmpi eq", "arith.ori", "arith.mulf", "arith.subf", "arith.divf", "arith.truncf"):
        assert op in text, op
    compiler.compile(k.build(target="gfx950"), target="gfx950")


@pytest.mark.parametrize(
    "body,exc,message",
    [
        (lambda p: tl.arange(0, 100), ValueError, "positive power of two, got 100"),
        (lambda p: tl.buffer_load(p, tl.arange(0, 256), other=0.0), ValueError, "other requires mask"),
        (lambda p: tl.buffer_load(p, tl.arange(0, 256).to(tl.int64)), TypeError, "offsets must be an int32 tensor"),
        (lambda p: tl.buffer_load(p, tl.arange(0, 256), contiguity=3), ValueError, "contiguity must be a positive power of two, got 3"),
        (lambda p: tl.buffer_load(p, tl.arange(0, 256), cache=".wt"), ValueError, "cache must be one of the load modifiers"),
        (lambda p: tl.buffer_load(7, tl.arange(0, 256)), TypeError, "ptr must be a scalar pointer"),
        (lambda p: tl.program_id(3), ValueError, "program_id axis must be 0, 1 or 2"),
        (lambda p: tl.buffer_atomic_add(p, tl.arange(0, 256), 1.0, sem="seq_cst"), ValueError, "sem must be"),
        (lambda p: tl.buffer_atomic_add(p, tl.arange(0, 256), 1.0, scope="device"), ValueError,
         "scope must be one of cta, gpu, sys"),
        (lambda p: tl.buffer_load(p, tl.arange(0, 256), offset_unit="words"), ValueError,
         "offset_unit must be one of elements, bytes"),
        (lambda p: tl.arange(0, 64, layout=tl.blocked_layout([1], [64], [4], [0]))[:, None], ValueError,
         "expand_dims along axis 1 needs a tensor in #tlxamd.slice"),
    ],
)
def test_misuse_raises(body, exc, message):
    @tl.kernel(num_warps=4)
    def k(p: tl.pointer(tl.float32)):
        body(p)

    with pytest.raises(exc, match=message.replace("(", r"\(").replace(")", r"\)").replace(".", r"\.")):
        k.build(target="gfx950")


def test_contract_violations_surface_as_exceptions():
    @tl.kernel(num_warps=4)
    def k(p: tl.pointer(tl.float32)):
        offs = tl.arange(0, 256, layout=tl.blocked_layout([1], [64], [4], [0]))  # one element per thread
        tl.buffer_load(p, offs, contiguity=8)

    with pytest.raises(ValueError, match="contiguity 8 must divide the 1 elements owned by each thread"):
        k.build(target="gfx950")

    # Without a layout, the contiguity is an anchor: layout assignment gives
    # each thread the 8 elements it promises.
    @tl.kernel(num_warps=4)
    def free(p: tl.pointer(tl.float32)):
        tl.buffer_load(p, tl.arange(0, 256), contiguity=8)

    assert "size_per_thread = [8]" in str(free.build(target="gfx950"))


def test_kernel_signature_errors():
    @tl.kernel(num_warps=4)
    def k1(x):
        pass

    with pytest.raises(TypeError, match="parameter 'x' needs an annotation"):
        k1.build(target="gfx950")

    with pytest.raises(ValueError, match="num_warps must be a power of two"):
        tl.kernel(num_warps=3)

    @tl.kernel(num_warps=4)
    def k2(p: tl.pointer(tl.float32), BLOCK: tl.constexpr):
        tl.arange(0, BLOCK)

    with pytest.raises(TypeError, match="missing constexpr 'BLOCK'"):
        k2.build(target="gfx950")
    with pytest.raises(TypeError, match="unexpected constexpr 'BLOK'"):
        k2.build(target="gfx950", BLOCK=64, BLOK=64)
    with pytest.raises(ValueError, match="unknown target 'gfx90a'"):
        k2.build(target="gfx90a", BLOCK=64)
    with pytest.raises(RuntimeError, match="only be called while a @kernel is being built"):
        tl.arange(0, 64)
    with pytest.raises(TypeError, match="pointer element type"):
        tl.pointer("f32")


def test_typed_vocabulary_in_the_ir():
    """B4/B19/B20: the documents' spellings (or the binding enums) become typed
    attributes, printed in the custom syntax; the allowed values come from the
    dialect."""
    from tlxamd.dialects import tlxamd as tlx

    assert tlx.LOAD_CACHE_MODIFIERS == (".ca", ".cg", ".cs", ".cv")
    assert tlx.STORE_CACHE_MODIFIERS == (".wb", ".cg", ".cs", ".wt")
    assert tlx.MEM_SEMANTICS == ("relaxed", "acquire", "release", "acq_rel")
    assert tlx.MEM_SCOPES == ("cta", "gpu", "sys") and tlx.OFFSET_UNITS == ("elements", "bytes")
    assert str(tlx.CacheModifier.cg) == ".cg"

    @tl.kernel(num_warps=4)
    def k(p: tl.pointer(tl.float32)):
        offs = tl.arange(0, 256)
        v = tl.buffer_load(p, offs, cache=tlx.CacheModifier.cv, offset_unit="bytes")
        tl.buffer_store(v, p, offs, cache=".wt")
        tl.buffer_atomic_add(p, offs, v, sem=tlx.MemSemantic.relaxed, scope="cta")

    text = str(k.build(target="gfx950"))
    assert 'cache ".cv" offset_unit bytes' in text
    assert 'cache ".wt"' in text
    assert "sem relaxed scope cta" in text
    # default orderings and units are elided
    assert "acq_rel" not in text and "offset_unit elements" not in text


def test_arange_negative_start():
    """make_range bounds are signed i32 (its I32Attr getters are unsigned):
    `arange(-1, 0)` and `arange(-128, 128)` build and lower."""

    @tl.kernel(num_warps=4)
    def k(p: tl.pointer(tl.int32)):
        tl.arange(-1, 0)
        layout = tl.blocked_layout([1], [tl.warp_size()], [tl.num_warps()], [0])
        r = tl.arange(-128, 128, layout=layout)
        tl.buffer_store(r, p, r + 128)

    for target in ("gfx950", "sm_90a"):
        k_ = compiler.compile(k.build(target=target), target=target)
        assert "-128" in k_.mlir


# The TLX buffer-op reference's pinned-store example as written, completed Triton style:
# the offsets and the loaded values have no layout; the MFMA layout the
# values are pinned to is the only one written.
@tl.kernel(num_warps=4)
def doc_pinned_store_free(src: tl.pointer(tl.bfloat16), out_ptr: tl.pointer(tl.bfloat16), mask_boundary: tl.int32):
    rows = tl.arange(0, 64)[:, None]
    cols = tl.arange(0, 64)[None, :]
    offsets = rows * 64 + cols
    values = tlx.buffer_load(src, offsets)

    store_layout: tl.constexpr = tlx.amd_mfma_layout(
        version=4,
        instr_shape=[16, 16, 32],
        transposed=True,
        warps_per_cta=[2, 2],
    )
    mask_boundary = mask_boundary - mask_boundary % 4
    mask = offsets < mask_boundary
    values = tlx.require_layout(values, store_layout)
    tlx.buffer_store(
        values,
        out_ptr,
        offsets,
        mask=mask,
        contiguity=4,
    )


def test_document_pinned_store_builds_without_layouts():
    text = str(doc_pinned_store_free.build(target="gfx950"))
    # the store's offsets and mask are computed in the MFMA layout itself
    # (recomputed, not converted); only the loaded values move
    assert text.count("tlxamd.convert_layout") == 0
    assert text.count("tlxamd.require_layout") == 1
    assert "#tlxamd.slice<{dim = 1, parent = #tlxamd.amd_mfma" in text
    k = compiler.compile(doc_pinned_store_free.build(target="gfx950"), target="gfx950")
    assert k.asm.count("buffer_store_dwordx2") == 4  # 4 BF16 = 8 bytes per group
    nv = compiler.compile(doc_pinned_store_free.build(target="sm_90a"), target="sm_90a")
    assert nv.asm.count("st.global.v2.b32") == 4


def test_masks_and_values_broadcast_to_the_pointers():
    """Triton's rule: a load's or store's mask and `other` / value of
    extent 1 along a dimension repeat along it to the pointers' shape (the
    tutorial matmul's `mask=offs_k[None, :] < K - k * BK`), for tl.load,
    tl.store and tl.buffer_load; other shapes are errors naming both."""
    import numpy as np

    from tlxamd import emulator

    @tl.kernel(num_warps=4)
    def k(a: tl.pointer(tl.float32), out: tl.pointer(tl.float32), K: tl.int32):
        rm = tl.arange(0, 16)
        rk = tl.arange(0, 64)
        offs = rm[:, None] * 64 + rk[None, :]
        x = tl.load(a + offs, mask=rk[None, :] < K, other=tl.full([16, 1], -1.0, tl.float32))
        y = tl.buffer_load(a, offs, mask=rm[:, None] < 8, other=0.0)
        tl.store(out + offs, x + y, mask=rk[None, :] < K + 8)

    A = np.arange(16 * 64, dtype=np.float32).reshape(16, 64)
    out = np.full((16, 64), np.nan, np.float32)
    emulator.run(compiler.compile(k.build(target="gfx950"), target="gfx950", binary=False), (1,), A, out, 40)
    x = np.where(np.arange(64)[None, :] < 40, A, -1.0)
    y = np.where(np.arange(16)[:, None] < 8, A, 0.0)
    want = np.where(np.arange(64)[None, :] < 48, x + y, np.nan)
    np.testing.assert_array_equal(out, want)
    compiler.compile(k.build(target="sm_90a"), target="sm_90a")

    @tl.kernel(num_warps=4)
    def bad(a: tl.pointer(tl.float32)):
        rm = tl.arange(0, 16)
        tl.load(a + rm[:, None] * 64 + tl.arange(0, 64)[None, :], mask=tl.arange(0, 2)[:, None] < 1)

    with pytest.raises(ValueError) as e:
        bad.build(target="gfx950")
    assert "mask shape (2, 1) does not broadcast to the pointers' shape (16, 64)" in str(e.value)


def test_assume():
    """tl.assume(cond) (Triton's): an llvm.intr.assume of the scalar
    condition; the buffer conversion takes `x > 0` / `x >= 0` promises as
    proof that offsets built from x are not negative, so the tutorial-style
    `(pid % n) * stride + arange` pointers become buffer accesses; the
    emulator ignores the promise and computes the same."""
    import numpy as np

    from tlxamd import emulator

    @tl.kernel(num_warps=4)
    def k(a: tl.pointer(tl.float32), out: tl.pointer(tl.float32), n: tl.int32, stride: tl.int32,
          ASSUME: tl.constexpr):
        if ASSUME:
            tl.assume(n > 0)
            tl.assume(stride >= 0)
        offs = (tl.program_id(0) % n) * stride + tl.arange(0, 256)
        tl.store(out + offs, tl.load(a + offs) * 2.0)

    with_assume = compiler.compile(k.build(target="gfx950", ASSUME=True), target="gfx950")
    without = compiler.compile(k.build(target="gfx950", ASSUME=False), target="gfx950")
    assert "llvm.assume" in with_assume.llvm_ir and "llvm.assume" not in without.llvm_ir
    assert "buffer_load_dword" in with_assume.asm and "global_load" not in with_assume.asm
    assert "global_load" in without.asm
    assert "llvm.assume" in compiler.compile(k.build(target="sm_90a", ASSUME=True), target="sm_90a").llvm_ir
    A = np.arange(2 * 256, dtype=np.float32)
    out = np.zeros_like(A)
    emulator.run(compiler.compile(k.build(target="gfx950", ASSUME=True), target="gfx950", binary=False), (2,),
                 A, out, 2, 256)
    np.testing.assert_array_equal(out, A * 2)

    @tl.kernel(num_warps=4)
    def bad_tensor(a: tl.pointer(tl.float32)):
        tl.assume(tl.arange(0, 64) > 0)

    with pytest.raises(TypeError, match="assume needs a scalar boolean"):
        bad_tensor.build(target="gfx950")

    @tl.kernel(num_warps=4)
    def bad_false(a: tl.pointer(tl.float32)):
        tl.assume(False)

    with pytest.raises(ValueError, match="the promise is false"):
        bad_false.build(target="gfx950")


def test_multiplying_by_one_keeps_contiguity():
    """`offs * 1` (a stride of 1, as Triton's tutorials multiply by their
    `stride_*` arguments and the launcher specializes 1) is `offs` to the
    axis analysis: the copy keeps 16-byte accesses; `* 2` does not."""

    @tl.kernel(num_warps=4)
    def k(a: tl.pointer(tl.float32), out: tl.pointer(tl.float32), STRIDE: tl.constexpr):
        offs = tl.program_id(0) * 1024 + tl.arange(0, 1024) * STRIDE
        tl.store(out + offs, tl.load(a + offs))

    one = compiler.compile(k.build(target="gfx950", STRIDE=1), target="gfx950").asm
    two = compiler.compile(k.build(target="gfx950", STRIDE=2), target="gfx950").asm
    assert "buffer_load_dwordx4" in one and "buffer_store_dwordx4" in one
    assert "buffer_load_dwordx4" not in two


def test_debug_barrier():
    """tl.debug_barrier: a gpu.barrier (s_barrier on AMD, bar.sync on
    NVIDIA); outside a kernel it raises like every builder."""
    import numpy as np

    from tlxamd import emulator

    @tl.kernel(num_warps=4)
    def k(a: tl.pointer(tl.float32), out: tl.pointer(tl.float32)):
        r = tl.arange(0, 256)
        x = tl.load(a + r)
        tl.debug_barrier()
        tl.store(out + r, x + 1.0)

    assert "s_barrier" in compiler.compile(k.build(target="gfx950"), target="gfx950").asm
    assert "bar.sync" in compiler.compile(k.build(target="sm_90a"), target="sm_90a").asm
    A = np.arange(256, dtype=np.float32)
    out = np.zeros_like(A)
    emulator.run(compiler.compile(k.build(target="gfx950"), target="gfx950", binary=False), (1,), A, out)
    np.testing.assert_array_equal(out, A + 1)
    with pytest.raises(RuntimeError, match="while a @kernel is being built"):
        tl.debug_barrier()
    with pytest.raises(RuntimeError, match="while a @kernel is being built"):
        tl.assume(True)


def test_zero_d_tensors_and_numeric_where_conditions():
    """Triton's `tl.zeros([], dtype)` (a 0-d accumulator, held as a
    scalar) and `tl.where` with an integer condition (nonzero is true)."""
    import numpy as np

    from tlxamd import emulator

    @tl.kernel(num_warps=4)
    def k(a: tl.pointer(tl.float32), out: tl.pointer(tl.float32)):
        acc = tl.zeros([], tl.float32)
        for i in range(0, 4):
            acc += tl.load(a + i)
        r = tl.arange(0, 64)
        tl.store(out + r, tl.where(r % 2, tl.load(a + r), acc))

    A = np.arange(64, dtype=np.float32)
    out = np.zeros_like(A)
    emulator.run(compiler.compile(k.build(target="gfx950"), target="gfx950", binary=False), (1,), A, out)
    np.testing.assert_array_equal(out, np.where(np.arange(64) % 2, A, A[:4].sum()))
    compiler.compile(k.build(target="sm_90a"), target="sm_90a")

    @tl.kernel(num_warps=4)
    def bad_layout(a: tl.pointer(tl.float32)):
        tl.zeros([], tl.float32, layout=tl.blocked_layout([1], [64], [4], [0]))

    with pytest.raises(ValueError, match="a 0-d tensor has no layout"):
        bad_layout.build(target="gfx950")

    @tl.kernel(num_warps=4)
    def bad_cond(a: tl.pointer(tl.float32)):
        tl.store(a, tl.where(a, 1.0, 0.0))

    with pytest.raises(TypeError, match="where condition must be a boolean or a number"):
        bad_cond.build(target="gfx950")


def test_where_of_two_scalars_takes_the_condition_shape():
    """`tl.where(mask, 0, -1.0e6)` (tutorial 06's causal mask): both values
    are scalars of different kinds, promoted to float32 and broadcast to
    the condition's shape."""
    import numpy as np

    from tlxamd import emulator

    @tl.kernel(num_warps=4)
    def k(x: tl.pointer(tl.float32)):
        offs = tl.arange(0, 16)
        m = offs[:, None] >= offs[None, :]
        p = x + offs[:, None] * 16 + offs[None, :]
        tl.store(p, tl.load(p) * 2.0 + tl.where(m, 0, -1.0e6))

    X = np.arange(256, dtype=np.float32).reshape(16, 16)
    out = X.copy()
    emulator.run(compiler.compile(k.build(target="gfx950"), target="gfx950", binary=False), (1,), out)
    np.testing.assert_array_equal(out, X * 2 + np.where(np.tri(16, dtype=bool), 0, -1.0e6).astype(np.float32))
    compiler.compile(k.build(target="sm_90a"), target="sm_90a")


def test_umulhi():
    """tl.umulhi: the high 32 bits of the unsigned 64-bit product
    (v_mul_hi_u32 / mul.hi.u32), exact in the emulator on signed storage
    of any bit pattern; non-32-bit operands raise."""
    import numpy as np

    from tlxamd import emulator

    @tl.kernel(num_warps=4)
    def k(a: tl.pointer(tl.int32), b: tl.pointer(tl.int32), out: tl.pointer(tl.int32)):
        r = tl.arange(0, 256)
        tl.store(out + r, tl.umulhi(tl.load(a + r), tl.load(b + r)))

    assert "v_mul_hi_u32" in compiler.compile(k.build(target="gfx950"), target="gfx950").asm
    assert "mul.hi.u32" in compiler.compile(k.build(target="sm_90a"), target="sm_90a").asm
    rng = np.random.default_rng(0)
    A, B = (rng.integers(-2**31, 2**31, 256, dtype=np.int64).astype(np.int32) for _ in range(2))
    out = np.zeros_like(A)
    emulator.run(compiler.compile(k.build(target="gfx950"), target="gfx950", binary=False), (1,), A, B, out)
    wide = A.view(np.uint32).astype(np.uint64) * B.view(np.uint32).astype(np.uint64)
    np.testing.assert_array_equal(out, (wide >> np.uint64(32)).astype(np.uint32).view(np.int32))

    @tl.kernel(num_warps=4)
    def bad(a: tl.pointer(tl.float32)):
        tl.umulhi(tl.load(a), 2.0)

    with pytest.raises(TypeError, match="umulhi needs 32-bit integers"):
        bad.build(target="gfx950")
