"""The contract sanitizer (compile(..., sanitize=True)): the planted
violations of bench/gpu/planted.py, laid out for 64 lanes and run in the
AMD emulator for gfx950, each caught at its source line and its good run
right and unreported (the H200 runs the same kernels: bench/gpu); the
checks' machine code; elision where the analysis proves a promise; no
change at all without sanitize; the report's reading and bad arguments."""

import os
import re
import sys

import numpy as np
import pytest

from tlxamd import compiler, contracts, emulator

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "bench", "gpu"))
import planted  # noqa: E402  (bench/gpu/planted.py)
import suite  # noqa: E402  (bench/gpu/suite.py)

WARP = 64
BLOCK = planted.block_for(WARP)


def _compiled(name, target="gfx950", sanitize=True):
    kern, _ = planted.kernels(WARP if target.startswith("gfx") else 32)[name]
    block = planted.block_for(WARP if target.startswith("gfx") else 32)
    return compiler.compile(kern.build(target=target, BLOCK=block), target=target, sanitize=sanitize)


@pytest.mark.parametrize("name", list(planted.kernels(WARP)))
def test_planted_in_emulator(name):
    case = planted.kernels(WARP)[name][1]
    k = _compiled(name)
    assert k.kernels[name]["sanitizer"]["arg"] == len(k.kernels[name]["args"]) - 1
    # the good inputs: right, nothing reported
    args, ok = planted.inputs(name, BLOCK, True, np, emulator.Pointer)
    emulator.run(k, (2,), *args)
    assert ok()
    # the planted violation: reported at its line
    args, _ = planted.inputs(name, BLOCK, False, np, emulator.Pointer)
    with pytest.raises(contracts.ContractViolation) as info:
        emulator.run(k, (2,), *args)
    assert planted.expect_report(info.value, case) == "", str(info.value)


def test_report_contents():
    """Which program, thread and group, and the offsets seen."""
    k = _compiled("gather")
    args, _ = planted.inputs("gather", BLOCK, False, np, emulator.Pointer)
    with pytest.raises(contracts.ContractViolation) as info:
        emulator.run(k, (2,), *args)
    e = info.value
    # every run of 4 of every thread of both programs is reversed: its
    # offsets are not consecutive, and its first address (offset 3, 7, ...)
    # not 16-byte aligned
    runs = 2 * BLOCK // 4
    assert e.total == 2 * runs
    assert len(e.violations) == e.total
    assert sum(v.kind == "offsets" for v in e.violations) == runs
    first = e.violations[0]
    assert (first.program, first.thread, first.group) == ((0, 0, 0), 0, 0)
    assert [v & 0xffffffff for v in first.values] == [3, 2, 1, 0]
    text = str(e)
    assert text.startswith(f"kernel gather: {e.total} contract violations (first 8 shown)")
    assert re.search(r"planted\.py:\d+:\d+: tlxamd\.buffer_load \(B12\): program \[0, 0, 0\], thread 0, "
                     r"group 0: offsets \[3, 2, 1, 0\] are not consecutive", text), text
    assert len(text.splitlines()) == 9


def test_alignment_checked_at_launch():
    """An alignment that depends on the base argument only (every run
    starts a proven multiple of 16 bytes from it) is a launch-time promise
    naming the access: no check in the kernel, the launch refused."""
    k = _compiled("unaligned")
    meta = k.kernels["unaligned"]["sanitizer"]
    assert "tlxamd.contract_check" not in k.mlir and _llvm_checks(k) == 0
    assert meta["promises"][0] == {"arg": 0, "divisibility": 4}
    derived = [p for p in meta["promises"] if "site" in p]
    assert [(p["arg"], p["divisibility"]) for p in derived] == [(0, 16)]
    assert meta["sites"][derived[0]["site"]]["check"] == "16-byte aligned argument 0 (checked at launch)"
    args, _ = planted.inputs("unaligned", BLOCK, False, np, emulator.Pointer)
    with pytest.raises(contracts.ContractViolation,
                       match=r"argument 0: address 0x4 is not a multiple of 16 \(B12: tlxamd.buffer_load at "
                             r".*planted\.py:\d+:\d+ reads it 16 bytes at a time\)") as info:
        emulator.run(k, (2,), *args)
    assert "not launched" in str(info.value)
    assert not args[1].any()


def test_unaligned_access_skipped():
    """A base computed in the kernel keeps its check there: a misaligned
    run's packed access is masked off (on NVIDIA it would fault and take
    the report with it), its elements read as zero."""
    from tlxamd import language as tl

    lay = tl.blocked_layout([planted.PER_THREAD], [WARP], [planted.WARPS], [0])

    @tl.kernel(num_warps=planted.WARPS, name="shifted")
    def shifted(src: tl.pointer(tl.float32), dst: tl.pointer(tl.float32), shift: tl.int32, BLOCK: tl.constexpr):
        r = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK, layout=lay)
        v = tl.buffer_load(src + shift, r, contiguity=4)
        tl.buffer_store(tl.require_layout(v, lay), dst, r, contiguity=4)

    k = compiler.compile(shifted.build(target="gfx950", BLOCK=BLOCK), target="gfx950", sanitize=True)
    meta = k.kernels["shifted"]["sanitizer"]
    assert not any("site" in p for p in meta["promises"])
    assert [s["check"] for s in meta["sites"]] == ["16-byte aligned first address"]
    n = 2 * BLOCK
    src, dst = np.arange(n + 4, dtype=np.float32), np.zeros(n, dtype=np.float32)
    emulator.run(k, (2,), src, dst, 4)
    assert (dst == src[4:]).all()
    dst[:] = 0
    with pytest.raises(contracts.ContractViolation) as info:
        emulator.run(k, (2,), src, dst, 1)
    assert info.value.total == 2 * BLOCK // 4
    assert "is not 16-byte aligned" in str(info.value)
    assert not dst.any()


def test_argument_promise_checked_before_launch():
    k = _compiled("promised_alignment")
    args, _ = planted.inputs("promised_alignment", BLOCK, False, np, emulator.Pointer)
    with pytest.raises(contracts.ContractViolation, match=r"argument 0: address 0x4 is not a multiple of 16 "
                                                          r"\(tlxamd.divisibility = 16\)") as info:
        emulator.run(k, (2,), *args)
    assert "not launched" in str(info.value)
    assert not args[1].any()


def _llvm_checks(k):
    return k.llvm_ir.count("atomicrmw add")


def test_elided_where_proven():
    """Offsets pid * BLOCK + arange from 16-byte aligned bases, a mask the
    lowering splits where it is ragged: nothing to check in any copy of the
    GPU suite; the gather's two promises are checked."""
    kernels = suite.kernels(WARP)
    for name in ("copy_f32_c4", "masked_bf16_c8", "copy_f32_coalesced"):
        kern, case = kernels[name]
        k = compiler.compile(kern.build(target="gfx950", **case["consts"]), target="gfx950", sanitize=True)
        assert "tlxamd.contract_check" not in k.mlir
        assert _llvm_checks(k) == 0, name
        assert k.kernels[name]["sanitizer"]["sites"] == []
    k = _compiled("gather")
    sites = k.kernels["gather"]["sanitizer"]["sites"]
    assert [s["check"] for s in sites] == ["consecutive offsets over 4, 16-byte aligned first address"]
    # one claim per failing check: offsets and alignment
    assert _llvm_checks(k) == 2


def test_isa_of_checks():
    """The checks in gfx950 code and in PTX: a compare per run, an atomic
    add into the ring on the slow path."""
    amd = _compiled("gather").asm
    assert re.search(r"global_atomic_add v\d+, v\d+, v\d+, s\[\d+:\d+\] sc0 sc1", amd), amd[:2000]
    assert "buffer_load_dwordx4" in amd
    nv = _compiled("gather", target="sm_90a")
    assert "atom.global.add.u32" in nv.asm
    assert "ld.global.v4" in nv.asm or "ld.global.nc.v4" in nv.asm
    assert nv.binary  # ptxas accepts it


@pytest.mark.parametrize("target", ["gfx950", "sm_90a"])
def test_off_changes_nothing(target):
    """Without sanitize the code is the same as before the sanitizer
    existed: no ring argument, no tables, the same assembly."""
    warp = 64 if target.startswith("gfx") else 32
    kern, case = suite.kernels(warp)["masked_f32_c4"]
    module = kern.build(target=target, **case["consts"])
    plain = compiler.compile(module, target=target, cache=False)
    off = compiler.compile(module, target=target, cache=False, sanitize=False)
    on = compiler.compile(module, target=target, cache=False, sanitize=True)
    assert plain.asm == off.asm and plain.llvm_ir == off.llvm_ir
    assert "tlxamd.violations" not in plain.mlir and "sanitizer" not in plain.kernels["masked_f32_c4"]
    assert on.kernels["masked_f32_c4"]["args"][-1] == "violations"
    # every promise of this kernel is proven: sanitized, it only takes the
    # ring, its instructions are the same
    assert on.kernels["masked_f32_c4"]["sanitizer"]["sites"] == []
    assert _opcodes(on.llvm_ir) == _opcodes(plain.llvm_ir)


def _opcodes(llvm_ir: str):
    """How many of each instruction an LLVM IR module's functions have."""
    import collections

    return collections.Counter(re.findall(r"^\s+(?:%\S+ = )?([a-z][\w.]*)", llvm_ir, re.M))


def test_sanitize_argument_errors():
    kern, case = suite.kernels(WARP)["copy_f32_c4"]
    with pytest.raises(TypeError, match="sanitize must be a bool"):
        compiler.compile(kern.build(target="gfx950", **case["consts"]), target="gfx950", sanitize="yes")
    with pytest.raises(ValueError, match="non-negative int of bytes"):
        emulator.Pointer(np.zeros(4), -1)


def test_cli_sanitize(tmp_path, capsys):
    kern, case = planted.kernels(WARP)["gather"]
    src = tmp_path / "gather.mlir"
    src.write_text(str(kern.build(target="gfx950", BLOCK=BLOCK)))
    assert compiler.main([str(src), "--target", "gfx950", "--emit", "mlir", "--sanitize", "--no-cache"]) == 0
    out = capsys.readouterr().out
    assert "tlxamd.contract_sites" in out and "llvm.atomicrmw add" in out


def test_decode_ring():
    """The ring's reading: the count beyond the records kept, sites by index."""
    words = contracts.ring_words(2)
    words[0] = 5
    for slot in range(2):
        words[4 + 16 * slot:4 + 16 * slot + 10] = [0, 2, slot, 0, 0, 7, 1, 2, 0b01, 2]
    sites = [{"op": "tlxamd.buffer_load", "rule": "B12", "loc": "k.py:3:4", "check": "one mask value over 2"}]
    e = contracts.violations("k", words, sites)
    assert e.total == 5 and len(e.violations) == 2
    assert "mask bits 10 (register order) differ within the group" in str(e)
    assert contracts.violations("k", contracts.ring_words(2), sites) is None
    with pytest.raises(ValueError):
        contracts.ring_words(-1)


def _transient_chain(divergent: bool) -> str:
    """The TLX tensor-core reference's transient chain (test/Target/Inputs), its MFMA, commit
    and store under `if thread_id < 32` (lanes 32-63 of the first wave and
    every lane of the others off) when `divergent`."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Target", "Inputs",
                        "scheduled_mfma_transient.mlir")
    lines = open(path).read().splitlines()
    if not divergent:
        return "\n".join(lines)
    first = next(i for i, line in enumerate(lines) if "tlxamd.amd_scheduled_mfma" in line)
    last = next(i for i, line in enumerate(lines) if line.strip().startswith("tlxamd.store"))
    head = ["      %tid = gpu.thread_id x", "      %c32 = arith.constant 32 : index",
            "      %lanes = arith.cmpi ult, %tid, %c32 : index", "      scf.if %lanes {"]
    return "\n".join(lines[:first] + head + lines[first:last + 1] + ["      }"] + lines[last + 1:])


def test_scheduled_mfma_lanes_check():
    """M11 in the emulator: a scheduled MFMA that only some lanes of a wave
    reach is reported by the wave's first active lane, with the wave's
    active lanes; in the kernel's body it is not checked at all."""
    k = compiler.compile(_transient_chain(False), target="gfx950", sanitize=True)
    assert k.kernels["transient_chain"]["sanitizer"]["sites"] == []
    assert "ballot" not in k.llvm_ir
    k = compiler.compile(_transient_chain(True), target="gfx950", sanitize=True)
    sites = k.kernels["transient_chain"]["sanitizer"]["sites"]
    assert [(s["op"], s["rule"]) for s in sites] == [("tlxamd.amd_scheduled_mfma", "M11")]
    assert "llvm.amdgcn.ballot.i64" in k.llvm_ir
    a = np.zeros(64 * 32, np.uint16)
    b = np.zeros(32 * 64, np.uint16)
    c = np.zeros(64 * 64, np.float32)
    with pytest.raises(contracts.ContractViolation) as info:
        emulator.run(k, (1,), a, b, c)
    (v,) = info.value.violations
    assert v.kind == "inactive lanes" and v.thread == 0
    assert v.values[:2] == [0xFFFFFFFF, 0]
    assert "wave active lanes 0xffffffff: not every lane of the wave is active" in str(info.value)


def test_direct_copy_checked():
    """L5: buffer_load_to_shared copies 16 bytes per lane from rows of 8
    offsets that only their hints promise consecutive and aligned: a row
    out of order is reported, the tile is right when the rows are whole."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Target", "Inputs",
                        "sanitize_copy_gfx950.mlir")
    k = compiler.compile(open(path).read(), target="gfx950", sanitize=True)
    (site,) = k.kernels["copy_gather"]["sanitizer"]["sites"]
    assert (site["op"], site["rule"]) == ("tlxamd.buffer_load_to_shared", "L5")
    src = (np.arange(4096) * 3 % 65536).astype(np.uint16)
    idx = np.arange(4096, dtype=np.int32)
    dst = np.zeros(4096, np.uint16)
    emulator.run(k, (1,), src, idx, dst)
    assert (dst == src).all()
    swapped = idx.reshape(-1, 8)[:, [1, 0, 2, 3, 4, 5, 6, 7]].reshape(-1).copy()
    with pytest.raises(contracts.ContractViolation) as info:
        emulator.run(k, (1,), src, swapped, np.zeros(4096, np.uint16))
    offsets = [v for v in info.value.violations if v.kind == "offsets"]
    assert len(offsets) == 4096 // 8
    assert offsets[0].values == [1, 0, 2, 3, 4, 5, 6, 7]


def test_argument_promises():
    """Integers are checked by value, pointers by address; the ring and
    arguments without a promise are left alone."""
    meta = {"promises": [{"arg": 0, "divisibility": 16}, {"arg": 1, "divisibility": 2}]}
    contracts.check_arguments("k", meta, [0x1000, 4], [0], lambda a: a)
    with pytest.raises(contracts.ContractViolation, match=r"argument 1: value 5 is not a multiple of 2") as info:
        contracts.check_arguments("k", meta, [0x1000, 5], [0], lambda a: a)
    assert info.value.total == 1 and info.value.violations == []
    with pytest.raises(contracts.ContractViolation, match=r"2 argument promises broken, not launched\n"
                                                          r"  argument 0: address 0x1008 is not a multiple of 16"):
        contracts.check_arguments("k", meta, [0x1008, 3], [0], lambda a: a)


class _FakeDriver:
    """The driver calls of a sanitized launch, over host memory: a launch
    records one offsets violation in the ring (its last parameter)."""

    def __init__(self, violate):
        import ctypes

        self.ctypes, self.violate, self.memory, self.launches, self.resets = ctypes, violate, {}, 0, 0

    def __getattr__(self, name):  # context and module calls
        return lambda *a: (0, object())

    def cuMemAlloc(self, n):
        buf = (self.ctypes.c_uint32 * (n // 4))()
        self.memory[self.ctypes.addressof(buf)] = buf
        return 0, self.ctypes.addressof(buf)

    def cuMemcpyHtoD(self, dst, src, n):
        self.resets += 1
        self.ctypes.memmove(dst, src, n)
        return (0,)

    def cuMemcpyDtoH(self, dst, src, n):
        self.ctypes.memmove(dst, src, n)
        return (0,)

    def cuCtxSynchronize(self):
        return (0,)

    def cuLaunchKernel(self, fn, gx, gy, gz, bx, by, bz, shared, stream, params, extra):
        self.launches += 1
        pointers = self.ctypes.cast(params, self.ctypes.POINTER(self.ctypes.c_void_p))
        ring_arg = self.ctypes.cast(pointers[3], self.ctypes.POINTER(self.ctypes.c_uint64))[0]
        ring = self.memory[ring_arg]
        assert ring[0] == 0 and ring[1] == contracts.DEFAULT_RECORDS  # header reset
        if self.violate:
            ring[0] = 1
            ring[4:4 + 12] = [0, 1, 1, 0, 0, 5, 0, 4, 0, 2, 4, 6]
        return (0,)


@pytest.mark.parametrize("violate", [False, True])
def test_runtime_sanitized_launch(monkeypatch, violate):
    """tlxamd.runtime's side on a fake driver, sanitize="sync": the ring
    added as the last argument with its header reset, read back after the
    kernel, reported at once."""
    from tlxamd import runtime

    k = _compiled("strided", target="sm_90a", sanitize="sync")
    api = runtime._Api.__new__(runtime._Api)
    api.drv, api.cupy, api._ctx = _FakeDriver(violate), None, None
    monkeypatch.setattr(runtime, "_api", api)
    kern = runtime.load_data(b"\0", k.metadata())["strided"]
    if violate:
        with pytest.raises(runtime.ContractViolation, match=r"kernel strided: 1 contract violation\n"
                                                            r".*planted\.py:\d+:\d+: tlxamd\.buffer_load \(B12\): "
                                                            r"program \[1, 0, 0\], thread 5, group 0: offsets "
                                                            r"\[0, 2, 4, 6\] are not consecutive"):
            kern[(2,)](0x1000, 0x2000, 2)
        api.drv.violate = False
    kern[(2,)](0x1000, 0x2000, 1)
    kern[(2,)](0x1000, 0x2000, 1)
    # the header is written before the first launch and after a report only
    assert (api.drv.launches, api.drv.resets) == ((3, 2) if violate else (2, 1))
    with pytest.raises(TypeError, match=r"kernel strided \(sanitized\) takes 3 arguments, got 2"):
        kern[(2,)](0x1000, 0x2000)
    with pytest.raises(runtime.ContractViolation, match="argument 0: address 0x1004 is not a multiple of 16"):
        kern[(2,)](0x1004, 0x2000, 1)
    assert api.drv.launches == (3 if violate else 2)


def test_active_lanes_record():
    """active_lanes_check written by hand (test/Target/Inputs/active_lanes.mlir),
    run in the emulator with a ring of its own: lanes 0-15 of the wave reach
    it, lane 0 records once, with the wave's active lanes."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Target", "Inputs",
                        "active_lanes.mlir")
    k = compiler.compile(open(path).read(), target="gfx950")
    ring = np.array(contracts.ring_words(4), np.uint32)
    emulator.run(k, (1,), ring)
    assert ring[0] == 1
    assert list(ring[4:4 + 10]) == [0, 4, 0, 0, 0, 0, 0, 2, 0xFFFF, 0]


class _DeferredDriver(_FakeDriver):
    """The fake driver with host-mapped memory and events: a launch
    completes only when the host synchronizes (an event or the context)."""

    class CUresult:
        CUDA_ERROR_NOT_READY = "CUDA_ERROR_NOT_READY"

    def __init__(self, violate):
        super().__init__(violate)
        self.unfinished, self.syncs, self.host_allocs = [], 0, 0

    def cuMemHostAlloc(self, n, flags):
        assert flags & 2  # device-mapped
        self.host_allocs += 1
        return self.cuMemAlloc(n)

    def cuMemHostGetDevicePointer(self, host, flags):
        return 0, host

    def cuLaunchKernel(self, fn, gx, gy, gz, bx, by, bz, shared, stream, params, extra):
        # the parameters are read at the launch; the kernel "runs" when the
        # host waits
        pointers = self.ctypes.cast(params, self.ctypes.POINTER(self.ctypes.c_void_p))
        ring = self.ctypes.cast(pointers[3], self.ctypes.POINTER(self.ctypes.c_uint64))[0]
        self.unfinished.append((ring, self.violate))
        return (0,)

    def _finish(self):
        from tlxamd import runtime

        while self.unfinished:
            ring_arg, violate = self.unfinished.pop(0)
            self.launches += 1
            ring = (self.ctypes.c_uint32 * 16).from_address(ring_arg)  # a slot of the arena
            assert ring[0] == 0 and ring[1] == runtime._SLOT_RECORDS  # a clean ring
            if violate:
                ring[0] = 1
                ring[4:4 + 12] = [0, 1, 1, 0, 0, 5, 0, 4, 0, 2, 4, 6]

    def cuEventCreate(self, flags):
        return 0, len(self.unfinished)

    def cuEventRecord(self, event, stream):
        return (0,)

    def cuEventQuery(self, event):
        return (0,) if not self.unfinished else ("CUDA_ERROR_NOT_READY",)

    def cuEventSynchronize(self, event):
        self._finish()
        return (0,)

    def cuEventDestroy(self, event):
        return (0,)

    def cuCtxSynchronize(self):
        self.syncs += 1
        self._finish()
        return (0,)

    def cuMemcpyHtoD(self, dst, src, n):
        raise AssertionError("a deferred launch copies nothing to the device")

    def cuMemcpyDtoH(self, dst, src, n):
        raise AssertionError("a deferred launch copies nothing back")


def test_runtime_deferred_sanitized_launches(monkeypatch):
    """sanitize=True on the GPU: launches do not wait (no synchronization, no
    copy per launch); a launch's violations are reported at the first check
    after it completed (check_violations(), or the next sanitized launch),
    naming the launch; rings are reused once read."""
    from tlxamd import runtime

    k = _compiled("strided", target="sm_90a")
    assert k.kernels["strided"]["sanitizer"]["mode"] == "deferred"
    api = runtime._Api.__new__(runtime._Api)
    drv = _DeferredDriver(False)
    api.drv, api.cupy, api._ctx = drv, None, None
    monkeypatch.setattr(runtime, "_api", api)
    monkeypatch.setattr(runtime, "_sanitized", runtime._SanitizedLaunches())
    monkeypatch.setattr(runtime, "_EVENT_EVERY", 1)  # every launch known complete when done
    monkeypatch.setattr(runtime, "_CHECK_EVERY", 1)  # and read at every launch
    kern = runtime.load_data(b"\0", k.metadata())["strided"]
    for _ in range(5):
        kern[(2,)](0x1000, 0x2000, 1)
    assert drv.syncs == 0 and runtime._sanitized.pending() == 5
    runtime.check_violations()  # waits once, reads five rings, nothing to report
    assert drv.syncs == 1 and drv.launches == 5 and runtime._sanitized.pending() == 0
    allocated = drv.host_allocs
    drv.violate = True
    kern[(2,)](0x1000, 0x2000, 2)  # launch 6 breaks B12
    drv.violate = False
    kern[(2,)](0x1000, 0x2000, 1)  # launch 7: launch 6 has not completed, nothing to report yet
    with pytest.raises(runtime.ContractViolation, match=r"kernel strided, launch 6 \(grid \[2, 1, 1\]\): 1 contract "
                                                        r"violation\n.*planted\.py:\d+:\d+: tlxamd\.buffer_load "
                                                        r"\(B12\)") as info:
        runtime.check_violations()
    assert info.value.launch == 6 and info.value.kernel == "strided"
    assert drv.host_allocs == allocated  # the read rings were reused
    runtime.check_violations()  # reported once
    # the next sanitized launch reports what completed before it
    drv.violate = True
    kern[(2,)](0x1000, 0x2000, 2)
    drv.violate = False
    drv._finish()
    with pytest.raises(runtime.ContractViolation, match="launch 8"):
        kern[(2,)](0x1000, 0x2000, 1)


def test_deferred_launches_wait_for_a_free_ring(monkeypatch):
    """Every ring slot taken by a launch not known complete: the next launch
    waits for the oldest event and reads the rings first (a report of an
    earlier launch stops it), so no ring is reused unread."""
    from tlxamd import runtime

    k = _compiled("strided", target="sm_90a")
    api = runtime._Api.__new__(runtime._Api)
    drv = _DeferredDriver(False)
    api.drv, api.cupy, api._ctx = drv, None, None
    monkeypatch.setattr(runtime, "_api", api)
    monkeypatch.setattr(runtime, "_SLOTS", 4)
    monkeypatch.setattr(runtime, "_EVENT_EVERY", 1000)
    monkeypatch.setattr(runtime, "_CHECK_EVERY", 1000)
    monkeypatch.setattr(runtime, "_sanitized", runtime._SanitizedLaunches())
    kern = runtime.load_data(b"\0", k.metadata())["strided"]
    drv.violate = True
    kern[(2,)](0x1000, 0x2000, 2)  # launch 1 breaks B12
    drv.violate = False
    for _ in range(3):
        kern[(2,)](0x1000, 0x2000, 1)
    assert drv.launches == 0 and runtime._sanitized.pending() == 4
    with pytest.raises(runtime.ContractViolation, match="launch 1 "):
        kern[(2,)](0x1000, 0x2000, 1)  # waits, reads four rings
    assert drv.launches == 4 and runtime._sanitized.pending() == 0
    for _ in range(9):
        kern[(2,)](0x1000, 0x2000, 1)
    runtime.check_violations()
    assert drv.launches == 13 and drv.host_allocs == 1


def test_deferred_launches_record_few_events(monkeypatch):
    """An event after every _EVENT_EVERY-th sanitized launch, and one more where the
    stream changes (covering the old stream's launches): the stream gets
    almost nothing besides the kernels."""
    from tlxamd import runtime

    k = _compiled("strided", target="sm_90a")
    api = runtime._Api.__new__(runtime._Api)
    drv = _DeferredDriver(False)
    recorded = []
    drv.cuEventRecord = lambda event, stream: recorded.append(stream) or (0,)
    api.drv, api.cupy, api._ctx = drv, None, None
    monkeypatch.setattr(runtime, "_api", api)
    monkeypatch.setattr(runtime, "_sanitized", runtime._SanitizedLaunches())
    kern = runtime.load_data(b"\0", k.metadata())["strided"]
    every = runtime._EVENT_EVERY
    for _ in range(every + 7):
        kern[(2,)](0x1000, 0x2000, 1)
    assert recorded == [0]  # after the _EVENT_EVERY-th
    kern[(2,)](0x1000, 0x2000, 1, stream=7)  # a new stream: the old one's last launch gets an event
    assert recorded == [0, 0]
    runtime.check_violations()
    assert runtime._sanitized.pending() == 0 and drv.launches == every + 8
