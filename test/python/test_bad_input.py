"""Bad input gets a clean outcome: a Python exception naming the user's line,
a diagnostic, or the right result; never a crash, a hang, a wrong program
or a silently wrapped value. One test per defect class; generated cases
where the class is wider than one input."""

import numpy as np
import pytest
from conftest import line_of

from tlxamd import compiler, emulator
from tlxamd import language as tl
from tlxamd import language as tlx
from tlxamd.language.frontend import CompilationError

HERE = __file__


def _line_of(marker: str) -> int:
    return line_of(__file__, marker)


# -- kernels that are not plain functions ----------------------------------

def test_async_def_kernel_is_rejected_at_its_def():
    async def k(x: tl.pointer(tl.float32)):  # MARK-async
        pass

    with pytest.raises(CompilationError, match="async def") as e:
        tl.kernel(k)
    assert e.value.lineno == _line_of("MARK-async")


def test_generator_helper_is_rejected():
    def g(x):
        yield x

    with pytest.raises(CompilationError, match="generator"):
        tl.jit(g)


@pytest.mark.parametrize("star", ["*rest", "**rest"])
def test_star_parameters_are_rejected(star):
    src = f"def k(x: tl.pointer(tl.float32), {star}):\n    pass\n"
    scope = {"tl": tl}
    exec(compile(src, HERE, "exec"), scope)
    with pytest.raises((CompilationError, TypeError), match="named parameters only"):
        tl.kernel(scope["k"])


def test_non_function_kernel():
    with pytest.raises(TypeError, match="a kernel is a Python function"):
        tl.kernel(42)


# -- returns, recursion, unrolling --------------------------------------------

@tl.kernel(num_warps=1)
def returns_value(x: tl.pointer(tl.float32)):
    v = tl.load(x + tl.arange(0, 64))
    return v  # MARK-return


def test_kernel_returning_a_value_names_the_return_line():
    with pytest.raises(CompilationError, match="returns .*return nothing") as e:
        returns_value.build(target="gfx950")
    assert e.value.lineno == _line_of("MARK-return")


@tl.jit
def _recurse(x, n: tl.constexpr):
    return _recurse(x, n)  # MARK-recurse


@tl.kernel(num_warps=1)
def recursive(x: tl.pointer(tl.float32)):
    tl.store(x + tl.arange(0, 64), _recurse(tl.load(x + tl.arange(0, 64)), 3))


def test_recursive_jit_is_an_error_with_its_line():
    with pytest.raises(CompilationError, match="recursive call of @jit function _recurse") as e:
        recursive.build(target="gfx950")
    assert e.value.lineno == _line_of("MARK-recurse")


@tl.kernel(num_warps=1)
def huge_unroll(x: tl.pointer(tl.float32), N: tl.constexpr):
    acc = tl.zeros([64], tl.float32)
    for i in tl.static_range(N):  # MARK-unroll
        acc += 1.0
    tl.store(x + tl.arange(0, 64), acc)


def test_static_range_has_a_bound():
    with pytest.raises(CompilationError, match="unrolls at most 4096") as e:
        huge_unroll.build(target="gfx950", N=10**8)
    assert e.value.lineno == _line_of("MARK-unroll")
    huge_unroll.build(target="gfx950", N=8)  # small ones still unroll


@tl.kernel(num_warps=1)
def float_bound(x: tl.pointer(tl.float32), N: tl.constexpr):
    acc = tl.zeros([64], tl.float32)
    for i in range(0, N):  # MARK-float-bound
        acc += 1.0
    tl.store(x + tl.arange(0, 64), acc)


@tl.kernel(num_warps=1)
def float_static_bound(x: tl.pointer(tl.float32), N: tl.constexpr):
    acc = tl.zeros([64], tl.float32)
    for i in tl.static_range(N):
        acc += 1.0
    tl.store(x + tl.arange(0, 64), acc)


@pytest.mark.parametrize("bound", [3.5, 2.5, True, "4"])
def test_loop_bounds_must_be_integers(bound):
    with pytest.raises(CompilationError, match="integers") as e:
        float_bound.build(target="gfx950", N=bound)
    assert e.value.lineno == _line_of("MARK-float-bound")
    with pytest.raises(CompilationError, match="integers"):
        float_static_bound.build(target="gfx950", N=bound)


# -- constants and pointer arithmetic -------------------------------------------

@tl.kernel(num_warps=1)
def full_of(x: tl.pointer(tl.int32), V: tl.constexpr):
    tl.store(x + tl.arange(0, 64), tl.full([64], V, tl.int32))  # MARK-full


@pytest.mark.parametrize("value,match", [(1e20, "does not fit in int32"), (float("inf"), "not a finite number"),
                                         (float("nan"), "not a finite number"), (2**40, "does not fit")])
def test_full_with_a_value_the_type_cannot_hold(value, match):
    with pytest.raises(CompilationError, match=match) as e:
        full_of.build(target="gfx950", V=value)
    assert e.value.lineno == _line_of("MARK-full")


@tl.kernel(num_warps=1)
def ptr_plus(x: tl.pointer(tl.float32), D: tl.constexpr):
    tl.store(x + D + tl.arange(0, 64), tl.zeros([64], tl.float32))  # MARK-ptr


@pytest.mark.parametrize("d", [1.5, 1.0, True])
def test_pointer_plus_a_non_integer(d):
    with pytest.raises(CompilationError, match="pointer offsets must be integers") as e:
        ptr_plus.build(target="gfx950", D=d)
    assert e.value.lineno == _line_of("MARK-ptr")


# -- unsigned integers ---------------------------------------------------------

@tl.kernel(num_warps=1)
def widen_u8(x: tl.pointer(tl.uint8), y: tl.pointer(tl.float32), z: tl.pointer(tl.int32),
             w: tl.pointer(tl.int32)):
    offs = tl.arange(0, 64)
    v = tl.load(x + offs)
    tl.store(y + offs, v.to(tl.float32))
    tl.store(z + offs, v.to(tl.int32))
    # unsigned comparison and division: 200 > 100 and 200 // 3 == 66
    big = (v > 100).to(tl.int32) + (v // 3).to(tl.int32) * 2 + tl.full([64], 255, tl.uint8).to(tl.int32) * 0
    tl.store(w + offs, big)


def test_uint8_is_unsigned_in_every_operation():
    k = compiler.compile(widen_u8.build(target="gfx950"), target="gfx950")
    x = np.arange(64, dtype=np.uint8) * 4  # 0 .. 252
    y = np.zeros(64, np.float32)
    z = np.zeros(64, np.int32)
    w = np.zeros(64, np.int32)
    emulator.run(k, (1,), x, y, z, w)
    np.testing.assert_array_equal(y, x.astype(np.float32))  # 192 stays 192.0
    np.testing.assert_array_equal(z, x.astype(np.int32))
    np.testing.assert_array_equal(w, (x > 100).astype(np.int32) + (x // 3).astype(np.int32) * 2)


@tl.kernel(num_warps=1)
def u8_constant(x: tl.pointer(tl.uint8), V: tl.constexpr):
    tl.store(x + tl.arange(0, 64), tl.full([64], V, tl.uint8))


def test_uint8_constants_take_the_unsigned_range():
    u8_constant.build(target="gfx950", V=255)
    with pytest.raises(CompilationError, match=r"does not fit in uint8 \(0..255\)"):
        u8_constant.build(target="gfx950", V=-1)
    with pytest.raises(CompilationError, match="does not fit in uint8"):
        u8_constant.build(target="gfx950", V=256)


# -- resource footprints and record counts -----------------------------------------

@tl.kernel(num_warps=1)
def big_preshuffle(b: tl.pointer(tl.int8), N: tl.constexpr, K: tl.constexpr):
    loader = tlx.PreshuffledBLoader(b, N, K)  # MARK-records
    lane = tl.arange(0, 64)
    loader.load_fragment(lane % 16, (lane // 16) * 16)


def test_preshuffle_record_count_must_fit_32_bits():
    with pytest.raises(CompilationError, match="does not fit the buffer resource's 32-bit record count") as e:
        big_preshuffle.build(target="gfx950", N=65536, K=65536)
    assert e.value.lineno == _line_of("MARK-records")


# -- launches: emulator and runtime share the checks ---------------------------------

@tl.kernel(num_warps=1)
def copy8(x: tl.pointer(tl.int32), n: tl.int8):
    offs = tl.arange(0, 64)
    tl.store(x + offs, tl.zeros([64], tl.int32) + n.to(tl.int32))


@pytest.fixture(scope="module")
def copy8_kernel():
    return compiler.compile(copy8.build(target="gfx950"), target="gfx950")


@pytest.mark.parametrize("grid,exc", [((0,), ValueError), ((-1,), ValueError), ((1, 1, 1, 1), ValueError),
                                      ((1.0,), TypeError), ((), ValueError), ((True,), TypeError),
                                      ("ab", TypeError)])
def test_emulator_rejects_bad_grids(copy8_kernel, grid, exc):
    x = np.zeros(64, np.int32)
    with pytest.raises(exc, match="grid"):
        emulator.run(copy8_kernel, grid, x, 1)
    with pytest.raises(exc, match="grid"):
        emulator.load(copy8_kernel)[grid](x, 1)


@pytest.mark.parametrize("value", [300, -129, 2**32 + 5])
def test_emulator_rejects_scalars_that_do_not_fit(copy8_kernel, value):
    x = np.zeros(64, np.int32)
    with pytest.raises(OverflowError, match="does not fit in 8 bits"):
        emulator.run(copy8_kernel, (1,), x, value)


def test_emulator_scalar_in_range(copy8_kernel):
    x = np.zeros(64, np.int32)
    emulator.run(copy8_kernel, (1,), x, -7)
    assert (x == -7).all()


def test_emulator_misuse(copy8_kernel):
    x = np.zeros(64, np.int32)
    with pytest.raises(ValueError, match="wave is 32 or 64"):
        emulator.run(copy8_kernel, (1,), x, 1, wave=0)
    with pytest.raises(ValueError, match="compiled for waves of 64"):
        emulator.run(copy8_kernel, (1,), x, 1, wave=32)
    with pytest.raises(TypeError, match="the emulator runs a kernel compiled for an AMD target"):
        emulator.run("not a kernel", (1,), x, 1)


@tl.kernel(num_warps=2)
def wave_sum(x: tl.pointer(tl.float32), y: tl.pointer(tl.float32)):
    offs = tl.arange(0, 128)
    tl.store(y + tl.arange(0, 1), tl.sum(tl.load(x + offs), axis=0) + tl.zeros([1], tl.float32))


def test_emulator_takes_the_wave_from_the_target():
    """gfx1250 is wave32: a reduction across lanes must use 32-lane waves."""
    k = compiler.compile(wave_sum.build(target="gfx1250"), target="gfx1250")
    x = np.arange(128, dtype=np.float32)
    y = np.zeros(1, np.float32)
    emulator.run(k, (1,), x, y)
    assert y[0] == x.sum()


def test_runtime_rejects_bad_grids_and_scalars():
    from tlxamd import _launch

    assert _launch.normalize_grid(3) == (3, 1, 1)
    assert _launch.normalize_grid((2, 3)) == (2, 3, 1)
    for bad in [(), (0,), (1, 2, 3, 4), (2.0,), (-3,)]:
        with pytest.raises((ValueError, TypeError)):
            _launch.normalize_grid(bad)
    with pytest.raises(OverflowError):
        _launch.check_scalar(2**32 + 5, "i32", "argument 2")
    _launch.check_scalar(2**32 - 1, "i32", "argument 2")  # an unsigned bit pattern fits
    with pytest.raises(TypeError):
        _launch.check_scalar(1.5, "i32", "argument 2")


@pytest.mark.parametrize("text,match", [
    ('module { func.func @f() attributes {x = array<index: 1>} { return } }', r"array<index: \.\.\.>"),
    ('module { func.func @f() attributes {x = dense<["a"]> : tensor<1xi32>} { return } }', "string element"),
])
def test_driver_screens_upstream_parser_crashes(text, match):
    """Inputs the released parser would abort on are refused with a line."""
    with pytest.raises(compiler.CompilationError, match=match):
        compiler.compile(text, target="gfx950")


_one_wave = tlx.amd_mfma_layout(version=4, instr_shape=[32, 32, 16], transposed=True, warps_per_cta=[1, 1])


@tl.kernel(num_warps=1)
def big_accumulator(a_ptr: tl.pointer(tl.bfloat16), c_ptr: tl.pointer(tl.float32), M: tl.constexpr):
    r = tl.arange(0, M)
    k = tl.arange(0, 16)
    a = tlx.buffer_load(a_ptr, tlx.require_layout(r[:, None] * 16 + k[None, :],
                                                  tlx.dot_operand_layout(0, _one_wave, 8)), contiguity=8)
    b = tlx.buffer_load(a_ptr, tlx.require_layout(k[:, None] + r[None, :] * 16,
                                                  tlx.dot_operand_layout(1, _one_wave, 8)), contiguity=8)
    acc = tlx.zeros((M, M), tl.float32, layout=_one_wave)
    acc = tlx.amd_scheduled_mfma(a, b, acc, accumulator_role="persistent", initialize=True)  # MARK-mfma
    acc = tlx.require_layout(tlx.amd_mfma_commit(acc), _one_wave)
    out = tlx.require_layout(r[:, None] * M + r[None, :], _one_wave)
    tlx.buffer_store(acc, c_ptr, out, contiguity=4)


def test_scheduled_mfma_footprint_is_checked_before_codegen():
    """A 256 x 256 f32 accumulator on one wave needs 1024 registers per
    lane: rejected by target legality in well under a second, not handed to
    llc (which would spill or run for minutes)."""
    import time

    t0 = time.perf_counter()
    with pytest.raises(compiler.CompilationError, match=r"the accumulator needs 1024 and the operands \d+ "
                                                        r"32-bit registers per lane, more than the 256 VGPRs "
                                                        r"and 256 AGPRs"):
        compiler.compile(big_accumulator.build(target="gfx950", M=256), target="gfx950")
    assert time.perf_counter() - t0 < 30
    # a tile that fits still compiles
    compiler.compile(big_accumulator.build(target="gfx950", M=64), target="gfx950", binary=False)


def test_runtime_launch_misuse(monkeypatch):
    """tlxamd.runtime on a fake driver: host arrays are not device pointers,
    grids are checked, an i32 argument that does not fit is an error (never
    wrapped), and `()` is not a grid of one program."""
    import torch
    from test_sanitizer import _FakeDriver

    from tlxamd import runtime

    k = compiler.compile(copy8.build(target="sm_90a"), target="sm_90a")
    api = runtime._Api.__new__(runtime._Api)
    api.drv, api.cupy, api._ctx = _FakeDriver(False), None, None
    monkeypatch.setattr(runtime, "_api", api)
    kern = runtime.load_data(b"\0", k.metadata())["copy8"]
    launched = []
    monkeypatch.setattr(api.drv, "cuLaunchKernel", lambda *a: launched.append(a) or (0,), raising=False)
    for bad in [torch.zeros(4), np.zeros(4, np.int32)]:
        with pytest.raises(TypeError, match="argument 0 of copy8"):
            kern[(1,)](bad, 1)
    for grid in [(), (0,), (1, 1, 1, 1), (2.0,)]:
        with pytest.raises((TypeError, ValueError), match="grid"):
            kern[grid](0x1000, 1)
    with pytest.raises(OverflowError, match="does not fit in 8 bits"):
        kern[(1,)](0x1000, 300)
    assert launched == []
    kern[(1,)](0x1000, -5)
    assert len(launched) == 1
    # an f32 scalar out of f32's range is an error on the fast path too
    fk = compiler.compile(fill_f32.build(target="sm_90a"), target="sm_90a")
    fkern = runtime.load_data(b"\0", fk.metadata())["fill_f32"]
    with pytest.raises(OverflowError, match="out of its range"):
        fkern[(1,)](0x1000, 1e300)
    fkern[(1,)](0x1000, float("inf"))
    fkern[(1,)](0x1000, 2.5)
    assert len(launched) == 3


@tl.kernel(num_warps=1)
def fill_f32(x: tl.pointer(tl.float32), v: tl.float32):
    tl.store(x + tl.arange(0, 64), tl.zeros([64], tl.float32) + v)


# -- launched the Triton way: the same checks ---------------------------------

@pytest.mark.parametrize("star", ["*rest", "**rest"])
def test_jit_launch_rejects_star_parameters(star):
    src = f"def k(x, {star}):\n    pass\n"
    scope = {"tl": tl}
    exec(compile(src, HERE, "exec"), scope)
    kern = tl.jit(scope["k"])
    with pytest.raises(CompilationError, match=r"kernel parameter '\*+rest': kernels take named parameters only"):
        kern[(1,)](np.zeros(4, np.float32))


# -- attribute values that would wrap -----------------------------------------

@pytest.mark.parametrize("pendings", [2**40, 2**31, -1, 1.5, True])
def test_async_wait_count_must_fit_its_attribute(pendings):
    @tl.kernel(num_warps=4)
    def k(x: tl.pointer(tl.float32)):
        tlx.async_load_wait_group(pendings)  # MARK-wait

    with pytest.raises(ValueError, match=r"num_outstanding must be an int in \[0, 2\^31\)") as e:
        k.build(target="gfx950")
    assert e.value.lineno == _line_of("MARK-wait")


# -- shared memory used after its dealloc ---------------------------------------

@pytest.mark.parametrize("use", ["load", "view", "dealloc"])
def test_use_after_local_dealloc_is_rejected(use):
    @tl.kernel(num_warps=4)
    def k(x: tl.pointer(tl.float32)):
        buf = tlx.local_alloc((64, 64), tl.float32, 1)
        tlx.local_dealloc(buf)  # MARK-dealloc
        if use == "load":
            v = tlx.local_load(tlx.local_view(buf, 0))
            tl.store(x + tl.arange(0, 64)[:, None] * 64 + tl.arange(0, 64)[None, :], v)
        elif use == "view":
            tlx.local_view(buf, 0)
        else:
            tlx.local_dealloc(buf)

    with pytest.raises(ValueError, match=rf"{__file__}:{_line_of('MARK-dealloc')}:\d+: 'tlxamd.local_dealloc' "
                                         r"op deallocates shared memory that is used after it"):
        k.build(target="gfx950")


# -- the emulator's arrays and errors --------------------------------------------

@tl.kernel(num_warps=1)
def scale_f32(x: tl.pointer(tl.float32), y: tl.pointer(tl.float32)):
    o = tl.arange(0, 64)
    tl.store(y + o, tl.load(x + o) * 2.0)


@tl.kernel(num_warps=1)
def past_the_end(x: tl.pointer(tl.float32), y: tl.pointer(tl.float32)):
    o = tl.arange(0, 64)
    tl.store(y + o, tl.load(x + o + 4096))  # MARK-oob


@pytest.fixture(scope="module")
def scale_kernel():
    return compiler.compile(scale_f32.build(target="gfx950"), target="gfx950")


@pytest.mark.parametrize("dtype", [np.float64, np.float16, np.int64, np.int16, np.uint8, np.complex64])
def test_emulator_rejects_arrays_of_another_element_type(scale_kernel, dtype):
    """Never reinterpreted byte for byte: a float array must be the kernel's
    float type, any other array its element size (raw bits)."""
    x = np.zeros(64, dtype)
    with pytest.raises(TypeError, match="argument 0 points to f32 elements"):
        emulator.run(scale_kernel, (1,), x, np.zeros(64, np.float32))


@pytest.mark.parametrize("dtype", [np.int32, np.uint32])
def test_emulator_takes_raw_bits_of_the_element_size(scale_kernel, dtype):
    x = np.arange(64, dtype=np.float32)
    y = np.zeros(64, dtype)
    emulator.run(scale_kernel, (1,), x.view(dtype), y)
    assert (y.view(np.float32) == 2 * x).all()


def test_emulator_errors_name_the_kernel_line():
    k = compiler.compile(past_the_end.build(target="gfx950"), target="gfx950")
    with pytest.raises(emulator.EmulatorError, match=rf"{__file__}:{_line_of('MARK-oob')}:\d+: access past the end"):
        emulator.run(k, (1,), np.zeros(64, np.float32), np.zeros(64, np.float32))


# -- damaged disk cache entries ---------------------------------------------------

_DAMAGED = ["{}", "[]", "null", '"text"', '{"target": 1, "mlir": "", "llvm_ir": "", "kernels": {}}',
            '{"target": "gfx950", "mlir": "", "llvm_ir": "", "kernels": []}',
            '{"target": "gfx950", "mlir": "", "llvm_ir": "", "kernels": {"k": 3}}',
            '{"target": "gfx950", "mlir": "", "llvm_ir": "", "kernels": {}, "remarks": [1]}',
            '{"target": "gfx950", "mlir": "", "llvm_ir": "", "kernels": {}, "binary": "%%% not base64"}',
            '{"target": "gfx950", "mlir": "", "llvm_ir": "", "kernels": {}, "binary": 7}', '{"target": "gfx9']


@pytest.mark.parametrize("payload", _DAMAGED)
def test_damaged_cache_entry_is_compiled_again_and_replaced(tmp_path, monkeypatch, payload):
    monkeypatch.setenv("TLXAMD_CACHE_DIR", str(tmp_path))
    module = scale_f32.build(target="gfx950")
    good = compiler.compile(module, target="gfx950")
    (entry,) = tmp_path.rglob("*.json")
    entry.write_text(payload)
    again = compiler.compile(module, target="gfx950")
    assert "cache_hit" not in again.timings and again.binary == good.binary
    hit = compiler.compile(module, target="gfx950")  # the entry was replaced
    assert set(hit.timings) == {"cache_hit"} and hit.binary == good.binary


# -- diagnostics name the line at fault --------------------------------------------

def test_loop_carried_type_change_names_the_assignment():
    @tl.kernel(num_warps=1)
    def k(x: tl.pointer(tl.float32), n: tl.int32):
        acc = 0
        for i in range(n):  # MARK-loop
            acc = acc + 1.5  # MARK-assign
        tl.store(x, acc)

    with pytest.raises(CompilationError, match=r"loop-carried variable 'acc' changes type from i32 to f32 "
                                               rf"\(in the loop at line {_line_of('MARK-loop')}\)") as e:
        k.build(target="gfx950")
    assert e.value.lineno == _line_of("MARK-assign")


def test_if_assigned_type_change_names_the_assignment():
    @tl.kernel(num_warps=1)
    def k(x: tl.pointer(tl.float32), n: tl.int32):
        v = 0
        if n > 0:
            v = 2
        else:
            v = 0.5  # MARK-else
        tl.store(x, v)

    with pytest.raises(CompilationError, match="if-assigned variable 'v' changes type") as e:
        k.build(target="gfx950")
    assert e.value.lineno == _line_of("MARK-else")


# -- the released parser's aborts, screened everywhere ------------------------------

@pytest.mark.parametrize("text", ['module { func.func @f() attributes {x = array<index: 1>} { return } }',
                                  'module { func.func @f() attributes {x = array< index: 1, 2>} { return } }',
                                  'module {\n// a comment: array<index: 1>\n func.func @f() attributes '
                                  '{x = dense<["a"]> : tensor<1xi32>} { return } }'])
def test_module_parse_screens_parser_defects(text):
    from tlxamd import ir

    line = text.count("\n", 0, max(text.find("array<"), text.find("dense<"))) + 1
    with ir.Context():
        with pytest.raises(ir.MLIRError, match=rf"line {line}: .*\(the MLIR parser cannot report this one\)"):
            ir.Module.parse(text)
        with pytest.raises(ir.MLIRError):
            ir.Module.parse(text.encode())
        assert "x = array<i64: 1" in str(ir.Module.parse(text.replace("index", "i64").split("\n// ")[0]
                                                          if "dense" not in text else
                                                          'module { func.func @f() attributes {x = array<i64: 1>} '
                                                          '{ return } }'))
