#!/usr/bin/env bash
# The main job: set up, then verify the bundled example kernel with tlx-opt
# and compile it to gfx950 ISA and sm_90a PTX, printing the key instructions
# and the resources the assemblers report.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
. .venv/bin/activate
exec python examples/demo.py "$@"
