"""Compile kernels recorded on a machine without the compiler.

    python -m tlxamd.precompile MANIFEST... --out DIR

Each MANIFEST is a file that launches wrote under `TLXAMD_JIT_MANIFEST`
(tlxamd._prebuilt); every specialization in it is compiled into DIR, which
that machine then names in `TLXAMD_PREBUILT`.
"""

from __future__ import annotations

import argparse
import sys
from typing import List, Optional

from . import _prebuilt


def main(argv: Optional[List[str]] = None) -> int:
    p = argparse.ArgumentParser(prog="python -m tlxamd.precompile", description=__doc__.splitlines()[0])
    p.add_argument("manifests", nargs="+", help="files written under TLXAMD_JIT_MANIFEST")
    p.add_argument("--out", required=True, help="directory of the compiled kernels (TLXAMD_PREBUILT)")
    args = p.parse_args(argv)
    total = sum(_prebuilt.precompile(m, args.out) for m in args.manifests)
    print(f"{total} kernels compiled into {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
