"""Blackwell tensor memory (TMEM) and tcgen05 in TLX's names (the TLX tensor-core reference,
NVIDIA sm_100a):

    buffers = tlx.local_alloc((128, 16), tl.float32, tl.constexpr(1), tlx.storage_kind.tmem)
    buffer = tlx.local_view(buffers, 0)
    barrier = tlx.local_view(tlx.alloc_barriers(tl.constexpr(1)), 0)
    tlx.local_store(buffer, values)      # tcgen05.st (32x32b)
    tlx.tmem_shift(buffer)               # tcgen05.shift, one per 32-byte column segment
    tlx.tcgen05_commit(barrier)          # tcgen05.commit: the barrier tracks the shift
    tlx.barrier_wait(barrier, tl.constexpr(0))
    shifted = tlx.local_load(buffer)     # tcgen05.ld (32x32b)

MX-scaled MMAs (tcgen05.mma ... block_scale) read A and B from swizzled
shared-memory tiles, accumulate into a tensor-memory tile and take their
E8M0 scales from tensor memory:

    acc = tlx.local_alloc((128, 128), tl.float32, 1, tlx.storage_kind.tmem)
    a_scale_tmem = tlx.local_alloc((128, 4), tl.uint8, 1, tlx.storage_kind.tmem)
    tlx.tmem_copy(a_scale_smem, a_scale_tmem[0])   # tcgen05.cp, asynchronous
    tlx.async_dot_scaled(a_smem, b_smem, acc[0], A_scale=a_scale_tmem[0], A_format="e4m3",
                         B_scale=b_scale_tmem[0], B_format="e4m3", use_acc=False, mBarriers=[bar])

A uint8 tensor-memory allocation starts with a placeholder layout that
`tlxamd-resolve-tmem-layouts` resolves to the scales layout when
async_dot_scaled reads it (T5, T7, T8). `two_ctas=True` runs the MMA across
the two CTAs of a cluster of 2 (`tl.kernel(num_ctas=2)`): each CTA holds its
128 rows of A and of the accumulator and half of B's columns, and all of
B's scales (T1).

Tiles are 128 rows (one per TMEM lane) by block_n 32-bit columns in the
standard layout (`#tlxamd.tmem`); the registers `local_load` returns are
the 32x32b instruction's (rows over lanes and warps, columns over
registers), so kernels run 4 or 8 warps. Reading a shifted buffer before
its commit and wait is a compile-time error (T10)."""

from __future__ import annotations

from ..dialects import tlxamd as _ops
from .core import _tensor_type, _to_tensor, dtype, float32, int1, int8, int32, tensor, uint8
from .descriptors import _check_desc, _memdesc_type, _shape, shared_memory_descriptor
from .tma import _check_barrier

__all__ = ["async_dot", "async_dot_scaled", "async_dot_wait", "storage_kind", "tcgen05_commit", "tensor_memory_layout",
           "tensor_memory_scales_layout", "tmem_copy", "tmem_shift"]


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


class tensor_memory_scales_layout:
    """The tensor-memory layout of MX scales (`#tlxamd.tmem_scales`); with
    `placeholder`, the layout a uint8 allocation starts with until
    `tlxamd-resolve-tmem-layouts` resolves it (`#tlxamd.tmem_placeholder`)."""

    memory_space = "#tlxamd.tensor_memory"
    rank = 2

    def __init__(self, placeholder: bool = False):
        self.placeholder = placeholder

    def __str__(self):
        return "#tlxamd.tmem_placeholder" if self.placeholder else "#tlxamd.tmem_scales"

    __repr__ = __str__


def _tmem_alloc(shape, element_ty: dtype, num) -> shared_memory_descriptor:
    shape = _shape(shape)
    if isinstance(num, bool) or not isinstance(num, int) or num < 1:
        raise ValueError(f"num must be a positive int, got {num!r}")
    if element_ty in (uint8, int8):
        # MX scales: the placeholder layout until the scaled MMA reads it.
        if len(shape) != 2:
            raise ValueError(f"a tensor-memory scale buffer is a matrix (rows, K / 32), got {list(shape)}")
        layout = tensor_memory_scales_layout(placeholder=True)
        full = (num,) + shape
        h = _ops.tmem_alloc(_memdesc_type(full, element_ty, layout, True))
        return shared_memory_descriptor(h, element_ty, layout, full, full, True)
    if len(shape) != 2 or shape[0] != 128:
        raise ValueError(f"a tensor-memory tile is 128 rows (one per TMEM lane) by N columns, got {list(shape)}")
    if element_ty not in (float32, int32):
        raise TypeError("tensor memory holds 32-bit elements (float32, int32) or uint8 MX scales here, "
                        f"got {element_ty.name}")
    layout = tensor_memory_layout(shape[0], shape[1])
    full = (num,) + shape
    h = _ops.tmem_alloc(_memdesc_type(full, element_ty, layout, True))
    return shared_memory_descriptor(h, element_ty, layout, full, full, True)


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
    operations (its phase completes once they are done). With
    `two_ctas=True` the lead CTA of the pair commits its two-CTA MMAs to
    the barrier at this offset in both CTAs."""
    _ops.tcgen05_commit(_check_barrier(barrier, "barrier").handle, two_ctas=bool(_const(two_ctas, "two_ctas")))


def tmem_copy(src, dst) -> None:
    """Copy MX scales from shared memory into a tensor-memory scale buffer
    (tcgen05.cp, asynchronous; sm_100a). `src` holds the scales in the
    standard scale-factor order: 512-byte blocks of 128 rows x 4 scales, as
    [rows / 128, K / 128, 32, 16] (a 4-D TMA tile) or
    [rows / 128, K / 128 * 512]."""
    src = _check_desc(src, "src")
    if src.in_tensor_memory:
        raise TypeError(f"src must be a shared-memory buffer, got {src!r}")
    _ops.tmem_copy(src.handle, _check_tmem(dst, "dst").handle)


def _const(value, what: str):
    value = getattr(value, "value", value)  # tl.constexpr
    if not isinstance(value, (bool, int)):
        raise TypeError(f"{what} must be a compile-time bool, got {value!r}")
    return value


def _use_acc(use_acc):
    """use_acc as an i1: None accumulates into the buffer's contents."""
    if use_acc is None:
        use_acc = True
    if isinstance(use_acc, tensor):
        if use_acc.dtype is not int1 or not use_acc.is_scalar:
            raise TypeError(f"use_acc must be a bool or a scalar int1, got {use_acc!r}")
        return use_acc.handle
    return _to_tensor(bool(_const(use_acc, "use_acc")), ty=int1).handle


def _barriers(mBarriers):
    if mBarriers is None:
        return []
    if not isinstance(mBarriers, (list, tuple)):
        raise TypeError(f"mBarriers must be a list of barriers, got {mBarriers!r}")
    return [_check_barrier(b, "mBarriers[i]").handle for b in mBarriers]


def _shared_operand(x, what: str) -> shared_memory_descriptor:
    x = _check_desc(x, what)
    if x.in_tensor_memory:
        raise TypeError(f"{what} must be a shared-memory tile, got {x!r}")
    return x


def async_dot(a, b, acc=None, use_acc=None, two_ctas: bool = False, mBarriers=None):
    """`a @ b (+ acc)` on the asynchronous tensor cores, as TLX dispatches it
    on the accumulator:

    - `acc` a tensor-memory buffer (Blackwell): a tcgen05.mma (kind::f16)
      of shared-memory tiles `a` [M, K] and `b` [K, N] (f16 or bf16,
      nvmma_shared) into the f32 buffer, issued by one thread; each barrier
      of `mBarriers` gets a tcgen05.commit (else call `tcgen05_commit`).
      Returns None.
    - `acc` None or an f32 tensor (Hopper): a warpgroup MMA (wgmma) per
      warpgroup of the kernel, `a` a shared tile or an f16 / bf16 tensor
      (registers, as attention's P @ V); returns the accumulator, in flight until
      `async_dot_wait` (T13). `use_acc=False` ignores `acc`."""
    if isinstance(acc, shared_memory_descriptor) and acc.in_tensor_memory:
        _ops.async_dot(_shared_operand(a, "a").handle, _shared_operand(b, "b").handle, acc.handle,
                       _use_acc(use_acc), _barriers(mBarriers), two_ctas=bool(_const(two_ctas, "two_ctas")))
        return None
    if _const(two_ctas, "two_ctas") or mBarriers:
        raise ValueError("two_ctas and mBarriers are tcgen05's: pass a tensor-memory accumulator "
                         "(local_alloc(..., storage=tlx.storage_kind.tmem))")
    if isinstance(a, tensor):  # A in registers (f16 / bf16, as the tile b)
        b = _shared_operand(b, "b")
        if a.dtype is not b.dtype or a.dtype.name not in ("float16", "bfloat16") or len(a.shape) != 2 or \
                a.shape[1] != b.shape[0]:
            raise TypeError(f"a register a must be a 2-d float16 / bfloat16 tensor of b's type whose columns are "
                            f"b's rows ({list(b.shape)}, {b.dtype}), got {a!r}")
    else:
        a, b = _shared_operand(a, "a"), _shared_operand(b, "b")
    shape = (a.shape[0], b.shape[-1])
    c = None
    if acc is not None and (use_acc is None or _const(use_acc, "use_acc")):
        if not isinstance(acc, tensor) or acc.dtype is not float32 or tuple(acc.shape) != shape:
            raise TypeError(f"acc must be a float32 tensor of shape {list(shape)} (or a tensor-memory buffer), "
                            f"got {acc!r}")
        c = acc.handle
    result = acc.handle.type if c is not None else _tensor_type(shape, float32, None)
    return tensor(_ops.warpgroup_dot(result, a.handle, b.handle, c=c))


def async_dot_wait(pendings, inp):
    """Wait until at most `pendings` groups of `async_dot` (Hopper's
    warpgroup MMAs) are in flight; returns `inp`, readable once the dots
    that produce it have completed (T13)."""
    pendings = _const(pendings, "pendings")
    if isinstance(pendings, bool) or pendings < 0:
        raise ValueError(f"pendings must be a non-negative int, got {pendings!r}")
    if not isinstance(inp, tensor) or inp.dtype is not float32:
        raise TypeError(f"inp must be the float32 accumulator of async_dot, got {inp!r}")
    return tensor(_ops.warpgroup_dot_wait(inp.handle, pendings))


def async_dot_scaled(a, b, acc, A_scale, A_format: str, B_scale, B_format: str, use_acc=None,
                     two_ctas: bool = False, mBarriers=None) -> None:
    """`acc = (a * 2^A_scale) @ (b * 2^B_scale) (+ acc)`: tcgen05.mma
    kind::mxf8f6f4 with block scaling. `a` [M, K] and `b` [K, N] are
    shared-memory tiles in the formats `A_format` / `B_format` (e4m3, e5m2,
    e2m3, e3m2, e2m1); the scales (E8M0 bytes, [M, K / 32] and
    [N, K / 32]) are tensor-memory buffers or shared-memory blocks in the
    order `tmem_copy` takes (copied into tensor memory before the MMA).
    `two_ctas=True`: across the CTA pair of the cluster (T1)."""
    for name, f in (("A_format", A_format), ("B_format", B_format)):
        if not isinstance(f, str):
            raise TypeError(f"{name} must be a format name such as 'e4m3', got {f!r}")
    scales = []
    for name, s in (("A_scale", A_scale), ("B_scale", B_scale)):
        scales.append(_check_desc(s, name).handle)
    _ops.async_dot_scaled(_shared_operand(a, "a").handle, _shared_operand(b, "b").handle,
                          _check_tmem(acc, "acc").handle, scales[0], scales[1], _use_acc(use_acc),
                          _barriers(mBarriers), A_format, B_format, two_ctas=bool(_const(two_ctas, "two_ctas")))
