"""Launch-only installs: the package's pure-Python files without its
compiled extension (a GPU machine that runs kernels compiled elsewhere).

There `import tlxamd.language` must still work, so that kernel files (their
`@triton.jit` decorators, `tl.constexpr` annotations, dtypes) import and
their launches find the kernels compiled ahead of time
(`tlxamd._prebuilt`). The compiler's modules (`tlxamd.ir`, the dialects,
the pass manager, the extension) are then stand-ins whose every use raises
`CompilerUnavailable`; nothing is built with them.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import sys
import types


class CompilerUnavailable(RuntimeError):
    """The compiler's extension is not installed here."""


def _fail(what: str):
    raise CompilerUnavailable(f"{what}: tlxamd's compiler (its compiled extension) is not installed in this Python; "
                              f"compile the kernels ahead of time (python -m tlxamd.precompile) or install tlxamd")


class _Missing:
    """A stand-in for anything of the compiler: usable as a name (and as a
    base class, for definitions at import), failing when used."""

    def __init__(self, what: str):
        self._what = what

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return _Missing(f"{self._what}.{name}")

    def __call__(self, *args, **kwargs):
        _fail(self._what)

    def __mro_entries__(self, bases):
        return (object,)

    def __repr__(self):
        return f"<{self._what} (no compiler installed)>"


# What the pure-Python modules call while they are imported: registration
# decorators, which register nothing here.
_AT_IMPORT = {"register_attribute_builder": lambda *a, **k: (lambda f: f),
              "register_operation": lambda *a, **k: (lambda f: f)}


class _AbsentModule(types.ModuleType):
    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        if name in _AT_IMPORT:
            return _AT_IMPORT[name]
        return _Missing(f"{self.__name__}.{name}")


# Modules of the compiled part (and those generated at build time).
_COMPILED = ("tlxamd.ir", "tlxamd.passmanager", "tlxamd._mlir_libs", "tlxamd.dialects", "tlxamd.execution_engine",
             "tlxamd.rewrite")


class _Finder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    def find_spec(self, name, path=None, target=None):
        if name == "tlxamd.dialects.tlxamd" or not name.startswith(_COMPILED):
            return None
        return importlib.machinery.ModuleSpec(name, self, is_package=True)

    def create_module(self, spec):
        module = _AbsentModule(spec.name)
        module.__path__ = []
        return module

    def exec_module(self, module):
        pass


def compiler_installed() -> bool:
    """Whether the compiled extension is importable (not a stand-in)."""
    mod = sys.modules.get("tlxamd._mlir_libs")
    if mod is not None:
        return not isinstance(mod, _AbsentModule)
    spec = importlib.util.find_spec("tlxamd._mlir_libs")
    return spec is not None and not isinstance(spec.loader, _Finder)


def install_if_needed() -> None:
    """Put the stand-ins in place when the extension is missing."""
    if any(isinstance(f, _Finder) for f in sys.meta_path):
        return
    if importlib.util.find_spec("tlxamd._mlir_libs") is None:
        sys.meta_path.append(_Finder())
