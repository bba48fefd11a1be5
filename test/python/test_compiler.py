"""The compile driver: API, CLI, resources, tools, errors."""

import json
import os
import subprocess
import sys

import pytest

from tlxamd import compiler, ir


def test_gfx950(scale_mlir):
    k = compiler.compile(scale_mlir, target="gfx950")
    assert k.target == "gfx950" and k.is_amd
    assert "define amdgpu_kernel void @scale" in k.llvm_ir
    assert ".amdgcn_target \"amdgcn-amd-amdhsa--gfx950\"" in k.asm
    assert "global_store_dword" in k.asm
    assert k.binary[:4] == b"\x7fELF"
    assert set(k.resources) >= {"vgpr", "agpr", "sgpr", "lds", "scratch", "vgpr_spill", "sgpr_spill"}
    assert k.resources["lds"] == 0 and k.resources["vgpr"] >= 1
    assert k.kernels["scale"]["num_warps"] == 4
    assert k.kernels["scale"]["threads"] == 256
    assert k.kernels["eight_warps"]["threads"] == 512
    assert "rocdl.kernel" in k.mlir


def test_sm90a(scale_mlir):
    k = compiler.compile(scale_mlir, target="sm_90a")
    assert not k.is_amd
    assert ".target sm_90a" in k.asm
    assert ".visible .entry scale(" in k.asm
    assert k.binary[:4] == b"\x7fELF"
    assert k.resources["registers"] > 0
    assert k.resources["spill_stores"] == 0
    assert k.kernels["scale"]["threads"] == 128


def test_module_input_is_not_modified(scale_mlir):
    with ir.Context():
        module = ir.Module.parse(open(scale_mlir).read())
        before = str(module)
        k = compiler.compile(module, target="gfx942", binary=False)
        assert str(module) == before
        assert k.binary is None
        assert "gfx942" in k.asm


def test_text_input():
    text = "gpu.module @m {\n gpu.func @k() kernel attributes {tlxamd.num_warps = 1 : i32} { gpu.return }\n}"
    k = compiler.compile(text, target="sm_100a")
    assert ".target sm_100a" in k.asm
    assert k.kernels["k"]["threads"] == 32


def test_errors(tmp_path, scale_mlir):
    with pytest.raises(compiler.CompilationError, match=r"unknown target 'gfx1200' \(supported: gfx942, gfx950, gfx1250, sm_90a, sm_100a\)"):
        compiler.compile(scale_mlir, target="gfx1200")
    with pytest.raises(compiler.CompilationError, match="cannot read"):
        compiler.compile(str(tmp_path / "missing.mlir"))
    bad = tmp_path / "bad.mlir"
    bad.write_text("gpu.module @m { gpu.func @k() kernel attributes {tlxamd.num_warps = 6 : i32} { gpu.return } }")
    with pytest.raises(compiler.CompilationError, match="must be a power of two between 1 and 32, got 6"):
        compiler.compile(str(bad))
    with pytest.raises(ValueError, match="opt_level"):
        compiler.compile(scale_mlir, opt_level=7)


def test_missing_tool_names_the_package(monkeypatch, tmp_path):
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(compiler.ToolNotFoundError, match=r"'llc-22' not found: install Debian package llvm-22"):
        compiler._find_tool("llc-22")
    with pytest.raises(compiler.ToolNotFoundError, match=r"lld-22"):
        compiler._find_tool("ld.lld-22")


def test_tool_override(monkeypatch, tmp_path, scale_mlir):
    fake = tmp_path / "llc-22"
    fake.write_text("#!/bin/sh\necho 'llc exploded' >&2\nexit 3\n")
    fake.chmod(0o755)
    monkeypatch.setenv("TLXAMD_LLC_22", str(fake))
    with pytest.raises(compiler.CompilationError, match="llc-22 failed:\nllc exploded"):
        compiler.compile(scale_mlir, target="gfx950")


def test_save_writes_artifacts_and_metadata(tmp_path, scale_mlir):
    k = compiler.compile(scale_mlir, target="sm_90a")
    paths = k.save(str(tmp_path), "scale")
    assert open(paths["asm"]).read() == k.asm
    assert open(paths["binary"], "rb").read() == k.binary
    meta = json.load(open(paths["metadata"]))
    assert meta["target"] == "sm_90a"
    assert meta["kernels"]["scale"]["num_warps"] == 4


AMD_META = """
	.amdgpu_metadata
---
amdhsa.kernels:
  - .agpr_count:     4
    .args:
      - .address_space:  global
        .offset:         0
    .group_segment_fixed_size: 1024
    .name:           k
    .private_segment_fixed_size: 16
    .sgpr_count:     20
    .sgpr_spill_count: 1
    .symbol:         k.kd
    .vgpr_count:     40
    .vgpr_spill_count: 2
  - .agpr_count:     0
    .name:           other
    .sgpr_count:     8
    .symbol:         other.kd
    .vgpr_count:     3
amdhsa.target:   amdgcn-amd-amdhsa--gfx950
"""

PTXAS_LOG = """ptxas info    : 0 bytes gmem
ptxas info    : Compiling entry function 'k' for 'sm_90a'
ptxas info    : Function properties for k
    8 bytes stack frame, 4 bytes spill stores, 4 bytes spill loads
ptxas info    : Used 40 registers, used 1 barriers, 2048 bytes smem, 360 bytes cmem[0]
"""


def test_resource_parsers():
    amd = compiler.amd_resources(AMD_META)
    assert amd["k"] == {"agpr": 4, "lds": 1024, "scratch": 16, "sgpr": 20, "sgpr_spill": 1, "vgpr": 40, "vgpr_spill": 2}
    assert amd["other"]["vgpr"] == 3 and amd["other"]["agpr"] == 0
    nv = compiler.nvidia_resources(PTXAS_LOG)
    assert nv["k"] == {"stack": 8, "spill_stores": 4, "spill_loads": 4, "registers": 40, "shared": 2048, "barriers": 1}


def _cli(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "tlxamd.compiler", *args], capture_output=True, input=stdin)


def test_cli_emits(tmp_path, scale_mlir):
    for emit, needle in [("asm", b"global_store_dword"), ("llvm", b"amdgpu_kernel"), ("mlir", b"rocdl.kernel")]:
        r = _cli(scale_mlir, "--target", "gfx950", "--emit", emit)
        assert r.returncode == 0, r.stderr
        assert needle in r.stdout
    out = tmp_path / "k.cubin"
    r = _cli(scale_mlir, "--target", "sm_90a", "--emit", "bin", "-o", str(out), "--resources")
    assert r.returncode == 0, r.stderr
    assert out.read_bytes()[:4] == b"\x7fELF"
    assert json.loads(r.stderr)["scale"]["registers"] > 0
    r = _cli("-", "--target", "sm_90a", stdin=open(scale_mlir, "rb").read())
    assert r.returncode == 0 and b".entry scale" in r.stdout


@pytest.mark.parametrize(
    "args,message",
    [
        (["--target", "gfx1200"], b"tlxamd.compiler: error: unknown target 'gfx1200'"),
        (["--target", "gfx950", "--emit", "ptx"], b"invalid choice: 'ptx'"),
    ],
)
def test_cli_errors(scale_mlir, args, message):
    r = _cli(scale_mlir, *args)
    assert r.returncode != 0
    assert message in r.stderr
    assert b"Traceback" not in r.stderr


def test_cli_missing_file(tmp_path):
    r = _cli(str(tmp_path / "nope.mlir"))
    assert r.returncode == 1
    assert r.stderr.decode().strip().startswith("tlxamd.compiler: error: cannot read")
    assert len(r.stderr.decode().strip().splitlines()) == 1


@pytest.mark.parametrize("example", ["masked_copy.mlir", "row_sum.mlir"])
@pytest.mark.parametrize("target", ["gfx950", "sm_90a"])
def test_examples_compile(example, target):
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    k = compiler.compile(os.path.join(root, "examples", example), target=target)
    assert k.binary[:4] == b"\x7fELF"
    if example == "masked_copy.mlir":
        assert ("buffer_load_dwordx4" if target == "gfx950" else "ld.global.v4.b32") in k.asm


def test_capability_table_drives_the_driver():
    """Targets, vendors, triples and CPUs come from the capability table."""
    from tlxamd import targets

    names = targets.names()
    assert compiler.TARGETS == tuple(names)
    assert set(names) == {"gfx942", "gfx950", "gfx1250", "sm_90a", "sm_100a"}
    assert targets.default("amd") == "gfx950" and targets.default("nvidia") == "sm_90a"
    gfx942, gfx950 = targets.get("gfx942"), targets.get("gfx950")
    assert (gfx942["warp_size"], gfx942["shared_memory_bytes"], gfx942["agprs"]) == (64, 65536, 256)
    assert gfx950["shared_memory_bytes"] == 160 * 1024 and 16 in gfx950["direct_to_shared_bytes"]
    assert not gfx942["packed_bf16_buffer_atomics"] and gfx950["packed_bf16_buffer_atomics"]
    assert targets.get("sm_100a")["tensor_memory_bytes"] == 256 * 1024
    assert targets.get("sm_90a")["tensor_memory_bytes"] == 0
    shapes = {tuple(i["shape"]) for i in gfx950["matrix_instrs"] if i["a"] == "bf16"}
    assert {(16, 16, 32), (32, 32, 16), (16, 16, 16), (32, 32, 8)} <= shapes
    assert not any(i["a"] == "xf32" for i in gfx950["matrix_instrs"])  # CDNA4 dropped xf32
    with pytest.raises(ValueError, match="unknown target 'gfx90a'"):
        targets.get("gfx90a")


def test_list_targets_cli():
    proc = subprocess.run([sys.executable, "-m", "tlxamd.compiler", "--list-targets"],
                          capture_output=True, check=True)
    out = proc.stdout.decode()
    for name in ("gfx942", "gfx950*", "gfx1250", "sm_90a*", "sm_100a"):
        assert name in out
    assert "tcgen05: 128x256x16 f16->f32" in out


def test_gfx1250_compiles(scale_mlir):
    """Every table entry has a working code path (gfx1250 through llc-22)."""
    k = compiler.compile(scale_mlir, target="gfx1250")
    assert ".amdgcn_target \"amdgcn-amd-amdhsa--gfx1250\"" in k.asm
    assert k.kernels and all(info["threads"] % 32 == 0 for info in k.kernels.values())


def test_nvptx_middle_end_override(monkeypatch, scale_mlir):
    """TLXAMD_NVPTX_PASSES runs LLVM's middle end (opt) before llc on
    NVIDIA; it is part of the cache key, and a bad pipeline is an error."""
    plain = compiler.compile(scale_mlir, target="sm_90a", binary=False, cache=False)
    monkeypatch.setenv("TLXAMD_NVPTX_PASSES", "default<O3>")
    optimized = compiler.compile(scale_mlir, target="sm_90a", binary=False, cache=False)
    assert ".entry" in optimized.asm and plain.llvm_ir == optimized.llvm_ir
    key = compiler._cache_key("x", "sm_90a", 3, False, False, [])
    monkeypatch.setenv("TLXAMD_NVPTX_PASSES", "")
    assert compiler._cache_key("x", "sm_90a", 3, False, False, []) != key
    monkeypatch.setenv("TLXAMD_NVPTX_PASSES", "no-such-pass")
    with pytest.raises(compiler.CompilationError, match="opt failed"):
        compiler.compile(scale_mlir, target="sm_90a", binary=False, cache=False)
