"""`tlxamd.profiler.viewer` (Triton's `triton.profiler.viewer`): read a
session's `.hatchet` file and print its nodes with derived metrics:
`time/ms` (total), `time/us`, `count`, `tflop8/s` / `tflop16/s` /
`tflop32/s` (summed flops metrics over the total time), `gbyte/s`."""

from __future__ import annotations

import json
from typing import List, Sequence, Tuple

__all__ = ["parse", "print_tree"]

_FLOPS = {"tflop8/s": "flops8", "tflop16/s": "flops16", "tflop32/s": "flops32", "tflop/s": None}


def _value(node: dict, metric: str) -> float:
    ms = node["time_ms"]
    if metric == "time/ms":
        return ms
    if metric == "time/us":
        return ms * 1e3
    if metric == "count":
        return node["count"]
    if metric in _FLOPS:
        key = _FLOPS[metric]
        flops = sum(v for k, v in node["metrics"].items() if k.startswith("flops")) if key is None else \
            node["metrics"].get(key, 0.0)
        return flops / (ms * 1e-3) / 1e12 if ms > 0 else 0.0
    if metric == "gbyte/s":
        return node["metrics"].get("bytes", 0.0) / (ms * 1e-3) / 1e9 if ms > 0 else 0.0
    raise ValueError(f"unknown metric {metric!r} (time/ms, time/us, count, tflop8/s, tflop16/s, tflop32/s, "
                     f"tflop/s, gbyte/s)")


def parse(metric_names: Sequence[str], filename: str, include=None, exclude=None, threshold=None) -> Tuple[list, list]:
    """(the nodes as (name, {metric: value}) pairs, the metric names)."""
    with open(filename) as f:
        data = json.load(f)
    tree: List[tuple] = []
    for name, node in data["nodes"].items():
        tree.append((name, {m: _value(node, m) for m in metric_names}))
    tree.sort(key=lambda t: -t[1][metric_names[-1]] if metric_names else 0)
    return tree, list(metric_names)


def print_tree(tree, metrics, depth=100, format=None, print_sorted=False):  # noqa: A002 (Triton's name)
    print(" ".join(metrics) + "  name")
    for i, (name, values) in enumerate(tree):
        branch = "└─" if i == len(tree) - 1 else "├─"
        print(f"{branch} " + " ".join(f"{values[m]:.3f}" for m in metrics) + f" {name}")
