"""Triton-language constructs of the frontend run on an NVIDIA GPU against
torch: tl.umulhi, tl.assume, tl.debug_barrier, masks / other broadcast to
the pointers' shape, 0-d accumulators with a numeric tl.where condition.

    python bench/gpu/frontend_ops.py build OUTDIR      # here: sm_90a cubins
    PYTHONPATH=python_bindings python3 bench/gpu/frontend_ops.py run OUTDIR   # on the GPU

(The AMD side of each runs in the emulator: test/python/test_language.py.)"""

import os
import sys


def kernels():
    from tlxamd import language as tl

    @tl.kernel(num_warps=4)
    def umulhi(a: tl.pointer(tl.int32), b: tl.pointer(tl.int32), out: tl.pointer(tl.int32)):
        r = tl.program_id(0) * 256 + tl.arange(0, 256)
        tl.store(out + r, tl.umulhi(tl.load(a + r), tl.load(b + r)))

    @tl.kernel(num_warps=4)
    def assume_rows(a: tl.pointer(tl.float32), out: tl.pointer(tl.float32), n: tl.int32, stride: tl.int32):
        tl.assume(n > 0)
        tl.assume(stride >= 0)
        offs = (tl.program_id(0) % n) * stride + tl.arange(0, 256)
        tl.debug_barrier()
        tl.store(out + offs, tl.load(a + offs) * 2.0)

    @tl.kernel(num_warps=4)
    def broadcast_masks(a: tl.pointer(tl.float32), out: tl.pointer(tl.float32), K: tl.int32):
        rm = tl.arange(0, 16)
        rk = tl.arange(0, 64)
        offs = rm[:, None] * 64 + rk[None, :]
        x = tl.load(a + offs, mask=rk[None, :] < K, other=tl.full([16, 1], -1.0, tl.float32))
        tl.store(out + offs, x, mask=rk[None, :] < K + 8)

    @tl.kernel(num_warps=4)
    def scalar_acc(a: tl.pointer(tl.float32), out: tl.pointer(tl.float32)):
        acc = tl.zeros([], tl.float32)
        for i in range(0, 4):
            acc += tl.load(a + i)
        r = tl.arange(0, 64)
        tl.store(out + r, tl.where(r % 2, tl.load(a + r), acc))

    return {"umulhi": umulhi, "assume_rows": assume_rows, "broadcast_masks": broadcast_masks,
            "scalar_acc": scalar_acc}


def build(outdir):
    from tlxamd import compiler

    os.makedirs(outdir, exist_ok=True)
    for name, k in kernels().items():
        compiler.compile(k.build(target="sm_90a"), target="sm_90a").save(outdir, name)
        print(f"built {name}")


def run(outdir):
    import torch

    from tlxamd import runtime

    def load(name):
        return runtime.load(os.path.join(outdir, name + ".cubin"))[name]

    dev, bad = "cuda", 0
    g = torch.Generator(device=dev).manual_seed(0)
    a = torch.randint(-2**31, 2**31 - 1, (1024,), device=dev, dtype=torch.int64, generator=g).to(torch.int32)
    b = torch.randint(-2**31, 2**31 - 1, (1024,), device=dev, dtype=torch.int64, generator=g).to(torch.int32)
    out = torch.zeros_like(a)
    load("umulhi")[(4,)](a, b, out)
    u = lambda t: t.to(torch.int64) & 0xFFFFFFFF  # noqa: E731
    # the 64-bit product wraps in int64; its high word's bits are exact
    want = ((u(a) * u(b)) >> 32) & 0xFFFFFFFF
    ok = torch.equal(u(out), want)
    bad += not ok
    print(f"umulhi           {'OK' if ok else 'BAD'}")

    x = torch.randn(3 * 256, device=dev)
    y = torch.zeros_like(x)
    load("assume_rows")[(3,)](x, y, 3, 256)
    ok = torch.equal(y, x * 2)
    bad += not ok
    print(f"assume_rows      {'OK' if ok else 'BAD'}")

    x = torch.randn(16, 64, device=dev)
    y = torch.full_like(x, float("nan"))
    load("broadcast_masks")[(1,)](x, y, 40)
    cols = torch.arange(64, device=dev)[None, :]
    want = torch.where(cols < 48, torch.where(cols < 40, x, torch.full_like(x, -1.0)), float("nan"))
    ok = torch.equal(torch.nan_to_num(y, 7.0), torch.nan_to_num(want, 7.0))
    bad += not ok
    print(f"broadcast_masks  {'OK' if ok else 'BAD'}")

    x = torch.randn(64, device=dev)
    y = torch.zeros_like(x)
    load("scalar_acc")[(1,)](x, y)
    r = torch.arange(64, device=dev)
    want = torch.where(r % 2 == 1, x, x[:4].sum())
    ok = torch.allclose(y, want, rtol=0, atol=1e-6)
    bad += not ok
    print(f"scalar_acc       {'OK' if ok else 'BAD'}")
    return 1 if bad else 0


if __name__ == "__main__":
    mode, outdir = sys.argv[1], sys.argv[2]
    sys.exit(build(outdir) if mode == "build" else run(outdir))
