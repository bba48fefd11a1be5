"""The benchmark kernels, written with `tlxamd.language` as users write them;
`bench/triton_reference.py` holds their Triton and Gluon twins (same names).

    suite(warp_size) -> [(name, kernel, elements per thread)]

ISA suite: copy / masked copy (`offsets < n`) / atomic add returning the old
values, over BF16, F16, F32 and contiguity 1..16, 4 warps, 16 elements per
thread. Issue kernels: the README copy (`offsets < n`, BF16, contiguity 8),
the `n - n % 8` bound idiom on BF16 and F32 (8 per thread: two 16-byte
groups for F32), F32 atomics under a mask uniform over their 4.
"""

from tlxamd import language as tl

DTYPES = {"bf16": tl.bfloat16, "f16": tl.float16, "f32": tl.float32}


def make_copy(dt, spt, contiguity, masked=True, round_to=1):
    @tl.kernel(num_warps=4)
    def copy(src: tl.pointer(dt), dst: tl.pointer(dt), n: tl.int32, BLOCK: tl.constexpr):
        layout = tl.blocked_layout([spt], [tl.warp_size()], [tl.num_warps()], [0])
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK, layout=layout)
        mask = (offs < (n - n % round_to if round_to > 1 else n)) if masked else None
        x = tl.buffer_load(src, offs, mask=mask, contiguity=contiguity)
        tl.buffer_store(tl.require_layout(x, layout), dst, offs, mask=mask, contiguity=contiguity)

    return copy


def make_atomic(dt, spt, contiguity, round_to=0):
    """round_to > 0: masked by `n - n % round_to`, nothing returned;
    otherwise unmasked, the old values stored to `old`."""

    @tl.kernel(num_warps=4)
    def atomic(acc: tl.pointer(dt), old: tl.pointer(dt), n: tl.int32, BLOCK: tl.constexpr):
        layout = tl.blocked_layout([spt], [tl.warp_size()], [tl.num_warps()], [0])
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK, layout=layout)
        one = tl.full([BLOCK], 1.0, dt, layout=layout)
        if round_to:
            tl.buffer_atomic_add(acc, offs, one, mask=offs < n - n % round_to, sem="relaxed",
                                 contiguity=contiguity)
        else:
            prev = tl.buffer_atomic_add(acc, offs, one, sem="relaxed", contiguity=contiguity)
            # The old values leave in 16-byte stores (Triton and Gluon
            # vectorize this store on their own).
            tl.buffer_store(tl.require_layout(prev, layout), old, offs, contiguity=min(spt, 128 // dt.bits))

    return atomic


ISSUE_KERNELS = [
    ("readme bf16 c8 ragged", make_copy(tl.bfloat16, 8, 8), 8),
    ("bound bf16 c8", make_copy(tl.bfloat16, 8, 8, round_to=8), 8),
    ("bound f32 c8", make_copy(tl.float32, 8, 8, round_to=8), 8),
    ("atomic f32 c4 uniform", make_atomic(tl.float32, 4, 4, round_to=4), 4),
]


def suite(arch=None):
    """[(name, kernel, elements per thread)]: the issue kernels, then the ISA
    suite (atomics only where the target has them)."""
    out = list(ISSUE_KERNELS)
    for name, dt in DTYPES.items():
        for c in (1, 2, 4, 8, 16):
            out.append((f"copy {name} c{c}", make_copy(dt, 16, c, masked=False), 16))
            out.append((f"masked {name} c{c}", make_copy(dt, 16, c), 16))
        for c in ((2, 4) if dt.bits == 16 else (1, 4)):
            if dt.bits == 16 and arch is not None and not arch[f"packed_{name}_buffer_atomics"]:
                continue
            out.append((f"atomic {name} c{c}", make_atomic(dt, 16, c), 16))
    return out
