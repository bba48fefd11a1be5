"""tl.dot of 8-bit operands on CDNA: fp8 / bf8 through the MFMA of the
format (gfx950's OCP e4m3 / e5m2, gfx942's FNUZ ones), i8 into i32; each
lane's values of K packed into an i64 (or 32-bit words). Exact in the
emulator against an independent reference (torch decodes the fp8 formats;
the products of 8-bit values and their f32 sums are exact at these sizes
up to f32 rounding)."""

import numpy as np
import pytest

import tlxamd
import tlxamd.language as tl

torch = pytest.importorskip("torch")


@tlxamd.jit
def dot8(a, b, c, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr, DT: tl.constexpr, OUT: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    rk = tl.arange(0, K)
    x = tl.load(a + rm[:, None] * K + rk[None, :]).to(DT, bitcast=True)
    y = tl.load(b + rk[:, None] * N + rn[None, :]).to(DT, bitcast=True)
    tl.store(c + rm[:, None] * N + rn[None, :], tl.dot(x, y, out_dtype=OUT))


_FP8 = [("gfx950", tl.float8e4nv, "float8_e4m3fn", "fp8"), ("gfx950", tl.float8e5, "float8_e5m2", "bf8"),
        ("gfx942", tl.float8e4b8, "float8_e4m3fnuz", "fp8"), ("gfx942", tl.float8e5b16, "float8_e5m2fnuz", "bf8")]


@pytest.mark.parametrize("target,dt,tname,mnemonic", _FP8)
@pytest.mark.parametrize("shape", [(64, 64, 64), (32, 64, 128)])
def test_fp8_dot_is_exact(monkeypatch, target, dt, tname, mnemonic, shape):
    monkeypatch.setenv("TLXAMD_TARGET", target)
    m, n, k = shape
    rng = np.random.default_rng(m + n + k)
    tdt = getattr(torch, tname)
    a = torch.tensor(rng.standard_normal((m, k)) * 4, dtype=torch.float32).to(tdt)
    b = torch.tensor(rng.standard_normal((k, n)) * 4, dtype=torch.float32).to(tdt)
    c = np.zeros((m, n), np.float32)
    args = (a.view(torch.uint8).numpy(), b.view(torch.uint8).numpy(), c)
    dot8[(1,)](*args, M=m, N=n, K=k, DT=dt, OUT=tl.float32, num_warps=4)
    ref = (a.double() @ b.double()).numpy()
    np.testing.assert_allclose(c, ref, rtol=1e-6, atol=1e-4)
    asm = dot8.warmup(*args, M=m, N=n, K=k, DT=dt, OUT=tl.float32, num_warps=4, grid=(1,)).compiled.asm
    assert f"_{mnemonic}_{mnemonic}" in asm and "v_mfma" in asm


@pytest.mark.parametrize("target", ["gfx950", "gfx942"])
def test_i8_dot_is_exact(monkeypatch, target):
    monkeypatch.setenv("TLXAMD_TARGET", target)
    rng = np.random.default_rng(7)
    a = rng.integers(-128, 128, (64, 64)).astype(np.int8)
    b = rng.integers(-128, 128, (64, 64)).astype(np.int8)
    c = np.zeros((64, 64), np.int32)
    dot8[(1,)](a, b, c, M=64, N=64, K=64, DT=tl.int8, OUT=tl.int32, num_warps=4)
    assert (c == a.astype(np.int32) @ b.astype(np.int32)).all()


def test_ocp_fp8_on_gfx942_is_rejected(monkeypatch):
    """CDNA3's MFMA takes the FNUZ formats: an OCP e4m3 dot is a layout
    assignment error naming the target, not a wrong result."""
    monkeypatch.setenv("TLXAMD_TARGET", "gfx942")
    z = np.zeros((64, 64), np.uint8)
    with pytest.raises(ValueError, match="no matrix instruction on gfx942"):
        dot8[(1,)](z, z, np.zeros((64, 64), np.float32), M=64, N=64, K=64, DT=tl.float8e4nv, OUT=tl.float32,
                   num_warps=4)


def test_the_emulated_target_is_part_of_the_launch_cache_key(monkeypatch):
    """The same call under another TLXAMD_TARGET compiles for that target
    (the in-memory cache returned the first target's kernel)."""
    z = np.zeros((64, 64), np.int8)
    c = np.zeros((64, 64), np.int32)
    targets = []
    for target in ("gfx950", "gfx942", "gfx950"):
        monkeypatch.setenv("TLXAMD_TARGET", target)
        k = dot8.warmup(z, z, c, M=64, N=64, K=64, DT=tl.int8, OUT=tl.int32, num_warps=4, grid=(1,))
        targets.append(k.compiled.target)
    assert targets == ["gfx950", "gfx942", "gfx950"]


@tlxamd.jit
def fp8_dot_masked(a, b, c, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    acc = tl.zeros([BM, BN], tl.float32)
    for k in range(0, K, BK):
        rk = k + tl.arange(0, BK)
        x = tl.load(a + rm[:, None] * K + rk[None, :], mask=(rm[:, None] < M) & (rk[None, :] < K), other=0.0)
        y = tl.load(b + rk[:, None] * N + rn[None, :], mask=(rk[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc = tl.dot(x, y, acc)
    tl.store(c + rm[:, None] * N + rn[None, :], acc, mask=(rm[:, None] < M) & (rn[None, :] < N))


@pytest.mark.parametrize("target,tname", [("gfx950", "float8_e4m3fn"), ("gfx950", "float8_e5m2"),
                                          ("gfx942", "float8_e4m3fnuz"), ("gfx942", "float8_e5m2fnuz")])
def test_fp8_dot_of_fp8_tensors_with_masks_and_other(monkeypatch, target, tname):
    """fp8 tensors passed as such (the kernel's pointers typed from them),
    ragged M N K masked with `other=0.0` (an fp8 constant), exact."""
    monkeypatch.setenv("TLXAMD_TARGET", target)
    tdt = getattr(torch, tname)
    g = torch.Generator().manual_seed(3)
    a = torch.randn(70, 96, generator=g).to(tdt)
    b = torch.randn(96, 40, generator=g).to(tdt)
    c = torch.zeros(70, 40)
    fp8_dot_masked[(3, 2)](a, b, c, 70, 40, 96, BM=32, BN=32, BK=64, num_warps=4)
    ref = a.double() @ b.double()
    np.testing.assert_allclose(c.numpy(), ref.numpy(), rtol=1e-6, atol=1e-4)
