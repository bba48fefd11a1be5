"""Run the GPU suite (built by suite.py on the CPU machine) on an NVIDIA GPU:
check every kernel against torch on fresh random inputs, then time it with
CUDA events beside torch's copy and an equivalent Triton kernel.

    PYTHONPATH=python_bindings python3 bench/gpu/run_gpu.py bench/gpu/suite

Needs torch (and triton for the Triton column) and cuda.bindings or cupy;
not tlxamd's compiled extension (kernels arrive as cubins).
"""

import json
import os
import statistics
import subprocess
import sys

import torch

from tlxamd import runtime

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
SIZES = {"copy": [1 << 24, 1 << 28], "masked": [(1 << 24) + 7, (1 << 28) + 7], "masked_other": [(1 << 20) + 7],
         "atomic": [(1 << 24) + 7], "convert": [1 << 24], "colsum": [1 << 26], "branches": [(1 << 22) + 5],
         "math": [(1 << 22) + 5], "rowsum": [8192], "reduce": [1 << 16], "atomics": [1 << 20],
         "shape": [1 << 24], "cast": [(1 << 24) + 3], "cluster": [1000]}


def bench(fn, reps=21, warmup=10, batch=10):
    """Median over `reps` samples of the time per launch, each sample
    timing `batch` back-to-back launches between two events (so that the
    events' resolution and the launch gaps weigh little)."""
    for _ in range(warmup):
        fn()
    torch.cuda.synchronize()
    times = []
    for _ in range(reps):
        a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        a.record()
        for _ in range(batch):
            fn()
        b.record()
        b.synchronize()
        times.append(a.elapsed_time(b) / 1e3 / batch)
    return statistics.median(times)


def triton_copy():
    try:
        import triton
        import triton.language as tl
    except ImportError:
        return None

    @triton.jit
    def copy_kernel(src, dst, n, BLOCK: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        m = offs < n
        tl.store(dst + offs, tl.load(src + offs, mask=m), mask=m)

    def run(x, y, n):
        copy_kernel[(triton.cdiv(n, 2048),)](x, y, n, BLOCK=2048, num_warps=4)

    return run


def triton_transpose():
    """A Triton transpose in 64 x 64 tiles (tl.trans between a coalesced
    load and a coalesced store: Triton's layout change through shared
    memory)."""
    try:
        import triton
        import triton.language as tl
    except ImportError:
        return None

    @triton.jit
    def trans_kernel(x, y, N, B: tl.constexpr):
        r = tl.program_id(0) * B + tl.arange(0, B)
        c = tl.program_id(1) * B + tl.arange(0, B)
        v = tl.load(x + r[:, None] * N + c[None, :])
        tl.store(y + c[:, None] * N + r[None, :], tl.trans(v))

    def run(x, y, side):
        trans_kernel[(side // 64, side // 64)](x, y, side, B=64, num_warps=4)

    return run


def triton_softmax():
    """Triton's fused-softmax tutorial (python/tutorials/02-fused-softmax.py):
    a persistent grid sized from the kernel's occupancy, rows in registers."""
    try:
        import triton
        import triton.language as tl
        from triton.runtime import driver
    except ImportError:
        return None

    @triton.jit
    def softmax_kernel(output_ptr, input_ptr, input_row_stride, output_row_stride, n_rows, n_cols,
                       BLOCK_SIZE: tl.constexpr, num_stages: tl.constexpr):
        row_start = tl.program_id(0)
        row_step = tl.num_programs(0)
        for row_idx in tl.range(row_start, n_rows, row_step, num_stages=num_stages):
            row_start_ptr = input_ptr + row_idx * input_row_stride
            col_offsets = tl.arange(0, BLOCK_SIZE)
            input_ptrs = row_start_ptr + col_offsets
            mask = col_offsets < n_cols
            row = tl.load(input_ptrs, mask=mask, other=-float("inf"))
            row_minus_max = row - tl.max(row, axis=0)
            numerator = tl.exp(row_minus_max)
            denominator = tl.sum(numerator, axis=0)
            softmax_output = numerator / denominator
            output_row_start_ptr = output_ptr + row_idx * output_row_stride
            output_ptrs = output_row_start_ptr + col_offsets
            tl.store(output_ptrs, softmax_output, mask=mask)

    props = driver.active.utils.get_device_properties(torch.cuda.current_device())
    num_sm, num_regs, size_smem = props["multiprocessor_count"], props["max_num_regs"], props["max_shared_mem"]
    cache = {}

    def run(x, y):
        n_rows, n_cols = x.shape
        block = triton.next_power_of_2(n_cols)
        key = (x.dtype, block)
        if key not in cache:
            num_warps, num_stages = 8, (4 if size_smem > 200000 else 2)
            k = softmax_kernel.warmup(y, x, x.stride(0), y.stride(0), n_rows, n_cols, BLOCK_SIZE=block,
                                      num_stages=num_stages, num_warps=num_warps, grid=(1,))
            k._init_handles()
            occupancy = num_regs // (k.n_regs * 32 * num_warps)
            occupancy = min(occupancy, size_smem // max(1, k.metadata.shared))
            cache[key] = (k, num_sm * occupancy, block, num_stages)
        k, programs, block, num_stages = cache[key]
        k[(min(programs, n_rows), 1, 1)](y, x, x.stride(0), y.stride(0), n_rows, n_cols, block, num_stages)

    return run


def triton_matmul():
    """The GEMM of Triton's matmul tutorial (bench/triton_side.py's
    `matmul`: grouped program order, masked K loop, tl.dot) at the
    tutorial's Hopper configuration (128 x 256 x 64, 8 warps, 3 stages),
    compiled by the installed Triton; C takes the output's dtype."""
    try:
        sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
        import triton
        from triton_side import matmul
    except ImportError:
        return None

    def run(a, b, c):
        M, K = a.shape
        N = b.shape[1]
        grid = (triton.cdiv(M, 128) * triton.cdiv(N, 256),)
        matmul[grid](a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1), c.stride(0),
                     c.stride(1), BM=128, BN=256, BK=64, GROUP_M=8, num_warps=8, num_stages=3)

    return run


def sass_widths(path):
    try:
        out = subprocess.run(["cuobjdump", "-sass", path], capture_output=True, text=True).stdout
    except OSError:
        return ""
    counts = {}
    for line in out.splitlines():
        for op in ("LDG", "STG", "RED", "ATOM", "ATOMG"):
            tok = f" {op}."
            if tok in line:
                mnemonic = line.split(tok, 1)[1].split()[0]
                key = f"{op}.{mnemonic}"
                counts[key] = counts.get(key, 0) + 1
    return " ".join(f"{k}x{v}" for k, v in sorted(counts.items()))


def main(suite_dir):
    from checks import TORCH_DT, check

    manifest = json.load(open(os.path.join(suite_dir, "manifest.json")))
    block = manifest["block"]
    torch.manual_seed(0)
    tcopy = triton_copy()
    tsoftmax = triton_softmax()
    tmatmul = triton_matmul()
    ttrans = triton_transpose()
    rows, failures = [], []
    ref_bw = {}
    for name, case in manifest["cases"].items():
        k = runtime.load(os.path.join(suite_dir, name + ".cubin"))[name]
        esize = torch.tensor([], dtype=TORCH_DT[case["dtype"]]).element_size()
        sizes = case.get("sizes") or SIZES[case["kind"]]
        for n in sizes:
            try:
                ok, detail, launch = check(k, case, n, case.get("block", block))
            except runtime.ContractViolation as e:  # a sanitized suite: any report fails the case
                ok, detail, launch = False, str(e).replace("\n", " | ")[:400], None
            if not ok:
                failures.append(name)
            if launch is None:
                rows.append((name, n, None, None, None, ok, detail, case))
                continue
            bw = torch_bw = triton_bw = None
            if case["kind"] in ("copy", "masked"):
                t = bench(launch)
                bw = 2 * n * esize / t
                key = (case["dtype"], n)
                if key not in ref_bw:
                    x = torch.randn(n, device="cuda").to(TORCH_DT[case["dtype"]])
                    y = torch.empty_like(x)
                    tt = bench(lambda: y.copy_(x))
                    tr = bench(lambda: tcopy(x, y, n)) if tcopy else None
                    ref_bw[key] = (2 * n * esize / tt, 2 * n * esize / tr if tr else None)
                    del x, y
                torch_bw, triton_bw = ref_bw[key]
            elif case["kind"] == "atomic":
                bw = 3 * n * esize / bench(launch)
            elif case["kind"] == "shape":
                # reads n elements; writes 2n (cat, interleave), n/32 (row sums) or n
                moved = {"cat": 3, "interleave": 3, "reshape_sum": 1 + 1 / 32}.get(case["fn"], 2)
                bw = moved * n * esize / bench(launch)
            elif case["kind"] == "cast":
                # f32 in, the code out, f32 back
                code = 1 if case["fmt"] not in ("f16", "bf16") else 2
                bw = (8 + code) * n / bench(launch)
            elif case["kind"] in ("convert", "math"):
                bw = 2 * n * esize / bench(launch)
            elif case["kind"] == "colsum":
                bw = n * esize / bench(launch)  # reads every element once
            elif case["kind"] == "softmax":
                bw = 2 * n * case["cols"] * esize / bench(launch)
                key = ("softmax", case["dtype"], n, case["cols"])
                if key not in ref_bw:
                    x = torch.randn(n, case["cols"], device="cuda").to(TORCH_DT[case["dtype"]])
                    y = torch.empty_like(x)
                    tt = bench(lambda: torch.softmax(x, dim=1))
                    tr = None
                    try:
                        if tsoftmax:
                            tsoftmax(x, y)
                            ok_tr = torch.allclose(y.float(), torch.softmax(x.float(), dim=1), atol=1e-2)
                            tr = bench(lambda: tsoftmax(x, y)) if ok_tr else None
                    except Exception as e:  # a Triton version whose API differs
                        print(f"triton softmax failed: {type(e).__name__}: {e}")
                    ref_bw[key] = (2 * x.numel() * esize / tt, 2 * x.numel() * esize / tr if tr else None)
                    del x, y
                torch_bw, triton_bw = ref_bw[key]
            elif case["kind"] == "shared":
                bw = 2 * n * esize / bench(launch)
                key = ("shared", case["fn"], case["dtype"], n)
                if key not in ref_bw:
                    x = torch.randn(n, device="cuda").to(TORCH_DT[case["dtype"]])
                    y = torch.empty_like(x)
                    tr = None
                    if case["fn"] == "trans":
                        side = int(round(n ** 0.5))
                        x2 = x.view(side, side)
                        tt = bench(lambda: x2.t().contiguous())
                        try:
                            if ttrans:
                                ttrans(x, y, side)
                                if torch.equal(y.view(side, side), x2.t()):
                                    tr = bench(lambda: ttrans(x, y, side))
                        except Exception as e:  # a Triton version whose API differs
                            print(f"triton transpose failed: {type(e).__name__}: {e}")
                    else:  # the pipelined copy against plain copies
                        tt = bench(lambda: y.copy_(x))
                        tr = bench(lambda: tcopy(x, y, n)) if tcopy else None
                    ref_bw[key] = (2 * n * esize / tt, 2 * n * esize / tr if tr else None)
                    del x, y
                torch_bw, triton_bw = ref_bw[key]
            elif case["kind"] == "gemm" and case["dtype"] == "f8":  # beside torch._scaled_mm
                bw = 2 * n ** 3 / bench(launch)
                key = ("gemm_fp8", n)
                if key not in ref_bw:
                    a = torch.randn(n, n, device="cuda").to(torch.float8_e4m3fn)
                    bt = torch.randn(n, n, device="cuda").to(torch.float8_e4m3fn)
                    one = torch.ones((), device="cuda")
                    ref_bw[key] = (2 * n ** 3 / bench(lambda: torch._scaled_mm(
                        a, bt.t(), scale_a=one, scale_b=one, out_dtype=torch.bfloat16)), None)
                    del a, bt
                torch_bw, triton_bw = ref_bw[key]
            elif case["kind"] == "gemm":  # FLOP/s, beside torch.matmul in bf16
                bw = 2 * n ** 3 / bench(launch)
                key = ("gemm", n)
                if key not in ref_bw:
                    a = torch.randn(n, n, device="cuda").to(torch.bfloat16)
                    b = torch.randn(n, n, device="cuda").to(torch.bfloat16)
                    tr = None
                    if tmatmul:
                        try:
                            c = torch.empty(n, n, device="cuda", dtype=torch.bfloat16)
                            tmatmul(a, b, c)
                            if torch.allclose(c.float(), (a.float() @ b.float()), atol=0.5, rtol=2e-2):
                                tr = 2 * n ** 3 / bench(lambda: tmatmul(a, b, c))
                        except Exception as e:  # a Triton version whose API differs
                            print(f"triton matmul failed: {type(e).__name__}: {e}")
                    ref_bw[key] = (2 * n ** 3 / bench(lambda: torch.matmul(a, b)), tr)
                    del a, b
                torch_bw, triton_bw = ref_bw[key]
            elif case["kind"] == "rowsum":
                bw = n * case["cols"] * esize / bench(launch)
            elif case["kind"] == "cluster":  # no bandwidth: the time per turn
                t = bench(launch, reps=5, warmup=2, batch=2)
                detail = (detail + "; " if detail else "") + f"{t / (2 * n) * 1e6:.2f} us per turn"
            elif case["kind"] == "reduce":
                bw = n * case["consts"]["N"] * esize / bench(launch)
            rows.append((name, n, bw, torch_bw, triton_bw, ok, detail, case))
            del launch
            torch.cuda.empty_cache()

    def f(v):
        return f"{v / 1e9:8.0f}" if v else "       -"

    print(f"{'kernel':20} {'n':>11} {'GB/s':>8} {'torch':>8} {'triton':>8} {'%torch':>7} {'%triton':>7} {'ok':>3} "
          f"{'compile':>8} {'regs':>4}  sass")
    for name, n, bw, tb, trb, ok, detail, case in rows:
        pct = f"{100 * bw / tb:6.1f}%" if bw and tb else "      -"
        pct_tr = f"{100 * bw / trb:6.1f}%" if bw and trb else "      -"
        print(f"{name:20} {n:11d} {f(bw)} {f(tb)} {f(trb)} {pct} {pct_tr} {'OK' if ok else 'BAD':>3} "
              f"{case['compile_ms']:6.0f}ms {case['registers']:4d}  "
              f"{sass_widths(os.path.join(sys.argv[1], name + '.cubin')) if n == (case.get('sizes') or SIZES[case['kind']])[0] else ''}"
              f"{'  ' + detail if detail else ''}")
    print(f"\n{len(rows) - len(failures)} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
