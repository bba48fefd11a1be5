#!/usr/bin/env bash
# Prepare a machine for tlxamd, from nothing: system code generators, a venv
# with the pinned toolchain wheels, and tlxamd built and installed from this
# checkout. Safe to re-run: each step is skipped when already done, and the
# build directory (build/) and ccache make rebuilds incremental.
set -euo pipefail
cd "$(dirname "$0")/.."
log() { printf '\033[1m[setup]\033[0m %s\n' "$*"; }

# 1. System tools: Debian's LLVM 22 for AMDGPU (llc-22, ld.lld-22), ccache.
pkgs=()
command -v llc-22 >/dev/null 2>&1 || pkgs+=(llvm-22)
command -v ld.lld-22 >/dev/null 2>&1 || pkgs+=(lld-22)
command -v ccache >/dev/null 2>&1 || pkgs+=(ccache)
if ((${#pkgs[@]})); then
  log "apt-get install ${pkgs[*]}"
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${pkgs[@]}" >/dev/null
fi

# 2. The venv with the toolchain wheels pinned in pyproject.toml.
PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  log "creating .venv"
  "$PY" -m venv .venv
fi
# shellcheck disable=SC1091
. .venv/bin/activate
reqs=$(python - <<'PYEOF'
import tomllib
p = tomllib.load(open("pyproject.toml", "rb"))
reqs = p["build-system"]["requires"] + p["project"]["dependencies"]
reqs += p["project"]["optional-dependencies"]["test"]
print("\n".join(reqs))
PYEOF
)
stamp=.venv/.tlxamd-reqs
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$reqs" ]; then
  log "installing the toolchain wheels (first time: ~400 MB)"
  python -m pip install -q --upgrade pip
  # shellcheck disable=SC2086
  echo "$reqs" | xargs python -m pip install -q
  echo "$reqs" > "$stamp"
fi

# 3. ptxas for NVIDIA binaries: the system's (CUDA 13), else NVIDIA's wheel.
if ! command -v ptxas >/dev/null 2>&1 && [ ! -x .venv/bin/ptxas ]; then
  log "no ptxas on PATH: installing nvidia-cuda-nvcc into .venv"
  python -m pip install -q nvidia-cuda-nvcc
  found=$(python -c "import nvidia, os, glob; print(next(iter(glob.glob(os.path.join(list(nvidia.__path__)[0], '**/bin/ptxas'), recursive=True)), ''))")
  [ -n "$found" ] && ln -sf "$found" .venv/bin/ptxas
fi

# 4. Build and install tlxamd (persistent build dir, ccache).
log "building and installing tlxamd"
start=$(date +%s)
TLX_CCACHE=ccache CCACHE_BASEDIR="$PWD" python -m pip install -q --no-build-isolation . 
log "tlxamd installed in $(( $(date +%s) - start )) s"
