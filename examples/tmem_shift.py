"""The TLX tensor-core reference's tmem_shift example as a kernel, for sm_100a (Blackwell):

    python examples/tmem_shift.py

A 128 x 16 f32 tile goes into tensor memory (tcgen05.st), is shifted down
one row within each 32-row group (one tcgen05.shift per 32-byte column
segment: two here), the shift is committed to a barrier and waited on,
and the tile comes back (tcgen05.ld). Reading the buffer before the
commit and the wait is a compile-time error (T10). Tensor memory exists
on sm_100a only: the H200 cannot run this kernel, so the tests check its
PTX through ptxas (test/python/test_tmem.py)."""

from tlxamd import compiler
from tlxamd import language as tl


@tl.kernel(num_warps=4)
def tmem_shift_rows(x: tl.pointer(tl.float32), y: tl.pointer(tl.float32)):
    offs = tl.arange(0, 128)[:, None] * 16 + tl.arange(0, 16)[None, :]
    values = tl.load(x + offs)
    buffers = tl.local_alloc((128, 16), tl.float32, tl.constexpr(1), tl.storage_kind.tmem)
    buffer = tl.local_view(buffers, 0)
    barriers = tl.alloc_barriers(tl.constexpr(1))
    barrier = tl.local_view(barriers, 0)

    tl.local_store(buffer, values)
    tl.tmem_shift(buffer)
    tl.tcgen05_commit(barrier)
    tl.barrier_wait(barrier, tl.constexpr(0))
    shifted = tl.local_load(buffer)
    tl.store(y + offs, shifted)


if __name__ == "__main__":
    k = compiler.compile(tmem_shift_rows.build(target="sm_100a"), target="sm_100a")
    print(f"sm_100a: {k.asm.count('tcgen05.shift')} tcgen05.shift, resources {k.resources}")
