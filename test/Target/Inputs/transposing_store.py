"""A 32 x 128 bf16 tile read row-major in blocks of 4 rows x 8 columns
per thread, stored into a column-major (K-contiguous) shared tile and read
back in the same layout: each thread's column runs of 4 are registers 0,
8, 16, 24 + c, not a register prefix. Prints the kernel's IR for
`target`."""

import sys

from tlxamd import language as tl


def build(target):
    lb = tl.blocked_layout([4, 8], [4, 16], [2, 2], [1, 0])
    col_major = tl.swizzled_shared_layout(8, 2, 4, [0, 1])

    @tl.kernel(num_warps=4)
    def transposing_store(src: tl.pointer(tl.bfloat16), dst: tl.pointer(tl.bfloat16)):
        rk = tl.arange(0, 32, layout=tl.slice_layout(1, lb))
        rn = tl.arange(0, 128, layout=tl.slice_layout(0, lb))
        offs = rk[:, None] * 128 + rn[None, :]
        tile = tl.local_alloc([32, 128], tl.bfloat16, col_major, value=tl.buffer_load(src, offs, contiguity=8))
        tl.buffer_store(tl.require_layout(tile.load(lb), lb), dst, offs, contiguity=8)

    return transposing_store.build(target=target)


if __name__ == "__main__":
    print(build(sys.argv[1]))
