"""Gluon's `gl.nvidia.hopper.mbarrier` (tlxamd.language.tma): transaction-
counting mbarriers in shared memory."""

from ......language.tma import MBarrierLayout, allocate_mbarrier  # noqa: F401
from ......language.tma import mbarrier_arrive as arrive  # noqa: F401
from ......language.tma import mbarrier_expect_tx as expect  # noqa: F401
from ......language.tma import mbarrier_init as init  # noqa: F401
from ......language.tma import mbarrier_invalidate as invalidate  # noqa: F401
from ......language.tma import mbarrier_wait as wait  # noqa: F401

__all__ = ["MBarrierLayout", "allocate_mbarrier", "arrive", "expect", "init", "invalidate", "wait"]
