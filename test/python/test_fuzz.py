"""A 60-second smoke run of the coverage-guided fuzzer (scripts/fuzz.sh:
libFuzzer over parse + verify + tlxamd-verify-target for every target + both
pipelines, tlxamd's code built with ASan and UBSan). Any crash, sanitizer
report or fatal error is a failure; long campaigns: `scripts/fuzz.sh run`."""

import os
import re
import shutil
import subprocess

import pytest
from conftest import ROOT

pytestmark = pytest.mark.fuzz


@pytest.mark.skipif(not shutil.which("clang++-22") and os.geteuid() != 0,
                    reason="clang-22 not installed and not root to install it")
def test_fuzz_smoke():
    crashes = os.path.join(ROOT, "build-fuzz", "crashes")
    if os.path.isdir(crashes):
        shutil.rmtree(crashes)
    proc = subprocess.run([os.path.join(ROOT, "scripts", "fuzz.sh"), "smoke"], cwd=ROOT,
                          capture_output=True, text=True, timeout=1800)
    log = open(os.path.join(ROOT, "build-fuzz", "fuzz.log")).read() if proc.returncode == 0 else ""
    assert proc.returncode == 0, proc.stderr[-3000:]
    found = os.listdir(crashes) if os.path.isdir(crashes) else []
    assert found == [], f"fuzzer findings: {found}\n{log[-3000:]}"
    runs = [int(n) for n in re.findall(r"^#(\d+):", log, re.M)]
    assert runs and max(runs) > 1000, log[-2000:]
