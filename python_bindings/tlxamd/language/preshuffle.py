"""The Mojo PreshuffledBLoader reference's PreshuffledBLoader on tensors: each lane's MFMA B
fragment straight from a preshuffled buffer (`tlxamd.preshuffle.shuffle_b`)
into VGPRs, one buffer load per plane, no LDS.

    loader = tlx.PreshuffledBLoader(b_ptr, N, K_BYTES, cache_policy="streaming", lane_bytes=16)
    frag = loader.load_fragment(n, k_byte)              # [L, reg_bytes] int8
    off = loader.lane_plane_off(n, lane_k_byte)         # hoisted out of the K loop
    part = loader.load_at(off, k_tile * 4 * 16)         # K tile in soffset
    y = loader.load_tile(n0, k_byte0, BLOCK_K // 2, BLOCK_N)  # tl.dot_scaled rhs

`n`, `k_byte`, `lane_k_byte` and `lane_off` hold one value per fragment
(rank 1); they are laid out one per thread (a blocked layout over the
program's lanes and warps) and each result row lies in that thread's
consecutive registers."""

from __future__ import annotations

from .. import ir
from .. import preshuffle as _host
from ..dialects import tlxamd as _ops
from ..layouts import blocked_layout
from .core import _tensor_type, _to_tensor, convert_layout, int8, int32, tensor
from .frontend import num_warps, warp_size

__all__ = ["PreshuffledBLoader"]


def _i32_attr(v: int) -> ir.IntegerAttr:
    return ir.IntegerAttr.get(ir.IntegerType.get_signless(32), v)


class PreshuffledBLoader:
    """tlx.PreshuffledBLoader(b_ptr, N, K_BYTES, cache_policy="always",
    lane_bytes=16): B fragments of the preshuffled per-expert [N, K_BYTES]
    byte tile at `b_ptr` (an int8 pointer). Lanes past the tile's N *
    K_BYTES bytes read zero (the buffer resource's bound)."""

    def __init__(self, b_ptr, N, K_BYTES, cache_policy: str = "always", lane_bytes: int = 16):
        op = "PreshuffledBLoader"
        if not isinstance(lane_bytes, int) or isinstance(lane_bytes, bool) or lane_bytes not in (16, 24, 32):
            raise ValueError(f"{op} lane_bytes must be 16 (FP4), 24 (FP6) or 32 (FP8) (P3), got {lane_bytes!r}")
        if cache_policy not in ("always", "streaming"):
            raise ValueError(f"{op} cache_policy must be \"always\" or \"streaming\" (P6), got {cache_policy!r}")
        ptr = _to_tensor(b_ptr)
        if not ptr.is_scalar or not ptr.dtype.is_ptr or ptr.dtype.element_ty is not int8:
            raise TypeError(f"{op} b_ptr must be a scalar int8 pointer, got {ptr.dtype.name}")
        for name, v in (("N", N), ("K_BYTES", K_BYTES)):
            if isinstance(v, int) and not isinstance(v, bool) and v <= 0:
                raise ValueError(f"{op} {name} must be positive, got {v}")
        # P2: the buffer resource's num_records is N * K_BYTES, a 32-bit
        # count; a product that does not fit would wrap (2^32 -> 0: every
        # lane would read zero).
        if all(isinstance(v, int) and not isinstance(v, bool) for v in (N, K_BYTES)) and \
                N * K_BYTES > (1 << 31) - 1:
            raise ValueError(f"{op} N * K_BYTES = {N * K_BYTES} bytes does not fit the buffer resource's "
                             f"32-bit record count (at most {(1 << 31) - 1}); split B per expert or per N "
                             f"block (P2)")
        self.ptr = ptr
        self.n_rows = _to_tensor(N, ty=int32)
        self.k_bytes = _to_tensor(K_BYTES, ty=int32)
        for name, v in (("N", self.n_rows), ("K_BYTES", self.k_bytes)):
            if not v.is_scalar or v.dtype is not int32:
                raise TypeError(f"{op} {name} must be an int or a scalar int32, got {v.dtype.name}")
        self.cache_policy = cache_policy
        self.lane_bytes = lane_bytes
        self._layout = _host.layout(lane_bytes)
        self.num_planes = self._layout["num_planes"]
        self.reg_bytes = self._layout["reg_bytes"]
        self._records = (self.n_rows * self.k_bytes).handle

    def _lanes(self, x, what: str) -> tensor:
        x = _to_tensor(x, ty=int32)
        if x.is_scalar or len(x.shape) != 1 or x.dtype is not int32:
            raise ValueError(f"PreshuffledBLoader {what} must be a rank-1 int32 tensor (one value per "
                             f"fragment), got shape {x.shape} of {x.dtype.name}")
        return convert_layout(x, blocked_layout([1], [warp_size()], [num_warps()], [0]))

    def _rows(self, rows: int, width: int) -> ir.Type:
        return _tensor_type([rows, width], int8,
                            blocked_layout([1, width], [warp_size(), 1], [num_warps(), 1], [1, 0]))

    def _plane(self, plane) -> int:
        if not isinstance(plane, int) or isinstance(plane, bool) or not 0 <= plane < self.num_planes:
            raise ValueError(f"PreshuffledBLoader plane must be 0..{self.num_planes - 1} for lane_bytes "
                             f"{self.lane_bytes} (P3), got {plane!r}")
        return plane

    def lane_plane_off(self, n, lane_k_byte, plane: int = 0) -> tensor:
        """The K-invariant per-lane part of plane `plane`'s address."""
        plane = self._plane(plane)
        n, k = self._lanes(n, "n"), self._lanes(lane_k_byte, "lane_k_byte")
        return tensor(_ops.preshuffled_b_lane_offset(n.handle, k.handle, self.k_bytes.handle,
                                                     _i32_attr(self.lane_bytes), plane=_i32_attr(plane)))

    def load_at(self, lane_off, k_byte_uniform, plane: int = 0) -> tensor:
        """One plane at lane_off plus the wave-uniform K offset (a whole
        number of 4 * lane_bytes tiles)."""
        plane = self._plane(plane)
        off = self._lanes(lane_off, "lane_off")
        k = _to_tensor(k_byte_uniform)
        if not k.is_scalar or k.dtype is not int32:
            raise TypeError(f"PreshuffledBLoader k_byte_uniform must be a wave-uniform int32 scalar, got {k.dtype.name}")
        width = self._layout["plane_widths"][plane]
        return tensor(_ops.preshuffled_b_load_at(
            self._rows(off.shape[0], width), self.ptr.handle, off.handle, k.handle, self._records,
            _i32_attr(self.lane_bytes), plane=_i32_attr(plane), cache_policy=self.cache_policy))

    def load_fragment(self, n, k_byte) -> tensor:
        """Each lane's whole fragment at logical (n, k_byte): reg_bytes
        bytes per row (FP6's last 8 zero)."""
        n, k = self._lanes(n, "n"), self._lanes(k_byte, "k_byte")
        if n.shape != k.shape:
            raise ValueError(f"PreshuffledBLoader n and k_byte differ in shape: {n.shape} and {k.shape}")
        return tensor(_ops.preshuffled_b_load(
            self._rows(n.shape[0], self.reg_bytes), self.ptr.handle, n.handle, k.handle, self.k_bytes.handle,
            self._records, _i32_attr(self.lane_bytes), cache_policy=self.cache_policy))

    def load_tile(self, n0, k_byte0, BLOCK_K_BYTES: int, BLOCK_N: int) -> tensor:
        """The [BLOCK_K_BYTES, BLOCK_N] block of B at rows n0 ... and K
        bytes k_byte0 ... (result[kb, n] = B[n0 + n, k_byte0 + kb]): the
        rhs of tl.dot_scaled, laid out as the scaled MFMA's B operand, each
        lane's fragments loaded straight into the registers the instruction
        reads (one buffer load per plane, no LDS). `k_byte0` is wave-uniform
        and a whole number of 4 * lane_bytes tiles (P5); the lanes' part of
        the addresses does not depend on it, so it stays out of a K loop."""
        op = "PreshuffledBLoader.load_tile"
        if self.lane_bytes == 24:
            raise ValueError(f"{op}: a 24-byte (FP6) fragment is no power-of-two run of a tensor layout (P4); "
                             "use load_fragment")
        k0 = 4 * self.lane_bytes
        for name, v, unit in (("BLOCK_K_BYTES", BLOCK_K_BYTES, k0), ("BLOCK_N", BLOCK_N, 16)):
            if not isinstance(v, int) or isinstance(v, bool) or v <= 0 or v % unit:
                raise ValueError(f"{op} {name} must be a positive multiple of {unit} (whole preshuffled "
                                 f"tiles), got {v!r}")
        args = []
        for name, v in (("n0", n0), ("k_byte0", k_byte0)):
            t = _to_tensor(v)
            if not t.is_scalar or t.dtype is not int32:
                raise TypeError(f"{op} {name} must be a wave-uniform int32 scalar, got {t.dtype.name}")
            args.append(t.handle)
        return tensor(_ops.preshuffled_b_load_tile(
            _tensor_type([BLOCK_K_BYTES, BLOCK_N], int8, None), self.ptr.handle, *args, self.k_bytes.handle,
            self._records, _i32_attr(self.lane_bytes), cache_policy=self.cache_policy))
