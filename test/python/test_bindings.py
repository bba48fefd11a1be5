"""The re-homed MLIR bindings, the tlxamd dialect in Python, pass pipelines."""

import os
import subprocess
import sys

import pytest

from tlxamd import ir, passmanager
from tlxamd.dialects import func, gpu
from tlxamd.dialects import tlxamd as tlx

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@pytest.mark.parametrize(
    "code",
    [
        "import mlir.ir; import tlxamd.ir",
        "import tlxamd.ir; import mlir.ir",
    ],
)
def test_coexists_with_upstream_mlir(code):
    """Both MLIR copies work in one process, imported in either order."""
    pytest.importorskip("mlir.ir")
    script = code + (
        "\nfrom tlxamd import ir as t; import mlir.ir as u"
        "\nwith t.Context():"
        "\n    m = t.Module.parse('func.func private @f(!tlxamd.ptr<f32>)')"
        "\n    assert 'tlxamd.ptr' in str(m)"
        "\nwith u.Context():"
        "\n    m = u.Module.parse('func.func @g() { return }')"
        "\n    assert 'func.func @g' in str(m)"
        "\nprint('ok')"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"


def test_dialect_registered_in_every_context():
    for _ in range(2):
        with ir.Context():
            t = ir.Type.parse("!tlxamd.ptr<bf16, 3>")
            assert isinstance(t, tlx.PtrType)
            assert tlx.PtrType(t).address_space == 3


def test_ptr_type_constructor():
    with ir.Context():
        p = tlx.PtrType.get(ir.BF16Type.get())
        assert str(p) == "!tlxamd.ptr<bf16>"
        assert p.address_space == 1
        assert str(p.pointee_type) == "bf16"
        assert str(tlx.PtrType.get(ir.F16Type.get(), 3)) == "!tlxamd.ptr<f16, 3>"
        with pytest.raises(ValueError, match="byte-sized integer or float"):
            tlx.PtrType.get(ir.IndexType.get())
        with pytest.raises(ValueError, match="byte-sized integer or float"):
            tlx.PtrType.get(ir.IntegerType.get_signless(1))
        with pytest.raises(ValueError):
            tlx.PtrType(ir.F32Type.get())  # not a pointer: a cast error, no crash


def _kernel(num_warps=4):
    """A kernel built with the generated builders: out[pid] = pid."""
    module = ir.Module.create()
    i32 = ir.IntegerType.get_signless(32)
    ptr = tlx.PtrType.get(i32)
    with ir.InsertionPoint(module.body):
        m = gpu.GPUModuleOp("kernels")
        m.bodyRegion.blocks.append()
        with ir.InsertionPoint(m.bodyRegion.blocks[0]):
            fn = gpu.GPUFuncOp(ir.TypeAttr.get(ir.FunctionType.get([ptr], [])), sym_name="k", kernel=True)
            fn.attributes["tlxamd.num_warps"] = ir.IntegerAttr.get(i32, num_warps)
            entry = fn.add_entry_block()
            with ir.InsertionPoint(entry):
                pid = tlx.program_id(0)
                tlx.store(pid, tlx.addptr(entry.arguments[0], pid))
                gpu.ReturnOp([])
    return module


def test_generated_builders_infer_types():
    with ir.Context(), ir.Location.unknown():
        module = _kernel()
        module.operation.verify()
        text = str(module)
        assert "tlxamd.program_id 0 : i32" in text
        assert "tlxamd.addptr %arg0, %0 : !tlxamd.ptr<i32>, i32" in text
        assert "tlxamd.store %0, %1 : !tlxamd.ptr<i32>" in text


def test_load_infers_the_pointee_type():
    with ir.Context(), ir.Location.unknown():
        module = ir.Module.create()
        f16 = ir.F16Type.get()
        with ir.InsertionPoint(module.body):
            fn = func.FuncOp("f", ([tlx.PtrType.get(f16, 3)], [f16]))
            entry = fn.add_entry_block()
            with ir.InsertionPoint(entry):
                v = tlx.load(entry.arguments[0])
                assert str(v.type) == "f16"
                func.ReturnOp([v])
        module.operation.verify()


def test_verifier_errors_are_exceptions():
    with ir.Context(), ir.Location.unknown():
        module = _kernel(num_warps=3)
        with pytest.raises(ir.MLIRError, match="must be a power of two between 1 and 32, got 3"):
            module.operation.verify()


@pytest.mark.parametrize("target,marker", [("gfx950", "rocdl.workgroup.id.x"), ("sm_90a", "nvvm.read.ptx.sreg.ctaid.x")])
def test_named_pipeline(target, marker):
    with ir.Context(), ir.Location.unknown():
        module = _kernel()
        pm = passmanager.PassManager.parse(f"builtin.module(tlxamd-to-llvm{{target={target}}})")
        pm.run(module.operation)
        text = str(module)
        assert marker in text
        assert "tlxamd.program_id" not in text
        assert "llvm.intr.masked.store" in text or "llvm.cond_br" in text  # a scalar: thread 0 stores it


def test_unknown_target_in_pipeline_is_an_exception():
    with ir.Context():
        with pytest.raises(ValueError, match="unsupported target 'gfx9999'"):
            passmanager.PassManager.parse("builtin.module(tlxamd-to-llvm{target=gfx9999})")


def test_conversion_failure_is_an_exception():
    with ir.Context():
        module = ir.Module.parse("gpu.module @m { gpu.func @k() kernel { gpu.return } }")
        pm = passmanager.PassManager.parse("builtin.module(gpu.module(convert-tlxamd-to-rocdl{chipset=gfx950}))")
        with pytest.raises(ir.MLIRError, match="has no 'tlxamd.num_warps' attribute"):
            pm.run(module.operation)


def test_tlx_opt_console_script_lists_passes():
    exe = os.path.join(os.path.dirname(sys.executable), "tlx-opt")
    out = subprocess.run([exe, "--help"], capture_output=True, text=True)
    assert out.returncode == 0
    for name in ("--convert-tlxamd-to-rocdl", "--convert-tlxamd-to-nvvm", "--tlxamd-to-llvm"):
        assert name in out.stdout
    assert "tlxamd" in out.stdout.split("Available Dialects:")[1].splitlines()[0]


def test_example_python_kernel_builds_and_compiles():
    sys.path.insert(0, os.path.join(ROOT, "examples"))
    try:
        import row_sum
    finally:
        sys.path.pop(0)
    module = row_sum.build_row_sum()
    assert "scf.for" in str(module)
    with module.context:
        assert "tlxamd.load" in str(module)
