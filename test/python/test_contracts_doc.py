"""docs/contracts.md is the one place the rule IDs (B1, L5, M10, T13, D4,
P3, ...) are defined: every ID the dialect, the passes and the package cite
must have a row there, each row names where the rule is checked, and no
source still points at an unnamed "document 00N"."""
import os
import re
import subprocess

import pytest
from conftest import ROOT

pytestmark = pytest.mark.hygiene

ID = re.compile(r"\b([BLTMDP])(\d{1,2})\b")
DOC = os.path.join(ROOT, "docs", "contracts.md")


def _defined():
    rows = {}
    for line in open(DOC):
        m = re.match(r"\|\s*([BLTMDP]\d{1,2})\s*\|\s*([^|]+)\|\s*([^|]+)\|\s*([^|]+)\|\s*([^|]+)\|", line)
        if m:
            rows[m.group(1)] = [c.strip() for c in m.groups()[1:]]
    return rows


def _not_ids():
    text = open(DOC).read()
    section = text.split("## Not rule IDs", 1)[1]
    return set(re.findall(r"`([BLTMDP]\d{1,2})`", section))


def _cited(*dirs):
    out = subprocess.run(["git", "ls-files", *dirs], cwd=ROOT, capture_output=True, text=True)
    if out.returncode != 0:
        pytest.skip("not a git checkout")
    cited = {}
    for f in out.stdout.split():
        path = os.path.join(ROOT, f)
        if not os.path.isfile(path):
            continue
        for n, line in enumerate(open(path, errors="replace"), 1):
            for m in ID.finditer(line):
                cited.setdefault(m.group(0), f"{f}:{n}")
    return cited


def test_every_cited_id_is_defined():
    defined = set(_defined()) | _not_ids()
    cited = _cited("dialect", "passes", "python_bindings/tlxamd")
    assert len(cited) > 50
    missing = {i: where for i, where in cited.items() if i not in defined}
    assert missing == {}, f"IDs cited but not defined in docs/contracts.md: {missing}"


def test_every_row_says_where_and_how_it_is_tested():
    rows = _defined()
    # Every family of the inventory is there, numbered without gaps.
    for family, count in {"B": 20, "L": 7, "T": 13, "M": 19, "D": 4, "P": 6}.items():
        assert {f"{family}{i}" for i in range(1, count + 1)} <= set(rows), family
    kinds = {"verifier", "target legality", "sanitizer", "lowering", "semantic", "runtime", "pass"}
    for rid, (kind, rule, where, tests) in rows.items():
        assert any(k in kind for k in kinds), (rid, kind)
        assert len(rule) > 20 and where and tests, rid


def test_every_named_test_file_exists():
    for rid, (_, _, _, tests) in _defined().items():
        for name in re.findall(r"`([\w./-]+\.(?:mlir|py))`", tests):
            if "*" in name:
                continue
            hits = subprocess.run(["git", "ls-files", f"*{name}"], cwd=ROOT, capture_output=True,
                                  text=True).stdout.split()
            assert hits, f"{rid}: test file {name} not found"


def test_no_unnamed_source_documents():
    out = subprocess.run(["git", "grep", "-n", "-i", "-E", r"documents? 00[0-9]", "--", ".",
                          ":!test/python/test_contracts_doc.py"],
                         cwd=ROOT, capture_output=True, text=True)
    assert out.stdout == "", out.stdout[:2000]


def test_the_checker_finds_an_undefined_id(tmp_path):
    """The ID pattern itself: a citation of an undefined rule is found."""
    assert [m.group(0) for m in ID.finditer("// B21 and (M99), not B2x or AB1")] == ["B21", "M99"]
    assert "B21" not in _defined() and "M99" not in _defined()
