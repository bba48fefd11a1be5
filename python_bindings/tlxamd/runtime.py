"""Launch compiled tlxamd kernels on an NVIDIA GPU.

Pure Python over `cuda.bindings.driver` (cupy's driver API as a fallback):
it needs nothing of tlxamd's compiled extension, so kernels compiled on one
machine (`tlxamd.compiler.compile(...).save(dir, stem)`) run on another that
has only a CUDA driver and Python.

    from tlxamd import runtime
    mod = runtime.load("out/copy.cubin")          # reads out/copy.json too
    copy = mod["copy"]
    copy[(n // 1024,)](src, dst, n)               # torch/cupy arrays, ints, floats
    copy.launch((n // 1024, 1, 1), [src, dst, n], stream=0)

Every driver call is checked; a failure raises `CudaError` naming the
driver's error. Block size and dynamic shared memory come from the metadata
the compile driver writes next to the binary.

A kernel compiled with `sanitize=True` is called with its own arguments: the
launcher checks their promises (pointer alignment, `tlxamd.divisibility`),
adds the violation ring, waits for the kernel and raises
`tlxamd.contracts.ContractViolation` with the report when a check failed.
"""

from __future__ import annotations

import ctypes
import json
import math
import os
import threading
from typing import Any, Dict, List, Optional, Sequence

from . import _launch, contracts
from ._driver import driver  # noqa: F401  (Triton's triton.runtime.driver)
from .contracts import ContractViolation

__all__ = ["ContractViolation", "CudaError", "Module", "Kernel", "TensorDescriptor", "check_violations", "driver",
           "load", "load_data"]


class CudaError(RuntimeError):
    """A CUDA driver call failed."""


def _driver():
    try:
        from cuda.bindings import driver  # type: ignore

        return driver
    except ImportError:
        try:
            from cuda import cuda as driver  # type: ignore  (older cuda-python)

            return driver
        except ImportError:
            return None


def _libcuda_launch():
    """libcuda's cuLaunchKernel through ctypes (about a third of a
    cuda.bindings call's host time), or None where it cannot be loaded."""
    try:
        f = ctypes.CDLL("libcuda.so.1").cuLaunchKernel
    except (OSError, AttributeError):
        return None
    u = ctypes.c_uint
    f.argtypes = [ctypes.c_void_p, u, u, u, u, u, u, u, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p]
    f.restype = ctypes.c_int
    return f


_CUDA_ERROR_INVALID_CONTEXT = 201


class _Api:
    """The few driver calls we need, from cuda.bindings or cupy."""

    # cuLaunchKernel through ctypes, set once the context is made (a driver
    # object put in by hand keeps its own)
    launch = None
    # the threads the context has been made current in
    _threads: frozenset = frozenset()

    def __init__(self):
        self.drv = _driver()
        if self.drv is None:
            try:
                import cupy  # type: ignore

                self.cupy = cupy
            except ImportError:
                raise CudaError("no CUDA driver binding: install cuda-python (cuda.bindings) or cupy") from None
        else:
            self.cupy = None
        self._ctx = None

    def check(self, result, what: str):
        if self.drv is None:
            return result
        err, *rest = result if isinstance(result, tuple) else (result,)
        if int(err) != 0:
            _, name = self.drv.cuGetErrorName(err)
            _, desc = self.drv.cuGetErrorString(err)
            name = name.decode() if isinstance(name, bytes) else str(name)
            desc = desc.decode() if isinstance(desc, bytes) else str(desc)
            raise CudaError(f"{what} failed: {name}: {desc}")
        if not rest:
            return None
        return rest[0] if len(rest) == 1 else tuple(rest)

    def ensure_context(self):
        """The primary context, made current in the calling thread (a
        driver context is current per thread: torch's autograd runs a
        backward's launches on a thread of its own)."""
        if self.drv is None:
            return
        if self._ctx is not None:
            if threading.get_ident() not in self._threads:
                self.bind_thread()
            return
        self.check(self.drv.cuInit(0), "cuInit")
        # Share the primary context with torch/cupy in the same process.
        dev = self.check(self.drv.cuDeviceGet(0), "cuDeviceGet")
        ctx = self.check(self.drv.cuDevicePrimaryCtxRetain(dev), "cuDevicePrimaryCtxRetain")
        self._ctx = ctx
        self.bind_thread()
        if type(self.drv).__name__ == "module" and self.drv.__name__.startswith(("cuda.bindings", "cuda.cuda")):
            self.launch = _libcuda_launch()

    def bind_thread(self):
        """Make the primary context current in the calling thread."""
        self.check(self.drv.cuCtxSetCurrent(self._ctx), "cuCtxSetCurrent")
        self._threads = self._threads | {threading.get_ident()}

    def load_module(self, image: bytes):
        self.ensure_context()
        if self.drv is None:
            import tempfile

            suffix = ".ptx" if image.lstrip().startswith(b"//") else ".cubin"
            with tempfile.NamedTemporaryFile(suffix=suffix, delete=False) as f:
                f.write(image.rstrip(b"\0"))
            return self.cupy.RawModule(path=f.name)
        return self.check(self.drv.cuModuleLoadData(image), "cuModuleLoadData")

    def get_function(self, module, name: str):
        if self.drv is None:
            return module.get_function(name)
        return self.check(self.drv.cuModuleGetFunction(module, name.encode()), f"cuModuleGetFunction({name})")


_api: Optional[_Api] = None


def _get_api() -> _Api:
    global _api
    if _api is None:
        _api = _Api()
    return _api


def _int_in(a, bits: int) -> int:
    """`a` as an argument of a `bits`-bit integer parameter (signed or
    unsigned bit pattern), else an error (never a wrapped value)."""
    if type(a) is int and -(1 << (bits - 1)) <= a < (1 << bits):
        return a
    raise TypeError("checked by the slow path")


def _real(a) -> float:
    if type(a) is float or type(a) is int:
        return a
    raise TypeError("checked by the slow path")


def _real32(a) -> float:
    """`a` for an f32 parameter: finite values beyond f32's range take the
    slow path (an OverflowError there), never a silent infinity."""
    if (type(a) is float or type(a) is int) and not -3.4028234663852886e38 <= a <= 3.4028234663852886e38 \
            and a == a and a not in (float("inf"), float("-inf")):
        raise TypeError("checked by the slow path")
    return _real(a)


def _pointer_of(x) -> int:
    if isinstance(x, int):
        return x
    if hasattr(x, "data_ptr"):  # torch
        if not getattr(x, "is_cuda", True):
            raise TypeError(f"a device pointer is a GPU tensor, got one on {x.device}; move it to the GPU "
                            f"(tlxamd.emulator runs AMD kernels on host arrays)")
        return int(x.data_ptr())
    if hasattr(x, "data") and hasattr(x.data, "ptr"):  # cupy
        return int(x.data.ptr)
    if hasattr(x, "__cuda_array_interface__"):
        return int(x.__cuda_array_interface__["data"][0])
    raise TypeError(f"cannot pass {type(x).__name__} as a device pointer")


def _torch_tensor_type():
    """torch.Tensor where torch is already imported (the launch fast path
    takes its address directly), else a type nothing is."""
    import sys

    torch = sys.modules.get("torch")
    return torch.Tensor if torch is not None else type("_NoTensor", (), {})


class _SlowPath(Exception):
    """An argument the generated packer does not take as is: the
    argument-by-argument path packs it or names what is wrong."""


_PACKED = {"ptr": "_u64", "violations": "_u64", "i32": "_i32", "i64": "_i64", "f32": "_f32", "f64": "_f64"}


def _make_packer(kinds: Sequence[str], promises: Dict[int, int]):
    """A function of the kernel's arguments that returns (values, the
    parameter array): generated once per kernel, so that a launch costs one
    Python call rather than one per argument. Anything but a plain int
    pointer address / int / float in range, or an argument that breaks its
    promise (`promises`: index -> divisor), raises _SlowPath. None where a
    kind needs the general path (tensor maps, narrow integers)."""
    if any(k not in _PACKED for k in kinds):
        return None
    lines, exprs = [], []
    for i, kind in enumerate(kinds):
        a = f"a{i}"
        if kind in ("ptr", "violations"):
            lines.append(f"    {a} = {a}.data_ptr() if type({a}) is _Tensor and {a}.is_cuda else "
                         f"{a} if type({a}) is int else _pointer_of({a})")
        elif kind in ("i32", "i64"):
            bits = int(kind[1:])
            lines.append(f"    if type({a}) is not int or not {-(1 << (bits - 1))} <= {a} < {1 << bits}: raise _SlowPath")
        elif kind == "f32":
            lines.append(f"    {a} = _real32({a})")
        else:
            lines.append(f"    {a} = _real({a})")
        if i in promises:
            lines.append(f"    if {a} % {promises[i]}: raise _SlowPath")
        exprs.append(f"{_PACKED[kind]}({a})")
    args = ", ".join(f"a{i}" for i in range(len(kinds)))
    values = "".join(f"{e}, " for e in exprs)
    addrs = ", ".join(f"_addr(v[{i}])" for i in range(len(kinds)))
    src = (f"def pack({args}):\n" + "".join(line + "\n" for line in lines) +
           f"    v = ({values})\n    return v, _Array({addrs})\n")
    scope = {"_u64": ctypes.c_uint64, "_i32": ctypes.c_int32, "_i64": ctypes.c_int64, "_f32": ctypes.c_float,
             "_f64": ctypes.c_double, "_addr": ctypes.addressof, "_Array": ctypes.c_void_p * len(kinds),
             "_pointer_of": _pointer_of, "_real": _real, "_real32": _real32, "_SlowPath": _SlowPath,
             "_Tensor": _torch_tensor_type()}
    exec(compile(src, "<tlxamd argument packer>", "exec"), scope)
    return scope["pack"]


_FALLBACK = (_SlowPath, TypeError, OverflowError, ValueError)


# Element type (as the kernel metadata names it) -> (CUtensorMapDataType name, bytes).
_TMA_TYPES = {"f16": ("FLOAT16", 2), "bf16": ("BFLOAT16", 2), "f32": ("FLOAT32", 4), "f64": ("FLOAT64", 8),
              "i8": ("UINT8", 1), "i16": ("UINT16", 2), "i32": ("INT32", 4), "i64": ("INT64", 8),
              "f8E4M3FN": ("UINT8", 1), "f8E5M2": ("UINT8", 1)}


class TensorDescriptor:
    """The host side of a tensor-descriptor kernel parameter (Gluon's
    `TensorDescriptor(base, shape, strides, block_shape)`): a global tensor
    at `base` (a device array or address) of `shape` elements with `strides`
    in elements (the last 1). At launch it is encoded for the kernel's
    parameter (`cuTensorMapEncodeTiled` with the kernel's box, element type
    and swizzle, out-of-bounds elements read as zero) and passed by value."""

    def __init__(self, base, shape: Sequence[int], strides: Sequence[int], block_shape: Optional[Sequence[int]] = None,
                 layout=None, padding: str = "zero"):
        if padding != "zero":
            raise NotImplementedError(f"TensorDescriptor padding={padding!r}: out-of-bounds elements read as zero")
        if layout is not None:
            from .layouts import NVMMASharedLayout

            if not isinstance(layout, NVMMASharedLayout):
                raise TypeError(f"a TMA descriptor's layout is an NVMMASharedLayout, got {layout!r}")
            if block_shape is None:
                raise TypeError("a TensorDescriptor with a layout needs its block_shape")
        # With a layout (Gluon's descriptors) a kernel receives a TMA tensor
        # map whose tiles land in shared memory in that layout; without one
        # (Triton's), its fields, for tl.make_tensor_descriptor-style loads.
        self.layout = layout
        self.padding = padding
        self.base = base
        self.shape = [int(d) for d in shape]
        self.strides = [int(s) for s in strides]
        self.block_shape = None if block_shape is None else [int(d) for d in block_shape]
        if not self.shape or len(self.shape) > 5 or len(self.strides) != len(self.shape):
            raise ValueError(f"a tensor descriptor has rank 1 to 5 with one stride per dimension, got shape "
                             f"{self.shape} and strides {self.strides}")
        if self.strides[-1] != 1:
            raise ValueError(f"the last dimension must be contiguous (stride 1), got strides {self.strides}")
        if any(d <= 0 for d in self.shape):
            raise ValueError(f"dimensions must be positive, got {self.shape}")
        self._maps: Dict[tuple, Any] = {}

    @classmethod
    def from_tensor(cls, tensor, block_shape: Optional[Sequence[int]] = None, layout=None,
                    padding: str = "zero") -> "TensorDescriptor":
        """A descriptor of a strided torch/cupy device tensor (Gluon's
        `from_tensor(tensor, block_shape, layout)` with a layout)."""
        shape = list(tensor.shape)
        if hasattr(tensor, "stride") and callable(tensor.stride):
            strides = list(tensor.stride())
        else:  # cupy: strides in bytes
            strides = [s // tensor.itemsize for s in tensor.strides]
        return cls(tensor, shape, strides, block_shape, layout, padding)

    def _encode(self, api: "_Api", spec: dict, kernel: str):
        key = (tuple(spec["box"]), spec["element"], spec["swizzle"])
        if key in self._maps:
            return self._maps[key]
        drv = api.drv
        if drv is None:
            raise CudaError("tensor descriptors need cuda.bindings (cuTensorMapEncodeTiled)")
        box = spec["box"]
        if len(box) != len(self.shape):
            raise ValueError(f"kernel {kernel} takes a rank-{len(box)} tensor descriptor, got shape {self.shape}")
        if self.block_shape is not None and len(self.block_shape) != len(box):
            raise ValueError(f"block_shape {self.block_shape} has the wrong rank for kernel {kernel}")
        name, size = _TMA_TYPES.get(spec["element"], (None, 0))
        if name is None:
            raise ValueError(f"no tensor-map type for {spec['element']} elements")
        if hasattr(self.base, "element_size") and self.base.element_size() != size:
            raise TypeError(f"kernel {kernel} reads {spec['element']} elements, the tensor has "
                            f"{self.base.element_size()}-byte elements")
        addr = _pointer_of(self.base)
        byte_strides = [s * size for s in self.strides[:-1]]
        if addr % 16 or any(s % 16 for s in byte_strides):
            raise ValueError(f"the base address and the strides in bytes ({byte_strides}) must be multiples of 16")
        rank = len(self.shape)
        u64, u32 = drv.cuuint64_t, drv.cuuint32_t
        # A rank-1 map has no strides, but the binding passes an empty list
        # as a null array, which the driver rejects: one unread entry.
        _rank1_stride = -(-self.shape[0] * size // 16) * 16
        swizzle = {0: "NONE", 32: "32B", 64: "64B", 128: "128B"}[spec["swizzle"]]
        tmap = api.check(drv.cuTensorMapEncodeTiled(
            getattr(drv.CUtensorMapDataType, f"CU_TENSOR_MAP_DATA_TYPE_{name}"), rank, addr,
            [u64(d) for d in reversed(self.shape)], [u64(s) for s in reversed(byte_strides or [_rank1_stride])],
            [u32(b) for b in reversed(box)], [u32(1)] * rank,
            drv.CUtensorMapInterleave.CU_TENSOR_MAP_INTERLEAVE_NONE,
            getattr(drv.CUtensorMapSwizzle, f"CU_TENSOR_MAP_SWIZZLE_{swizzle}"),
            drv.CUtensorMapL2promotion.CU_TENSOR_MAP_L2_PROMOTION_L2_128B,
            drv.CUtensorMapFloatOOBfill.CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE), "cuTensorMapEncodeTiled")
        self._maps[key] = tmap
        return tmap


_SCALARS = {"i32": ("i", ctypes.c_int32), "i64": ("q", ctypes.c_int64), "f32": ("f", ctypes.c_float),
            "f64": ("d", ctypes.c_double), "i16": ("h", ctypes.c_int16), "i8": ("b", ctypes.c_int8)}


class Kernel:
    def __init__(self, module: "Module", name: str, meta: dict):
        self.module = module
        self.name = name
        self.meta = meta
        self.arg_kinds: List[str] = list(meta.get("args", []))
        self.threads = int(meta.get("threads") or 0)
        if self.threads <= 0:
            raise CudaError(f"metadata of kernel {name} has no block size")
        self.shared = int(meta.get("resources", {}).get("shared_dynamic", 0))
        self.tensor_maps = {int(m["arg"]): m for m in meta.get("tensor_maps", [])}
        self.cluster = tuple(int(c) for c in meta.get("cluster") or (1, 1, 1))
        self.sanitizer = meta.get("sanitizer")
        self.ring_records = contracts.DEFAULT_RECORDS
        self._ring = None
        self._ring_clean = False
        self._launches = 0
        self._fn = module._function(name)
        try:  # the raw CUfunction, for the ctypes launch
            self._handle = int(self._fn) if _get_api().launch is not None else None
        except TypeError:
            self._handle = None
        # the arguments of a launch, packed by one generated function (the
        # promises of a sanitized kernel checked there too)
        self._promises = [(int(p["arg"]), int(p["divisibility"]))
                          for p in (self.sanitizer or {}).get("promises", [])]
        divisors: Dict[int, int] = {}  # an argument's promises together: their lcm
        for i, d in self._promises:
            divisors[i] = math.lcm(divisors.get(i, 1), d)
        self._packer = _make_packer(self.arg_kinds, {})
        self._san_packer = _make_packer(self.arg_kinds, divisors)
        self._grids: Dict[Any, tuple] = {}
        self._label = f"kernel {name}"
        self._launch_what = f"cuLaunchKernel({name})"
        self._pointer_args = [i for i, kind in enumerate(self.arg_kinds) if kind == "ptr"]
        self._deferred = self.sanitizer is not None and self.sanitizer.get("mode", "deferred") == "deferred"
        self._ring_arg = int(self.sanitizer["arg"]) if self.sanitizer is not None else -1

    def __getitem__(self, grid):
        def launcher(*args, stream=None):
            return self.launch(grid, args, stream=stream)

        return launcher

    def _grid(self, grid):
        """`grid` normalized (remembered per grid value)."""
        try:
            return self._grids[grid]
        except (KeyError, TypeError):
            g = _launch.normalize_grid(grid, self._label)
            if type(grid) in (int, tuple) and len(self._grids) < 256:
                self._grids[grid] = g
            return g

    def _pack(self, args: Sequence[Any]):
        if self._packer is not None and len(args) == len(self.arg_kinds):
            try:
                return self._packer(*args)
            except _FALLBACK:
                pass  # the argument-by-argument path below names the argument
        if len(args) != len(self.arg_kinds):
            raise TypeError(f"kernel {self.name} takes {len(self.arg_kinds)} arguments "
                            f"({', '.join(self.arg_kinds)}), got {len(args)}")
        values, addrs = [], []
        for i, (a, kind) in enumerate(zip(args, self.arg_kinds)):
            if kind == "tensor_map":
                if not isinstance(a, TensorDescriptor):
                    raise TypeError(f"argument {i} of {self.name} is a tensor descriptor "
                                    f"(runtime.TensorDescriptor), got {type(a).__name__}")
                tmap = a._encode(_get_api(), self.tensor_maps[i], self.name)
                values.append(tmap)
                addrs.append(int(tmap.getPtr()))
                continue
            if kind in ("ptr", "violations"):
                try:
                    values.append(ctypes.c_uint64(_pointer_of(a)))
                except TypeError as e:
                    raise TypeError(f"argument {i} of {self.name}: {e}") from None
            elif kind in _SCALARS:
                if not isinstance(a, (int, float)):
                    raise TypeError(f"argument {i} of {self.name} is a {kind} scalar, got {type(a).__name__}")
                _launch.check_scalar(a, kind, f"argument {i} of {self.name}")
                values.append(_SCALARS[kind][1](a))
            else:
                raise TypeError(f"argument {i} of {self.name} has unsupported kind {kind}")
            addrs.append(ctypes.addressof(values[-1]))
        ptrs = (ctypes.c_void_p * len(values))(*addrs)
        return values, ptrs

    def launch(self, grid, args: Sequence[Any], stream=None):
        if self.sanitizer is not None and len(args) == len(self.arg_kinds) - 1:
            return self._launch_sanitized(grid, list(args), stream)
        if self.sanitizer is not None and len(args) != len(self.arg_kinds):
            raise TypeError(f"kernel {self.name} (sanitized) takes {len(self.arg_kinds) - 1} arguments, "
                            f"got {len(args)}")
        self._launch(self._grid(grid), args, stream)

    def _launch(self, grid, args: Sequence[Any], stream=None):
        """Launch over a normalized grid with every argument given."""
        self._launch_packed(grid, *self._pack(args), stream)

    def _launch_packed(self, grid, values, ptrs, stream=None):
        api = _api
        if api is not None and api.launch is not None and self._handle is not None and self.cluster == (1, 1, 1):
            s = 0 if stream is None else stream
            if type(s) is not int:
                s = int(s.cuda_stream if hasattr(s, "cuda_stream") else s)
            err = api.launch(self._handle, grid[0], grid[1], grid[2], self.threads, 1, 1, self.shared, s,
                             ctypes.addressof(ptrs), None)
            if err == _CUDA_ERROR_INVALID_CONTEXT and threading.get_ident() not in api._threads:
                # a thread the context is not current in yet: bind, launch again
                api.bind_thread()
                err = api.launch(self._handle, grid[0], grid[1], grid[2], self.threads, 1, 1, self.shared, s,
                                 ctypes.addressof(ptrs), None)
            if err:
                api.check((api.drv.CUresult(err),), self._launch_what)
            return
        if self.cluster != (1, 1, 1) and any(int(g) % c for g, c in zip(grid, self.cluster)):
            raise ValueError(f"kernel {self.name} runs in clusters of {list(self.cluster)} programs: the grid "
                             f"{list(grid)} is not a whole number of clusters")
        api = _get_api()
        api.ensure_context()
        s = stream if stream is not None else 0
        if hasattr(s, "cuda_stream"):  # torch.cuda.Stream
            s = s.cuda_stream
        if api.drv is None:
            import numpy  # type: ignore

            cvt = {ctypes.c_uint64: numpy.uint64, ctypes.c_int32: numpy.int32, ctypes.c_int64: numpy.int64,
                   ctypes.c_float: numpy.float32, ctypes.c_double: numpy.float64, ctypes.c_int16: numpy.int16,
                   ctypes.c_int8: numpy.int8}
            self._fn(tuple(int(g) for g in grid), (self.threads, 1, 1),
                     tuple(cvt[type(v)](v.value) for v in values), shared_mem=self.shared)
            return
        if self.cluster != (1, 1, 1):
            self._launch_cluster(api, grid, s, ptrs)
            return
        api.check(api.drv.cuLaunchKernel(self._fn, grid[0], grid[1], grid[2], self.threads, 1, 1,
                                         self.shared, s, ctypes.addressof(ptrs), 0), self._launch_what)

    def _launch_sanitized(self, grid, args: List[Any], stream):
        """Check the argument promises and launch with a violation ring.

        Deferred (the default): the ring is host-mapped memory the kernel
        writes only when a check fails; the launch does not wait. Its ring
        is read once the launch has completed (an event), at the next
        sanitized launch, `check_violations()` or interpreter exit, and a
        report names the launch. `sanitize="sync"` (or the cupy fallback):
        wait for the kernel and report at once."""
        grid = self._grid(grid)
        api = _get_api()
        api.ensure_context()
        if self._deferred and api.drv is not None:
            launches = _sanitized
            seq = launches.seq
            if seq % _CHECK_EVERY == 0 or seq - launches.read >= _SLOTS or launches.arena is None:
                launches.prepare(api)
            ring = launches.device[seq % _SLOTS]
            args.insert(self._ring_arg, ring)
            packed = None
            if self._san_packer is not None:
                try:
                    packed = self._san_packer(*args)
                except _FALLBACK:
                    pass
            if packed is None:
                packed = self._pack(args)
                # the promises, on the packed values (each address read once)
                for i, d in self._promises:
                    v = packed[0][i].value
                    if type(v) is int and v % d:
                        contracts.check_arguments(self.name, self.sanitizer, [v.value for v in packed[0]],
                                                  self._pointer_args, int)
            self._launch_packed(grid, packed[0], packed[1], stream)
            self._launches += 1
            launches.owner[seq % _SLOTS] = (self, self._launches, grid)
            launches.seq = seq = seq + 1
            if stream is not launches.stream or seq % _EVENT_EVERY == 0 or seq - launches.read >= _SLOTS:
                launches.launched(api, stream, seq)
            return
        contracts.check_arguments(self.name, self.sanitizer, args, self._pointer_args, _pointer_of)
        self._launch_sanitized_sync(api, grid, args, stream)

    def _launch_sanitized_sync(self, api, grid, args: List[Any], stream):
        """Launch with a cleared device ring, wait, and report. Only the
        ring's header moves per launch (and the records when a check
        failed)."""
        header = contracts.ring_words(self.ring_records)[:contracts.HEADER_WORDS]
        if self._ring is None:
            nbytes = 4 * (contracts.HEADER_WORDS + contracts.RECORD_WORDS * self.ring_records)
            if api.drv is None:
                self._ring = api.cupy.zeros(nbytes // 4, dtype=api.cupy.uint32)
            else:
                self._ring = api.check(api.drv.cuMemAlloc(nbytes), "cuMemAlloc(violation ring)")
        # A launch that recorded nothing left the header as it found it:
        # only the first launch and one after a report write it.
        if api.drv is None:
            if not self._ring_clean:
                self._ring[:contracts.HEADER_WORDS] = api.cupy.asarray(header, dtype=api.cupy.uint32)
            ptr = int(self._ring.data.ptr)
        else:
            if not self._ring_clean:
                host = (ctypes.c_uint32 * len(header))(*header)
                api.check(api.drv.cuMemcpyHtoD(self._ring, ctypes.addressof(host), 4 * len(header)),
                          "cuMemcpyHtoD(violation ring)")
            ptr = int(self._ring)
        self._ring_clean = False
        args.insert(int(self.sanitizer["arg"]), ptr)
        self._launch(grid, args, stream=stream)
        words = self._read_ring(api, contracts.HEADER_WORDS)
        self._ring_clean = words[:2] == header[:2]
        if words[0]:
            kept = min(words[0], words[1])
            words = self._read_ring(api, contracts.HEADER_WORDS + contracts.RECORD_WORDS * kept)
        error = contracts.violations(self.name, words, self.sanitizer.get("sites", []))
        if error is not None:
            raise error

    def _read_ring(self, api, count: int) -> List[int]:
        """The first `count` words of the violation ring, after the kernel."""
        if api.drv is None:
            api.cupy.cuda.runtime.deviceSynchronize()
            return [int(w) for w in self._ring[:count].get()]
        api.check(api.drv.cuCtxSynchronize(), f"cuCtxSynchronize({self.name})")
        host = (ctypes.c_uint32 * count)()
        api.check(api.drv.cuMemcpyDtoH(ctypes.addressof(host), self._ring, 4 * count), "cuMemcpyDtoH(violation ring)")
        return list(host)

    def _launch_cluster(self, api, grid, stream, ptrs):
        """cuLaunchKernelEx with the kernel's cluster shape (the cubin's
        `.reqnctapercluster`): each grid dimension a multiple of it."""
        drv = api.drv
        cfg = drv.CUlaunchConfig()
        cfg.gridDimX, cfg.gridDimY, cfg.gridDimZ = (int(g) for g in grid)
        cfg.blockDimX, cfg.blockDimY, cfg.blockDimZ = self.threads, 1, 1
        cfg.sharedMemBytes = self.shared
        cfg.hStream = stream if isinstance(stream, drv.CUstream) else drv.CUstream(int(stream))
        attr = drv.CUlaunchAttribute()
        attr.id = drv.CUlaunchAttributeID.CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION
        attr.value.clusterDim.x, attr.value.clusterDim.y, attr.value.clusterDim.z = self.cluster
        cfg.attrs = [attr]
        cfg.numAttrs = 1
        api.check(drv.cuLaunchKernelEx(cfg, self._fn, ctypes.addressof(ptrs), 0),
                  f"cuLaunchKernelEx({self.name}, cluster {self.cluster})")


# CU_MEMHOSTALLOC_DEVICEMAP, CU_EVENT_DISABLE_TIMING
_HOST_ALLOC_DEVICEMAP = 0x02
_EVENT_DISABLE_TIMING = 0x02
# Deferred sanitized launches: the rings' slots in the one host-mapped arena
# (a launch takes the next slot; a slot is reused only once the launch that
# had it is known complete and its ring read), the records a slot keeps
# (every violation is counted; the first ones are kept, and a report shows
# eight), an event after every this many launches (and at a change of
# stream), and a read of the completed launches' rings at every this many.
_SLOTS = 256
_SLOT_RECORDS = 64
_EVENT_EVERY = 32
_CHECK_EVERY = 16


class _SanitizedLaunches:
    """The deferred sanitized launches of the process. Their violation
    rings are slots of one arena of host-mapped pinned memory, which the
    device writes only when a check fails: reading a ring costs no copy,
    and a scan of the completed launches' ring headers is one array
    operation. A launch is known complete when an event recorded after it
    (on its stream) has completed; most launches add nothing to the
    stream."""

    def __init__(self):
        self.arena = None  # (_SLOTS, words) uint32 view of the host memory
        self.device: List[int] = []  # each slot's device address
        self.owner: List[Any] = [None] * _SLOTS  # slot -> (kernel, launch number, grid)
        self.seq = 0  # launches made
        self.read = 0  # launches whose rings are read (all complete)
        self.events: List[list] = []  # [launch count it covers, event], oldest first
        self.spare: List[Any] = []  # events to record again
        self.stream = None  # the last launch's stream argument
        self.stream_id: Any = 0  # and the stream it names
        self._atexit = False

    def _allocate(self, api):
        import numpy as np

        words = contracts.HEADER_WORDS + contracts.RECORD_WORDS * _SLOT_RECORDS
        host = api.check(api.drv.cuMemHostAlloc(4 * words * _SLOTS, _HOST_ALLOC_DEVICEMAP),
                         "cuMemHostAlloc(violation rings)")
        base = int(api.check(api.drv.cuMemHostGetDevicePointer(host, 0),
                             "cuMemHostGetDevicePointer(violation rings)"))
        self.host = host  # keeps the allocation
        buf = (ctypes.c_uint32 * (words * _SLOTS)).from_address(int(host))
        self.arena = np.frombuffer(buf, dtype=np.uint32).reshape(_SLOTS, words)
        self.arena[:, :contracts.HEADER_WORDS] = contracts.ring_words(_SLOT_RECORDS)[:contracts.HEADER_WORDS]
        self.device = [base + 4 * words * i for i in range(_SLOTS)]
        if not self._atexit:
            import atexit

            atexit.register(self._at_exit)
            self._atexit = True

    def pending(self) -> int:
        """Launches whose rings are not read yet."""
        return self.seq - self.read

    def prepare(self, api):
        """Make the next launch's slot free: the arena allocated, the
        completed launches' rings read at every `_CHECK_EVERY`-th launch,
        and the oldest event waited for when every slot is taken."""
        if self.arena is None:
            self._allocate(api)
        if self.seq % _CHECK_EVERY == 0 and self.events:
            self.check(api, block=False)
        if self.seq - self.read >= _SLOTS:
            self.check(api, block=False, wait_oldest=True)

    def _record(self, api, stream, covers: int):
        event = self.spare.pop() if self.spare else \
            api.check(api.drv.cuEventCreate(_EVENT_DISABLE_TIMING), "cuEventCreate")
        api.check(api.drv.cuEventRecord(event, stream), "cuEventRecord")
        self.events.append([covers, event])

    def launched(self, api, stream, seq: int):
        """After launch `seq` (its slot's owner noted): an event where the
        stream changed (covering the old stream's launches: an event covers
        the earlier launches of its own stream only), and after every
        `_EVENT_EVERY`-th launch or when every slot is taken."""
        s = 0 if stream is None else stream
        if hasattr(s, "cuda_stream"):
            s = s.cuda_stream
        if stream is not self.stream and s != self.stream_id:
            if seq > 1 and (not self.events or self.events[-1][0] != seq - 1):
                self._record(api, self.stream_id, seq - 1)
            self.stream_id = s
        self.stream = stream
        if seq % _EVENT_EVERY == 0 or seq - self.read >= _SLOTS:
            self._record(api, s, seq)

    def check(self, api, block: bool, wait_oldest: bool = False):
        """Read the rings of the launches known complete (all of them with
        `block`), oldest first; raise the first report. One query per
        recorded event, stopping at the first still running."""
        if self.seq == self.read:
            return
        done = self.read
        if block:
            api.check(api.drv.cuCtxSynchronize(), "cuCtxSynchronize(sanitized launches)")
            done = self.seq
            self.spare.extend(e for _, e in self.events)
            self.events.clear()
        else:
            while self.events:
                covers, event = self.events[0]
                if wait_oldest and done == self.read:
                    api.check(api.drv.cuEventSynchronize(event), "cuEventSynchronize")
                else:
                    (err,) = api.drv.cuEventQuery(event)
                    if err == api.drv.CUresult.CUDA_ERROR_NOT_READY:
                        break
                    api.check((err,), "cuEventQuery")  # raises on any other error
                done = covers
                self.spare.append(self.events.pop(0)[1])
        if done == self.read:
            return
        first, self.read = self.read, done
        slots = [i % _SLOTS for i in range(first, done)]
        counts = self.arena[slots, 0] if done - first < _SLOTS else self.arena[:, 0]
        if not counts.any():  # nothing recorded (the common case)
            return
        error = None
        for i in range(first, done):
            slot = i % _SLOTS
            row = self.arena[slot]
            if not row[0]:
                continue
            kernel, number, grid = self.owner[slot]
            words = [int(w) for w in row[:contracts.HEADER_WORDS + contracts.RECORD_WORDS * min(int(row[0]),
                                                                                                 int(row[1]))]]
            row[:contracts.HEADER_WORDS] = contracts.ring_words(_SLOT_RECORDS)[:contracts.HEADER_WORDS]
            report = contracts.violations(kernel.name, words, kernel.sanitizer.get("sites", []))
            if report is not None and error is None:
                error = ContractViolation(f"{kernel.name}, launch {number} (grid {list(grid)})",
                                          report.violations, report.total)
                error.kernel, error.launch = kernel.name, number
        if error is not None:
            raise error

    def _at_exit(self):
        if self.seq == self.read or _api is None:
            return
        try:
            self.check(_api, block=True)
        except ContractViolation as e:
            import sys

            print(f"tlxamd: contract violations found after the last check:\n{e}", file=sys.stderr)
        except Exception:  # the context may be gone at exit
            pass


_sanitized = _SanitizedLaunches()


def check_violations() -> None:
    """Wait for every sanitized launch made so far and raise
    `ContractViolation` for the first one whose checks failed (naming the
    kernel and the launch). Sanitized launches (compile(..., sanitize=True))
    do not wait for their kernels: this, the next sanitized launch (for the
    launches that have completed by then) and interpreter exit report them."""
    if _api is None or _api.drv is None:
        return
    _sanitized.check(_api, block=True)


class Module:
    """A loaded cubin/PTX with the metadata of its kernels."""

    def __init__(self, image: bytes, meta: dict):
        self.meta = meta
        self._handle = _get_api().load_module(image)
        self._kernels: Dict[str, Kernel] = {}

    def _function(self, name: str):
        return _get_api().get_function(self._handle, name)

    def __getitem__(self, name: str) -> Kernel:
        if name not in self.meta.get("kernels", {}):
            raise KeyError(f"no kernel {name!r} in module (kernels: {', '.join(self.meta.get('kernels', {}))})")
        if name not in self._kernels:
            self._kernels[name] = Kernel(self, name, self.meta["kernels"][name])
        return self._kernels[name]

    kernel = __getitem__


def load_data(image: bytes, meta: dict) -> Module:
    if image.lstrip().startswith(b"//") and not image.endswith(b"\0"):
        image = image + b"\0"  # PTX must be NUL-terminated for cuModuleLoadData
    return Module(image, meta)


def load(path: str, metadata: Optional[str] = None) -> Module:
    """Load `path` (.cubin or .ptx) and its metadata (`<stem>.json` beside it)."""
    metadata = metadata or os.path.splitext(path)[0] + ".json"
    with open(path, "rb") as f:
        image = f.read()
    with open(metadata) as f:
        meta = json.load(f)
    return load_data(image, meta)
