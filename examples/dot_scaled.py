"""A Triton-style microscaled (OCP MX) matrix multiply with tl.dot_scaled
(layouts inferred, a runtime K loop) for gfx950:

    python examples/dot_scaled.py

`a` is M x K values of `A_FORMAT` stored row-major as int8 (fp4: two per
byte along K, the first in the low nibble), `b` K x N values of
`B_FORMAT` (fp4 packed along K the same way: row kk of `b` holds K rows
2 kk and 2 kk + 1), the scales one E8M0 exponent per 32 K values:
`a_scale` M x K / 32, `b_scale` N x K / 32. On gfx950 each 32 x 32 x 64
(or 16 x 16 x 128) tile step is one v_mfma_scale_f32_*_f8f6f4 taking both
operands' formats and scales; test/python/test_dot_scaled.py runs it in
the AMD emulator against a numpy MX reference."""

from tlxamd import compiler
from tlxamd import language as tl


@tl.kernel(num_warps=4)
def mx_matmul(a: tl.pointer(tl.int8), a_scale: tl.pointer(tl.int8), b: tl.pointer(tl.int8),
              b_scale: tl.pointer(tl.int8), c: tl.pointer(tl.float32), M: tl.divisible_int(tl.int32),
              N: tl.divisible_int(tl.int32),
              K: tl.divisible_int(tl.int32), BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr,
              A_FORMAT: tl.constexpr, B_FORMAT: tl.constexpr, A_PACK: tl.constexpr,
              B_PACK: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    ra = tl.arange(0, BK // A_PACK)
    rb = tl.arange(0, BK // B_PACK)
    rs = tl.arange(0, BK // 32)
    acc = tl.zeros([BM, BN], tl.float32)
    for k in tl.range(0, K, BK):
        x = tl.load(a + rm[:, None] * (K // A_PACK) + (k // A_PACK + ra)[None, :])
        y = tl.load(b + (k // B_PACK + rb)[:, None] * N + rn[None, :])
        xs = tl.load(a_scale + rm[:, None] * (K // 32) + (k // 32 + rs)[None, :])
        ys = tl.load(b_scale + rn[:, None] * (K // 32) + (k // 32 + rs)[None, :])
        acc = tl.dot_scaled(x, xs, A_FORMAT, y, ys, B_FORMAT, acc)
    tl.store(c + rm[:, None] * N + rn[None, :], acc)


@tl.kernel(num_warps=4)
def mx_matmul_ragged(a: tl.pointer(tl.int8), a_scale: tl.pointer(tl.int8), b: tl.pointer(tl.int8),
                     b_scale: tl.pointer(tl.int8), c: tl.pointer(tl.float32), M: tl.int32, N: tl.int32,
                     K: tl.int32, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr,
                     A_FORMAT: tl.constexpr, B_FORMAT: tl.constexpr, A_PACK: tl.constexpr,
                     B_PACK: tl.constexpr):
    """`mx_matmul` at any M and N, K a multiple of 32 (one scale per 32):
    rows, columns and the last K step masked (codes 0, scales 127 = 1.0)."""
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    ra = tl.arange(0, BK // A_PACK)
    rb = tl.arange(0, BK // B_PACK)
    rs = tl.arange(0, BK // 32)
    acc = tl.zeros([BM, BN], tl.float32)
    for k in tl.range(0, K, BK):
        ka = k // A_PACK + ra
        kb = k // B_PACK + rb
        ks = k // 32 + rs
        x = tl.load(a + rm[:, None] * (K // A_PACK) + ka[None, :],
                    mask=(rm[:, None] < M) & (ka[None, :] < K // A_PACK), other=0)
        y = tl.load(b + kb[:, None] * N + rn[None, :], mask=(kb[:, None] < K // B_PACK) & (rn[None, :] < N),
                    other=0)
        xs = tl.load(a_scale + rm[:, None] * (K // 32) + ks[None, :],
                     mask=(rm[:, None] < M) & (ks[None, :] < K // 32), other=127)
        ys = tl.load(b_scale + rn[:, None] * (K // 32) + ks[None, :],
                     mask=(rn[:, None] < N) & (ks[None, :] < K // 32), other=127)
        acc = tl.dot_scaled(x, xs, A_FORMAT, y, ys, B_FORMAT, acc)
    tl.store(c + rm[:, None] * N + rn[None, :], acc, mask=(rm[:, None] < M) & (rn[None, :] < N))


if __name__ == "__main__":
    module = mx_matmul.build(target="gfx950", BM=64, BN=64, BK=128, A_FORMAT="e2m1", B_FORMAT="e4m3",
                             A_PACK=2, B_PACK=1)
    k = compiler.compile(module, target="gfx950")
    print(f"gfx950: {k.asm.count('v_mfma_scale_f32')} v_mfma_scale_f32 per K step, resources {k.resources}")
