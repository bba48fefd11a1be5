"""Triton's calling convention: `kernel[grid](*args, **meta)`.

A `@jit` function launched with a grid is compiled on its first call for
the kinds of the values passed, as Triton's launcher does:

- a torch tensor or numpy array is a pointer to its element type, assumed
  16-byte aligned when its address is (and, under 2 GiB, addressed with
  32-bit buffer offsets on AMD);
- an int is an i32 (i64 / u64 when it does not fit), a multiple of 16 is
  known to be one (`tlxamd.divisibility`), and an int equal to 1 becomes
  the constant 1 (both unless the parameter is in `do_not_specialize`);
- a float is an f32, a bool an i1, None and dtypes are compile-time
  constants, as are parameters annotated `tl.constexpr`.

`num_warps`, `num_stages` and `num_ctas` are launch meta-parameters; `grid`
is a tuple or a function of the arguments by name. Compiled kernels are
kept per specialization (in memory, and on disk by the compile driver).
CUDA tensors launch on the GPU, on torch's current stream, for the target
of the device (sm_90a, sm_100a); host arrays and CPU tensors run in the AMD
emulator for the target `TLXAMD_TARGET` names (gfx950 when unset), so the
same call works on an NVIDIA GPU and on a machine without one.
"""

from __future__ import annotations

import os
import time
import types
from typing import Any, Callable, Dict, List, Optional, Tuple

from . import _launch

_META_DEFAULTS = {"num_warps": 4, "num_stages": 3, "num_ctas": 1, "enable_fp_fusion": True}
# Options Triton's launch takes that tlxamd implements at their default only.
_META_FIXED = {"maxnreg": None, "launch_cooperative_grid": False, "launch_pdl": False}
_OPTIONS = len(_META_DEFAULTS)
# Triton's AMD tuning hints (the MFMA instruction's non-K size, operand
# packing, waves per EU) and permissions (flushing f32 denormals): accepted
# so that AMD configurations run. `matrix_instr_nonkdim` is honoured (the
# kernel's dots use MFMAs of that M and N; it is in the key); tlxamd's
# layout assignment chooses packing itself (its cost model is in the layout
# core) and keeps denormals (a permission it does not take), so the others
# change nothing and are not in the key.
# `extern_libs` (vendor device libraries to link) names nothing tlxamd
# reads: tl.extra.libdevice's functions are computed by tlxamd itself.
_AMD_HINTS = {"matrix_instr_nonkdim": (0, 16, 32), "kpack": (1, 2), "waves_per_eu": tuple(range(0, 9)),
              "allow_flush_denorm": (False, True), "extern_libs": dict}

# torch / numpy dtype names -> tlxamd.language dtype names
_DTYPES = {
    "float16": "float16", "bfloat16": "bfloat16", "float32": "float32", "float64": "float64",
    "int8": "int8", "int16": "int16", "int32": "int32", "int64": "int64",
    "uint8": "uint8", "uint16": "uint16", "uint32": "uint32", "uint64": "uint64", "bool": "int1",
    "float8_e4m3fn": "float8e4nv", "float8_e5m2": "float8e5", "float8_e4m3fnuz": "float8e4b8",
    "float8_e5m2fnuz": "float8e5b16", "half": "float16", "float": "float32", "double": "float64",
}
_CUDA_TARGETS = {(9, 0): "sm_90a", (10, 0): "sm_100a"}


class _Constant:
    """A specialized argument: compiled in as a constant."""

    __slots__ = ("value",)

    def __init__(self, value):
        self.value = value


def _dtype_name(dt) -> str:
    name = str(dt).replace("torch.", "")
    if name not in _DTYPES:
        raise TypeError(f"element type {dt} has no tlxamd dtype (supported: {', '.join(sorted(set(_DTYPES)))})")
    return _DTYPES[name]


def _address(v) -> Tuple[Any, int, int]:
    """(the element dtype, the address modulo 16, the bytes from the
    address to the end of the allocation) of an array argument."""
    from . import emulator

    if isinstance(v, emulator.Pointer):
        dt, _, nbytes = _address(v.array)
        return dt, v.offset % 16, nbytes - v.offset
    if hasattr(v, "data_ptr"):  # torch
        return v.dtype, v.data_ptr() % 16, (v.untyped_storage().nbytes() - v.storage_offset() * v.element_size())
    return v.dtype, 0, v.nbytes  # numpy: the emulator places each buffer 256-byte aligned


def _is_host_descriptor(v) -> bool:
    """A host TensorDescriptor (tlxamd.runtime's, Triton's signature)."""
    t = type(v)
    return t.__name__ == "TensorDescriptor" and hasattr(v, "base") and hasattr(v, "block_shape")


def _descriptor_kind(value, specialize: bool, align: bool):
    """A host descriptor passed by its fields: base, sizes, strides but the
    last (which must be 1)."""
    from . import language as tl

    if value.block_shape is None:
        raise TypeError("a TensorDescriptor passed to a kernel needs its block_shape")
    if getattr(value, "layout", None) is not None:  # Gluon's: a TMA tensor map
        base = value.base
        if not _is_array(base):
            raise TypeError(f"a TensorDescriptor with a layout describes a tensor, got base {type(base).__name__}")
        return tl.tensor_descriptor(getattr(tl, _dtype_name(_address(base)[0])), value.block_shape, value.layout,
                                    with_shape=True)
    if value.strides[-1] != 1:
        raise ValueError(f"a TensorDescriptor's last stride is 1, got strides {list(value.strides)}")

    def i32(v):
        if not -(1 << 31) <= v < (1 << 31):
            raise OverflowError(f"descriptor size or stride {v} does not fit in 32 bits")
        return tl.divisible_int(tl.int32, 16) if specialize and v % 16 == 0 else tl.int32

    return tl.host_tensor_descriptor(_kind_of(value.base, specialize, align), [i32(v) for v in value.shape],
                                     [i32(v) for v in value.strides[:-1]], value.block_shape)


# TLX / Gluon calls that move a descriptor's tiles with the tensor memory
# accelerator (the descriptor is their first argument).
_TMA_CALLS = {"async_descriptor_load", "async_descriptor_store", "async_descriptor_prefetch_tensor",
              "async_copy_global_to_shared", "async_copy_shared_to_global", "async_tma_copy_global_to_shared",
              "async_tma_copy_shared_to_global", "async_load", "async_store"}


def _tma_parameters(fn, names) -> frozenset:
    """The parameters of `fn` its source passes to TMA calls (a host
    TensorDescriptor given to one becomes a tensor map on targets with the
    TMA, as Triton's launcher makes it one on Hopper)."""
    import ast
    import inspect
    import textwrap

    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(fn)))
    except (OSError, TypeError, SyntaxError):
        return frozenset()
    used = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Name):
            f = node.func
            name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else None
            if name in _TMA_CALLS:
                used.add(node.args[0].id)
        if isinstance(node, ast.Call):
            for kw in node.keywords:
                if kw.arg in ("desc", "tensor_desc") and isinstance(kw.value, ast.Name):
                    used.add(kw.value.id)
    return frozenset(used & set(names))


def _has_tma(target: str) -> bool:
    """Whether `target` has the tensor memory accelerator (from the
    capability table; where the compiler is not installed, NVIDIA sm_90 and
    later, the table's rule)."""
    from . import _nocompiler

    if _nocompiler.compiler_installed():
        from . import targets

        return bool(targets.get(target)["tma"])
    digits = target[3:].rstrip("af") if target.startswith("sm_") else ""
    return digits.isdigit() and int(digits) >= 90


def _tma_kind(value):
    """A host TensorDescriptor passed as a tensor map, in the NVMMA layout
    tiles allocated without one get (Gluon's default for the block)."""
    from . import language as tl
    from .layouts import NVMMASharedLayout

    if value.block_shape is None:
        raise TypeError("a TensorDescriptor passed to a kernel needs its block_shape")
    dt = getattr(tl, _dtype_name(_address(value.base)[0]))
    return tl.tensor_descriptor(dt, value.block_shape, NVMMASharedLayout.get_default_for(value.block_shape, dt),
                                with_shape=True)


def _is_array(v) -> bool:
    if hasattr(v, "data_ptr") and hasattr(v, "dtype"):
        return True
    t = type(v)
    return t.__name__ in ("ndarray", "Pointer") and t.__module__ in ("numpy", "tlxamd.emulator")


def _kind_of(value, specialize: bool, align: bool):
    """The parameter kind (an annotation for kernel.build, or _Constant) of
    an argument."""
    from . import language as tl

    if isinstance(value, tl.constexpr):
        value = value.value
    from . import layouts

    if value is None or isinstance(value, (tl.dtype, str, layouts.Layout)):
        return _Constant(value)
    if isinstance(value, bool):
        return tl.int1
    if isinstance(value, int):
        if specialize and value == 1:
            return _Constant(1)
        dt = tl.int32 if -(1 << 31) <= value < (1 << 31) else tl.int64 if -(1 << 63) <= value < (1 << 63) \
            else tl.uint64 if 0 <= value < (1 << 64) else None
        if dt is None:
            raise OverflowError(f"{value} does not fit in 64 bits")
        return tl.divisible_int(dt, 16) if specialize and value % 16 == 0 else dt
    if isinstance(value, float):
        return tl.float32
    if _is_host_descriptor(value):
        return _descriptor_kind(value, specialize, align)
    if _is_array(value):
        dt, misalign, nbytes = _address(value)
        on_gpu = getattr(value, "is_cuda", False)  # NVIDIA code does not read the range: not in the key
        return tl.pointer(getattr(tl, _dtype_name(dt)), divisibility=16 if align and misalign == 0 else 1,
                          pointer_range=None if on_gpu or nbytes >= (1 << 31) else 32)
    raise TypeError(f"cannot pass {type(value).__name__} {value!r:.60} to a kernel (tensors, arrays, ints, "
                    f"floats, bools, None, dtypes and tl.constexpr values)")


_TENSOR = None  # torch.Tensor, once torch is imported


def _key_of(v):
    """What of an argument its specialization depends on (cheap: it is
    computed at every launch)."""
    global _TENSOR
    t = type(v)
    if t is _TENSOR:
        if v.is_cuda:  # NVIDIA code does not depend on the buffer's size
            return (v.dtype, v.data_ptr() & 15 == 0)
        return (v.dtype, v.data_ptr() & 15 == 0, False, v.untyped_storage().nbytes() < (1 << 31))
    if t is int:
        return (t, v == 1, v & 15 == 0, -(1 << 31) <= v < (1 << 31))
    if t is float or t is bool or v is None:
        return t
    if hasattr(v, "data_ptr"):
        if _TENSOR is None and type(v).__module__.startswith("torch"):
            import torch

            _TENSOR = torch.Tensor
            if t is _TENSOR:
                return _key_of(v)
        return (v.dtype, v.data_ptr() % 16 == 0, v.device.type, v.untyped_storage().nbytes() < (1 << 31))
    if _is_array(v):
        dt, misalign, nbytes = _address(v)
        return (str(dt), misalign == 0, nbytes < (1 << 31))
    if _is_host_descriptor(v):
        return (t, _key_of(v.base), tuple(s % 16 == 0 for s in v.shape), tuple(s % 16 == 0 for s in v.strides),
                tuple(v.block_shape or ()), getattr(v, "layout", None))
    try:
        hash(v)
    except TypeError:
        raise TypeError(f"cannot pass {type(v).__name__} to a kernel") from None
    return (t, v)


def _make_binder(fn: Callable) -> Callable:
    """A function of a call's arguments that returns (the kernel's
    arguments in parameter order, the meta-parameters): generated once, so
    binding costs one Python call."""
    import inspect

    params = list(inspect.signature(fn).parameters.values())
    defaults: Dict[str, Any] = {}
    formals = []
    for p in params:
        if p.default is inspect.Parameter.empty:
            formals.append(p.name)
        else:
            defaults[f"_d_{p.name}"] = p.default
            formals.append(f"{p.name}=_d_{p.name}")
    meta = {**_META_DEFAULTS, **_META_FIXED}
    names = [p.name for p in params]
    # A parameter named as a launch option (the softmax tutorial's
    # `num_stages: tl.constexpr`) is both, as in Triton.
    formals += [f"{k}={v!r}" for k, v in meta.items() if k not in names]
    formals += [f"{k}=None" for k in _AMD_HINTS if k not in names]
    src = (f"def bind({', '.join(formals)}):\n"
           f"    return ({''.join(n + ', ' for n in names)}), ({''.join(k + ', ' for k in meta)}), "
           f"({''.join(k + ', ' for k in _AMD_HINTS if k not in names)})\n")
    scope = dict(defaults)
    exec(compile(src, f"<tlxamd binder of {fn.__name__}>", "exec"), scope)
    return scope["bind"]


def _device_target(args) -> Tuple[str, Any]:
    """(target, torch device or None) of a launch: the GPU's target when a
    tensor argument is on a CUDA device, else the emulated AMD target."""
    device = None
    for a in args:
        if _is_host_descriptor(a):
            a = a.base
        if hasattr(a, "data_ptr") and getattr(a, "device", None) is not None and a.device.type != "cpu":
            if a.device.type != "cuda":
                raise TypeError(f"tensors on {a.device} cannot be launched on (CUDA tensors run on the GPU, "
                                f"CPU tensors and numpy arrays in the AMD emulator)")
            if device is not None and a.device != device:
                raise ValueError(f"tensor arguments are on {device} and {a.device}; a launch uses one device")
            device = a.device
    if device is None:
        from ._driver import emulated_target

        return emulated_target(), None
    return cuda_target(device), device


_cuda_targets: Dict[int, str] = {}


def cuda_target(device) -> str:
    """The target of a CUDA device, from its compute capability."""
    index = device.index if device.index is not None else 0
    if index != 0:
        # tlxamd.runtime holds device 0's primary context
        raise NotImplementedError(f"tensors on cuda:{index}: tlxamd launches on CUDA device 0 only (make it "
                                  f"the visible device with CUDA_VISIBLE_DEVICES)")
    if index not in _cuda_targets:
        import torch

        cc = torch.cuda.get_device_capability(index)
        if cc not in _CUDA_TARGETS:
            raise ValueError(f"CUDA device {index} has compute capability {cc[0]}.{cc[1]}; tlxamd compiles for "
                             f"{', '.join(f'{a}.{b} ({t})' for (a, b), t in _CUDA_TARGETS.items())}")
        _cuda_targets[index] = _CUDA_TARGETS[cc]
    return _cuda_targets[index]


class CompiledKernel:
    """One specialization of a `@jit` kernel, compiled (Triton's
    `CompiledKernel`): `.asm` (lowered MLIR, LLVM IR, assembly, binary),
    `.n_regs`, `.n_spills`, `.metadata` (shared, num_warps, ...), and
    `k[grid](*args)` with the kernel's arguments, constexprs included."""

    def __init__(self, fn_name: str, compiled, constant_positions: List[int], meta: Dict[str, Any]):
        self.name = fn_name
        self.compiled = compiled
        self.target = compiled.target
        self._constant = set(constant_positions)
        # host descriptors: position -> passed as a TMA map (else by fields)
        self.descriptors: Dict[int, bool] = {}
        res = compiled.resources
        # NVIDIA (ptxas -v) and AMD (the code object's metadata) name them apart
        self.n_regs = int(res.get("registers", res.get("vgpr", 0)) + res.get("agpr", 0))
        self.n_spills = int(res.get("spill_stores", 0) + res.get("vgpr_spill", 0) + res.get("sgpr_spill", 0))
        shared = int(res.get("lds", 0) + res.get("shared", 0) + res.get("shared_dynamic", 0))
        self.metadata = types.SimpleNamespace(name=fn_name, target=self.target, shared=shared, **meta)
        self.packed_metadata = self.metadata
        self._gpu = None

    @property
    def asm(self) -> Dict[str, Any]:
        c = self.compiled
        if c.is_amd:
            return {"mlir": c.mlir, "llir": c.llvm_ir, "amdgcn": c.asm, "hsaco": c.binary}
        return {"mlir": c.mlir, "llir": c.llvm_ir, "ptx": c.asm, "cubin": c.binary}

    def _init_handles(self):
        """Load the binary on the GPU (NVIDIA targets; a no-op in the emulator)."""
        if self._gpu is None and not self.compiled.is_amd:
            from . import runtime

            self._gpu = runtime.load_data(self.compiled.binary, self.compiled.metadata())[self.name]

    def launch_runtime(self, grid, args, stream=None):
        """Launch with the kernel's runtime arguments only."""
        if self.compiled.is_amd:
            from . import emulator

            emulator.run(self.compiled, grid, *args, name=self.name)
            return
        if self._gpu is None:
            self._init_handles()
        self._gpu._launch(grid, args, stream)

    def __getitem__(self, grid):
        grid = _launch.normalize_grid(grid, f"kernel {self.name}")

        def launcher(*args, stream=None):
            runtime = [i for i in range(len(args)) if i not in self._constant]
            runtime_args = _expand_descriptors(args, runtime, self.descriptors)
            if stream is None and not self.compiled.is_amd:
                stream = _current_stream(None)  # torch's current stream, as Triton's launch takes
            self.launch_runtime(grid, runtime_args, stream)

        return launcher


def _current_stream(device) -> int:
    import torch

    index = device.index if device is not None and device.index is not None else torch.cuda.current_device()
    return torch._C._cuda_getCurrentRawStream(index)


def _expand_descriptors(values, positions, descriptors) -> list:
    """The runtime arguments with each host descriptor passed by its fields
    (`descriptors`: position -> whether the kernel takes it as a TMA map)."""
    out = []
    for i in positions:
        v = values[i]
        if i in descriptors:
            if descriptors[i]:  # a TMA map, then its tensor's sizes
                out += [v, *v.shape]
            else:
                out += [v.base, *v.shape, *v.strides[:-1]]
        else:
            out.append(v)
    return out


# Context-manager factories (launcher, kernel, grid, argument values,
# stream) entered around each GPU launch: tlxamd.profiler's "triton" hook.
_LAUNCH_HOOKS: List[Callable] = []


class Launcher:
    """The compiled specializations of one `@jit` function and the launch
    path that picks one."""

    def __init__(self, jit_fn):
        import inspect

        self.jit = jit_fn
        self.fn = jit_fn.fn
        self.name = self.fn.__name__
        self.params = list(inspect.signature(self.fn).parameters.values())
        self.names = [p.name for p in self.params]
        from . import language as tl

        constexpr = tl.constexpr
        declared = tl.frontend.declared_annotations(self.fn)
        self.constexpr_params = {i for i, p in enumerate(self.params) if declared[p.name] is constexpr}

        def positions(names):
            out = set()
            for n in names:
                if isinstance(n, int) and 0 <= n < len(self.names):
                    out.add(n)
                elif n in self.names:
                    out.add(self.names.index(n))
                else:
                    raise ValueError(f"@jit(do_not_specialize=...) of {self.name}: {n!r} is not a parameter")
            return out

        self.no_specialize = positions(jit_fn.do_not_specialize)
        self.no_align = positions(jit_fn.do_not_specialize_on_alignment)
        self.tma_params = _tma_parameters(self.fn, self.names)
        tl.frontend.check_kernel_parameters(self.fn)
        self.bind = _make_binder(self.fn)
        self.key = self._make_key()
        self.label = f"kernel {self.name}"
        self._hint_names = [k for k in _AMD_HINTS if k not in self.names]
        self._no_hints = (None,) * len(self._hint_names)
        self._nonkdim = (self._hint_names.index("matrix_instr_nonkdim")
                         if "matrix_instr_nonkdim" in self._hint_names else None)
        self.cache: Dict[Any, Tuple[CompiledKernel, Any, Tuple[int, ...]]] = {}

    def run(self, grid, args, kwargs, warmup: bool):
        try:
            values, meta, hints = self.bind(*args, **kwargs)
        except TypeError as e:
            raise TypeError(f"{self.name}[grid](...): {e}") from None
        if hints != self._no_hints:
            self._check_hints(hints)
        # (the emulated target is part of the key: TLXAMD_TARGET may change
        # between launches of host arrays)
        nonkdim = (hints[self._nonkdim] or 0) if self._nonkdim is not None else 0
        key = (self.key(*values), meta, nonkdim, os.environ.get("TLXAMD_TARGET"))
        hit = self.cache.get(key)
        if hit is None:
            hit = self._compile(key, values, meta, nonkdim)
        kernel, device, runtime_positions, descriptors = hit
        if callable(grid):
            grid = grid(dict(zip(self.names, values), num_warps=meta[0], num_stages=meta[1], num_ctas=meta[2]))
        if warmup:
            _launch.normalize_grid(grid, self.label)
            return kernel
        grid = _launch.normalize_grid(grid, self.label)
        if descriptors:
            runtime_args = _expand_descriptors(values, runtime_positions, descriptors)
        else:
            runtime_args = [values[i] for i in runtime_positions]
        if device is None:
            kernel.launch_runtime(grid, runtime_args)
        elif _LAUNCH_HOOKS:
            stream = _current_stream(device)
            with _LAUNCH_HOOKS[-1](self, kernel, grid, values, stream):
                kernel.launch_runtime(grid, runtime_args, stream)
        else:
            kernel.launch_runtime(grid, runtime_args, _current_stream(device))
        return kernel

    def _make_key(self) -> Callable:
        """The specialization key of a call's arguments (generated: one
        call per launch)."""
        names = [f"a{i}" for i in range(len(self.params))]
        parts = [n if i in self.constexpr_params else f"_k({n})" for i, n in enumerate(names)]
        scope = {"_k": _key_of}
        exec(compile(f"def key({', '.join(names)}):\n    return ({''.join(p + ', ' for p in parts)})\n",
                     f"<tlxamd key of {self.name}>", "exec"), scope)
        return scope["key"]

    def _check_hints(self, hints):
        for name, value in zip(self._hint_names, hints):
            allowed = _AMD_HINTS[name]
            if value is not None and not (isinstance(value, allowed) if isinstance(allowed, type) else
                                          value in allowed):
                raise ValueError(f"{self.name}[grid](..., {name}={value!r}): one of {allowed}")

    def _specialize(self, values, target: Optional[str] = None) -> Tuple[Dict[str, Any], Dict[str, Any], List[int]]:
        """(signature for kernel.build, constexpr values, positions of the
        runtime arguments) for `target` (host descriptors the kernel passes to
        TMA ops become tensor maps where it has the TMA)."""
        from . import language as tl
        from .language import constexpr

        signature: Dict[str, Any] = {}
        constants: Dict[str, Any] = {}
        runtime: List[int] = []
        for i, (p, v) in enumerate(zip(self.params, values)):
            if i in self.constexpr_params:
                constants[p.name] = v.value if isinstance(v, constexpr) else v
                continue
            try:
                kind = _kind_of(v, i not in self.no_specialize, i not in self.no_align)
                if p.name in self.tma_params and isinstance(kind, tl.host_tensor_descriptor) and \
                        target and _has_tma(target):
                    kind = _tma_kind(v)
            except (TypeError, OverflowError) as e:
                raise type(e)(f"{self.name}[grid](...): argument '{p.name}': {e}") from None
            if isinstance(kind, _Constant):
                signature[p.name] = constexpr
                constants[p.name] = kind.value
            else:
                signature[p.name] = kind
                runtime.append(i)
        return signature, constants, runtime

    def _compile(self, key, values, meta, nonkdim=0):
        from . import _nocompiler

        num_warps, num_stages, num_ctas, fp_fusion = meta[:_OPTIONS]
        for name, value in zip(_META_FIXED, meta[_OPTIONS:]):
            if value != _META_FIXED[name]:
                raise NotImplementedError(f"{self.name}[grid](..., {name}={value!r}): tlxamd does not implement "
                                          f"this launch option (only its default, {_META_FIXED[name]!r})")
        target, device = _device_target(values)
        signature, constants, runtime = self._specialize(values, target)
        from . import language as tl

        descriptors = {i: bool(getattr(signature[self.names[i]], "with_shape", False)) for i in runtime
                       if isinstance(signature[self.names[i]], tl.host_tensor_descriptor) or
                       getattr(signature[self.names[i]], "with_shape", False)}
        if not _nocompiler.compiler_installed():
            kernel = self._prebuilt(target, signature, constants, meta, len(values), runtime, nonkdim)
            kernel.descriptors = descriptors
            entry = (kernel, device, tuple(runtime), descriptors)
            self.cache[key] = entry
            return entry
        from . import compiler
        from . import language as tl

        t0 = time.perf_counter()
        k = tl.kernel(self.fn, num_warps=num_warps, num_ctas=num_ctas, name=self.name,
                      enable_fp_fusion=fp_fusion, num_stages=num_stages, matrix_instr_nonkdim=nonkdim)
        module = k.build(target, signature=signature, **constants)
        compiled = compiler.compile(module, target=target, binary=device is not None)
        constant_positions = [i for i in range(len(values)) if i not in runtime]
        kernel = CompiledKernel(self.name, compiled, constant_positions,
                                {"num_warps": num_warps, "num_stages": num_stages, "num_ctas": num_ctas,
                                 "compile_seconds": time.perf_counter() - t0})
        kernel.descriptors = descriptors
        entry = (kernel, device, tuple(runtime), descriptors)
        self.cache[key] = entry
        return entry

    def _prebuilt(self, target, signature, constants, meta, count, runtime, nonkdim=0):
        """The specialization compiled ahead of time (tlxamd._prebuilt), or
        with TLXAMD_JIT_MANIFEST set a dry run that records it (a
        matrix_instr_nonkdim given is the options' fifth entry)."""
        from . import _nocompiler, _prebuilt

        options = list(meta[:_OPTIONS]) + ([nonkdim] if nonkdim else [])
        k = _prebuilt.key(self.fn, target, signature, constants, options)
        entry = _prebuilt.lookup(k)
        info = {"num_warps": meta[0], "num_stages": meta[1], "num_ctas": meta[2], "compile_seconds": 0.0}
        constant_positions = [i for i in range(count) if i not in runtime]
        if entry is not None and "error" in entry:
            raise _prebuilt.PrebuiltCompileError(f"kernel {self.name} for {target}: {entry['error']}")
        if entry is not None:
            return CompiledKernel(self.name, _prebuilt.Loaded(entry), constant_positions, info)
        manifest = os.environ.get("TLXAMD_JIT_MANIFEST")
        if not manifest:
            raise _nocompiler.CompilerUnavailable(
                f"kernel {self.name} for {target} ({_prebuilt.signature_record(signature)}, constants "
                f"{constants}) is not among the prebuilt kernels (TLXAMD_PREBUILT="
                f"{os.environ.get('TLXAMD_PREBUILT', '')!r}, key {k[:16]}); run with TLXAMD_JIT_MANIFEST=FILE to "
                f"record it, then python -m tlxamd.precompile FILE --out DIR where the compiler is installed")
        _prebuilt.record(manifest, k, self.fn, target, signature, constants, options)
        return _DryRun(self.name, target, info)


class _DryRun:
    """A specialization recorded for ahead-of-time compilation: launches do
    nothing (placeholder resources)."""

    def __init__(self, name: str, target: str, info: Dict[str, Any]):
        self.name, self.target = name, target
        self.n_regs, self.n_spills = 32, 0
        self.metadata = types.SimpleNamespace(name=name, target=target, shared=1024, **info)
        self.asm: Dict[str, Any] = {}

    def _init_handles(self):
        pass

    def launch_runtime(self, grid, args, stream=None):
        pass

    def __getitem__(self, grid):
        return lambda *args, stream=None: None
