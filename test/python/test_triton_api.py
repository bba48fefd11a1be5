"""Triton's calling convention and module surface (`import tlxamd as
triton`): kernels without annotations launched with `kernel[grid](...)`,
specialized on the values passed, run in the AMD emulator on host arrays;
autotune, heuristics, testing and the driver."""

import math
import warnings

import numpy as np
import pytest

import tlxamd as triton
import tlxamd.language as tl
from tlxamd import _jit


def _triton_way_kernels():
    """The kernels bench/gpu/triton_way_checks.py runs on the GPU (there
    beside Triton's own compile), compiled here from the same text."""
    import importlib.util
    import os

    path = os.path.join(os.path.dirname(__file__), "..", "..", "bench", "gpu", "triton_way_checks.py")
    spec = importlib.util.spec_from_file_location("triton_way_checks", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.load(triton, tl)


_WAY = _triton_way_kernels()


@triton.jit
def add_kernel(x_ptr, y_ptr, out_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(axis=0)
    offsets = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    tl.store(out_ptr + offsets, tl.load(x_ptr + offsets, mask=mask) + tl.load(y_ptr + offsets, mask=mask),
             mask=mask)


def test_vector_add_the_triton_way():
    rng = np.random.default_rng(0)
    n = 1000
    x, y = rng.random(n, dtype=np.float32), rng.random(n, dtype=np.float32)
    out = np.full(n, np.nan, np.float32)
    grid = lambda meta: (triton.cdiv(n, meta["BLOCK_SIZE"]),)  # noqa: E731
    add_kernel[grid](x, y, out, n, BLOCK_SIZE=256)
    np.testing.assert_array_equal(out, x + y)
    # the second launch reuses the compiled specialization
    compiled = add_kernel.warmup(x, y, out, n, BLOCK_SIZE=256, grid=grid)
    assert len(add_kernel._launcher.cache) == 1
    assert compiled.target == triton.runtime.driver.active.get_current_target().arch and compiled.metadata.num_warps == 4
    assert "buffer_load" in compiled.asm["amdgcn"] or "global_load" in compiled.asm["amdgcn"]


def test_cpu_torch_tensors_and_num_warps():
    torch = pytest.importorskip("torch")
    x = torch.randn(3000)
    y = torch.randn(3000)
    out = torch.empty_like(x)
    add_kernel[(3,)](x, y, out, x.numel(), BLOCK_SIZE=1024, num_warps=8)
    torch.testing.assert_close(out, x + y)
    k = add_kernel.warmup(x, y, out, x.numel(), BLOCK_SIZE=1024, num_warps=8, grid=(3,))
    assert k.metadata.num_warps == 8 and k.n_regs > 0


def _module_of(fn, *args, **kwargs):
    return fn.warmup(*args, grid=(1,), **kwargs).compiled.mlir


def test_integer_specializations():
    x = np.zeros(64, np.float32)
    # 64 is a multiple of 16: the argument carries the fact; 1 is a constant
    launcher = add_kernel._launcher if add_kernel._launcher else None
    assert launcher is None or isinstance(launcher, _jit.Launcher)
    sig, consts, runtime = _jit.Launcher(add_kernel)._specialize([x, x, x, 64, 32])
    assert sig["n_elements"] == tl.divisible_int(tl.int32, 16) and runtime == [0, 1, 2, 3]
    sig, consts, runtime = _jit.Launcher(add_kernel)._specialize([x, x, x, 1, 32])
    assert sig["n_elements"] is tl.constexpr and consts["n_elements"] == 1 and runtime == [0, 1, 2]
    sig, _, _ = _jit.Launcher(add_kernel)._specialize([x, x, x, 17, 32])
    assert sig["n_elements"] is tl.int32
    sig, _, _ = _jit.Launcher(add_kernel)._specialize([x, x, x, 1 << 40, 32])
    assert sig["n_elements"] == tl.divisible_int(tl.int64, 16)
    assert sig["x_ptr"] == tl.pointer(tl.float32) and sig["x_ptr"].divisibility == 16


def test_do_not_specialize():
    @triton.jit(do_not_specialize=["n"])
    def copy(src, dst, n, BLOCK: tl.constexpr):
        offs = tl.arange(0, BLOCK)
        tl.store(dst + offs, tl.load(src + offs, mask=offs < n), mask=offs < n)

    sig, consts, _ = _jit.Launcher(copy)._specialize([np.zeros(4), np.zeros(4), 1, 64])
    assert sig["n"] is tl.int32 and "n" not in consts
    src, dst = np.arange(64, dtype=np.float32), np.zeros(64, np.float32)
    copy[(1,)](src, dst, 1, BLOCK=64)
    assert dst[0] == 0 and not dst[1:].any()


def test_divisible_int_reaches_the_analysis():
    """A stride divisible by 16 lets each thread load 16 bytes."""
    @triton.jit
    def rows(x, out, stride, BLOCK: tl.constexpr):
        r = tl.program_id(0)
        c = tl.arange(0, BLOCK)
        tl.store(out + r * stride + c, tl.load(x + r * stride + c) * 2.0)

    x = np.arange(4 * 256, dtype=np.float32)
    out = np.zeros_like(x)
    rows[(4,)](x, out, 256, BLOCK=256, num_warps=1)
    np.testing.assert_array_equal(out, 2 * x)
    wide = rows.warmup(x, out, 256, BLOCK=256, num_warps=1, grid=(4,)).asm["amdgcn"]
    narrow = rows.warmup(x, out, 255, BLOCK=256, num_warps=1, grid=(3,)).asm["amdgcn"]
    assert "buffer_load_dwordx4" in wide and "buffer_load_dwordx4" not in narrow


def test_launch_errors():
    x = np.zeros(16, np.float32)
    with pytest.raises(TypeError, match="add_kernel\\[grid\\]"):
        add_kernel[(1,)](x, x, x, BLOCK_SIZE=16)
    with pytest.raises(TypeError, match="argument 'n_elements'"):
        add_kernel[(1,)](x, x, x, object(), BLOCK_SIZE=16)
    with pytest.raises(ValueError, match="positive"):
        add_kernel[(0,)](x, x, x, 16, BLOCK_SIZE=16)
    with pytest.raises(NotImplementedError, match="maxnreg"):
        add_kernel[(1,)](x, x, x, 16, BLOCK_SIZE=16, maxnreg=128)
    with pytest.raises(RuntimeError, match="launch it with"):
        add_kernel(x, x, x, 16, 16)


def test_unannotated_kernel_build_needs_a_signature():
    @tl.kernel(num_warps=4)
    def k(p, n):
        pass

    with pytest.raises(TypeError, match="parameter 'p' needs an annotation"):
        k.build(target="gfx950")
    module = k.build(target="gfx950", signature={"p": tl.pointer(tl.float32), "n": tl.divisible_int(tl.int32)})
    assert "tlxamd.divisibility = 16 : i32" in str(module)
    with pytest.raises(TypeError, match="names no parameter 'q'"):
        k.build(target="gfx950", signature={"q": tl.int32})


@triton.jit
def scale_kernel(x_ptr, out_ptr, n, alpha, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=offs < n) * alpha, mask=offs < n)


def test_autotune_in_the_emulator_takes_the_first_config_that_compiles():
    tuned = triton.autotune(configs=[triton.Config({"BLOCK": 100}), triton.Config({"BLOCK": 128}, num_warps=2),
                                     triton.Config({"BLOCK": 256})], key=["n"])(scale_kernel)
    x = np.arange(300, dtype=np.float32)
    out = np.zeros_like(x)
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        tuned[lambda meta: (triton.cdiv(300, meta["BLOCK"]),)](x, out, 300, 0.5)
    assert any("first configuration that compiles" in str(m.message) for m in w)
    np.testing.assert_array_equal(out, 0.5 * x)
    assert tuned.best_config.kwargs == {"BLOCK": 128} and tuned.best_config.num_warps == 2
    assert list(tuned.cache) == [(300, "float32", "float32")]
    with pytest.raises(ValueError, match="conflicting meta-parameters"):
        tuned[(1,)](x, out, 300, 0.5, BLOCK=64)


@triton.jit
def desc_copy(desc_in, out_ptr, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    x = desc_in.load([pid * BLOCK])
    tl.static_assert(x.shape[0] == BLOCK)
    tl.store(out_ptr + pid * BLOCK + tl.arange(0, BLOCK), x)


def test_autotune_pre_hook_runs_before_the_compile():
    """A configuration's pre_hook runs before its compile (tutorial 06 sets
    the host descriptors' block shapes there, which the kernel is
    specialized on), not only before its launches."""
    from tlxamd.runtime import TensorDescriptor

    def set_block(nargs):
        nargs["desc_in"].block_shape = [nargs["BLOCK"]]

    tuned = triton.autotune(configs=[triton.Config({"BLOCK": 64}, pre_hook=set_block)], key=[])(desc_copy)
    x = np.arange(256, dtype=np.float32)
    out = np.zeros_like(x)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        tuned[lambda meta: (256 // meta["BLOCK"],)](TensorDescriptor(x, [256], [1], [1]), out)
    np.testing.assert_array_equal(out, x)


def test_heuristics_and_host_helpers():
    kern = triton.heuristics({"BLOCK": lambda args: triton.next_power_of_2(args["n"])})(scale_kernel)
    x = np.arange(100, dtype=np.float32)
    out = np.zeros_like(x)
    kern[(1,)](x, out, 100, 3.0)
    np.testing.assert_array_equal(out, 3 * x)
    assert [triton.next_power_of_2(n) for n in (0, 1, 2, 3, 100, 128)] == [0, 1, 2, 4, 128, 128]
    assert triton.cdiv(10, 3) == 4 and triton.cdiv(9, 3) == 3
    assert str(triton.Config({"B": 1}, num_warps=8)) == "B: 1, num_warps: 8, num_ctas: 1, num_stages: 3"


def test_driver_describes_the_emulated_target(monkeypatch):
    from tlxamd.runtime import driver

    monkeypatch.setenv("TLXAMD_TARGET", "gfx942")
    active = driver.active
    if active.is_cuda:
        pytest.skip("a CUDA device is the active one")
    assert active.get_current_target() == triton.runtime.driver.active.get_current_target()
    assert active.get_current_target().arch == "gfx942" and active.get_current_target().backend == "hip"
    props = active.utils.get_device_properties(active.get_active_torch_device().index)
    assert props["multiprocessor_count"] == 304 and props["max_shared_mem"] == 64 * 1024
    assert props["warpSize"] == 64
    monkeypatch.setenv("TLXAMD_TARGET", "sm_90a")
    with pytest.raises(ValueError, match="needs an AMD target"):
        active.get_current_target()


def test_testing_helpers(capsys):
    calls = []
    ms = triton.testing.do_bench(lambda: calls.append(1), warmup=1, rep=2)
    assert ms >= 0 and len(calls) >= 2
    q = triton.testing.do_bench(lambda: None, rep=1, quantiles=[0.5, 0.2, 0.8])
    assert len(q) == 3
    triton.testing.assert_close(np.ones(3), np.ones(3) + 1e-3)
    with pytest.raises(AssertionError):
        triton.testing.assert_close(np.ones(3), np.ones(3) + 1)

    @triton.testing.perf_report(triton.testing.Benchmark(
        x_names=["n"], x_vals=[1, 2], line_arg="p", line_vals=["a", "b"], line_names=["A", "B"],
        plot_name="demo", args={"k": 10}))
    def bench(n, p, k):
        return n * k + (p == "b")

    bench.run(print_data=True)
    out = capsys.readouterr().out
    assert "demo:" in out and "10" in out and "21" in out


@triton.jit
def softmax_rows(out_ptr, in_ptr, in_stride, out_stride, n_rows, n_cols, BLOCK_SIZE: tl.constexpr,
                 num_stages: tl.constexpr):
    start = tl.program_id(0)
    for row in tl.range(start, n_rows, tl.num_programs(0), num_stages=num_stages):
        cols = tl.arange(0, BLOCK_SIZE)
        x = tl.load(in_ptr + row * in_stride + cols, mask=cols < n_cols, other=-float("inf"))
        x = x - tl.max(x, axis=0)
        num = tl.exp(x)
        tl.store(out_ptr + row * out_stride + cols, num / tl.sum(num, axis=0), mask=cols < n_cols)


def test_softmax_tutorial_style():
    """The tutorial's persistent softmax, with its warmup / n_regs sizing."""
    rng = np.random.default_rng(1)
    x = rng.standard_normal((37, 100)).astype(np.float32)
    y = np.zeros_like(x)
    block = triton.next_power_of_2(x.shape[1])
    k = softmax_rows.warmup(y, x, x.shape[1], y.shape[1], 37, 100, BLOCK_SIZE=block, num_stages=2, num_warps=4,
                            grid=(1,))
    k._init_handles()
    props = triton.runtime.driver.active.utils.get_device_properties(0)
    assert k.n_regs > 0 and props["max_num_regs"] // (k.n_regs * 64 * 4) >= 1
    k[(8, 1, 1)](y, x, x.shape[1], y.shape[1], 37, 100, block, 2)
    e = np.exp(x - x.max(axis=1, keepdims=True))
    np.testing.assert_allclose(y, e / e.sum(axis=1, keepdims=True), rtol=1e-5, atol=1e-7)


@triton.jit
def layer_norm_fwd(X, Y, W, B, Mean, Rstd, stride, N, eps, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    Y += row * stride
    X += row * stride
    _mean = tl.zeros([BLOCK_SIZE], dtype=tl.float32)
    for off in range(0, N, BLOCK_SIZE):
        cols = off + tl.arange(0, BLOCK_SIZE)
        _mean += tl.load(X + cols, mask=cols < N, other=0.).to(tl.float32)
    mean = tl.sum(_mean, axis=0) / N
    _var = tl.zeros([BLOCK_SIZE], dtype=tl.float32)
    for off in range(0, N, BLOCK_SIZE):
        cols = off + tl.arange(0, BLOCK_SIZE)
        x = tl.load(X + cols, mask=cols < N, other=0.).to(tl.float32)
        x = tl.where(cols < N, x - mean, 0.)
        _var += x * x
    rstd = 1 / tl.sqrt(tl.sum(_var, axis=0) / N + eps)
    tl.store(Mean + row, mean)
    tl.store(Rstd + row, rstd)
    for off in range(0, N, BLOCK_SIZE):
        cols = off + tl.arange(0, BLOCK_SIZE)
        mask = cols < N
        x = tl.load(X + cols, mask=mask, other=0.).to(tl.float32)
        y = (x - mean) * rstd * tl.load(W + cols, mask=mask) + tl.load(B + cols, mask=mask)
        tl.store(Y + cols, y, mask=mask)


def test_layer_norm_forward_tutorial_style():
    rng = np.random.default_rng(2)
    m, n = 6, 300
    x = rng.standard_normal((m, n)).astype(np.float16)
    w = rng.standard_normal(n).astype(np.float16)
    b = rng.standard_normal(n).astype(np.float16)
    y = np.zeros_like(x)
    mean, rstd = np.zeros(m, np.float32), np.zeros(m, np.float32)
    layer_norm_fwd[(m,)](x, y, w, b, mean, rstd, x.shape[1], n, 1e-5, BLOCK_SIZE=128, num_warps=2)
    xf = x.astype(np.float32)
    mu = xf.mean(axis=1)
    rs = 1 / np.sqrt(xf.var(axis=1) + 1e-5)
    np.testing.assert_allclose(mean, mu, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(rstd, rs, rtol=1e-4)
    ref = (xf - mu[:, None]) * rs[:, None] * w.astype(np.float32) + b.astype(np.float32)
    np.testing.assert_allclose(y.astype(np.float32), ref, rtol=1e-2, atol=1e-2)
    assert not math.isnan(float(y.sum()))


_PREBUILT_KERNEL = '''
import tlxamd as triton
import tlxamd.language as tl
from tlxamd.experimental.gluon import language as gl  # only in an annotation

SCALE = 3


@triton.jit
def times_scale(x):
    return x * SCALE


@triton.jit
def scale(x_ptr, out_ptr, n, BLOCK: gl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, times_scale(tl.load(x_ptr + offs, mask=offs < n)), mask=offs < n)
'''

_LAUNCH_ONLY = '''
import sys, numpy as np
sys.path.insert(0, sys.argv[1])
import tlxamd
from tlxamd import _jit, _nocompiler
assert not _nocompiler.compiler_installed()
import kern

class Dev:
    index, type = 0, "cuda"

_jit._device_target = lambda values: ("sm_90a", Dev())
x = np.zeros(100, np.float32)
k = kern.scale.warmup(x, x, 64, BLOCK=128, grid=(1,))
print(type(k).__name__, k.target, ".entry scale" in k.asm["ptx"])
try:
    kern.scale.warmup(x, x, 65, BLOCK=128, grid=(1,))
except _nocompiler.CompilerUnavailable as e:
    print("missing:", "not among the prebuilt kernels" in str(e))
try:
    tlxamd.ir.Context()
except _nocompiler.CompilerUnavailable as e:
    print("no compiler:", "not installed" in str(e))
'''


def test_prebuilt_kernels_for_launch_only_installs(tmp_path, monkeypatch):
    """A launch records its specialization where the compiler is missing;
    precompile compiles it; a Python without the extension launches it."""
    import importlib
    import json
    import os
    import subprocess
    import sys

    from tlxamd import _nocompiler, _prebuilt

    (tmp_path / "kern.py").write_text(_PREBUILT_KERNEL)
    monkeypatch.syspath_prepend(str(tmp_path))
    kern = importlib.import_module("kern")
    manifest = tmp_path / "manifest.jsonl"
    monkeypatch.setenv("TLXAMD_JIT_MANIFEST", str(manifest))
    monkeypatch.setattr(_nocompiler, "compiler_installed", lambda: False)

    class Dev:
        index, type = 0, "cuda"

    monkeypatch.setattr(_jit, "_device_target", lambda values: ("sm_90a", Dev()))
    x = np.zeros(100, np.float32)
    dry = kern.scale.warmup(x, x, 64, BLOCK=128, grid=(1,))
    assert type(dry).__name__ == "_DryRun"
    rec = json.loads(manifest.read_text().splitlines()[0])
    assert rec["signature"]["n"] == ["divint", "int32", 16] and rec["constants"] == {"BLOCK": {"value": "128"}}
    assert rec["environment"]["globals"]["times_scale"]["jit"]["globals"]["SCALE"] == {"value": "3"}
    assert rec["environment"]["globals"]["gl"] == {"module": "tlxamd.experimental.gluon.language"}
    out = tmp_path / "prebuilt"
    assert _prebuilt.precompile(str(manifest), str(out)) == 1
    assert _prebuilt.precompile(str(manifest), str(out)) == 0  # already there
    # a manifest recorded by another version of the package (another key):
    # compiled again, under the key this package computes too
    stale = dict(rec, key="0" * 64)
    manifest.write_text(json.dumps(stale) + "\n")
    assert _prebuilt.precompile(str(manifest), str(out)) == 1
    assert (out / ("0" * 64 + ".json")).exists()
    assert _prebuilt.precompile(str(manifest), str(out)) == 0
    manifest.write_text(json.dumps(rec) + "\n")
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    env = dict(os.environ, PYTHONPATH=os.path.join(root, "python_bindings"), TLXAMD_PREBUILT=str(out))
    env.pop("TLXAMD_JIT_MANIFEST", None)
    script = tmp_path / "launch_only.py"
    script.write_text(_LAUNCH_ONLY)
    r = subprocess.run([sys.executable, str(script), str(tmp_path)], env=env, capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split("\n")[:3] == ["CompiledKernel sm_90a True", "missing: True", "no compiler: True"]


_OPAQUE_GLOBAL_KERNEL = '''
import tlxamd as triton
import tlxamd.language as tl


class HostThing:
    pass


dtype = HostThing()  # a module global the kernel's local name shadows (tutorial 09's `dtype`)


@triton.jit
def cast_copy(x_ptr, y_ptr, BLOCK: tl.constexpr):
    dtype = y_ptr.dtype.element_ty
    offs = tl.arange(0, BLOCK)
    tl.store(y_ptr + offs, tl.load(x_ptr + offs).to(dtype))
'''


def test_precompile_keys_survive_globals_the_record_cannot_carry(tmp_path, monkeypatch):
    """A kernel whose code names a global that cannot be recorded (an
    object of the host code) is rebuilt by precompile with a stand-in, so
    the key computed from the rebuilt function is the live function's: a
    kernel recorded before a package change is found after precompiling
    it with the changed package."""
    import importlib
    import json

    from tlxamd import _prebuilt

    (tmp_path / "kern_opaque.py").write_text(_OPAQUE_GLOBAL_KERNEL)
    monkeypatch.syspath_prepend(str(tmp_path))
    fn = importlib.import_module("kern_opaque").cast_copy.fn
    env = json.loads(json.dumps(_prebuilt.environment(fn)))
    assert env["globals"]["dtype"] == {"opaque": "HostThing"}
    rebuilt = _prebuilt.rebuild(env)
    sig = {"x_ptr": tl.pointer(tl.float32), "y_ptr": tl.pointer(tl.float16)}
    meta = (4, 3, 1, True)
    assert _prebuilt.key(rebuilt, "sm_90a", sig, {"BLOCK": 64}, meta) == \
        _prebuilt.key(fn, "sm_90a", sig, {"BLOCK": 64}, meta)
    tl.kernel(rebuilt, num_warps=1).build("sm_90a", signature=sig, BLOCK=64)  # still compiles


@triton.jit
def row_sums(X, Y, N, BLOCK: tl.constexpr):
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for off in range(0, N, BLOCK):
        cols = off + tl.arange(0, BLOCK)
        acc += tl.load(X + cols, mask=cols < N, other=0.).to(tl.float32)
    tl.store(Y + tl.arange(0, BLOCK), acc)


@pytest.mark.parametrize("target", ["sm_90a", "gfx950"])
def test_loop_counter_masks_in_machine_code(target):
    """`cols = off + arange` with `off` a loop counter stepping by the block
    and N a multiple of 16 (the launcher's specialization): one 16-byte
    load per thread and step, no element-by-element tail (layer norm's
    loops)."""
    from tlxamd import compiler

    sig = {"X": tl.pointer(tl.float16), "Y": tl.pointer(tl.float32), "N": tl.divisible_int(tl.int32)}
    module = tl.kernel(row_sums.fn, num_warps=1).build(target, signature=sig, BLOCK=512)
    asm = compiler.compile(module, target=target).asm
    if target == "sm_90a":
        assert "ld.global.v4.b32" in asm and "ld.global.b16" not in asm
        # the mask, uniform over each group of 8, is compared once per group
        # (2 groups of 16 elements per thread) and nothing packs its bits
        assert asm.count("setp.lt.s32") <= 4 and "or.b16" not in asm
    else:
        assert "buffer_load_dwordx4" in asm and "buffer_load_ushort" not in asm
        # one group of 8 per thread: one compare
        body = asm.split("row_sums:", 1)[1].split("s_endpgm", 1)[0]
        assert body.count("v_cmp_") <= 2
    x = np.random.default_rng(3).standard_normal(1000).astype(np.float16)
    y = np.zeros(512, np.float32)
    row_sums[(1,)](x, y, 1000, BLOCK=512, num_warps=1)  # 1000 is not a multiple of 16: the split stays
    ref = np.zeros(1024, np.float32)
    ref[:1000] = x
    np.testing.assert_allclose(y, ref.reshape(2, 512).sum(0), rtol=1e-6)


@triton.jit
def normalize(X, Y, BLOCK: tl.constexpr):
    x = tl.load(X + tl.arange(0, BLOCK))
    tl.store(Y + tl.arange(0, BLOCK), x / tl.sum(x, axis=0))


def test_f32_division_as_triton_divides():
    """div.full.f32 on NVIDIA (one instruction, 2 ulp), the correctly rounded
    sequence on AMD (v_div_scale / v_div_fmas / v_div_fixup), as Triton."""
    from tlxamd import compiler

    sig = {"X": tl.pointer(tl.float32), "Y": tl.pointer(tl.float32)}
    ptx = compiler.compile(tl.kernel(normalize.fn, num_warps=1).build("sm_90a", signature=sig, BLOCK=64),
                           target="sm_90a").asm
    assert "div.full.f32" in ptx and "div.rn.f32" not in ptx
    isa = compiler.compile(tl.kernel(normalize.fn, num_warps=1).build("gfx950", signature=sig, BLOCK=64),
                           target="gfx950").asm
    assert "v_div_fixup_f32" in isa
    x = np.random.default_rng(4).random(64, dtype=np.float32)
    y = np.zeros_like(x)
    normalize[(1,)](x, y, BLOCK=64, num_warps=1)
    np.testing.assert_allclose(y, x / x.sum(dtype=np.float32), rtol=1e-6)


@triton.jit
def axpy(X, Y, Z, a, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(Z + offs, a * tl.load(X + offs) + tl.load(Y + offs))


def test_fp_fusion_as_triton():
    """float a * b + c may become one fma (Triton's default), not with
    enable_fp_fusion=False; both launch options compile apart."""
    x = np.random.default_rng(5).random(64, dtype=np.float32)
    y = np.random.default_rng(6).random(64, dtype=np.float32)
    z = np.zeros_like(x)
    fused = axpy.warmup(x, y, z, 3.0, BLOCK=64, num_warps=1, grid=(1,))
    plain = axpy.warmup(x, y, z, 3.0, BLOCK=64, num_warps=1, enable_fp_fusion=False, grid=(1,))
    assert "v_fma" in fused.asm["amdgcn"] or "v_pk_fma" in fused.asm["amdgcn"]
    assert "v_fma" not in plain.asm["amdgcn"] and "v_pk_fma" not in plain.asm["amdgcn"]
    axpy[(1,)](x, y, z, 3.0, BLOCK=64, num_warps=1, enable_fp_fusion=False)
    np.testing.assert_array_equal(z, np.float32(3.0) * x + y)
    from tlxamd import compiler

    sig = {"X": tl.pointer(tl.float32), "Y": tl.pointer(tl.float32), "Z": tl.pointer(tl.float32), "a": tl.float32}
    for fusion, want in ((True, "fma.rn.f32"), (False, "mul.rn.f32")):
        k = tl.kernel(axpy.fn, num_warps=1, enable_fp_fusion=fusion)
        assert want in compiler.compile(k.build("sm_90a", signature=sig, BLOCK=64), target="sm_90a").asm


def test_readme_triton_style_kernel_runs_as_written(tmp_path):
    """The README's first kernel, executed as written (in the emulator)."""
    import os

    readme = open(os.path.join(os.path.dirname(__file__), "..", "..", "README.md")).read()
    block = next(b for b in readme.split("```python")[1:] if "def add_kernel(" in b).split("```")[0]
    src = tmp_path / "readme_add.py"
    src.write_text(block)
    ns = {"__name__": "readme_add"}
    exec(compile(block, str(src), "exec"), ns)
    assert (ns["out"] == ns["x"] + ns["y"]).all()


def _philox_ref(seed, offsets, rounds=10):
    """Philox 4x32 in numpy uint64 arithmetic (the reference)."""
    mask = np.uint64(0xFFFFFFFF)
    c0 = offsets.astype(np.uint64) & mask
    c1 = np.zeros_like(c0)
    c2 = np.zeros_like(c0)
    c3 = np.zeros_like(c0)
    k0, k1 = np.uint64(seed & 0xFFFFFFFF), np.uint64((seed >> 32) & 0xFFFFFFFF)
    a, b = np.uint64(0xD2511F53), np.uint64(0xCD9E8D57)
    for _ in range(rounds):
        p0, p2 = b * c2, a * c0
        n0 = ((p0 >> np.uint64(32)) ^ c1 ^ k0) & mask
        n2 = ((p2 >> np.uint64(32)) ^ c3 ^ k1) & mask
        c1, c3 = p0 & mask, p2 & mask
        c0, c2 = n0, n2
        k0 = (k0 + np.uint64(0x9E3779B9)) & mask
        k1 = (k1 + np.uint64(0xBB67AE85)) & mask
    return [c.astype(np.uint32) for c in (c0, c1, c2, c3)]




def test_random_numbers_are_tritons_philox():
    """tl.randint / rand / randn: the bits of Philox 4x32-10 computed
    independently with numpy (uint64 arithmetic), for 32- and 64-bit seeds."""
    n = 1000
    oi = np.zeros(n, np.uint32)
    of = np.zeros(n, np.float32)
    on = np.zeros(n, np.float32)
    for seed in (123, 2**40 + 7, -5):
        _WAY["random_blocks"][(4,)](oi, of, on, seed, n, BLOCK=256)
        a = _philox_ref(seed & (2**64 - 1), np.arange(n))[0]
        assert (oi == a).all(), (seed, oi[:4], a[:4])
        x = a.view(np.int32).astype(np.int64)
        x = np.where(x < 0, -x - 1, x)
        np.testing.assert_allclose(of, x.astype(np.float32) * np.float32(4.6566127342e-10), rtol=1e-6)
        assert 0 <= of.min() and of.max() < 1 and abs(on.mean()) < 0.15 and 0.85 < on.std() < 1.15




def test_returns_inside_ifs_as_triton_accepts():
    """An early exit (`if pid >= N: return`) and a helper returning from
    inside an `if` and after it: the code after the `if` is its else."""
    out = np.full(8, -1, np.int32)
    _WAY["early_exit"][(8,)](out, 3, N=6)
    assert out.tolist() == [0, 2, 4, 103, 104, 105, -1, -1]

    @triton.jit
    def in_loop(out, n):
        for i in range(n):
            if i > 2:
                return
            tl.store(out + i, i)

    with pytest.raises(Exception, match="return inside a runtime loop"):
        in_loop[(1,)](out, 5)


def test_tlx_names_and_inferred_buffers():
    """`import tlxamd.language.extra.tlx as tlx`: TLX's positional
    local_alloc(shape, dtype, num) without a layout keeps the buffer index
    for one buffer (local_view(buf, 0)); dtype_of gives the element type."""
    import tlxamd.language.extra.tlx as tlx

    @triton.jit
    def roundtrip(x_ptr, y_ptr, BLOCK: tl.constexpr):
        r = tl.arange(0, BLOCK)
        bufs = tlx.local_alloc((BLOCK, BLOCK), tlx.dtype_of(x_ptr), 1)
        tlx.local_store(tlx.local_view(bufs, 0), tl.load(x_ptr + r[:, None] * BLOCK + r[None, :]))
        v = tlx.local_load(tlx.local_view(bufs, 0))
        tl.store(y_ptr + r[:, None] * BLOCK + r[None, :], v.to(tlx.dtype_of(y_ptr)))

    x = np.random.default_rng(7).standard_normal((32, 32)).astype(np.float16)
    y = np.zeros((32, 32), np.float32)
    roundtrip[(1,)](x, y, BLOCK=32)
    np.testing.assert_array_equal(y, x.astype(np.float32))
    assert tlx.dtype_of(tl.pointer(tl.bfloat16)) is tl.bfloat16


@triton.jit
def _shifted(x, offs: tl.constexpr, SHIFT: tl.constexpr):
    return x + offs + SHIFT


def test_helper_constexpr_parameter_takes_a_runtime_value():
    """As in Triton (the attention tutorial's `offs_m: tl.constexpr`), a
    helper's constexpr annotation accepts a tensor; constants stay constants."""
    @triton.jit
    def k(out, BLOCK: tl.constexpr):
        r = tl.arange(0, BLOCK)
        tl.store(out + r, _shifted(r * 0, r, 7))

    out = np.zeros(16, np.int32)
    k[(1,)](out, BLOCK=16)
    assert out.tolist() == [i + 7 for i in range(16)]


@triton.jit
def desc_scale(x, y, M, N, BM: tl.constexpr, BN: tl.constexpr):
    dx = tl.make_tensor_descriptor(x, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    dy = tl.make_tensor_descriptor(y, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    om = tl.program_id(0) * BM
    on = tl.program_id(1) * BN
    dy.store([om, on], dx.load([om, on]) * 2.0)




def test_tensor_descriptors_made_in_the_kernel():
    """tl.make_tensor_descriptor + desc.load / desc.store: blocks outside
    the tensor read as zero and are not written (ragged M, N, K)."""
    rng = np.random.default_rng(8)
    x = rng.random((50, 70), dtype=np.float32)
    y = np.full_like(x, -1.0)
    desc_scale[(triton.cdiv(50, 32), triton.cdiv(70, 32))](x, y, 50, 70, BM=32, BN=32)
    np.testing.assert_array_equal(y, 2 * x)
    a = rng.standard_normal((70, 40)).astype(np.float16)
    b = rng.standard_normal((40, 90)).astype(np.float16)
    c = np.zeros((70, 90), np.float16)
    _WAY["desc_matmul"][(triton.cdiv(70, 32), triton.cdiv(90, 32))](a, b, c, 70, 90, 40, BM=32, BN=32, BK=16)
    np.testing.assert_allclose(c.astype(np.float32), a.astype(np.float32) @ b.astype(np.float32), atol=2e-2,
                               rtol=2e-2)

    @triton.jit
    def strided_rows(x, M, N, B: tl.constexpr):
        tl.make_tensor_descriptor(x, shape=[M, N], strides=[1, 2], block_shape=[B, B])

    with pytest.raises(ValueError, match="last stride is 1"):
        strided_rows.warmup(x, 50, 70, B=16, grid=(1,))




def test_host_tensor_descriptors_as_arguments():
    """TensorDescriptor(base, shape, strides, block_shape) arguments (Triton's
    host descriptors) are passed by their fields and are descriptors in the
    kernel; sizes and strides specialize as ints do; ahead-of-time records
    keep the kind."""
    from tlxamd import _prebuilt
    from tlxamd.runtime import TensorDescriptor

    torch = pytest.importorskip("torch")
    x = torch.rand(50, 70)
    y = torch.full_like(x, -1.0)
    xd, yd = TensorDescriptor.from_tensor(x, [32, 32]), TensorDescriptor.from_tensor(y, [32, 32])
    _WAY["host_desc_scale"][(2, 3)](xd, yd, BM=32, BN=32)
    torch.testing.assert_close(y, 2 * x)
    sig, _, runtime = _jit.Launcher(_WAY["host_desc_scale"])._specialize([xd, yd, 32, 32])
    kind = sig["x_desc"]
    assert isinstance(kind, tl.host_tensor_descriptor) and kind.shape == (tl.int32, tl.int32) and runtime == [0, 1]
    assert kind.strides == (tl.int32,)  # 70: not a multiple of 16
    assert _prebuilt.signature_from_record(_prebuilt.signature_record(sig)) == sig
    # the compiled kernel launched with every argument, as Triton's CompiledKernel
    compiled = _WAY["host_desc_scale"].warmup(xd, yd, BM=32, BN=32, grid=(1,))
    y.fill_(-1.0)
    compiled[(2, 3)](xd, yd, 32, 32)
    torch.testing.assert_close(y, 2 * x)
    with pytest.raises(TypeError, match="needs its block_shape"):
        _WAY["host_desc_scale"][(1,)](TensorDescriptor.from_tensor(x), yd, BM=32, BN=32)


def test_autotune_pruning_and_hints_as_triton_passes_them():
    """early_config_prune(configs, positional arguments, **keyword arguments);
    multiple_of on a loop counter; set_allocator; AMD launch hints."""
    seen = {}

    def prune(configs, nargs, **kwargs):
        seen.update(nargs=sorted(nargs), kwargs=sorted(kwargs))
        return [c for c in configs if c.kwargs["BLOCK"] <= kwargs["LIMIT"]]

    @triton.autotune(configs=[triton.Config({"BLOCK": 256}), triton.Config({"BLOCK": 64})], key=["n"],
                     prune_configs_by={"early_config_prune": prune})
    @triton.jit
    def fill(out, n, LIMIT: tl.constexpr, BLOCK: tl.constexpr):
        for start in range(0, n, BLOCK):
            start = tl.multiple_of(start, BLOCK)
            offs = start + tl.arange(0, BLOCK)
            tl.store(out + offs, offs, mask=offs < n)

    out = np.full(200, -1, np.int32)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        fill[(1,)](out, 200, LIMIT=128, waves_per_eu=2, allow_flush_denorm=True)
    assert out.tolist() == list(range(200)) and fill.best_config.kwargs == {"BLOCK": 64}
    assert seen == {"nargs": ["n", "out"], "kwargs": ["LIMIT", "allow_flush_denorm", "waves_per_eu"]}
    triton.set_allocator(lambda size, alignment, stream: None)
    with pytest.raises(TypeError):
        triton.set_allocator(3)


@triton.jit
def causal_scores(K, Q, O, BM: tl.constexpr, BN: tl.constexpr, HD: tl.constexpr):
    offs_n = tl.arange(0, BN)
    offs_k = tl.arange(0, HD)
    offs_m = tl.arange(0, BM)
    k = tl.load(K + offs_n[:, None] * HD + offs_k[None, :])
    acc = tl.zeros([BN, BM], dtype=tl.float32)
    for i in range(2):
        qT = tl.load(Q + (offs_m[None, :] + i * BM) * HD + offs_k[:, None])
        acc += tl.where(offs_m[None, :] >= offs_n[:, None], tl.dot(k, qT), 0.0)
    tl.store(O + offs_n[:, None] * BM + offs_m[None, :], acc)


def test_dot_result_masked_by_its_indices():
    """`where(offs_m >= offs_n, dot(k, qT), 0)` (attention's causal mask, the
    backward's core): the mask reaches the dot's result with the loads'
    layout; the dot keeps its instruction's layout and the mask converts."""
    rng = np.random.default_rng(9)
    k = rng.random((32, 32)).astype(np.float16)
    q = rng.random((32, 32)).astype(np.float16)
    out = np.zeros((32, 16), np.float32)
    causal_scores[(1,)](k, q, out, BM=16, BN=32, HD=32)
    keep = np.arange(16)[None, :] >= np.arange(32)[:, None]
    ref = sum(np.where(keep, k.astype(np.float32) @ q[i * 16:(i + 1) * 16].astype(np.float32).T, 0)
              for i in range(2))
    np.testing.assert_allclose(out, ref, rtol=1e-3, atol=1e-3)


def test_libdevice_asin_acos():
    """tl.extra.libdevice's asin / acos (tutorial 07), within 3e-7 of
    numpy's float64 values; `extern_libs` is accepted."""
    from tlxamd.language.extra import libdevice

    @triton.jit
    def inverse_trig(x, y, z, n, B: tl.constexpr):
        o = tl.program_id(0) * B + tl.arange(0, B)
        m = o < n
        v = tl.load(x + o, mask=m)
        tl.store(y + o, libdevice.asin(v), mask=m)
        tl.store(z + o, libdevice.acos(v), mask=m)

    x = np.linspace(-1, 1, 4001).astype(np.float32)
    y, z = np.zeros_like(x), np.zeros_like(x)
    inverse_trig[(4,)](x, y, z, x.size, B=1024, extern_libs={"libdevice": "/nonexistent/libdevice.10.bc"})
    np.testing.assert_allclose(y, np.arcsin(x.astype(np.float64)), rtol=3e-7, atol=2e-7)
    np.testing.assert_allclose(z, np.arccos(x.astype(np.float64)), rtol=3e-7, atol=3e-7)
    with pytest.raises(ValueError, match="extern_libs"):
        inverse_trig[(4,)](x, y, z, x.size, B=1024, extern_libs="libdevice")


@triton.jit
def sqrt_kernel(x_ptr, fast_ptr, rn_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    tl.store(fast_ptr + offs, tl.sqrt(x), mask=m)
    tl.store(rn_ptr + offs, tl.sqrt_rn(x), mask=m)


def test_sqrt_is_the_hardware_approximation_and_sqrt_rn_exact():
    """tl.sqrt is Triton's fast square root (v_sqrt_f32 / sqrt.approx.f32,
    1 ulp), tl.sqrt_rn the correctly rounded one."""
    rng = np.random.default_rng(3)
    n = 700
    x = (rng.random(n, dtype=np.float32) * 1e4).astype(np.float32)
    fast, rn = np.full(n, np.nan, np.float32), np.full(n, np.nan, np.float32)
    k = sqrt_kernel.warmup(x, fast, rn, n, BLOCK=256, grid=(1,))
    sqrt_kernel[(triton.cdiv(n, 256),)](x, fast, rn, n, BLOCK=256)
    np.testing.assert_array_equal(rn, np.sqrt(x))
    np.testing.assert_allclose(fast, np.sqrt(x), rtol=2.4e-7)
    llir = k.asm["llir"]
    assert llir.count("@llvm.amdgcn.sqrt.f32(") >= 1 and "@llvm.sqrt.f32(" in llir


@triton.jit
def pointer_table_kernel(x_ptr, y_ptr, table_ptr, out_ptr, BLOCK: tl.constexpr):
    # Tutorial 08's table of matrices: addresses stored as int64, loaded
    # back and converted to pointers.
    tl.store(table_ptr, x_ptr.to(tl.int64))
    tl.store(table_ptr + 1, y_ptr.to(tl.int64))
    tl.debug_barrier()
    offs = tl.arange(0, BLOCK)
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for g in range(2):
        p = tl.load(table_ptr + g).to(tl.pointer_type(tl.float32))
        acc += tl.load(p + offs) * (g + 1)
    # a tensor of addresses, through a byte pointer and back
    addrs = x_ptr.to(tl.int64) + offs.to(tl.int64) * 4
    q = addrs.to(tl.pointer_type(tl.uint8)).to(tl.pointer_type(tl.float32))
    tl.store(out_ptr + offs, acc + tl.load(q))


def test_integer_pointer_casts():
    rng = np.random.default_rng(4)
    x, y = rng.random(64, dtype=np.float32), rng.random(64, dtype=np.float32)
    table = np.zeros(2, np.int64)
    out = np.full(64, np.nan, np.float32)
    pointer_table_kernel[(1,)](x, y, table, out, BLOCK=64)
    np.testing.assert_allclose(out, x + 2 * y + x, rtol=1e-6)
    assert table[0] != 0 and table[1] - table[0] != 0


def test_pointer_cast_errors():
    @triton.jit
    def bad(x_ptr, BLOCK: tl.constexpr):
        tl.store(x_ptr, x_ptr.to(tl.int32))

    with pytest.raises(Exception, match="a pointer converts to int64"):
        bad.warmup(np.zeros(4, np.int32), BLOCK=4, grid=(1,))


@triton.jit
def carried_pointer_kernel(x_ptr, out_ptr, n_iter, HINT: tl.constexpr, BLOCK: tl.constexpr):
    ptrs = x_ptr + tl.arange(0, BLOCK)
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for _ in range(n_iter):
        if HINT:
            ptrs = tl.max_contiguous(tl.multiple_of(ptrs, [16]), [BLOCK])  # 16 bytes, as Triton's
        tl.multiple_of(ptrs, [16])  # tutorial 08: the result unused, nothing changes
        acc += tl.load(ptrs)
        ptrs += BLOCK
    tl.store(out_ptr + tl.arange(0, BLOCK), acc)


def test_multiple_of_on_loop_carried_pointers():
    """Hints on pointers a loop carries are accepted (Triton's tutorial 08
    writes them); the analysis proves the carried pointers contiguous and
    16-byte aligned by itself (a fixpoint over the loop), so each thread's
    4 consecutive f32 are one 16-byte load with or without the hint."""
    x = np.arange(3 * 1024, dtype=np.float32)
    for hint in (False, True):
        out = np.full(1024, np.nan, np.float32)
        k = carried_pointer_kernel.warmup(x, out, 3, HINT=hint, BLOCK=1024, grid=(1,))
        carried_pointer_kernel[(1,)](x, out, 3, HINT=hint, BLOCK=1024)
        np.testing.assert_array_equal(out, x.reshape(3, 1024).sum(axis=0))
        loads = {line.split()[0] for line in k.asm["amdgcn"].splitlines() if "_load_" in line}
        assert loads & {"global_load_dwordx4", "buffer_load_dwordx4"} and "global_load_dword" not in loads


def test_profiler_sessions_scopes_and_viewer(tmp_path, monkeypatch, capsys):
    """`import tlxamd.profiler as proton` (tutorial 09): sessions, scopes
    with metrics, the "triton" launch hook (installed while a session
    wants it), a .hatchet file and the viewer's derived metrics."""
    import json

    import tlxamd.profiler as proton
    import tlxamd.profiler.viewer as viewer
    from tlxamd import _jit

    monkeypatch.chdir(tmp_path)
    sid = proton.start("prof", hook="triton")
    assert sid == 0 and _jit._LAUNCH_HOOKS
    proton.deactivate(0)
    with proton.scope("skipped", {"flops16": 1.0}):
        pass
    proton.activate(0)
    for _ in range(3):
        with proton.scope("gemm [M=8]", {"flops16": 2.0e12, "bytes": 1e9}):
            pass
    proton.finalize()
    assert not _jit._LAUNCH_HOOKS
    data = json.loads((tmp_path / "prof.hatchet").read_text())
    assert list(data["nodes"]) == ["gemm [M=8]"]
    node = data["nodes"]["gemm [M=8]"]
    assert node["count"] == 3 and node["metrics"] == {"flops16": 6.0e12, "bytes": 3e9}
    # derived metrics from a known time
    node["time_ms"] = 1000.0
    (tmp_path / "prof.hatchet").write_text(json.dumps(data))
    tree, metrics = viewer.parse(["tflop16/s", "time/ms", "gbyte/s"], str(tmp_path / "prof.hatchet"))
    assert metrics == ["tflop16/s", "time/ms", "gbyte/s"]
    assert tree == [("gemm [M=8]", {"tflop16/s": 6.0, "time/ms": 1000.0, "gbyte/s": 3.0})]
    viewer.print_tree(tree, metrics)
    assert "6.000 1000.000 3.000 gemm [M=8]" in capsys.readouterr().out
    with pytest.raises(ValueError, match="unknown metric"):
        viewer.parse(["flops/bogus"], str(tmp_path / "prof.hatchet"))
    with pytest.raises(ValueError, match="hook must be"):
        proton.start("x", hook="cupti")


def test_vendor_blas_stand_in_and_tools():
    """`triton._C.libtriton`'s BLAS wrappers compute c = a @ b.T (b as
    [N, K]) through torch; `triton.tools.tensor_descriptor`."""
    torch = pytest.importorskip("torch")
    from tlxamd._C.libtriton import amd, nvidia

    a = torch.randn(8, 16)
    b = torch.randn(4, 16)
    for blas in (nvidia.cublas.CublasLt(None), amd.hipblas.HipblasLt(None)):
        c = torch.empty(8, 4)
        blas.matmul(a, b, c)
        torch.testing.assert_close(c, a @ b.T)
    with pytest.raises(ValueError, match="a \\[M, K\\], b \\[N, K\\]"):
        nvidia.cublas.CublasLt(None).matmul(a, torch.randn(4, 8), torch.empty(8, 4))
    assert triton.tools.tensor_descriptor.TensorDescriptor is triton.TensorDescriptor


def test_tlx_async_loads_tokens_and_warp_pipeline_stages():
    """TLX's async_load / async_load_commit_group / async_load_wait_group
    (tokens) and `with tlx.warp_pipeline_stage(...)` in a TLX-style
    LDS-pipelined GEMM run as a ping-pong of the wave halves: exact in the
    emulator on gfx950 and gfx942 with a ragged last K tile, the priorities
    and the upper half's extra barrier in the ISA; a loop whose waits the
    shifted halves would overtake is rejected (W12); the stage is AMD-only
    and `with` takes kernel contexts only."""
    import contextlib
    import os

    import tlxamd.language.extra.tlx as tlx
    from tlxamd import compiler

    @triton.jit
    def staged_gemm(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr,
                    BUFS: tl.constexpr):
        pid_m = tl.program_id(0)
        pid_n = tl.program_id(1)
        offs_m = pid_m * BM + tl.arange(0, BM)
        offs_n = pid_n * BN + tl.arange(0, BN)
        offs_k = tl.arange(0, BK)
        sa = tlx.local_alloc((BM, BK), tlx.dtype_of(a_ptr), BUFS)
        sb = tlx.local_alloc((BK, BN), tlx.dtype_of(b_ptr), BUFS)
        for i in tl.static_range(BUFS - 1):
            ta = tlx.async_load(a_ptr + offs_m[:, None] * K + (i * BK + offs_k[None, :]), tlx.local_view(sa, i),
                                mask=offs_k[None, :] < K - i * BK)
            tb = tlx.async_load(b_ptr + (i * BK + offs_k[:, None]) * N + offs_n[None, :], tlx.local_view(sb, i),
                                mask=offs_k[:, None] < K - i * BK)
            tlx.async_load_commit_group([ta, tb])
        tlx.async_load_wait_group(BUFS - 2)
        acc = tl.zeros((BM, BN), dtype=tl.float32)
        for t in range(0, tl.cdiv(K, BK)):
            with tlx.warp_pipeline_stage("mem", priority=1) as nothing:
                a = tlx.local_load(tlx.local_view(sa, t % BUFS))
                b = tlx.local_load(tlx.local_view(sb, t % BUFS))
                k0 = (t + BUFS - 1) * BK
                nxt = (t + BUFS - 1) % BUFS
                ta = tlx.async_load(a_ptr + offs_m[:, None] * K + (k0 + offs_k[None, :]), tlx.local_view(sa, nxt),
                                    mask=offs_k[None, :] < K - k0)
                tb = tlx.async_load(b_ptr + (k0 + offs_k[:, None]) * N + offs_n[None, :], tlx.local_view(sb, nxt),
                                    mask=offs_k[:, None] < K - k0)
                tlx.async_load_commit_group([ta, tb])
            tl.static_assert(nothing is None)
            # The next tile complete (this half) one stage before it is read.
            tlx.async_load_wait_group(BUFS - 2)
            with tlx.warp_pipeline_stage("mfma", priority=0):
                acc = tl.dot(a, b, acc)
        tlx.async_load_wait_group(0)
        tl.store(c_ptr + offs_m[:, None] * N + offs_n[None, :], acc)

    @triton.jit
    def overtaken(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr,
                  BUFS: tl.constexpr):
        # The wait for a tile stands right before the stage that reads it:
        # the other half, one stage behind, has not waited for its part.
        offs_m = tl.arange(0, BM)
        offs_n = tl.arange(0, BN)
        offs_k = tl.arange(0, BK)
        sa = tlx.local_alloc((BM, BK), tlx.dtype_of(a_ptr), BUFS)
        sb = tlx.local_alloc((BK, BN), tlx.dtype_of(b_ptr), BUFS)
        acc = tl.zeros((BM, BN), dtype=tl.float32)
        for t in range(0, tl.cdiv(K, BK)):
            buf = t % BUFS
            with tlx.warp_pipeline_stage("mem", priority=1):
                ta = tlx.async_load(a_ptr + offs_m[:, None] * K + (t * BK + offs_k[None, :]), tlx.local_view(sa, buf))
                tb = tlx.async_load(b_ptr + (t * BK + offs_k[:, None]) * N + offs_n[None, :], tlx.local_view(sb, buf))
                tlx.async_load_commit_group([ta, tb])
            tlx.async_load_wait_group(0)
            with tlx.warp_pipeline_stage("mfma", priority=0):
                acc = tl.dot(tlx.local_load(tlx.local_view(sa, buf)), tlx.local_load(tlx.local_view(sb, buf)), acc)
        tl.store(c_ptr + offs_m[:, None] * N + offs_n[None, :], acc)

    rng = np.random.default_rng(0)
    M = N = 64
    K = 160  # the last K tile is ragged: its masked copies read zeros
    a = rng.standard_normal((M, K)).astype(np.float16)
    b = rng.standard_normal((K, N)).astype(np.float16)
    for target in ("gfx950", "gfx942"):
        os.environ["TLXAMD_TARGET"] = target
        try:
            c = np.zeros((M, N), np.float32)
            staged_gemm[(M // 32, N // 32)](a, b, c, M, N, K, BM=32, BN=32, BK=64, BUFS=3)
            k = staged_gemm.warmup(a, b, c, M, N, K, BM=32, BN=32, BK=64, BUFS=3, grid=(1,))
            with pytest.raises(compiler.CompilationError, match="W12: reads a buffer one stage after the wait"):
                overtaken.warmup(a, b, c, M, N, K, BM=32, BN=32, BK=64, BUFS=2, grid=(1,))
        finally:
            del os.environ["TLXAMD_TARGET"]
        np.testing.assert_allclose(c, a.astype(np.float32) @ b.astype(np.float32), rtol=1e-2, atol=1e-2)
        isa = k.asm["amdgcn"]
        assert "s_setprio 1" in isa and "s_setprio 0" in isa
        # Two stage barriers per iteration and the halves' extra ones.
        assert isa.count("s_barrier") >= 5, isa.count("s_barrier")
    sig = {"a_ptr": tl.pointer(tl.float16), "b_ptr": tl.pointer(tl.float16), "c_ptr": tl.pointer(tl.float32),
           "M": tl.int32, "N": tl.int32, "K": tl.int32}
    module = tl.kernel(staged_gemm.fn, num_warps=4).build("sm_90a", signature=sig, BM=32, BN=32, BK=64, BUFS=3)
    with pytest.raises(compiler.CompilationError, match="W11: warp pipelining .* is an AMD schedule"):
        compiler.compile(module, target="sm_90a")

    @triton.jit
    def python_context(x_ptr):
        with contextlib.nullcontext():
            tl.store(x_ptr, 1.0)

    with pytest.raises(Exception, match="with needs a kernel context manager"):
        python_context[(1,)](np.zeros(1, np.float32))

    @triton.jit
    def bad_priority(x_ptr):
        with tlx.warp_pipeline_stage("mem", priority=4):
            tl.store(x_ptr, 1.0)

    with pytest.raises(Exception, match="priority must be in \\[0, 3\\]"):
        bad_priority[(1,)](np.zeros(1, np.float32))


def test_autotune_times_launches_whose_cuda_tensors_are_descriptor_bases():
    """Tutorial 09's TMA kernels take only host tensor descriptors: their
    bases put the launch on the GPU, so autotuning times the configurations
    (it took the emulator's first-that-compiles path)."""
    from tlxamd import _triton
    from tlxamd.runtime import TensorDescriptor

    class Dev:
        type = "cuda"

    class CudaArray:
        device, shape, dtype = Dev(), (64, 64), np.dtype(np.float16)

        def stride(self):
            return (64, 1)

        def element_size(self):
            return 2

        def data_ptr(self):
            return 1 << 20

    desc = TensorDescriptor(CudaArray(), [64, 64], [64, 1], [32, 32])
    assert _triton._on_gpu([desc, 3]) and not _triton._on_gpu([np.zeros(4), 3])
