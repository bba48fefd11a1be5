"""The TLX tensor-core reference's explicit MFMA scheduling examples, as written there, for
gfx950:

    python examples/scheduled_mfma.py

`independent_subtiles`: "Independent output subtiles on gfx950". `a`
(64 x 16, row-major) and `b` (16 x 128, stored transposed so that each
lane's 8 K elements are contiguous) are buffer-loaded into the dot-operand
layouts of a 32x32x16 MFMA layout over 2 x 2 warps; `b`'s column halves
are register slices (extract_slice), each 64 x 64 accumulator is one native
fragment per wave, updated by a persistent (AGPR) scheduled MFMA between
sched barriers, committed together, joined (tl.cat) and pinned back to the
MFMA layout.

`transient_chain`: "Transient-chain example". `b` made resident in AGPR
groups of 4 registers, a transient scheduled MFMA, and a commit that
preserves `b` through the boundary. `INITIALIZE` picks the first band
(`a @ b`) or a later one (`acc + a @ b`).

test/python/test_scheduled_mfma.py runs both in the AMD emulator against
numpy and checks the ISA; test/Target/scheduled-mfma.mlir checks the
machine code of the recorded IR."""

from tlxamd import compiler
from tlxamd import language as tl
from tlxamd import language as tlx

mma: tl.constexpr = tlx.amd_mfma_layout(
    version=4,
    instr_shape=[32, 32, 16],
    transposed=True,
    warps_per_cta=[2, 2],
)
dot_a = tlx.dot_operand_layout(0, mma, 8)
dot_b = tlx.dot_operand_layout(1, mma, 8)


def _load(ptr, rows, cols, layout, k_major_rows=False):
    """A rows x cols tile buffer-loaded into a dot-operand `layout` whose
    lanes hold 8 consecutive K elements: one buffer_load_dwordx4 of bf16
    each, K being contiguous in memory (A row-major, B stored as B^T)."""
    r = tl.arange(0, rows)
    c = tl.arange(0, cols)
    if k_major_rows:  # B (K x N) stored N x K
        offsets = r[:, None] + c[None, :] * rows
    else:
        offsets = r[:, None] * cols + c[None, :]
    return tlx.buffer_load(ptr, tlx.require_layout(offsets, layout), contiguity=8)


@tl.kernel(num_warps=4)
def independent_subtiles(a_ptr: tl.pointer(tl.bfloat16), b_ptr: tl.pointer(tl.bfloat16),
                         c_ptr: tl.pointer(tl.float32)):
    a = _load(a_ptr, 64, 16, dot_a)
    b = _load(b_ptr, 16, 128, dot_b, k_major_rows=True)

    b_left = tlx.extract_slice(b, [16, 64], [0, 0])
    b_right = tlx.extract_slice(b, [16, 64], [0, 64])
    acc_left = tlx.zeros((64, 64), tl.float32, layout=mma)
    acc_right = tlx.zeros((64, 64), tl.float32, layout=mma)

    acc_left = tlx.amd_scheduled_mfma(
        a, b_left, acc_left, accumulator_role="persistent", initialize=True,
    )
    tlx.amd_sched_barrier(0)
    # Independent loads or other work may be placed here.
    tlx.amd_sched_barrier(0)
    acc_right = tlx.amd_scheduled_mfma(
        a, b_right, acc_right, accumulator_role="persistent", initialize=True,
    )
    acc_left, acc_right = tlx.amd_mfma_commit((acc_left, acc_right))
    acc = tlx.require_layout(tl.cat(acc_left, acc_right, dim=1), mma, pin=False)

    rm = tl.arange(0, 64)
    rn = tl.arange(0, 128)
    out = tlx.require_layout(rm[:, None] * 128 + rn[None, :], mma)
    tlx.buffer_store(acc, c_ptr, out, contiguity=4)


@tl.kernel(num_warps=4)
def transient_chain(a_ptr: tl.pointer(tl.bfloat16), b_ptr: tl.pointer(tl.bfloat16),
                    c_ptr: tl.pointer(tl.float32), INITIALIZE: tl.constexpr):
    a = _load(a_ptr, 64, 32, dot_a)
    b = _load(b_ptr, 32, 64, dot_b, k_major_rows=True)
    rm = tl.arange(0, 64)
    rn = tl.arange(0, 64)
    output_ptrs = c_ptr + tlx.require_layout(rm[:, None] * 64 + rn[None, :], mma)
    acc = tl.load(output_ptrs)

    b_live = tlx.amd_register_resident(
        b,
        register_class="agpr",
        registers_per_group=4,
    )
    acc = tlx.amd_scheduled_mfma(
        a,
        b_live,
        acc,
        accumulator_role="transient",
        initialize=INITIALIZE,
    )
    acc, _ = tlx.amd_mfma_commit(acc, b_live)
    tl.store(output_ptrs, acc)


if __name__ == "__main__":
    for kern, consts in ((independent_subtiles, {}), (transient_chain, {"INITIALIZE": True})):
        k = compiler.compile(kern.build(target="gfx950", **consts), target="gfx950")
        mfmas = [line.split()[1] for line in k.asm.splitlines() if line.strip().startswith("v_mfma")]
        print(f"{kern.name}: {len(mfmas)} v_mfma_f32_32x32x16_bf16 writing {', '.join(mfmas)}; "
              f"resources {k.resources}")
