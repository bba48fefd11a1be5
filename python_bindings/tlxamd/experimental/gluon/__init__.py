"""Gluon (`from tlxamd.experimental import gluon`, `from
tlxamd.experimental.gluon import language as gl`): kernels written with
explicit layouts, with Gluon's names. `@gluon.jit` is tlxamd's `@jit`
(launched with `kernel[grid](...)`, inlined when called from a kernel);
layouts given to `gl.arange` / `gl.full` / `gl.convert_layout` are kept by
layout assignment, which fills in only what the kernel leaves open.
"""

from ...language.frontend import jit  # noqa: F401
from . import language  # noqa: F401


def constexpr_function(fn):
    """A host function evaluated at compile time on compile-time values
    (Gluon's `@gluon.constexpr_function`): kernels call Python functions
    on constants directly, so it is `fn` itself."""
    return fn


__all__ = ["jit", "language", "constexpr_function"]
