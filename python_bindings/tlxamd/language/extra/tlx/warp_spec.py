"""TLX's warp-specialization helpers (`tlx.warp_spec`): the ring position of
a running count of buffer uses."""

from ... import constexpr
from ...frontend import jit


@jit
def get_bufidx_phase(accum_cnt, NUM_BUFFERS: constexpr):
    """(buffer index, mbarrier phase parity) of use number `accum_cnt` of a
    ring of NUM_BUFFERS buffers: the index cycles, the parity flips each
    time the ring wraps."""
    return accum_cnt % NUM_BUFFERS, (accum_cnt // NUM_BUFFERS) & 1
