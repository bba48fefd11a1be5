"""tlxamd: low-level GPU operations of Triton TLX, Gluon and Mojo as an MLIR
dialect, with their documented contracts checked at compile time and lowered
to ROCDL (AMD) and NVVM (NVIDIA).

    from tlxamd import ir, passmanager
    from tlxamd.dialects import tlxamd as tlx, gpu, arith
    import tlxamd.compiler

The package is also Triton's module surface, so that Triton code ports by
changing its imports (`import tlxamd as triton`, `import
tlxamd.language as tl`): `jit`, `autotune`, `Config`, `heuristics`,
`cdiv`, `next_power_of_2`, `testing`, `runtime.driver`.

The MLIR Python bindings are re-homed under this package: `tlxamd.ir` is
independent of (and may be imported beside) the upstream `mlir` package.
"""

import importlib

from . import _nocompiler

__version__ = "0.1.0"

# Without the compiled extension (a launch-only install) the compiler's
# modules are stand-ins: kernel files import, prebuilt kernels launch.
_nocompiler.install_if_needed()

# Triton's names, imported on first use (`import tlxamd` stays light).
_TRITON_NAMES = {
    "jit": ("tlxamd.language.frontend", "jit"),
    "JITFunction": ("tlxamd.language.frontend", "jit"),
    "CompilationError": ("tlxamd.language.frontend", "CompilationError"),
    "autotune": ("tlxamd._triton", "autotune"),
    "Config": ("tlxamd._triton", "Config"),
    "heuristics": ("tlxamd._triton", "heuristics"),
    "cdiv": ("tlxamd._triton", "cdiv"),
    "next_power_of_2": ("tlxamd._triton", "next_power_of_2"),
    "set_allocator": ("tlxamd._triton", "set_allocator"),
    "TensorDescriptor": ("tlxamd.runtime", "TensorDescriptor"),
}
_SUBMODULES = ("language", "testing", "runtime", "compiler", "emulator", "targets", "ir", "passmanager", "tools",
               "profiler")


def __getattr__(name):
    if name in _TRITON_NAMES:
        module, attr = _TRITON_NAMES[name]
        value = getattr(importlib.import_module(module), attr)
        globals()[name] = value
        return value
    if name in _SUBMODULES:
        return importlib.import_module(f"tlxamd.{name}")
    raise AttributeError(f"module 'tlxamd' has no attribute {name!r}")
