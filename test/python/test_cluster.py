"""Thread-block clusters and TLX's barrier API (the TLX tensor-core reference): the two-CTA
ping-pong of examples/cluster_ping_pong.py compiles for sm_90a with its
cluster shape in the PTX and the launcher metadata, remote arrives through
`mapa` at cluster scope and cluster-scope waits (bench/gpu runs it on the
H200); `alloc_barriers` synchronizes the cluster after initializing; a
target without clusters and misuse are rejected with a clear message."""

import os
import re
import sys

import pytest

from tlxamd import compiler
from tlxamd import language as tl

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples"))
from cluster_ping_pong import cluster_ping_pong  # noqa: E402  (examples/cluster_ping_pong.py)


def test_ping_pong_ptx_and_metadata():
    k = compiler.compile(cluster_ping_pong.build(target="sm_90a"), target="sm_90a")
    ptx = k.asm
    assert ".explicitcluster" in ptx and re.search(r"\.reqnctapercluster 2, 1, 1", ptx)
    assert "%cluster_ctarank" in ptx
    assert ptx.count("mapa.shared::cluster") == 1
    assert ptx.count("mbarrier.arrive.release.cluster.shared::cluster.b64") == 1
    assert "mbarrier.try_wait.parity.acquire.cluster.shared::cta.b64" in ptx
    # after the barriers' initialization and before leaving
    assert ptx.count("barrier.cluster.arrive.aligned") == 2 and ptx.count("barrier.cluster.wait.aligned") == 2
    assert k.kernels["cluster_ping_pong"]["cluster"] == [2, 1, 1]
    assert k.binary  # ptxas accepted it


def test_alloc_barriers_syncs_the_cluster_only_in_cluster_kernels():
    @tl.kernel(num_warps=4)
    def single(out: tl.pointer(tl.int32)):
        bars = tl.alloc_barriers(2, arrive_count=3)
        tl.barrier_arrive(tl.local_view(bars, 1), 3)
        tl.barrier_wait(bars[1], 0)
        tl.store(out, tl.cluster_cta_rank())

    text = str(single.build(target="sm_90a"))
    assert len(re.findall(r"tlxamd.mbarrier_init %\S+, 3 :", text)) == 2
    assert "cluster_barrier" not in text
    k = compiler.compile(single.build(target="sm_90a"), target="sm_90a")
    assert "cluster" not in k.kernels["single"]
    # acquire at CTA scope outside clusters
    assert "mbarrier.try_wait.parity.shared" in k.asm and "acquire.cluster" not in k.asm
    text = str(cluster_ping_pong.build(target="sm_90a"))
    assert text.index("tlxamd.mbarrier_init") < text.index("tlxamd.cluster_barrier")


def test_no_clusters_on_cdna():
    with pytest.raises(compiler.CompilationError, match=r"needs thread-block clusters of 2 CTAs; gfx950 .* has none"):
        compiler.compile(cluster_ping_pong.build(target="gfx950"), target="gfx950")


@pytest.mark.parametrize("num_ctas", [0, 3, 32, True, 2.0])
def test_num_ctas_checked(num_ctas):
    with pytest.raises(ValueError, match="num_ctas must be a power of two between 1 and 16"):
        tl.kernel(num_warps=4, num_ctas=num_ctas)


def test_remote_arrive_needs_a_cluster_kernel():
    @tl.kernel(num_warps=4)
    def lonely(out: tl.pointer(tl.int32)):
        bars = tl.alloc_barriers(1)
        tl.barrier_arrive(bars[0], 1, remote_cta_rank=1)

    with pytest.raises(ValueError, match=r"the kernel must be a cluster kernel \('tlxamd.num_ctas' > 1\)"):
        lonely.build(target="sm_90a")


def test_remote_rank_must_be_an_int():
    @tl.kernel(num_warps=4, num_ctas=2)
    def bad(out: tl.pointer(tl.int32)):
        bars = tl.alloc_barriers(1)
        tl.barrier_arrive(bars[0], 1, remote_cta_rank=0.5)

    with pytest.raises(TypeError, match="remote_cta_rank must be an int or a scalar int32"):
        bad.build(target="sm_90a")


def test_alloc_barriers_count_checked():
    @tl.kernel(num_warps=4)
    def none(out: tl.pointer(tl.int32)):
        tl.alloc_barriers(0)

    with pytest.raises(ValueError, match=r"num_barriers must be an int in \[1, 1024\]"):
        none.build(target="sm_90a")


def test_tlx_descriptor_load_names():
    # TLX's async_descriptor_load / barrier_expect_bytes are the TMA copy
    # and the mbarrier's expected bytes: one cp.async.bulk.tensor per box.
    layout = tl.nvmma_shared_layout(128, 16)

    @tl.kernel(num_warps=4)
    def tile(desc: tl.tensor_descriptor(tl.float16, [64, 64], layout), y: tl.pointer(tl.float16)):
        buf = tl.allocate_shared_memory(tl.float16, [64, 64], layout)
        bar = tl.alloc_barriers(1)[0]
        tl.barrier_expect_bytes(bar, 64 * 64 * 2)
        tl.async_descriptor_load(desc, buf, [tl.program_id(0) * 64, 0], bar)
        tl.barrier_wait(bar, 0)
        r = tl.program_id(0) * 64 + tl.arange(0, 64)
        tl.store(y + r[:, None] * 64 + tl.arange(0, 64)[None, :], buf.load())

    ptx = compiler.compile(tile.build(target="sm_90a"), target="sm_90a").asm
    assert ptx.count("cp.async.bulk.tensor.2d.shared::cluster.global") == 1
    assert "mbarrier.arrive.expect_tx.shared.b64" in ptx and "mbarrier.try_wait.parity.shared.b64" in ptx
