"""TLX's `local_alloc`: buffers in shared memory or, with
`storage=tlx.storage_kind.tmem`, in Blackwell's tensor memory. It imports
both families (shared.py and tmem.py), which import neither it nor each
other."""

from __future__ import annotations

from typing import Sequence

from ..layouts import NVMMASharedLayout, swizzled_shared_layout
from .core import _builder, _located, dtype
from .descriptors import _shape, shared_memory_descriptor
from .shared import allocate_shared_memory
from .tmem import _tmem_alloc

__all__ = ["local_alloc"]


def local_alloc(shape: Sequence[int], dtype: dtype, *args, layout=None, num=None, value=None, storage=None,
                reuse=None) -> shared_memory_descriptor:
    """TLX's `local_alloc`: `num` buffers of `shape` (a leading buffer
    dimension when `num > 1`) in shared memory with `layout`, or, with
    `storage=tlx.storage_kind.tmem`, in Blackwell's tensor memory (always
    with the leading buffer dimension; `local_view(buffers, i)` selects
    one). Positionally either tlxamd's `(shape, dtype, layout, num, value,
    storage)` or TLX's `(shape, dtype, num, storage, reuse, layout)` (an int
    third argument), which keeps the buffer dimension for one buffer as TLX
    does. Without a layout the tile is row-major and unswizzled."""
    buffer_dim = bool(args) and isinstance(args[0], int) and not isinstance(args[0], bool)
    names = ("num", "storage", "reuse", "layout") if buffer_dim else ("layout", "num", "value", "storage")
    if len(args) > len(names):
        raise TypeError(f"local_alloc() takes at most {2 + len(names)} positional arguments, got {2 + len(args)}")
    given = {"layout": layout, "num": num, "value": value, "storage": storage, "reuse": reuse}
    for name, v in zip(names, args):
        if given[name] is not None:
            raise TypeError(f"local_alloc() got multiple values for argument '{name}'")
        given[name] = v
    layout, num, value, storage, reuse = (given[k] for k in ("layout", "num", "value", "storage", "reuse"))
    if reuse is not None:
        raise NotImplementedError("local_alloc(reuse=...) (buffers aliasing another allocation) is not supported")
    num = 1 if num is None else num
    if storage is not None and storage not in ("smem", "tmem"):
        raise ValueError(f"storage must be tlx.storage_kind.smem or .tmem, got {storage!r}")
    if storage == "tmem":
        if layout is not None or value is not None:
            raise ValueError("a tensor-memory allocation takes no layout (the standard one) and no value")
        return _tmem_alloc(shape, dtype, num)
    if isinstance(num, bool) or not isinstance(num, int) or num < 1:
        raise ValueError(f"num must be a positive int, got {num!r}")
    shape = _shape(shape)
    if layout is None:
        layout = _default_layout(shape, dtype)
    if num > 1 or buffer_dim:
        if value is not None:
            raise ValueError("value initializes a single buffer (num = 1)")
        shape = (num,) + shape
    return allocate_shared_memory(dtype, shape, layout, value)


def _default_layout(shape, dtype):
    """TLX infers a tile's layout from its uses. tlxamd takes, on targets
    with the tensor memory accelerator, the NVMMA layout TMA copies and
    warpgroup MMAs use (Gluon's default for the tile: the widest swizzle its
    rows' bytes allow), which tensor descriptors passed to TMA ops get too;
    elsewhere, and for tiles NVMMA does not describe, the plain row-major
    tile (correct for any use; give a swizzled or padded layout where bank
    conflicts matter)."""
    from .. import targets

    info = targets.get(_builder().target)
    if info["tma"] and len(shape) == 2 and dtype.bits in (8, 16, 32) and not dtype.is_ptr:
        return NVMMASharedLayout.get_default_for(list(shape), dtype)
    return swizzled_shared_layout(1, 1, 1, list(range(len(shape) - 1, -1, -1)))


local_alloc = _located(local_alloc)
