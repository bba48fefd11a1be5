"""Source hygiene: C++ in LLVM style (.clang-format), Python clean under the
ruff rules of pyproject.toml. Skipped where the tools are not installed
(scripts/setup.sh installs both)."""
import os
import shutil
import subprocess

import pytest
from conftest import ROOT


def _tracked(*patterns):
    out = subprocess.run(["git", "ls-files", *patterns], cwd=ROOT, capture_output=True,
                         text=True)
    if out.returncode != 0:
        pytest.skip("not a git checkout")
    return [f for f in out.stdout.split() if os.path.exists(os.path.join(ROOT, f))]


def test_cpp_is_clang_formatted():
    tool = shutil.which("clang-format")
    if not tool:
        pytest.skip("clang-format not installed")
    files = [f for f in _tracked("*.cpp", "*.h") if not f.startswith("test/")]
    assert len(files) > 20
    res = subprocess.run([tool, "--dry-run", "-Werror", *files], cwd=ROOT,
                         capture_output=True, text=True)
    assert res.returncode == 0, res.stderr[-3000:]


def test_python_passes_ruff():
    tool = shutil.which("ruff")
    if not tool:
        pytest.skip("ruff not installed")
    res = subprocess.run([tool, "check", "--no-cache", "."], cwd=ROOT, capture_output=True,
                         text=True)
    assert res.returncode == 0, res.stdout[-3000:]


def test_code_size_limits():
    """No C++ file over 700 lines and no function over 80 lines in the
    dialect and the passes (scripts/code_size.py)."""
    import sys

    sys.path.insert(0, os.path.join(ROOT, "scripts"))
    import code_size

    assert code_size.check([os.path.join(ROOT, "dialect"), os.path.join(ROOT, "passes")], 700, 80) == []


def test_code_size_checker_finds_long_functions(tmp_path):
    """The checker itself: a 90-line function and an 801-line file are
    reported, a 10-line one is not."""
    import sys

    sys.path.insert(0, os.path.join(ROOT, "scripts"))
    import code_size

    body = "\n".join(f"  x += {i};" for i in range(88))
    (tmp_path / "long.cpp").write_text(f"int f(int x) {{\n{body}\n  return x;\n}}\n"
                                       + "int g(int x) {\n  return x;\n}\n" + "// pad\n" * 700)
    problems = code_size.check([str(tmp_path)], 700, 80)
    assert any("function of 91 lines" in p and "int f(int x)" in p for p in problems)
    assert any("lines (limit 700)" in p for p in problems)
    assert not any("int g(" in p for p in problems)
