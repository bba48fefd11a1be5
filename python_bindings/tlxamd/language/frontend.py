"""The kernel frontend: compiles a Python function's AST to tlxamd IR, as
Triton's code generator does.

Python values (constexpr parameters, globals and closure variables of the
function, literals, dtypes, layouts) are evaluated at compile time; tensors
are IR values. `for i in range(lo, hi, step)` / `tl.range(...)` become
`scf.for` carrying the variables the body assigns that exist before the
loop; `tl.static_range` and iteration over Python tuples unroll; `while`
becomes `scf.while`; an `if` on a runtime scalar becomes `scf.if` yielding
what its branches assign, an `if` on a compile-time value keeps one branch.
Functions marked `@tl.jit` are inlined. Every operation carries the line of
the kernel source it comes from, and errors name it (CompilationError).
"""

from __future__ import annotations

import ast
import builtins
import contextlib
import functools
import inspect
import operator
import textwrap
from typing import Any, Callable, Dict, List, Optional, Tuple

from .. import ir
from .. import targets as _targets
from ..dialects import gpu, scf
from ..dialects import tlxamd as _ops
from . import core as _core
from . import tasks as _tasks
from .core import (
    _Builder,
    _cast,
    _default_context,
    _state,
    _to_tensor,
    constexpr,
    dtype,
    int1,
    int32,
    int64,
    pointer,
    pointer_value,
    tensor,
)
from .tma import tensor_descriptor, tensor_descriptor_value


class CompilationError(Exception):
    """An error in a kernel's source, with its file:line:col and line."""

    def __init__(self, message: str, filename: str = "<unknown>", lineno: int = 0, col: int = 0,
                 source_line: str = ""):
        self.message, self.filename, self.lineno, self.col = message, filename, lineno, col
        self.source_line = source_line
        super().__init__(self._text())

    def _text(self) -> str:
        text = f"{self.filename}:{self.lineno}:{self.col + 1}: {self.message}"
        if self.source_line:
            text += f"\n    {self.source_line.rstrip()}\n    {' ' * self.col}^"
        return text


@functools.lru_cache(maxsize=None)
def _error_type(base: type) -> type:
    """An error of the builder's type (TypeError, ValueError, ...) that is
    also a CompilationError."""
    if issubclass(base, CompilationError):
        return base
    return type(base.__name__, (CompilationError, base), {"__module__": base.__module__})


def _def_error(fn: Callable, message: str, cls: type = TypeError) -> CompilationError:
    """An error at the `def` line of `fn`."""
    try:
        lines, start = inspect.getsourcelines(fn)
        filename = inspect.getsourcefile(fn) or fn.__code__.co_filename
    except (OSError, TypeError):
        return _error_type(cls)(message, getattr(getattr(fn, "__code__", None), "co_filename", "<unknown>"),
                                getattr(getattr(fn, "__code__", None), "co_firstlineno", 0))
    i = next((k for k, line in enumerate(lines) if line.lstrip().startswith(("def ", "async def "))), 0)
    line = lines[i]
    return _error_type(cls)(message, filename, start + i, len(line) - len(line.lstrip()), line.rstrip("\n"))


def _check_compilable(fn: Callable, what: str) -> None:
    """Kernels and helpers are plain functions: no coroutines or generators."""
    if inspect.iscoroutinefunction(fn) or inspect.isasyncgenfunction(fn):
        raise _def_error(fn, f"{what} {fn.__name__} is an async def; kernels and @jit helpers are plain "
                             f"def functions")
    if inspect.isgeneratorfunction(fn):
        raise _def_error(fn, f"{what} {fn.__name__} is a generator (it yields); kernels and @jit helpers "
                             f"return at most one value")


def check_kernel_parameters(fn: Callable) -> None:
    """A kernel's parameters are named ones (no `*args` / `**kwargs`)."""
    for p in inspect.signature(fn).parameters.values():
        if p.kind in (inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD):
            star = "*" if p.kind is inspect.Parameter.VAR_POSITIONAL else "**"
            raise _def_error(fn, f"kernel parameter '{star}{p.name}': kernels take named parameters "
                                 f"only (each one is a kernel argument)")


class jit:
    """`@tl.jit` (`@triton.jit`): a function compiled from its source. Called
    from a kernel it is inlined, its parameters bound to the caller's
    values; launched, `f[grid](*args, **meta)`, it is a kernel whose
    parameter kinds come from the arguments (tlxamd._jit). As Triton's:
    `@jit(do_not_specialize=[...], do_not_specialize_on_alignment=[...])`
    names parameters (or their indices) the launcher does not specialize."""

    def __init__(self, fn: Optional[Callable] = None, *, do_not_specialize=(), do_not_specialize_on_alignment=(),
                 debug=None, noinline=None, repr=None, launch_metadata=None):
        self.fn = None
        self.do_not_specialize = tuple(do_not_specialize)
        self.do_not_specialize_on_alignment = tuple(do_not_specialize_on_alignment)
        self.debug = debug
        # Triton's launch_metadata(grid, kernel, args): a dict (name, flops,
        # bytes) the profiler's "triton" hook attaches to each launch.
        self.launch_metadata = launch_metadata
        self._launcher = None
        if fn is not None:
            self._set(fn)

    def _set(self, fn: Callable):
        if isinstance(fn, jit):
            fn = fn.fn
        if not callable(fn):
            raise TypeError(f"@jit decorates a function, got {fn!r}")
        _check_compilable(fn, "@jit function")
        self.fn = fn
        functools.update_wrapper(self, fn)
        self.arg_names = list(inspect.signature(fn).parameters)

    def __call__(self, *args, **kwargs):
        if self.fn is None:  # @jit(...) as a decorator factory
            if len(args) != 1 or kwargs:
                raise TypeError("@jit(...) decorates one function")
            self._set(args[0])
            return self
        raise RuntimeError(f"@jit function {self.fn.__name__} can only be called from a kernel; launch it with "
                           f"{self.fn.__name__}[grid](...)")

    def __getitem__(self, grid):
        """`f[grid]`: a launcher, called with the kernel's arguments."""
        run = (self._launcher or self._make_launcher()).run
        return lambda *args, **kwargs: run(grid, args, kwargs, False)

    def _make_launcher(self):
        from .. import _jit

        self._launcher = _jit.Launcher(self)
        return self._launcher

    def run(self, *args, grid, warmup: bool = False, **kwargs):
        """Launch (or with warmup=True only compile) for these arguments."""
        return (self._launcher or self._make_launcher()).run(grid, args, kwargs, warmup)

    def warmup(self, *args, grid, **kwargs):
        """The compiled kernel for these arguments, launched nowhere."""
        return self.run(*args, grid=grid, warmup=True, **kwargs)

    def _inline_call(self, *args):
        """Compile the function's body at the current insertion point with
        `args` (a reduction's combine function)."""
        try:
            bound = inspect.signature(self.fn).bind(*args)
        except TypeError as e:
            raise TypeError(f"{self.fn.__name__}(): {e}") from None
        bound.apply_defaults()
        sub = CodeGenerator(self.fn, dict(bound.arguments))
        sub.runtime_depth = 0
        return sub.run()


@functools.lru_cache(maxsize=256)
def _parse(fn: Callable) -> Tuple[ast.FunctionDef, str, int, int, Tuple[str, ...]]:
    """The function's AST (of its dedented source), file, line and column
    offsets of that source in the file, and the file's lines of it."""
    try:
        lines, start = inspect.getsourcelines(fn)
        filename = inspect.getsourcefile(fn) or fn.__code__.co_filename
    except (OSError, TypeError) as e:
        raise TypeError(f"the source of {fn.__name__} is not available ({e}); kernels are compiled from "
                        f"their source") from None
    text = textwrap.dedent("".join(lines))
    tree = ast.parse(text)
    node = next((n for n in tree.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))), None)
    if node is None:
        raise TypeError(f"{fn.__name__} is not defined by a def statement")
    indent = len(lines[0]) - len(lines[0].lstrip())
    return node, filename, start - 1, indent, tuple(line.rstrip("\n") for line in lines)


def _closure_vars(fn: Callable) -> Dict[str, Any]:
    names = fn.__code__.co_freevars
    cells = fn.__closure__ or ()
    out = {}
    for name, cell in zip(names, cells):
        try:
            out[name] = cell.cell_contents
        except ValueError:
            pass
    return out


def _assigned_names(stmts) -> List[str]:
    """Names the statements assign (in order, once each)."""
    seen: Dict[str, None] = {}

    def targets(t):
        if isinstance(t, ast.Name):
            seen.setdefault(t.id)
        elif isinstance(t, (ast.Tuple, ast.List)):
            for e in t.elts:
                targets(e)

    for stmt in stmts:
        for node in ast.walk(stmt):
            if isinstance(node, ast.Assign):
                for t in node.targets:
                    targets(t)
            elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
                targets(node.target)
            elif isinstance(node, ast.For):
                targets(node.target)
            elif isinstance(node, ast.With):
                for item in node.items:
                    if item.optional_vars is not None:
                        targets(item.optional_vars)
    return list(seen)


def _last_assignment(stmts, name: str):
    """The last statement (in source order) in `stmts`, nested ones
    included, that assigns `name`; None when none does."""
    found = None
    for stmt in stmts:
        for node in ast.walk(stmt):
            if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)) and \
                    name in _assigned_names([node]) and \
                    (found is None or (node.lineno, node.col_offset) > (found.lineno, found.col_offset)):
                found = node
    return found


# The @jit helpers being inlined, outermost first (recursion is an error).
_INLINING: List[Callable] = []
_MAX_INLINE_DEPTH = 64
# `tl.static_range` and iteration over compile-time sequences unroll: at
# most this many iterations per loop.
MAX_UNROLLED_ITERATIONS = 4096


class _Return(Exception):
    def __init__(self, value, node=None):
        self.value = value
        self.node = node


_BINOPS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv,
           ast.FloorDiv: operator.floordiv, ast.Mod: operator.mod, ast.Pow: operator.pow,
           ast.LShift: operator.lshift, ast.RShift: operator.rshift, ast.BitAnd: operator.and_,
           ast.BitOr: operator.or_, ast.BitXor: operator.xor}
_CMPOPS = {ast.Lt: operator.lt, ast.LtE: operator.le, ast.Gt: operator.gt, ast.GtE: operator.ge,
           ast.Eq: operator.eq, ast.NotEq: operator.ne, ast.Is: operator.is_, ast.IsNot: operator.is_not,
           ast.In: lambda a, b: a in b, ast.NotIn: lambda a, b: a not in b}


_RETURNED = "__tlxamd_returned"


def _ends_in_return(stmts) -> bool:
    return bool(stmts) and isinstance(stmts[-1], ast.Return)


def _return_to_assign(stmts, valued: bool):
    """The branch with its final return made an assignment of the value
    (or dropped, for a bare return)."""
    ret = stmts[-1]
    if not valued:
        return stmts[:-1] or [ast.copy_location(ast.Pass(), ret)]
    value = ret.value if ret.value is not None else ast.copy_location(ast.Constant(None), ret)
    target = ast.copy_location(ast.Name(_RETURNED, ast.Store()), ret)
    return stmts[:-1] + [ast.fix_missing_locations(ast.copy_location(ast.Assign([target], value), ret))]


def _fold_early_returns(stmts):
    """A function body's `if c: ...; return x` followed by more code, as
    Triton accepts it: the code after the `if` becomes its else branch, and
    when both branches end in a return the `if` yields the value (or, for
    bare returns, the function just ends). Only the function's own level
    and its ifs are folded: a return inside a loop stays an error."""
    for i, s in enumerate(stmts):
        if not isinstance(s, ast.If) or not (_ends_in_return(s.body) or _ends_in_return(s.orelse)):
            continue
        rest = list(stmts[i + 1:])
        then, other = list(s.body), list(s.orelse)
        if not _ends_in_return(then):
            then = then + rest
        elif not _ends_in_return(other):
            other = other + rest
        then, other = _fold_early_returns(then), _fold_early_returns(other)
        rets = [b[-1] for b in (then, other) if _ends_in_return(b)]
        valued = any(r.value is not None for r in rets)
        if valued and len(rets) < 2:
            return stmts  # a branch falls off the end: left to the return's own diagnostic
        folded = ast.copy_location(ast.If(s.test, _return_to_assign(then, valued) if _ends_in_return(then) else
                                          then, (_return_to_assign(other, valued) if _ends_in_return(other)
                                                 else other)), s)
        out = list(stmts[:i]) + [folded]
        if valued:
            out.append(ast.copy_location(ast.Return(ast.copy_location(ast.Name(_RETURNED, ast.Load()), rets[0])),
                                         rets[0]))
        return out
    return stmts


def _is_runtime(v) -> bool:
    return isinstance(v, tensor)


class _FirstIteration:
    """A compile-time value a runtime loop's body rebinds, as the body's
    first statements see it (`read`: where the body first read it)."""

    def __init__(self, value):
        self.value, self.read = value, None


class _Stale:
    """A compile-time variable rebound in a runtime loop, after the loop:
    reading it is an error."""

    def __init__(self, name, value, loop):
        self.name, self.value, self.loop = name, value, loop


class CodeGenerator(ast.NodeVisitor):
    """Visits one function body (a kernel or an inlined helper)."""

    def __init__(self, fn: Optional[Callable], scope: Dict[str, Any], nested: Optional[tuple] = None):
        self.fn = fn
        if nested is None:
            self.node, self.filename, self.line_offset, self.col_offset, self.lines = _parse(fn)
            self.globals = fn.__globals__
            self.closure = _closure_vars(fn)
        else:  # a function defined in the kernel: the enclosing scope is its closure
            parent, self.node = nested
            self.filename, self.line_offset, self.col_offset, self.lines = (
                parent.filename, parent.line_offset, parent.col_offset, parent.lines)
            self.globals = parent.globals
            self.closure = {**parent.closure, **parent.scope}
        self.scope = dict(scope)
        self.runtime_depth = 0  # runtime loops and ifs around the statement

    # -- entry ---------------------------------------------------------------
    def run(self):
        self.return_node = None
        try:
            self.visit_body(_fold_early_returns(self.node.body))
        except _Return as r:
            self.return_node = r.node
            return r.value
        return None

    # -- locations and errors -------------------------------------------------
    def _location(self, node) -> ir.Location:
        line = getattr(node, "lineno", self.node.lineno) + self.line_offset
        return ir.Location.file(self.filename, line, getattr(node, "col_offset", 0) + self.col_offset + 1)

    def _error(self, node, message: str, cls: type = CompilationError) -> CompilationError:
        line = getattr(node, "lineno", self.node.lineno)
        src = self.lines[line - 1] if 0 < line <= len(self.lines) else ""
        return _error_type(cls)(message, self.filename, line + self.line_offset,
                                getattr(node, "col_offset", 0) + self.col_offset, src)

    def visit(self, node):
        method = getattr(self, "visit_" + type(node).__name__, None)
        if method is None:
            raise self._error(node, f"unsupported Python construct in a kernel: {type(node).__name__}")
        try:
            with self._location(node):
                return method(node)
        except (CompilationError, _Return):
            raise
        except RecursionError:
            raise self._error(node, "the kernel's source nests too deeply to compile", RuntimeError) from None
        except (TypeError, ValueError, NotImplementedError, ZeroDivisionError, IndexError, KeyError,
                AttributeError, RuntimeError, OverflowError) as e:
            raise self._error(node, str(e), type(e)) from e
        except ir.MLIRError as e:
            from ..compiler import diagnostic_text

            raise self._error(node, diagnostic_text(e.error_diagnostics) or str(e), ValueError) from None

    def visit_body(self, stmts):
        for stmt in stmts:
            self.visit(stmt)

    # -- statements -----------------------------------------------------------
    def visit_Expr(self, node):
        self.visit(node.value)

    def visit_Pass(self, node):
        pass

    def visit_Assign(self, node):
        value = self.visit(node.value)
        for target in node.targets:
            self._assign(target, value)

    def visit_AnnAssign(self, node):
        if node.value is not None:
            self._assign(node.target, self.visit(node.value))

    def visit_AugAssign(self, node):
        if not isinstance(node.target, ast.Name):
            raise self._error(node, "augmented assignment is supported to names only")
        old = self.visit_Name(ast.Name(id=node.target.id, ctx=ast.Load(), lineno=node.lineno,
                                       col_offset=node.col_offset))
        self.scope[node.target.id] = self._binop(node.op, old, self.visit(node.value), node)

    def _assign(self, target, value):
        if isinstance(target, ast.Name):
            self.scope[target.id] = value
        elif isinstance(target, (ast.Tuple, ast.List)):
            if not isinstance(value, (tuple, list)) or len(value) != len(target.elts):
                raise self._error(target, f"cannot unpack {value!r} into {len(target.elts)} names")
            for t, v in zip(target.elts, value):
                self._assign(t, v)
        else:
            raise self._error(target, f"assignment to {type(target).__name__} is not supported (assign to names)")

    def visit_Return(self, node):
        value = self.visit(node.value) if node.value is not None else None
        if self.runtime_depth:
            raise self._error(node, "return inside a runtime loop or if is not supported")
        raise _Return(value, node)

    def visit_Assert(self, node):
        cond = self.visit(node.test)
        if _is_runtime(cond):
            raise self._error(node, "assert on a runtime value is not supported (use tl.static_assert for "
                                    "compile-time conditions)")
        if not cond:
            msg = self.visit(node.msg) if node.msg is not None else "assertion failed"
            raise self._error(node, f"static assertion failed: {msg}")

    def visit_With(self, node):
        """`with ctx [as name], ...:` over kernel contexts: their __enter__ /
        __exit__ emit ops around the body, which is built in place (names it
        assigns stay visible after it, as in Python)."""
        entered = []
        for item in node.items:
            ctx = self.visit(item.context_expr)
            if isinstance(ctx, _tasks.async_tasks):
                if len(node.items) != 1 or item.optional_vars is not None:
                    raise self._error(node, "`with tlx.async_tasks():` takes no other context and no `as`",
                                      ValueError)
                return self._async_tasks(node)
            if not isinstance(ctx, _core.kernel_context):
                raise self._error(item.context_expr, f"with needs a kernel context manager (such as "
                                                     f"tlx.warp_pipeline_stage), got {_describe(ctx)}")
            value = ctx.__enter__()
            entered.append(ctx)
            if item.optional_vars is not None:
                self._assign(item.optional_vars, value)
        try:
            self.visit_body(node.body)
        except _Return:
            for ctx in reversed(entered):
                ctx.__exit__(None, None, None)
            raise
        for ctx in reversed(entered):
            ctx.__exit__(None, None, None)

    def _task_blocks(self, node) -> List[Tuple[ast.With, Any]]:
        """The `with tlx.async_task(...)` blocks of `with tlx.async_tasks():`
        (compile-time `if`s around them resolved), with their tasks."""
        out = []

        def add(stmt):
            if isinstance(stmt, ast.With) and len(stmt.items) == 1 and stmt.items[0].optional_vars is None:
                task = self.visit(stmt.items[0].context_expr)
                if isinstance(task, _tasks.async_task):
                    out.append((stmt, task))
                    return
            if isinstance(stmt, ast.If):
                cond = self.visit(stmt.test)
                if _is_runtime(cond):
                    raise self._error(stmt, "an if inside async_tasks() must be a compile-time condition", ValueError)
                for inner in stmt.body if cond else stmt.orelse:
                    add(inner)
                return
            raise self._error(stmt, "statements inside `with tlx.async_tasks():` must be "
                                    "`with tlx.async_task(...):` blocks or compile-time ifs around them", ValueError)

        for stmt in node.body:
            add(stmt)
        defaults = [t for _, t in out if t.is_default]
        if len(defaults) != 1:
            raise self._error(node, f"async_tasks() needs exactly one async_task(\"default\"), got {len(defaults)}",
                              ValueError)
        return out

    def _async_tasks(self, node):
        """`with tlx.async_tasks():` as one `tlxamd.async_tasks` op: region 0
        the default task, then one region per further replica and task, in
        source order; each built with its warp count and replica id, seeing
        the names defined before the op (names it assigns stay inside)."""
        if self.runtime_depth:
            raise self._error(node, "async_tasks() must be in the kernel's body, not in a loop or runtime if",
                              ValueError)
        b = _core._builder()
        blocks = self._task_blocks(node)
        regions = []   # (stmt, warps, registers, replica)
        for stmt, task in blocks:
            first = 1 if task.is_default else 0
            warps = b.num_warps if task.is_default else task.num_warps
            if task.is_default:
                regions.insert(0, (stmt, warps, task.registers, 0))
            for r in range(first, task.replicate):
                regions.append((stmt, warps, task.registers, r))
        registers = [r for _, _, r, _ in regions]
        op = _ops.AsyncTasksOp(ir.DenseI32ArrayAttr.get([w for _, w, _, _ in regions]), len(regions),
                               registers=ir.DenseI32ArrayAttr.get(registers) if any(registers) else None)
        outer, kernel_warps = dict(self.scope), b.num_warps
        try:
            for region, (stmt, warps, _, replica) in zip(op.regions, regions):
                self.scope = dict(outer)
                b.num_warps, b.task_replica = warps, replica
                with ir.InsertionPoint(region.blocks.append()):
                    self.runtime_depth += 1
                    try:
                        self.visit_body(stmt.body)
                    finally:
                        self.runtime_depth -= 1
                    _ops.async_task_end()
        finally:
            self.scope = outer
            b.num_warps, b.task_replica = kernel_warps, None

    def visit_Break(self, node):
        raise self._error(node, "break is not supported in kernels")

    def visit_Continue(self, node):
        raise self._error(node, "continue is not supported in kernels")

    def visit_FunctionDef(self, node):
        # A helper defined in the kernel: inlined at each call, seeing the
        # kernel's variables as they are at the call.
        if node.decorator_list:
            raise self._error(node, "decorators on functions defined in a kernel are not supported")
        self.scope[node.name] = _NestedFunction(self, node)

    # -- control flow ---------------------------------------------------------
    def visit_If(self, node):
        cond = self.visit(node.test)
        if not _is_runtime(cond):
            self.visit_body(node.body if cond else node.orelse)
            return
        cond = self._condition(cond, node.test)
        self._runtime_if(node, cond)

    def _condition(self, cond: tensor, node) -> tensor:
        if not cond.is_scalar:
            raise self._error(node, f"a runtime condition must be a scalar, got a tensor of shape {cond.shape}")
        if cond.dtype is not int1:
            cond = cond != 0
        return cond

    def _carry(self, names, node) -> Dict[str, tensor]:
        """Variables defined before a loop that its body assigns: runtime
        values, Python numbers promoted to scalar tensors."""
        carried = {}
        for name in names:
            if name not in self.scope:
                continue
            v = self.scope[name]
            if isinstance(v, bool):
                v = _to_tensor(v, ty=int1)
            elif isinstance(v, (int, float)):
                v = _to_tensor(v)
            if _is_runtime(v):
                carried[name] = v
        return carried

    def _match(self, name: str, value, like: tensor, node, what: str, stmts=None) -> tensor:
        """`value` (a variable's new value) as a value of `like`'s type.
        An error names the last assignment to the variable in `stmts` (the
        loop body or branch), else `node`."""
        def error(message: str) -> CompilationError:
            at = _last_assignment(stmts or [], name) or node
            where = f" (in the {'loop' if what == 'loop-carried' else 'if'} at line " \
                    f"{node.lineno + self.line_offset})" if at is not node else ""
            return self._error(at, f"{what} variable '{name}' {message}{where}")

        if isinstance(value, float) and not like.dtype.is_float:
            raise error(f"changes type from {like.handle.type} to f32 (the float {value!r})")
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            value = _to_tensor(value, ty=like.dtype)
            if not like.is_scalar:
                value = _core._splat(value, like.shape, like._encoding)
        if not _is_runtime(value):
            raise error(f"becomes the compile-time value {value!r}; it must stay a runtime value of type "
                        f"{like.handle.type}")
        if value.handle.type != like.handle.type:
            if value.shape == like.shape and value.dtype == like.dtype and like._encoding is not None:
                return _core.convert_layout(value, like.layout)
            raise error(f"changes type from {like.handle.type} to {value.handle.type}")
        return value

    def visit_For(self, node):
        if node.orelse:
            raise self._error(node, "for ... else is not supported")
        it = node.iter
        if isinstance(it, ast.Call):
            fn = self.visit(it.func)
            if fn in (builtins.range, tl_range, static_range):
                args = [self.visit(a) for a in it.args]
                kwargs = {k.arg: self.visit(k.value) for k in it.keywords}
                if fn is static_range:
                    if kwargs or any(_is_runtime(a) for a in args):
                        raise self._error(it, "tl.static_range takes compile-time integers")
                    if any(isinstance(a, bool) or not isinstance(a, int) for a in args):
                        raise self._error(it, f"tl.static_range takes integers, got "
                                              f"{', '.join(_describe(a) for a in args)}")
                    return self._unrolled(node, builtins.range(*args), it)
                return self._runtime_for(node, args, kwargs)
        values = self.visit(it)
        if _is_runtime(values):
            raise self._error(it, "iteration over a tensor is not supported; use range(...) or tl.static_range")
        if isinstance(values, builtins.range):
            items = values
        else:
            try:
                items = list(values)
            except TypeError:
                raise self._error(it, f"cannot iterate over {values!r}") from None
        return self._unrolled(node, items, it)

    def _unrolled(self, node, items, it=None):
        if len(items) > MAX_UNROLLED_ITERATIONS:
            raise self._error(it if it is not None else node,
                              f"unrolling {len(items)} iterations; a compile-time loop unrolls at most "
                              f"{MAX_UNROLLED_ITERATIONS} (use range(...) for a runtime loop)")
        for v in items:
            self._assign(node.target, v)
            self.visit_body(node.body)

    def _runtime_for(self, node, args, kwargs):
        if not isinstance(node.target, ast.Name):
            raise self._error(node.target, "a runtime loop variable must be a single name")
        for k in kwargs:
            if k not in ("num_stages", "loop_unroll_factor", "warp_specialize", "disallow_acc_multi_buffer",
                         "flatten"):
                raise self._error(node.iter, f"unexpected keyword '{k}' for range")
        if not 1 <= len(args) <= 3:
            raise self._error(node.iter, f"range expects 1 to 3 arguments, got {len(args)}")
        lo, hi, step = (0, args[0], 1) if len(args) == 1 else (args[0], args[1], args[2] if len(args) == 3 else 1)
        for v in (lo, hi, step):
            if not _is_runtime(v) and (isinstance(v, bool) or not isinstance(v, int)):
                raise self._error(node.iter, f"range bounds must be integers, got {_describe(v)}")
        if not _is_runtime(step) and step <= 0:
            raise self._error(node.iter, f"range step must be positive, got {step}")
        bounds = [_to_tensor(v, ty=int32) if not _is_runtime(v) else v for v in (lo, hi, step)]
        for b in bounds:
            if not b.is_scalar or not b.dtype.is_int or b.dtype is int1:
                raise self._error(node.iter, f"range bounds must be integer scalars, got {b!r}")
        ty = int64 if any(b.dtype is int64 for b in bounds) else int32
        bounds = [_cast(b, ty) for b in bounds]
        carried = self._carry(_assigned_names(node.body), node)
        names = list(carried)
        loop = scf.ForOp(bounds[0].handle, bounds[1].handle, bounds[2].handle,
                         [carried[n].handle for n in names])
        stages = kwargs.get("num_stages")
        stages = getattr(stages, "value", stages)
        if stages is not None:
            if isinstance(stages, bool) or not isinstance(stages, int) or not 1 <= stages < 1 << 31:
                raise self._error(node.iter, f"num_stages must be a positive int, got {stages!r}")
            # tlxamd-pipeline issues the loop's loads ahead when it is 2 or more
            loop.operation.attributes["tlxamd.num_stages"] = ir.IntegerAttr.get(
                ir.IntegerType.get_signless(32), stages)
        outer = dict(self.scope)
        self.scope[node.target.id] = tensor(loop.induction_variable)
        self._loop_body(node, loop.body, loop.inner_iter_args, carried)
        self._after_loop(outer, names, loop.results, node, _assigned_names(node.body))

    def _loop_body(self, node, block, args, carried: Dict[str, tensor]):
        """Visit a loop body in `block`, its carried variables bound to
        `args`; yield their new values (of unchanged types). A compile-time
        value the body rebinds (a shared-memory view, a Python object) is
        not carried: the body must assign it before reading it, else its
        later iterations would read the first one's value."""
        names = list(carried)
        rebound = {n: _FirstIteration(self.scope[n]) for n in _assigned_names(node.body)
                   if n in self.scope and n not in carried and not _is_runtime(self.scope[n])
                   and not isinstance(self.scope[n], _Stale)}
        with ir.InsertionPoint(block):
            for n, arg in zip(names, args):
                self.scope[n] = tensor(arg)
            self.scope.update(rebound)
            self.runtime_depth += 1
            try:
                self.visit_body(node.body)
            finally:
                self.runtime_depth -= 1
            for n, first in rebound.items():
                now = self.scope.get(n)
                if first.read is not None and now is not first and now is not first.value:
                    raise self._error(first.read, f"variable '{n}' is read in a runtime loop before the loop "
                                                  f"body assigns it, but it holds a compile-time value "
                                                  f"({_describe(first.value)}) the body changes: only runtime "
                                                  f"values (tensors, numbers) carry from one iteration to the "
                                                  f"next; assign it before reading it in the body")
                if now is first:
                    self.scope[n] = first.value
            scf.YieldOp([self._match(n, self.scope.get(n), carried[n], node, "loop-carried", node.body).handle
                         for n in names])

    def _after_loop(self, outer, names, results, node=None, assigned=()):
        # A compile-time value rebound in a runtime loop has no single value
        # after it: an error, never the first iteration's value.
        stale = {n: _Stale(n, outer[n], node) for n in assigned
                 if n in outer and n not in names and self.scope.get(n) is not outer[n]}
        self.scope = outer
        self.scope.update(stale)
        for n, r in zip(names, results):
            self.scope[n] = tensor(r)

    def visit_While(self, node):
        if node.orelse:
            raise self._error(node, "while ... else is not supported")
        carried = self._carry(_assigned_names(node.body), node)
        names = list(carried)
        types = [carried[n].handle.type for n in names]
        loop = scf.WhileOp(types, [carried[n].handle for n in names])
        before = loop.before.blocks.append(*types)
        after = loop.after.blocks.append(*types)
        outer = dict(self.scope)
        with ir.InsertionPoint(before):
            for n, arg in zip(names, before.arguments):
                self.scope[n] = tensor(arg)
            cond = self.visit(node.test)
            if not _is_runtime(cond):
                raise self._error(node.test, f"a while loop needs a runtime condition, got {cond!r}")
            cond = self._condition(cond, node.test)
            scf.ConditionOp(cond.handle, list(before.arguments))
        self.scope = dict(outer)
        self._loop_body(node, after, after.arguments, carried)
        self._after_loop(outer, names, loop.results, node, _assigned_names(node.body))

    def _runtime_if(self, node, cond: tensor):
        outer = dict(self.scope)
        draft = scf.IfOp(cond.handle, [], has_else=True)
        branches = []
        for body, block in ((node.body, draft.then_block), (node.orelse, draft.else_block)):
            self.scope = dict(outer)
            with ir.InsertionPoint(block):
                self.runtime_depth += 1
                try:
                    self.visit_body(body)
                finally:
                    self.runtime_depth -= 1
            branches.append(self.scope)
        then_scope, else_scope = branches
        names = [n for n in _assigned_names(node.body + node.orelse)
                 if n in then_scope and n in else_scope and (
                     then_scope[n] is not outer.get(n) or else_scope[n] is not outer.get(n))]
        results, yields = [], ([], [])
        for n in names:
            a, b = then_scope[n], else_scope[n]
            if not _is_runtime(a) and not _is_runtime(b):
                if a is b or (type(a) is type(b) and a == b):
                    continue  # the same compile-time value on both sides
                a = _to_tensor(a) if isinstance(a, (int, float)) else a
            like = a if _is_runtime(a) else b
            if not _is_runtime(like):
                raise self._error(node, f"variable '{n}' is assigned different compile-time values in the "
                                        f"branches of a runtime if")
            for i, (v, block) in enumerate(((a, draft.then_block), (b, draft.else_block))):
                with ir.InsertionPoint(block):
                    yields[i].append(self._match(n, v, like, node, "if-assigned",
                                                 node.orelse if i else node.body).handle)
            results.append(n)
        final = scf.IfOp(cond.handle, [v.type for v in yields[0]], has_else=True)
        for old, new, ys in ((draft.then_block, final.then_block, yields[0]),
                             (draft.else_block, final.else_block, yields[1])):
            with ir.InsertionPoint(new):
                terminator = scf.YieldOp(ys)
            for op in list(old.operations):
                op.move_before(terminator)
        draft.operation.erase()
        self.scope = outer
        for n, r in zip(results, final.results):
            self.scope[n] = tensor(r)
        for n in names:
            if n not in results:
                self.scope[n] = then_scope[n]

    # -- expressions ----------------------------------------------------------
    def visit_Constant(self, node):
        return node.value

    def visit_Name(self, node):
        name = node.id
        for table in (self.scope, self.closure, self.globals):
            if name in table:
                v = table[name]
                while isinstance(v, _FirstIteration):  # loops nest
                    v.read = v.read or node
                    v = v.value
                if isinstance(v, _Stale):
                    raise self._error(node, f"variable '{name}' was reassigned in the runtime loop at line "
                                            f"{v.loop.lineno + self.line_offset} but holds a compile-time "
                                            f"value ({_describe(v.value)}): it has no single value after the "
                                            f"loop (only runtime values, tensors and numbers, are carried)")
                return v
        if hasattr(builtins, name):
            return getattr(builtins, name)
        raise self._error(node, f"undefined name '{name}'")

    def visit_Attribute(self, node):
        value = self.visit(node.value)
        try:
            return getattr(value, node.attr)
        except AttributeError:
            raise self._error(node, f"{_describe(value)} has no attribute '{node.attr}'") from None

    def _binop(self, op, a, b, node):
        fn = _BINOPS.get(type(op))
        if fn is None:
            raise self._error(node, f"operator {type(op).__name__} is not supported")
        if isinstance(op, ast.Pow) and (_is_runtime(a) or _is_runtime(b)):
            raise self._error(node, "** on tensors is not supported")
        return fn(a, b)

    def visit_BinOp(self, node):
        return self._binop(node.op, self.visit(node.left), self.visit(node.right), node)

    def visit_UnaryOp(self, node):
        v = self.visit(node.operand)
        if isinstance(node.op, ast.Not):
            if _is_runtime(v):
                return v == 0 if v.dtype is not int1 else ~v
            return not v
        return {ast.USub: operator.neg, ast.UAdd: operator.pos, ast.Invert: operator.invert}[type(node.op)](v)

    def visit_Compare(self, node):
        left = self.visit(node.left)
        result = None
        for op, comparator in zip(node.ops, node.comparators):
            right = self.visit(comparator)
            r = _CMPOPS[type(op)](left, right)
            result = r if result is None else (result & r if _is_runtime(result) or _is_runtime(r)
                                               else (result and r))
            left = right
        return result

    def visit_BoolOp(self, node):
        is_and = isinstance(node.op, ast.And)
        value = self.visit(node.values[0])
        for operand in node.values[1:]:
            if not _is_runtime(value):
                if (not value) if is_and else value:
                    return value  # short-circuit on a compile-time value
                value = self.visit(operand)
                continue
            other = self.visit(operand)
            value = (value & other) if is_and else (value | other)
        return value

    def visit_IfExp(self, node):
        cond = self.visit(node.test)
        if not _is_runtime(cond):
            return self.visit(node.body if cond else node.orelse)
        return _core.where(cond, self.visit(node.body), self.visit(node.orelse))

    def visit_Tuple(self, node):
        return tuple(self._elements(node.elts))

    def visit_List(self, node):
        return list(self._elements(node.elts))

    def _elements(self, elts):
        out = []
        for e in elts:
            if isinstance(e, ast.Starred):
                out.extend(self.visit(e.value))
            else:
                out.append(self.visit(e))
        return out

    def visit_Slice(self, node):
        return slice(*(self.visit(v) if v is not None else None for v in (node.lower, node.upper, node.step)))

    def visit_Subscript(self, node):
        return self.visit(node.value)[self.visit(node.slice)]

    def visit_JoinedStr(self, node):
        return "".join(str(self.visit(v)) for v in node.values)

    def visit_FormattedValue(self, node):
        v = self.visit(node.value)
        spec = self.visit(node.format_spec) if node.format_spec is not None else ""
        return format(v, spec)

    def visit_Call(self, node):
        fn = self.visit(node.func)
        args = self._elements(node.args)
        kwargs = {}
        for k in node.keywords:
            if k.arg is None:
                kwargs.update(self.visit(k.value))
            else:
                kwargs[k.arg] = self.visit(k.value)
        if isinstance(fn, jit):
            return self._inline(fn, args, kwargs, node)
        if isinstance(fn, _NestedFunction):
            return fn.call(args, kwargs, node)
        if isinstance(fn, kernel):
            raise self._error(node, f"kernel {fn.name} cannot be called from a kernel; mark helpers @tl.jit")
        if fn in (builtins.min, builtins.max) and any(_is_runtime(a) for a in args):
            out = args[0]
            for a in args[1:]:
                out = (_core_minimum() if fn is builtins.min else _core_maximum())(out, a)
            return out
        if fn is builtins.print:
            raise self._error(node, "print in a kernel is not supported; tl.static_print prints at compile time")
        return fn(*args, **kwargs)

    def _inline(self, helper: jit, args, kwargs, node):
        if helper.fn in _INLINING:
            chain = " -> ".join(f.__name__ for f in _INLINING + [helper.fn])
            raise self._error(node, f"recursive call of @jit function {helper.fn.__name__} ({chain}): "
                                    f"helpers are inlined, so recursion cannot end")
        if len(_INLINING) >= _MAX_INLINE_DEPTH:
            raise self._error(node, f"@jit calls nested {_MAX_INLINE_DEPTH} deep; helpers are inlined")
        sig = inspect.signature(helper.fn)
        try:
            bound = sig.bind(*args, **kwargs)
        except TypeError as e:
            raise self._error(node, f"{helper.fn.__name__}(): {e}") from None
        bound.apply_defaults()
        # A helper's `tl.constexpr` annotation does not bind its callers:
        # a runtime value passed there is used as one, as Triton does (the
        # attention tutorial's `offs_m: tl.constexpr` receives a tensor).
        sub = CodeGenerator(helper.fn, dict(bound.arguments))
        sub.runtime_depth = 0
        _INLINING.append(helper.fn)
        try:
            return sub.run()
        finally:
            _INLINING.pop()

    def visit_Lambda(self, node):
        raise self._error(node, "lambda is not supported in kernels; use a @tl.jit function")


class _NestedFunction:
    """A function defined inside a kernel (or helper)."""

    def __init__(self, parent: CodeGenerator, node: ast.FunctionDef):
        self.parent, self.node = parent, node

    def call(self, args, kwargs, call_node):
        a = self.node.args
        if a.vararg or a.kwarg or a.kwonlyargs or a.posonlyargs:
            raise self.parent._error(self.node, "functions defined in a kernel take plain parameters only")
        names = [p.arg for p in a.args]
        defaults = [self.parent.visit(d) for d in a.defaults]
        bound = dict(zip(names[len(names) - len(defaults):], defaults))
        if len(args) > len(names):
            raise self.parent._error(call_node, f"{self.node.name}() takes {len(names)} arguments, got {len(args)}")
        bound.update(zip(names, args))
        for k, v in kwargs.items():
            if k not in names:
                raise self.parent._error(call_node, f"{self.node.name}() got an unexpected keyword '{k}'")
            bound[k] = v
        missing = [n for n in names if n not in bound]
        if missing:
            raise self.parent._error(call_node, f"{self.node.name}() is missing {', '.join(missing)}")
        return CodeGenerator(None, bound, nested=(self.parent, self.node)).run()


def _describe(v) -> str:
    if isinstance(v, tensor):
        return repr(v)
    return f"{type(v).__name__} {v!r}"


class tl_range:
    """`for i in tl.range(lo, hi, step)`: a runtime loop (scf.for), as
    `range(...)` in a kernel (Triton's pipelining hints are accepted)."""

    def __init__(self, *args, **kwargs):
        raise TypeError("tl.range is used as `for i in tl.range(...)` inside a kernel")


class static_range:
    """`for i in tl.static_range(lo, hi, step)`: unrolled at compile time."""

    def __init__(self, *args, **kwargs):
        raise TypeError("tl.static_range is used as `for i in tl.static_range(...)` inside a kernel")


def _core_minimum():
    from . import math as _math

    return _math.minimum


def _core_maximum():
    from . import math as _math

    return _math.maximum


# Python types as annotations (`n: int`): the launcher derives the kind
# from the value, as Triton does.
_HOST_ANNOTATIONS = (inspect.Parameter.empty, int, float, bool, "int", "float", "bool")


class divisible_int:
    """An integer parameter known to be a multiple of `divisibility` (a
    power of two): what the launcher makes of an int argument divisible by
    16, as Triton's does. The analyses read it from the argument's
    `tlxamd.divisibility`."""

    def __init__(self, dtype_: dtype, divisibility: int = 16):
        if not isinstance(dtype_, dtype) or not dtype_.is_int:
            raise TypeError(f"divisible_int takes an integer dtype, got {dtype_!r}")
        if isinstance(divisibility, bool) or not isinstance(divisibility, int) or divisibility < 1 or \
                divisibility & (divisibility - 1):
            raise ValueError(f"divisibility is a positive power of two, got {divisibility!r}")
        self.dtype, self.divisibility = dtype_, divisibility

    def to_ir(self):
        return self.dtype.to_ir()

    def __eq__(self, other):
        return isinstance(other, divisible_int) and (self.dtype, self.divisibility) == (other.dtype,
                                                                                        other.divisibility)

    def __hash__(self):
        return hash((self.dtype, self.divisibility))

    def __repr__(self):
        return f"divisible_int({self.dtype!r}, {self.divisibility})"


def declared_annotations(fn: Callable) -> Dict[str, Any]:
    """Each parameter's annotation, with string annotations (`from
    __future__ import annotations`) evaluated in the function's scope; one
    that does not evaluate counts as constexpr when it names it, as in
    Triton, and as absent otherwise."""
    out = {}
    for name, p in inspect.signature(fn).parameters.items():
        ann = p.annotation
        if isinstance(ann, str):
            try:
                ann = eval(ann, dict(fn.__globals__), _closure_vars(fn))  # noqa: S307 (the user's own annotation)
            except Exception:
                ann = constexpr if "constexpr" in ann else inspect.Parameter.empty
        out[name] = ann
    return out


def _kernel_annotation(ann):
    """`ann` when it names a kernel parameter's kind, else None."""
    from .tensor_desc import host_tensor_descriptor

    if isinstance(ann, (pointer, dtype, tensor_descriptor, divisible_int, host_tensor_descriptor)) or \
            ann is constexpr:
        return ann
    return None


def _parts(ann) -> list:
    """The IR arguments a runtime parameter of kind `ann` takes: one, or a
    host descriptor's fields."""
    from .tensor_desc import host_tensor_descriptor

    if isinstance(ann, host_tensor_descriptor):
        return list(ann.kinds())
    if isinstance(ann, tensor_descriptor) and ann.with_shape:
        return [ann] + [int32] * len(ann.block_shape)
    return [ann]


def _bind_parameter(ann, it):
    """The kernel's value of a runtime parameter from its IR arguments."""
    from .tensor_desc import host_tensor_descriptor, tensor_descriptor_block

    if isinstance(ann, host_tensor_descriptor):
        base = pointer_value(next(it), ann.base)
        shape = [tensor(next(it), _scalar_type(k)) for k in ann.shape]
        strides = [tensor(next(it), _scalar_type(k)) for k in ann.strides] + [1]
        return tensor_descriptor_block(base, shape, strides, ann.block_shape)
    if isinstance(ann, pointer):
        return pointer_value(next(it), ann)
    if isinstance(ann, tensor_descriptor):
        handle = next(it)
        shape = [tensor(next(it), int32) for _ in ann.block_shape] if ann.with_shape else None
        return tensor_descriptor_value(handle, ann, shape)
    return tensor(next(it), _scalar_type(ann))


def _arg_attributes(ann) -> Dict[str, Any]:
    if isinstance(ann, pointer):
        return ann.arg_attributes()
    if isinstance(ann, divisible_int):
        return {"tlxamd.divisibility": ir.IntegerAttr.get(ir.IntegerType.get_signless(32), ann.divisibility)}
    return {}


def _scalar_type(ann) -> dtype:
    return ann.dtype if isinstance(ann, divisible_int) else ann


class kernel:
    """`@kernel(num_warps=4)`: a kernel compiled from its source;
    `.build(target, **constexprs)` returns an `ir.Module` holding one
    `gpu.module` with the kernel, its tensors laid out for the target
    (`assign_layouts=False` keeps them as written). `num_ctas=n` (n > 1)
    makes it a cluster kernel: its programs run in thread-block clusters of
    n (NVIDIA sm_90 and later), the launch grid's first dimension a
    multiple of n. `num_stages` (Triton's, default 3) software-pipelines
    the innermost loops with a `tl.dot` that have no `num_stages` of their
    own: the loads feeding the dot are staged through that many
    shared-memory buffers by asynchronous copies (tlxamd-pipeline).
    `matrix_instr_nonkdim` (Triton's AMD hint, 16 or 32; 0 leaves the
    choice to layout assignment) makes AMD dots use matrix instructions of
    that M and N; NVIDIA targets ignore it, as Triton's do."""

    def __init__(self, fn: Optional[Callable] = None, *, num_warps: int = 4, name: Optional[str] = None,
                 num_ctas: int = 1, enable_fp_fusion: bool = True, num_stages: int = 3,
                 matrix_instr_nonkdim: int = 0):
        if isinstance(num_warps, bool) or not isinstance(num_warps, int) or num_warps <= 0 or \
                num_warps & (num_warps - 1) or num_warps > 32:
            raise ValueError(f"num_warps must be a power of two between 1 and 32, got {num_warps!r}")
        if isinstance(num_ctas, bool) or not isinstance(num_ctas, int) or num_ctas <= 0 or \
                num_ctas & (num_ctas - 1) or num_ctas > 16:
            raise ValueError(f"num_ctas must be a power of two between 1 and 16, got {num_ctas!r}")
        if not isinstance(enable_fp_fusion, bool):
            raise TypeError(f"enable_fp_fusion is a bool, got {enable_fp_fusion!r}")
        if isinstance(num_stages, bool) or not isinstance(num_stages, int) or not 1 <= num_stages <= 16:
            raise ValueError(f"num_stages must be an int between 1 and 16, got {num_stages!r}")
        if isinstance(matrix_instr_nonkdim, bool) or matrix_instr_nonkdim not in (0, 16, 32):
            raise ValueError(f"matrix_instr_nonkdim must be 0, 16 or 32, got {matrix_instr_nonkdim!r}")
        self.matrix_instr_nonkdim = matrix_instr_nonkdim
        self.num_stages = num_stages
        self.num_warps = num_warps
        self.num_ctas = num_ctas
        # float a * b + c may become one fma (Triton's enable_fp_fusion)
        self.enable_fp_fusion = enable_fp_fusion
        self.fn = None
        self.name = name
        if fn is not None:
            self._set(fn)

    def _set(self, fn: Callable):
        if isinstance(fn, jit):
            fn = fn.fn
        if not inspect.isfunction(fn):
            raise TypeError(f"a kernel is a Python function, got {fn!r}")
        _check_compilable(fn, "kernel")
        self.fn = fn
        self.name = self.name or fn.__name__
        self.signature = inspect.signature(fn)
        self.declared = declared_annotations(fn)
        check_kernel_parameters(fn)
        for p in self.signature.parameters.values():
            ann = self.declared[p.name]
            if _kernel_annotation(ann) is None and ann not in _HOST_ANNOTATIONS:
                raise TypeError(f"kernel parameter '{p.name}' has unsupported annotation {ann!r}")

    def annotations(self, signature: Optional[Dict[str, Any]] = None) -> Dict[str, Any]:
        """Each parameter's kind: its annotation (pointer(dtype), a dtype,
        tensor_descriptor(...) or constexpr), or the entry of `signature`
        (name -> one of those) that the launcher derives from the values
        passed. An unannotated parameter needs an entry."""
        signature = dict(signature or {})
        params = self.signature.parameters
        unknown = [k for k in signature if k not in params]
        if unknown:
            raise TypeError(f"{self.name}: signature names no parameter {', '.join(map(repr, unknown))} "
                            f"(parameters: {', '.join(params)})")
        out = {}
        for p in params.values():
            ann = signature.get(p.name, self.declared[p.name])
            kind = _kernel_annotation(ann)
            if kind is None:
                if p.name in signature:
                    raise TypeError(f"{self.name}: signature entry '{p.name}' is {ann!r}, not pointer(dtype), a "
                                    f"dtype, tensor_descriptor(...) or constexpr")
                raise TypeError(f"kernel parameter '{p.name}' needs an annotation: pointer(dtype), a dtype "
                                f"(scalar), tensor_descriptor(...) or constexpr (or launch it the Triton way, "
                                f"kernel[grid](...), which derives them from the arguments)")
            out[p.name] = kind
        return out

    def __call__(self, fn: Callable) -> "kernel":
        if self.fn is not None:
            raise TypeError("a kernel is built with .build(target=..., **constexprs), not called")
        self._set(fn)
        return self

    def build(self, target: Optional[str] = None, context: Optional[ir.Context] = None,
              assign_layouts: bool = True, signature: Optional[Dict[str, Any]] = None,
              **constexprs) -> ir.Module:
        """The kernel for `target` (a capability-table name; the default AMD
        target when omitted) with the given constexpr values. `signature`
        (parameter name -> pointer(dtype) / dtype / tensor_descriptor /
        constexpr) gives the kinds of parameters without annotations (or
        replaces annotations)."""
        target = _targets.default("amd") if target is None else target
        info = _targets.get(target)
        params = list(self.signature.parameters.values())
        anns = self.annotations(signature)
        const_names = {p.name for p in params if anns[p.name] is constexpr}
        for k in constexprs:
            if k not in const_names:
                raise TypeError(f"{self.name}.build() got an unexpected constexpr '{k}' "
                                f"(constexpr parameters: {', '.join(sorted(const_names)) or 'none'})")
        for p in params:
            if p.name in const_names and p.name not in constexprs:
                if p.default is inspect.Parameter.empty:
                    raise TypeError(f"{self.name}.build() is missing constexpr '{p.name}'")
                constexprs[p.name] = p.default
        _parse(self.fn)  # the source must be there before anything is built
        ctx = context or _default_context()
        with ctx, self._def_location():
            module = ir.Module.create()
            runtime = [p for p in params if anns[p.name] is not constexpr]
            parts = [k for p in runtime for k in _parts(anns[p.name])]
            arg_types = [k.to_ir() for k in parts]
            with ir.InsertionPoint(module.body):
                gm = gpu.GPUModuleOp(f"{self.name}_module")
                gm.bodyRegion.blocks.append()
                with ir.InsertionPoint(gm.bodyRegion.blocks[0]):
                    fn = gpu.GPUFuncOp(ir.TypeAttr.get(ir.FunctionType.get(arg_types, [])),
                                       sym_name=self.name, kernel=True)
                    fn.attributes["tlxamd.num_warps"] = ir.IntegerAttr.get(
                        ir.IntegerType.get_signless(32), self.num_warps)
                    fn.attributes["tlxamd.num_stages"] = ir.IntegerAttr.get(
                        ir.IntegerType.get_signless(32), self.num_stages)
                    if self.num_ctas > 1:
                        fn.attributes["tlxamd.num_ctas"] = ir.IntegerAttr.get(
                            ir.IntegerType.get_signless(32), self.num_ctas)
                    if self.matrix_instr_nonkdim and info["vendor"] == "amd":
                        fn.attributes["tlxamd.matrix_instr_nonkdim"] = ir.IntegerAttr.get(
                            ir.IntegerType.get_signless(32), self.matrix_instr_nonkdim)
                    arg_attrs = [ir.DictAttr.get(_arg_attributes(k)) for k in parts]
                    if any(len(a) for a in arg_attrs):
                        fn.attributes["arg_attrs"] = ir.ArrayAttr.get(arg_attrs)
                    entry = fn.add_entry_block()
                    with ir.InsertionPoint(entry), self._building(target, info["warp_size"]):
                        # (inside the builder: unsigned arguments are recorded)
                        args: Dict[str, Any] = {}
                        it = iter(entry.arguments)
                        for p in params:
                            ann = anns[p.name]
                            args[p.name] = constexprs[p.name] if ann is constexpr else _bind_parameter(ann, it)
                        gen = CodeGenerator(self.fn, args)
                        ret = gen.run()
                        if ret is not None:
                            raise gen._error(gen.return_node, f"kernel {self.name} returns {_describe(ret)}: "
                                                              f"kernels write their results through pointers "
                                                              f"and return nothing", TypeError)
                        gpu.ReturnOp([])
            self._verify(module)
            if assign_layouts:
                self._assign_layouts(module, target)
        return module

    def _verify(self, module: ir.Module):
        try:
            module.operation.verify()
        except ir.MLIRError as e:
            from ..compiler import diagnostic_text

            msgs = diagnostic_text(e.error_diagnostics) or str(e)
            raise ValueError(f"kernel {self.name} does not verify:\n{msgs}") from None

    def _assign_layouts(self, module: ir.Module, target: str):
        from .. import passmanager
        from ..compiler import diagnostic_text

        # Loops feeding dots are pipelined before layouts (their shared
        # buffers and copies get layouts with everything else); a dot_scaled
        # the target has no scaled instruction for is upcast first.
        pm = passmanager.PassManager.parse(
            f"builtin.module(tlxamd-combine-dot-add,tlxamd-decompose-dot-scaled{{target={target}}},"
            f"tlxamd-pipeline{{target={target} registers=false}},"
            f"tlxamd-assign-layouts{{target={target}}},"
            f"tlxamd-remove-layout-conversions{{assigned-only=true}})")
        try:
            pm.run(module.operation)
        except ir.MLIRError as e:
            msgs = diagnostic_text(e.error_diagnostics) or str(e)
            raise ValueError(f"kernel {self.name}: layout assignment failed:\n{msgs}") from None

    def _def_location(self) -> ir.Location:
        """The kernel's `def` line (of the module, the function and its
        arguments)."""
        try:
            path = inspect.getsourcefile(self.fn) or self.fn.__code__.co_filename
        except TypeError:
            path = self.fn.__code__.co_filename
        return ir.Location.file(path, self.fn.__code__.co_firstlineno, 1)

    @contextlib.contextmanager
    def _building(self, target: str, warp_size: int):
        prev = getattr(_state, "builder", None)
        prev_located = getattr(_state, "located", False)
        _state.builder = _Builder(target, warp_size, self.num_warps, self.num_ctas,
                                  fp_fusion=self.enable_fp_fusion)
        _state.located = True  # locations come from the AST
        try:
            yield
        finally:
            _state.builder = prev
            _state.located = prev_located


def warp_size() -> int:
    """Lanes per warp of the target being built (from its capability-table entry)."""
    return _core._builder().warp_size


def num_warps() -> int:
    return _core._builder().num_warps


def static_print(*args, **kwargs) -> None:
    """Print at compile time (tl.static_print)."""
    builtins.print(*args, **kwargs)


def static_assert(cond, msg: str = "") -> None:
    """Fail the build when a compile-time condition is false."""
    if isinstance(cond, tensor):
        raise TypeError("static_assert needs a compile-time condition")
    if not cond:
        raise ValueError(f"static assertion failed: {msg}" if msg else "static assertion failed")
