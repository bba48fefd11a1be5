"""The public tutorials' kernels compiled by Triton and by tlxamd, launched
the Triton way (`kernel[grid](...)`) and timed side by side in one process
on the GPU, against torch.

    python bench/gpu/triton_style.py TUTORIALS_DIR [--out FILE]

TUTORIALS_DIR holds the upstream tutorial files (01-vector-add.py,
02-fused-softmax.py, 03-matrix-multiplication.py, 05-layer-norm.py, read
from the public repository; the project keeps no copy). Each kernel's
`def` is taken from its file and executed twice, once with `triton` /
`tl` bound to Triton and once to tlxamd, so both compile the same text.

Measured: the layer-norm forward (fp16, 4096 rows, 1024-16384 columns) and
the persistent fused softmax (fp32, 4096 rows) in GB/s, with their launch
code from the tutorials; the host time of a cached `kernel[grid](...)`
launch (vector add); the first-call compile time; autotuning of the
matmul kernel over four configurations, timed on the GPU, and that a
second call with the same key does not time again. The layer norm's and
softmax's sides (Triton, tlxamd, torch) are timed in turn over seven rounds
and each side's median kept (`--sections` picks what runs).

Under TLXAMD_JIT_MANIFEST (a launch-only install recording what to
compile) tlxamd's launches are dry runs and the checks are skipped.
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import time

import torch

DRY = bool(os.environ.get("TLXAMD_JIT_MANIFEST"))


def load(path: str, names, triton_module, tl_module) -> dict:
    """The named defs of a tutorial file, executed with the given modules."""
    tree = ast.parse(open(path).read())
    ns = {"triton": triton_module, "tl": tl_module, "__name__": "tutorial"}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name in names:
            node.decorator_list = []  # autotune's configurations are the caller's; jit is applied below
            exec(compile(ast.Module(body=[node], type_ignores=[]), path, "exec", dont_inherit=True), ns)
            ns[node.name] = triton_module.jit(ns[node.name])
    missing = [n for n in names if n not in ns]
    if missing:
        raise SystemExit(f"{path}: no def {missing}")
    return ns


def bench(fn) -> float:
    if DRY:
        fn()
        return 1.0
    import triton.testing  # the real one: the same timer for every side

    return triton.testing.do_bench(fn, warmup=25, rep=200, return_mode="median")


def bench_interleaved(runs: dict, rounds: int = 7) -> dict:
    """Median milliseconds per side, the sides timed in turn for `rounds`
    rounds (clock and thermal drift hit every side alike)."""
    import statistics

    times = {name: [] for name in runs}
    for _ in range(1 if DRY else rounds):
        for name, fn in runs.items():
            times[name].append(bench(fn))
    return {name: statistics.median(t) for name, t in times.items()}


def layer_norm(dirname, sides, rows=4096, cols=(1024, 2048, 4096, 8192, 16384)):
    out = []
    for n in cols:
        x = -2.3 + 0.5 * torch.randn(rows, n, device="cuda", dtype=torch.float16)
        w = torch.rand(n, device="cuda", dtype=torch.float16)
        b = torch.rand(n, device="cuda", dtype=torch.float16)
        ref = torch.nn.functional.layer_norm(x, (n,), w, b, 1e-5)
        row = {"kernel": "layer_norm_fwd", "N": n}
        runs = {}
        for name, (triton_m, ns) in sides.items():
            kern = ns["_layer_norm_fwd_fused"]
            y = torch.empty_like(x)
            mean = torch.empty(rows, device="cuda", dtype=torch.float32)
            rstd = torch.empty(rows, device="cuda", dtype=torch.float32)
            block = min(65536 // x.element_size(), triton_m.next_power_of_2(n))
            warps = min(max(block // 256, 1), 8)

            def run(kern=kern, y=y, mean=mean, rstd=rstd, block=block, warps=warps):
                kern[(rows,)](x, y, w, b, mean, rstd, x.stride(0), n, 1e-5, BLOCK_SIZE=block, num_warps=warps,
                              num_ctas=1)

            run()
            torch.cuda.synchronize()
            if not (DRY and name == "tlxamd"):
                err = (y.float() - ref.float()).abs().max().item()
                row[f"{name}_maxerr"] = err
                assert err < 1e-2, (name, n, err)
            runs[name] = run
        runs["torch"] = lambda: torch.nn.functional.layer_norm(x, (n,), w, b, 1e-5)
        for name, ms in bench_interleaved(runs).items():
            row[f"{name}_GBps"] = 2 * x.numel() * x.element_size() * 1e-9 / (ms * 1e-3)
        out.append(row)
    return out


def softmax(dirname, sides, rows=4096, cols=(256, 1024, 2048, 4096, 8192, 12288)):
    props = torch.cuda.get_device_properties(0)
    num_sm, regs, smem = props.multi_processor_count, 65536, props.shared_memory_per_block_optin
    out = []
    for n in cols:
        x = torch.randn(rows, n, device="cuda", dtype=torch.float32)
        ref = torch.softmax(x, dim=1)
        row = {"kernel": "softmax", "N": n}
        runs = {}
        for name, (triton_m, ns) in sides.items():
            kern = ns["softmax_kernel"]
            y = torch.empty_like(x)
            block = triton_m.next_power_of_2(n)
            warps, stages = 8, 4 if smem > 200000 else 2
            k = kern.warmup(y, x, x.stride(0), y.stride(0), rows, n, BLOCK_SIZE=block, num_stages=stages,
                            num_warps=warps, grid=(1,))
            k._init_handles()
            occupancy = regs // (max(k.n_regs, 1) * 32 * warps)
            occupancy = min(occupancy, smem // max(k.metadata.shared, 1))
            programs = min(num_sm * max(occupancy, 1), rows)

            def run(k=k, y=y, programs=programs, block=block, stages=stages):
                k[(programs, 1, 1)](y, x, x.stride(0), y.stride(0), rows, n, block, stages)

            run()
            torch.cuda.synchronize()
            if not (DRY and name == "tlxamd"):
                err = (y - ref).abs().max().item()
                row[f"{name}_maxerr"] = err
                assert err < 1e-5, (name, n, err)
            runs[name] = run
            row[f"{name}_regs"] = k.n_regs
            row[f"{name}_programs"] = programs
        runs["torch"] = lambda: torch.softmax(x, dim=-1)
        for name, ms in bench_interleaved(runs).items():
            row[f"{name}_GBps"] = 2 * x.numel() * x.element_size() * 1e-9 / (ms * 1e-3)
        out.append(row)
    return out


def launch_overhead(sides, launches=5000):
    """Host microseconds per cached launch of a small kernel."""
    x = torch.rand(1024, device="cuda")
    y = torch.rand(1024, device="cuda")
    out = {}
    for name, (triton_m, ns) in sides.items():
        kern = ns["add_kernel"]
        o = torch.empty_like(x)
        grid = lambda meta: (triton_m.cdiv(1024, meta["BLOCK_SIZE"]),)  # noqa: E731
        t_first = time.perf_counter()
        kern[grid](x, y, o, 1024, BLOCK_SIZE=1024)
        torch.cuda.synchronize()
        out[f"{name}_first_call_s"] = time.perf_counter() - t_first
        best = float("inf")
        for _ in range(3):
            torch.cuda.synchronize()
            t0 = time.perf_counter()
            for _ in range(launches):
                kern[grid](x, y, o, 1024, BLOCK_SIZE=1024)
            t1 = time.perf_counter()
            torch.cuda.synchronize()
            best = min(best, (t1 - t0) / launches * 1e6)
        out[f"{name}_launch_us"] = best
        if not (DRY and name == "tlxamd"):
            assert torch.equal(o, x + y), name
    return out


def autotuned_matmul(path, tlxamd, tl):
    """The tutorial's matmul kernel under tlxamd's autotune: 4 configs, key
    M, N, K; a second call with the same key must not time again."""
    ns = load(path, ["matmul_kernel", "leaky_relu"], tlxamd, tl)
    configs = [tlxamd.Config({"BLOCK_SIZE_M": bm, "BLOCK_SIZE_N": bn, "BLOCK_SIZE_K": bk, "GROUP_SIZE_M": 8},
                             num_warps=w, num_stages=s)
               for bm, bn, bk, w, s in ((128, 256, 64, 8, 3), (128, 128, 32, 4, 4), (64, 128, 32, 4, 4),
                                        (128, 64, 32, 4, 4))]
    kern = tlxamd.autotune(configs=configs, key=["M", "N", "K"])(ns["matmul_kernel"])
    m = n = k = 4096
    a = torch.randn(m, k, device="cuda", dtype=torch.float16)
    b = torch.randn(k, n, device="cuda", dtype=torch.float16)
    c = torch.empty(m, n, device="cuda", dtype=torch.float16)

    def run():
        grid = lambda meta: (tlxamd.cdiv(m, meta["BLOCK_SIZE_M"]) * tlxamd.cdiv(n, meta["BLOCK_SIZE_N"]),)  # noqa
        kern[grid](a, b, c, m, n, k, a.stride(0), a.stride(1), b.stride(0), b.stride(1), c.stride(0),
                   c.stride(1), ACTIVATION="")

    run()
    first = kern.bench_time
    timings = {str(cfg): t[0] for cfg, t in (kern.configs_timings or {}).items()}
    run()
    same_key_retimed = kern.bench_time != first or len(kern.cache) != 1
    torch.cuda.synchronize()
    result = {"configs_ms": timings, "best": str(kern.best_config), "tuning_s": first,
              "second_call_retimed": same_key_retimed}
    if not DRY:
        ref = torch.matmul(a, b)
        result["maxerr"] = (c.float() - ref.float()).abs().max().item()
        ms = bench(run)
        result["TFLOPs"] = 2 * m * n * k * 1e-12 / (ms * 1e-3)
        result["torch_TFLOPs"] = 2 * m * n * k * 1e-12 / (bench(lambda: torch.matmul(a, b)) * 1e-3)
    return result


# (the last: 64 rows over 8 warps, the warpgroups splitting N)
MATMUL_CONFIGS = ((128, 256, 64, 8, 3), (128, 128, 64, 4, 4), (128, 128, 64, 4, 3), (64, 256, 64, 8, 3))


def matmul(path, sides, sizes=(4096, 8192), configs=MATMUL_CONFIGS):
    """The tutorial's matmul kernel, Triton and tlxamd compiling the same
    text with the same tile configuration (BM, BN, BK, warps, stages),
    fp16 and bf16 (and fp8 e4m3 with B K-major, as the tutorial does)
    beside torch.matmul; exact-enough against torch at ragged M and N."""
    out = []
    for dtype in ("fp16", "bf16", "fp8"):
        for n in sizes:
            if dtype == "fp8" and n != sizes[0]:
                continue
            torch.manual_seed(0)
            a = torch.randn(n, n, device="cuda", dtype=torch.float16)
            b = torch.randn(n, n, device="cuda", dtype=torch.float16)
            if dtype == "fp8":
                a, b = a.to(torch.float8_e4m3fn), b.T.to(torch.float8_e4m3fn)
            elif dtype == "bf16":
                a, b = a.to(torch.bfloat16), b.to(torch.bfloat16)
            c = torch.empty(n, n, device="cuda", dtype=torch.float16)
            for bm, bn, bk, warps, stages in configs:
                runs = {}
                for name, (triton_m, ns) in sides.items():
                    kern = ns["matmul_kernel"]

                    def run(kern=kern, tm=triton_m, a=a, b=b, c=c, n=n, bm=bm, bn=bn, bk=bk, w=warps, s=stages):
                        grid = (tm.cdiv(n, bm) * tm.cdiv(n, bn),)
                        kern[grid](a, b, c, n, n, n, a.stride(0), a.stride(1), b.stride(0), b.stride(1),
                                   c.stride(0), c.stride(1), BLOCK_SIZE_M=bm, BLOCK_SIZE_N=bn, BLOCK_SIZE_K=bk,
                                   GROUP_SIZE_M=8, ACTIVATION="", num_warps=w, num_stages=s)

                    try:
                        run()
                        runs[name] = run
                    except Exception as e:  # reported, the other side still timed
                        out.append({"dtype": dtype, "N": n, "config": [bm, bn, bk, warps, stages], "side": name,
                                    "error": f"{type(e).__name__}: {e}"[:400]})
                if dtype != "fp8":
                    runs["torch"] = lambda a=a, b=b: torch.matmul(a, b)
                if DRY:
                    continue
                row = {"dtype": dtype, "N": n, "config": [bm, bn, bk, warps, stages]}
                ref = torch.matmul(a.float(), b.float())
                for name in [s for s in runs if s != "torch"]:
                    c.fill_(0)
                    runs[name]()
                    row[f"{name}_relerr"] = ((c.float() - ref).abs().max() / ref.abs().max()).item()
                ms = bench_interleaved(runs, rounds=3)
                for name, t in ms.items():
                    row[f"{name}_TFLOPs"] = 2 * n ** 3 * 1e-12 / (t * 1e-3)
                out.append(row)
    # Ragged M and N (K a multiple of 16, as the launcher specializes it, and
    # not): each side against torch.
    for m, n, k in ((1000, 1000, 1024), (1000, 1000, 1000), (257, 129, 96)):
        torch.manual_seed(1)
        a = torch.randn(m, k, device="cuda", dtype=torch.float16)
        b = torch.randn(k, n, device="cuda", dtype=torch.float16)
        for name, (triton_m, ns) in sides.items():
            c = torch.empty(m, n, device="cuda", dtype=torch.float16)
            grid = (triton_m.cdiv(m, 128) * triton_m.cdiv(n, 128),)
            try:
                ns["matmul_kernel"][grid](a, b, c, m, n, k, a.stride(0), a.stride(1), b.stride(0), b.stride(1),
                                          c.stride(0), c.stride(1), BLOCK_SIZE_M=128, BLOCK_SIZE_N=128,
                                          BLOCK_SIZE_K=64, GROUP_SIZE_M=8, ACTIVATION="", num_warps=4,
                                          num_stages=3)
            except Exception as e:
                out.append({"ragged": [m, n, k], "side": name, "error": f"{type(e).__name__}: {e}"[:400]})
                continue
            if not DRY:
                err = (c.float() - torch.matmul(a.float(), b.float())).abs().max().item()
                out.append({"ragged": [m, n, k], "side": name, "maxerr": err, "ok": err < 0.5})
    return out


ATTENTION_SOURCE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "test", "python",
                                "test_pipeline_dot.py")
ATTENTION_CONFIGS = ((64, 128, 64, 4, 3), (128, 128, 64, 8, 3), (128, 64, 128, 8, 3), (128, 64, 128, 8, 2))


def attention(sides, n=4096, heads=32, configs=ATTENTION_CONFIGS):
    """The project's Triton-style attention forward (test_pipeline_dot.py's
    `attention_fwd`: online softmax, K read transposed through its
    pointers), compiled by Triton and by tlxamd from the same text with the
    same configuration (D, BLOCK_M, BLOCK_N, warps, stages), fp16, beside
    torch's scaled_dot_product_attention; TFLOP/s of 4 N^2 D per head."""
    out = []
    for d, bm, bn, warps, stages in configs:
        torch.manual_seed(0)
        q, k, v = (torch.randn(heads, n, d, device="cuda", dtype=torch.float16) for _ in range(3))
        o = torch.empty_like(q)
        scale = d ** -0.5
        runs = {}
        for name, (triton_m, ns) in sides.items():
            def run(kern=ns["attention_fwd"], tm=triton_m, d=d, bm=bm, bn=bn, w=warps, s=stages):
                kern[(n // bm, heads)](q, k, v, o, scale, n, n * d, d, d, d, d, BLOCK_M=bm, BLOCK_N=bn, D=d,
                                       num_warps=w, num_stages=s)
            try:
                run()
                runs[name] = run
            except Exception as e:
                out.append({"D": d, "config": [bm, bn, warps, stages], "side": name,
                            "error": f"{type(e).__name__}: {e}"[:400]})
        runs["torch_sdpa"] = lambda: torch.nn.functional.scaled_dot_product_attention(q, k, v, scale=scale)
        if DRY:
            continue
        row = {"D": d, "N": n, "heads": heads, "config": [bm, bn, warps, stages]}
        ref = torch.nn.functional.scaled_dot_product_attention(q.float(), k.float(), v.float(), scale=scale)
        for name in [s for s in runs if s != "torch_sdpa"]:
            o.zero_()
            runs[name]()
            row[f"{name}_maxerr"] = (o.float() - ref).abs().max().item()
        for name, t in bench_interleaved(runs, rounds=3).items():
            row[f"{name}_TFLOPs"] = 4 * n * n * d * heads * 1e-12 / (t * 1e-3)
        out.append(row)
    return out


def main():
    p = argparse.ArgumentParser()
    p.add_argument("tutorials")
    p.add_argument("--out", default="")
    p.add_argument("--sections", default=os.environ.get("TRITON_STYLE_SECTIONS",
                                                        "launch,layer_norm,softmax,autotune,matmul"))
    args = p.parse_args()
    wanted = args.sections.split(",")
    import triton as real_triton
    import triton.language as real_tl

    import tlxamd
    import tlxamd.language as tl

    d = args.tutorials
    files = {"ln": os.path.join(d, "05-layer-norm.py"), "sm": os.path.join(d, "02-fused-softmax.py"),
             "add": os.path.join(d, "01-vector-add.py"), "mm": os.path.join(d, "03-matrix-multiplication.py"),
             "attn": ATTENTION_SOURCE}

    def sides(key, names):
        both = {"tlxamd": (tlxamd, load(files[key], names, tlxamd, tl))}
        if not DRY:  # a dry run records tlxamd's kernels only
            both["triton"] = (real_triton, load(files[key], names, real_triton, real_tl))
        return both

    sections = {"launch": lambda: launch_overhead(sides("add", ["add_kernel"])),
                "layer_norm": lambda: layer_norm(d, sides("ln", ["_layer_norm_fwd_fused"])),
                "softmax": lambda: softmax(d, sides("sm", ["softmax_kernel"])),
                "autotune": lambda: autotuned_matmul(files["mm"], tlxamd, tl),
                "matmul": lambda: matmul(files["mm"], sides("mm", ["matmul_kernel", "leaky_relu"])),
                "attention": lambda: attention(sides("attn", ["attention_fwd"]))}
    results = {"device": torch.cuda.get_device_name(0), "triton": real_triton.__version__}
    for name in wanted:
        results[name] = sections[name]()
    text = json.dumps(results, indent=1)
    if args.out:
        with open(args.out, "w") as f:
            f.write(text)
    print(text)
    if DRY:
        return
    for section in ("layer_norm", "softmax"):
        for r in results.get(section, []):
            print(f"{r['kernel']:>15} N={r['N']:>6}: tlxamd {r['tlxamd_GBps']:7.0f} GB/s  triton "
                  f"{r['triton_GBps']:7.0f}  torch {r['torch_GBps']:7.0f}  ratio {r['tlxamd_GBps'] / r['triton_GBps']:.2f}")
    for r in results.get("attention", []):
        if "error" in r:
            print("attention", r)
            continue
        print(f"attention D={r['D']} {r['config']}: tlxamd {r['tlxamd_TFLOPs']:6.1f} TFLOP/s  triton "
              f"{r.get('triton_TFLOPs', float('nan')):6.1f}  sdpa {r['torch_sdpa_TFLOPs']:6.1f}  ratio "
              f"{r['tlxamd_TFLOPs'] / r.get('triton_TFLOPs', float('nan')):.2f}  maxerr "
              f"{r.get('tlxamd_maxerr', float('nan')):.1e} / {r.get('triton_maxerr', float('nan')):.1e}")
    for r in results.get("matmul", []):
        if "config" in r and "error" not in r:
            t = r.get("tlxamd_TFLOPs", 0.0)
            tt = r.get("triton_TFLOPs", float("nan"))
            print(f"matmul {r['dtype']} N={r['N']} {r['config']}: tlxamd {t:6.1f} TFLOP/s  triton {tt:6.1f}  "
                  f"torch {r.get('torch_TFLOPs', float('nan')):6.1f}  ratio {t / tt:.2f}  relerr "
                  f"{r.get('tlxamd_relerr', float('nan')):.1e} / {r.get('triton_relerr', float('nan')):.1e}")
        else:
            print("matmul", r)
    la = results.get("launch")
    if la:
        print(f"launch: tlxamd {la['tlxamd_launch_us']:.2f} us, triton {la['triton_launch_us']:.2f} us")


if __name__ == "__main__":
    main()
