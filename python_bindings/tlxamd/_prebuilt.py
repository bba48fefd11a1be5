"""Kernels compiled ahead of time, for machines that launch but cannot
compile (the package's pure-Python files without its extension, e.g. a GPU
machine whose Python the extension was not built for).

There `kernel[grid](...)` looks its specialization up in the directories
`TLXAMD_PREBUILT` names (os.pathsep-separated). A specialization not found
is an error, unless `TLXAMD_JIT_MANIFEST` names a file: then the launch is
a dry run (nothing is launched, `warmup` returns a placeholder) and the
specialization is appended to that file with everything needed to compile
it elsewhere: the kernel's source, the compile-time values it reads (the
constants, modules and `@jit` helpers its code names) and the kinds of its
arguments. `python -m tlxamd.precompile MANIFEST --out DIR` compiles each
record on a machine with the compiler, into DIR.

The key of a specialization is a hash of the kernel's source and
environment, the argument kinds, constexpr values, launch options, target
and the package's Python sources, computed the same way on both machines.
"""

from __future__ import annotations

import ast
import base64
import builtins
import dataclasses
import hashlib
import inspect
import json
import linecache
import os
import sys
import textwrap
import types
from typing import Any, Dict, Optional

_OPAQUE = object()


class _OpaqueStandIn:
    """A global the record could not carry (a torch dtype, an object of the
    host code), bound in a rebuilt function so that the function's
    environment, and so its key, is the recorded one."""

    def __init__(self, type_name: str):
        self.type_name = type_name

    def __repr__(self):
        return f"<{self.type_name} not carried to the precompile>"


def _code_names(code: types.CodeType) -> set:
    names = set(code.co_names) | set(code.co_freevars)
    for c in code.co_consts:
        if isinstance(c, types.CodeType):
            names |= _code_names(c)
    return names


def _serialize(v, seen: Dict[int, str]):
    from . import language as tl

    if isinstance(v, types.ModuleType):
        return {"module": v.__name__}
    if isinstance(v, tl.jit):
        return {"jit": environment(v.fn, seen)}
    if isinstance(v, tl.core.constexpr_function):
        return {"constexpr_fn": environment(v.fn, seen)}
    if isinstance(v, tl.dtype):
        return {"dtype": v.name}
    if isinstance(v, tl.constexpr):
        return {"constexpr": _serialize(v.value, seen)}
    from . import layouts

    if isinstance(v, layouts.Layout) and dataclasses.is_dataclass(v):
        return {"layout": type(v).__name__,
                "fields": {f.name: _serialize(getattr(v, f.name), seen) for f in dataclasses.fields(v)}}
    fn_module, fn_name = getattr(v, "__module__", None), getattr(v, "__qualname__", None)
    if callable(v) and isinstance(fn_module, str) and fn_module.startswith("tlxamd.") and isinstance(fn_name, str) \
            and getattr(sys.modules.get(fn_module), fn_name, None) is v:  # the package's functions, by name
        return {"function": [fn_module, fn_name]}
    if v is None or isinstance(v, (bool, int, float, str, tuple)):
        try:
            if ast.literal_eval(repr(v)) == v:
                return {"value": repr(v)}
        except (ValueError, SyntaxError):
            pass
    if isinstance(v, _OpaqueStandIn):
        return {"opaque": v.type_name}
    return {"opaque": type(v).__name__}


def environment(fn, seen: Optional[Dict[int, str]] = None) -> Dict[str, Any]:
    """What compiling `fn` reads: its source and the values of the names
    its code uses (globals and closure variables), helpers recursively."""
    seen = {} if seen is None else seen
    if id(fn) in seen:
        return {"ref": seen[id(fn)]}
    seen[id(fn)] = fn.__qualname__
    lines, first = inspect.getsourcelines(fn)
    # from the `def` on: decorators (autotune's configurations, ...) do not
    # shape the code, and a def executed without them has the same key
    node = ast.parse(textwrap.dedent("".join(lines))).body[0]
    skip = node.lineno - 1
    lines, first = lines[skip:], first + skip
    closure = {}
    if fn.__closure__:
        closure = {n: c.cell_contents for n, c in zip(fn.__code__.co_freevars, fn.__closure__)}
    env = {}
    # the code's names and those its parameters' annotations read (evaluated
    # at the def, outside the code: `XBLOCK: gl.constexpr`)
    names = _code_names(fn.__code__) | {n.id for a in ast.walk(node.args) if isinstance(a, ast.arg) and
                                        a.annotation is not None
                                        for n in ast.walk(a.annotation) if isinstance(n, ast.Name)}
    for name in sorted(names):
        if name in closure:
            env[name] = _serialize(closure[name], seen)
        elif name in fn.__globals__:
            env[name] = _serialize(fn.__globals__[name], seen)
    return {"name": fn.__name__, "qualname": fn.__qualname__, "filename": inspect.getsourcefile(fn) or "",
            "firstlineno": first, "source": "".join(lines), "globals": env}


def _strip_locations(env):
    if isinstance(env, dict):
        return {k: _strip_locations(v) for k, v in env.items() if k not in ("filename", "firstlineno")}
    return env


_PACKAGE_HASH: Optional[str] = None


def _package_hash() -> str:
    """The package's Python sources that shape what a kernel compiles to."""
    global _PACKAGE_HASH
    if _PACKAGE_HASH is None:
        h = hashlib.sha256()
        root = os.path.dirname(__file__)
        lang = os.path.join(root, "language")
        # the frontend and the driver (not the launcher, nor the generated
        # binding modules an installed copy has besides)
        paths = [os.path.join(lang, n) for n in sorted(os.listdir(lang)) if n.endswith(".py")]
        paths += [os.path.join(root, n) for n in ("layouts.py", "compiler.py")]
        for path in paths:
            with open(path, "rb") as f:
                h.update(os.path.basename(path).encode() + b"\0" + f.read())
        _PACKAGE_HASH = h.hexdigest()
    return _PACKAGE_HASH


def _kind_record(kind):
    from . import language as tl

    if kind is tl.constexpr:
        return ["constexpr"]
    if isinstance(kind, tl.pointer):
        return ["ptr", kind.element_ty.name, kind.divisibility, kind.pointer_range]
    if isinstance(kind, tl.divisible_int):
        return ["divint", kind.dtype.name, kind.divisibility]
    if isinstance(kind, tl.host_tensor_descriptor):
        return ["hostdesc", _kind_record(kind.base), [_kind_record(k) for k in kind.shape],
                [_kind_record(k) for k in kind.strides], list(kind.block_shape)]
    if isinstance(kind, tl.tensor_descriptor):
        return ["tmadesc", kind.dtype.name, list(kind.block_shape), _serialize(kind.layout, {}), kind.with_shape]
    if isinstance(kind, tl.dtype):
        return ["scalar", kind.name]
    raise TypeError(f"{kind!r} cannot be compiled ahead of time")


def _kind_from_record(kind):
    from . import language as tl

    if kind[0] == "constexpr":
        return tl.constexpr
    if kind[0] == "ptr":
        return tl.pointer(getattr(tl, kind[1]), divisibility=kind[2], pointer_range=kind[3])
    if kind[0] == "divint":
        return tl.divisible_int(getattr(tl, kind[1]), kind[2])
    if kind[0] == "hostdesc":
        return tl.host_tensor_descriptor(_kind_from_record(kind[1]), [_kind_from_record(k) for k in kind[2]],
                                         [_kind_from_record(k) for k in kind[3]], kind[4])
    if kind[0] == "tmadesc":
        return tl.tensor_descriptor(getattr(tl, kind[1]), kind[2], _deserialize(kind[3], {}),
                                    with_shape=len(kind) > 4 and kind[4])
    return getattr(tl, kind[1])


def signature_record(signature: Dict[str, Any]) -> Dict[str, Any]:
    return {name: _kind_record(kind) for name, kind in signature.items()}


def signature_from_record(record: Dict[str, Any]) -> Dict[str, Any]:
    return {name: _kind_from_record(kind) for name, kind in record.items()}


def constants_record(constants: Dict[str, Any]) -> Dict[str, Any]:
    return {k: _serialize(v, {}) for k, v in constants.items()}


def key(fn, target: str, signature: Dict[str, Any], constants: Dict[str, Any], meta) -> str:
    payload = json.dumps([_strip_locations(environment(fn)), target, signature_record(signature),
                          constants_record(constants), list(meta), _package_hash()], sort_keys=True)
    return hashlib.sha256(payload.encode()).hexdigest()


def directories():
    return [d for d in os.environ.get("TLXAMD_PREBUILT", "").split(os.pathsep) if d]


def lookup(k: str) -> Optional[dict]:
    for d in directories():
        path = os.path.join(d, k + ".json")
        if os.path.exists(path):
            with open(path) as f:
                return json.load(f)
    return None


def store(directory: str, k: str, name: str, compiled) -> str:
    os.makedirs(directory, exist_ok=True)
    path = os.path.join(directory, k + ".json")
    entry = {"name": name, "target": compiled.target, "kernels": compiled.kernels,
             "resources": compiled.resources, "asm": compiled.asm,
             "binary": base64.b64encode(compiled.binary or b"").decode()}
    with open(path + ".tmp", "w") as f:
        json.dump(entry, f)
    os.replace(path + ".tmp", path)
    return path


class PrebuiltCompileError(RuntimeError):
    """Compiling this specialization ahead of time failed; the message is
    the compiler's."""


def store_error(directory: str, k: str, name: str, error: Exception) -> None:
    os.makedirs(directory, exist_ok=True)
    with open(os.path.join(directory, k + ".json"), "w") as f:
        json.dump({"name": name, "error": f"{type(error).__name__}: {error}"}, f)


class Loaded:
    """A prebuilt entry with what a compiled kernel offers a launcher."""

    is_amd = False

    def __init__(self, entry: dict):
        self.target, self.kernels = entry["target"], entry["kernels"]
        self.resources = entry.get("resources", {})
        self.asm, self.mlir, self.llvm_ir = entry.get("asm", ""), "", ""
        self.binary = base64.b64decode(entry["binary"])

    def metadata(self) -> dict:
        return {"target": self.target, "kernels": self.kernels}


def record(manifest: str, k: str, fn, target: str, signature, constants, meta) -> None:
    with open(manifest, "a") as f:
        f.write(json.dumps({"key": k, "environment": environment(fn), "target": target,
                            "signature": signature_record(signature), "constants": constants_record(constants),
                            "meta": list(meta)}) + "\n")


def _deserialize(s, rebuilt: Dict[str, Any]):
    import importlib

    from . import language as tl

    if "module" in s:
        name = s["module"]
        return importlib.import_module(name)
    if "jit" in s:
        return tl.jit(rebuild(s["jit"], rebuilt))
    if "constexpr_fn" in s:
        return tl.core.constexpr_function(rebuild(s["constexpr_fn"], rebuilt))
    if "function" in s:
        return getattr(importlib.import_module(s["function"][0]), s["function"][1])
    if "dtype" in s:
        return getattr(tl, s["dtype"])
    if "constexpr" in s:
        v = _deserialize(s["constexpr"], rebuilt)
        return _OPAQUE if v is _OPAQUE else tl.constexpr(v)
    if "value" in s:
        return ast.literal_eval(s["value"])
    if "layout" in s:
        from . import layouts

        fields = {k: _deserialize(v, rebuilt) for k, v in s["fields"].items()}
        return getattr(layouts, s["layout"])(**fields)
    return _OPAQUE


def rebuild(env: Dict[str, Any], rebuilt: Optional[Dict[str, Any]] = None):
    """The function an environment record describes, compiled from its
    source (decorators dropped) with its names bound to the recorded
    values; inspect finds its source at the recorded file and line."""
    rebuilt = {} if rebuilt is None else rebuilt
    if "ref" in env:
        return rebuilt[env["ref"]]
    scope: Dict[str, Any] = {"__name__": "tlxamd_prebuilt", "__builtins__": builtins}
    placeholder = types.SimpleNamespace()
    rebuilt[env["qualname"]] = placeholder
    for name, s in env["globals"].items():
        v = _deserialize(s, rebuilt)
        scope[name] = _OpaqueStandIn(s.get("opaque", "?")) if v is _OPAQUE else v
    source = textwrap.dedent(env["source"])
    tree = ast.parse(source)
    fdef = tree.body[0]
    fdef.decorator_list = []
    ast.increment_lineno(tree, env["firstlineno"] - 1)
    filename = env["filename"] or f"<prebuilt {env['name']}>"
    # functions of one file share its lines: each puts its own in place
    own = env["source"].splitlines(keepends=True)
    start = env["firstlineno"] - 1
    cached = linecache.cache.get(filename)
    lines = list(cached[2]) if cached and cached[1] is None else []
    lines += ["\n"] * max(0, start + len(own) - len(lines))
    lines[start:start + len(own)] = own
    linecache.cache[filename] = (sum(map(len, lines)), None, lines, filename)
    exec(compile(tree, filename, "exec", dont_inherit=True), scope)
    fn = scope[env["name"]]
    rebuilt[env["qualname"]] = fn
    return fn


def precompile(manifest: str, out: str) -> int:
    """Compile every record of a manifest into `out`; returns how many."""
    from . import compiler
    from . import language as tl

    done = set(os.listdir(out)) if os.path.isdir(out) else set()
    count = 0
    with open(manifest) as f:
        records = [json.loads(line) for line in f if line.strip()]
    for r in records:
        fn = rebuild(r["environment"])
        constants = {k: _deserialize(v, {}) for k, v in r["constants"].items()}
        constants = {k: v.value if isinstance(v, tl.constexpr) else v for k, v in constants.items()}
        # under the recorded key and the one this package computes (the
        # recording launcher may have been another version)
        again = key(fn, r["target"], signature_from_record(r["signature"]), constants, r["meta"])
        if r["key"] + ".json" in done and again + ".json" in done:
            continue
        num_warps, num_stages, num_ctas, fp_fusion = r["meta"][:4]
        nonkdim = r["meta"][4] if len(r["meta"]) > 4 else 0
        try:
            k = tl.kernel(fn, num_warps=num_warps, num_ctas=num_ctas, name=fn.__name__,
                          enable_fp_fusion=fp_fusion, num_stages=num_stages, matrix_instr_nonkdim=nonkdim)
            module = k.build(r["target"], signature=signature_from_record(r["signature"]), **constants)
            compiled = compiler.compile(module, target=r["target"], binary=True)
            error = None
        except Exception as e:  # the launch raises it there (autotune skips such a configuration)
            error = e
        for k_ in {r["key"], again}:
            if error is not None:
                store_error(out, k_, fn.__name__, error)
            else:
                store(out, k_, fn.__name__, compiled)
        done.update((r["key"] + ".json", again + ".json"))
        count += 1
    return count
