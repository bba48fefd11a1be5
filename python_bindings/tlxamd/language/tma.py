"""The tensor memory accelerator (NVIDIA sm_90 and later): tensor
descriptors, transaction-counting mbarriers and tile copies from global to
shared memory, with Gluon's names (`mbarrier.init / expect / arrive / wait`,
`tma.async_copy_global_to_shared`) and the flat ones
(`mbarrier_init`, `mbarrier_expect_tx`, `mbarrier_wait`,
`async_tma_copy_global_to_shared`).

A tensor descriptor is a kernel parameter annotated
`tensor_descriptor(dtype, block_shape, layout)`; the host builds the tensor
map it receives (`tlxamd.runtime.TensorDescriptor`, through
`cuTensorMapEncodeTiled`):

    @tl.kernel(num_warps=4)
    def k(desc: tl.tensor_descriptor(tl.float16, [64, 64], tl.nvmma_shared_layout(128, 16)),
          y: tl.pointer(tl.float16)):
        bar = tl.allocate_mbarrier()
        tl.mbarrier.init(bar, count=1)
        buf = tl.allocate_shared_memory(tl.float16, [64, 64], desc.layout)
        tl.mbarrier.expect(bar, desc.nbytes)
        tl.tma.async_copy_global_to_shared(desc, [0, 0], bar, buf)
        tl.mbarrier.wait(bar, 0)
        ...
"""

from __future__ import annotations

import types
from typing import Sequence

from .. import ir
from ..dialects import tlxamd as _ops
from ..layouts import NVMMASharedLayout, _private_context, swizzled_shared_layout
from .core import _cast, _located, _to_tensor, dtype, int1, int32, int64
from .descriptors import _check_desc, _shape, shared_memory_descriptor
from .shared import allocate_shared_memory

__all__ = [
    "tensor_descriptor",
    "tensor_descriptor_value",
    "allocate_mbarrier",
    "mbarrier_init",
    "mbarrier_expect_tx",
    "mbarrier_arrive",
    "mbarrier_wait",
    "async_tma_copy_global_to_shared",
    "async_tma_copy_shared_to_global",
    "async_tma_store_wait",
    "fence_async_shared",
    "mbarrier_invalidate",
    "MBarrierLayout",
    "mbarrier",
    "tma",
]


class block_type:
    """A descriptor's tile type (Triton's `block_type`): `element_ty` (also
    `dtype`), `shape`, `nbytes`."""

    def __init__(self, element_ty: dtype, shape: Sequence[int]):
        self.element_ty = self.dtype = element_ty
        self.shape = list(shape)  # a list, as Triton's ([2] + block_type.shape)
        n = element_ty.bits // 8
        for d in self.shape:
            n *= d
        self.nbytes = n

    def __eq__(self, other):
        return isinstance(other, block_type) and (self.element_ty, self.shape) == (other.element_ty, other.shape)

    def __hash__(self):
        return hash((self.element_ty.name, tuple(self.shape)))

    def __repr__(self):
        return f"<{list(self.shape)}, {self.element_ty.name}>"


class _DescriptorType(type):
    """`isinstance(x, tl.tensor_descriptor)` in a kernel is Triton's test for
    a descriptor value: true for a TMA descriptor parameter and for the
    descriptors of `make_tensor_descriptor` / host `TensorDescriptor`s."""

    def __instancecheck__(cls, obj):
        from .tensor_desc import tensor_descriptor_block

        return type.__instancecheck__(cls, obj) or isinstance(obj, (tensor_descriptor_value, tensor_descriptor_block))


class tensor_descriptor(metaclass=_DescriptorType):
    """The annotation of a tensor-descriptor kernel parameter: tiles of
    `block_shape` elements of `dtype`, written to shared memory in `layout`
    (an `nvmma_shared_layout`, the swizzle the copy engine applies)."""

    def __init__(self, dtype_: dtype, block_shape: Sequence[int], layout: NVMMASharedLayout,
                 with_shape: bool = False):
        # with_shape: the tensor's sizes follow the map as int32 arguments
        # (`desc.shape` in the kernel; Gluon's host descriptors pass them)
        self.with_shape = bool(with_shape)
        if not isinstance(dtype_, dtype) or dtype_.is_ptr or dtype_ is int1:
            raise TypeError(f"a tensor descriptor holds a scalar dtype of whole bytes, got {dtype_!r}")
        if not isinstance(layout, NVMMASharedLayout):
            raise TypeError(f"a tensor descriptor's layout is an nvmma_shared_layout, got {layout!r}")
        self.dtype = dtype_
        self.block_shape = _shape(block_shape, "block_shape")
        self.layout = layout
        from .. import _nocompiler

        if not _nocompiler.compiler_installed():  # a launch-only install checks nothing
            return
        if ir.Context.current is None:  # the dialect's checks, as a ValueError here
            with _private_context():
                self.to_ir()
        else:
            self.to_ir()

    def __repr__(self):
        return f"tensor_descriptor({self.dtype.name}, {list(self.block_shape)}, {self.layout})"

    def __eq__(self, other):
        return type(other) is tensor_descriptor and (self.dtype, self.block_shape, self.layout, self.with_shape) == (
            other.dtype, other.block_shape, other.layout, other.with_shape)

    def __hash__(self):
        return hash((self.dtype.name, self.block_shape, self.layout, self.with_shape))

    @property
    def nbytes(self) -> int:
        """Bytes of one tile."""
        return self.block_type.nbytes

    @property
    def block_type(self) -> block_type:
        return block_type(self.dtype, self.block_shape)

    def to_ir(self) -> ir.Type:
        text = (f"!tlxamd.tensor_desc<{'x'.join(map(str, self.block_shape))}x{self.dtype.to_ir()}, "
                f"{self.layout}>")
        try:
            return ir.Type.parse(text)
        except ir.MLIRError as e:
            msgs = "; ".join(d.message for d in e.error_diagnostics) or str(e)
            raise ValueError(f"invalid tensor descriptor {self!r}: {msgs}") from None


class tensor_descriptor_value:
    """A tensor-descriptor parameter inside a kernel: `block_shape`,
    `dtype`, `layout`, `nbytes` (one tile) and `block_type.nbytes`."""

    def __init__(self, handle: ir.Value, ty: tensor_descriptor, shape=None):
        self._shape = shape
        self.handle = handle
        self.type = ty
        self.dtype = ty.dtype
        self.block_shape = ty.block_shape
        self.layout = ty.layout
        self.nbytes = ty.nbytes
        self.block_type = ty.block_type

    def __repr__(self):
        return f"tensor_descriptor_value<{list(self.block_shape)}, {self.dtype.name}>"

    def load(self, offsets):
        """Triton's `desc.load([...])`: the tile at element `offsets` as a
        tensor, through the copy engine (a shared tile and an mbarrier of
        its own, waited for here)."""
        from .descriptors import local_load

        tile = allocate_shared_memory(self.dtype, self.block_shape, self.layout)
        bar = allocate_mbarrier()
        mbarrier_init(bar, 1)
        mbarrier_expect_tx(bar, self.nbytes)
        async_tma_copy_global_to_shared(self, offsets, bar, tile)
        mbarrier_wait(bar, 0)
        mbarrier_invalidate(bar)
        return local_load(tile)

    def store(self, offsets, value) -> None:
        """Triton's `desc.store([...], value)`: `value` (the block's shape
        and the descriptor's dtype) written to the tile at element
        `offsets` through a shared tile and a TMA store, waited for until
        the tile has been read."""
        from .descriptors import local_store

        v = _to_tensor(value)
        if v.dtype is not self.dtype or tuple(v.shape) != tuple(self.block_shape):
            raise TypeError(f"{self!r}.store takes a {self.dtype.name} tensor of shape {list(self.block_shape)}, "
                            f"got {v!r}")
        tile = allocate_shared_memory(self.dtype, self.block_shape, self.layout)
        local_store(tile, v)
        async_tma_copy_shared_to_global(self, offsets, tile)
        async_tma_store_wait(0)

    @property
    def shape(self):
        """The described tensor's sizes (int32 scalars passed at launch)."""
        if self._shape is None:
            raise AttributeError("this tensor descriptor parameter does not carry its tensor's shape (annotate it "
                                 "tensor_descriptor(..., with_shape=True), as Gluon's launches pass it)")
        return list(self._shape)


def _check_barrier(bar, what="barrier") -> shared_memory_descriptor:
    bar = _check_desc(bar, what)
    if bar.dtype is not int64 or bar.shape != (1,) or not bar.mutable:
        raise TypeError(f"{what} must be one mbarrier (allocate_mbarrier(), or .index(i) of a batch), got {bar!r}")
    return bar


def _count(value, name, low) -> ir.IntegerAttr:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value < (1 << 20):
        raise ValueError(f"{name} must be an int in [{low}, 2^20), got {value!r}")
    return ir.IntegerAttr.get(ir.IntegerType.get_signless(32), value)


def _pred(pred):
    """None for an always-true predicate, else the i1 handle."""
    if pred is True:
        return None
    if pred is False:
        raise ValueError("pred=False makes the operation a no-op; leave the call out instead")
    p = _cast(_to_tensor(pred, ty=int1), int1)
    if not p.is_scalar:
        raise TypeError(f"pred must be a scalar, got {pred!r}")
    return p.handle


def allocate_mbarrier(batch=None) -> shared_memory_descriptor:
    """Gluon's `mbarrier.allocate_mbarrier(batch=None)`: one mbarrier (an i64
    in shared memory), or `batch` of them (`.index(i)` selects one)."""
    shape = [1] if batch is None else [batch, 1]
    return allocate_shared_memory(int64, shape, swizzled_shared_layout(1, 1, 1, [0]))


def mbarrier_init(mbarrier, count: int) -> None:
    """Initialize `mbarrier` for `count` arrivals per phase (phase 0 first)."""
    bar = _check_barrier(mbarrier, "mbarrier")
    _ops.mbarrier_init(bar.handle, _count(count, "count", 1))


def mbarrier_expect_tx(mbarrier, bytes, pred=True) -> None:  # noqa: A002 (Gluon's name)
    """Gluon's `mbarrier.expect`: one thread announces `bytes` of copies on
    `mbarrier` and arrives once."""
    bar = _check_barrier(mbarrier, "mbarrier")
    _ops.mbarrier_expect_tx(bar.handle, _count(bytes, "bytes", 0), pred=_pred(pred))


def mbarrier_arrive(mbarrier, count: int = 1, pred=True, remote_cta_rank=None) -> None:
    """One thread of the program arrives `count` times on `mbarrier`, or
    on the same barrier of CTA `remote_cta_rank` of the kernel's cluster."""
    bar = _check_barrier(mbarrier, "mbarrier")
    rank = None
    if remote_cta_rank is not None:
        r = _to_tensor(remote_cta_rank)
        if not r.is_scalar or r.dtype is not int32:
            raise TypeError(f"remote_cta_rank must be an int or a scalar int32, got {remote_cta_rank!r}")
        rank = r.handle
    _ops.mbarrier_arrive(bar.handle, _count(count, "count", 1), pred=_pred(pred), remote_cta_rank=rank)


def mbarrier_wait(mbarrier, phase, pred=True, deps=None) -> None:
    """Wait until the phase of parity `phase` (0 first) of `mbarrier` has
    completed. `deps` (Gluon's: the shared tiles the wait makes readable)
    are checked to be shared tiles; the wait orders every access after it."""
    for d in deps or ():
        _check_desc(d, "deps[i]")
    bar = _check_barrier(mbarrier, "mbarrier")
    ph = _cast(_to_tensor(phase, ty=int32), int32)
    if not ph.is_scalar:
        raise TypeError(f"phase must be a scalar, got {phase!r}")
    _ops.mbarrier_wait(bar.handle, ph.handle, pred=_pred(pred))


def async_tma_copy_global_to_shared(tensor_desc, coord, barrier, result, pred=True) -> None:
    """Gluon's `tma.async_copy_global_to_shared(tensor_desc, coord, barrier,
    result, pred=True)` (`tma.async_load`): copy the tile at element
    coordinates `coord` of `tensor_desc` into `result` (a shared tile of its
    shape, dtype and layout); `barrier` receives the tile's bytes."""
    coords = _tma_coords(tensor_desc, coord)
    result = _tma_tile(tensor_desc, result, "result")
    bar = _check_barrier(barrier)
    _ops.async_tma_copy_global_to_shared(tensor_desc.handle, coords, result.handle, bar.handle, pred=_pred(pred))


def _tma_coords(tensor_desc, coord):
    if not isinstance(tensor_desc, tensor_descriptor_value):
        raise TypeError(f"tensor_desc must be a tensor_descriptor kernel parameter, got {tensor_desc!r}")
    if not isinstance(coord, (list, tuple)) or len(coord) != len(tensor_desc.block_shape):
        raise ValueError(f"coord must hold {len(tensor_desc.block_shape)} coordinates, got {coord!r}")
    coords = []
    for c in coord:
        t = _cast(_to_tensor(c, ty=int32), int32)
        if not t.is_scalar:
            raise TypeError(f"coordinates must be scalars, got {c!r}")
        coords.append(t.handle)
    return coords


def _tma_tile(tensor_desc, tile, what):
    tile = _check_desc(tile, what)
    if tile.shape != tensor_desc.block_shape or tile.dtype != tensor_desc.dtype or tile.layout != tensor_desc.layout:
        raise ValueError(f"{what} {tile!r} must be a tile of the descriptor's block shape "
                         f"{list(tensor_desc.block_shape)}, dtype {tensor_desc.dtype.name} and layout "
                         f"{tensor_desc.layout}")
    return tile


def async_tma_copy_shared_to_global(tensor_desc, coord, src, pred=True) -> None:
    """Gluon's `tma.async_copy_shared_to_global(tensor_desc, coord, src)`
    (`tma.async_store`): the copy engine writes the shared tile `src` (the
    descriptor's block shape, dtype and layout) to the descriptor's tile at
    element coordinates `coord`; elements outside the tensor are not
    written. Asynchronous: `async_tma_store_wait` before `src` is written
    again."""
    coords = _tma_coords(tensor_desc, coord)
    src = _tma_tile(tensor_desc, src, "src")
    _ops.async_tma_copy_shared_to_global(tensor_desc.handle, coords, src.handle, pred=_pred(pred))


def async_tma_store_wait(pendings, read_only=True) -> None:
    """Gluon's `tma.store_wait(pendings, read_only=True)`: wait until at
    most `pendings` TMA stores are in flight; with `read_only` until their
    shared tiles have been read (the tiles may be reused), else until their
    global writes are complete."""
    pendings = getattr(pendings, "value", pendings)
    if isinstance(pendings, bool) or not isinstance(pendings, int) or not 0 <= pendings < 64:
        raise ValueError(f"pendings must be an int in [0, 63], got {pendings!r}")
    read_only = getattr(read_only, "value", read_only)
    if not isinstance(read_only, bool):
        raise TypeError(f"read_only must be a bool, got {read_only!r}")
    _ops.async_tma_store_wait(ir.IntegerAttr.get(ir.IntegerType.get_signless(32), pendings), read=read_only)


def fence_async_shared(cluster=False) -> None:
    """Order this thread's earlier shared-memory loads and stores before
    later accesses of the async proxy (TMA copies, wgmma / tcgen05 operand
    reads): `fence.proxy.async.shared::cta` (`::cluster` with `cluster`)."""
    cluster = getattr(cluster, "value", cluster)
    if not isinstance(cluster, bool):
        raise TypeError(f"cluster must be a bool, got {cluster!r}")
    _ops.fence_async_shared(cluster=cluster)


def mbarrier_invalidate(mbarrier) -> None:
    """Gluon's `mbarrier.invalidate`: end the barrier's use (after the
    program's waits on it) so that its word can be reused."""
    bar = _check_barrier(mbarrier, "mbarrier")
    _ops.mbarrier_invalidate(bar.handle)


def MBarrierLayout(cga_layout=None):  # noqa: N802 (Gluon's name)
    """Gluon's `mbarrier.MBarrierLayout()`: the shared layout of mbarrier
    words (`allocate_shared_memory(int64, [1] or [n, 1], MBarrierLayout())`)."""
    if cga_layout:
        raise NotImplementedError("MBarrierLayout(cga_layout=...) is not supported")
    return swizzled_shared_layout(1, 1, 1, [0])


for _name in ("allocate_mbarrier", "mbarrier_init", "mbarrier_expect_tx", "mbarrier_arrive", "mbarrier_wait",
              "async_tma_copy_global_to_shared", "async_tma_copy_shared_to_global", "async_tma_store_wait",
              "fence_async_shared", "mbarrier_invalidate"):
    globals()[_name] = _located(globals()[_name])

# Gluon's namespaces (gluon.language.nvidia.hopper.mbarrier / .tma).
mbarrier = types.SimpleNamespace(allocate_mbarrier=allocate_mbarrier, init=mbarrier_init, expect=mbarrier_expect_tx,
                                 arrive=mbarrier_arrive, wait=mbarrier_wait, invalidate=mbarrier_invalidate,
                                 MBarrierLayout=MBarrierLayout)
tma = types.SimpleNamespace(async_copy_global_to_shared=async_tma_copy_global_to_shared,
                            async_load=async_tma_copy_global_to_shared,
                            async_copy_shared_to_global=async_tma_copy_shared_to_global,
                            async_store=async_tma_copy_shared_to_global, store_wait=async_tma_store_wait)
