"""Bad input never crashes: mutated test inputs through tlx-opt and through
the Python compile driver give diagnostics (exit status 1 / CompilationError),
never a signal, an assertion or a stack dump. A fixed sample of
scripts/fuzz_tlx_opt.py; run that script for a longer campaign."""
import importlib.util
import os
import random
import subprocess
import sys
import textwrap

import pytest
from conftest import ROOT

_spec = importlib.util.spec_from_file_location(
    "fuzz_tlx_opt", os.path.join(ROOT, "scripts", "fuzz_tlx_opt.py"))
fuzz_tlx_opt = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(fuzz_tlx_opt)


def _report(failures):
    return "\n\n".join(
        f"tlx-opt {' '.join(f.args)} -> rc {f.returncode}\n{f.stderr[-800:]}\n"
        f"--- input ---\n{f.source}" for f in failures[:3])


def test_corpus_covers_the_dialect():
    corpus = fuzz_tlx_opt.seeds()
    assert len(corpus) > 100
    for op in ("tlxamd.buffer_load", "tlxamd.buffer_store",
               "tlxamd.buffer_atomic_add", "tlxamd.convert_layout",
               "#tlxamd.amd_mfma", "#tlxamd.blocked"):
        assert any(op in s for s in corpus), op


def test_mutation_is_deterministic_and_changes_input():
    corpus = fuzz_tlx_opt.seeds()
    a = [fuzz_tlx_opt.mutate(random.Random(3), s) for s in corpus[:20]]
    b = [fuzz_tlx_opt.mutate(random.Random(3), s) for s in corpus[:20]]
    assert a == b
    assert sum(x != y for x, y in zip(a, corpus[:20])) >= 15


def test_harness_reports_a_crash(tmp_path):
    # A stand-in tool that dies by a signal must be reported.
    tool = tmp_path / "crashing-opt"
    tool.write_text("#!/bin/sh\ncat >/dev/null\nkill -SEGV $$\n")
    tool.chmod(0o755)
    failure = fuzz_tlx_opt.run_one(str(tool), "module {}", [])
    assert failure is not None and failure.returncode < 0


def test_harness_separates_upstream_parser_assertions():
    # The one known upstream MLIR parser defect: a string element in an
    # integer dense literal asserts in the released parser.
    failure = fuzz_tlx_opt.run_one(
        fuzz_tlx_opt.find_tlx_opt(),
        'func.func @f() {\n  %c = arith.constant dense<[0, ""]> : '
        'tensor<2xi32>\n  return\n}', [])
    if failure is None:
        pytest.skip("the MLIR parser no longer asserts on this input")
    assert failure.upstream_parser, failure.stderr


@pytest.mark.parametrize("seed", [11, 12, 13])
def test_tlx_opt_never_crashes_on_mutants(seed):
    failures = [f for f in fuzz_tlx_opt.fuzz(seed, 150) if not f.upstream_parser]
    assert not failures, _report(failures)


def test_python_driver_never_crashes_on_mutants():
    # In-process: an assertion would abort the interpreter, so the mutants go
    # through a child process that must finish and account for every input.
    rng = random.Random(5)
    corpus = fuzz_tlx_opt.seeds()
    mutants = [fuzz_tlx_opt.mutate(rng, rng.choice(corpus)) for _ in range(120)]
    child = textwrap.dedent("""
        import json, sys
        from tlxamd import compiler
        mutants = json.load(sys.stdin)
        outcome = {"ok": 0, "diagnosed": 0}
        for i, text in enumerate(mutants):
            target = ("gfx950", "gfx942", "sm_90a")[i % 3]
            try:
                compiler.lower(compiler.parse(text), target)
                outcome["ok"] += 1
            except compiler.CompilationError as e:
                assert str(e).strip(), "empty diagnostic"
                outcome["diagnosed"] += 1
        print(json.dumps(outcome))
    """)
    import json
    res = subprocess.run([sys.executable, "-c", child], input=json.dumps(mutants),
                         capture_output=True, text=True, timeout=600)
    assert res.returncode == 0, res.stderr[-2000:]
    outcome = json.loads(res.stdout.strip().splitlines()[-1])
    assert outcome["ok"] + outcome["diagnosed"] == len(mutants)
    assert outcome["diagnosed"] > 0


def test_python_driver_refuses_the_upstream_parser_defect():
    # The in-process parser would abort the interpreter on this input (the
    # upstream assertion above); the driver refuses it with a diagnostic.
    from tlxamd import compiler
    with pytest.raises(compiler.CompilationError, match=r"line 2: a dense<\[\.\.\.\]> literal with a string element"):
        compiler.parse('func.func @f() {\n  %c = arith.constant dense<[0, ""]> : tensor<2xi32>\n  return\n}')
