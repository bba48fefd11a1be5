"""tl.dot_scaled on Hopper (no scaled MMA: operands decoded by value, then
the bf16 MMA): examples/dot_scaled.py's `mx_matmul`, the same kernel text
compiled by tlxamd (here, ahead of time) and by the installed Triton
(`tl.dot_scaled`), checked against a torch reference that decodes the MX
values and scales by value, and timed side by side in one process.

    python bench/gpu/dot_scaled_h200.py build DIR     # CPU machine: cubins
    python bench/gpu/dot_scaled_h200.py run DIR       # GPU machine
"""

import json
import os
import sys

CONFIGS = [  # (A format, B format, BM, BN, BK)
    ("e2m1", "e4m3", 64, 64, 64),
    ("e4m3", "e4m3", 64, 64, 64),
    ("e2m1", "e2m1", 64, 64, 64),
    ("e4m3", "e4m3", 128, 128, 64),
]
SHAPES = [(1024, 1024, 1024), (4096, 4096, 4096)]
# examples/dot_scaled.py's mx_matmul_ragged (masked rows, columns, K tail):
# MXFP8 x MXFP8 and MXFP4 x MXFP8 at sizes off the tile (K a multiple of 32)
RAGGED = [("e4m3", "e4m3", 64, 64, 64), ("e2m1", "e4m3", 64, 64, 64)]
RAGGED_SHAPES = [(1000, 777, 1056), (4000, 4001, 4064)]


try:
    import triton
    import triton.language as ttl

    @triton.jit
    def triton_mx(a, a_scale, b, b_scale, c, M, N, K, BM: ttl.constexpr, BN: ttl.constexpr,
                  BK: ttl.constexpr, A_FORMAT: ttl.constexpr, B_FORMAT: ttl.constexpr,
                  A_PACK: ttl.constexpr, B_PACK: ttl.constexpr):
        rm = ttl.program_id(0) * BM + ttl.arange(0, BM)
        rn = ttl.program_id(1) * BN + ttl.arange(0, BN)
        ra = ttl.arange(0, BK // A_PACK)
        rb = ttl.arange(0, BK // B_PACK)
        rs = ttl.arange(0, BK // 32)
        acc = ttl.zeros([BM, BN], ttl.float32)
        for k in ttl.range(0, K, BK):
            x = ttl.load(a + rm[:, None] * (K // A_PACK) + (k // A_PACK + ra)[None, :])
            y = ttl.load(b + (k // B_PACK + rb)[:, None] * N + rn[None, :])
            xs = ttl.load(a_scale + rm[:, None] * (K // 32) + (k // 32 + rs)[None, :])
            ys = ttl.load(b_scale + rn[:, None] * (K // 32) + (k // 32 + rs)[None, :])
            acc = ttl.dot_scaled(x, xs, A_FORMAT, y, ys, B_FORMAT, acc)
        ttl.store(c + rm[:, None] * N + rn[None, :], acc)
    @triton.jit
    def triton_mx_ragged(a, a_scale, b, b_scale, c, M, N, K, BM: ttl.constexpr, BN: ttl.constexpr,
                         BK: ttl.constexpr, A_FORMAT: ttl.constexpr, B_FORMAT: ttl.constexpr,
                         A_PACK: ttl.constexpr, B_PACK: ttl.constexpr):
        rm = ttl.program_id(0) * BM + ttl.arange(0, BM)
        rn = ttl.program_id(1) * BN + ttl.arange(0, BN)
        ra = ttl.arange(0, BK // A_PACK)
        rb = ttl.arange(0, BK // B_PACK)
        rs = ttl.arange(0, BK // 32)
        acc = ttl.zeros([BM, BN], ttl.float32)
        for k in ttl.range(0, K, BK):
            ka = k // A_PACK + ra
            kb = k // B_PACK + rb
            ks = k // 32 + rs
            x = ttl.load(a + rm[:, None] * (K // A_PACK) + ka[None, :],
                         mask=(rm[:, None] < M) & (ka[None, :] < K // A_PACK), other=0.0)
            y = ttl.load(b + kb[:, None] * N + rn[None, :], mask=(kb[:, None] < K // B_PACK) & (rn[None, :] < N),
                         other=0.0)
            xs = ttl.load(a_scale + rm[:, None] * (K // 32) + ks[None, :],
                          mask=(rm[:, None] < M) & (ks[None, :] < K // 32), other=127)
            ys = ttl.load(b_scale + rn[:, None] * (K // 32) + ks[None, :],
                          mask=(rn[:, None] < N) & (ks[None, :] < K // 32), other=127)
            acc = ttl.dot_scaled(x, xs, A_FORMAT, y, ys, B_FORMAT, acc)
        ttl.store(c + rm[:, None] * N + rn[None, :], acc, mask=(rm[:, None] < M) & (rn[None, :] < N))
except ImportError:
    triton_mx = triton_mx_ragged = None  # the CPU machine builds without Triton


def _name(fa, fb, bm, bn, bk):
    return f"mx_{fa}_{fb}_{bm}x{bn}x{bk}"


def _consts(fa, fb, bm, bn, bk):
    return dict(BM=bm, BN=bn, BK=bk, A_FORMAT=fa, B_FORMAT=fb, A_PACK=2 if fa == "e2m1" else 1,
                B_PACK=2 if fb == "e2m1" else 1)


def build(out):
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples"))
    from dot_scaled import mx_matmul, mx_matmul_ragged

    from tlxamd import compiler
    os.makedirs(out, exist_ok=True)
    for kernel, configs, prefix in ((mx_matmul, CONFIGS, ""), (mx_matmul_ragged, RAGGED, "ragged_")):
        for cfg in configs:
            k = compiler.compile(kernel.build(target="sm_90a", **_consts(*cfg)), target="sm_90a")
            k.save(out, prefix + _name(*cfg))
            print(prefix + _name(*cfg), k.resources)


def run(out):
    import torch
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from run_gpu import bench

    from tlxamd import runtime

    fp4 = torch.tensor([0, .5, 1, 1.5, 2, 3, 4, 6, -0., -.5, -1, -1.5, -2, -3, -4, -6], device="cuda")

    def operand(fmt, rows, cols, pack_axis):
        """(int8 storage, f32 values) of random codes; fp4 packed two per
        byte along `pack_axis`, the first value in the low nibble."""
        if fmt == "e2m1":
            codes = torch.randint(0, 16, (rows, cols), device="cuda")
            vals = fp4[codes]
            lo, hi = (codes[0::2], codes[1::2]) if pack_axis == 0 else (codes[:, 0::2], codes[:, 1::2])
            return (lo | hi << 4).to(torch.uint8).view(torch.int8), vals
        codes = torch.randint(0, 256, (rows, cols), device="cuda", dtype=torch.int32)
        codes = torch.where(codes & 0x7F == 0x7F, codes & 0x70, codes).to(torch.uint8)  # no NaN
        return codes.view(torch.int8), codes.view(torch.float8_e4m3fn).float()

    results = []
    print(f"{'kernel':31} {'M x N x K':>16} {'ok':>3} {'err/mag':>9} {'ours':>8} {'triton':>8} {'ratio':>6}"
          f" {'t.ok':>4} {'bf16 mm':>8}")
    runs = [(cfg, SHAPES, "", "mx_matmul", triton_mx) for cfg in CONFIGS] + \
        [(cfg, RAGGED_SHAPES, "ragged_", "mx_matmul_ragged", triton_mx_ragged) for cfg in RAGGED]
    for cfg, shapes, prefix, entry, peer in runs:
        fa, fb, bm, bn, bk = cfg
        name = prefix + _name(*cfg)
        kern = runtime.load(os.path.join(out, name + ".cubin"))[entry]
        meta = json.load(open(os.path.join(out, name + ".json")))
        for m, n, kk in shapes:
            torch.manual_seed(0)
            a, av = operand(fa, m, kk, 1)
            b, bv = operand(fb, kk, n, 0)
            ea = torch.randint(121, 134, (m, kk // 32), device="cuda")
            eb = torch.randint(121, 134, (n, kk // 32), device="cuda")
            x = av * torch.exp2(ea - 127.0).repeat_interleave(32, 1)
            y = bv * torch.exp2(eb - 127.0).repeat_interleave(32, 1).t()
            ref = (x.double() @ y.double())
            mag = x.abs().double() @ y.abs().double()
            sa, sb = ea.to(torch.uint8).view(torch.int8), eb.to(torch.uint8).view(torch.int8)
            c = torch.full((m, n), float("nan"), device="cuda")
            grid = (-(-m // bm), -(-n // bn))

            def ours():
                kern[grid](a, sa, b, sb, c, m, n, kk)

            ours()
            torch.cuda.synchronize()
            # operands rounded to bf16 are exact (fp4 / fp8 values times a
            # power of two); products are exact in f32, sums rounded in f32
            err = ((c.double() - ref).abs() / (mag + 1e-30)).max().item()
            tol = 8 * kk ** 0.5 * 2.0 ** -24
            ok = bool(torch.isfinite(c).all()) and err < tol
            flops = 2 * m * n * kk
            t_ours = bench(ours)
            # torch's bf16 matmul of the operands upcast beforehand (exact in
            # bf16): what a model without MX kernels runs
            xb, yb = x.bfloat16(), y.bfloat16()
            rate_mm = flops / bench(lambda: torch.matmul(xb, yb)) / 1e12
            rate_t, t_ok = None, None
            if peer is not None:
                ct = torch.full((m, n), float("nan"), device="cuda")

                # Triton takes fp4 as uint8, fp8 as its torch dtype, scales
                # as uint8 (the same bytes)
                def typed(x, fmt):
                    return x.view(torch.uint8) if fmt == "e2m1" else x.view(torch.float8_e4m3fn)
                ta, tb = typed(a, fa), typed(b, fb)
                tsa, tsb = sa.view(torch.uint8), sb.view(torch.uint8)

                def theirs():
                    peer[grid](ta, tsa, tb, tsb, ct, m, n, kk, num_warps=meta["kernels"][entry]["num_warps"],
                               **_consts(*cfg))
                try:
                    theirs()
                    torch.cuda.synchronize()
                    t_ok = ((ct.double() - ref).abs() / (mag + 1e-30)).max().item() < tol
                    rate_t = flops / bench(theirs) / 1e12
                except Exception as e:  # noqa: BLE001 - report and go on
                    print("triton failed:", type(e).__name__, str(e)[-600:])
            rate = flops / t_ours / 1e12
            ratio = rate / rate_t if rate_t else None
            print(f"{name:31} {f'{m}x{n}x{kk}':>16} {'yes' if ok else 'NO':>3} {err:9.2e} {rate:8.1f} "
                  f"{rate_t or 0:8.1f} {ratio or 0:6.2f} {str(t_ok):>4} {rate_mm:8.1f}")
            results.append(dict(kernel=name, shape=[m, n, kk], ok=ok, err=err, tflops=rate, triton_tflops=rate_t,
                                triton_ok=t_ok, torch_bf16_tflops=rate_mm))
    if os.environ.get("OUT"):
        json.dump(results, open(os.path.join(os.environ["OUT"], "dot_scaled_h200.json"), "w"), indent=1)
    return all(r["ok"] for r in results)


if __name__ == "__main__":
    mode, out = sys.argv[1], sys.argv[2]
    if mode == "build":
        build(out)
    else:
        sys.exit(0 if run(out) else 1)
