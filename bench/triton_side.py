"""Triton's half of bench/isa_compare.py: run by a Python that has Triton
(3.9 compiles gfx942 / gfx950 code without a GPU), it compiles the peer
kernels a JSON list on stdin asks for and writes {key: {"asm", "name",
"shared"}} to stdout. Arguments carry the specializations Triton's launcher
gives torch tensors: 16-byte aligned pointers in a 32-bit range, integers
divisible by 16 where they are, strides of 1 as constants.

The kernels are the textbook ones of Triton's tutorials, written here:
the tiled GEMM with grouped program order (tutorial 03, f32 output as
examples/gemm.py writes), the row softmax (tutorial 02) and the CDNA4
MXFP4 GEMM through tl.dot_scaled."""

import json
import os
import sys
import tempfile

os.environ.setdefault("TRITON_DEFAULT_FP_FUSION", "1")

import triton  # noqa: E402
import triton.language as tl  # noqa: E402
from triton.backends.compiler import GPUTarget  # noqa: E402
from triton.compiler import ASTSource  # noqa: E402


@triton.jit
def matmul(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
           BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr, GROUP_M: tl.constexpr):
    pid = tl.program_id(0)
    blocks_m = tl.cdiv(M, BM)
    blocks_n = tl.cdiv(N, BN)
    per_group = GROUP_M * blocks_n
    first_m = pid // per_group * GROUP_M
    rows = min(blocks_m - first_m, GROUP_M)
    pid_m = first_m + (pid % per_group) % rows
    pid_n = (pid % per_group) // rows
    rm = (pid_m * BM + tl.arange(0, BM)) % M
    rn = (pid_n * BN + tl.arange(0, BN)) % N
    rk = tl.arange(0, BK)
    a = a_ptr + rm[:, None] * stride_am + rk[None, :] * stride_ak
    b = b_ptr + rk[:, None] * stride_bk + rn[None, :] * stride_bn
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        x = tl.load(a, mask=rk[None, :] < K - k * BK, other=0.0)
        y = tl.load(b, mask=rk[:, None] < K - k * BK, other=0.0)
        acc = tl.dot(x, y, acc)
        a += BK * stride_ak
        b += BK * stride_bk
    cm = pid_m * BM + tl.arange(0, BM)
    cn = pid_n * BN + tl.arange(0, BN)
    tl.store(c_ptr + cm[:, None] * stride_cm + cn[None, :] * stride_cn, acc,
             mask=(cm[:, None] < M) & (cn[None, :] < N))


@triton.jit
def softmax(out_ptr, in_ptr, in_stride, out_stride, n_rows, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    mask = offs < n_cols
    v = tl.load(in_ptr + row * in_stride + offs, mask=mask, other=-float("inf")).to(tl.float32)
    v = v - tl.max(v, axis=0)
    num = tl.exp(v)
    den = tl.sum(num, axis=0)
    tl.store(out_ptr + row * out_stride + offs, (num / den).to(out_ptr.dtype.element_ty), mask=mask)


@triton.jit
def mxfp4_matmul(a_ptr, b_ptr, c_ptr, a_scale, b_scale, M, N, K, stride_am, stride_bn, stride_cm, stride_sa,
                 stride_sb, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    # A and B e2m1, two per byte along K (B stored N x K/2), E8M0 scales per
    # 32 elements of K
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = (pid_m * BM + tl.arange(0, BM)) % M
    rn = (pid_n * BN + tl.arange(0, BN)) % N
    rk = tl.arange(0, BK // 2)
    rs = tl.arange(0, BK // 32)
    a = a_ptr + rm[:, None] * stride_am + rk[None, :]
    b = b_ptr + rn[:, None] * stride_bn + rk[None, :]
    sa = a_scale + rm[:, None] * stride_sa + rs[None, :]
    sb = b_scale + rn[:, None] * stride_sb + rs[None, :]
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        x = tl.load(a)
        y = tl.load(b)
        xs = tl.load(sa)
        ys = tl.load(sb)
        acc = tl.dot_scaled(x, xs, "e2m1", y.T, ys, "e2m1", acc)
        a += BK // 2
        b += BK // 2
        sa += BK // 32
        sb += BK // 32
    cm = pid_m * BM + tl.arange(0, BM)
    cn = pid_n * BN + tl.arange(0, BN)
    tl.store(c_ptr + cm[:, None] * stride_cm + cn[None, :], acc, mask=(cm[:, None] < M) & (cn[None, :] < N))


PTR = [["tt.divisibility", 16], ["tt.pointer_range", 32]]
DIV16 = [["tt.divisibility", 16]]


def _source(spec):
    kind = spec["kernel"]
    fn = {"matmul": matmul, "softmax": softmax, "mxfp4": mxfp4_matmul}[kind]
    names = fn.arg_names
    if kind == "matmul":
        sig = {"a_ptr": "*bf16", "b_ptr": "*bf16", "c_ptr": "*fp32", "M": "i32", "N": "i32", "K": "i32",
               "stride_am": "i32", "stride_ak": "constexpr", "stride_bk": "i32", "stride_bn": "constexpr",
               "stride_cm": "i32", "stride_cn": "constexpr", "BM": "constexpr", "BN": "constexpr",
               "BK": "constexpr", "GROUP_M": "constexpr"}
        consts = {"stride_ak": 1, "stride_bn": 1, "stride_cn": 1, "BM": spec["BM"], "BN": spec["BN"],
                  "BK": spec["BK"], "GROUP_M": 8}
        aligned = ["a_ptr", "b_ptr", "c_ptr", "M", "N", "K", "stride_am", "stride_bk", "stride_cm"]
    elif kind == "softmax":
        dt = {"f32": "*fp32", "bf16": "*bf16"}[spec["dtype"]]
        sig = {"out_ptr": dt, "in_ptr": dt, "in_stride": "i32", "out_stride": "i32", "n_rows": "i32",
               "n_cols": "i32", "BLOCK": "constexpr"}
        consts = {"BLOCK": spec["BLOCK"]}
        aligned = ["out_ptr", "in_ptr", "n_rows"] + (["in_stride", "out_stride", "n_cols"]
                                                     if spec["cols"] % 16 == 0 else [])
    else:
        sig = {"a_ptr": "*u8", "b_ptr": "*u8", "c_ptr": "*fp32", "a_scale": "*u8", "b_scale": "*u8", "M": "i32",
               "N": "i32", "K": "i32", "stride_am": "i32", "stride_bn": "i32", "stride_cm": "i32",
               "stride_sa": "i32", "stride_sb": "i32", "BM": "constexpr", "BN": "constexpr", "BK": "constexpr"}
        consts = {"BM": spec["BM"], "BN": spec["BN"], "BK": spec["BK"]}
        aligned = [n for n in sig if sig[n] != "constexpr"]
    attrs = {(names.index(n),): (PTR if sig[n].startswith("*") else DIV16) for n in aligned}
    return ASTSource(fn, signature=sig, constexprs=consts, attrs=attrs), fn.__name__


def main() -> int:
    specs = json.load(sys.stdin)
    out = {}
    with tempfile.TemporaryDirectory() as cache:
        os.environ["TRITON_CACHE_DIR"] = cache
        for spec in specs:
            src, name = _source(spec)
            options = {"num_warps": spec["warps"]}
            if "stages" in spec:
                options["num_stages"] = spec["stages"]
            try:
                k = triton.compile(src, target=GPUTarget("hip", spec["target"], 64), options=options)
            except Exception as e:  # a configuration Triton rejects is a row of its own
                out[spec["key"]] = {"error": f"{type(e).__name__}: {str(e).splitlines()[0][:200]}"}
                continue
            out[spec["key"]] = {"asm": k.asm["amdgcn"], "name": name, "shared": int(k.metadata.shared)}
    json.dump({"triton": triton.__version__, "kernels": out}, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
