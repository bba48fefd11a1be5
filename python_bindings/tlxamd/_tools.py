"""Console entry points of the tlxamd package."""

import os
import sys


def _bin(name: str) -> str:
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), "_bin", name)


def tlx_opt() -> None:
    """`tlx-opt`: exec the native driver shipped inside the package."""
    exe = _bin("tlx-opt")
    if not os.path.exists(exe):
        sys.stderr.write(f"tlx-opt: native driver missing at {exe}; reinstall tlxamd\n")
        sys.exit(2)
    os.execv(exe, [exe] + sys.argv[1:])
