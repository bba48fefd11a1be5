#!/usr/bin/env bash
# Coverage-guided fuzzing of tlx-opt's parse + verify + pipelines (libFuzzer,
# clang-22 from Debian's LLVM 22), and the lit suites under AddressSanitizer
# + UndefinedBehaviorSanitizer. tlxamd's code is instrumented; the MLIR/LLVM
# wheels are not, so coverage and sanitizers see our code.
#
#   scripts/fuzz.sh build              instrumented build in build-fuzz/
#   scripts/fuzz.sh run [SECONDS] [J]  campaign: J jobs (default 2), corpus in
#                                      build-fuzz/corpus (seeded from test/)
#   scripts/fuzz.sh smoke              60-second run (the test suite's), from
#                                      the test seeds alone (build-fuzz/smoke)
#   scripts/fuzz.sh lit                lit suites with the ASan/UBSan tlx-opt
#
# Crashes land in build-fuzz/crashes/ (crash-<sha>); minimize one with
#   build-fuzz/bin/tlx-fuzz -minimize_crash=1 -runs=10000 FILE
# and add it to test/ as a regression test.
set -euo pipefail
cd "$(dirname "$0")/.."
B=build-fuzz
export CCACHE_BASEDIR="$PWD"
# The MLIR/LLVM libraries are not instrumented: poisoning done by inlined
# LLVM allocator code in our instrumented code, and container annotations,
# are not understood by the uninstrumented side (false reports); off.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_container_overflow=0:allow_user_poisoning=0:detect_leaks=0:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

need_clang() {
  if ! command -v clang++-22 >/dev/null 2>&1; then
    SUDO=""; [ "$(id -u)" = 0 ] || SUDO=sudo
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq clang-22 libclang-rt-22-dev >/dev/null
  fi
}

build() {
  need_clang
  [ -x .venv/bin/python ] || scripts/setup.sh
  local san="-fsanitize=address,undefined -fno-sanitize=vptr -fno-sanitize-recover=undefined"
  if [ ! -f $B/build.ninja ]; then
    cmake -G Ninja -S . -B $B -DCMAKE_BUILD_TYPE=Release \
      -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
      -DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache \
      -DPython3_EXECUTABLE="$PWD/.venv/bin/python" \
      -DTLX_ENABLE_PYTHON=OFF -DTLX_ENABLE_FUZZER=ON \
      -DCMAKE_CXX_FLAGS="-gline-tables-only -fsanitize=fuzzer-no-link $san" \
      -DCMAKE_EXE_LINKER_FLAGS="$san" >/dev/null
  fi
  ninja -C $B tlx-opt tlx-fuzz
}

seed() {
  # Test inputs, split at `// -----`, are the seed corpus.
  mkdir -p "$CORPUS" $B/crashes
  .venv/bin/python - "$CORPUS" <<'PYEOF'
import hashlib, pathlib, sys
out = pathlib.Path(sys.argv[1])
for f in sorted(pathlib.Path("test").rglob("*.mlir")) + sorted(pathlib.Path("examples").glob("*.mlir")):
    for chunk in f.read_text().split("// -----"):
        body = "\n".join(l for l in chunk.splitlines() if not l.lstrip().startswith("//"))
        if body.strip():
            (out / hashlib.sha1(body.encode()).hexdigest()).write_text(body)
PYEOF
}

run() {
  local seconds=${1:-3600} jobs=${2:-2} seedopt=""
  # FUZZ_SEED fixes libFuzzer's random seed (the smoke run's is 1, so
  # that a test run explores the same way each time; campaigns vary)
  [ -n "${FUZZ_SEED:-}" ] && seedopt="-seed=$FUZZ_SEED"
  build
  seed
  $B/bin/tlx-fuzz "$CORPUS" $seedopt -dict=fuzz/dict/tlxamd.dict -max_len=16384 -timeout=20 -rss_limit_mb=4096 \
    -max_total_time="$seconds" -fork="$jobs" -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
    -artifact_prefix=$B/crashes/ -print_final_stats=1 2>&1 | tee $B/fuzz.log | grep -E "^#|INFO: fuzzed|stat::|crash" || true
}

# A campaign grows the corpus; the smoke run starts from the seeds each time,
# so that its length does not depend on earlier campaigns.
CORPUS=$B/corpus
case "${1:-run}" in
  build) build ;;
  run) shift || true; run "$@" ;;
  smoke) CORPUS=$B/smoke; rm -rf "$CORPUS"; FUZZ_SEED=${FUZZ_SEED:-1} run 60 1 ;;
  lit)
    build
    TLX_OPT="$PWD/$B/bin/tlx-opt" .venv/bin/lit -sv test ;;
  *) echo "usage: scripts/fuzz.sh build|run [SECONDS] [JOBS]|smoke|lit" >&2; exit 2 ;;
esac
