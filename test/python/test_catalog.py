"""The capability table's matrix catalog against the compiler: for every
target and every operand type its catalog lists for the engines `tl.dot`
selects (MFMA, mma.sync, WMMA), a tl.dot of that type is either rejected
before lowering (layout assignment or target legality, with a diagnostic)
or compiled all the way to a binary (llc-22 / ptxas). A catalog row that
legality accepts but no lowering emits is the bug this catches."""

import pytest

from tlxamd import compiler, passmanager, targets
from tlxamd import language as tl

_DTYPES = {"f16": tl.float16, "bf16": tl.bfloat16, "f32": tl.float32, "xf32": tl.float32, "f64": tl.float64,
           "i8": tl.int8, "f8E4M3FN": tl.float8e4nv, "f8E5M2": tl.float8e5, "f8E4M3FNUZ": tl.float8e4b8,
           "f8E5M2FNUZ": tl.float8e5b16}
_DOT_ENGINES = ("mfma", "mma", "wmma")


def _cases():
    out = []
    for name in targets.names():
        seen = set()
        for instr in targets.get(name)["matrix_instrs"]:
            if instr["engine"] in _DOT_ENGINES and instr["a"] in _DTYPES and instr["a"] not in seen:
                seen.add(instr["a"])
                out.append((name, instr["a"]))
        # what no row lists must be rejected, never half-lowered
        for a in ("i8", "f8E4M3FN"):
            if a not in seen:
                out.append((name, a))
    return out


@tl.kernel(num_warps=4)
def dot_kernel(a: tl.pointer(tl.float16), c: tl.pointer(tl.float32), DT: tl.constexpr, OUT: tl.constexpr):
    offs = tl.arange(0, 64)
    x = tl.load(a + offs[:, None] * 64 + offs[None, :]).to(DT)
    d = tl.dot(x, x, out_dtype=OUT)
    tl.store(c + offs[:, None] * 64 + offs[None, :], d.to(tl.float32))


def test_catalog_is_listed():
    cases = _cases()
    assert {t for t, _ in cases} == set(targets.names())
    assert ("gfx950", "bf16") in cases and ("sm_90a", "f16") in cases


@pytest.mark.parametrize("target,a", _cases())
def test_every_catalog_type_lowers_or_is_rejected(target, a):
    dt = _DTYPES[a]
    out = tl.int32 if a == "i8" else tl.float64 if a == "f64" else tl.float32
    try:
        module = dot_kernel.build(target=target, DT=dt, OUT=out)
        with module.context:
            pm = passmanager.PassManager.parse(f"builtin.module(tlxamd-verify-target{{target={target}}})")
            pm.run(module.operation)
    except Exception as e:  # rejected before lowering: a diagnostic, not a crash
        assert type(e).__name__ in ("CompilationError", "MLIRError", "ValueError", "TypeError") or \
            isinstance(e, compiler.CompilationError), repr(e)
        return
    # accepted by legality: it must compile to machine code
    k = compiler.compile(dot_kernel.build(target=target, DT=dt, OUT=out), target=target)
    assert k.binary and k.asm
