"""The compile driver's disk cache, stage timings, remarks, one-llc object
path and Python source locations in diagnostics."""

import os

import pytest
from conftest import line_of

from tlxamd import compiler
from tlxamd import language as tl


def _copy(masked_bound: bool):
    @tl.kernel(num_warps=4)
    def copy(src: tl.pointer(tl.bfloat16), dst: tl.pointer(tl.bfloat16), n: tl.int32, BLOCK: tl.constexpr):
        layout = tl.blocked_layout([8], [tl.warp_size()], [tl.num_warps()], [0])
        offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK, layout=layout)
        mask = offsets < (n - n % 8 if masked_bound else n)
        data = tl.buffer_load(src, offsets, mask=mask, other=0.0, contiguity=8)  # REMARK-LINE
        tl.buffer_store(tl.require_layout(data, layout), dst, offsets, mask=mask, contiguity=8)

    return copy


def test_cache_hit_and_timings(tmp_path, monkeypatch):
    monkeypatch.setenv("TLXAMD_CACHE_DIR", str(tmp_path))
    kern = _copy(True)
    cold = compiler.compile(kern.build(target="gfx950", BLOCK=2048), target="gfx950")
    assert {"parse", "lower", "translate", "llc", "link"} <= set(cold.timings)
    assert "cache_hit" not in cold.timings
    assert list(tmp_path.rglob("*.json")), "the compiled kernel is stored"
    warm = compiler.compile(kern.build(target="gfx950", BLOCK=2048), target="gfx950")
    assert set(warm.timings) == {"cache_hit"}
    assert warm.binary == cold.binary and warm.resources == cold.resources
    assert warm.kernels == cold.kernels and warm.llvm_ir == cold.llvm_ir
    # Another constexpr is another kernel.
    other = compiler.compile(kern.build(target="gfx950", BLOCK=4096), target="gfx950")
    assert "cache_hit" not in other.timings
    # The assembly of a cached object is still there when read.
    assert "buffer_load_dwordx4" in warm.asm


def test_cache_off(tmp_path, monkeypatch, scale_mlir):
    monkeypatch.setenv("TLXAMD_CACHE_DIR", "")
    assert compiler.cache_dir() is None
    k = compiler.compile(scale_mlir, target="gfx950")
    k2 = compiler.compile(scale_mlir, target="gfx950")
    assert "cache_hit" not in k2.timings and k.binary == k2.binary
    monkeypatch.setenv("TLXAMD_CACHE_DIR", str(tmp_path))
    compiler.compile(scale_mlir, target="gfx950", cache=False)
    assert not list(tmp_path.rglob("*.json"))


@pytest.mark.parametrize("inprocess", ["0", "1"])
def test_one_codegen_run_object_resources_match_assembly(monkeypatch, scale_mlir, inprocess):
    """The binary path optimizes and generates code once (to the object:
    opt-22 and llc-22, or the resident code generation server) and links
    once; the resources read
    from the code object's metadata note equal the assembly's."""
    monkeypatch.setenv("TLXAMD_CACHE_DIR", "")
    monkeypatch.setenv("TLXAMD_INPROCESS_LLC", inprocess)
    calls = []
    real = compiler._run

    def spy(cmd, stdin=None):
        calls.append(os.path.basename(cmd[0]))
        return real(cmd, stdin)

    compiler.compile(scale_mlir, target="gfx950")  # the first starts the server
    monkeypatch.setattr(compiler, "_run", spy)
    k = compiler.compile(scale_mlir, target="gfx950")
    # the process path: the middle end (opt-22) once, llc-22 per output
    llc = ["llc-22"] if inprocess == "0" else []
    opt = ["opt-22"] if inprocess == "0" else []
    assert calls == opt + llc + ["ld.lld-22"]
    from_note = compiler.amd_binary_resources(k.binary)
    asm = k.asm
    assert calls == opt + llc + ["ld.lld-22"] + opt + llc and "asm" in k.timings
    assert from_note == compiler.amd_resources(asm)
    assert from_note["scale"]["vgpr"] >= 1


def test_codegen_server_matches_llc_and_survives(monkeypatch):
    """The resident server's object and assembly are llc-22's, byte for byte;
    LLVM's errors come back as CompilationError; a server that died is
    replaced on the next kernel."""
    from tlxamd import _llvm_inproc

    monkeypatch.setenv("TLXAMD_CACHE_DIR", "")
    src = os.path.join(os.path.dirname(__file__), "..", "Target", "Inputs", "masked_groups.mlir")
    monkeypatch.setenv("TLXAMD_INPROCESS_LLC", "1")
    compiler.compile(src, target="gfx950")  # the first starts the server
    a = compiler.compile(src, target="gfx950")
    assert _llvm_inproc._client is not None and _llvm_inproc._client.proc.poll() is None
    monkeypatch.setenv("TLXAMD_INPROCESS_LLC", "0")
    b = compiler.compile(src, target="gfx950")
    assert a.binary == b.binary and a.asm == b.asm and a.resources == b.resources
    monkeypatch.setenv("TLXAMD_INPROCESS_LLC", "1")
    llc = compiler._find_tool("llc-22")
    with pytest.raises(RuntimeError, match="expected top-level entity"):
        _llvm_inproc.emit("this is not IR", llc, "amdgcn-amd-amdhsa", "gfx950", "", 3, False)
    _llvm_inproc._client.proc.kill()
    _llvm_inproc._client.proc.wait()
    for _ in range(2):  # llc-22 while the new server starts, then the server
        c = compiler.compile(src, target="gfx950")
        assert c.binary == b.binary
    assert _llvm_inproc._client.proc.poll() is None


def test_remarks_name_the_python_line():
    kern = _copy(False)
    k = compiler.compile(kern.build(target="gfx950", BLOCK=2048), target="gfx950", remarks=True, cache=False)
    assert len(k.remarks) == 2  # the load and the store
    assert k.remarks[0].startswith(f"{__file__}:{_line_of('REMARK-LINE')}:16: groups of 8")
    assert "groups of 8 elements split" in k.remarks[0] and "n - n % 8" in k.remarks[0]
    assert compiler.compile(kern.build(target="gfx950", BLOCK=2048), target="gfx950").remarks == []
    bound = compiler.compile(_copy(True).build(target="gfx950", BLOCK=2048), target="gfx950", remarks=True)
    assert bound.remarks == []


def _line_of(marker: str) -> int:
    return line_of(__file__, marker)


def test_verifier_error_names_the_test_file_and_line():
    @tl.kernel(num_warps=4)
    def bad(src: tl.pointer(tl.float32), dst: tl.pointer(tl.float32), BLOCK: tl.constexpr):
        layout = tl.blocked_layout([4], [tl.warp_size()], [tl.num_warps()], [0])
        offs = tl.arange(0, BLOCK, layout=layout)
        x = tl.buffer_load(src, offs, contiguity=4)
        tl.buffer_store(tl.require_layout(x, layout), dst, offs, contiguity=8)  # CONTRACT-ERROR-1

    with pytest.raises(ValueError) as e:
        bad.build(target="gfx950", BLOCK=1024)
    assert f"{__file__}:{_line_of('CONTRACT-ERROR-1')}:9: 'tlxamd.buffer_store' op contiguity 8" in str(e.value)


def test_target_error_names_the_test_file_and_line():
    @tl.kernel(num_warps=4)
    def packed(acc: tl.pointer(tl.bfloat16), BLOCK: tl.constexpr):
        layout = tl.blocked_layout([2], [tl.warp_size()], [tl.num_warps()], [0])
        offs = tl.arange(0, BLOCK, layout=layout)
        tl.buffer_atomic_add(acc, offs, tl.full([BLOCK], 1.0, tl.bfloat16, layout=layout), contiguity=2)  # CONTRACT-ERROR-2

    module = packed.build(target="gfx942", BLOCK=512)
    with pytest.raises(compiler.CompilationError) as e:
        compiler.compile(module, target="gfx942")
    msg = str(e.value)
    assert msg.startswith(f"{__file__}:{_line_of('CONTRACT-ERROR-2')}:9: 'tlxamd.buffer_atomic_add' op packed 'bf16'")
    assert "see current operation" not in msg
    with pytest.raises(compiler.CompilationError) as e:
        compiler.compile(module, target="gfx942", verbose_diagnostics=True)
    assert "see current operation" in str(e.value)


def test_lowering_error_keeps_the_dump_behind_a_flag(monkeypatch):
    text = """
gpu.module @m {
  gpu.func @k(%p: !tlxamd.ptr<f32>) kernel {
    gpu.return
  }
}"""
    with pytest.raises(compiler.CompilationError) as e:
        compiler.compile(text, target="gfx950", cache=False)
    assert "has no 'tlxamd.num_warps' attribute" in str(e.value)
    assert "see current operation" not in str(e.value)
    monkeypatch.setenv("TLXAMD_VERBOSE_DIAGNOSTICS", "1")
    with pytest.raises(compiler.CompilationError) as e:
        compiler.compile(text, target="gfx950", cache=False)
    assert "has no 'tlxamd.num_warps' attribute" in str(e.value)


def test_readme_copy_kernel_runs_and_takes_the_fast_path(tmp_path):
    """The README's Python kernel, executed as written: one 16-byte access
    per group each way on gfx950, no split; with the ragged mask it splits."""
    readme = open(os.path.join(os.path.dirname(__file__), "..", "..", "README.md")).read()
    block = next(b for b in readme.split("```python")[1:] if "def copy(" in b).split("```")[0]
    src = tmp_path / "readme_copy.py"
    src.write_text(block)
    ns = {}
    exec(compile(block, str(src), "exec"), ns)
    k = ns["k"]
    body = k.asm.split("copy:", 1)[1].split("s_endpgm", 1)[0]
    assert body.count("buffer_load_dwordx4") == 1 and body.count("buffer_store_dwordx4") == 1
    assert "s_cbranch" not in body and "buffer_load_ushort" not in body
    k2 = compiler.compile(_copy(False).build(target="gfx950", BLOCK=2048), target="gfx950", remarks=True)
    body = k2.asm.split("copy:", 1)[1]
    assert "s_cbranch_execz" in body and body.count("buffer_load_dwordx4") == 1
    assert body.count("buffer_load_ushort") == 7 and len(k2.remarks) == 2
