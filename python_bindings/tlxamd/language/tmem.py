"""Blackwell tensor memory (TMEM) and tcgen05 in TLX's names (document 003,
NVIDIA sm_100a):

    buffers = tlx.local_alloc((128, 16), tl.float32, tl.constexpr(1), tlx.storage_kind.tmem)
    buffer = tlx.local_view(buffers, 0)
    barrier = tlx.local_view(tlx.alloc_barriers(tl.constexpr(1)), 0)
    tlx.local_store(buffer, values)      # tcgen05.st (32x32b)
    tlx.tmem_shift(buffer)               # tcgen05.shift, one per 32-byte column segment
    tlx.tcgen05_commit(barrier)          # tcgen05.commit: the barrier tracks the shift
    tlx.barrier_wait(barrier, tl.constexpr(0))
    shifted = tlx.local_load(buffer)     # tcgen05.ld (32x32b)

Tiles are 128 rows (one per TMEM lane) by block_n 32-bit columns in the
standard layout (`#tlxamd.tmem`); the registers `local_load` returns are
the 32x32b instruction's (rows over lanes and warps, columns over
registers), so kernels run 4 or 8 warps. Reading a shifted buffer before
its commit and wait is a compile-time error (T10)."""

from __future__ import annotations

from typing import Optional

from ..dialects import tlxamd as _ops
from .core import _tensor_type, dtype, float32, int32, tensor
from .shared import _check_desc, _memdesc_type, _shape, shared_memory_descriptor
from .tma import _check_barrier

__all__ = ["storage_kind", "tcgen05_commit", "tensor_memory_layout", "tmem_shift"]


class storage_kind:
    """Where `local_alloc` puts a buffer: shared memory or tensor memory."""

    smem = "smem"
    tmem = "tmem"


class tensor_memory_layout:
    """The standard tensor-memory layout of a block_m x block_n tile of
    32-bit elements (`#tlxamd.tmem`)."""

    memory_space = "#tlxamd.tensor_memory"
    rank = 2

    def __init__(self, block_m: int, block_n: int, unpacked: bool = True, cta_split: int = 1):
        self.block_m, self.block_n, self.unpacked, self.cta_split = block_m, block_n, unpacked, cta_split

    def __str__(self):
        return (f"#tlxamd.tmem<{{block_m = {self.block_m}, block_n = {self.block_n}, "
                f"unpacked = {'true' if self.unpacked else 'false'}, cta_split = {self.cta_split}}}>")

    __repr__ = __str__


def _tmem_alloc(shape, element_ty: dtype, num) -> shared_memory_descriptor:
    shape = _shape(shape)
    if isinstance(num, bool) or not isinstance(num, int) or num < 1:
        raise ValueError(f"num must be a positive int, got {num!r}")
    if len(shape) != 2 or shape[0] != 128:
        raise ValueError(f"a tensor-memory tile is 128 rows (one per TMEM lane) by N columns, got {list(shape)}")
    if element_ty not in (float32, int32):
        raise TypeError(f"tensor memory holds 32-bit elements (float32, int32) here, got {element_ty.name}")
    layout = tensor_memory_layout(shape[0], shape[1])
    full = (num,) + shape
    h = _ops.tmem_alloc(_memdesc_type(full, element_ty, layout, True))
    return shared_memory_descriptor(h, element_ty, layout, full, full, True)


def _tmem_load(src: shared_memory_descriptor, layout: Optional[object]) -> tensor:
    return tensor(_ops.tmem_load(_tensor_type(src.shape, src.dtype, layout), src.handle))


def _check_tmem(buffer, what: str) -> shared_memory_descriptor:
    buffer = _check_desc(buffer, what)
    if not buffer.in_tensor_memory:
        raise TypeError(f"{what} must be a tensor-memory buffer (local_alloc(..., storage=tlx.storage_kind.tmem)), "
                        f"got {buffer!r}")
    return buffer


def tmem_shift(buffer) -> None:
    """Shift the rows of a tensor-memory buffer down by one in place:
    within each 32-row group row r receives row r + 1 (r < 31), row 31
    keeps its contents. Asynchronous: `tcgen05_commit` a barrier and wait
    on it before reading the buffer."""
    _ops.tmem_shift(_check_tmem(buffer, "buffer").handle)


def tcgen05_commit(barrier, two_ctas: bool = False) -> None:
    """Make `barrier` track the program's earlier asynchronous tcgen05
    operations (its phase completes once they are done)."""
    if two_ctas:
        raise NotImplementedError("tcgen05_commit(two_ctas=True) needs the two-CTA MMA, which tlxamd does not "
                                  "lower yet")
    _ops.tcgen05_commit(_check_barrier(barrier, "barrier").handle)
