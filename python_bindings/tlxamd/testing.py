"""Triton's `triton.testing`: `do_bench`, `assert_close`, `perf_report` and
`Benchmark`, with its names and signatures.

`do_bench` times with CUDA events on the GPU (flushing the L2 cache before
each run, as Triton's does) and with the host clock otherwise (the AMD
emulator: its times measure the emulator, not a GPU).
"""

from __future__ import annotations

import os
import statistics
import time
from typing import Any, Callable, Dict, List, Sequence

__all__ = ["do_bench", "assert_close", "perf_report", "Benchmark", "Mark"]


def _on_gpu() -> bool:
    """Whether launches go to a CUDA GPU (as runtime.driver.active says)."""
    try:
        import torch
    except ImportError:
        return False
    return torch.cuda.is_available()


def _summarize(times: List[float], quantiles, return_mode: str):
    if quantiles is not None:
        ordered = sorted(times)
        out = [ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))] for q in quantiles]
        return out[0] if len(out) == 1 else out
    if return_mode not in ("min", "max", "mean", "median", "all"):
        raise ValueError(f"return_mode is min, max, mean, median or all, got {return_mode!r}")
    if return_mode == "all":
        return times
    return {"min": min, "max": max, "mean": statistics.fmean, "median": statistics.median}[return_mode](times)


def do_bench(fn: Callable, warmup: float = 25, rep: float = 100, grad_to_none=None, quantiles=None,
             return_mode: str = "mean"):
    """Milliseconds per call of `fn`: about `warmup` ms of warm-up calls,
    then about `rep` ms of timed ones; `quantiles` (e.g. (0.5, 0.2, 0.8))
    or `return_mode` (min, max, mean, median, all) say what is returned."""
    if os.environ.get("TLXAMD_JIT_MANIFEST"):
        # a dry run recording kernels to compile (tlxamd._prebuilt): no
        # launch does anything, so there is nothing to time
        fn()
        return _summarize([1.0], quantiles, return_mode)
    if not _on_gpu():
        return _bench_host(fn, warmup, rep, grad_to_none, quantiles, return_mode)
    import torch

    fn()
    torch.cuda.synchronize()
    cache = torch.empty(256 * 1024 * 1024 // 4, dtype=torch.int, device="cuda")
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    for _ in range(5):
        cache.zero_()
        fn()
    end.record()
    torch.cuda.synchronize()
    estimate = max(start.elapsed_time(end) / 5, 1e-3)
    n_warmup, n_repeat = max(1, int(warmup / estimate)), max(1, int(rep / estimate))
    starts = [torch.cuda.Event(enable_timing=True) for _ in range(n_repeat)]
    ends = [torch.cuda.Event(enable_timing=True) for _ in range(n_repeat)]
    for _ in range(n_warmup):
        fn()
    for i in range(n_repeat):
        for x in grad_to_none or ():
            x.grad = None
        cache.zero_()
        starts[i].record()
        fn()
        ends[i].record()
    torch.cuda.synchronize()
    return _summarize([s.elapsed_time(e) for s, e in zip(starts, ends)], quantiles, return_mode)


def _bench_host(fn, warmup, rep, grad_to_none, quantiles, return_mode):
    t0 = time.perf_counter()
    fn()
    estimate = max((time.perf_counter() - t0) * 1e3, 1e-3)
    for _ in range(max(0, int(warmup / estimate) - 1)):
        fn()
    times = []
    for _ in range(max(1, int(rep / estimate))):
        for x in grad_to_none or ():
            x.grad = None
        t = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t) * 1e3)
    return _summarize(times, quantiles, return_mode)


def _numpy(x):
    import numpy as np

    if hasattr(x, "detach"):
        x = x.detach().cpu()
        if str(x.dtype) == "torch.bfloat16":
            x = x.float()
        return x.numpy()
    return np.asarray(x)


def assert_close(x, y, atol=None, rtol=None, err_msg: str = ""):
    """x and y (tensors, arrays or scalars) are equal within atol + rtol * |y|."""
    import numpy as np

    atol = 1e-2 if atol is None else atol
    rtol = 0.0 if rtol is None else rtol
    a, b = _numpy(x), _numpy(y)
    np.testing.assert_allclose(a.astype(np.float64) if a.dtype.kind in "fc" else a,
                               b.astype(np.float64) if b.dtype.kind in "fc" else b,
                               atol=atol, rtol=rtol, err_msg=err_msg)


class Benchmark:
    """What `perf_report` runs: `x_names` over `x_vals`, one line per value
    of `line_arg` in `line_vals`, the other arguments in `args`."""

    def __init__(self, x_names: Sequence[str], x_vals: Sequence[Any], line_arg: str, line_vals: Sequence[Any],
                 line_names: Sequence[str], plot_name: str, args: Dict[str, Any], xlabel: str = "",
                 ylabel: str = "", x_log: bool = False, y_log: bool = False, styles=None, color=None):
        self.x_names, self.x_vals = list(x_names), list(x_vals)
        self.line_arg, self.line_vals, self.line_names = line_arg, list(line_vals), list(line_names)
        self.plot_name, self.args = plot_name, dict(args)
        self.xlabel, self.ylabel, self.x_log, self.y_log, self.styles = xlabel, ylabel, x_log, y_log, styles


class Mark:
    def __init__(self, fn: Callable, benchmarks):
        self.fn, self.benchmarks = fn, benchmarks

    def _run(self, bench: Benchmark, save_path: str, show_plots: bool, print_data: bool, **kwargs):
        rows = []
        for x in bench.x_vals:
            xs = x if isinstance(x, (list, tuple)) and len(bench.x_names) > 1 else [x] * len(bench.x_names)
            x_args = dict(zip(bench.x_names, xs))
            row = list(xs)
            for lv in bench.line_vals:
                y = self.fn(**x_args, **{bench.line_arg: lv}, **bench.args, **kwargs)
                row.append(y[0] if isinstance(y, (list, tuple)) else y)
            rows.append(row)
        columns = bench.x_names + bench.line_names
        if print_data:
            print(bench.plot_name + ":")
            print(_table(columns, rows))
        if (show_plots or save_path) and bench.plot_name:
            _plot(bench, rows, save_path, show_plots)
        return columns, rows

    def run(self, show_plots: bool = False, print_data: bool = False, save_path: str = "", return_df: bool = False,
            **kwargs):
        benchmarks = self.benchmarks if isinstance(self.benchmarks, (list, tuple)) else [self.benchmarks]
        results = [self._run(b, save_path, show_plots, print_data, **kwargs) for b in benchmarks]
        if return_df:
            try:
                import pandas as pd

                frames = [pd.DataFrame(rows, columns=cols) for cols, rows in results]
            except ImportError:
                frames = results
            return frames[0] if len(frames) == 1 else frames
        return None


def _table(columns, rows) -> str:
    cells = [[str(c) for c in columns]] + [[f"{v:.6g}" if isinstance(v, float) else str(v) for v in r]
                                           for r in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(columns))]
    return "\n".join(" ".join(c.rjust(w) for c, w in zip(r, widths)) for r in cells)


def _plot(bench: Benchmark, rows, save_path: str, show: bool):
    try:
        import matplotlib

        if not show:
            matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return
    fig, ax = plt.subplots()
    n = len(bench.x_names)
    for j, name in enumerate(bench.line_names):
        style = bench.styles[j] if bench.styles else None
        ax.plot([r[0] for r in rows], [r[n + j] for r in rows], label=name,
                **({"color": style[0], "ls": style[1]} if style else {}))
    ax.legend()
    ax.set_xlabel(bench.xlabel or bench.x_names[0])
    ax.set_ylabel(bench.ylabel)
    if bench.x_log:
        ax.set_xscale("log")
    if bench.y_log:
        ax.set_yscale("log")
    if save_path:
        fig.savefig(os.path.join(save_path, f"{bench.plot_name}.png"))
    if show:
        plt.show()
    plt.close(fig)


def perf_report(benchmarks):
    """`@perf_report(Benchmark(...))`: the function's `.run(...)` sweeps it."""
    return lambda fn: Mark(fn, benchmarks)
