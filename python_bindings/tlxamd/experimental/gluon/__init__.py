"""Gluon (`from tlxamd.experimental import gluon`, `from
tlxamd.experimental.gluon import language as gl`): kernels written with
explicit layouts, with Gluon's names. `@gluon.jit` is tlxamd's `@jit`
(launched with `kernel[grid](...)`, inlined when called from a kernel);
layouts given to `gl.arange` / `gl.full` / `gl.convert_layout` are kept by
layout assignment, which fills in only what the kernel leaves open.
"""

from ...language.core import constexpr_function  # noqa: F401
from ...language.frontend import jit  # noqa: F401
from . import language  # noqa: F401

__all__ = ["jit", "language", "constexpr_function"]
