"""The capability table: every target tlxamd compiles for and what it has.

The table lives in the C++ library (one entry per target); this module reads
it through the C API, so Python never lists targets itself.

    from tlxamd import targets
    targets.names()                  # every target, in table order
    targets.get(name)["warp_size"]   # one entry (a dict)
    targets.default("amd")           # the default target of a vendor
"""

from __future__ import annotations

import functools
import json
from typing import Dict, List, Optional

from ._mlir_libs import _tlxamd

__all__ = ["table", "names", "get", "lookup", "default", "is_amd", "describe"]


@functools.lru_cache(maxsize=None)
def _table() -> tuple:
    return tuple(json.loads(_tlxamd.capability_table()))


def table() -> List[dict]:
    """Every entry of the capability table (copies)."""
    return [json.loads(json.dumps(e)) for e in _table()]


def names(vendor: Optional[str] = None) -> List[str]:
    """Target names, optionally of one vendor ("amd" or "nvidia")."""
    return [e["name"] for e in _table() if vendor is None or e["vendor"] == vendor]


def lookup(name) -> Optional[dict]:
    """The entry called `name`, or None."""
    for e in _table():
        if e["name"] == name:
            return e
    return None


def get(name) -> dict:
    """The entry called `name`; ValueError naming the supported targets."""
    e = lookup(name) if isinstance(name, str) else None
    if e is None:
        raise ValueError(f"unknown target {name!r} (supported: {', '.join(names())})")
    return e


def default(vendor: str = "amd") -> str:
    """The default target of `vendor`."""
    for e in _table():
        if e["vendor"] == vendor and e["default"]:
            return e["name"]
    raise ValueError(f"unknown vendor {vendor!r} (amd, nvidia)")


def is_amd(name: str) -> bool:
    return get(name)["vendor"] == "amd"


def _kib(n: int) -> str:
    return f"{n // 1024} KiB" if n else "-"


def describe() -> str:
    """The table as text (`python -m tlxamd.compiler --list-targets`)."""
    head = ("target", "vendor", "family", "warp", "shared", "d2s bytes", "pk atomics",
            "cache", "agprs", "mfma", "wmma", "tmem", "cluster", "triple")
    rows = [head]
    for e in _table():
        pk = "+".join(t for t, k in (("f16", "packed_f16_buffer_atomics"),
                                      ("bf16", "packed_bf16_buffer_atomics")) if e[k]) or "-"
        rows.append((e["name"] + ("*" if e["default"] else ""), e["vendor"], e["family"],
                     str(e["warp_size"]), _kib(e["shared_memory_bytes"]),
                     ",".join(map(str, e["direct_to_shared_bytes"])), pk, e["cache_policy"],
                     str(e["agprs"]), str(e["mfma_version"] or "-"), str(e["wmma_version"] or "-"),
                     _kib(e["tensor_memory_bytes"]), str(e["max_cluster_size"]), e["triple"]))
    widths = [max(len(r[i]) for r in rows) for i in range(len(head))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in rows]
    lines.append("(* = default target of its vendor)")
    for e in _table():
        lines.append("")
        lines.append(f"{e['name']} matrix instructions:")
        by_engine: Dict[str, List[str]] = {}
        for i in e["matrix_instrs"]:
            m, n, k = i["shape"]
            by_engine.setdefault(i["engine"], []).append(
                f"{m}x{n}x{k} {i['a']}->{i['acc']} (k_width {i['k_width']})")
        for engine, instrs in by_engine.items():
            lines.append(f"  {engine}: " + ", ".join(instrs))
    return "\n".join(lines)
