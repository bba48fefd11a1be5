"""Triton's profiler API (`import tlxamd.profiler as proton`, the names the
Triton tutorials use): sessions with `start` / `activate` / `deactivate` /
`finalize`, `scope(name, metrics)` regions, and the "triton" hook that
records every `kernel[grid](...)` launch under the name and metrics its
`@jit(launch_metadata=...)` function returns.

Times are GPU times measured with CUDA events recorded on the launching
stream around each kernel launch and each scope (Triton's proton reads
kernel durations from CUPTI; events also count any idle gap between the
markers and the kernel, which back-to-back launches keep small).
`finalize` writes `<name>.hatchet` (JSON: one node per scope or kernel
name with its call count, total milliseconds, and summed `flops8` /
`flops16` / `flops32` / `bytes` metrics); `tlxamd.profiler.viewer` reads
and prints it. Without CUDA (the AMD emulator), nothing is timed.
"""

from __future__ import annotations

import contextlib
import json
from typing import Dict, List, Optional

__all__ = ["start", "activate", "deactivate", "finalize", "scope", "enter_scope", "exit_scope"]


class _Node:
    def __init__(self):
        self.count = 0
        self.metrics: Dict[str, float] = {}
        self.events: List[tuple] = []  # (start, end) CUDA events, read at finalize
        self.ms = 0.0


class _Session:
    def __init__(self, name: str, hook: Optional[str]):
        self.name = name
        self.hook = hook
        self.active = True
        self.nodes: Dict[str, _Node] = {}

    def record(self, name: str, metrics: Optional[dict], events):
        node = self.nodes.setdefault(name, _Node())
        node.count += 1
        for k, v in (metrics or {}).items():
            if isinstance(v, (int, float)) and not isinstance(v, bool):
                node.metrics[k] = node.metrics.get(k, 0.0) + float(v)
        if events is not None:
            node.events.append(events)
            if len(node.events) >= 4096:  # bound the live events: fold the finished ones
                self._fold(node)

    @staticmethod
    def _fold(node: _Node):
        import torch

        torch.cuda.synchronize()
        node.ms += sum(s.elapsed_time(e) for s, e in node.events)
        node.events.clear()


_sessions: List[_Session] = []


def _cuda():
    try:
        import torch
    except ImportError:
        return None
    return torch if torch.cuda.is_available() else None


def _events(torch, stream=None):
    s = torch.cuda.Event(enable_timing=True)
    e = torch.cuda.Event(enable_timing=True)
    return s, e


def _active() -> Optional[_Session]:
    return _sessions[-1] if _sessions and _sessions[-1].active else None


def _session(session) -> _Session:
    if not _sessions:
        raise RuntimeError("no profiling session: call tlxamd.profiler.start() first")
    if session is None:
        return _sessions[-1]
    if isinstance(session, bool) or not isinstance(session, int) or not 0 <= session < len(_sessions):
        raise ValueError(f"no profiling session {session!r}")
    return _sessions[session]


@contextlib.contextmanager
def _launch_hook(launcher, kernel, grid, values, stream):
    """Around one GPU launch while a session with hook="triton" is active."""
    session = _active()
    torch = _cuda() if session is not None and session.hook == "triton" else None
    if torch is None:
        yield
        return
    name, metrics = kernel.name, {}
    fn = getattr(launcher.jit, "launch_metadata", None)
    if fn is not None:
        meta = fn(grid, kernel, dict(zip(launcher.names, values))) or {}
        name = meta.get("name", name)
        metrics = {k: v for k, v in meta.items() if k != "name"}
    s, e = _events(torch)
    s.record()
    yield
    e.record()
    session.record(name, metrics, (s, e))


def start(name: Optional[str] = None, *, context: str = "shadow", data: str = "tree", backend=None, mode=None,
          hook: Optional[str] = None) -> int:
    """Start a profiling session (active) and return its id. `hook="triton"`
    records kernel launches."""
    if hook not in (None, "triton"):
        raise ValueError(f"hook must be None or 'triton', got {hook!r}")
    from .. import _jit

    _sessions.append(_Session(name or "proton", hook))
    if hook == "triton" and _launch_hook not in _jit._LAUNCH_HOOKS:
        _jit._LAUNCH_HOOKS.append(_launch_hook)
    return len(_sessions) - 1


def activate(session: Optional[int] = None) -> None:
    if _sessions:
        _session(session).active = True


def deactivate(session: Optional[int] = None) -> None:
    if _sessions:
        _session(session).active = False


@contextlib.contextmanager
def scope(name: str, metrics: Optional[dict] = None):
    """A named region: its GPU time (events on the current stream) and
    `metrics` (e.g. {"flops16": ..., "bytes": ...}) are added to the node
    `name` while a session is active."""
    session = _active()
    torch = _cuda() if session is not None else None
    if torch is None:
        if session is not None:
            session.record(name, metrics, None)
        yield
        return
    s, e = _events(torch)
    s.record()
    yield
    e.record()
    session.record(name, metrics, (s, e))


_open: List[tuple] = []


def enter_scope(name: str, metrics: Optional[dict] = None) -> None:
    cm = scope(name, metrics)
    cm.__enter__()
    _open.append(cm)


def exit_scope(name: Optional[str] = None) -> None:
    _open.pop().__exit__(None, None, None)


def finalize(session: Optional[int] = None, output_format: str = "hatchet") -> None:
    """End the session(s) and write `<name>.hatchet`."""
    from .. import _jit

    targets = list(_sessions) if session is None else [_session(session)]
    for s in targets:
        nodes = {}
        for name, node in s.nodes.items():
            if node.events:
                _Session._fold(node)
            nodes[name] = {"count": node.count, "time_ms": node.ms, "metrics": node.metrics}
        with open(f"{s.name}.{output_format}", "w") as f:
            json.dump({"name": s.name, "nodes": nodes}, f, indent=1)
        s.active = False
    if session is None:
        _sessions.clear()
    if not any(x.hook == "triton" for x in _sessions) and _launch_hook in _jit._LAUNCH_HOOKS:
        _jit._LAUNCH_HOOKS.remove(_launch_hook)
