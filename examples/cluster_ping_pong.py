"""Two CTAs of a thread-block cluster take turns ("arrive remote, wait
local", the TLX tensor-core reference) on sm_90a:

    python examples/cluster_ping_pong.py

Step s of 2 * iters belongs to CTA s % 2. Before its j-th step a CTA waits
for phase j of its own barrier (rank 0 skips the first wait); its partner's
remote arrival after each of its own steps completes that phase. Each step
atomically bumps the cluster's counter and logs the value it saw, so the
log reads 0, 1, 2, ... exactly when the turns alternate. The closing
cluster barrier keeps both CTAs, and their barriers, alive until every
arrival has landed. bench/gpu runs it on the H200 (1,000 round trips per
cluster); the PTX shows `mapa.shared::cluster`,
`mbarrier.arrive.release.cluster.shared::cluster` and
`.reqnctapercluster 2, 1, 1`."""

from tlxamd import compiler
from tlxamd import language as tl


@tl.kernel(num_warps=4, num_ctas=2)
def cluster_ping_pong(counter: tl.pointer(tl.int32), log: tl.pointer(tl.int32), iters: tl.int32):
    rank = tl.cluster_cta_rank()
    cluster = tl.program_id(0) // 2
    bars = tl.alloc_barriers(1)
    for j in tl.range(0, iters):
        step = 2 * j + rank
        tl.barrier_wait(bars[0], (j + rank + 1) & 1, pred=step > 0)
        seen = tl.atomic_add(counter + cluster, 1)
        tl.store(log + cluster * 2 * iters + step, seen)
        tl.barrier_arrive(bars[0], 1, remote_cta_rank=1 - rank)
    tl.cluster_barrier()


if __name__ == "__main__":
    k = compiler.compile(cluster_ping_pong.build(target="sm_90a"), target="sm_90a")
    print(f"sm_90a: cluster {k.kernels['cluster_ping_pong']['cluster']}, "
          f"{k.asm.count('mapa.shared::cluster')} mapa, resources {k.resources}")
