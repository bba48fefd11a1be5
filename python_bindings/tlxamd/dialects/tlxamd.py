"""The tlxamd dialect: generated op builders and the scalar pointer type.

    from tlxamd.dialects import tlxamd as tlx
    ptr = tlx.PtrType.get(ir.BF16Type.get())        # !tlxamd.ptr<bf16>
    pid = tlx.program_id(0)                         # i32
    q = tlx.addptr(ptr_value, pid)
    tlx.store(value, q)
"""

from .._mlir_libs._tlxamd import PtrType  # noqa: F401
from ._tlxamd_ops_gen import *  # noqa: F401,F403
from ._tlxamd_ops_gen import _Dialect  # noqa: F401
