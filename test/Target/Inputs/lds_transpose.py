"""A 64 x 64 x 32 bf16 tl.dot whose operands are read from swizzled shared
tiles into MFMA operand layouts: A row-major (M x K, K contiguous), B
row-major (K x N, N contiguous: its contiguous dimension runs along the
lanes of the operand layout); on gfx1250 the WMMA operand layouts. Prints
the kernel's IR for `target`."""

import sys

from tlxamd import language as tl


def build(target):
    if target == "gfx1250":
        mfma, k_width = tl.amd_wmma_layout(3, [16, 16, 32], True, [2, 2]), 8
    else:
        version, instr = (4, [32, 32, 16]) if target == "gfx950" else (3, [32, 32, 8])
        k_width = 8 if target == "gfx950" else 4
        mfma = tl.amd_mfma_layout(version, instr, False, [2, 2])
    la, lb = tl.dot_operand_layout(0, mfma, k_width), tl.dot_operand_layout(1, mfma, k_width)
    swizzle = tl.swizzled_shared_layout(8, 1, 8, [1, 0])

    @tl.kernel(num_warps=4)
    def shared_dot(a: tl.pointer(tl.bfloat16), b: tl.pointer(tl.bfloat16), c: tl.pointer(tl.float32)):
        rm, rk, rn = tl.arange(0, 64), tl.arange(0, 32), tl.arange(0, 64)
        ta = tl.local_alloc([64, 32], tl.bfloat16, swizzle, value=tl.load(a + rm[:, None] * 32 + rk[None, :]))
        tb = tl.local_alloc([32, 64], tl.bfloat16, swizzle, value=tl.load(b + rk[:, None] * 64 + rn[None, :]))
        d = tl.dot(ta.load(la), tb.load(lb))
        tl.store(tl.convert_layout(c + rm[:, None] * 64 + rn[None, :], mfma), d)

    return shared_dot.build(target=target)


if __name__ == "__main__":
    print(build(sys.argv[1]))
