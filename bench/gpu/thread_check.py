"""Launches from threads the driver context was never made current in (as
torch's autograd runs a backward on a thread of its own): a kernel loaded in
the main thread launched from a new thread, and a kernel loaded in a new
thread, each checked against the main thread's result.

    python bench/gpu/thread_check.py DIR    # DIR: dot_scaled_h200.py build's cubins
"""

import os
import sys
import threading


def main(out):
    import torch

    from tlxamd import runtime

    m = n = k = 256
    a = torch.randint(0, 120, (m, k), device="cuda", dtype=torch.uint8).view(torch.int8)
    b = torch.randint(0, 120, (k, n), device="cuda", dtype=torch.uint8).view(torch.int8)
    sa = torch.full((m, k // 32), 127, device="cuda", dtype=torch.uint8).view(torch.int8)
    sb = torch.full((n, k // 32), 127, device="cuda", dtype=torch.uint8).view(torch.int8)
    path = os.path.join(out, "mx_e4m3_e4m3_64x64x64.cubin")
    kern = runtime.load(path)["mx_matmul"]
    want = torch.zeros((m, n), device="cuda")
    kern[(m // 64, n // 64)](a, sa, b, sb, want, m, n, k)
    torch.cuda.synchronize()
    results = {}

    def launch(name, load_here):
        try:
            kk = runtime.load(path)["mx_matmul"] if load_here else kern
            got = torch.zeros((m, n), device="cuda")
            kk[(m // 64, n // 64)](a, sa, b, sb, got, m, n, k)
            torch.cuda.synchronize()
            results[name] = bool(torch.equal(got, want))
        except Exception as e:  # noqa: BLE001 - reported below
            results[name] = f"{type(e).__name__}: {e}"

    for name, load_here in (("launch in a new thread", False), ("load and launch in a new thread", True)):
        t = threading.Thread(target=launch, args=(name, load_here))
        t.start()
        t.join()
    for name, r in results.items():
        print(f"{name}: {'OK' if r is True else r}")
    return all(r is True for r in results.values())


if __name__ == "__main__":
    sys.exit(0 if main(sys.argv[1]) else 1)
