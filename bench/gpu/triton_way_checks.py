"""Kernels written and launched the Triton way, run on the GPU against torch
and against Triton compiling the same text in the same process:
tl.rand / randn / randint (bit for bit against Triton's), tensor
descriptors made in the kernel and passed from the host, returns inside
ifs, tl.multiple_of on a loop counter, enable_fp_fusion, fp8 tl.dot.

    PYTHONPATH=python_bindings python3 bench/gpu/triton_way_checks.py

(Under TLXAMD_JIT_MANIFEST the tlxamd launches are dry runs that record
what to compile, and nothing is checked; bench/gpu/tutorials_gpu.sh.)
The same kernels run in the AMD emulator in test/python/test_triton_api.py.
"""

import os
import sys

import torch

DRY = bool(os.environ.get("TLXAMD_JIT_MANIFEST"))
SOURCE = '''
@triton.jit
def random_blocks(out_i, out_f, out_n, seed, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < N
    tl.store(out_i + offs, tl.randint(seed, offs), mask=m)
    tl.store(out_f + offs, tl.rand(seed, offs), mask=m)
    tl.store(out_n + offs, tl.randn(seed, offs), mask=m)


@triton.jit
def desc_matmul(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    a_desc = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[K, 1], block_shape=[BM, BK])
    b_desc = tl.make_tensor_descriptor(b_ptr, shape=[K, N], strides=[N, 1], block_shape=[BK, BN])
    c_desc = tl.make_tensor_descriptor(c_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    om = tl.program_id(0) * BM
    on = tl.program_id(1) * BN
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        acc = tl.dot(a_desc.load([om, k * BK]), b_desc.load([k * BK, on]), acc)
    c_desc.store([om, on], acc.to(tl.float16))


@triton.jit
def host_desc_scale(x_desc, y_desc, BM: tl.constexpr, BN: tl.constexpr):
    om = tl.program_id(0) * BM
    on = tl.program_id(1) * BN
    y_desc.store([om, on], x_desc.load([om, on]) * 2.0)


@triton.jit
def remap(pid, n):
    if pid < n:
        return pid * 2
    return pid + 100


@triton.jit
def early_exit(out, n, N: tl.constexpr):
    pid = tl.program_id(0)
    if pid >= N:
        return
    tl.store(out + pid, remap(pid, n))


@triton.jit
def fill(out, n, BLOCK: tl.constexpr):
    for start in range(0, n, BLOCK):
        start = tl.multiple_of(start, BLOCK)
        offs = start + tl.arange(0, BLOCK)
        tl.store(out + offs, offs, mask=offs < n)

'''


# The fp8 tl.dot kernel the emulator tests run (masks and `other` in the K
# loop), read from its test file so that both compile that one text.
FP8_SOURCE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "test", "python",
                          "test_dot_8bit.py")


def load(triton_module, tl_module):
    import ast
    import linecache

    ns = {"triton": triton_module, "tl": tl_module}
    path = os.path.abspath(__file__) + ":SOURCE"
    linecache.cache[path] = (len(SOURCE), None, SOURCE.splitlines(keepends=True), path)
    exec(compile(SOURCE, path, "exec"), ns)
    tree = ast.parse(open(FP8_SOURCE).read())
    node = next(n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "fp8_dot_masked")
    node.decorator_list = []
    exec(compile(ast.Module(body=[node], type_ignores=[]), FP8_SOURCE, "exec", dont_inherit=True), ns)
    ns["fp8_dot"] = triton_module.jit(ns["fp8_dot_masked"])
    return ns


def main():
    import triton as real_triton
    import triton.language as real_tl

    import tlxamd
    import tlxamd.language as tl
    from tlxamd.runtime import TensorDescriptor

    ours = load(tlxamd, tl)
    results = []

    def check(name, ok, detail=""):
        results.append((name, ok))
        print(f"{'OK ' if ok else 'BAD'} {name} {detail}", flush=True)

    n = 100000
    outs = [torch.empty(n, dtype=torch.int32, device="cuda"), torch.empty(n, device="cuda"),
            torch.empty(n, device="cuda")]
    ours["random_blocks"][(n // 1024 + 1,)](*outs, 1234, n, BLOCK=1024)
    if not DRY:
        theirs = load(real_triton, real_tl)
        ref = [torch.empty_like(o) for o in outs]
        theirs["random_blocks"][(n // 1024 + 1,)](*ref, 1234, n, BLOCK=1024)
        check("randint bits = Triton's", torch.equal(outs[0], ref[0]))
        check("rand bits = Triton's", torch.equal(outs[1], ref[1]))
        err = (outs[2] - ref[2]).abs().max().item()
        check("randn = Triton's (to rounding of log, cos)", err < 1e-3, f"max diff {err:.2e}")

    a = torch.randn(300, 200, device="cuda", dtype=torch.float16)
    b = torch.randn(200, 250, device="cuda", dtype=torch.float16)
    c = torch.zeros(300, 250, device="cuda", dtype=torch.float16)
    ours["desc_matmul"][(5, 4)](a, b, c, 300, 250, 200, BM=64, BN=64, BK=32)
    if not DRY:
        err = ((c.float() - a.float() @ b.float()).abs().max() / (a.float() @ b.float()).abs().max()).item()
        check("descriptor GEMM, ragged M N K", err < 1e-2, f"rel err {err:.2e}")

    x = torch.rand(50, 70, device="cuda")
    y = torch.full_like(x, -1.0)
    ours["host_desc_scale"][(2, 3)](TensorDescriptor.from_tensor(x, [32, 32]), TensorDescriptor.from_tensor(y, [32, 32]),
                                    BM=32, BN=32)
    if not DRY:
        check("host TensorDescriptor arguments", torch.equal(y, 2 * x))

    out = torch.full((8,), -1, dtype=torch.int32, device="cuda")
    ours["early_exit"][(8,)](out, 3, N=6)
    if not DRY:
        check("returns inside ifs", out.tolist() == [0, 2, 4, 103, 104, 105, -1, -1], str(out.tolist()))

    # fp8 tl.dot (mma.sync m16n8k32), both formats, ragged M N K: exact to
    # f32 summation order against torch on the decoded values
    for dtype in (torch.float8_e4m3fn, torch.float8_e5m2):
        a8 = torch.randn(200, 160, device="cuda").to(dtype)
        b8 = torch.randn(160, 136, device="cuda").to(dtype)
        c8 = torch.zeros(200, 136, device="cuda")
        ours["fp8_dot"][(4, 3)](a8, b8, c8, 200, 136, 160, BM=64, BN=64, BK=64)
        if not DRY:
            ref = a8.float() @ b8.float()
            err = ((c8 - ref).abs().max() / ref.abs().max()).item()
            check(f"fp8 tl.dot {str(dtype).split('.')[-1]}, ragged M N K", err < 1e-5, f"rel err {err:.2e}")

    out = torch.full((1000,), -1, dtype=torch.int32, device="cuda")
    ours["fill"][(1,)](out, 1000, BLOCK=128)
    if not DRY:
        check("multiple_of on a loop counter", out.tolist() == list(range(1000)))
        print(f"{sum(ok for _, ok in results)}/{len(results)} OK")
        sys.exit(0 if all(ok for _, ok in results) else 1)


if __name__ == "__main__":
    main()
