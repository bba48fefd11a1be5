"""An independent model of distributed layouts, written from the hardware
definitions rather than from linear algebra: for each (register, lane, warp)
it computes the tensor coordinate directly. test_layouts.py checks that the
bases of the tlxamd layout core reproduce it element by element.

Conventions shared with Triton/Gluon: a thread's registers enumerate its
sizePerThread block (fastest dimension first), then the repetitions of the
layout over larger tensors; over smaller tensors coordinates wrap (data is
broadcast), except that a blocked layout's own registers never repeat an
element.
"""

import numpy as np


def _digits(value, radices):
    """Mixed-radix digits of `value`, least significant first."""
    out = []
    for r in radices:
        out.append(value % r)
        value //= r
    return out


def blocked_coords(spt, tpw, wpc, order, shape):
    """coords[reg, lane, warp] -> tuple, for a blocked layout."""
    rank = len(shape)
    # A thread's own block is clipped to the tensor (no duplicate registers).
    spt_eff = [min(spt[d], shape[d]) for d in range(rank)]
    tile = [spt[d] * tpw[d] * wpc[d] for d in range(rank)]
    reps = [max(shape[d] // tile[d], 1) for d in range(rank)]
    nreg = int(np.prod(spt_eff)) * int(np.prod(reps))
    nlane, nwarp = int(np.prod(tpw)), int(np.prod(wpc))
    out = np.zeros((nreg, nlane, nwarp, rank), dtype=np.int64)
    for reg in range(nreg):
        r_in = _digits(reg % int(np.prod(spt_eff)), [spt_eff[d] for d in order])
        r_rep = _digits(reg // int(np.prod(spt_eff)), [reps[d] for d in order])
        for lane in range(nlane):
            l = _digits(lane, [tpw[d] for d in order])
            for warp in range(nwarp):
                w = _digits(warp, [wpc[d] for d in order])
                for i, d in enumerate(order):
                    c = r_in[i] + spt[d] * (l[i] + tpw[d] * (w[i] + wpc[d] * r_rep[i]))
                    out[reg, lane, warp, d] = c % shape[d]
    return out


def _matrix_tiled(tile_fn, regs_per_tile, M, N, wpc, tpw, shape, tiles_first=False):
    """Place an instruction tile (tile_fn(reg, lane) -> (row, col)) on a 2-D
    tensor: per warp tiles_per_warp N-first, warps N-first, N repetitions,
    then M (`tiles_first`: a warp's tiles along N and M before the
    repetitions, as WMMA orders its registers). Coordinates wrap over
    smaller tensors."""
    wM, wN = wpc
    tM, tN = tpw
    rN = max(shape[1] // (N * wN * tN), 1)
    rM = max(shape[0] // (M * wM * tM), 1)
    nreg = regs_per_tile * tN * rN * tM * rM
    nlane = M * N // regs_per_tile
    out = np.zeros((nreg, nlane, wM * wN, 2), dtype=np.int64)
    for reg in range(nreg):
        if tiles_first:
            i, tn, tm, rn, rm = _digits(reg, [regs_per_tile, tN, tM, rN, rM])
        else:
            i, tn, rn, tm, rm = _digits(reg, [regs_per_tile, tN, rN, tM, rM])
        for lane in range(nlane):
            row, col = tile_fn(i, lane)
            for warp in range(wM * wN):
                wn, wm = _digits(warp, [wN, wM])
                n = col + N * (tn + tN * (wn + wN * rn))
                m = row + M * (tm + tM * (wm + wM * rm))
                out[reg, lane, warp] = (m % shape[0], n % shape[1])
    return out


def mfma_coords(instr_shape, transposed, wpc, tpw, shape, element_bitwidth=32):
    """CDNA MFMA accumulator: lane l holds column l % N; its registers hold
    `height` consecutive rows (4 for 32-bit, 1 for 64-bit), then the rows of
    the next lane group, as the MFMA result registers are laid out."""
    M, N = instr_shape[0], instr_shape[1]
    height = 1 if element_bitwidth == 64 else 4
    regs = M * N // 64
    groups = 64 // N  # lane groups stacked along M

    def acc(i, lane):
        row = (i // height) * (height * groups) + (lane // N) * height + i % height
        col = lane % N
        return row, col

    def acc_t(i, lane):  # transposed: the same ownership with M and N swapped
        col, row = acc(i, lane)
        return row, col

    assert M == N, "the model covers square instruction tiles"
    return _matrix_tiled(acc_t if transposed else acc, regs, M, N, wpc, tpw, shape)


def wmma_coords(version, transposed, wpc, tpw, shape):
    """RDNA/gfx1250 WMMA 16x16 accumulator, wave32: lane l holds column
    l % 16; its 8 registers hold rows i + 8 * (l // 16) (versions 2 and 3)
    or 2 * i + l // 16 (version 1); a warp's tiles (N, then M) before the
    repetitions."""

    def acc(i, lane):
        row = 2 * i + lane // 16 if version == 1 else i + 8 * (lane // 16)
        return row, lane % 16

    def acc_t(i, lane):
        col, row = acc(i, lane)
        return row, col

    return _matrix_tiled(acc_t if transposed else acc, 8, 16, 16, wpc, tpw, shape, tiles_first=True)


def coords_from_bases(reg_bases, lane_bases, warp_bases, rank):
    """coords[reg, lane, warp] from linear-layout bases (XOR of set bits)."""
    def table(bases):
        n = 1 << len(bases)
        t = np.zeros((n, rank), dtype=np.int64)
        for i in range(n):
            for bit, b in enumerate(bases):
                if i >> bit & 1:
                    t[i] ^= np.array(b, dtype=np.int64)
        return t

    r, l, w = table(reg_bases), table(lane_bases), table(warp_bases)
    return r[:, None, None, :] ^ l[None, :, None, :] ^ w[None, None, :, :]
