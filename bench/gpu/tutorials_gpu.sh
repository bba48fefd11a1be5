#!/usr/bin/env bash
# The public tutorials and bench/gpu/triton_style.py on the GPU machine, in
# one of two modes (bench/tutorials/run.py, tlxamd._prebuilt):
#   record   launch-only dry runs that write the specializations to compile
#            to $OUT/manifest.jsonl (compile them with python -m
#            tlxamd.precompile $OUT/manifest.jsonl --out bench/gpu/prebuilt)
#   run      the real runs, kernels from bench/gpu/prebuilt
# Tutorial files are read from bench/tutorials/cache (fetched, not kept).
set -uo pipefail
mode=$1; shift
cd "$(dirname "$0")/../.."
# The logs go back as one archive (a call returns at most 8 files).
LOGS=$(mktemp -d)
trap 'tar czf "$OUT/logs.tgz" -C "$LOGS" .' EXIT
export PYTHONPATH=$PWD/python_bindings PYTHONUNBUFFERED=1
if [ "$mode" = record ]; then
  export TLXAMD_JIT_MANIFEST=$OUT/manifest.jsonl
else
  export TLXAMD_PREBUILT=$PWD/bench/gpu/prebuilt
fi
# NAME runs the file as __main__; NAME:pytest runs its test_* functions
# (NAME:pytest:EXPR those pytest's -k EXPR selects);
# triton_style and triton_way_checks run those scripts of bench/gpu.
for t in "$@"; do
  if [ "$t" = triton_style ]; then
    echo "=== triton_style"
    timeout 500 python3 bench/gpu/triton_style.py bench/tutorials/cache --out "$OUT/triton_style.json" \
      > "$LOGS/triton_style.log" 2>&1
    echo "exit $?"; tail -n 30 "$LOGS/triton_style.log"; continue
  fi
  if [ "$t" = triton_way_checks ]; then
    echo "=== triton_way_checks"
    timeout 300 python3 bench/gpu/triton_way_checks.py > "$LOGS/triton_way_checks.log" 2>&1
    echo "exit $?"; tail -n 12 "$LOGS/triton_way_checks.log"; continue
  fi
  name=${t%%:*}; flag=""; select=()
  [ "$t" != "$name" ] && flag=--pytest
  rest=${t#*:pytest:}; [ "$rest" != "$t" ] && select=(-k "$rest")
  echo "=== $t"
  timeout 400 python3 bench/tutorials/run.py "bench/tutorials/cache/$name.py" $flag "${select[@]}" \
    > "$LOGS/$name$flag.log" 2>&1
  echo "exit $?"; tail -n 25 "$LOGS/$name$flag.log"
done
