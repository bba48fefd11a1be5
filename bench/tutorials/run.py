"""Run a public Triton / Gluon / TLX tutorial file on tlxamd with its import
lines changed and nothing else.

    python bench/tutorials/run.py TUTORIAL.py [--no-bench] [--pytest [-k EXPR]]

The tutorial is read from the given path (fetched from its repository; the
project keeps no copy), its `import triton...` / `from triton... import`
lines are rewritten to the tlxamd modules of the same names, the real
`triton` package is blocked so that nothing falls through to it, and the
file is executed as `__main__`. `--no-bench` turns `perf_report` sweeps into
a line saying they were skipped (the emulator runs each launch on the CPU;
the sweeps' sizes are for GPUs). `--pytest` runs the tutorial's `test_*`
functions with pytest instead (the ported file written to a temporary
directory), as the Gluon tutorials check themselves. The exit status is the
tutorial's (pytest's).
"""

from __future__ import annotations

import os
import re
import sys

# (pattern of an import line, its replacement)
IMPORTS = [
    (r"^(\s*)import triton\.language as (\w+)\s*$", r"\1import tlxamd.language as \2"),
    (r"^(\s*)import triton\s*$", r"\1import tlxamd as triton"),
    (r"^(\s*)import triton as (\w+)\s*$", r"\1import tlxamd as \2"),
    (r"^(\s*)from triton\.tools\.tensor_descriptor import TensorDescriptor\s*$",
     r"\1from tlxamd.runtime import TensorDescriptor"),
    (r"^(\s*)from triton\.experimental import gluon\s*$", r"\1from tlxamd.experimental import gluon"),
    (r"^(\s*)from triton\.experimental\.gluon import language as (\w+)\s*$",
     r"\1from tlxamd.experimental.gluon import language as \2"),
    (r"^(\s*)import triton\.language\.extra\.tlx as (\w+)\s*$", r"\1import tlxamd.language.extra.tlx as \2"),
    (r"^(\s*)from triton\.language\.extra import (\w+)\s*$", r"\1from tlxamd.language.extra import \2"),
    (r"^(\s*)from triton(\.[\w.]+)? import ", r"\1from tlxamd\2 import "),
    (r"^(\s*)import triton(\.[\w.]+) as (\w+)\s*$", r"\1import tlxamd\2 as \3"),
]


def port(source: str) -> tuple:
    """The source with its triton import lines rewritten, and how many."""
    out, changed = [], 0
    for line in source.splitlines(keepends=True):
        new = line
        for pat, rep in IMPORTS:
            if re.match(pat, line.rstrip("\n")):
                new = re.sub(pat, rep, line.rstrip("\n")) + "\n"
                break
        changed += new != line
        out.append(new)
    return "".join(out), changed


def load_ported(path: str, name: str):
    """The tutorial at `path`, its imports changed, imported as module
    `name` (its `__main__` block not run); the real `triton` is blocked."""
    import importlib.util
    import tempfile

    source, _ = port(open(path).read())
    sys.modules["triton"] = None
    ported = os.path.join(tempfile.mkdtemp(), name + ".py")
    with open(ported, "w") as f:
        f.write(source.replace('if __name__ == "__main__":', "if False:"))
    spec = importlib.util.spec_from_file_location(name, ported)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _port_siblings(path: str) -> str:
    """A directory holding the ported tutorials beside `path`, under their
    upstream names (the cache's `gluon-` / `tlx-` prefix dropped), put on
    sys.path: tutorials import each other (Gluon's 04 imports
    `03-async-copy`)."""
    import tempfile

    d = tempfile.mkdtemp()
    folder, name = os.path.split(os.path.abspath(path))
    prefix = name.split("-", 1)[0] + "-" if name.split("-", 1)[0] in ("gluon", "tlx") else ""
    for other in os.listdir(folder):
        if other.endswith(".py") and other.startswith(prefix):
            with open(os.path.join(folder, other)) as f:
                ported = port(f.read())[0]
            with open(os.path.join(d, other[len(prefix):]), "w") as f:
                f.write(ported)
    sys.path.insert(0, d)
    return d


def main(argv) -> int:
    path = argv[0]
    source, changed = port(open(path).read())
    sys.modules["triton"] = None  # nothing may reach the real Triton
    _port_siblings(path)
    if "--no-bench" in argv:
        from tlxamd import testing

        testing.Mark.run = lambda self, *a, **k: print(f"(perf_report {self.fn.__name__} skipped)")
    print(f"[{path}: {changed} import lines changed]", flush=True)
    if "--pytest" in argv:
        import tempfile

        import pytest

        d = tempfile.mkdtemp()
        ported = os.path.join(d, "test_" + os.path.basename(path).replace("-", "_"))
        with open(ported, "w") as f:
            f.write(source)
        select = argv[argv.index("-k"):argv.index("-k") + 2] if "-k" in argv else []
        return pytest.main([ported, "-q", "-p", "no:cacheprovider", "--rootdir", d, *select])
    sys.argv = [path]
    # A dry run (TLXAMD_JIT_MANIFEST: kernels are recorded, not launched)
    # drops the tutorial's asserts, which check results nothing computed.
    dry = bool(os.environ.get("TLXAMD_JIT_MANIFEST"))
    code = compile(source, path, "exec", dont_inherit=True, optimize=1 if dry else -1)
    exec(code, {"__name__": "__main__", "__file__": path})
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
