"""Matrix multiply: `tl.dot(a, b, acc=None, out_dtype=tl.float32)` and the
microscaled `dot_scaled(lhs, lhs_scale, lhs_format, rhs, rhs_scale,
rhs_format, ...)` on the
matrix engines. With explicit layouts (Gluon style) the operands carry
`dot_operand_layout(0 / 1, parent, k_width)` of the accumulator's
`amd_mfma_layout`, which names the instruction; the dialect verifies the
combination and the target's capability table the instruction."""

from __future__ import annotations

from .. import ir
from .. import targets as _targets
from ..dialects import tlxamd as _ops
from ..layouts import layout_from_attr
from .core import _builder, _cast, _located, _to_tensor, dtype, float32, float64, int8, int32, tensor, zeros

__all__ = ["dot", "dot_scaled"]


def _dot_parent(x: tensor):
    """The parent (accumulator) layout of a dot-operand tensor, else None."""
    text = str(x._encoding) if x._encoding is not None else ""
    key = "#tlxamd.dot_operand<{op_idx = "
    if not text.startswith(key):
        return None
    start = text.index("parent = ") + len("parent = ")
    depth = 0
    for i in range(start, len(text)):
        depth += {"<": 1, "{": 1, "[": 1, ">": -1, "}": -1, "]": -1}.get(text[i], 0)
        if depth == 0 and text[i] == ",":
            return layout_from_attr(ir.Attribute.parse(text[start:i]))
    return None


_INPUT_PRECISIONS = (None, "tf32", "tf32x3", "ieee", "bf16x3", "bf16x6")


def dot(a, b, acc=None, input_precision=None, allow_tf32=None, max_num_imprecise_acc=None,
        out_dtype: dtype = float32) -> tensor:
    """`a @ b + acc` (`acc` zero when omitted) for `a` M x K and `b` K x N,
    accumulated in `out_dtype` (f32 for floats, int32 for int8 operands).

    Triton's precision arguments: `input_precision` / `allow_tf32` matter
    for f32 operands only. tlxamd multiplies f32 operands as the target's
    f32 MMA does: tf32 on NVIDIA (Triton's default there), f32 products on
    AMD's MFMA. Asking for "ieee" (or `allow_tf32=False`) on NVIDIA, where
    that would need FMA lowering, is an error; on AMD every choice gets the
    f32 products (at least the precision asked for).
    `max_num_imprecise_acc` (fp8) is accepted: fp8 products accumulate in
    full f32."""
    input_precision = getattr(input_precision, "value", input_precision)
    allow_tf32 = getattr(allow_tf32, "value", allow_tf32)
    if input_precision not in _INPUT_PRECISIONS:
        raise ValueError(f"input_precision must be one of {_INPUT_PRECISIONS[1:]}, got {input_precision!r}")
    if allow_tf32 is not None and not isinstance(allow_tf32, bool):
        raise TypeError(f"allow_tf32 must be a bool, got {allow_tf32!r}")
    if allow_tf32 is not None and input_precision is not None:
        raise ValueError("give input_precision or allow_tf32, not both")
    if allow_tf32 is not None:
        input_precision = "tf32" if allow_tf32 else "ieee"
    a, b = _to_tensor(a), _to_tensor(b)
    if a.dtype is float32 and input_precision not in (None, "tf32") and \
            _targets.get(_builder().target)["vendor"] == "nvidia":
        raise NotImplementedError(f"dot of float32 operands with input_precision={input_precision!r} on NVIDIA: "
                                  f"tlxamd's f32 dots there use tf32 tensor cores")
    if len(a.shape) != 2 or len(b.shape) != 2:
        raise ValueError(f"dot multiplies matrices (rank 2), got shapes {a.shape} and {b.shape}")
    if a.shape[1] != b.shape[0]:
        raise ValueError(f"dot of {list(a.shape)} and {list(b.shape)}: K differs ({a.shape[1]} vs {b.shape[0]})")
    if a.dtype != b.dtype:
        raise TypeError(f"dot operands have different dtypes, {a.dtype.name} and {b.dtype.name}")
    if not isinstance(out_dtype, dtype):
        raise TypeError(f"out_dtype must be a dtype, got {out_dtype!r}")
    want = int32 if a.dtype is int8 else (float64 if a.dtype is float64 else float32)
    if out_dtype != want:
        raise TypeError(f"dot of {a.dtype.name} operands accumulates in {want.name}, got out_dtype={out_dtype.name}")
    shape = (a.shape[0], b.shape[1])
    parent = _dot_parent(a)
    if acc is None:
        c = zeros(list(shape), out_dtype, parent)
    else:
        c = _to_tensor(acc, ty=out_dtype)
        if c.shape != shape:
            raise ValueError(f"acc shape {c.shape} differs from the product's {shape}")
        c = _cast(c, out_dtype)
    return tensor(_ops.dot(a.handle, b.handle, c.handle))


dot = _located(dot)


_SCALED_FORMATS = ("e2m1", "e2m3", "e3m2", "e4m3", "e5m2", "bf16", "fp16")


def dot_scaled(lhs, lhs_scale, lhs_format: str, rhs, rhs_scale, rhs_format: str, acc=None, *,
               fast_math: bool = False, lhs_k_pack: bool = True, rhs_k_pack: bool = True,
               out_dtype: dtype = float32, tiles_per_warp=None) -> tensor:
    """`(lhs * 2^lhs_scale) @ (rhs * 2^rhs_scale) + acc` in OCP microscaling
    (tl.dot_scaled; tlx.dot_scaled adds `tiles_per_warp`). Formats `e4m3` /
    `e5m2` (fp8 tensors or int8 bit patterns), `e2m3` / `e3m2` (fp6, one per
    int8), `e2m1` (fp4, two per int8, packed along K unless `*_k_pack` is
    False), `bf16` / `fp16` (no scale). A scale is an int8 tensor of E8M0
    exponents, one per 32 K values of a row ([M, K // 32] for the lhs,
    [N, K // 32] for the rhs), or None for 1. `tiles_per_warp=[m, n]` is the
    scaled-WMMA scheduling hint (D1-D4): each warp would emit an m x n
    block of instruction tiles; no target lowers it yet, so every target
    rejects it (D4) rather than ignore it."""
    op = "dot_scaled"
    a, b = _to_tensor(lhs), _to_tensor(rhs)
    formats = []
    for side, fmt in (("lhs", lhs_format), ("rhs", rhs_format)):
        if not isinstance(fmt, str) or fmt not in _SCALED_FORMATS:
            raise ValueError(f"{op} {side}_format must be one of {', '.join(_SCALED_FORMATS)}, got {fmt!r}")
        formats.append(fmt)
    for name, flag in (("fast_math", fast_math), ("lhs_k_pack", lhs_k_pack), ("rhs_k_pack", rhs_k_pack)):
        if not isinstance(flag, bool):
            raise TypeError(f"{op} {name} must be a bool, got {flag!r}")
    if len(a.shape) != 2 or len(b.shape) != 2:
        raise ValueError(f"{op} multiplies matrices (rank 2), got shapes {a.shape} and {b.shape}")
    if out_dtype is not float32:
        raise TypeError(f"{op} accumulates in float32, got out_dtype={getattr(out_dtype, 'name', out_dtype)}")
    scales = []
    for side, s in (("lhs", lhs_scale), ("rhs", rhs_scale)):
        if s is not None and not isinstance(s, tensor):
            raise TypeError(f"{op} {side}_scale must be a tensor or None, got {s!r}")
        scales.append(s.handle if s is not None else None)
    tpw = None
    if tiles_per_warp is not None:
        if not isinstance(tiles_per_warp, (list, tuple)) or \
                not all(isinstance(t, int) and not isinstance(t, bool) for t in tiles_per_warp):
            raise TypeError(f"{op} tiles_per_warp must be a list of ints, got {tiles_per_warp!r}")
        if len(tiles_per_warp) != 2 or any(t <= 0 for t in tiles_per_warp):
            raise ValueError(f"{op} tiles_per_warp needs one positive entry per result dimension (D3), "
                             f"got {list(tiles_per_warp)}")
        tpw = ir.DenseI32ArrayAttr.get([int(t) for t in tiles_per_warp])
    rows = a.shape[0] * (2 if formats[0] == "e2m1" and not lhs_k_pack else 1)
    cols = b.shape[1] * (2 if formats[1] == "e2m1" and not rhs_k_pack else 1)
    shape = (rows, cols)
    if acc is None:
        c = zeros(list(shape), float32, _dot_parent(a))
    else:
        c = _cast(_to_tensor(acc, ty=float32), float32)
        if c.shape != shape:
            raise ValueError(f"acc shape {c.shape} differs from the product's {shape}")
    return tensor(_ops.dot_scaled(c.handle.type, a.handle, b.handle, c.handle, formats[0], formats[1],
                                  a_scale=scales[0], b_scale=scales[1],
                                  fast_math=True if fast_math else None,
                                  lhs_k_pack=ir.BoolAttr.get(lhs_k_pack), rhs_k_pack=ir.BoolAttr.get(rhs_k_pack),
                                  tiles_per_warp=tpw))


dot_scaled = _located(dot_scaled)
