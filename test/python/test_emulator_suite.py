"""The GPU suite (bench/gpu/suite.py) built for gfx950 and gfx942 (wave64
layouts) and for gfx1250 (wave32 layouts, the same kernels as the H200
run's, the GEMMs on the WMMA) and run in the AMD emulator at reduced sizes, ragged where the
H200 run is, through the same checks (bench/gpu/checks.py) the H200 run
applies, on CPU tensors: outputs poisoned first, masked lanes and `other`
values, atomics' old values, both convert_layout paths (LDS and
ds_bpermute). The casts are also checked against a reference that encodes
by value from each format's definition, independent of torch."""

import os
import sys

import numpy as np
import pytest

torch = pytest.importorskip("torch")

from tlxamd import compiler, emulator  # noqa: E402
from tlxamd.compiler import CompilationError  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "bench", "gpu"))

import checks  # noqa: E402
import suite as gpu_suite  # noqa: E402

TARGETS = ["gfx950", "gfx942"]
WAVE = 64
CASES = gpu_suite.kernels(WAVE)
# kernels a target cannot compile, with the diagnostic it gives
ILLEGAL = {("gfx942", "atomic_bf16_c2"): "packed 'bf16' buffer atomics are not available on gfx942"}
# The tensor memory accelerator is NVIDIA's (sm_90 and later).
ILLEGAL.update({(t, f"tma_{fn}_f16"): f"needs the tensor memory accelerator.*{t}"
                for t in ("gfx950", "gfx942") for fn in ("tile", "loop")})


def small(case, block):
    """The case's problem size here: a few programs, ragged where the H200
    run is."""
    kind = case["kind"]
    if kind == "copy":
        return 2 * block
    if kind in ("masked", "masked_other"):
        return block + block // 2 + 5
    if kind == "atomic":
        return block + 7
    if kind == "convert":
        return 2 * case["tile"]
    if kind == "colsum":
        return checks.COLSUM_ROWS * 600
    if kind in ("branches", "math", "cast"):
        return 1029
    if kind == "shared":  # a 128 x 128 transpose; 2 programs x 8 pipelined tiles
        return 128 * 128 if case["fn"] == "trans" else 16 * checks.PIPELINE_TILE
    return {"softmax": 7, "rowsum": 20, "reduce": 128, "shape": 16384,
            "atomics": 300 if case.get("fn") == "ticket" else 1000}[kind]


@pytest.fixture(scope="module", autouse=True)
def on_cpu():
    checks.use_device("cpu", processors=1)  # persistent grids: 4 programs
    programs, checks.PIPELINE_PROGRAMS = checks.PIPELINE_PROGRAMS, 2  # loops that reuse every buffer
    torch.manual_seed(0)
    yield
    checks.PIPELINE_PROGRAMS = programs
    checks.use_device("cuda")


_built = {}


def built(name, target):
    if (name, target) not in _built:
        kern, case = CASES[name]
        source = kern if isinstance(kern, str) else kern.build(target=target, **case["consts"])
        _built[name, target] = compiler.compile(source, target=target, binary=False)  # the IR is enough
    return _built[name, target]


# gfx1250 runs the wave32 suite; what it lacks is a diagnostic naming it:
# thread-block clusters, cache modifiers, lowered global-to-LDS copies and
# the tensor memory accelerator (every NVIDIA GEMM of the suite uses the
# last two).
CASES32 = gpu_suite.kernels(32)
GFX1250_ILLEGAL = {"cluster_ping_pong": "needs thread-block clusters of 2 CTAs; gfx1250",
                   "shared_pipeline_f32": "global-to-shared copies are not available on gfx1250",
                   "tma_tile_f16": "needs the tensor memory accelerator.*gfx1250",
                   "tma_loop_f16": "needs the tensor memory accelerator.*gfx1250"}
GFX1250_ILLEGAL.update({n: 'cache modifier ".cs" is not available on gfx1250' for n in CASES32 if n.endswith("_cs")})
GFX1250_ILLEGAL.update({n: "global-to-shared copies are not available on gfx1250|tensor memory accelerator.*gfx1250"
                        for n in CASES32 if n.startswith(("gemm_pipelined", "gemm_wgmma", "gemm_ws"))})


@pytest.mark.parametrize("name", sorted(CASES32))
def test_suite_case_gfx1250(name):
    kern, case = CASES32[name]
    sig = gpu_suite.SIGNATURES.get(name)

    def build():
        source = kern if isinstance(kern, str) else kern.build(target="gfx1250", signature=sig, **case["consts"])
        return compiler.compile(source, target="gfx1250", binary=False)

    if name in GFX1250_ILLEGAL:
        with pytest.raises(CompilationError, match=GFX1250_ILLEGAL[name]):
            build()
        return
    block = case.get("block", gpu_suite.block_for(32))
    n = 128 if case["kind"] == "gemm" else small(case, block)
    ok, detail, _ = checks.check(emulator.load(build()), case, n, block)
    assert ok, detail


@pytest.mark.parametrize("name", sorted(CASES))
@pytest.mark.parametrize("target", TARGETS)
def test_suite_case(target, name):
    case = CASES[name][1]
    if (target, name) in ILLEGAL:
        with pytest.raises(CompilationError, match=ILLEGAL[target, name]):
            built(name, target)
        return
    block = case.get("block", gpu_suite.block_for(WAVE))
    ok, detail, _ = checks.check(emulator.load(built(name, target)), case, small(case, block), block)
    assert ok, detail


WIDEST = ["masked_bf16_c8", "masked_i8_c16", "masked_f8_c16", "masked_other_f32", "free_masked_bf16"]


@pytest.mark.parametrize("name", WIDEST)
def test_masked_every_residue(name):
    """Ragged bounds at every residue modulo 16 (the widest group): the
    groups straddling n take the element path, whole ones the wide access,
    and nothing past n is read into the result or written."""
    case = CASES[name][1]
    block = case.get("block", gpu_suite.block_for(WAVE))
    k = emulator.load(built(name, "gfx950"))
    bad = []
    for r in range(16):
        ok, detail, _ = checks.check(k, case, block + r, block)
        if not ok:
            bad.append(f"n = block + {r}: {detail}")
    assert not bad, "\n".join(bad)


def test_launcher_checks_the_grid():
    k = emulator.load(built("copy_f32_c4", "gfx950"))
    with pytest.raises(ValueError, match="grid dimensions must be positive"):
        k[(0,)]
    with pytest.raises(TypeError, match="takes 2 arguments"):
        k[(1,)](np.zeros(4, np.float32))
    with pytest.raises(TypeError, match="contiguous"):
        k[(1,)](torch.zeros(8, 8).t(), torch.zeros(64))


# Every code of a format decoded from its definition (sign, exponent field,
# mantissa; subnormals; the format's infinities and NaNs): the reference
# encodes by picking the nearest representable value (ties to the even code)
# or the one toward zero, independently of the bit arithmetic under test.
FORMATS = {"e4m3fn": (8, 4, 3, 7, "fn"), "e5m2": (8, 5, 2, 15, "ieee"), "e4m3fnuz": (8, 4, 3, 8, "fnuz"),
           "e5m2fnuz": (8, 5, 2, 16, "fnuz"), "f16": (16, 5, 10, 15, "ieee"), "bf16": (16, 8, 7, 127, "ieee")}


def _decode(code, fmt):
    bits, e_bits, m_bits, bias, kind = FORMATS[fmt]
    sign = -1.0 if code >> (bits - 1) else 1.0
    e, m = (code >> m_bits) & ((1 << e_bits) - 1), code & ((1 << m_bits) - 1)
    if kind == "fnuz" and code == 1 << (bits - 1):
        return np.nan
    if kind == "fn" and e == (1 << e_bits) - 1 and m == (1 << m_bits) - 1:
        return np.nan
    if kind == "ieee" and e == (1 << e_bits) - 1:
        return sign * np.inf if m == 0 else np.nan
    if e == 0:
        return sign * m * 2.0 ** (1 - bias - m_bits)
    return sign * (1 + m / 2 ** m_bits) * 2.0 ** (e - bias)


def _encode_reference(x, fmt, rnd):
    bits, _, _, _, kind = FORMATS[fmt]
    half = 1 << (bits - 1)
    mags = np.array([_decode(c, fmt) for c in range(half)])
    finite = np.isfinite(mags)
    codes, vals = np.arange(half)[finite], mags[finite]
    big = vals.max()
    out = np.zeros(len(x), np.int64)
    for i, v in enumerate(x.astype(np.float64)):
        if np.isnan(v):
            out[i] = -1
            continue
        a = abs(v)
        if bits == 8 or (rnd == "rtz" and np.isfinite(a)):
            a = min(a, big)  # fp8 saturates; rtz never rounds up to infinity
        if np.isinf(a):
            c = int(np.nonzero(np.isinf(mags))[0][0])
        else:
            j = np.searchsorted(vals, a, side="right") - 1  # the largest value <= a
            c = int(codes[j])
            if rnd == "rtne" and vals[j] != a and j + 1 < len(vals):
                lo, hi = vals[j], vals[j + 1]
                if a - lo > hi - a or (a - lo == hi - a and codes[j] & 1):
                    c = int(codes[j + 1])
            if rnd == "rtne" and kind == "ieee" and bits == 16 and a >= big + (big - vals[-2]) / 2:
                c = int(np.nonzero(np.isinf(mags))[0][0])  # IEEE overflow to infinity
        neg = np.signbit(v) and not (kind == "fnuz" and c == 0)
        out[i] = c | (half if neg else 0)
    return out


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("fmt", sorted(FORMATS))
@pytest.mark.parametrize("rnd", ["rtne", "rtz"])
def test_casts_by_value(target, fmt, rnd):
    n = 1024 + 3
    rng = np.random.default_rng(12)
    x = (rng.standard_normal(n) * np.exp2(rng.integers(-24, 20, n))).astype(np.float32)
    special = [np.inf, -np.inf, np.nan, 0.0, -0.0, 448, 464, 480, -500, 240, 248, 57344, 61440, 65504, 65520,
               1e30, 2.0 ** -9, 2.0 ** -10, 3 * 2.0 ** -11, 2.0 ** -17, -(2.0 ** -18), 1.0625, 1.1875, -1.0625,
               2.0 ** -126, 2.0 ** -140]
    x[:len(special)] = special
    bits = FORMATS[fmt][0]
    y = np.zeros(n, np.uint8 if bits == 8 else np.uint16)
    z = np.full(n, np.nan, np.float32)
    emulator.run(built(f"cast_{fmt}_{rnd}", target), (2,), x, y, z, n)
    ref = _encode_reference(x, fmt, rnd)
    got = y.astype(np.int64)
    nan = ref < 0
    assert all(np.isnan(_decode(int(c), fmt)) for c in got[nan])
    bad = np.nonzero(got[~nan] != ref[~nan])[0]
    assert not len(bad), [(float(x[~nan][i]), hex(got[~nan][i]), hex(ref[~nan][i])) for i in bad[:4]]
    back = np.array([_decode(int(c), fmt) for c in got])
    assert np.array_equal(z.astype(np.float64), back, equal_nan=True)  # decoding is exact
