"""Write tlxamd kernels in Python, in the style of Triton / TLX.

    from tlxamd import language as tl

    @tl.kernel(num_warps=4)
    def copy(src: tl.pointer(tl.bfloat16), dst: tl.pointer(tl.bfloat16),
             n: tl.int32, BLOCK: tl.constexpr):
        pid = tl.program_id(0)
        offsets = pid * BLOCK + tl.arange(0, BLOCK)
        mask = offsets < n
        data = tl.buffer_load(src, offsets, mask=mask, other=0.0, contiguity=8)
        tl.buffer_store(tl.require_layout(data, data.layout), dst, offsets,
                        mask=mask, contiguity=8)

    module = copy.build(target=T, BLOCK=2048)   # an ir.Module; T from tlxamd.targets
    tlxamd.compiler.compile(module, target=T)

The function is traced once per `build`: tensor values record tlxamd and
arith operations. The same names hold the core builders (`program_id`,
`arange`, `full`, `zeros`, dtypes) and the TLX ones (`buffer_load`,
`buffer_store`, `buffer_atomic_add`, `require_layout`, `amd_mfma_layout`,
...), so the documents' kernels read the same with this module in place of
`tl` and `tlx`. Misuse raises TypeError/ValueError naming the argument.
"""

from __future__ import annotations

import dataclasses
import functools
import os
import sys
import threading
from typing import Dict, Optional, Tuple, Union

from .. import ir
from ..dialects import arith, gpu
from ..dialects import llvm as _llvm
from ..dialects import tlxamd as _ops
from ..layouts import (  # noqa: F401  (re-exported: the documents' names)
    AMDMFMALayout,
    AMDWMMALayout,
    BlockedLayout,
    DistributedLinearLayout,
    DotOperandLayout,
    Layout,
    NVMMADistributedLayout,
    NVMMASharedLayout,
    PaddedSharedLayout,
    SharedLayout,
    SharedLinearLayout,
    SliceLayout,
    SwizzledSharedLayout,
    amd_mfma_layout,
    amd_wmma_layout,
    blocked_layout,
    choose_shared_layout,
    contiguity_per_thread,
    dot_operand_layout,
    elements_per_thread,
    layout_from_attr,
    linear_layout,
    nvidia_mma_layout,
    nvmma_shared_layout,
    padded_shared_layout,
    shared_access_cost,
    slice_layout,
    swizzled_shared_layout,
    to_linear_layout,
)

# ---------------------------------------------------------------------------
# Types
# ---------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class dtype:
    name: str
    bits: int
    kind: str  # "int", "uint", "float", "bool"

    def to_ir(self) -> ir.Type:
        if self.kind == "float":
            return {"float16": ir.F16Type.get, "bfloat16": ir.BF16Type.get, "float32": ir.F32Type.get,
                    "float64": ir.F64Type.get, "float8e4nv": ir.Float8E4M3FNType.get,
                    "float8e5": ir.Float8E5M2Type.get, "float8e4b8": ir.Float8E4M3FNUZType.get,
                    "float8e5b16": ir.Float8E5M2FNUZType.get}[self.name]()
        return ir.IntegerType.get_signless(self.bits)

    @property
    def primitive_bitwidth(self) -> int:
        """Bits of one element (Triton's name)."""
        return self.bits

    @property
    def is_fp8(self) -> bool:
        return self.kind == "float" and self.bits == 8

    @property
    def is_float(self) -> bool:
        return self.kind == "float"

    @property
    def is_int(self) -> bool:
        return self.kind in ("int", "uint", "bool")

    @property
    def is_unsigned(self) -> bool:
        return self.kind == "uint"

    is_ptr = False

    def __repr__(self) -> str:
        return f"tl.{self.name}"


int1 = dtype("int1", 1, "bool")
int8 = dtype("int8", 8, "int")
# Unsigned integers are signless in the IR, as in Triton: the frontend
# remembers which values are unsigned (_Builder.unsigned) and picks the
# unsigned form of each operation whose result depends on it (extension,
# conversion to float, division, remainder, right shift, comparison).
uint8 = dtype("uint8", 8, "uint")
uint16 = dtype("uint16", 16, "uint")
uint32 = dtype("uint32", 32, "uint")
uint64 = dtype("uint64", 64, "uint")
int16 = dtype("int16", 16, "int")
int32 = dtype("int32", 32, "int")
int64 = dtype("int64", 64, "int")
float16 = dtype("float16", 16, "float")
bfloat16 = dtype("bfloat16", 16, "float")
float32 = dtype("float32", 32, "float")
float64 = dtype("float64", 64, "float")
# fp8, with Triton's names: OCP E4M3 and E5M2 (NVIDIA, CDNA4), and the FNUZ
# variants of CDNA3 (no -0, one NaN, biases 8 and 16).
float8e4nv = dtype("float8e4nv", 8, "float")
float8e5 = dtype("float8e5", 8, "float")
float8e4b8 = dtype("float8e4b8", 8, "float")
float8e5b16 = dtype("float8e5b16", 8, "float")
_DTYPES = [int1, int8, uint8, int16, uint16, int32, uint32, int64, uint64, float16, bfloat16, float32, float64, float8e4nv, float8e5, float8e4b8,
           float8e5b16]


def _dtype_of(t: ir.Type):
    if _ops.PtrType.isinstance(t):
        p = _ops.PtrType(t)
        return pointer(_dtype_of(p.pointee_type), p.address_space)
    s = str(t)
    table = {"i1": int1, "i8": int8, "i16": int16, "i32": int32, "i64": int64, "f16": float16,
             "bf16": bfloat16, "f32": float32, "f64": float64, "f8E4M3FN": float8e4nv, "f8E5M2": float8e5,
             "f8E4M3FNUZ": float8e4b8, "f8E5M2FNUZ": float8e5b16}
    if s not in table:
        raise TypeError(f"unsupported element type {s}")
    return table[s]


@dataclasses.dataclass(frozen=True)
class pointer:
    """A pointer type: the annotation of a pointer kernel parameter
    (`pointer(bfloat16)`) and the dtype of pointer tensors (`ptr + offsets`).

    As a parameter it is assumed `divisibility` bytes aligned and, on AMD,
    its buffer below 2 GiB (`pointer_range=32`), the specializations Triton's
    launchers make for tensors that satisfy them (the caller's promise:
    nothing checks it at launch). `divisibility=1` / `pointer_range=None`
    assume nothing."""

    element_ty: dtype
    address_space: int = 1
    divisibility: int = dataclasses.field(default=16, compare=False)
    pointer_range: Optional[int] = dataclasses.field(default=32, compare=False)

    def __post_init__(self):
        if not isinstance(self.element_ty, dtype) or self.element_ty is int1:
            raise TypeError(f"pointer element type must be a tlxamd dtype (not int1), got {self.element_ty!r}")
        d = self.divisibility
        if isinstance(d, bool) or not isinstance(d, int) or d <= 0 or d & (d - 1):
            raise ValueError(f"pointer divisibility must be a positive power of two (bytes), got {d!r}")
        if self.pointer_range not in (None, 32):
            raise ValueError(f"pointer_range must be 32 (buffer below 2 GiB) or None, got {self.pointer_range!r}")

    is_ptr = True
    is_float = False
    is_int = False
    is_unsigned = False

    @property
    def name(self) -> str:
        return f"pointer<{self.element_ty.name}>"

    @property
    def bits(self) -> int:
        return 64

    def to_ir(self) -> ir.Type:
        return _ops.PtrType.get(self.element_ty.to_ir(), self.address_space)

    def arg_attributes(self) -> Dict[str, ir.Attribute]:
        """The kernel-argument attributes of the parameter's assumptions."""
        i32 = ir.IntegerType.get_signless(32)
        attrs = {}
        if self.divisibility > 1:
            attrs["tlxamd.divisibility"] = ir.IntegerAttr.get(i32, self.divisibility)
        if self.pointer_range is not None and self.address_space == 1:
            attrs["tlxamd.pointer_range"] = ir.IntegerAttr.get(i32, self.pointer_range)
        return attrs


class constexpr_function:
    """A host function evaluated at compile time on compile-time values
    (Gluon's `@gluon.constexpr_function`): kernels call it with constants
    and use its result. The wrapper lets kernels compiled ahead of time
    (tlxamd.precompile) carry the function's source with the kernel's."""

    def __init__(self, fn):
        self.fn = fn
        functools.update_wrapper(self, fn)

    def __call__(self, *args, **kwargs):
        return self.fn(*args, **kwargs)


class kernel_context:
    """A context manager for `with` statements in kernels: `__enter__` and
    `__exit__` run while the kernel is built and emit its ops around the
    body (TLX's `with tlx.warp_pipeline_stage(...)`). Other Python context
    managers are not allowed in kernels."""

    def __enter__(self):
        return None

    def __exit__(self, *exc):
        return False


class constexpr:
    """Annotation of a compile-time parameter, given to `build(...)`.
    `constexpr(v)` in a kernel (Triton's spelling of a compile-time
    literal) is `v` itself."""

    def __new__(cls, *value):
        if len(value) > 1:
            raise TypeError(f"constexpr takes one value, got {len(value)}")
        return value[0] if value else super().__new__(cls)


# ---------------------------------------------------------------------------
# Tracing state
# ---------------------------------------------------------------------------

_state = threading.local()


@dataclasses.dataclass
class _Builder:
    target: str
    warp_size: int
    num_warps: int
    num_ctas: int = 1
    # Values of unsigned integer types (or pointers to them) built so far.
    unsigned: dict = dataclasses.field(default_factory=dict)
    # float +, -, * carry `contract`: a * b + c may become one fma
    fp_fusion: bool = True
    # Inside `with tlx.async_task(...)`: the replica being built.
    task_replica: Optional[int] = None


def _unsigned_of(value: ir.Value, elem: ir.Type):
    """The unsigned dtype (or pointer to one) of `value`, if it has one:
    recorded when it was made, or inherited from an operand of its op that
    holds the same element type unsigned (splats, broadcasts, layout
    changes, integer arithmetic) or points to it (loads)."""
    b = getattr(_state, "builder", None)
    if b is None or not b.unsigned:
        return None
    known = b.unsigned.get(value)
    if known is not None or not isinstance(value, ir.OpResult):
        return known
    for v in value.owner.operands:
        d = b.unsigned.get(v)
        if d is None:
            continue
        t = v.type
        e = t.element_type if isinstance(t, ir.RankedTensorType) else t
        if e == elem:
            b.unsigned[value] = d
            return d
        if isinstance(d, pointer) and d.element_ty.to_ir() == elem:
            b.unsigned[value] = d.element_ty
            return d.element_ty
    return None

def _builder() -> _Builder:
    b = getattr(_state, "builder", None)
    if b is None:
        raise RuntimeError("tlxamd.language builders can only be called while a @kernel is being built")
    return b


def _default_context() -> ir.Context:
    """The context kernels are built in when none is given: one per thread,
    made once (a context loads every dialect; kernels share it)."""
    ctx = getattr(_state, "context", None)
    if ctx is None:
        ctx = _state.context = ir.Context()
    return ctx


_PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _caller_location() -> ir.Location:
    """The location of the innermost frame outside this package: the line of
    the user's kernel that called the builder."""
    f = sys._getframe(1)
    while f is not None and os.path.abspath(f.f_code.co_filename).startswith(_PACKAGE_DIR + os.sep):
        f = f.f_back
    if f is None:
        return ir.Location.unknown()
    col = 0
    cols = _columns(f.f_code)
    if 0 <= f.f_lasti // 2 < len(cols):
        col = cols[f.f_lasti // 2] or 0
    return ir.Location.file(f.f_code.co_filename, f.f_lineno, col + 1)


@functools.lru_cache(maxsize=256)
def _columns(code) -> tuple:
    """Start column of each instruction of `code` (Python 3.11+; none before)."""
    positions = getattr(code, "co_positions", None)
    return tuple(p[2] for p in positions()) if positions else ()


def _located(fn):
    """Operations a builder creates carry the location of the user's call
    (outermost builder call wins), so diagnostics name the kernel's
    file:line."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        if getattr(_state, "builder", None) is None or getattr(_state, "located", False):
            return fn(*args, **kwargs)
        _state.located = True
        try:
            with _caller_location():
                return fn(*args, **kwargs)
        finally:
            _state.located = False

    return wrapper


# ---------------------------------------------------------------------------
# Values
# ---------------------------------------------------------------------------


class tensor:
    """A traced value: a scalar (shape ()) or a distributed tensor."""

    def __init__(self, value: ir.Value, dtype=None):
        self.handle = value
        t = value.type
        if isinstance(t, ir.RankedTensorType):
            rt = t
            self.shape = tuple(rt.shape)
            elem = rt.element_type
            self._encoding = rt.encoding
        else:
            self.shape = ()
            elem = t
            self._encoding = None
        self.dtype = _dtype_of(elem)
        unsigned = dtype is not None and (dtype.is_unsigned or
                                          (dtype.is_ptr and dtype.element_ty.is_unsigned))
        if unsigned and dtype.to_ir() == elem:
            self.dtype = dtype
            b = getattr(_state, "builder", None)
            if b is not None:
                b.unsigned[value] = dtype
        elif self.dtype.is_int or self.dtype.is_ptr:
            self.dtype = _unsigned_of(value, elem) or self.dtype

    @property
    def layout(self) -> Optional[Layout]:
        return None if self._encoding is None else layout_from_attr(self._encoding)

    @property
    def is_scalar(self) -> bool:
        return self.shape == ()

    def __repr__(self):
        return f"tensor<{self.shape}, {self.dtype.name}>"

    # -- conversions ------------------------------------------------------
    def to(self, dst: dtype, fp_downcast_rounding: Optional[str] = None, bitcast: bool = False) -> "tensor":
        """Convert to `dst`; `fp_downcast_rounding` ("rtne" or "rtz") for
        a narrowing float conversion; `bitcast` reinterprets the bits
        (same width)."""
        return cast(self, dst, fp_downcast_rounding, bitcast)

    # -- indexing: x[:, None], x[None, :] ----------------------------------
    def __getitem__(self, idx) -> "tensor":
        if not isinstance(idx, tuple):
            idx = (idx,)
        out = self
        axis = 0
        for i in idx:
            if i is None:
                out = expand_dims(out, axis)
                axis += 1
            elif isinstance(i, slice) and i == slice(None):
                axis += 1
            else:
                raise TypeError(f"tensor indexing supports only ':' and None, got {i!r}")
        return out

    # -- arithmetic ---------------------------------------------------------
    def __add__(self, o): return _binary(self, o, "add")
    def __radd__(self, o): return _binary(o, self, "add")
    def __sub__(self, o): return _binary(self, o, "sub")
    def __rsub__(self, o): return _binary(o, self, "sub")
    def __mul__(self, o): return _binary(self, o, "mul")
    def __rmul__(self, o): return _binary(o, self, "mul")
    def __floordiv__(self, o): return _binary(self, o, "floordiv")
    def __rfloordiv__(self, o): return _binary(o, self, "floordiv")
    def __truediv__(self, o): return _binary(self, o, "truediv")
    def __rtruediv__(self, o): return _binary(o, self, "truediv")
    def __mod__(self, o): return _binary(self, o, "mod")
    def __rmod__(self, o): return _binary(o, self, "mod")
    def __and__(self, o): return _binary(self, o, "and")
    def __rand__(self, o): return _binary(o, self, "and")
    def __or__(self, o): return _binary(self, o, "or")
    def __ror__(self, o): return _binary(o, self, "or")
    def __xor__(self, o): return _binary(self, o, "xor")
    def __lshift__(self, o): return _binary(self, o, "shl")
    def __rshift__(self, o): return _binary(self, o, "shr")
    def __lt__(self, o): return _binary(self, o, "lt")
    def __le__(self, o): return _binary(self, o, "le")
    def __gt__(self, o): return _binary(self, o, "gt")
    def __ge__(self, o): return _binary(self, o, "ge")
    def __eq__(self, o): return _binary(self, o, "eq")  # noqa: E501
    def __ne__(self, o): return _binary(self, o, "ne")
    def __neg__(self): return _binary(0 if self.dtype.is_int else 0.0, self, "sub")
    __hash__ = object.__hash__

    def __invert__(self):
        if self.dtype.is_float or self.dtype.is_ptr:
            raise TypeError(f"~ needs an integer or boolean tensor, got {self.dtype.name}")
        return _binary(self, -1 if self.dtype is not int1 else True, "xor")

    def __bool__(self):
        raise TypeError("a tensor has no Python truth value at compile time: a runtime condition is an `if` "
                        "of the kernel (compiled to scf.if), a mask or tl.where")


#: Triton's name for the pointer type (`tl.pointer_type(tl.float16)`).
pointer_type = pointer


class pointer_value(tensor):
    """A scalar pointer (a pointer kernel argument, or one advanced by
    scalar offsets): `ptr + offsets` gives a tensor of pointers."""

    def __init__(self, value: ir.Value, ty: Optional[pointer] = None):
        super().__init__(value, ty)
        self.type = ty if ty is not None else self.dtype

    def __repr__(self):
        return f"pointer<{self.dtype.element_ty.name}>"


#: Elements one tensor may have (Triton's limit; the layout verifiers enforce
#: it too, so that no size in the layout core overflows).
MAX_TENSOR_ELEMENTS = 1 << 20


def _check_fits(value, ty: dtype, what: str) -> None:
    """An integer constant must fit the signed range of `ty` (int1: 0 or 1);
    a float constant must be finite to become an integer."""
    if ty.is_float:
        return
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            raise ValueError(f"{what} {value} is not a finite number; {ty.name} cannot hold it")
        value = int(value)
    v = int(value)
    if ty is int1:
        lo, hi = 0, 1
    elif ty.is_unsigned:
        lo, hi = 0, (1 << ty.bits) - 1
    else:
        lo, hi = -(1 << (ty.bits - 1)), (1 << (ty.bits - 1)) - 1
    if not lo <= v <= hi:
        raise ValueError(f"{what} {v} does not fit in {ty.name} ({lo}..{hi})")


def _check_shape(shape, what: str) -> list:
    if isinstance(shape, int) or not isinstance(shape, (list, tuple)):
        raise TypeError(f"{what} shape must be a list of ints, got {shape!r}")
    shape = list(shape)
    if not shape or any(isinstance(d, bool) or not isinstance(d, int) or d <= 0 or d & (d - 1) for d in shape):
        raise ValueError(f"{what} shape must be positive powers of two, got {shape}")
    n = 1
    for d in shape:
        n *= d
    if n > MAX_TENSOR_ELEMENTS:
        raise ValueError(f"{what} shape {shape} has {n} elements; a tensor may have at most "
                         f"{MAX_TENSOR_ELEMENTS} (2^20)")
    return shape


def _check_dtype(ty, what: str) -> "dtype":
    if not isinstance(ty, dtype):
        raise TypeError(f"{what} dtype must be a tlxamd.language dtype (tl.float32, ...), got {ty!r}")
    return ty


def _scalar_const(value: Union[int, float, bool], ty: dtype) -> tensor:
    if ty.is_ptr:
        raise TypeError(f"a number is not a {ty.name}; pointers come from kernel arguments (ptr + offsets)")
    _check_fits(value, ty, "constant")
    if ty.is_float:
        attr = ir.FloatAttr.get(ty.to_ir(), float(value))
    else:
        attr = ir.IntegerAttr.get(ty.to_ir(), _signless(int(value), ty))
    return tensor(arith.ConstantOp(ty.to_ir(), attr).result, ty)


def _signless(v: int, ty: dtype) -> int:
    """An unsigned constant's bit pattern as the signed value MLIR stores."""
    if ty.is_unsigned and v >= 1 << (ty.bits - 1):
        return v - (1 << ty.bits)
    return v


def _tensor_type(shape, ty: dtype, layout: Optional[Layout]) -> ir.Type:
    """The tensor type (without a layout when `layout` is None: layout
    assignment gives it one); a layout that cannot describe the shape
    (rank, size) is a ValueError carrying the verifier's message."""
    if layout is None:
        return ir.RankedTensorType.get(list(shape), ty.to_ir())
    try:
        return ir.RankedTensorType.get(list(shape), ty.to_ir(), layout.to_attr())
    except ir.MLIRError as e:
        msgs = "; ".join(d.message for d in e.error_diagnostics) or str(e)
        raise ValueError(f"layout {layout} cannot describe a {list(shape)} tensor: {msgs}") from None


def _splat(x: tensor, shape, layout_attr) -> tensor:
    t = ir.RankedTensorType.get(list(shape), x.handle.type, layout_attr)
    return tensor(_ops.splat(t, x.handle))


def _to_tensor(x, like: Optional[tensor] = None, ty: Optional[dtype] = None) -> tensor:
    if isinstance(x, tensor):
        return x
    if isinstance(x, (bool, int, float)):
        if ty is None:
            if like is not None and (like.dtype.is_float or not isinstance(x, float)):
                ty = like.dtype if like.dtype is not int1 or isinstance(x, bool) else int32
            else:
                ty = float32 if isinstance(x, float) else int32
        return _scalar_const(x, ty)
    raise TypeError(f"cannot use {x!r} as a tensor")


def _same_encoding(a: tensor, b: tensor) -> bool:
    """Same layout, or both without one (attributes do not compare to None)."""
    if a._encoding is None or b._encoding is None:
        return a._encoding is None and b._encoding is None
    return a._encoding == b._encoding


def _broadcast_pair(a: tensor, b: tensor) -> Tuple[tensor, tensor]:
    if a.is_scalar and not b.is_scalar:
        return _splat(a, b.shape, b._encoding), b
    if b.is_scalar and not a.is_scalar:
        return a, _splat(b, a.shape, a._encoding)
    if a.shape == b.shape:
        if not _same_encoding(a, b):
            # A layout-free operand takes the other's layout.
            if a._encoding is None:
                a = convert_layout(a, b.layout)
            else:
                b = convert_layout(b, a.layout)
        return a, b
    if len(a.shape) != len(b.shape):
        raise ValueError(f"cannot broadcast shapes {a.shape} and {b.shape} (ranks differ)")
    shape = []
    for x, y in zip(a.shape, b.shape):
        if x != y and 1 not in (x, y):
            raise ValueError(f"cannot broadcast shapes {a.shape} and {b.shape}")
        shape.append(max(x, y))
    return broadcast_to(a, shape), broadcast_to(b, shape, like=a)


def broadcast_to(x: tensor, shape, like: Optional[tensor] = None) -> tensor:
    """Repeat `x` along its extent-1 dimensions to `shape` (same layout)."""
    shape = tuple(shape)
    if x.shape == shape:
        return x
    t = ir.RankedTensorType.get(list(shape), x.handle.type.element_type, x._encoding)
    return tensor(_ops.broadcast(t, x.handle))


_INT_OPS = {"add": arith.addi, "sub": arith.subi, "mul": arith.muli, "floordiv": arith.divsi,
            "mod": arith.remsi, "and": arith.andi, "or": arith.ori, "xor": arith.xori, "shl": arith.shli,
            "shr": arith.shrsi}
_UINT_OPS = {**_INT_OPS, "floordiv": arith.divui, "mod": arith.remui, "shr": arith.shrui}
_FLOAT_OPS = {"add": arith.addf, "sub": arith.subf, "mul": arith.mulf, "truediv": arith.divf,
              "mod": arith.remf}
_CMP_INT = {"lt": "slt", "le": "sle", "gt": "sgt", "ge": "sge", "eq": "eq", "ne": "ne"}
_CMP_FLOAT = {"lt": "olt", "le": "ole", "gt": "ogt", "ge": "oge", "eq": "oeq", "ne": "une"}


def _promote(a: tensor, b: tensor) -> Tuple[tensor, tensor]:
    if a.dtype == b.dtype:
        return a, b
    if a.dtype.is_float or b.dtype.is_float:
        target = max((t for t in (a.dtype, b.dtype) if t.is_float), key=lambda t: t.bits)
    else:
        # Wider wins; at equal width unsigned wins (C's rules, as Triton).
        target = max((a.dtype, b.dtype), key=lambda t: (t.bits, t.is_unsigned))
    return _cast(a, target), _cast(b, target)


def _pointer_arithmetic(x, y, op: str) -> tensor:
    """`ptr + offsets` / `offsets + ptr` / `ptr - offsets`: tlxamd.addptr
    (in elements, offsets sign-extended), splatting a scalar side."""
    if op not in ("add", "sub"):
        raise TypeError(f"operator '{op}' is not defined on pointers (only ptr + offsets and ptr - offsets)")
    if isinstance(y, tensor) and y.dtype.is_ptr:
        if op == "sub":
            raise TypeError("pointer - pointer is not supported")
        x, y = y, x
    ptr = x
    if isinstance(y, (bool, float)):
        raise TypeError(f"pointer offsets must be integers, got {type(y).__name__} {y!r}")
    off = _to_tensor(y, ty=int32)
    if not off.dtype.is_int or off.dtype is int1:
        raise TypeError(f"pointer offsets must be int32 or int64, got {off.dtype.name}")
    if off.dtype.bits < 32:
        off = _cast(off, int32)
    if op == "sub":
        off = _binary(0, off, "sub")
    if ptr.is_scalar and off.is_scalar:
        return pointer_value(_ops.addptr(ptr.handle, off.handle))
    ptr, off = _broadcast_pair(ptr, off)
    return tensor(_ops.addptr(ptr.handle, off.handle))


def _binary(x, y, op: str) -> tensor:
    _builder()
    if any(isinstance(v, tensor) and v.dtype.is_ptr for v in (x, y)):
        return _pointer_arithmetic(x, y, op)
    a = _to_tensor(x, like=y if isinstance(y, tensor) else None)
    b = _to_tensor(y, like=a)
    for v in (a, b):
        if v.dtype.is_fp8:
            raise TypeError(f"operator '{op}' is not supported on {v.dtype.name} (a storage format); "
                            f"convert with .to(tl.float32) first")
    a, b = _promote(a, b)
    a, b = _broadcast_pair(a, b)
    if op in _CMP_INT:
        if a.dtype.is_float:
            pred = getattr(arith.CmpFPredicate, _CMP_FLOAT[op].upper())
            return tensor(arith.cmpf(pred, a.handle, b.handle))
        name = _CMP_INT[op]
        if a.dtype.is_unsigned and name.startswith("s"):
            name = "u" + name[1:]
        pred = getattr(arith.CmpIPredicate, name)
        return tensor(arith.cmpi(pred, a.handle, b.handle))
    table = _FLOAT_OPS if a.dtype.is_float else _UINT_OPS if a.dtype.is_unsigned else _INT_OPS
    if op == "truediv" and not a.dtype.is_float:
        a, b = _cast(a, float32), _cast(b, float32)
        table = _FLOAT_OPS
    if op == "floordiv" and a.dtype.is_float:
        raise TypeError("// on floating-point tensors is not supported; use /")
    if op not in table:
        raise TypeError(f"operator '{op}' is not supported on {a.dtype.name}")
    if table is _FLOAT_OPS and op in ("add", "sub", "mul") and _builder().fp_fusion:
        return tensor(table[op](a.handle, b.handle, fastmath=ir.Attribute.parse("#arith.fastmath<contract>")))
    return tensor(table[op](a.handle, b.handle), a.dtype if a.dtype.is_unsigned else None)


def _result_type_like(x: tensor, ty: dtype) -> ir.Type:
    if x.is_scalar:
        return ty.to_ir()
    return ir.RankedTensorType.get(list(x.shape), ty.to_ir(), x._encoding)


_ROUNDING = {"rtne": "to_nearest_even", "rtz": "toward_zero"}


def cast(input, dtype, fp_downcast_rounding: Optional[str] = None, bitcast: bool = False) -> tensor:  # noqa: A002
    """tl.cast: `input` as `dtype`. Float downcasts round to nearest even
    ("rtne", the default) or toward zero ("rtz"); to fp8 they saturate to
    the largest finite value (NaN stays NaN). `bitcast=True` reinterprets
    the bits of a value of the same width."""
    x = _to_tensor(input)
    if not isinstance(dtype, (globals()["dtype"], pointer)):
        raise TypeError(f"cast expects a tlxamd dtype, got {dtype!r}")
    ty = dtype
    if bitcast:
        if x.dtype.is_ptr or ty.is_ptr or x.dtype.bits != ty.bits or ty is int1 or x.dtype is int1:
            raise ValueError(f"bitcast needs types of the same width, got {x.dtype.name} and {ty.name}")
        if x.dtype == ty:
            return x
        return tensor(arith.bitcast(_result_type_like(x, ty), x.handle))
    if x.dtype.is_ptr or ty.is_ptr:
        if fp_downcast_rounding is not None:
            raise ValueError("fp_downcast_rounding applies to float conversions, not pointers")
        return _pointer_cast(x, ty)
    if fp_downcast_rounding is not None:
        if fp_downcast_rounding not in _ROUNDING:
            raise ValueError(f"fp_downcast_rounding must be 'rtne' or 'rtz', got {fp_downcast_rounding!r}")
        if not (x.dtype.is_float and ty.is_float and ty.bits <= x.dtype.bits and ty != x.dtype):
            raise ValueError(f"fp_downcast_rounding applies to narrowing float conversions, not "
                             f"{x.dtype.name} to {ty.name}")
        if x.dtype is float64 and fp_downcast_rounding == "rtz":
            raise ValueError("rtz from float64 is not supported; convert to float32 first")
        if fp_downcast_rounding == "rtne":
            fp_downcast_rounding = None  # the default rounding of every conversion
    return _cast(x, ty, fp_downcast_rounding)


def _pointer_cast(x: tensor, ty) -> tensor:
    """Pointer conversions (Triton's int_to_ptr / ptr_to_int / bitcast):
    an int64 byte address to a global pointer, a global pointer to its int64
    address, a pointer to a pointer of another element type."""
    if x.dtype == ty:
        return x
    rt = _result_type_like(x, ty)
    if ty.is_ptr and x.dtype.is_ptr:
        if ty.address_space != x.dtype.address_space:
            raise TypeError(f"cannot convert {x.dtype.name} to {ty.name}: the address space differs")
        op = _ops.ptr_cast
    elif ty.is_ptr:
        if x.dtype is not int64:
            raise TypeError(f"cannot convert {x.dtype.name} to {ty.name}: an address is an int64")
        if ty.address_space != 1:
            raise TypeError(f"cannot convert an int64 to {ty.name}: addresses name global memory")
        op = _ops.int_to_ptr
    else:
        if ty is not int64:
            raise TypeError(f"cannot convert {x.dtype.name} to {ty.name}: a pointer converts to int64")
        if x.dtype.address_space != 1:
            raise TypeError(f"cannot convert {x.dtype.name} to an int64: only global pointers have one")
        op = _ops.ptr_to_int
    value = op(rt, x.handle)
    return pointer_value(value) if ty.is_ptr and x.is_scalar else tensor(value)


def _cast(x: tensor, ty: dtype, rounding: Optional[str] = None) -> tensor:
    if x.dtype == ty:
        return x
    if x.dtype.is_ptr or ty.is_ptr:
        raise TypeError(f"cannot convert {x.dtype.name} to {ty.name}")
    rt = _result_type_like(x, ty)
    src = x.dtype
    if src.is_float and ty.is_float and src.bits == ty.bits:
        # f16 <-> bf16, fp8 <-> fp8: through f32 (exact), then rounded once
        return _cast(_cast(x, float32), ty, rounding)
    if src.is_fp8 and not ty.is_float:
        return _cast(_cast(x, float32), ty)
    if ty.is_fp8 and not src.is_float:
        return _cast(_cast(x, float32), ty, rounding)
    if ty.is_fp8 and src is float64:
        x = _cast(x, float32)
        src = float32
    if src.is_float and ty.is_float:
        if ty.bits < src.bits:
            mode = getattr(arith.RoundingMode, _ROUNDING[rounding]) if rounding else None
            return tensor(arith.truncf(rt, x.handle, roundingmode=mode))
        op = arith.extf
    elif src.is_float:
        op = arith.fptoui if ty.is_unsigned else arith.fptosi
    elif ty.is_float:
        op = arith.uitofp if src is int1 or src.is_unsigned else arith.sitofp
    elif ty.bits > src.bits:
        op = arith.extui if src is int1 or src.is_unsigned else arith.extsi
    elif ty.bits == src.bits:
        # int8 <-> uint8: the same bits under a new name (a value of its own).
        op = arith.bitcast
    else:
        op = arith.trunci
    return tensor(op(rt, x.handle), ty)


# ---------------------------------------------------------------------------
# Core builders
# ---------------------------------------------------------------------------


def program_id(axis: int) -> tensor:
    """The program (workgroup / CTA) id along `axis` (0, 1, 2), an int32."""
    _builder()
    if axis not in (0, 1, 2):
        raise ValueError(f"program_id axis must be 0, 1 or 2, got {axis!r}")
    return tensor(_ops.program_id(axis))


def num_programs(axis: int) -> tensor:
    """The number of programs along `axis` (0, 1, 2), an int32."""
    _builder()
    if axis not in (0, 1, 2) or isinstance(axis, bool):
        raise ValueError(f"num_programs axis must be 0, 1 or 2, got {axis!r}")
    return tensor(_ops.num_programs(axis))


def arange(start: int, end: int, layout: Optional[Layout] = None) -> tensor:
    """The int32 range start..end-1 (end - start a power of two)."""
    _builder()
    for name, v in (("start", start), ("end", end)):
        if isinstance(v, bool) or not isinstance(v, int):
            raise TypeError(f"arange {name} must be a constexpr int, got {v!r}")
        if not -(1 << 31) <= v <= (1 << 31) - 1:
            raise ValueError(f"arange {name} {v} does not fit in int32")
    n = end - start
    if n <= 0 or n & (n - 1):
        raise ValueError(f"arange needs end - start to be a positive power of two, got {n}")
    if n > MAX_TENSOR_ELEMENTS:
        raise ValueError(f"arange of {n} elements; a tensor may have at most {MAX_TENSOR_ELEMENTS} (2^20)")
    if layout is not None and not isinstance(layout, Layout):
        raise TypeError(f"arange layout must be a tlxamd layout, got {layout!r}")
    return tensor(_ops.make_range(_tensor_type([n], int32, layout), start, end))


def _full_number(value, dtype: dtype):
    """`value` (a Python number) checked to be one of `dtype`: a float for
    an integer type truncated, but finite."""
    if not isinstance(value, (bool, int, float)):
        raise TypeError(f"full value must be a number or a scalar tensor, got {value!r}")
    if isinstance(value, float) and not dtype.is_float:
        if value != value or value in (float("inf"), float("-inf")):
            raise ValueError(f"full value {value} is not a finite number; {dtype.name} cannot hold it")
        value = int(value)
    _check_fits(value, dtype, "full value")
    return value


def full(shape, value, dtype: dtype, layout: Optional[Layout] = None) -> tensor:
    """A tensor of `shape` filled with `value`; `shape` [] is a 0-d tensor,
    which tlxamd holds as a scalar (Triton's `tl.zeros([], dtype)`)."""
    _builder()
    if isinstance(shape, (list, tuple)) and len(shape) == 0:
        dtype = _check_dtype(dtype, "full")
        if layout is not None:
            raise ValueError("a 0-d tensor has no layout")
        if isinstance(value, tensor):
            if not value.is_scalar:
                raise ValueError(f"full([], ...) takes a number or a scalar tensor, got shape {value.shape}")
            return _cast(value, dtype)
        return _to_tensor(_full_number(value, dtype), ty=dtype)
    shape = _check_shape(shape, "full")
    dtype = _check_dtype(dtype, "full")
    if layout is not None and not isinstance(layout, Layout):
        raise TypeError(f"full layout must be a tlxamd layout, got {layout!r}")
    t = _tensor_type(shape, dtype, layout)
    if isinstance(value, tensor):
        return _splat(_cast(value, dtype), shape, t.encoding)
    value = _full_number(value, dtype)
    elem = dtype.to_ir()
    attr = ir.FloatAttr.get(elem, float(value)) if dtype.is_float else \
        ir.IntegerAttr.get(elem, _signless(int(value), dtype))
    return tensor(arith.ConstantOp(t, ir.DenseElementsAttr.get_splat(t, attr)).result, dtype)


def zeros(shape, dtype: dtype, layout: Optional[Layout] = None) -> tensor:
    return full(shape, 0, dtype, layout)


def expand_dims(x: tensor, axis: int) -> tensor:
    """Insert an extent-1 dimension; the tensor's layout must be a slice
    along `axis` (x[:, None] / x[None, :])."""
    x = _to_tensor(x)
    if x.is_scalar:
        raise ValueError("expand_dims needs a tensor, got a scalar")
    if not isinstance(axis, int) or isinstance(axis, bool) or not 0 <= axis <= len(x.shape):
        raise ValueError(f"expand_dims axis must be an int in 0..{len(x.shape)}, got {axis!r}")
    if x._encoding is None:
        shape = list(x.shape)
        shape.insert(axis, 1)
        t = ir.RankedTensorType.get(shape, x.handle.type.element_type)
        return tensor(_ops.expand_dims(t, x.handle, axis))
    enc = x.layout
    if not isinstance(enc, Layout):
        raise ValueError("expand_dims needs a distributed tensor")
    text = str(enc)
    prefix = f"#tlxamd.slice<{{dim = {axis}, parent = "
    if not text.startswith(prefix):
        raise ValueError(f"expand_dims along axis {axis} needs a tensor in #tlxamd.slice<{{dim = {axis}, ...}}>, "
                         f"got {text}; build it with arange(..., layout=slice_layout({axis}, parent))")
    parent = text[len(prefix):-2]
    shape = list(x.shape)
    shape.insert(axis, 1)
    t = ir.RankedTensorType.get(shape, x.handle.type.element_type, ir.Attribute.parse(parent))
    return tensor(_ops.expand_dims(t, x.handle, axis))


def convert_layout(x: tensor, layout: Layout) -> tensor:
    x = _to_tensor(x)
    if not isinstance(layout, Layout):
        raise TypeError(f"convert_layout layout must be a tlxamd layout, got {layout!r}")
    if x.is_scalar:
        raise ValueError("convert_layout needs a tensor, got a scalar")
    t = _tensor_type(x.shape, x.dtype, layout)
    if t == x.handle.type:
        return x
    return tensor(_ops.convert_layout(t, x.handle))


def require_layout(values: tensor, layout: Layout, pin: bool = False) -> tensor:
    """Pin `values` to `layout` (tlx.require_layout); with `pin=True` the
    value must already be in it up to each thread's register order (no
    movement across lanes or warps)."""
    if not isinstance(pin, bool):
        raise TypeError(f"require_layout pin must be a bool, got {pin!r}")
    values = _to_tensor(values)
    if not isinstance(layout, Layout):
        raise TypeError(f"require_layout layout must be a tlxamd layout, got {layout!r}")
    if values.is_scalar:
        raise ValueError("require_layout needs a tensor, got a scalar")
    t = _tensor_type(values.shape, values.dtype, layout)
    return tensor(_ops.require_layout(t, values.handle, pin=pin or None))


def where(cond: tensor, x, y) -> tensor:
    cond = _to_tensor(cond)
    if cond.dtype.is_ptr:
        raise TypeError(f"where condition must be a boolean or a number, got {cond.dtype.name}")
    if cond.dtype is not int1:
        cond = cond != 0  # Triton casts the condition to int1: nonzero is true
    a = _to_tensor(x, like=_to_tensor(y) if isinstance(y, tensor) else None)
    b = _to_tensor(y, like=a)
    a, b = _promote(a, b)
    a, b = _broadcast_pair(a, b)
    c, a = _broadcast_pair(cond, a)
    a, b = _broadcast_pair(a, b)  # the condition's shape may be the widest
    c, a = _broadcast_pair(c, a)
    return tensor(arith.select(c.handle, a.handle, b.handle))


def _hint(x: tensor, values, name: str, what: str) -> tensor:
    x = _to_tensor(x)
    rank = len(x.shape)
    vals = [values] if isinstance(values, int) and not isinstance(values, bool) else list(values) \
        if isinstance(values, (list, tuple)) else None
    if vals is None or not all(isinstance(v, int) and not isinstance(v, bool) and v >= 1 for v in vals):
        raise TypeError(f"{what} values must be positive ints, got {values!r}")
    if x.dtype.is_float:
        raise TypeError(f"{what} needs integers or pointers, got {x.dtype.name}")
    if rank == 0 and len(vals) != 1 or rank and len(vals) not in (1, rank):
        raise ValueError(f"{what} needs one value per dimension ({max(rank, 1)}), got {len(vals)}")
    i32 = ir.IntegerType.get_signless(32)
    if rank == 0:
        attr = ir.IntegerAttr.get(i32, vals[0])
    else:
        attr = ir.DenseI32ArrayAttr.get(vals * rank if len(vals) == 1 else vals)
    v = x.handle
    if isinstance(v, ir.BlockArgument) and isinstance(v.owner.owner, gpu.GPUFuncOp) and rank == 0 \
            and name == "tlxamd.divisibility":
        # a kernel argument: the launch-time assumption (Triton's i32:16)
        fn = v.owner.owner
        old = list(fn.attributes["arg_attrs"]) if "arg_attrs" in fn.attributes else \
            [ir.DictAttr.get({}) for _ in fn.regions[0].blocks[0].arguments]
        entries = {a.name: a.attr for a in old[v.arg_number]}
        entries[name] = attr
        old[v.arg_number] = ir.DictAttr.get(entries)
        fn.attributes["arg_attrs"] = ir.ArrayAttr.get(old)
        return x
    if isinstance(v, ir.BlockArgument):
        # a loop counter or carried value (Triton's `start_n = tl.multiple_of(
        # start_n, BLOCK_N)`, tutorial 08's `tl.multiple_of(a_ptrs, [16, 16])`
        # on carried pointers): the fact goes on an x + 0 the analyses read
        # (nothing folds it before them)
        if x.dtype.is_ptr:
            x = _binary(x, 0, "add")
        else:
            x = tensor(arith.addi(v, _to_tensor(0, like=x).handle), x.dtype if x.dtype.is_unsigned else None)
        v = x.handle
    v.owner.attributes[name] = attr
    return x


def multiple_of(x, values) -> tensor:
    """Assert that `x` (per dimension, or its scalar value) is a multiple of
    `values` (Triton's tl.multiple_of): loads and stores through it may
    then use wider accesses. A wrong claim gives wrong results."""
    return _hint(x, values, "tlxamd.divisibility", "multiple_of")


def max_contiguous(x, values) -> tensor:
    """Assert that `x` holds runs of `values` consecutive integers along
    each dimension (Triton's tl.max_contiguous)."""
    return _hint(x, values, "tlxamd.contiguity", "max_contiguous")


def debug_barrier() -> None:
    """Triton's tl.debug_barrier: every thread of the program reaches this
    point, and their shared-memory accesses before it are visible after it
    (`gpu.barrier`: `s_barrier` with workgroup fences on AMD, `bar.sync` on
    NVIDIA)."""
    _builder()
    gpu.BarrierOp()


def assume(cond) -> None:
    """Triton's tl.assume: promise that the scalar condition `cond` holds
    (`llvm.intr.assume`; LLVM's optimizations use it, and the buffer
    conversion takes `x >= 0` / `x > 0` on a value as proof that it is not
    negative). A false promise gives wrong results."""
    _builder()
    if isinstance(cond, bool):
        if not cond:
            raise ValueError("assume(False): the promise is false")
        return
    if not isinstance(cond, tensor) or cond.dtype is not int1 or not cond.is_scalar:
        raise TypeError(f"assume needs a scalar boolean (a comparison of scalars), got {cond!r}")
    _llvm.intr_assume(cond.handle, [], [])


def _broadcast_like(x: tensor, like: tensor, what: str, other: str) -> tensor:
    """`x` repeated along its extent-1 dimensions to `like`'s shape (Triton
    broadcasts a load's or store's mask and values to the pointers' shape),
    then in `like`'s layout."""
    if x.shape != like.shape:
        if len(x.shape) != len(like.shape) or any(a not in (1, b) for a, b in zip(x.shape, like.shape)):
            raise ValueError(f"{what} shape {x.shape} does not broadcast to {other}' shape {like.shape} "
                             f"(same rank; each extent equal or 1)")
        x = broadcast_to(x, like.shape)
    return _like_layout(x, like, what, other)


def _like_layout(x: tensor, like: tensor, what: str, other: str) -> tensor:
    """`x` in the layout of `like` (a layout-free `x` is converted too)."""
    if _same_encoding(x, like):
        return x
    if like._encoding is None:
        raise ValueError(f"{what} has layout {x.layout} but {other} has none; give {other} a layout "
                         f"(or leave both without one)")
    return convert_layout(x, like.layout)



# Every builder (and tensor operator) records the user's source location.
for _name in ("assume", "debug_barrier", "cast", "broadcast_to", "program_id", "num_programs", "arange", "full", "zeros", "expand_dims", "convert_layout",
              "require_layout", "where", "multiple_of", "max_contiguous"):
    globals()[_name] = _located(globals()[_name])
for _name, _attr in list(vars(tensor).items()):
    if callable(_attr) and (_name == "to" or (_name.startswith("__") and _name not in (
            "__init__", "__repr__", "__bool__", "__init_subclass__", "__subclasshook__", "__hash__"))):
        setattr(tensor, _name, _located(_attr))
del _name, _attr
