"""Triton's tensor descriptors made inside a kernel:
`tl.make_tensor_descriptor(base, shape, strides, block_shape)` and
`desc.load([...])` / `desc.store([...], value)` (also
`tl.load_tensor_descriptor` / `tl.store_tensor_descriptor`).

A block of `block_shape` elements at the given offsets of a global tensor
of `shape` (row-major strides, the last 1): loads read elements outside the
tensor as zero (`padding_option="zero"`) or NaN (`"nan"`), stores leave them
alone, as a TMA copy does. They are the masked pointer accesses those
semantics spell (`base + sum(i_d * stride_d)`, `i_d < shape_d`), so every
target lowers them as it lowers `tl.load` / `tl.store`: buffer loads and
stores on AMD, 16-byte vectors where the last stride is 1.
"""

from __future__ import annotations

import math
import types
from typing import Sequence

from .core import _builder, _located, _to_tensor, arange, constexpr, dtype, int32, tensor
from .memory import load, store

__all__ = ["tensor_descriptor_block", "make_tensor_descriptor", "load_tensor_descriptor",
           "store_tensor_descriptor", "host_tensor_descriptor"]


def _ints(values, name: str, rank=None):
    values = list(values)
    if rank is not None and len(values) != rank:
        raise ValueError(f"{name} has {len(values)} entries, the descriptor {rank} dimensions")
    return [v.value if isinstance(v, constexpr) else v for v in values]


class tensor_descriptor_block:
    """A tensor descriptor made in the kernel (Triton's `tl.tensor_descriptor`
    value): `base`, `shape`, `strides`, `block_shape`, `dtype`,
    `block_type` (shape, dtype, nbytes of one block)."""

    def __init__(self, base, shape, strides, block_shape, padding_option: str = "zero"):
        if not isinstance(base, tensor) or not base.dtype.is_ptr or not base.is_scalar:
            raise TypeError(f"a tensor descriptor's base is a scalar pointer, got {base!r}")
        self.block_shape = tuple(_ints(block_shape, "block_shape"))
        rank = len(self.block_shape)
        if not 1 <= rank <= 5:
            raise ValueError(f"a tensor descriptor has 1 to 5 dimensions, got {rank}")
        for b in self.block_shape:
            if isinstance(b, bool) or not isinstance(b, int) or b < 1 or b & (b - 1):
                raise ValueError(f"block_shape entries are powers of two, got {list(self.block_shape)}")
        self.shape = _ints(shape, "shape", rank)
        self.strides = _ints(strides, "strides", rank)
        last = self.strides[-1]
        if isinstance(last, int) and last != 1:
            raise ValueError(f"a tensor descriptor's last stride is 1 (its rows are contiguous), got {last}")
        if padding_option not in ("zero", "nan"):
            raise ValueError(f"padding_option is 'zero' or 'nan', got {padding_option!r}")
        self.base = base
        self.padding_option = padding_option
        self.dtype: dtype = base.dtype.element_ty
        self.block_type = types.SimpleNamespace(shape=list(self.block_shape), dtype=self.dtype,
                                                nbytes=math.prod(self.block_shape) * self.dtype.bits // 8)

    def __repr__(self):
        return f"tensor_descriptor<{list(self.block_shape)}, {self.dtype.name}>"

    def _block(self, offsets):
        """(pointers, mask) of the block at `offsets`."""
        offsets = _ints(offsets, "offsets", len(self.block_shape))
        rank = len(self.block_shape)
        ptrs, mask = self.base, None
        for d, (off, size) in enumerate(zip(offsets, self.block_shape)):
            idx = _to_tensor(off, ty=int32) + arange(0, size)
            for _ in range(d):
                idx = idx[None]
            for _ in range(rank - d - 1):
                idx = _expand_last(idx)
            ptrs = ptrs + (idx if isinstance(self.strides[d], int) and self.strides[d] == 1
                           else idx * self.strides[d])
            inside = idx < self.shape[d]
            mask = inside if mask is None else mask & inside
        return ptrs, mask

    def load(self, offsets) -> tensor:
        ptrs, mask = self._block(offsets)
        return load(ptrs, mask=mask, other=float("nan") if self.padding_option == "nan" else 0)

    def store(self, offsets, value) -> None:
        ptrs, mask = self._block(offsets)
        value = _to_tensor(value)
        if tuple(value.shape) != self.block_shape:
            raise ValueError(f"storing a {list(value.shape)} block through a descriptor of "
                             f"{list(self.block_shape)} blocks")
        store(ptrs, value.to(self.dtype), mask=mask)


def _expand_last(x: tensor) -> tensor:
    return x[(slice(None),) * len(x.shape) + (None,)]


@_located
def make_tensor_descriptor(base, shape: Sequence, strides: Sequence, block_shape: Sequence,
                           padding_option: str = "zero") -> tensor_descriptor_block:
    """A descriptor of the global tensor at `base` (Triton's
    tl.make_tensor_descriptor)."""
    _builder()
    return tensor_descriptor_block(base, shape, strides, block_shape, padding_option)


def load_tensor_descriptor(desc: tensor_descriptor_block, offsets) -> tensor:
    return desc.load(offsets)


def store_tensor_descriptor(desc: tensor_descriptor_block, offsets, value) -> None:
    desc.store(offsets, value)


class host_tensor_descriptor:
    """The kind of a parameter that receives a host `TensorDescriptor`
    (Triton's `TensorDescriptor.from_tensor(x, block_shape)`) when the
    launcher passes it by its fields: the base pointer (`base`, a
    `pointer`), then each dimension's size and each stride but the last (1),
    as i32 (`shape` / `strides`: dtypes or `divisible_int`s). Inside the
    kernel the parameter is a `tensor_descriptor_block`."""

    def __init__(self, base, shape: Sequence, strides: Sequence, block_shape: Sequence[int]):
        self.base, self.shape, self.strides = base, tuple(shape), tuple(strides)
        self.block_shape = tuple(int(b) for b in block_shape)
        if len(self.shape) != len(self.block_shape) or len(self.strides) != len(self.shape) - 1:
            raise ValueError(f"host descriptor: {len(self.shape)} sizes, {len(self.strides)} strides (the last "
                             f"is 1, not passed) and block_shape {list(self.block_shape)} disagree")

    def kinds(self):
        """The IR arguments it takes, in order."""
        return (self.base,) + self.shape + self.strides

    def __eq__(self, other):
        return isinstance(other, host_tensor_descriptor) and (self.kinds(), self.block_shape) == (
            other.kinds(), other.block_shape)

    def __hash__(self):
        return hash((self.kinds(), self.block_shape))

    def __repr__(self):
        return f"host_tensor_descriptor({self.base!r}, shape={list(self.shape)}, strides={list(self.strides)}, " \
               f"block_shape={list(self.block_shape)})"
