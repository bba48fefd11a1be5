"""Checks of a launch's grid and arguments that `tlxamd.runtime` (the GPU)
and `tlxamd.emulator` (AMD kernels on the CPU) share: a bad grid or an
argument that does not fit its parameter is a clear exception, never a
launch of nothing or of a wrapped value."""

from __future__ import annotations

import math
from typing import Any, Tuple

# Scalar parameter kinds (as kernels' metadata and lowered types name them)
# and the integers they hold.
_INT_RANGES = {"i8": 8, "i16": 16, "i32": 32, "i64": 64}


def normalize_grid(grid: Any, kernel: str = "kernel") -> Tuple[int, int, int]:
    """`grid` as three positive ints: an int, or a sequence of 1 to 3 ints
    (the missing ones 1). Zero, negative, non-integer or empty grids and
    more than three dimensions are ValueErrors / TypeErrors."""
    if type(grid) is tuple:  # the launch path: tuples of positive ints
        n = len(grid)
        if n == 1 and type(grid[0]) is int and grid[0] > 0:
            return (grid[0], 1, 1)
        if n == 3 and type(grid[0]) is int and type(grid[1]) is int and type(grid[2]) is int and \
                grid[0] > 0 and grid[1] > 0 and grid[2] > 0:
            return grid
        if n == 2 and type(grid[0]) is int and type(grid[1]) is int and grid[0] > 0 and grid[1] > 0:
            return (grid[0], grid[1], 1)
    dims = (grid,) if isinstance(grid, int) and not isinstance(grid, bool) else grid
    try:
        dims = tuple(dims)
    except TypeError:
        raise TypeError(f"{kernel}: the grid is an int or a tuple of 1 to 3 ints, got {grid!r}") from None
    if not 1 <= len(dims) <= 3:
        raise ValueError(f"{kernel}: the grid has 1 to 3 dimensions, got {len(dims)} ({grid!r})")
    for g in dims:
        if isinstance(g, bool) or not isinstance(g, int) and not (hasattr(g, "__index__") and
                                                                   not isinstance(g, float)):
            raise TypeError(f"{kernel}: grid dimensions are ints, got {g!r} in {grid!r}")
        if int(g) < 1:
            raise ValueError(f"{kernel}: grid dimensions must be positive, got {int(g)} in {tuple(dims)}; a "
                             f"launch of no programs is a bug, not a no-op")
    return tuple(int(g) for g in dims) + (1,) * (3 - len(dims))


def check_scalar(value: Any, kind: str, where: str) -> None:
    """A scalar argument fits its parameter: an int for integers (within
    the type's range, signed or unsigned bit pattern), a real number for
    floats."""
    if kind in _INT_RANGES:
        if isinstance(value, bool) or not isinstance(value, int) and not hasattr(value, "__index__"):
            raise TypeError(f"{where} is an {kind} integer, got {type(value).__name__} {value!r}")
        bits = _INT_RANGES[kind]
        v = int(value)
        if not -(1 << (bits - 1)) <= v < (1 << bits):
            raise OverflowError(f"{where} is an {kind}: {v} does not fit in {bits} bits")
    elif kind in ("f16", "bf16", "f32", "f64"):
        if isinstance(value, bool) or not isinstance(value, (int, float)) and not hasattr(value, "__float__"):
            raise TypeError(f"{where} is an {kind} float, got {type(value).__name__} {value!r}")
        if kind == "f32" and math.isfinite(float(value)) and abs(float(value)) > 3.4028234663852886e38:
            raise OverflowError(f"{where} is an f32: {value} is out of its range")
