#!/usr/bin/env bash
# The test suite: set up, then lit (FileCheck suites over tlx-opt, the
# compile driver, llc-22 and ptxas) and pytest (the Python package), both in
# parallel.
#
#   scripts/test.sh            every functional test: lit, then pytest
#                              without the `slow` and `fuzz` tiers
#   scripts/test.sh --all      adds the fuzz tier (the sanitizer-instrumented
#                              libFuzzer build and its smoke run) and the slow
#                              tier (the full buffer matrix, the hypothesis
#                              exploration), with --durations
#   scripts/test.sh [--all] -- ARGS   extra pytest arguments
#
# The inner loop while working: `ninja -C build && pip install` is what
# scripts/setup.sh does; then `lit -sv test/Dialect` or one pytest file
# (README, Development; docs/adding-an-op.md).
set -euo pipefail
cd "$(dirname "$0")/.."
tier=default
if [ "${1:-}" = "--all" ]; then tier=all; shift; fi
[ "${1:-}" = "--" ] && shift
scripts/setup.sh
. .venv/bin/activate
jobs=$(python -c "import os; print(max(2, len(os.sched_getaffinity(0))))")
t0=$(date +%s)
echo "== lit =="
lit -sv -j "$jobs" test
t1=$(date +%s)
echo "== pytest ($tier) =="
if [ "$tier" = all ]; then
  TLXAMD_HYPOTHESIS_EXAMPLES=500 python -m pytest -q -n "$jobs" --durations=25 test/python "$@"
else
  python -m pytest -q -n "$jobs" -m "not slow and not fuzz" test/python "$@"
fi
t2=$(date +%s)
echo "== times: lit $((t1 - t0)) s, pytest $((t2 - t1)) s =="
