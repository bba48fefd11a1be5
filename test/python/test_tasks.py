"""TLX's warp-specialized tasks from Python (`with tlx.async_tasks():` /
`with tlx.async_task(...)`): one `tlxamd.async_tasks` region per task and
replica with the task's warps and register budget, each task's tensors laid
out over its own warps, the replica id a compile-time int; compiled for
sm_90a (warp dispatch, setmaxnreg, one named barrier per task) and through
ptxas; examples/ws_gemm.py's producer / consumer GEMM compiles (the GPU
suite runs it on the H200); on CDNA, tasks that do not synchronize run as a wave-id
dispatch (exact in the emulator), the rest and misuse are rejected with the user's
line."""

import os
import re
import sys

import numpy as np
import pytest

import tlxamd.language.extra.tlx as tlx
from tlxamd import compiler
from tlxamd import language as tl

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples"))
import ws_gemm  # noqa: E402  (examples/ws_gemm.py)

F32 = tl.pointer(tl.float32)


@tl.kernel(num_warps=4)
def add_mul(x: F32, y: F32, z: F32, a: F32, b: F32, c: F32, n: tl.int32, BLOCK: tl.constexpr):
    start = tl.program_id(0) * BLOCK
    with tlx.async_tasks():
        with tlx.async_task("default", registers=40):
            offs = start + tl.arange(0, BLOCK)
            m = offs < n
            tl.store(z + offs, tl.load(x + offs, mask=m) + tl.load(y + offs, mask=m), mask=m)
        with tlx.async_task(num_warps=4, registers=160, replicate=2):
            # each replica takes half of the block
            half = BLOCK // 2
            offs = start + tlx.async_task_replica_id() * half + tl.arange(0, half)
            m = offs < n
            tl.store(c + offs, tl.load(a + offs, mask=m) * tl.load(b + offs, mask=m), mask=m)
        with tlx.async_task(num_warps=2):
            tl.static_assert(tl.num_warps() == 2)
            tl.store(c + n + tl.arange(0, 64), tl.arange(0, 64).to(tl.float32))


def test_regions_warps_and_layouts():
    text = str(add_mul.build("sm_90a", BLOCK=1024))
    assert "tlxamd.async_tasks num_warps [4, 4, 4, 2] registers [40, 160, 160, 0]" in text
    assert text.count("tlxamd.async_task_end") == 4
    # each task's tensors spread over its own warps
    assert "warps_per_cta = [2]" in text and "warps_per_cta = [4]" in text
    # the replicas' offsets: 0 and 512
    assert re.search(r"arith.constant 512 : i32", text)


def test_ptx_dispatch_registers_and_barriers():
    k = compiler.compile(add_mul.build("sm_90a", BLOCK=1024), target="sm_90a")
    ptx = k.asm
    assert ".maxntid 448, 1, 1" in ptx and k.kernels["add_mul"]["threads"] == 448
    # 448 threads: 65536 / 448 -> 144 registers each at launch
    assert ".maxnreg 144" in ptx
    assert len(re.findall(r"setmaxnreg\.inc\.sync\.aligned\.u32\s+160;", ptx)) == 2
    assert len(re.findall(r"setmaxnreg\.dec\.sync\.aligned\.u32\s+40;", ptx)) == 1
    assert ptx.count("setmaxnreg") == 3  # the 2-warp task keeps the launch's
    assert k.binary  # ptxas accepted it


@tl.kernel(num_warps=4)
def add_mul_shared_rest(x: F32, y: F32, z: F32, n: tl.int32, BLOCK: tl.constexpr):
    start = tl.program_id(0) * BLOCK
    with tlx.async_tasks():
        with tlx.async_task("default"):
            offs = start + tl.arange(0, BLOCK)
            tl.store(z + offs, tl.load(x + offs, mask=offs < n), mask=offs < n)
        with tlx.async_task(num_warps=4, registers=232, replicate=2):
            offs = start + tl.arange(0, BLOCK)
            tl.store(y + offs, tl.load(x + offs, mask=offs < n) * 2.0, mask=offs < n)


def test_task_without_budget_shares_the_rest():
    """TLX's attention tutorials give only the consumers a budget (232):
    the producer takes what is left of the launch's registers (384 threads
    x 168), (64512 - 256 x 232) / 128 = 40 per thread, as Triton assigns
    it. (48, from the whole 64K file, hung on the H200: the consumers'
    setmaxnreg.inc waited for registers the launch never had.)"""
    k = compiler.compile(add_mul_shared_rest.build("sm_90a", BLOCK=256), target="sm_90a")
    assert ".maxnreg 168" in k.asm
    assert len(re.findall(r"setmaxnreg\.dec\.sync\.aligned\.u32\s+40;", k.asm)) == 1
    assert len(re.findall(r"setmaxnreg\.inc\.sync\.aligned\.u32\s+232;", k.asm)) == 2


def test_ws_gemm_compiles():
    a_desc, b_desc = ws_gemm.descriptors(128, 256, 64)
    d = tl.divisible_int(tl.int32, 16)
    mod = ws_gemm.gemm_ws.build("sm_90a", signature=dict(a_desc=a_desc, b_desc=b_desc, c=tl.pointer(tl.bfloat16), M=d, N=d, K=d),
                                BM=128, BN=256, BK=64, STAGES=3, GROUP_M=8)
    k = compiler.compile(mod, target="sm_90a")
    ptx = k.asm
    assert ".maxntid 384, 1, 1" in ptx and ".maxnreg 168" in ptx
    assert len(re.findall(r"setmaxnreg\.dec\.sync\.aligned\.u32\s+40;", ptx)) == 1
    assert len(re.findall(r"setmaxnreg\.inc\.sync\.aligned\.u32\s+232;", ptx)) == 2
    # TMA by the producer only, wgmma by the consumers only
    producer = ptx[ptx.index("setmaxnreg.dec"):ptx.index("setmaxnreg.inc")]
    assert "cp.async.bulk.tensor" in producer and "wgmma.mma_async" not in producer
    consumers = ptx[ptx.index("setmaxnreg.inc"):]
    assert "wgmma.mma_async" in consumers and "cp.async.bulk.tensor" not in consumers
    # every program-wide barrier inside a task is that task's
    assert set(re.findall(r"bar\.sync \t?(\d+), 128;", ptx)) <= {"1", "2", "3"}
    # the A and B tiles only the async proxy touches (TMA writes, wgmma
    # reads): no barrier or proxy fence before the copies or the MMAs
    assert "bar.sync" not in producer and "fence.proxy.async" not in producer
    loop = consumers[:consumers.index("wgmma.wait_group")]
    assert "fence.proxy.async" not in loop and "bar.sync" not in loop
    assert k.kernels["gemm_ws"]["resources"]["spill_stores"] == 0


def test_cdna_rejects_register_budgets_and_synchronizing_tasks():
    with pytest.raises(compiler.CompilationError, match=r"sets register budgets, which need register reallocation"):
        compiler.compile(add_mul.build("gfx950", BLOCK=1024), target="gfx950")

    @tl.kernel(num_warps=4)
    def row_sums(x: F32, y: F32):
        with tlx.async_tasks():
            with tlx.async_task("default"):
                r = tl.arange(0, 64)
                tl.store(y + tl.arange(0, 16), tl.sum(tl.load(x + r[:, None] * 16 + tl.arange(0, 16)[None, :]), 0))
            with tlx.async_task(num_warps=4):
                pass

    with pytest.raises(compiler.CompilationError, match=r"W5: in task 0 on gfx950 .* cannot synchronize"):
        compiler.compile(row_sums.build("gfx950"), target="gfx950")


@tl.kernel(num_warps=4)
def add2_ws(x: F32, y: F32, z: F32, a: F32, b: F32, c: F32, n: tl.int32, BLOCK: tl.constexpr):
    # TLX's warp-specialized vector-add tutorial: two tasks, no exchange.
    start = tl.program_id(0) * BLOCK
    with tlx.async_tasks():
        with tlx.async_task("default"):
            offs = start + tl.arange(0, BLOCK)
            m = offs < n
            tl.store(z + offs, tl.load(x + offs, mask=m) + tl.load(y + offs, mask=m), mask=m)
        with tlx.async_task(num_warps=2, replicate=2):
            half = BLOCK // 2
            offs = start + tlx.async_task_replica_id() * half + tl.arange(0, half)
            m = offs < n
            tl.store(c + offs, tl.load(a + offs, mask=m) * tl.load(b + offs, mask=m), mask=m)


@pytest.mark.parametrize("target", ["gfx950", "gfx942"])
def test_cdna_tasks_dispatch_on_the_wave_id(target):
    """On CDNA tasks that do not synchronize run as a dispatch on the
    (scalar) wave id: exact in the emulator with a ragged last block."""
    from tlxamd import emulator

    k = compiler.compile(add2_ws.build(target, BLOCK=512), target=target)
    isa = k.asm
    assert "v_readfirstlane_b32" in isa and k.kernels["add2_ws"]["threads"] == 512
    # the scalar wave id compared with the tasks' first waves (4, then 6),
    # as LLVM folds it: thread id > 255, > 383
    first = re.search(r"v_readfirstlane_b32 (s\d+), v0", isa).group(1)
    assert f"s_cmpk_gt_u32 {first}, 0xff" in isa and f"s_cmpk_gt_u32 {first}, 0x17f" in isa
    n = 1200
    rng = np.random.default_rng(1)
    x, y, a, b = (rng.standard_normal(n).astype(np.float32) for _ in range(4))
    z = np.zeros(n, np.float32)
    c = np.zeros(n, np.float32)
    emulator.run(k, ((n + 511) // 512,), x, y, z, a, b, c, n)
    np.testing.assert_array_equal(z, x + y)
    np.testing.assert_array_equal(c, a * b)


def test_tensor_outside_the_tasks():
    @tl.kernel(num_warps=4)
    def outside(x: F32):
        r = tl.arange(0, 128)
        with tlx.async_tasks():
            with tlx.async_task("default"):
                tl.store(x + r, r.to(tl.float32))

    with pytest.raises(ValueError, match="uses a tensor .* defined outside the tasks"):
        outside.build("sm_90a")


@pytest.mark.parametrize("body, error, match", [
    ("with tlx.async_task(num_warps=4):\n                pass", ValueError, "exactly one async_task"),
    ("x = 1", ValueError, "must be `with tlx.async_task"),
    ("with tlx.async_task(\"default\"):\n                pass\n"
     "            with tlx.async_task(\"default\"):\n                pass", ValueError, "exactly one"),
])
def test_statements_inside_async_tasks(tmp_path, body, error, match):
    src = f'''
import tlxamd.language as tl
import tlxamd.language.extra.tlx as tlx

@tl.kernel(num_warps=4)
def k(x: tl.pointer(tl.float32)):
    with tlx.async_tasks():
            {body}
'''
    path = tmp_path / "kern.py"
    path.write_text(src)
    sys.path.insert(0, str(tmp_path))
    try:
        import importlib

        mod = importlib.import_module("kern")
        importlib.reload(mod)
        with pytest.raises(error, match=match) as e:
            mod.k.build("sm_90a")
        assert "kern.py:" in str(e.value)
    finally:
        sys.path.remove(str(tmp_path))
        sys.modules.pop("kern", None)


@pytest.mark.parametrize("kwargs, error, match", [
    ({"num_warps": 4, "registers": 100}, ValueError, "divisible by 8"),
    ({"num_warps": 4, "num_regs": 20}, ValueError, r"in \[24, 256\]"),
    ({"num_warps": 3}, ValueError, "power of two"),
    ({}, TypeError, "needs num_warps"),
    ({"num_warps": 4, "replicate": 0}, ValueError, "at least 1"),
    ({"num_warps": 4, "registers": 40, "num_regs": 40}, TypeError, "one of num_regs and registers"),
])
def test_async_task_arguments(kwargs, error, match):
    with pytest.raises(error, match=match):
        tlx.async_task(**kwargs)


def test_default_task_takes_no_warps():
    with pytest.raises(TypeError, match="takes no num_warps"):
        tlx.async_task("default", num_warps=4)


def test_replica_id_outside_a_task():
    @tl.kernel(num_warps=4)
    def k(x: F32):
        tl.store(x, tlx.async_task_replica_id())

    with pytest.raises(ValueError, match="only valid inside"):
        k.build("sm_90a")


def test_register_budget_over_the_file():
    @tl.kernel(num_warps=4)
    def greedy(x: F32):
        with tlx.async_tasks():
            with tlx.async_task("default"):
                tl.store(x, 1.0)
            with tlx.async_task(num_warps=4, registers=256, replicate=2):
                tl.store(x, 2.0)

    # the consumers' 2 x 128 x 256 registers are the whole file: none left
    # for the producer, which sets no budget
    with pytest.raises(compiler.CompilationError, match="register budgets leave 0 registers per thread to task 0"):
        compiler.compile(greedy.build("sm_90a"), target="sm_90a")


def test_named_barriers():
    @tl.kernel(num_warps=4)
    def pingpong(x: F32):
        with tlx.async_tasks():
            with tlx.async_task("default"):
                tlx.named_barrier_arrive(9, 256)
            with tlx.async_task(num_warps=4):
                tlx.named_barrier_wait(9, 256)
                tl.store(x, 1.0)

    ptx = compiler.compile(pingpong.build("sm_90a"), target="sm_90a").asm
    assert re.search(r"bar\.arrive \t?9, 256;", ptx) and re.search(r"bar\.sync \t?9, 256;", ptx)
    with pytest.raises(TypeError, match="compile-time int"):
        tlx.named_barrier_wait(1.5, 128)
    with pytest.raises(ValueError, match=r"in \[0, 16\)"):
        tlx.named_barrier_arrive(16, 128)


# -- the barrier-protocol checker (tlxamd-verify-barriers) -------------------

@tl.kernel(num_warps=4)
def ring(a_desc, c: tl.pointer(tl.float32), K: tl.int32, BM: tl.constexpr, BK: tl.constexpr,
         STAGES: tl.constexpr, BUG: tl.constexpr):
    """A producer task fills a STAGES-deep ring of TMA tiles; two consumer
    tasks read each tile and release it. BUG plants one protocol error."""
    a = tl.local_alloc([BM, BK], tl.bfloat16, a_desc.layout, num=STAGES)
    full = tl.alloc_barriers(STAGES, arrive_count=1)
    empty = tl.alloc_barriers(STAGES, arrive_count=3 if BUG == 2 else 2)
    steps = tl.cdiv(K, BK)
    with tl.async_tasks():
        with tl.async_task("default"):
            for k in range(0, steps):
                s = k % STAGES
                if BUG != 4:  # 4: refill with no release wait
                    tl.barrier_wait(empty[s], ((k // STAGES) & 1) ^ 1)
                tl.barrier_expect_bytes(full[s], BM * BK * 2 + (64 if BUG == 3 else 0))
                tl.async_descriptor_load(a_desc, a[s], [0, k * BK], full[s])
        with tl.async_task(num_warps=4, replicate=2):
            acc = tl.zeros([BM, BK], tl.float32)
            for k in range(0, steps):
                s = k % STAGES
                # 1: the phase one off
                tl.barrier_wait(full[s], ((k // STAGES) & 1) ^ (1 if BUG == 1 else 0))
                acc += tl.local_load(a[s]).to(tl.float32)
                if BUG != 5:  # 5: the consumers never release
                    tl.barrier_arrive(empty[s])
            tl.store(c + tl.arange(0, BM)[:, None] * BK + tl.arange(0, BK)[None, :], acc)


def _ring(bug):
    desc = tl.tensor_descriptor(tl.bfloat16, [64, 64], tl.nvmma_shared_layout(128, 16))
    return ring.build("sm_90a", signature={"a_desc": desc}, BM=64, BK=64, STAGES=3, BUG=bug)


def test_barrier_protocol_correct_ring_passes():
    compiler.compile(_ring(0), target="sm_90a")


def test_barrier_protocol_correct_ws_gemm_passes():
    for persistent in (False, True):
        a_desc, b_desc = ws_gemm.descriptors(128, 256, 64)
        d = tl.divisible_int(tl.int32, 16)
        mod = ws_gemm.gemm_ws.build("sm_90a", signature=dict(a_desc=a_desc, b_desc=b_desc, c=tl.pointer(tl.bfloat16), M=d, N=d, K=d),
                                    BM=128, BN=256, BK=64, STAGES=3, GROUP_M=8, PERSISTENT=persistent)
        compiler.compile(mod, target="sm_90a", binary=False)


@pytest.mark.parametrize("bug, match", [
    (1, r"task 1 reads buffer 0 of the allocation at .*test_tasks.py:\d+:\d+ before any write into it \(a wait "
        r"passed on a phase no write completed: a wrong phase\?\)"),
    (2, r"task 0 waits forever on barrier 0 of the allocation at .* for the phase of parity 0: 2 of the 3 "
        r"arrivals of phase 0 came"),
    (3, r"waits forever on barrier 0 .*: its arrivals are in but 8256 transaction bytes were expected and the "
        r"copies completing on it delivered 8192"),
    (4, r"task 0 overwrites buffer 0 of the allocation at .* while task 1 may still read it"),
    (5, r"task 0 waits forever on barrier 0 .* for the phase of parity 0: no task arrives on it"),
])
def test_barrier_protocol_bugs(bug, match):
    with pytest.raises(compiler.CompilationError, match=match):
        compiler.compile(_ring(bug), target="sm_90a")


def test_host_descriptors_passed_to_tma_become_tensor_maps():
    """A TLX kernel's host TensorDescriptor that goes to TMA copies is a
    tensor map on sm_90a (in the NVMMA layout tiles allocated without a
    layout get there), and stays a descriptor passed by its fields where it
    is only loaded / stored as a block, and on CDNA."""
    import numpy as np

    from tlxamd import _jit, runtime

    @tl.jit
    def copy(src, dst, BM: tl.constexpr):
        buf = tlx.local_alloc((BM, 64), tl.float16, 1)
        bar = tlx.alloc_barriers(1)
        tlx.barrier_expect_bytes(bar[0], BM * 64 * 2)
        tlx.async_descriptor_load(src, buf[0], [0, 0], bar[0])
        tlx.barrier_wait(bar[0], 0)
        dst.store([0, 0], tlx.local_load(buf[0]))

    x = np.zeros((128, 64), np.float16)
    src, dst = runtime.TensorDescriptor.from_tensor(x, [64, 64]), runtime.TensorDescriptor.from_tensor(x, [64, 64])
    launcher = _jit.Launcher(copy)
    assert launcher.tma_params == {"src"}
    sig, _, _ = launcher._specialize([src, dst, 64], "sm_90a")
    assert sig["src"] == tl.tensor_descriptor(tl.float16, [64, 64], tl.nvmma_shared_layout(128, 16), with_shape=True)
    assert isinstance(sig["dst"], tl.host_tensor_descriptor)
    sig, _, _ = launcher._specialize([src, dst, 64], "gfx950")
    assert isinstance(sig["src"], tl.host_tensor_descriptor)
    sig, _, _ = launcher._specialize([src, dst, 64], "sm_90a")
    k = compiler.compile(tl.kernel(copy.fn, num_warps=4).build("sm_90a", signature=sig, BM=64), target="sm_90a")
    assert "cp.async.bulk.tensor.2d" in k.asm


def test_sanitized_waits_get_a_watchdog():
    """compile(..., sanitize=True): every mbarrier wait gives up after 2 s
    of the global timer and records a W8 report (kind 5) naming the wait,
    the barrier, the phase and the task (the GPU suite's planted hang,
    bench/gpu/planted.py, checks it on the H200)."""
    from tlxamd import contracts

    k = compiler.compile(_ring(0), target="sm_90a", sanitize=True)
    assert k.asm.count("%globaltimer") >= 2 and "atom.global.add" in k.asm
    sites = k.kernels["ring"]["sanitizer"]["sites"]
    waits = [s for s in sites if s["rule"] == "W8"]
    assert waits and all(s["op"] == "tlxamd.mbarrier_wait" and "test_tasks.py" in s["loc"] for s in waits)
    v = contracts.Violation(waits[0], 5, (3, 0, 0), 0, 2, 2, [0x400, 1])
    assert v.kind == "barrier timeout"
    assert "task 2: the wait for the phase of parity 1 of the mbarrier at shared address 0x400 never " \
           "completed" in v.describe()


@tl.kernel(num_warps=4)
def clc_blocks(y: tl.pointer(tl.int32)):
    """TLX's cluster launch control (Blackwell): each program stores the ids
    of the blocks it processes, asking for a not-yet-started program's
    block after each one, until the answer is -1."""
    ctx = tlx.clc_create_context(1)
    pid = tl.program_id(0)
    phase = 0
    while pid != -1:
        tl.store(y + pid, pid)
        tlx.clc_producer(ctx, phase ^ 1)
        pid = tlx.clc_consumer(ctx, phase)
        phase ^= 1


def test_cluster_launch_control():
    k = compiler.compile(clc_blocks.build("sm_100a"), target="sm_100a")
    assert "clusterlaunchcontrol.try_cancel.async.shared::cta.mbarrier::complete_tx::bytes.b128" in k.asm
    assert "clusterlaunchcontrol.query_cancel.get_first_ctaid::x.b32.b128" in k.asm
    assert k.binary  # ptxas accepted it
    with pytest.raises(compiler.CompilationError, match=r"needs cluster launch control, which sm_90a .* "
                                                        r"\(targets that have it: sm_100a\)"):
        compiler.compile(clc_blocks.build("sm_90a"), target="sm_90a")
    with pytest.raises(NotImplementedError, match="multi_ctas"):
        @tl.kernel(num_warps=4)
        def multi(y: tl.pointer(tl.int32)):
            tlx.clc_producer(tlx.clc_create_context(1), 0, multi_ctas=True)

        multi.build("sm_100a")


def test_tma_rule_without_the_compiler_matches_the_table():
    """A launch-only machine (no compiled extension) decides which host
    descriptors become tensor maps with the table's rule for TMA: it must
    agree with the capability table on every target."""
    from tlxamd import _jit, _nocompiler, targets

    for name in targets.names():
        expected = bool(targets.get(name)["tma"])
        assert _jit._has_tma(name) == expected, name
        installed = _nocompiler.compiler_installed
        _nocompiler.compiler_installed = lambda: False
        try:
            assert _jit._has_tma(name) == expected, name
        finally:
            _nocompiler.compiler_installed = installed
