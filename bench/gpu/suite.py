"""The GPU suite: tlxamd kernels, what each computes, and how to check it.

`build(outdir, target)` compiles every kernel here (needs tlxamd, runs on the
CPU machine) and writes <name>.cubin, <name>.json (launcher metadata) and a
manifest.json describing each case for `run_gpu.py` (no tlxamd compiled code
needed there).
"""

import json
import os
import sys

WARPS = 4              # warps per program of the explicit-layout kernels
ELEMS = 16             # elements per thread
THREADS = WARPS * 32   # sm_90a: 32 lanes per warp
BLOCK = THREADS * ELEMS


def block_for(warp: int) -> int:
    """Elements per program of the explicit-layout kernels for `warp` lanes
    per warp (32 on NVIDIA, 64 on CDNA)."""
    return WARPS * warp * ELEMS

DTYPES = ("bf16", "f16", "f32")
# name -> the signature a case is built with where it is not its
# annotations' (integers the launcher would specialize as divisible by 16)
SIGNATURES: dict = {}


def _kernels(warp: int = 32):
    """Every kernel of the suite, laid out for `warp` lanes per warp."""
    from tlxamd import language as tl

    dts = {"bf16": tl.bfloat16, "f16": tl.float16, "f32": tl.float32, "f64": tl.float64,
           "i8": tl.int8, "i16": tl.int16, "i64": tl.int64}
    layout = tl.blocked_layout([ELEMS], [warp], [WARPS], [0])
    # the lane grid of 2-D tiles: 4 x 8 lanes per warp on NVIDIA, 8 x 8 on CDNA
    lanes_2d = [warp // 8, 8]
    out = {}

    def copy(dt, c, name=None, lay=None, cache_load=None, cache_store=None):
        lay = lay or layout

        @tl.kernel(num_warps=4, name=name or f"copy_{dt}_c{c}")
        def k(src: tl.pointer(dts[dt]), dst: tl.pointer(dts[dt]), BLOCK: tl.constexpr):
            offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK, layout=lay)
            x = tl.buffer_load(src, offs, contiguity=c, cache=cache_load)
            tl.buffer_store(tl.require_layout(x, lay), dst, offs, contiguity=c, cache=cache_store)
        return k

    def masked(dt, c, name=None, lay=None):
        lay = lay or layout

        @tl.kernel(num_warps=4, name=name or f"masked_{dt}_c{c}")
        def k(src: tl.pointer(dts[dt]), dst: tl.pointer(dts[dt]), n: tl.int32, BLOCK: tl.constexpr):
            offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK, layout=lay)
            m = offs < n
            x = tl.buffer_load(src, offs, mask=m, other=-7 if dt.startswith("i") else -7.0,
                               contiguity=c)
            tl.buffer_store(tl.require_layout(x, lay), dst, offs, mask=m, contiguity=c)
        return k

    def masked_other(dt):
        # masked load with `other`, unmasked store into a padded output: the
        # masked-out lanes must read `other`
        @tl.kernel(num_warps=4, name=f"masked_other_{dt}")
        def k(src: tl.pointer(dts[dt]), dst: tl.pointer(dts[dt]), n: tl.int32, BLOCK: tl.constexpr):
            offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK, layout=layout)
            x = tl.buffer_load(src, offs, mask=offs < n, other=-7.0)
            tl.buffer_store(x, dst, offs)
        return k

    def atomic(dt, c):
        @tl.kernel(num_warps=4, name=f"atomic_{dt}_c{c}")
        def k(acc: tl.pointer(dts[dt]), val: tl.pointer(dts[dt]), old: tl.pointer(dts[dt]), n: tl.int32,
              BLOCK: tl.constexpr):
            offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK, layout=layout)
            # an even bound keeps the mask uniform over packed pairs (B18)
            m = offs < (n // c) * c
            v = tl.buffer_load(val, offs, mask=m, contiguity=c)
            prev = tl.buffer_atomic_add(acc, offs, v, mask=m, contiguity=c)
            tl.buffer_store(prev, old, offs, mask=m)
        return k

    @tl.kernel(num_warps=4, name="convert_layout_f32")
    def convert(src: tl.pointer(tl.float32), dst: tl.pointer(tl.float32)):
        # a 64x64 tile per program: loaded blocked, moved to a WMMA (wave32)
        # or MFMA (wave64) accumulator layout through shared memory, stored
        # from there
        blk = tl.blocked_layout([1, 4], lanes_2d, [2, 2], [1, 0])
        if warp == 32:
            acc = tl.amd_wmma_layout(3, [16, 16, 32], True, [2, 2])
        else:
            acc = tl.amd_mfma_layout(3, [32, 32, 8], True, [2, 2])
        base = tl.program_id(0) * 4096

        def offsets(parent):
            r = tl.arange(0, 64, layout=tl.slice_layout(1, parent))
            c = tl.arange(0, 64, layout=tl.slice_layout(0, parent))
            return base + r[:, None] * 64 + c[None, :]

        x = tl.buffer_load(src, offsets(blk), contiguity=4)
        y = tl.convert_layout(x, acc)
        tl.buffer_store(tl.require_layout(y, acc), dst, offsets(acc), contiguity=4)

    def convert_lanes(dt):
        @tl.kernel(num_warps=4, name=f"convert_lanes_{dt}")
        def k(src: tl.pointer(dts[dt]), dst: tl.pointer(dts[dt])):
            # a 64x64 tile per program, one element per thread per 16x8
            # (wave64: 32x8) block: the lane grid of each warp transposed (row-major to
            # column-major), which moves elements only between the lanes of
            # a warp: one warp shuffle per register, no shared memory
            rows = tl.blocked_layout([1, 1], lanes_2d, [4, 1], [1, 0])
            cols = tl.blocked_layout([1, 1], lanes_2d, [4, 1], [0, 1])
            base = tl.program_id(0) * 4096

            def offsets(parent):
                r = tl.arange(0, 64, layout=tl.slice_layout(1, parent))
                c = tl.arange(0, 64, layout=tl.slice_layout(0, parent))
                return base + r[:, None] * 64 + c[None, :]

            x = tl.buffer_load(src, offsets(rows))
            tl.buffer_store(tl.convert_layout(x, cols), dst, offsets(cols))
        return k

    vec = {"bf16": 8, "f16": 8, "f32": 4}
    for dt in DTYPES:
        for c in (1, 4, 8, 16):
            out[f"copy_{dt}_c{c}"] = (copy(dt, c), {"kind": "copy", "dtype": dt, "contiguity": c})
        out[f"masked_{dt}_c1"] = (masked(dt, 1), {"kind": "masked", "dtype": dt, "contiguity": 1})
        # 128-bit groups; the ragged tail makes the mask non-uniform there,
        # which the lowering handles element by element
        out[f"masked_{dt}_c{vec[dt]}"] = (masked(dt, vec[dt]),
                                          {"kind": "masked", "dtype": dt, "contiguity": vec[dt]})
        # streaming cache hints (.cs: evict first) on both sides
        out[f"copy_{dt}_c{vec[dt]}_cs"] = (
            copy(dt, vec[dt], name=f"copy_{dt}_c{vec[dt]}_cs", cache_load=".cs", cache_store=".cs"),
            {"kind": "copy", "dtype": dt, "contiguity": vec[dt]})
    # Integer and 64-bit elements, masked with a ragged tail: bytes live in
    # 16-bit PTX registers, 64-bit elements in 64-bit ones; 16-byte groups
    # and single elements.
    # Byte offsets are i32 (B2, B20): 64-bit elements stop at 2^28 elements.
    for dt, c in (("i8", 1), ("i8", 16), ("i16", 8), ("i64", 1), ("i64", 2), ("f64", 2)):
        case = {"kind": "masked", "dtype": dt, "contiguity": c}
        if dt.endswith("64"):
            case["sizes"] = [(1 << 24) + 7, (1 << 27) + 7]
        out[f"masked_{dt}_c{c}"] = (masked(dt, c), case)
    # Coalesced: 16 bytes per thread per access, consecutive threads on
    # consecutive 16-byte chunks, the tile repeated in registers (what
    # Triton's coalescing picks): every warp-wide access is one contiguous
    # 512-byte span.
    for dt in DTYPES:
        v = vec[dt]
        co = tl.blocked_layout([v], [warp], [WARPS], [0])
        out[f"copy_{dt}_coalesced"] = (copy(dt, v, name=f"copy_{dt}_coalesced", lay=co),
                                       {"kind": "copy", "dtype": dt, "contiguity": v})
        out[f"masked_{dt}_coalesced"] = (masked(dt, v, name=f"masked_{dt}_coalesced", lay=co),
                                         {"kind": "masked", "dtype": dt, "contiguity": v})
    # f32 coalesced with 2 and 8 repetitions per thread
    co32 = tl.blocked_layout([4], [warp], [WARPS], [0])
    for reps in (2, 8):
        out[f"copy_f32_coalesced_r{reps}"] = (
            copy("f32", 4, name=f"copy_f32_coalesced_r{reps}", lay=co32),
            {"kind": "copy", "dtype": "f32", "contiguity": 4, "block": 4 * warp * WARPS * reps})
    # 32 elements per thread (four 16-byte accesses for 16-bit types)
    wide = tl.blocked_layout([2 * ELEMS], [warp], [WARPS], [0])
    out["copy_bf16_c8_x32"] = (copy("bf16", 8, name="copy_bf16_c8_x32", lay=wide),
                               {"kind": "copy", "dtype": "bf16", "contiguity": 8, "block": 2 * block_for(warp)})
    out["copy_f32_c4_x32"] = (copy("f32", 4, name="copy_f32_c4_x32", lay=wide),
                              {"kind": "copy", "dtype": "f32", "contiguity": 4, "block": 2 * block_for(warp)})
    out["masked_other_f32"] = (masked_other("f32"), {"kind": "masked_other", "dtype": "f32", "contiguity": 1})
    out["atomic_f32_c1"] = (atomic("f32", 1), {"kind": "atomic", "dtype": "f32", "contiguity": 1})
    out["atomic_bf16_c2"] = (atomic("bf16", 2), {"kind": "atomic", "dtype": "bf16", "contiguity": 2,
                                                 "multiple_of": 2})
    out["convert_layout_f32"] = (convert, {"kind": "convert", "dtype": "f32", "tile": 4096})
    for dt in ("bf16", "f32"):
        out[f"convert_lanes_{dt}"] = (convert_lanes(dt), {"kind": "convert", "dtype": dt, "tile": 4096})
    for name, case in _mlir_kernels(warp).items():
        out[name] = case
    out.update(_triton_style_kernels(warp))
    return out


MATH_FUNCTIONS = ("exp", "exp2", "log", "log2", "sin", "cos", "sqrt", "rsqrt", "abs", "fma", "maximum",
                  "minimum", "clamp", "where", "cdiv")


REDUCE_FUNCTIONS = ("sum", "max", "min", "argmax", "argmin", "xor_sum", "absmax")


def _triton_style_kernels(warp: int = 32):
    """Kernels written as Triton code: no layouts (layout assignment picks
    them), tl.load / tl.store through `ptr + offsets`, runtime loops and
    branches, elementwise math."""
    from tlxamd import language as tl

    dts = {"bf16": tl.bfloat16, "f16": tl.float16, "f32": tl.float32}
    out = {}

    def free_copy(dt):
        @tl.kernel(num_warps=4, name=f"free_copy_{dt}")
        def k(src: tl.pointer(dts[dt]), dst: tl.pointer(dts[dt]), BLOCK: tl.constexpr):
            offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
            tl.store(dst + offs, tl.load(src + offs))
        return k

    def free_masked(dt):
        @tl.kernel(num_warps=4, name=f"free_masked_{dt}")
        def k(src: tl.pointer(dts[dt]), dst: tl.pointer(dts[dt]), n: tl.int32, BLOCK: tl.constexpr):
            offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
            mask = offs < n
            x = tl.load(src + offs, mask=mask, other=-7.0)
            tl.store(dst + offs, x, mask=mask)
        return k

    for dt in DTYPES:
        # the explicit-layout twins are copy_<dt>_coalesced / masked_<dt>_coalesced
        out[f"free_copy_{dt}"] = (free_copy(dt), {"kind": "copy", "dtype": dt, "twin": f"copy_{dt}_coalesced"})
        out[f"free_masked_{dt}"] = (free_masked(dt), {"kind": "masked", "dtype": dt,
                                                      "twin": f"masked_{dt}_coalesced"})

    @tl.kernel(num_warps=4, name="colsum_f32")
    def colsum(x: tl.pointer(tl.float32), out: tl.pointer(tl.float32), rows: tl.int32, cols: tl.int32,
               BLOCK: tl.constexpr):
        # out[c] = sum over r of x[r, c]: a runtime loop over the rows,
        # carrying the accumulator tensor
        c = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        mask = c < cols
        acc = tl.zeros([BLOCK], tl.float32)
        for r in range(0, rows):
            acc += tl.load(x + r * cols + c, mask=mask, other=0.0)
        tl.store(out + c, acc, mask=mask)

    out["colsum_f32"] = (colsum, {"kind": "colsum", "dtype": "f32", "block": 512})

    @tl.kernel(num_warps=4, name="branches_f32")
    def branches(x: tl.pointer(tl.float32), out: tl.pointer(tl.float32), n: tl.int32, mode: tl.int32,
                 BLOCK: tl.constexpr):
        # runtime if yielding a tensor, and a while loop on a scalar
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        mask = offs < n
        v = tl.load(x + offs, mask=mask, other=0.0)
        if mode > 0:
            y = v * 2.0
        else:
            y = v + 1.0
        k = mode
        steps = 0
        while k > 1:
            k = k // 2
            steps += 1
        tl.store(out + offs, y + steps.to(tl.float32), mask=mask)

    out["branches_f32"] = (branches, {"kind": "branches", "dtype": "f32", "block": 1024})

    def math_kernel(fn, dt):
        @tl.kernel(num_warps=4, name=f"math_{fn}_{dt}")
        def k(x: tl.pointer(dts[dt]), out: tl.pointer(dts[dt]), n: tl.int32, BLOCK: tl.constexpr):
            offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
            mask = offs < n
            v = tl.load(x + offs, mask=mask, other=1.0)
            if fn == "exp":
                y = tl.exp(v)
            elif fn == "exp2":
                y = tl.exp2(v)
            elif fn == "log":
                y = tl.log(v)
            elif fn == "log2":
                y = tl.log2(v)
            elif fn == "sin":
                y = tl.sin(v)
            elif fn == "cos":
                y = tl.cos(v)
            elif fn == "sqrt":
                y = tl.sqrt(v)
            elif fn == "rsqrt":
                y = tl.rsqrt(v)
            elif fn == "abs":
                y = tl.abs(v)
            elif fn == "fma":
                y = tl.fma(v, v, v)
            elif fn == "maximum":
                y = tl.maximum(v, 0.5)
            elif fn == "minimum":
                y = tl.minimum(v, 0.5)
            elif fn == "clamp":
                y = tl.clamp(v, -0.5, 0.5)
            elif fn == "where":
                y = tl.where(v > 0.25, v, -v)
            else:
                y = (tl.cdiv(offs, 3) % 7).to(dts[dt])
            tl.store(out + offs, y, mask=mask)
        return k

    def softmax(dt, cols, warps, persistent):
        div = 16 if cols % 16 == 0 else 8  # the row stride's largest power-of-two divisor (<= 16)
        name = f"softmax_{dt}_{cols}_w{warps}" + ("_persistent" if persistent else "")

        @tl.kernel(num_warps=warps, name=name)
        def k(out: tl.pointer(dts[dt]), x: tl.pointer(dts[dt]), in_stride: tl.int32, out_stride: tl.int32,
              n_rows: tl.int32, n_cols: tl.int32, BLOCK: tl.constexpr):
            # Triton's tutorial softmax, in f32; one program per row, or a
            # persistent grid striding over the rows
            in_stride = tl.multiple_of(in_stride, div)
            out_stride = tl.multiple_of(out_stride, div)
            n_cols = tl.multiple_of(n_cols, div)  # Triton's launcher specializes n_cols % 16 == 0 itself
            offs = tl.arange(0, BLOCK)
            mask = offs < n_cols

            def one_row(row):
                v = tl.load(x + row * in_stride + offs, mask=mask, other=-float("inf")).to(tl.float32)
                v = v - tl.max(v, axis=0)
                num = tl.exp(v)
                den = tl.sum(num, axis=0)
                tl.store(out + row * out_stride + offs, (num / den).to(dts[dt]), mask=mask)

            if persistent:
                for row in range(tl.program_id(0), n_rows, tl.num_programs(0)):
                    one_row(row)
            else:
                one_row(tl.program_id(0))
        return k

    # one program per row at 4, 8 and 16 warps; a persistent grid (rows
    # strided by tl.num_programs) once
    variants = [(dt, cols, rows, warps, False) for dt in ("f32", "bf16")
                for cols, rows in ((4096, 4096), (8192, 8192), (1000, 4096)) for warps in (4, 8, 16)]
    variants.append(("f32", 4096, 4096, 8, True))
    for dt, cols, rows, warps, persistent in variants:
        block = 1 << (cols - 1).bit_length()
        kern = softmax(dt, cols, warps, persistent)
        out[kern.name] = (kern, {"kind": "softmax", "dtype": dt, "cols": cols, "block": block,
                                 "sizes": [rows], "persistent": persistent})

    @tl.kernel(num_warps=4, name="rowsum_f32")
    def rowsum(x: tl.pointer(tl.float32), out: tl.pointer(tl.float32), n_rows: tl.int32, n_cols: tl.int32,
               BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
        # out[r] = sum over c of x[r, c]: a runtime loop over column blocks
        # accumulating a 2-D tile, then tl.sum along the columns
        rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
        acc = tl.zeros([BLOCK_M, BLOCK_N], tl.float32)
        for start in range(0, n_cols, BLOCK_N):
            cols = start + tl.arange(0, BLOCK_N)
            m = (rows[:, None] < n_rows) & (cols[None, :] < n_cols)
            acc += tl.load(x + rows[:, None] * n_cols + cols[None, :], mask=m, other=0.0)
        tl.store(out + rows, tl.sum(acc, axis=1), mask=rows < n_rows)

    out["rowsum_f32"] = (rowsum, {"kind": "rowsum", "dtype": "f32", "block": 8, "block_n": 256, "cols": 5000,
                                  "consts": {"BLOCK_M": 8, "BLOCK_N": 256}})

    @tl.jit
    def absmax_combine(a, b):
        return tl.maximum(tl.abs(a), tl.abs(b))

    def reduction(fn, axis, dt):
        @tl.kernel(num_warps=4, name=f"reduce_{fn}_axis{axis}_{dt}")
        def k(x: tl.pointer(dts[dt] if dt != "i32" else tl.int32),
              out: tl.pointer(tl.int32 if fn in ("argmax", "argmin") or dt == "i32" else dts[dt]),
              M: tl.constexpr, N: tl.constexpr):
            pid = tl.program_id(0)
            rows = pid * M + tl.arange(0, M)
            cols = tl.arange(0, N)
            v = tl.load(x + rows[:, None] * N + cols[None, :])
            if fn == "sum":
                r = tl.sum(v, axis=axis)
            elif fn == "max":
                r = tl.max(v, axis=axis)
            elif fn == "min":
                r = tl.min(v, axis=axis)
            elif fn == "argmax":
                r = tl.argmax(v, axis=axis)
            elif fn == "argmin":
                r = tl.argmin(v, axis=axis)
            elif fn == "xor_sum":
                r = tl.xor_sum(v, axis=axis)
            else:
                r = tl.reduce(v, axis, absmax_combine)
            if axis == 1:
                tl.store(out + rows, r)
            else:
                tl.store(out + pid * N + cols, r)
        return k

    for fn in REDUCE_FUNCTIONS:
        for axis in (0, 1):
            dt = "i32" if fn == "xor_sum" else "f32"
            out[f"reduce_{fn}_axis{axis}_{dt}"] = (reduction(fn, axis, dt), {
                "kind": "reduce", "dtype": dt, "fn": fn, "axis": axis, "consts": {"M": 64, "N": 128}})

    @tl.kernel(num_warps=4, name="atomic_hist_i32")
    def hist(x: tl.pointer(tl.int32), bins: tl.pointer(tl.int32), old: tl.pointer(tl.int32), n: tl.int32):
        # a histogram of x & 15 with tl.atomic_add; each update's old value
        offs = tl.program_id(0) * 256 + tl.arange(0, 256)
        m = offs < n
        v = tl.load(x + offs, mask=m, other=0)
        tl.store(old + offs, tl.atomic_add(bins + (v & 15), 1, mask=m), mask=m)

    @tl.kernel(num_warps=4, name="atomic_bucket_max_f32")
    def bucket_max(x: tl.pointer(tl.float32), out: tl.pointer(tl.float32), n: tl.int32):
        # out[i & 7] = max of x[i] (tl.atomic_max on floats, either sign)
        offs = tl.program_id(0) * 256 + tl.arange(0, 256)
        m = offs < n
        tl.atomic_max(out + (offs & 7), tl.load(x + offs, mask=m, other=0.0), mask=m, sem="relaxed")

    @tl.kernel(num_warps=4, name="atomic_ticket_i32")
    def ticket(counter: tl.pointer(tl.int32), tickets: tl.pointer(tl.int32)):
        # a scalar atomic: once per program
        tl.store(tickets + tl.program_id(0), tl.atomic_add(counter, 1))

    out["atomic_hist_i32"] = (hist, {"kind": "atomics", "dtype": "i32", "fn": "hist", "consts": {},
                                     "sizes": [(1 << 20) + 3]})
    out["atomic_bucket_max_f32"] = (bucket_max, {"kind": "atomics", "dtype": "f32", "fn": "bucket_max",
                                                 "consts": {}, "sizes": [(1 << 20) + 3]})
    out["atomic_ticket_i32"] = (ticket, {"kind": "atomics", "dtype": "i32", "fn": "ticket", "consts": {},
                                         "sizes": [4096]})

    # Shape ops (tl.trans, permute, reshape, cat, interleave, split/join),
    # layout-free: each keeps its elements in their threads; the stores
    # coalesce on their own (the transposes through a layout change).
    @tl.kernel(num_warps=4, name="shape_trans_f32")
    def k_trans(x: tl.pointer(tl.float32), y: tl.pointer(tl.float32), R: tl.int32):
        # y = x.T for x of [R, 128], in [64, 128] tiles
        R = tl.multiple_of(R, 64)
        rows = tl.program_id(0) * 64 + tl.arange(0, 64)
        cols = tl.arange(0, 128)
        v = tl.load(x + rows[:, None] * 128 + cols[None, :])
        tl.store(y + cols[:, None] * R + rows[None, :], tl.trans(v))

    @tl.kernel(num_warps=4, name="shape_permute_f32")
    def k_permute(x: tl.pointer(tl.float32), y: tl.pointer(tl.float32)):
        # each [4, 8, 32] tile permuted (2, 0, 1) to [32, 4, 8]
        base = tl.program_id(0) * 1024
        i = tl.arange(0, 4)[:, None, None]
        j = tl.arange(0, 8)[None, :, None]
        k = tl.arange(0, 32)[None, None, :]
        p = tl.permute(tl.load(x + base + i * 256 + j * 32 + k), (2, 0, 1))
        a = tl.arange(0, 32)[:, None, None]
        b = tl.arange(0, 4)[None, :, None]
        c = tl.arange(0, 8)[None, None, :]
        tl.store(y + base + a * 32 + b * 8 + c, p)

    @tl.kernel(num_warps=4, name="shape_reshape_sum_f32")
    def k_reshape(x: tl.pointer(tl.float32), y: tl.pointer(tl.float32)):
        # 2048 elements as [64, 32]; the sums of the rows
        pid = tl.program_id(0)
        v = tl.load(x + pid * 2048 + tl.arange(0, 2048)).reshape(64, 32)
        tl.store(y + pid * 64 + tl.arange(0, 64), tl.sum(v, axis=1))

    @tl.kernel(num_warps=4, name="shape_cat_f32")
    def k_cat(x: tl.pointer(tl.float32), y: tl.pointer(tl.float32)):
        # y tile = cat(x tile, 2 * x tile + 1)
        pid = tl.program_id(0)
        v = tl.load(x + pid * 1024 + tl.arange(0, 1024))
        tl.store(y + pid * 2048 + tl.arange(0, 2048), tl.cat(v, v * 2.0 + 1.0))

    @tl.kernel(num_warps=4, name="shape_interleave_bf16")
    def k_interleave(x: tl.pointer(tl.bfloat16), y: tl.pointer(tl.bfloat16)):
        # y tile = x0, -x0, x1, -x1, ...
        pid = tl.program_id(0)
        v = tl.load(x + pid * 1024 + tl.arange(0, 1024))
        tl.store(y + pid * 2048 + tl.arange(0, 2048), tl.interleave(v, -v))

    @tl.kernel(num_warps=4, name="shape_split_f32")
    def k_split(x: tl.pointer(tl.float32), y: tl.pointer(tl.float32)):
        # (re, im) pairs -> (im, re * re + im * im) pairs
        pid = tl.program_id(0)
        offs = pid * 2048 + tl.arange(0, 2048)
        re, im = tl.split(tl.load(x + offs).reshape(1024, 2))
        tl.store(y + offs, tl.join(im, re * re + im * im).reshape(2048))

    for fn, kern, dt in (("trans", k_trans, "f32"), ("permute", k_permute, "f32"),
                         ("reshape_sum", k_reshape, "f32"), ("cat", k_cat, "f32"),
                         ("interleave", k_interleave, "bf16"), ("split", k_split, "f32")):
        out[f"shape_{fn}_{dt}"] = (kern, {"kind": "shape", "dtype": dt, "fn": fn, "consts": {}})

    # Casts: f32 -> fp8 / f16 / bf16, rounding to nearest even or toward
    # zero (fp8 saturating), and back to f32 exactly.
    def cast_kernel(fmt, rnd):
        dst = {"e4m3fn": tl.float8e4nv, "e5m2": tl.float8e5, "e4m3fnuz": tl.float8e4b8,
               "e5m2fnuz": tl.float8e5b16, "f16": tl.float16, "bf16": tl.bfloat16}[fmt]

        @tl.kernel(num_warps=4, name=f"cast_{fmt}_{rnd}")
        def k(x: tl.pointer(tl.float32), y: tl.pointer(dst), z: tl.pointer(tl.float32), n: tl.int32):
            offs = tl.program_id(0) * 1024 + tl.arange(0, 1024)
            m = offs < n
            q = tl.load(x + offs, mask=m).to(dst, fp_downcast_rounding=rnd)
            tl.store(y + offs, q, mask=m)
            tl.store(z + offs, q.to(tl.float32), mask=m)
        return k

    for fmt in ("e4m3fn", "e5m2", "e4m3fnuz", "e5m2fnuz", "f16", "bf16"):
        for rnd in ("rtne", "rtz"):
            out[f"cast_{fmt}_{rnd}"] = (cast_kernel(fmt, rnd), {"kind": "cast", "dtype": "f32", "fmt": fmt,
                                                               "rounding": rnd, "consts": {}})

    # Shared memory as a value (issue 13). A transpose through an explicit
    # swizzled tile: global -> registers -> shared -> registers (read in the
    # layout whose transpose stores coalesced) -> global, N x N in 64 x 64
    # tiles. The swizzle is what tl.choose_shared_layout returns for the two
    # layouts assignment gives the accesses (sm_90a for 32 lanes, gfx950 for
    # 64): 16-byte writes, and bf16 reads without bank conflicts
    # (bench/isa_report.py prints the predicted wavefronts).
    def shared_trans(dt, swizzle):
        @tl.kernel(num_warps=4, name=f"shared_trans_{dt}")
        def k(x: tl.pointer(dts[dt]), y: tl.pointer(dts[dt]), N: tl.int32):
            N = tl.multiple_of(N, 64)
            r = tl.program_id(0) * 64 + tl.arange(0, 64)
            c = tl.program_id(1) * 64 + tl.arange(0, 64)
            v = tl.load(x + r[:, None] * N + c[None, :])
            buf = tl.allocate_shared_memory(dts[dt], [64, 64], tl.swizzled_shared_layout(*swizzle, [1, 0]),
                                            value=v)
            tl.store(y + c[:, None] * N + r[None, :], tl.trans(buf.load()))
        return k

    for dt, swizzle in (("f32", (4, 4, 8 if warp == 32 else 16)), ("bf16", (8, 8, 8))):
        out[f"shared_trans_{dt}"] = (shared_trans(dt, swizzle), {"kind": "shared", "dtype": dt, "fn": "trans",
                                                             "consts": {}, "sizes": [8192 * 8192]})

    # A copy through three shared buffers filled by asynchronous copies
    # (buffer_load_to_shared: cp.async / buffer_load ... lds), two tiles of
    # 4096 in flight while the third is read, over a runtime loop of `per`
    # tiles.
    @tl.kernel(num_warps=4, name="shared_pipeline_f32")
    def k_pipe(x: tl.pointer(tl.float32), y: tl.pointer(tl.float32), per: tl.int32):
        base = tl.program_id(0) * per * 4096
        offs = tl.arange(0, 4096)
        bufs = tl.local_alloc([4096], tl.float32, tl.swizzled_shared_layout(1, 1, 1, [0]), num=3)
        tl.buffer_load_to_shared(bufs.index(0), x, base + offs)
        tl.async_commit_group()
        tl.buffer_load_to_shared(bufs.index(1), x, base + 4096 + offs, mask=per > 1)
        tl.async_commit_group()
        for i in tl.range(0, per):
            nxt = i + 2
            tl.buffer_load_to_shared(bufs.index(nxt % 3), x, base + nxt * 4096 + offs, mask=nxt < per)
            tl.async_commit_group()
            tl.async_wait(2)
            tl.store(y + base + i * 4096 + offs, bufs.index(i % 3).load())

    out["shared_pipeline_f32"] = (k_pipe, {"kind": "shared", "dtype": "f32", "fn": "pipeline", "consts": {},
                                           "sizes": [1 << 26]})

    # Tiles through the tensor memory accelerator (sm_90+): an mbarrier
    # expects the tile's bytes, the copy engine writes the 128-byte-swizzled
    # 64 x 128 f16 tile (two TMA boxes), every thread waits for the phase.
    # tma_tile_f16 reads a ragged tensor (the boxes past its edge read
    # zero); tma_loop_f16 reuses one buffer and barrier over a runtime loop
    # of 8 tiles, waiting on phase i & 1.
    tma_layout = tl.nvmma_shared_layout(128, 16)
    tma_desc = tl.tensor_descriptor(tl.float16, [64, 128], tma_layout)

    @tl.kernel(num_warps=4, name="tma_tile_f16")
    def k_tma_tile(desc: tma_desc, y: tl.pointer(tl.float16), N: tl.int32):
        N = tl.multiple_of(N, 128)
        bar = tl.allocate_mbarrier()
        tl.mbarrier.init(bar, count=1)
        buf = tl.allocate_shared_memory(tl.float16, [64, 128], desc.layout)
        r0 = tl.program_id(0) * 64
        c0 = tl.program_id(1) * 128
        tl.mbarrier.expect(bar, desc.nbytes)
        tl.tma.async_copy_global_to_shared(desc, [r0, c0], bar, buf)
        tl.mbarrier.wait(bar, 0)
        r = r0 + tl.arange(0, 64)
        c = c0 + tl.arange(0, 128)
        tl.store(y + r[:, None] * N + c[None, :], buf.load())

    @tl.kernel(num_warps=4, name="tma_loop_f16")
    def k_tma_loop(desc: tma_desc, y: tl.pointer(tl.float16), N: tl.int32, per: tl.int32):
        N = tl.multiple_of(N, 128)
        bar = tl.allocate_mbarrier()
        tl.mbarrier_init(bar, 1)
        buf = tl.allocate_shared_memory(tl.float16, [64, 128], tma_layout)
        c0 = tl.program_id(0) * 128
        c = c0 + tl.arange(0, 128)
        for i in tl.range(0, per):
            r0 = (tl.program_id(1) * per + i) * 64
            tl.mbarrier_expect_tx(bar, 64 * 128 * 2)
            tl.async_tma_copy_global_to_shared(desc, [r0, c0], bar, buf)
            tl.mbarrier_wait(bar, i & 1)
            r = r0 + tl.arange(0, 64)
            tl.store(y + r[:, None] * N + c[None, :], buf.load())

    out["tma_tile_f16"] = (k_tma_tile, {"kind": "shared", "dtype": "f16", "fn": "tma_tile", "consts": {},
                                        "sizes": [1000 * 1000, 8192 * 8192]})
    out["tma_loop_f16"] = (k_tma_loop, {"kind": "shared", "dtype": "f16", "fn": "tma_loop", "consts": {},
                                        "sizes": [8192 * 8192]})

    # tl.dot (mma.sync m16n8k16 on NVIDIA): the Triton-style GEMM, layouts
    # inferred, a runtime K loop, ragged sizes masked.
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples"))
    from cluster_ping_pong import cluster_ping_pong  # examples/cluster_ping_pong.py
    from gemm import gemm, gemm_pipelined  # examples/gemm.py
    from ws_gemm import c_descriptor as ws_c_descriptor  # examples/ws_gemm.py
    from ws_gemm import descriptors as ws_descriptors
    from ws_gemm import gemm_ws

    k_gemm = tl.kernel(num_warps=8, name="gemm_bf16")(gemm.fn)

    if warp == 32:
        # thread-block clusters (sm_90+): two CTAs taking turns, 1,000 round
        # trips per cluster, the turn order checked through an atomic counter
        out["cluster_ping_pong"] = (cluster_ping_pong, {"kind": "cluster", "dtype": "i32", "consts": {},
                                                        "sizes": [1000]})
    if warp == 32:  # mma.sync (the AMD GEMM runs in the emulator: test_dot.py)
        out["gemm_bf16"] = (k_gemm, {"kind": "gemm", "dtype": "bf16", "consts": {"BM": 128, "BN": 128, "BK": 32},
                                     "sizes": [128, 1000, 4096]})
        # the same source with num_stages=3 and N, K divisible by 16 (as
        # Triton's launcher specializes them): tlxamd-pipeline stages both
        # operands (cp.async, one wgmma group in flight)
        for bm, bn, bk, warps in ((128, 128, 64, 4), (128, 256, 64, 8)):
            name = f"gemm_s3_bf16_{bm}x{bn}x{bk}_w{warps}"
            out[name] = (tl.kernel(num_warps=warps, num_stages=3, name=name)(gemm.fn),
                         {"kind": "gemm", "dtype": "bf16", "consts": {"BM": bm, "BN": bn, "BK": bk},
                          "sizes": [128, 1008, 4096, 8192]})
            SIGNATURES[name] = {"a": tl.pointer(tl.bfloat16), "b": tl.pointer(tl.bfloat16),
                                "c": tl.pointer(tl.float32), "M": tl.int32, "N": tl.divisible_int(tl.int32),
                                "K": tl.divisible_int(tl.int32)}
        # warp-specialized (examples/ws_gemm.py): a TMA producer warpgroup
        # and two wgmma consumer warpgroups (TLX tasks) through mbarrier rings
        def add_ws(name, dtype, consts, descs, c_kind=tl.pointer(tl.bfloat16)):
            out[name] = (tl.kernel(num_warps=4, name=name)(gemm_ws.fn),
                         {"kind": "gemm", "fn": "ws", "dtype": dtype, "consts": dict(GROUP_M=8, **consts),
                          "sizes": [128, 1008, 4096, 8192]})
            SIGNATURES[name] = {"a_desc": descs[0], "b_desc": descs[1], "c": c_kind, "M": tl.int32,
                                "N": tl.divisible_int(tl.int32), "K": tl.divisible_int(tl.int32)}

        # (_p: persistent, one program per SM walking the blocks)
        for bm, bn, bk, stages, persistent in ((128, 256, 64, 3, False), (128, 128, 64, 4, False),
                                               (128, 256, 64, 3, True)):
            add_ws(f"gemm_ws_bf16_{bm}x{bn}x{bk}_s{stages}" + ("_p" if persistent else ""), "bf16",
                   {"BM": bm, "BN": bn, "BK": bk, "STAGES": stages, "PERSISTENT": persistent},
                   ws_descriptors(bm, bn, bk))
        # the persistent one storing C through TMA (a shared tile per
        # consumer, the store waited for before the next block's)
        add_ws("gemm_ws_bf16_128x256x64_s3_pt", "bf16",
               {"BM": 128, "BN": 256, "BK": 64, "STAGES": 3, "PERSISTENT": True, "TMA_STORE": True},
               ws_descriptors(128, 256, 64), ws_c_descriptor(128, 256))
        # the same in fp8 e4m3 (B given transposed: fp8 wgmma reads K-major
        # operands), beside torch._scaled_mm
        add_ws("gemm_ws_fp8_128x256x128_s3_p", "f8",
               {"BM": 128, "BN": 256, "BK": 128, "STAGES": 3, "PERSISTENT": True, "B_KMAJOR": True},
               ws_descriptors(128, 256, 128, tl.float8e4nv, b_kmajor=True))
        # operands staged through shared memory by cp.async, STAGES deep
        # (ldmatrix from swizzled tiles, grouped program order; the sweep of
        # tile sizes, stages and warps is in RESULTS.md)
        for bm, bn, bk, stages, warps, group in ((128, 128, 32, 4, 4, 8), (128, 128, 64, 3, 4, 8)):
            name = f"gemm_pipelined_bf16_{bm}x{bn}x{bk}"
            out[name] = (tl.kernel(num_warps=warps, name=name)(gemm_pipelined.fn),
                         {"kind": "gemm", "dtype": "bf16",
                          "consts": {"BM": bm, "BN": bn, "BK": bk, "STAGES": stages, "GROUP_M": group},
                          "sizes": [128, 1000, 4096]})
        # the same with Hopper's warpgroup MMA from the nvmma tiles (TLX's
        # async_dot / async_dot_wait)
        for bm, bn, bk, stages, warps in ((128, 128, 64, 3, 4), (128, 256, 64, 3, 8)):
            name = f"gemm_wgmma_bf16_{bm}x{bn}x{bk}_w{warps}"
            out[name] = (tl.kernel(num_warps=warps, name=name)(gemm_pipelined.fn),
                         {"kind": "gemm", "dtype": "bf16",
                          "consts": {"BM": bm, "BN": bn, "BK": bk, "STAGES": stages, "GROUP_M": 8, "WGMMA": True},
                          "sizes": [128, 1000, 4096]})

    for fn in MATH_FUNCTIONS:
        out[f"math_{fn}_f32"] = (math_kernel(fn, "f32"), {"kind": "math", "dtype": "f32", "fn": fn, "block": 1024})
    for fn in ("exp", "log", "sin"):
        out[f"math_{fn}_bf16"] = (math_kernel(fn, "bf16"), {"kind": "math", "dtype": "bf16", "fn": fn,
                                                            "block": 1024})
    return out


def _f8_kernel(name: str, c: int, other: bool, warp: int) -> str:
    """An f8E4M3FN kernel as MLIR text (the Python language has no f8 dtype):
    a masked load (with `other = -7.0` when `other`), then a masked store, or
    an unmasked one that exposes the `other` lanes."""
    lay = (f"#tlxamd.blocked<{{size_per_thread = [{ELEMS}], threads_per_warp = [{warp}], "
           f"warps_per_cta = [{WARPS}], order = [0]}}>")
    block = block_for(warp)
    t, ti = f"tensor<{block}xf8E4M3FN, {lay}>", f"tensor<{block}xi32, {lay}>"
    ptr = "!tlxamd.ptr<f8E4M3FN>"
    attrs = f" {{contiguity = {c} : i32}}" if c > 1 else ""
    load_other = " other %o" if other else ""
    store_mask = "" if other else " mask %m"
    # a store with contiguity > 1 takes a pinned value (B9)
    pin = f"%s = tlxamd.require_layout %v : {t} -> {t}" if c > 1 else ""
    stored = "%s" if c > 1 else "%v"
    return f"""
gpu.module @{name}_module {{
  gpu.func @{name}(%src: {ptr}, %dst: {ptr}, %n: i32) kernel attributes {{tlxamd.num_warps = {WARPS} : i32}} {{
    %pid = tlxamd.program_id 0 : i32
    %cb = arith.constant {block} : i32
    %base = arith.muli %pid, %cb : i32
    %bs = tlxamd.splat %base : {ti}
    %r = tlxamd.make_range 0 to {block} : {ti}
    %offs = arith.addi %bs, %r : {ti}
    %ns = tlxamd.splat %n : {ti}
    %m = arith.cmpi slt, %offs, %ns : {ti}
    %o = arith.constant dense<-7.0> : {t}
    %v = tlxamd.buffer_load %src[%offs] mask %m{load_other}{attrs} : {ptr}, {ti} -> {t}
    {pin}
    tlxamd.buffer_store {stored}, %dst[%offs]{store_mask}{attrs} : {t}, {ptr}, {ti}
    gpu.return
  }}
}}
"""


def _mlir_kernels(warp: int = 32):
    """Kernels written as MLIR text: f8 elements, whose `other` constant is
    lowered to its bits (0xCE for -7.0)."""
    return {
        "masked_other_f8": (_f8_kernel("masked_other_f8", 1, True, warp),
                            {"kind": "masked_other", "dtype": "f8", "contiguity": 1}),
        "masked_f8_c16": (_f8_kernel("masked_f8_c16", 16, False, warp),
                          {"kind": "masked", "dtype": "f8", "contiguity": 16}),
    }


def kernels(warp: int = 32) -> dict:
    """name -> (kernel, case) for `warp` lanes per warp; every case has its
    constexpr values in case["consts"]."""
    out = _kernels(warp)
    for _, case in out.values():
        if case.get("consts") is None:
            case["consts"] = {} if case["kind"] == "convert" else {"BLOCK": case.get("block", block_for(warp))}
    return out


def build(outdir: str, target: str = "sm_90a", only=None, sanitize: bool = False) -> dict:
    """Compile the suite (the cases whose names match the regular
    expression `only`, when given) into `outdir`; with `sanitize`, with the
    contract sanitizer's checks (run_gpu.py then fails a case on any
    report)."""
    import re
    import time

    from tlxamd import compiler, targets

    os.makedirs(outdir, exist_ok=True)
    warp = targets.get(target)["warp_size"]
    manifest = {"target": target, "block": block_for(warp), "sanitize": sanitize, "cases": {}}
    for name, (kern, case) in kernels(warp).items():
        if only and not re.search(only, name):
            continue
        t0 = time.perf_counter()
        source = kern if isinstance(kern, str) else kern.build(target=target, signature=SIGNATURES.get(name),
                                                               **case["consts"])
        k = compiler.compile(source, target=target, sanitize=sanitize)
        case["compile_ms"] = round((time.perf_counter() - t0) * 1e3, 1)
        k.save(outdir, name)
        case["registers"] = k.resources.get("registers")
        manifest["cases"][name] = case
    with open(os.path.join(outdir, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=1)
    return manifest


if __name__ == "__main__":
    import sys

    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    only = next((a.split("=", 1)[1] for a in sys.argv[1:] if a.startswith("--only=")), None)
    m = build(args[0] if args else os.path.join(os.path.dirname(__file__), "suite"), only=only,
              sanitize="--sanitize" in sys.argv[1:])
    for name, case in m["cases"].items():
        print(f"{name:22} compile {case['compile_ms']:7.1f} ms  registers {case['registers']}")
