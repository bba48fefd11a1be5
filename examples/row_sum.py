"""The row_sum kernel of row_sum.mlir, built from Python with the tlxamd
bindings, then compiled for gfx950 and sm_90a.

    python examples/row_sum.py
"""

from tlxamd import compiler, ir
from tlxamd.dialects import arith, gpu, scf
from tlxamd.dialects import tlxamd as tlx


def build_row_sum(num_warps: int = 4) -> ir.Module:
    ctx = ir.Context()
    with ctx, ir.Location.unknown():
        f32, i32 = ir.F32Type.get(), ir.IntegerType.get_signless(32)
        ptr = tlx.PtrType.get(f32)
        module = ir.Module.create()
        with ir.InsertionPoint(module.body):
            kernels = gpu.GPUModuleOp("examples")
            kernels.bodyRegion.blocks.append()
            with ir.InsertionPoint(kernels.bodyRegion.blocks[0]):
                fn = gpu.GPUFuncOp(
                    ir.TypeAttr.get(ir.FunctionType.get([ptr, ptr, i32, f32], [])),
                    sym_name="row_sum",
                    kernel=True,
                )
                fn.attributes["tlxamd.num_warps"] = ir.IntegerAttr.get(i32, num_warps)
                entry = fn.add_entry_block()
                x, y, n, alpha = entry.arguments
                with ir.InsertionPoint(entry):
                    pid = tlx.program_id(0)
                    row = tlx.addptr(x, arith.muli(pid, n))
                    c0 = arith.constant(i32, 0)
                    c1 = arith.constant(i32, 1)
                    zero = arith.constant(f32, 0.0)
                    loop = scf.ForOp(c0, n, c1, [zero])
                    with ir.InsertionPoint(loop.body):
                        i, acc = loop.induction_variable, loop.inner_iter_args[0]
                        v = tlx.load(tlx.addptr(row, i))
                        scf.yield_([arith.addf(acc, v)])
                    scaled = arith.mulf(loop.results[0], alpha)
                    tlx.store(scaled, tlx.addptr(y, pid))
                    gpu.ReturnOp([])
        module.operation.verify()
    return module


if __name__ == "__main__":
    module = build_row_sum()
    print(module)
    for target in ("gfx950", "sm_90a"):
        kernel = compiler.compile(module, target=target)
        print(f"{target}: {kernel.resources}")
