"""Op builders of the tlxamd dialect (generated from ODS)."""

from ._tlxamd_ops_gen import *  # noqa: F401,F403
from ._tlxamd_ops_gen import _Dialect  # noqa: F401
