"""Triton's host-side module surface over tlxamd's launcher: `cdiv`,
`next_power_of_2`, `Config`, `autotune` and `heuristics`, with Triton's
names, signatures and behaviour (`import tlxamd as triton`).

On CUDA tensors `autotune` times every configuration that survives pruning
(`testing.do_bench`, the median) and keeps the fastest per value of its
`key` arguments (and the argument dtypes); in the AMD emulator, where
timings mean nothing, it takes the first configuration that compiles and
warns once.
"""

from __future__ import annotations

import builtins
import math
import warnings
from typing import Any, Callable, Dict, List, Optional, Sequence


def cdiv(x: int, y: int) -> int:
    """ceil(x / y) for integers, as Triton's `triton.cdiv`."""
    return (x + y - 1) // y


def next_power_of_2(n: int) -> int:
    """The smallest power of two >= n (0 for 0), as Triton's."""
    n = int(n)
    return 0 if n <= 0 else 1 << (n - 1).bit_length()


_allocator = None


def set_allocator(allocator) -> None:
    """Triton's `set_allocator(fn(size, alignment, stream))`: the global
    scratch memory provider Triton's device-side TMA descriptors use.
    tlxamd's kernels take no global scratch (descriptors made in a kernel
    are address arithmetic), so it is kept for `get_allocator` only."""
    global _allocator
    if allocator is not None and not callable(allocator):
        raise TypeError(f"set_allocator takes a function (size, alignment, stream) -> buffer, got {allocator!r}")
    _allocator = allocator


def get_allocator():
    return _allocator


class Config:
    """One autotuning configuration: constexpr values (`kwargs`) and the
    launch meta-parameters."""

    def __init__(self, kwargs: Dict[str, Any], num_warps: int = 4, num_stages: int = 3, num_ctas: int = 1,
                 maxnreg: Optional[int] = None, pre_hook: Optional[Callable] = None, ir_override=None):
        if not isinstance(kwargs, dict):
            raise TypeError(f"Config(kwargs, ...) takes a dict of constexpr values, got {type(kwargs).__name__}")
        self.kwargs = dict(kwargs)
        self.num_warps, self.num_stages, self.num_ctas = num_warps, num_stages, num_ctas
        self.maxnreg, self.pre_hook, self.ir_override = maxnreg, pre_hook, ir_override

    def all_kwargs(self) -> Dict[str, Any]:
        out = {**self.kwargs, "num_warps": self.num_warps, "num_stages": self.num_stages,
               "num_ctas": self.num_ctas}
        if self.maxnreg is not None:
            out["maxnreg"] = self.maxnreg
        return out

    def __str__(self):
        parts = [f"{k}: {v}" for k, v in self.kwargs.items()]
        parts += [f"num_warps: {self.num_warps}", f"num_ctas: {self.num_ctas}", f"num_stages: {self.num_stages}"]
        if self.maxnreg is not None:
            parts.append(f"maxnreg: {self.maxnreg}")
        return ", ".join(parts)

    __repr__ = __str__


class _Wrapper:
    """What autotune and heuristics wrap: a `@jit` function or another
    wrapper; launched the same way."""

    def __init__(self, fn):
        if not hasattr(fn, "run") or not hasattr(fn, "arg_names"):
            raise TypeError(f"decorate a @jit function (put @jit closest to the def), got {fn!r}")
        self.fn = fn
        self.arg_names = list(fn.arg_names)
        self.__name__ = getattr(fn, "__name__", "kernel")
        self.__doc__ = getattr(fn, "__doc__", None)

    def __getitem__(self, grid):
        return lambda *args, **kwargs: self.run(*args, grid=grid, **kwargs)

    def warmup(self, *args, grid, **kwargs):
        return self.run(*args, grid=grid, warmup=True, **kwargs)

    def _named(self, args, kwargs) -> Dict[str, Any]:
        return {**dict(zip(self.arg_names, args)), **kwargs}


class Heuristics(_Wrapper):
    def __init__(self, fn, values: Dict[str, Callable[[Dict[str, Any]], Any]]):
        super().__init__(fn)
        self.values = dict(values)

    def run(self, *args, **kwargs):
        for name, heur in self.values.items():
            kwargs[name] = heur(self._named(args, kwargs))
        return self.fn.run(*args, **kwargs)


def heuristics(values: Dict[str, Callable[[Dict[str, Any]], Any]]):
    """`@heuristics({"BLOCK": lambda args: ...})`: meta-parameters computed
    from the arguments (by name) at each launch."""
    if not isinstance(values, dict):
        raise TypeError("heuristics(values) takes a dict of name -> function of the arguments")
    return lambda fn: Heuristics(fn, values)


def _on_gpu(args) -> bool:
    """Whether a launch with these arguments runs on a CUDA device: a CUDA
    tensor among them, also as a host tensor descriptor's base."""
    def on_cuda(a):
        return getattr(getattr(a, "device", None), "type", "cpu") == "cuda"

    return any(on_cuda(a) or on_cuda(getattr(a, "base", None)) for a in args)


class Autotuner(_Wrapper):
    def __init__(self, fn, configs: Sequence[Config], key: Sequence[str], prune_configs_by=None,
                 reset_to_zero=None, restore_value=None, pre_hook=None, post_hook=None, warmup=None, rep=None,
                 do_bench=None, cache_results: bool = False, use_cuda_graph: bool = False):
        super().__init__(fn)
        self.configs = list(configs) or [Config({})]
        if any(not isinstance(c, Config) for c in self.configs):
            raise TypeError("autotune(configs=...) takes a list of triton.Config")
        self.keys = list(key)
        unknown = [k for k in self.keys + list(reset_to_zero or []) + list(restore_value or [])
                   if k not in self.arg_names]
        if unknown:
            raise ValueError(f"autotune of {self.__name__}: {unknown} are not parameters "
                             f"({', '.join(self.arg_names)})")
        prune = prune_configs_by or {}
        self.early_config_prune = prune.get("early_config_prune")
        self.perf_model, self.top_k = prune.get("perf_model"), prune.get("top_k")
        self.reset_to_zero, self.restore_value = list(reset_to_zero or []), list(restore_value or [])
        self.user_pre_hook, self.user_post_hook = pre_hook, post_hook
        self.num_warmups, self.num_reps = warmup or 25, rep or 100
        self.user_do_bench = do_bench
        self.cache: Dict[tuple, Config] = {}
        self.configs_timings: Optional[Dict[Config, List[float]]] = None
        self.best_config: Optional[Config] = None
        self.bench_time = 0.0
        self._warned = False

    def _key(self, named: Dict[str, Any], args) -> tuple:
        return tuple(named[k] for k in self.keys if k in named) + tuple(
            str(a.dtype) for a in args if hasattr(a, "dtype"))

    def prune_configs(self, nargs: Dict[str, Any], kwargs: Dict[str, Any]) -> List[Config]:
        """Triton's pruning: early_config_prune(configs, positional arguments
        by name, **keyword arguments), then the perf model's top_k."""
        configs = self.configs
        if self.early_config_prune is not None:
            configs = list(self.early_config_prune(configs, nargs, **kwargs))
        if self.perf_model is not None and self.top_k is not None:
            top_k = self.top_k if self.top_k >= 1 else int(len(configs) * self.top_k)
            est = {c: self.perf_model(**nargs, **kwargs, **c.all_kwargs()) for c in configs}
            configs = sorted(configs, key=lambda c: est[c])[:builtins.max(1, top_k)]
        return configs

    def run(self, *args, grid, warmup: bool = False, **kwargs):
        named = self._named(args, kwargs)
        key = self._key(named, args)
        config = self.cache.get(key)
        if config is None:
            config = self._tune(args, kwargs, named, grid)
            self.cache[key] = config
        self.best_config = config
        conflicts = sorted(set(kwargs) & set(config.all_kwargs()))
        if conflicts:
            raise ValueError(f"{self.__name__}: conflicting meta-parameters {conflicts}: they are autotuned, "
                             f"do not pass them")
        self._pre_hook(config, named)
        return self.fn.run(*args, grid=grid, warmup=warmup, **kwargs, **config.all_kwargs())

    def _tune(self, args, kwargs, named, grid) -> Config:
        from . import testing

        configs = self.prune_configs(dict(zip(self.arg_names, args)), kwargs)
        if not _on_gpu(args):
            return self._first_that_compiles(configs, args, kwargs, named, grid)
        bench = self.user_do_bench or (lambda f: testing.do_bench(f, warmup=self.num_warmups, rep=self.num_reps,
                                                                  quantiles=(0.5, 0.2, 0.8)))
        timings: Dict[Config, List[float]] = {}
        first_error = None
        import time

        t0 = time.perf_counter()
        for c in configs:
            try:
                self._pre_hook(c, named)
                self.fn.run(*args, grid=grid, warmup=True, **kwargs, **c.all_kwargs())
            except Exception as e:  # a configuration that does not compile is skipped, as Triton's
                first_error = first_error or e
                timings[c] = [math.inf, math.inf, math.inf]
                continue
            t = bench(lambda: self._call(c, args, kwargs, named, grid))
            timings[c] = list(t) if isinstance(t, (list, tuple)) else [t, t, t]
        self.bench_time = time.perf_counter() - t0
        self.configs_timings = timings
        best = builtins.min(timings, key=lambda c: timings[c][0])
        if math.isinf(timings[best][0]):
            raise RuntimeError(f"autotune of {self.__name__}: no configuration compiles") from first_error
        return best

    @staticmethod
    def _pre_hook(config: Config, named):
        """The configuration's pre_hook, before its compile too: it may set
        what the specialization depends on (tutorial 06 sets the host
        descriptors' block shapes)."""
        if config.pre_hook is not None:
            config.pre_hook({**named, **config.all_kwargs()})

    def _call(self, config: Config, args, kwargs, named, grid):
        full = {**named, **config.all_kwargs()}
        for name in self.reset_to_zero:
            named[name].zero_()
        saved = {name: named[name].clone() for name in self.restore_value}
        if config.pre_hook is not None:
            config.pre_hook(full)
        if self.user_pre_hook is not None:
            self.user_pre_hook(full)
        self.fn.run(*args, grid=grid, **kwargs, **config.all_kwargs())
        if self.user_post_hook is not None:
            self.user_post_hook(full, None)
        for name, value in saved.items():
            named[name].copy_(value)

    def _first_that_compiles(self, configs, args, kwargs, named, grid) -> Config:
        if not self._warned:
            warnings.warn(f"autotune of {self.__name__}: the AMD emulator has no meaningful timings; using the "
                          f"first configuration that compiles", stacklevel=4)
            self._warned = True
        first_error = None
        for c in configs:
            try:
                self._pre_hook(c, named)
                self.fn.run(*args, grid=grid, warmup=True, **kwargs, **c.all_kwargs())
                return c
            except Exception as e:
                first_error = first_error or e
        raise RuntimeError(f"autotune of {self.__name__}: no configuration compiles") from first_error


def autotune(configs: Sequence[Config], key: Sequence[str], prune_configs_by=None, reset_to_zero=None,
             restore_value=None, pre_hook=None, post_hook=None, warmup=None, rep=None, use_cuda_graph=False,
             do_bench=None, cache_results=False):
    """`@autotune(configs=[Config(...), ...], key=[...])`, as Triton's."""
    def decorator(fn):
        return Autotuner(fn, configs, key, prune_configs_by=prune_configs_by, reset_to_zero=reset_to_zero,
                         restore_value=restore_value, pre_hook=pre_hook, post_hook=post_hook, warmup=warmup,
                         rep=rep, do_bench=do_bench, cache_results=cache_results, use_cuda_graph=use_cuda_graph)

    return decorator
