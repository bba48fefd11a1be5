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
