"""A kernel written with tlxamd.language (arange, arithmetic, a mask, an
explicit layout), printed as the target's assembly for FileCheck."""

import sys

from tlxamd import compiler
from tlxamd import language as tl


@tl.kernel(num_warps=4)
def masked_scale(src: tl.pointer(tl.float32), dst: tl.pointer(tl.float32), n: tl.int32, BLOCK: tl.constexpr):
    layout = tl.blocked_layout([4], [tl.warp_size()], [tl.num_warps()], [0])
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK, layout=layout)
    mask = offs < n
    x = tl.buffer_load(src, offs, mask=mask, other=0.0, contiguity=4)
    y = tl.require_layout(x * 2.0 + 1.0, layout)
    tl.buffer_store(y, dst, offs, mask=mask, contiguity=4)


if __name__ == "__main__":
    target = sys.argv[1]
    print(compiler.compile(masked_scale.build(target=target, BLOCK=1024), target=target).asm)
