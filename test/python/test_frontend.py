"""The AST frontend: runtime loops and ifs, compile-time evaluation,
helpers, locations and errors (each naming the kernel's file:line)."""

import re

import pytest
from conftest import line_of

from tlxamd import compiler
from tlxamd import language as tl

HERE = __file__


def _line_of(marker: str) -> int:
    return line_of(__file__, marker)


@tl.jit
def _scaled(x, factor: tl.constexpr):
    return x * factor


@tl.jit
def _pair(a, b):
    return a + b, a - b


@tl.kernel(num_warps=4)
def accumulate(src: tl.pointer(tl.float32), dst: tl.pointer(tl.float32), n: tl.int32, BLOCK: tl.constexpr,
               UNROLL: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    acc = tl.zeros([BLOCK], tl.float32)
    count = 0
    for start in range(0, n, BLOCK):  # runtime bounds: scf.for carrying acc and count
        x = tl.load(src + start + offs, mask=start + offs < n, other=0.0)
        for j in tl.static_range(UNROLL):  # unrolled
            acc += _scaled(x, j + 1)
        count += 1
    if n > 1000:  # runtime if yielding a tensor
        acc = acc * 0.5
    else:
        acc = acc + 1.0
    s, d = _pair(acc, count.to(tl.float32))
    tl.store(dst + offs, s + d)


def test_runtime_loop_carries_tensors_and_scalars():
    raw = str(accumulate.build(target="gfx950", BLOCK=256, UNROLL=2, assign_layouts=False))
    assert raw.count("scf.for") == 1
    loop = re.search(r"scf\.for .* iter_args\((.*)\) -> \((.*)\)", raw)
    assert loop, raw
    # acc (a layout-free tensor) and count (an i32 promoted from 0)
    assert loop.group(2) == "tensor<256xf32>, i32", loop.group(2)
    # static_range(2) unrolled: two scalings (x * 1 and x * 2) and two adds
    body = raw[raw.index("scf.for"):raw.index("scf.yield")]
    assert body.count("arith.addf") == 2 and body.count("arith.mulf") == 2
    assert "scf.if" in raw and re.search(r"scf\.if .* -> \(tensor<256xf32>\)", raw)


def test_runtime_control_flow_compiles_on_both_vendors():
    for target, load in (("gfx950", "buffer_load"), ("sm_90a", "ld.global")):
        k = compiler.compile(accumulate.build(target=target, BLOCK=256, UNROLL=2), target=target)
        assert load in k.asm


def test_nested_loops_and_while():
    @tl.kernel(num_warps=1)
    def k(out: tl.pointer(tl.int32), n: tl.int32, m: tl.int32):
        total = 0
        for i in range(n):
            for j in tl.range(0, m, 2):
                total += i * j
        k2 = n
        while k2 > 1:
            k2 = k2 // 2
            total += 1
        tl.store(out, total)

    text = str(k.build(target="gfx950"))
    assert text.count("scf.for") == 2 and "scf.while" in text
    compiler.compile(k.build(target="sm_90a"), target="sm_90a")


def test_constexpr_if_and_closure_values():
    def make(scale):
        @tl.kernel(num_warps=4)
        def k(dst: tl.pointer(tl.float32), MODE: tl.constexpr):
            offs = tl.arange(0, 256)
            if MODE == "double":  # compile-time: one branch only
                v = tl.full([256], 2.0 * scale, tl.float32)
            else:
                v = tl.full([256], scale, tl.float32)
            tl.store(dst + offs, v)

        return k

    text = str(make(3.0).build(target="gfx950", MODE="double"))
    assert "6.000000e+00" in text and "scf.if" not in text
    assert "3.000000e+00" in str(make(3.0).build(target="gfx950", MODE="single"))


def test_document_rows_idiom_builds_without_layouts():
    # tl.arange(0, 64)[:, None], layout-free: layout assignment gives the
    # range a slice of the 2-D layout.
    @tl.kernel(num_warps=4)
    def k(dst: tl.pointer(tl.float32)):
        rows = tl.arange(0, 64)[:, None]
        cols = tl.arange(0, 64)[None, :]
        tl.store(dst + rows * 64 + cols, (rows + cols).to(tl.float32))

    text = str(k.build(target="gfx950"))
    assert "#tlxamd.slice<{dim = 1" in text and "convert_layout" not in text
    compiler.compile(k.build(target="gfx950"), target="gfx950")


def test_the_issue_lines_work():
    @tl.kernel(num_warps=4)
    def k(out_ptr: tl.pointer(tl.float32), n: tl.int32, BLOCK: tl.constexpr):
        rows = tl.arange(0, 64)[:, None]
        acc = tl.zeros([BLOCK], tl.float32)
        offs = tl.arange(0, BLOCK)
        for i in range(0, n, BLOCK):
            v = tl.load(out_ptr + i + offs, mask=i + offs < n, other=0.0)
            acc += tl.exp(v) * 2.0 + tl.maximum(v, 0.0)
        m = offs < n
        tl.store(out_ptr + offs, acc, mask=m)
        tl.store(out_ptr + rows, rows.to(tl.float32))

    for target in ("gfx950", "sm_90a"):
        compiler.compile(k.build(target=target, BLOCK=256), target=target)


def test_operations_carry_the_kernel_line():
    @tl.kernel(num_warps=4)
    def k(dst: tl.pointer(tl.float32)):
        offs = tl.arange(0, 256)
        tl.store(dst + offs, offs.to(tl.float32))  # STORE-LINE

    text = k.build(target="gfx950").operation.get_asm(enable_debug_info=True)
    assert f'"{HERE}":{_line_of("STORE-LINE")}:9' in text


@pytest.mark.parametrize("body,message", [
    ("undefined", "undefined name 'nope'"),
    ("carried_type", "loop-carried variable 'acc' changes type from tensor<64xf32> to tensor<64xf16>"),
    ("break", "break is not supported in kernels"),
    ("tensor_bool", "a runtime condition must be a scalar"),
    ("lambda", "lambda is not supported in kernels"),
    ("builder", "arange needs end - start to be a positive power of two, got 3"),
    ("rebound", "variable 'mode' was reassigned in the runtime loop at line"),
    ("read_before", "variable 'mode' is read in a runtime loop before the loop body assigns it"),
    ("nested_read_before", "variable 'mode' is read in a runtime loop before the loop body assigns it"),
])
def test_errors_name_the_source_line(body, message):
    @tl.kernel(num_warps=4)
    def k(dst: tl.pointer(tl.float32), n: tl.int32, WHICH: tl.constexpr):
        if WHICH == "undefined":
            x = nope + 1  # noqa: F821, F841  ERR-undefined
        if WHICH == "carried_type":
            acc = tl.zeros([64], tl.float32)
            for i in range(n):
                acc = acc.to(tl.float16)  # ERR-carried_type
        if WHICH == "break":
            for i in range(n):
                break  # ERR-break
        if WHICH == "tensor_bool":
            if tl.arange(0, 64) > 3:  # ERR-tensor_bool
                pass
        if WHICH == "lambda":
            f = lambda v: v  # noqa: E731, F841  ERR-lambda
        if WHICH == "builder":
            tl.arange(0, 3)  # ERR-builder
        if WHICH == "rebound":
            mode = "a"
            for i in range(n):
                mode = "b"
            tl.store(dst, 1.0 if mode == "a" else 2.0)  # ERR-rebound
        if WHICH == "nested_read_before":
            mode = "a"
            for i in range(n):
                for j in range(n):
                    tl.store(dst + j, 1.0 if mode == "a" else 2.0)  # ERR-nested_read_before
                    mode = "b"
        if WHICH == "read_before":
            mode = "a"
            for i in range(n):
                tl.store(dst + i, 1.0 if mode == "a" else 2.0)  # ERR-read_before
                mode = "b"

    with pytest.raises(tl.CompilationError) as info:
        k.build(target="gfx950", WHICH=body)
    err = info.value
    assert message in err.message
    assert err.filename == HERE and err.lineno >= _line_of(f"ERR-{body}") - 3
    assert err.lineno <= _line_of(f"ERR-{body}")
    assert f"{HERE}:{err.lineno}:" in str(err)
    assert str(err).splitlines()[1].strip() != ""  # the source line


def test_booleans_are_carried_through_runtime_loops():
    @tl.kernel(num_warps=1)
    def k(out: tl.pointer(tl.int32), n: tl.int32):
        found = False
        for i in range(n):
            found = found | (i == 3)
        tl.store(out, found.to(tl.int32))

    text = str(k.build(target="gfx950"))
    assert re.search(r"scf\.for .* -> \(i1\)", text), text


def test_builder_errors_keep_their_type():
    @tl.kernel(num_warps=4)
    def k(dst: tl.pointer(tl.float32)):
        tl.arange(0, 3)

    with pytest.raises(ValueError, match="positive power of two"):
        k.build(target="gfx950")


def test_missing_source_is_a_clear_error():
    ns = {}
    exec("def f(p):\n    pass\n", ns)  # no source file to read
    f = ns["f"]
    f.__annotations__["p"] = tl.pointer(tl.float32)
    with pytest.raises(TypeError, match="source of f is not available"):
        tl.kernel(num_warps=4)(f).build(target="gfx950")


def test_compile_time_views_rebound_in_nested_loops():
    """A shared-memory view (a compile-time value) assigned before it is
    read in each iteration of nested runtime loops, and not read after them
    (TLX's `k_tile = tlx.local_trans(k_tiles[buf])`), builds."""
    import tlxamd.language.extra.tlx as tlx

    @tl.kernel(num_warps=4)
    def views(out: tl.pointer(tl.float16), n: tl.int32):
        bufs = tlx.local_alloc((64, 64), tl.float16, 2, layout=tl.nvmma_shared_layout(128, 16))
        view = tlx.local_trans(bufs[0])
        for i in range(n):
            for j in range(n):
                view = tlx.local_trans(bufs[1])
                tlx.local_store(bufs[0], tlx.local_load(view))
        tl.store(out + tl.arange(0, 64), tl.zeros([64], tl.float16))

    assert "tlxamd.memdesc_trans" in str(views.build("sm_90a"))
