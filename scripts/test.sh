#!/usr/bin/env bash
# The whole test suite: set up, then lit (FileCheck suites over tlx-opt, the
# compile driver, llc-22 and ptxas) and pytest (the Python package).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
. .venv/bin/activate
echo "== lit =="
lit -sv test
echo "== pytest =="
python -m pytest -q test/python "$@"
