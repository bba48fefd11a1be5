"""Distributed layouts, as the documents write them, and their linear layouts.

    from tlxamd import language as tlx
    mfma = tlx.amd_mfma_layout(version=4, instr_shape=[16, 16, 32],
                               transposed=True, warps_per_cta=[2, 2])
    tlx.to_linear_layout(mfma, [64, 64]).reg_bases   # [[0, 1], [0, 2], [0, 32], [32, 0]]
    tlx.elements_per_thread(mfma, [64, 64])           # 16
    tlx.contiguity_per_thread(mfma, [64, 64])         # 4

Layouts are immutable values (usable as constexpr kernel parameters). Each
is checked when it is made, by the same verifier as the MLIR attribute it
stands for (`str(layout)` is that attribute), so an invalid parameter raises
ValueError with the verifier's message. All layout math is done by the C++
layout core.
"""

from __future__ import annotations

import dataclasses
from typing import Optional, Sequence, Tuple

from . import ir
from ._mlir_libs import _tlxamd

__all__ = [
    "Layout",
    "BlockedLayout",
    "AMDMFMALayout",
    "AMDWMMALayout",
    "DotOperandLayout",
    "SliceLayout",
    "DistributedLinearLayout",
    "SharedLayout",
    "SwizzledSharedLayout",
    "NVMMASharedLayout",
    "PaddedSharedLayout",
    "SharedLinearLayout",
    "blocked_layout",
    "amd_mfma_layout",
    "amd_wmma_layout",
    "nvidia_mma_layout",
    "NVMMADistributedLayout",
    "dot_operand_layout",
    "slice_layout",
    "linear_layout",
    "swizzled_shared_layout",
    "nvmma_shared_layout",
    "padded_shared_layout",
    "to_linear_layout",
    "shared_access_cost",
    "choose_shared_layout",
    "elements_per_thread",
    "contiguity_per_thread",
    "layout_from_attr",
]

_context: Optional[ir.Context] = None


def _private_context() -> ir.Context:
    global _context
    if _context is None:
        _context = ir.Context()
    return _context


def _int_list(name: str, value, allow_none: bool = False) -> Optional[Tuple[int, ...]]:
    if value is None and allow_none:
        return None
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise TypeError(f"{name} must be a list of ints, got {value!r}")
    out = []
    for v in value:
        if isinstance(v, bool) or not isinstance(v, int):
            raise TypeError(f"{name} must be a list of ints, got {value!r}")
        out.append(int(v))
    return tuple(out)


def _int(name: str, value) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, got {value!r}")
    return int(value)


def _fmt(values) -> str:
    return "[" + ", ".join(str(v) for v in values) + "]"


class Layout:
    """A distributed layout: which register of which lane of which warp
    holds each element of a tensor."""

    def _mlir(self) -> str:
        raise NotImplementedError

    def __str__(self) -> str:
        return self._mlir()

    def to_attr(self, context: Optional[ir.Context] = None) -> ir.Attribute:
        """The MLIR attribute, in `context` (default: the current one)."""
        ctx = context or ir.Context.current
        return ir.Attribute.parse(self._mlir(), ctx)

    def _validate(self) -> None:
        from . import _nocompiler

        if not _nocompiler.compiler_installed():
            return  # a launch-only install: the compiler checked it where it compiled
        try:
            with _private_context():
                ir.Attribute.parse(self._mlir())
        except ir.MLIRError as e:
            msgs = [d.message for d in getattr(e, "error_diagnostics", [])] or [str(e)]
            raise ValueError(f"invalid {type(self).__name__}: " + "; ".join(msgs)) from None


@dataclasses.dataclass(frozen=True)
class BlockedLayout(Layout):
    size_per_thread: Tuple[int, ...]
    threads_per_warp: Tuple[int, ...]
    warps_per_cta: Tuple[int, ...]
    order: Tuple[int, ...]

    def __post_init__(self):
        for f in ("size_per_thread", "threads_per_warp", "warps_per_cta", "order"):
            object.__setattr__(self, f, _int_list(f, getattr(self, f)))
        self._validate()

    def _mlir(self) -> str:
        return (
            f"#tlxamd.blocked<{{size_per_thread = {_fmt(self.size_per_thread)}, "
            f"threads_per_warp = {_fmt(self.threads_per_warp)}, "
            f"warps_per_cta = {_fmt(self.warps_per_cta)}, order = {_fmt(self.order)}}}>"
        )


def _init_matrix_fields(layout) -> None:
    """Check and normalize the fields MFMA and WMMA layouts share."""
    object.__setattr__(layout, "version", _int("version", layout.version))
    object.__setattr__(layout, "instr_shape", _int_list("instr_shape", layout.instr_shape))
    if not isinstance(layout.transposed, bool):
        raise TypeError(f"transposed must be a bool, got {layout.transposed!r}")
    object.__setattr__(layout, "warps_per_cta", _int_list("warps_per_cta", layout.warps_per_cta))
    tiles = _int_list("tiles_per_warp", layout.tiles_per_warp, allow_none=True)
    object.__setattr__(layout, "tiles_per_warp", tiles or tuple([1] * len(layout.warps_per_cta)))


def _matrix_fields(layout) -> str:
    """The MLIR text of the fields MFMA and WMMA layouts share."""
    return (
        f"version = {layout.version}, instr_shape = {_fmt(layout.instr_shape)}, "
        f"transposed = {'true' if layout.transposed else 'false'}, "
        f"warps_per_cta = {_fmt(layout.warps_per_cta)}, tiles_per_warp = {_fmt(layout.tiles_per_warp)}"
    )


@dataclasses.dataclass(frozen=True)
class AMDMFMALayout(Layout):
    version: int
    instr_shape: Tuple[int, ...]
    transposed: bool
    warps_per_cta: Tuple[int, ...]
    tiles_per_warp: Optional[Tuple[int, ...]] = None
    element_bitwidth: int = 32

    def __post_init__(self):
        _init_matrix_fields(self)
        object.__setattr__(self, "element_bitwidth", _int("element_bitwidth", self.element_bitwidth))
        self._validate()

    def _mlir(self) -> str:
        return (
            f"#tlxamd.amd_mfma<{{{_matrix_fields(self)}, "
            f"element_bit_width = {self.element_bitwidth}}}>"
        )


@dataclasses.dataclass(frozen=True)
class AMDWMMALayout(Layout):
    version: int
    instr_shape: Tuple[int, ...]
    transposed: bool
    warps_per_cta: Tuple[int, ...]
    tiles_per_warp: Optional[Tuple[int, ...]] = None

    def __post_init__(self):
        _init_matrix_fields(self)
        self._validate()

    def _mlir(self) -> str:
        return (
            f"#tlxamd.amd_wmma<{{{_matrix_fields(self)}}}>"
        )


@dataclasses.dataclass(frozen=True)
class NVMMADistributedLayout(Layout):
    """The mma.sync accumulator layout (Gluon's NVMMADistributedLayout):
    version [2, 0], instr_shape [16, 8]."""

    version: Tuple[int, ...]
    warps_per_cta: Tuple[int, ...]
    instr_shape: Tuple[int, ...] = (16, 8)

    def __post_init__(self):
        for f in ("version", "warps_per_cta", "instr_shape"):
            object.__setattr__(self, f, _int_list(f, getattr(self, f)))
        self._validate()

    def _mlir(self) -> str:
        return (f"#tlxamd.nvidia_mma<{{version = {list(self.version)}, warps_per_cta = {list(self.warps_per_cta)}, "
                f"instr_shape = {list(self.instr_shape)}}}>")


@dataclasses.dataclass(frozen=True)
class DotOperandLayout(Layout):
    operand_index: int
    parent: Layout
    k_width: int

    def __post_init__(self):
        object.__setattr__(self, "operand_index", _int("operand_index", self.operand_index))
        if not isinstance(self.parent, Layout):
            raise TypeError(f"parent must be a layout, got {self.parent!r}")
        object.__setattr__(self, "k_width", _int("k_width", self.k_width))
        self._validate()

    def _mlir(self) -> str:
        return (
            f"#tlxamd.dot_operand<{{op_idx = {self.operand_index}, parent = {self.parent._mlir()}, "
            f"k_width = {self.k_width}}}>"
        )


@dataclasses.dataclass(frozen=True)
class SliceLayout(Layout):
    dim: int
    parent: Layout

    def __post_init__(self):
        object.__setattr__(self, "dim", _int("dim", self.dim))
        if not isinstance(self.parent, Layout):
            raise TypeError(f"parent must be a layout, got {self.parent!r}")
        self._validate()

    def _mlir(self) -> str:
        return f"#tlxamd.slice<{{dim = {self.dim}, parent = {self.parent._mlir()}}}>"


def _bases(name, value) -> Tuple[Tuple[int, ...], ...]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise TypeError(f"{name} must be a list of bases (lists of ints), got {value!r}")
    return tuple(_int_list(name, b) for b in value)


@dataclasses.dataclass(frozen=True)
class DistributedLinearLayout(Layout):
    """A layout given by its bases (Triton/Gluon convention); also what
    `to_linear_layout` returns, with the tensor `shape` it describes."""

    reg_bases: Tuple[Tuple[int, ...], ...]
    lane_bases: Tuple[Tuple[int, ...], ...]
    warp_bases: Tuple[Tuple[int, ...], ...]
    block_bases: Tuple[Tuple[int, ...], ...]
    shape: Tuple[int, ...]

    def __post_init__(self):
        for f in ("reg_bases", "lane_bases", "warp_bases", "block_bases"):
            object.__setattr__(self, f, _bases(f, getattr(self, f)))
        object.__setattr__(self, "shape", _int_list("shape", self.shape))
        self._validate()
        # The bases must span exactly `shape`.
        from . import _nocompiler

        if _nocompiler.compiler_installed():
            _query(self, self.shape)

    def _mlir(self) -> str:
        def b(bs):
            return "[" + ", ".join(_fmt(x) for x in bs) + "]"

        return (
            f"#tlxamd.linear<{{register = {b(self.reg_bases)}, lane = {b(self.lane_bases)}, "
            f"warp = {b(self.warp_bases)}, block = {b(self.block_bases)}}}>"
        )

    def as_lists(self):
        """The bases as plain lists (Gluon's representation)."""
        return {
            "reg_bases": [list(x) for x in self.reg_bases],
            "lane_bases": [list(x) for x in self.lane_bases],
            "warp_bases": [list(x) for x in self.warp_bases],
            "block_bases": [list(x) for x in self.block_bases],
            "shape": list(self.shape),
        }


class SharedLayout(Layout):
    """A shared-memory layout: the element offset of each element of a tile
    in a shared allocation."""


@dataclasses.dataclass(frozen=True)
class SwizzledSharedLayout(SharedLayout):
    """Triton's swizzled layout: rows of the two fastest dimensions of
    `order`, row r's columns XOR-ed with vec * ((r // per_phase) % max_phase)."""

    vec: int
    per_phase: int
    max_phase: int
    order: Tuple[int, ...]

    def __post_init__(self):
        for f in ("vec", "per_phase", "max_phase"):
            object.__setattr__(self, f, _int(f, getattr(self, f)))
        object.__setattr__(self, "order", _int_list("order", self.order))
        self._validate()

    def _mlir(self) -> str:
        return (f"#tlxamd.swizzled_shared<{{vec = {self.vec}, per_phase = {self.per_phase}, "
                f"max_phase = {self.max_phase}, order = {_fmt(self.order)}}}>")


@dataclasses.dataclass(frozen=True)
class NVMMASharedLayout(SharedLayout):
    """The layout of wgmma / tcgen05 operands and TMA tiles: 8-row core
    matrices of `swizzle_byte_width` bytes per row (0, 32, 64, 128), 16-byte
    chunks XOR-ed by the row (Gluon's NVMMASharedLayout)."""

    swizzle_byte_width: int
    element_bitwidth: int
    rank: int = 2
    transposed: bool = False

    def __post_init__(self):
        for f in ("swizzle_byte_width", "element_bitwidth", "rank"):
            object.__setattr__(self, f, _int(f, getattr(self, f)))
        if not isinstance(self.transposed, bool):
            raise TypeError(f"transposed must be a bool, got {self.transposed!r}")
        self._validate()

    @staticmethod
    def get_default_for(block_shape, dtype, transposed=False, fp4_padded=False, cga_layout=None):
        """Gluon's default for a tile of `block_shape` `dtype` elements: the
        widest swizzle (128, 64, 32 bytes) that the contiguous dimension's
        bytes are a multiple of, none for rank 1 or fewer than 8 rows."""
        if fp4_padded or cga_layout:
            raise NotImplementedError("get_default_for(fp4_padded=..., cga_layout=...) is not supported")
        shape = [int(d) for d in block_shape]
        if transposed:
            shape = shape[1:] + shape[:1]
        bits = dtype.bits
        contig = shape[-1] * bits // 8
        swizzle = next((w for w in (128, 64, 32) if contig >= w and contig % w == 0), 0)
        outer = 1
        for d in shape[:-1]:
            outer *= d
        if len(shape) < 2 or outer < 8:
            swizzle = 0
        return NVMMASharedLayout(swizzle, bits, len(shape), bool(transposed))

    def _mlir(self) -> str:
        rank = f", rank = {self.rank}" if self.rank != 2 else ""
        return (f"#tlxamd.nvmma_shared<{{swizzle_bytes = {self.swizzle_byte_width}, "
                f"element_bits = {self.element_bitwidth}, "
                f"transposed = {'true' if self.transposed else 'false'}{rank}}}>")


@dataclasses.dataclass(frozen=True)
class PaddedSharedLayout(SharedLayout):
    """The tile in `order` with `padding` elements after every `interval`
    elements, for each [interval, padding] pair (Gluon's
    PaddedSharedLayout.with_identity_for)."""

    interval_padding_pairs: Tuple[Tuple[int, int], ...]
    order: Tuple[int, ...]

    def __post_init__(self):
        pairs = self.interval_padding_pairs
        if isinstance(pairs, (str, bytes)) or not isinstance(pairs, Sequence):
            raise TypeError(f"interval_padding_pairs must be a list of [interval, padding], got {pairs!r}")
        norm = []
        for p in pairs:
            p = _int_list("interval_padding_pairs entry", p)
            if len(p) != 2:
                raise ValueError(f"each interval_padding_pairs entry is [interval, padding], got {list(p)}")
            norm.append(p)
        object.__setattr__(self, "interval_padding_pairs", tuple(norm))
        object.__setattr__(self, "order", _int_list("order", self.order))
        self._validate()

    def _mlir(self) -> str:
        pairs = ", ".join(_fmt(p) for p in self.interval_padding_pairs)
        return f"#tlxamd.padded_shared<{{interval_padding_pairs = [{pairs}], order = {_fmt(self.order)}}}>"

    def padded_offset(self, offset: int) -> int:
        """Where linear element `offset` of the tile lives."""
        return offset + sum((offset // i) * p for i, p in self.interval_padding_pairs)


@dataclasses.dataclass(frozen=True)
class SharedLinearLayout:
    """A shared layout's linear layout (Gluon's SharedLinearLayout): the
    coordinates of each bit of an element offset, for a tile of `shape`."""

    offset_bases: Tuple[Tuple[int, ...], ...]
    block_bases: Tuple[Tuple[int, ...], ...]
    shape: Tuple[int, ...]

    def coordinates(self, offset: int) -> Tuple[int, ...]:
        """The tensor coordinates of the element at `offset`."""
        c = [0] * len(self.shape)
        for bit, b in enumerate(self.offset_bases):
            if offset >> bit & 1:
                c = [x ^ y for x, y in zip(c, b)]
        return tuple(c)


def swizzled_shared_layout(vec, per_phase, max_phase, order) -> SwizzledSharedLayout:
    return SwizzledSharedLayout(vec, per_phase, max_phase, order)


def nvmma_shared_layout(swizzle_byte_width, element_bitwidth, rank=2, transposed=False) -> NVMMASharedLayout:
    return NVMMASharedLayout(swizzle_byte_width, element_bitwidth, rank, transposed)


def padded_shared_layout(interval_padding_pairs, order) -> PaddedSharedLayout:
    return PaddedSharedLayout(interval_padding_pairs, order)


def blocked_layout(size_per_thread, threads_per_warp, warps_per_cta, order) -> BlockedLayout:
    return BlockedLayout(size_per_thread, threads_per_warp, warps_per_cta, order)


def amd_mfma_layout(version, instr_shape, transposed, warps_per_cta, tiles_per_warp=None,
                    element_bitwidth=32) -> AMDMFMALayout:
    """The documents' `tlx.amd_mfma_layout(version=4, instr_shape=[16, 16, 32],
    transposed=True, warps_per_cta=[2, 2])`."""
    return AMDMFMALayout(version, instr_shape, transposed, warps_per_cta, tiles_per_warp, element_bitwidth)


def amd_wmma_layout(version, instr_shape, transposed, warps_per_cta, tiles_per_warp=None) -> AMDWMMALayout:
    return AMDWMMALayout(version, instr_shape, transposed, warps_per_cta, tiles_per_warp)


def nvidia_mma_layout(version, warps_per_cta, instr_shape=(16, 8)) -> NVMMADistributedLayout:
    return NVMMADistributedLayout(version, warps_per_cta, instr_shape)


def dot_operand_layout(operand_index, parent, k_width) -> DotOperandLayout:
    return DotOperandLayout(operand_index, parent, k_width)


def slice_layout(dim, parent) -> SliceLayout:
    return SliceLayout(dim, parent)


def linear_layout(reg_bases, lane_bases, warp_bases, shape, block_bases=()) -> DistributedLinearLayout:
    return DistributedLinearLayout(reg_bases, lane_bases, warp_bases, block_bases, shape)


def _query(layout: Layout, shape):
    if not isinstance(layout, Layout):
        raise TypeError(f"layout must be a tlxamd layout, got {layout!r}")
    shape = _int_list("shape", shape)
    with _private_context():
        attr = ir.Attribute.parse(layout._mlir())
        return attr, shape


def to_linear_layout(layout: Layout, shape):
    """The linear layout of `layout` for a tensor of `shape`: a
    DistributedLinearLayout, or for a shared layout a SharedLinearLayout
    (element offset -> coordinates)."""
    attr, shape = _query(layout, shape)
    try:
        regs, lanes, warps, blocks = _tlxamd.linear_layout(attr, list(shape))
    except ValueError as e:
        raise ValueError(f"{layout} cannot describe a tensor of shape {list(shape)}: {e}") from None
    if isinstance(layout, SharedLayout):
        return SharedLinearLayout(tuple(tuple(b) for b in regs), tuple(tuple(b) for b in blocks), tuple(shape))
    ll = object.__new__(DistributedLinearLayout)
    for name, val in (("reg_bases", regs), ("lane_bases", lanes), ("warp_bases", warps),
                      ("block_bases", blocks)):
        object.__setattr__(ll, name, tuple(tuple(b) for b in val))
    object.__setattr__(ll, "shape", tuple(shape))
    return ll


def _check_distributed(name: str, layout) -> None:
    if not isinstance(layout, Layout) or isinstance(layout, SharedLayout):
        raise TypeError(f"{name} must be a distributed layout, got {layout!r}")


def _banks(target: str) -> int:
    from . import targets

    return targets.get(target)["shared_memory_banks"]


def _element_bytes(element_bitwidth) -> int:
    bits = _int("element_bitwidth", element_bitwidth)
    if bits not in (8, 16, 32, 64):
        raise ValueError(f"element_bitwidth must be 8, 16, 32 or 64, got {bits}")
    return bits // 8


def shared_access_cost(layout: Layout, shared_layout: "SharedLayout", shape, element_bitwidth: int,
                       target: str) -> dict:
    """What a warp pays to move a tile of `shape` between the distributed
    `layout` and `shared_layout` on `target` (its LDS / shared-memory banks):
    `vector_elements` per access (the widest in-order, aligned run, at most
    16 bytes), `accesses` per lane, `wavefronts` for a warp's accesses, and
    `ideal_wavefronts` without bank conflicts."""
    _check_distributed("layout", layout)
    if not isinstance(shared_layout, SharedLayout):
        raise TypeError(f"shared_layout must be a shared layout, got {shared_layout!r}")
    banks, nbytes = _banks(target), _element_bytes(element_bitwidth)
    attr, shape = _query(layout, shape)
    with _private_context():
        shared = ir.Attribute.parse(shared_layout._mlir())
        vec, accesses, wavefronts, ideal = _tlxamd.shared_access_cost(attr, shared, list(shape), nbytes, banks)
    return {"vector_elements": vec, "accesses": accesses, "wavefronts": wavefronts, "ideal_wavefronts": ideal}


def choose_shared_layout(src: Layout, dst: Layout, shape, element_bitwidth: int, target: str) -> SwizzledSharedLayout:
    """The swizzled shared layout through which a tile moves from `src` to
    `dst` cheapest on `target`: fewest wavefronts, then widest accesses,
    then the mildest swizzle (what `convert_layout` through shared memory
    uses)."""
    _check_distributed("src", src)
    _check_distributed("dst", dst)
    banks, nbytes = _banks(target), _element_bytes(element_bitwidth)
    a, shape = _query(src, shape)
    with _private_context():
        b = ir.Attribute.parse(dst._mlir())
        vec, per_phase, max_phase, order = _tlxamd.choose_shared_layout(a, b, list(shape), nbytes, banks)
    return SwizzledSharedLayout(vec, per_phase, max_phase, order)


def _facts(layout: Layout, shape):
    if isinstance(layout, SharedLayout):
        raise TypeError(f"{layout} is a shared-memory layout; threads hold no registers of it")
    attr, shape = _query(layout, shape)
    try:
        return _tlxamd.layout_facts(attr, list(shape))
    except ValueError as e:
        raise ValueError(f"{layout} cannot describe a tensor of shape {list(shape)}: {e}") from None


def elements_per_thread(layout: Layout, shape) -> int:
    """Registers (tensor elements) each thread holds."""
    return _facts(layout, shape)[0]


def contiguity_per_thread(layout: Layout, shape) -> int:
    """Consecutive registers of a thread holding adjacent elements along one
    dimension: the documents' "physical adjacency" of the layout."""
    return _facts(layout, shape)[1]


def layout_from_attr(attr: ir.Attribute) -> Layout:
    """The Python layout of a tlxamd layout attribute."""
    text = str(attr)
    with _private_context():
        a = ir.Attribute.parse(text)
    if not _tlxamd.is_layout(a):
        raise TypeError(f"not a tlxamd layout: {text}")
    return _ParsedLayout(text)


class _ParsedLayout(Layout):
    def __init__(self, text: str):
        self._text = text

    def _mlir(self) -> str:
        return self._text

    def __eq__(self, other):
        return isinstance(other, Layout) and str(other) == self._text

    def __hash__(self):
        return hash(self._text)

    def __repr__(self):
        return f"Layout({self._text})"
