"""Host side of the Mojo PreshuffledBLoader reference's preshuffled MXFP B operands (Mojo's
PreshuffledBLoader): the byte layout a weight is stored in so that each
lane's MFMA B fragment is one contiguous, naturally aligned load per plane.

    from tlxamd import preshuffle
    stored = preshuffle.shuffle_b(b, lane_bytes=16)    # uint8 [E, N, K_BYTES]
    b_again = preshuffle.unshuffle_b(stored, lane_bytes=16)
    preshuffle.layout(24)    # {'num_planes': 2, 'plane_widths': [16, 8], ...}

`b` is the logical per-expert [N, K_BYTES] byte matrix (FP4: two values
per byte along K, K_BYTES = K // 2), a numpy array or a CPU torch tensor,
2-D or with a leading expert dimension; the result has the same shape and
type, each expert's bytes permuted. Tiles are 16 rows by 4 * lane_bytes
bytes (one MFMA), stored (n0, k0)-major; in a tile lane k1 * 16 + n1's
fragment (row n1, K bytes k1 * lane_bytes on) is split into planes of 16
bytes and a remainder, each plane of the 64 lanes contiguous. The offsets
come from the C++ layout core (Layout/Preshuffle.h), which the device
loader's lowering uses too. No GPU is involved.

`shuffle_scales(scales, mfma_nonkdim)` stores E8M0 block scales ([rows,
K / 32] bytes) as CDNA4's scaled MFMA reads them, Triton's layout for its
CDNA4 block-scaled tutorial: [rows / 32, K] bytes, each 32-row group's
scales ordered so that a lane's scales for two K steps of two 16-row tiles
(16 x 16 x 128) or four K steps of one 32-row tile (32 x 32 x 64) are 4
consecutive bytes. A kernel undoes it in registers with reshape and
permute (no data moves: layout assignment gives the load the
instruction's scale layout):

    16: s.reshape(BM // 32, BK // 256, 4, 16, 2, 2, 1).permute(0, 5, 3, 1, 4, 2, 6).reshape(BM, BK // 32)
    32: s.reshape(BM // 32, BK // 256, 2, 32, 4, 1).permute(0, 3, 1, 4, 2, 5).reshape(BM, BK // 32)"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any, Dict

import numpy as np

from ._mlir_libs import _tlxamd

__all__ = ["layout", "offsets", "shuffle_b", "unshuffle_b", "shuffle_scales", "unshuffle_scales"]


def layout(lane_bytes: int) -> Dict[str, Any]:
    """num_planes, plane_starts, plane_widths, reg_bytes, tile_k_bytes and
    tile_bytes of the layout for `lane_bytes` (16: FP4, 24: FP6, 32: FP8)."""
    if not isinstance(lane_bytes, int) or isinstance(lane_bytes, bool):
        raise TypeError(f"lane_bytes must be an int, got {lane_bytes!r}")
    return json.loads(_tlxamd.preshuffle_layout(lane_bytes))


@lru_cache(maxsize=32)
def _offsets(lane_bytes: int, n: int, k_bytes: int) -> np.ndarray:
    out = np.frombuffer(_tlxamd.preshuffle_offsets(lane_bytes, n, k_bytes), np.int64)
    out.flags.writeable = False
    return out


def offsets(n: int, k_bytes: int, lane_bytes: int = 16) -> np.ndarray:
    """The stored offset of each logical byte of an [n, k_bytes] matrix,
    shape [n, k_bytes]."""
    for name, v in (("N", n), ("K_BYTES", k_bytes), ("lane_bytes", lane_bytes)):
        if not isinstance(v, (int, np.integer)) or isinstance(v, bool):
            raise TypeError(f"{name} must be an int, got {v!r}")
    return _offsets(int(lane_bytes), int(n), int(k_bytes)).reshape(int(n), int(k_bytes))


def _as_bytes(b, what: str):
    """(numpy uint8 view of `b` as [E, N, K_BYTES], torch module or None)."""
    torch = None
    if type(b).__module__.startswith("torch"):
        import torch
        if b.device.type != "cpu":
            raise ValueError(f"{what}: the tensor must be on the CPU, got {b.device}")
        b = b.contiguous().numpy()
    if not isinstance(b, np.ndarray):
        raise TypeError(f"{what}: expected a numpy array or a torch tensor, got {type(b).__name__}")
    if b.dtype.itemsize != 1 or b.dtype.kind not in "ui":
        raise TypeError(f"{what}: expected 8-bit integer bytes (uint8 / int8), got {b.dtype}")
    if b.ndim not in (2, 3):
        raise ValueError(f"{what}: expected [N, K_BYTES] or [E, N, K_BYTES], got shape {b.shape}")
    return b, torch


def _permute(b, lane_bytes: int, inverse: bool, what: str):
    arr, torch = _as_bytes(b, what)
    shape = arr.shape
    e3 = arr.reshape((-1,) + shape[-2:])
    idx = offsets(shape[-2], shape[-1], lane_bytes).reshape(-1)
    flat = np.ascontiguousarray(e3).reshape(e3.shape[0], -1)
    out = np.empty_like(flat)
    if inverse:
        out[:] = flat[:, idx]
    else:
        out[:, idx] = flat
    out = out.reshape(shape)
    return torch.from_numpy(out) if torch is not None else out


def shuffle_b(b, lane_bytes: int = 16):
    """The preshuffled form of the logical B bytes `b` ([N, K_BYTES] or
    [E, N, K_BYTES]); N must be a multiple of 16, K_BYTES of
    4 * lane_bytes."""
    return _permute(b, lane_bytes, False, "shuffle_b")


def unshuffle_b(b, lane_bytes: int = 16):
    """The logical bytes of a preshuffled B (shuffle_b's inverse)."""
    return _permute(b, lane_bytes, True, "unshuffle_b")


# [rows, K / 32] -> [rows / 32, K]: the axes of a 32-row group's scales
# (group, then the order a lane's registers want them) for each MFMA size.
_SCALE_SPLIT = {16: lambda g, c: (g, 2, 16, c // 8, 2, 4, 1), 32: lambda g, c: (g, 32, c // 8, 4, 2, 1)}
_SCALE_ORDER = {16: (0, 3, 5, 2, 4, 1, 6), 32: (0, 2, 4, 1, 3, 5)}


def _scales(s, mfma_nonkdim: int, what: str):
    if mfma_nonkdim not in _SCALE_SPLIT or isinstance(mfma_nonkdim, bool):
        raise ValueError(f"{what}: mfma_nonkdim must be 16 or 32, got {mfma_nonkdim!r}")
    arr, torch = _as_bytes(s, what)
    if arr.ndim != 2:
        raise ValueError(f"{what}: expected a 2-D scale matrix, got shape {arr.shape}")
    return np.ascontiguousarray(arr), torch


def shuffle_scales(scales, mfma_nonkdim: int = 16):
    """CDNA4's preshuffled form of E8M0 scales `scales` ([rows, K / 32]
    bytes; rows a multiple of 32, K / 32 of 8): [rows / 32, K] bytes."""
    arr, torch = _scales(scales, mfma_nonkdim, "shuffle_scales")
    rows, cols = arr.shape
    if rows % 32 or cols % 8:
        raise ValueError(f"shuffle_scales: rows must be a multiple of 32 and K / 32 of 8, got {arr.shape}")
    out = arr.reshape(_SCALE_SPLIT[mfma_nonkdim](rows // 32, cols)).transpose(_SCALE_ORDER[mfma_nonkdim])
    out = np.ascontiguousarray(out).reshape(rows // 32, cols * 32)
    return torch.from_numpy(out) if torch is not None else out


def unshuffle_scales(scales, mfma_nonkdim: int = 16):
    """The [rows, K / 32] scales of a shuffle_scales result ([rows / 32,
    K] bytes)."""
    arr, torch = _scales(scales, mfma_nonkdim, "unshuffle_scales")
    groups, k = arr.shape
    if k % 256:
        raise ValueError(f"unshuffle_scales: expected [rows / 32, K] with K a multiple of 256, got {arr.shape}")
    split = _SCALE_SPLIT[mfma_nonkdim](groups, k // 32)
    order = _SCALE_ORDER[mfma_nonkdim]
    out = arr.reshape(tuple(split[i] for i in order)).transpose(np.argsort(order))
    out = np.ascontiguousarray(out).reshape(groups * 32, k // 32)
    return torch.from_numpy(out) if torch is not None else out
