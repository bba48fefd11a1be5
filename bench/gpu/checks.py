"""Correctness checks of the GPU suite's kernels against torch, shared by
run_gpu.py (the benchmark), test/python/test_gpu.py (the `gpu` tests) and
test/python/test_emulator_gpu_suite.py (the same kernels built for AMD,
run in the emulator on CPU tensors: `use_device("cpu", 1)`).
Outputs are poisoned first; every element is checked, masked-out lanes and
`other` values included, and atomics' returned old values."""

import torch

DEVICE = "cuda"
PROCESSORS = None  # multiprocessors of the device (persistent grids); None: ask CUDA


def use_device(device: str, processors: int = None) -> None:
    """Where the checks allocate their tensors, and how many processors a
    persistent grid fills."""
    global DEVICE, PROCESSORS
    DEVICE, PROCESSORS = device, processors


def sync():
    if DEVICE == "cuda":
        torch.cuda.synchronize()

TORCH_DT = {"bf16": torch.bfloat16, "f16": torch.float16, "f32": torch.float32, "f64": torch.float64,
            "i8": torch.int8, "i16": torch.int16, "i32": torch.int32, "i64": torch.int64, "f8": torch.float8_e4m3fn}
POISON_INT = -99  # fits every integer width
F8_NAN = 0x7F  # f8E4M3FN NaN bits


def bits(t):
    """f8 tensors are compared by their bytes (torch has few f8 ops)."""
    return t.view(torch.uint8) if t.dtype == torch.float8_e4m3fn else t


def poison(t):
    if t.dtype == torch.float8_e4m3fn:
        t.view(torch.uint8).fill_(F8_NAN)
        return t
    return t.fill_(float("nan")) if t.dtype.is_floating_point else t.fill_(POISON_INT)


def is_poison(t):
    if t.dtype == torch.float8_e4m3fn:
        return bits(t) == F8_NAN
    return torch.isnan(t) if t.dtype.is_floating_point else t == POISON_INT


def equal(a, b):
    return torch.equal(bits(a), bits(b))


def random(n, dt):
    """Fresh inputs: normal floats, or integers spread over [-100, 100)."""
    if dt.is_floating_point:
        return torch.randn(n, device=DEVICE).to(dt)
    return torch.randint(-100, 100, (n,), device=DEVICE).to(dt)


def check(kernel, case, n, block):
    """Run `kernel` (a tlxamd.runtime.Kernel) on fresh inputs of n elements;
    return (ok, detail, launch) where launch() reruns it on the same data."""
    dt = TORCH_DT[case["dtype"]]
    kind = case["kind"]
    if kind == "convert":
        grid = (n // case["tile"],)
        x = random(n, dt)
        y = poison(torch.empty(n, device=DEVICE, dtype=dt))
        kernel[grid](x, y)
        sync()
        ok = torch.equal(x, y)
        return ok, "" if ok else f"{int((x != y).sum())} elements differ", lambda: kernel[grid](x, y)
    grid = ((n + block - 1) // block,)
    padded = grid[0] * block
    if kind == "copy":
        assert n % block == 0
        x = random(n, dt)
        y = poison(torch.empty(n, device=DEVICE, dtype=dt))
        kernel[grid](x, y)
        sync()
        ok = torch.equal(x, y)
        return ok, "" if ok else f"{int((x != y).sum())} elements differ", lambda: kernel[grid](x, y)
    if kind in ("masked", "masked_other"):
        x = random(padded, dt)
        y = poison(torch.empty(padded, device=DEVICE, dtype=dt))
        kernel[grid](x, y, n)
        sync()
        head = equal(y[:n], x[:n])
        if kind == "masked":
            tail = bool(is_poison(y[n:]).all())  # masked-out stores dropped
        else:
            other = torch.full((1,), -7.0, device=DEVICE).to(dt)
            tail = bool((bits(y[n:]) == bits(other)).all())  # masked-out loads read `other`
        detail = "" if head and tail else f"in-bounds equal={head}, masked lanes correct={tail}"
        return head and tail, detail, lambda: kernel[grid](x, y, n)
    if kind == "atomic":
        c = case["contiguity"]
        m = (n // c) * c
        acc0 = torch.randint(-64, 64, (padded,), device=DEVICE).to(dt)
        val = torch.randint(-64, 64, (padded,), device=DEVICE).to(dt)
        acc = acc0.clone()
        old = poison(torch.empty(padded, device=DEVICE, dtype=dt))
        kernel[grid](acc, val, old, n)
        sync()
        checks = {
            "old values": torch.equal(old[:m], acc0[:m]),
            "sums": torch.equal(acc[:m], (acc0 + val)[:m]),
            "masked acc untouched": torch.equal(acc[m:], acc0[m:]),
            "masked old untouched": bool(is_poison(old[m:]).all()),
        }
        ok = all(checks.values())
        detail = "" if ok else ", ".join(k for k, v in checks.items() if not v) + " wrong"
        return ok, detail, lambda: kernel[grid](acc, val, old, n)
    if kind == "colsum":
        return _check_colsum(kernel, n, block)
    if kind == "cluster":
        return _check_cluster(kernel, case, n)
    if kind == "branches":
        return _check_branches(kernel, n, block)
    if kind == "math":
        return _check_math(kernel, case, n, block, dt)
    if kind == "softmax":
        return _check_softmax(kernel, case, n, dt)
    if kind == "rowsum":
        return _check_rowsum(kernel, case, n)
    if kind == "reduce":
        return _check_reduce(kernel, case, n, dt)
    if kind == "cast":
        return _check_cast(kernel, case, n)
    if kind == "shape":
        return _check_shape(kernel, case, n, TORCH_DT[case["dtype"]])
    if kind == "atomics":
        return _check_atomics(kernel, case, n)
    if kind == "shared":
        return _check_shared(kernel, case, n, dt)
    if kind == "gemm":
        return _check_gemm(kernel, case, n)
    raise ValueError(kind)


# The pipelined copy: 4096-element tiles, 8192 programs (2 tiles each at
# 2^26). On the H200 more programs beat longer loops: at 2^26, 4096
# programs of 4 tiles reach 94% of torch's copy, 8192 of 2 96%, 16384 of 1
# 97%; each iteration pays a barrier before the copy and one after the wait.
PIPELINE_TILE = 4096
PIPELINE_PROGRAMS = 8192


def _check_shared(kernel, case, n, dt):
    """Kernels with explicit shared memory, exactly against torch: the
    transpose of an N x N matrix (N * N = n), the pipelined copy."""
    if case["fn"].startswith("tma_"):
        return _check_tma(kernel, case, n, dt)
    x = random(n, dt)
    y = poison(torch.empty(n, device=DEVICE, dtype=dt))
    if case["fn"] == "trans":
        side = int(round(n ** 0.5))
        args, grid = (x, y, side), (side // 64, side // 64)
        ref = x.view(side, side).t().reshape(-1)
    else:
        tiles = n // PIPELINE_TILE
        programs = min(PIPELINE_PROGRAMS, max(1, tiles // 2))
        per = tiles // programs
        assert per * programs == tiles, (n, programs)
        args, grid = (x, y, per), (programs,)
        ref = x
    return _launch_exact(kernel, grid, args, y, ref)


def _launch_exact(kernel, grid, args, y, ref):
    """Launch once and compare `y` with `ref` bit for bit; the launcher is
    returned for timing."""

    def launch():
        kernel[grid](*args)

    launch()
    sync()
    ok = torch.equal(y, ref)
    return ok, "" if ok else f"{int((bits(y) != bits(ref)).sum())} of {y.numel()} differ", launch


CLUSTERS = 8  # two-CTA clusters of cluster_ping_pong


def _check_cluster(kernel, case, iters):
    """"Arrive remote, wait local" ping-pong in two-CTA clusters: step s of
    2 * iters belongs to CTA s % 2, which waits for its partner's arrival
    on its own barrier (phases alternating) before taking it; each step
    atomically bumps the cluster's counter and logs the value it saw. The
    log must be 0, 1, 2, ... in every cluster: any step out of turn shows."""
    counter = torch.zeros(CLUSTERS, device=DEVICE, dtype=torch.int32)
    log = poison(torch.empty(CLUSTERS * 2 * iters, device=DEVICE, dtype=torch.int32))
    grid = (2 * CLUSTERS,)
    kernel[grid](counter, log, iters)
    sync()
    want = torch.arange(2 * iters, device=DEVICE, dtype=torch.int32).repeat(CLUSTERS)
    checks = {"counters": bool((counter == 2 * iters).all()), "turn order": torch.equal(log, want)}
    ok = all(checks.values())
    bad = int((log != want).sum())
    detail = "" if ok else ", ".join(k for k, v in checks.items() if not v) + f" wrong ({bad} log entries)"

    def launch():
        counter.zero_()
        kernel[grid](counter, log, iters)

    return ok, detail, launch


TMA_ROWS_PER_PROGRAM = 8  # tiles each program of tma_loop copies


def _check_tma(kernel, case, n, dt):
    """TMA-loaded 64 x 128 tiles of a side x side matrix (side^2 = n) into
    a tile-padded output, exactly against torch: past the matrix's edge the
    copy engine reads zero."""
    from tlxamd.runtime import TensorDescriptor

    side = int(round(n ** 0.5))
    rows, cols = -(-side // 64) * 64, -(-side // 128) * 128
    x = random(n, dt).view(side, side)
    y = poison(torch.empty(rows * cols, device=DEVICE, dtype=dt))
    desc = TensorDescriptor.from_tensor(x, [64, 128])
    ref = torch.zeros(rows, cols, device=DEVICE, dtype=dt)
    ref[:side, :side] = x
    ref = ref.reshape(-1)
    if case["fn"] == "tma_tile":
        args, grid = (desc, y, cols), (rows // 64, cols // 128)
    else:
        per = TMA_ROWS_PER_PROGRAM
        assert rows % (64 * per) == 0, side
        args, grid = (desc, y, cols, per), (cols // 128, rows // (64 * per))
    return _launch_exact(kernel, grid, args, y, ref)


def _check_gemm(kernel, case, n):
    """tl.dot: an n x n x n bf16 product, exactly against torch: operands
    k / 8 for small integers k, whose f32 sums are exact in any order."""
    tile = case["consts"]
    a = (torch.randint(-16, 16, (n, n), device=DEVICE) / 8).to(torch.bfloat16)
    b = (torch.randint(-16, 16, (n, n), device=DEVICE) / 8).to(torch.bfloat16)
    if case.get("fn") == "ws":
        # examples/ws_gemm.py: TMA descriptors, C in bf16 (the exact f32 sum
        # rounded once, as the kernel rounds its accumulator); fp8 e4m3
        # operands (k / 8 is exact there too) with B given transposed
        from tlxamd.runtime import TensorDescriptor

        c = poison(torch.empty(n, n, device=DEVICE, dtype=torch.bfloat16))
        ref = (a.double() @ b.double()).float().to(torch.bfloat16)
        if case["dtype"] == "f8":
            a, b = a.to(torch.float8_e4m3fn), b.t().contiguous().to(torch.float8_e4m3fn)
        ad = TensorDescriptor.from_tensor(a, [tile["BM"] // 2, tile["BK"]])
        bd = TensorDescriptor.from_tensor(b, [tile["BN"], tile["BK"]] if tile.get("B_KMAJOR") else
                                          [tile["BK"], tile["BN"]])
        grid = (-(-n // tile["BM"]) * -(-n // tile["BN"]),)
        if tile.get("PERSISTENT"):  # one program per SM at most
            grid = (min(grid[0], torch.cuda.get_device_properties(DEVICE).multi_processor_count),)
        # with TMA_STORE, C through a descriptor (BM / 2 x BN boxes)
        cd = TensorDescriptor.from_tensor(c, [tile["BM"] // 2, tile["BN"]]) if tile.get("TMA_STORE") else c
        if case["dtype"] != "f8":
            return _timed_on_random(_launch_exact(kernel, grid, (ad, bd, cd, n, n, n), c, ref), a, b)

        # Hopper's fp8 MMAs accumulate with fewer bits than f32: within 1%
        # of the largest output
        def launch():
            kernel[grid](ad, bd, cd, n, n, n)

        launch()
        sync()
        err = (c.float() - ref.float()).abs().max().item()
        tol = 1e-2 * ref.float().abs().max().item()
        return _timed_on_random((err <= tol, f"max |error| {err:.3g} (tolerance {tol:.3g})", launch), a, b)
    c = poison(torch.empty(n, n, device=DEVICE, dtype=torch.float32))
    ref = (a.double() @ b.double()).float()
    grid = (-(-n // tile["BM"]), -(-n // tile["BN"]))
    return _timed_on_random(_launch_exact(kernel, grid, (a, b, c, n, n, n), c, ref), a, b)


def _timed_on_random(result, *operands):
    """`result` with the operands refilled with normal random values: the
    exactness check's small integers switch fewer bits, and the GPU clocks
    higher on them, so timings (beside torch's on random data) use random
    data too."""
    for x in operands:
        x.copy_(torch.randn(x.shape, device=x.device).to(x.dtype))
    return result


def _check_atomics(kernel, case, n):
    """tl.atomic_* through tensors of pointers and a scalar pointer."""
    fn = case["fn"]
    grid = ((n + 255) // 256,)
    if fn == "hist":
        x = torch.randint(0, 1000, (n,), device=DEVICE, dtype=torch.int32)
        bins = torch.zeros(16, device=DEVICE, dtype=torch.int32)
        old = poison(torch.empty(n, device=DEVICE, dtype=torch.int32))
        kernel[grid](x, bins, old, n)
        sync()
        ref = torch.bincount((x & 15).long(), minlength=16).int()
        # each bin's updates saw 0, 1, ..., count - 1 (in some order)
        key = (x & 15).long() * (n + 1) + old.long()
        olds_ok = bool((old >= 0).all()) and torch.equal(
            torch.sort(key).values, torch.sort((x & 15).long() * (n + 1) + _ranks(x & 15)).values)
        ok = torch.equal(bins, ref) and olds_ok
        return ok, "" if ok else f"bins equal={torch.equal(bins, ref)}, old values={olds_ok}", \
            lambda: kernel[grid](x, bins, old, n)
    if fn == "bucket_max":
        x = torch.randn(n, device=DEVICE) * 100
        out = torch.full((8,), -float("inf"), device=DEVICE)
        kernel[grid](x, out, n)
        sync()
        idx = torch.arange(n, device=DEVICE) & 7
        ref = torch.full((8,), -float("inf"), device=DEVICE).scatter_reduce(0, idx, x, "amax")
        ok = torch.equal(out, ref)
        return ok, "" if ok else f"got {out.tolist()} want {ref.tolist()}", lambda: kernel[grid](x, out, n)
    programs = n
    counter = torch.zeros(2, device=DEVICE, dtype=torch.int32)
    tickets = poison(torch.empty(programs, device=DEVICE, dtype=torch.int32))
    kernel[(programs,)](counter, tickets)
    sync()
    ok = int(counter[0]) == programs and torch.equal(
        torch.sort(tickets).values, torch.arange(programs, device=DEVICE, dtype=torch.int32))
    return ok, "" if ok else f"counter {int(counter[0])} for {programs} programs", \
        lambda: kernel[(programs,)](counter, tickets)


def _ranks(keys):
    """For each element, its rank among the elements with the same key."""
    order = torch.argsort(keys.long(), stable=True)
    sorted_keys = keys.long()[order]
    first = torch.searchsorted(sorted_keys, sorted_keys, right=False)
    ranks = torch.empty_like(order)
    ranks[order] = torch.arange(len(keys), device=keys.device) - first
    return ranks


def softmax_grid(kernel_case, rows):
    """One program per row, or (persistent) a few per multiprocessor."""
    if not kernel_case.get("persistent"):
        return (rows,)
    sms = PROCESSORS or torch.cuda.get_device_properties(0).multi_processor_count
    return (min(rows, 4 * sms),)


def _check_softmax(kernel, case, rows, dt):
    """rows x cols softmax along the rows, against torch in f32 (ragged cols
    included); the output rows are wider than cols (a separate stride) and
    the padding must stay untouched."""
    cols = case["cols"]
    x = (torch.randn(rows, cols, device=DEVICE) * 4).to(dt)
    pad = 16
    y = poison(torch.empty(rows, cols + pad, device=DEVICE, dtype=dt))
    grid = softmax_grid(case, rows)

    def launch():
        kernel[grid](y, x, x.stride(0), y.stride(0), rows, cols)

    launch()
    sync()
    ref = torch.softmax(x.float(), dim=1)
    got = y[:, :cols].float()
    tol = 1e-5 if dt == torch.float32 else 8e-3
    checks = {"values": torch.allclose(got, ref, rtol=tol, atol=tol * 1e-2),
              "padding untouched": bool(is_poison(y[:, cols:]).all())}
    ok = all(checks.values())
    detail = "" if ok else ", ".join(k for k, v in checks.items() if not v) + \
        f" wrong (max error {float((got - ref).abs().max()):.2e})"
    return ok, detail, launch


def _check_rowsum(kernel, case, rows):
    cols, bm = case["cols"], case["consts"]["BLOCK_M"]
    x = torch.randn(rows, cols, device=DEVICE)
    y = poison(torch.empty(rows + bm, device=DEVICE))
    grid = ((rows + bm - 1) // bm,)

    def launch():
        kernel[grid](x, y, rows, cols)

    launch()
    sync()
    ref = x.double().sum(1).float()
    ok = torch.allclose(y[:rows], ref, rtol=1e-5, atol=1e-3) and bool(is_poison(y[rows:]).all())
    return ok, "" if ok else f"max error {float((y[:rows] - ref).abs().max())}", launch


def _check_reduce(kernel, case, rows, dt):
    """One reduction of [M, N] tiles along an axis against torch."""
    m, n = case["consts"]["M"], case["consts"]["N"]
    fn, axis = case["fn"], case["axis"]
    rows = rows // m * m
    x = random(rows * n, dt).view(rows, n)
    tiles = x.view(rows // m, m, n)
    int_out = fn in ("argmax", "argmin") or not dt.is_floating_point
    out_len = rows if axis == 1 else rows // m * n
    y = poison(torch.empty(out_len, device=DEVICE, dtype=torch.int32 if int_out else dt))
    grid = (rows // m,)

    def launch():
        kernel[grid](x, y)

    launch()
    sync()
    d = axis + 1
    if fn == "xor_sum":
        ref = tiles[:, 0] if axis == 0 else tiles[:, :, 0]
        ref = ref.clone()
        for i in range(1, tiles.shape[d]):
            ref ^= tiles[:, i] if axis == 0 else tiles[:, :, i]
    else:
        ref = {"sum": lambda t: t.double().sum(d).to(dt), "max": lambda t: t.amax(d), "min": lambda t: t.amin(d),
               "argmax": lambda t: t.argmax(d).int(), "argmin": lambda t: t.argmin(d).int(),
               "absmax": lambda t: t.abs().amax(d)}[fn](tiles)
    ref = ref.reshape(-1)
    if fn == "sum":
        ok = torch.allclose(y, ref, rtol=1e-5, atol=1e-4)
    else:
        ok = torch.equal(y, ref)
    return ok, "" if ok else f"{int((y != ref).sum())} of {out_len} differ", launch


CAST_DT = {"e4m3fn": torch.float8_e4m3fn, "e5m2": torch.float8_e5m2, "e4m3fnuz": torch.float8_e4m3fnuz,
           "e5m2fnuz": torch.float8_e5m2fnuz, "f16": torch.float16, "bf16": torch.bfloat16}
CODE_DT = {1: torch.uint8, 2: torch.int16}


def cast_inputs(n):
    """Normal values over 2^-24 .. 2^20 of both signs, with infinities, NaN,
    zeros of both signs, ties and the formats' extremes at the front."""
    x = torch.randn(n, device=DEVICE) * torch.exp2(torch.randint(-24, 20, (n,), device=DEVICE).float())
    special = torch.tensor([float("inf"), -float("inf"), float("nan"), 0.0, -0.0, 448.0, 464.0, 480.0, -500.0,
                            240.0, 248.0, 57344.0, 61440.0, 65504.0, 65520.0, 1e30, 2.0 ** -9, 2.0 ** -10,
                            3 * 2.0 ** -11, 2.0 ** -17, -2.0 ** -18, 1.0625, 1.1875, -1.0625, 2.0 ** -126,
                            2.0 ** -140, -3e-39], device=DEVICE)
    x[:len(special)] = special
    return x


def cast_reference(x, fmt, rnd):
    """torch's round-to-nearest-even conversion, saturated for fp8, then
    one step toward zero where it rounded away from zero (rtz)."""
    dt = CAST_DT[fmt]
    if fmt in ("f16", "bf16"):
        r = x.to(dt)
    else:
        big = torch.finfo(dt).max
        r = x.clamp(-big, big).to(dt)
    if rnd == "rtz":
        code = r.view(CODE_DT[r.element_size()]).clone()
        back = r.float()
        away = (back.abs() > x.abs()) & ~torch.isnan(x)
        sign_bit = 1 << (8 * r.element_size() - 1)
        code = torch.where(away, code - 1, code)  # sign-magnitude: one step down
        if fmt.endswith("fnuz"):
            code = torch.where(away & (code.int() & 0xff == sign_bit), torch.zeros_like(code), code)
        r = code.view(dt)
    return r


def _check_cast(kernel, case, n):
    fmt, rnd = case["fmt"], case["rounding"]
    dt = CAST_DT[fmt]
    x = cast_inputs(n)
    y = torch.empty(n, device=DEVICE, dtype=dt)
    y.view(CODE_DT[y.element_size()]).fill_(0x55)
    z = poison(torch.empty(n, device=DEVICE))

    def launch():
        kernel[((n + 1023) // 1024,)](x, y, z, n)

    launch()
    sync()
    ref = cast_reference(x, fmt, rnd)
    got_nan, ref_nan = torch.isnan(y.float()), torch.isnan(ref.float())
    codes = CODE_DT[y.element_size()]
    same = (y.view(codes) == ref.view(codes)) | (got_nan & ref_nan)
    back_ok = (z == ref.float()) | (torch.isnan(z) & ref_nan)
    ok = bool(same.all()) and bool(back_ok.all())
    detail = ""
    if not ok:
        bad = (~same | ~back_ok).nonzero()[:4].flatten().tolist()
        detail = "; ".join(f"x={float(x[i])!r} got {int(y.view(codes)[i]) & 0xffff:#x} ({float(z[i])!r}) "
                           f"want {int(ref.view(codes)[i]) & 0xffff:#x} ({float(ref[i].float())!r})" for i in bad)
        detail = f"{int((~same | ~back_ok).sum())} of {n} differ: {detail}"
    return ok, detail, launch


def _check_shape(kernel, case, n, dt):
    """Shape ops on n input elements, exactly against torch."""
    fn = case["fn"]
    x = random(n, dt)
    y_len = {"cat": 2 * n, "interleave": 2 * n, "reshape_sum": n // 32}.get(fn, n)
    y = poison(torch.empty(y_len, device=DEVICE, dtype=dt))
    tiles = {"trans": n // (64 * 128), "permute": n // 1024, "reshape_sum": n // 2048, "cat": n // 1024,
             "interleave": n // 1024, "split": n // 2048}[fn]
    args = (x, y, n // 128) if fn == "trans" else (x, y)

    def launch():
        kernel[(tiles,)](*args)

    launch()
    sync()
    if fn == "trans":
        ref = x.view(n // 128, 128).t().reshape(-1)
    elif fn == "permute":
        ref = x.view(-1, 4, 8, 32).permute(0, 3, 1, 2).reshape(-1)
    elif fn == "reshape_sum":
        ref = x.view(-1, 32).double().sum(1).float()
    elif fn == "cat":
        t = x.view(-1, 1024)
        ref = torch.cat((t, t * 2.0 + 1.0), dim=1).reshape(-1)
    elif fn == "interleave":
        ref = torch.stack((x, -x), dim=-1).reshape(-1)
    else:
        p = x.view(-1, 2)
        ref = torch.stack((p[:, 1], p[:, 0] * p[:, 0] + p[:, 1] * p[:, 1]), dim=-1).reshape(-1)
    if fn == "reshape_sum":
        ok = torch.allclose(y, ref, rtol=1e-5, atol=1e-4)
    elif fn == "split":  # re * re + im * im contracted to one fma (fp fusion): 1 ulp
        ok = torch.equal(y.view(-1, 2)[:, 0], ref.view(-1, 2)[:, 0]) and \
            torch.allclose(y, ref, rtol=1.2e-7, atol=0)
    else:
        ok = torch.equal(y, ref)
    return ok, "" if ok else f"{int((y != ref).sum())} of {y_len} differ", launch


COLSUM_ROWS = 64


def _check_colsum(kernel, n, block):
    """n elements as COLSUM_ROWS rows; out = column sums (a runtime loop)."""
    cols = n // COLSUM_ROWS
    x = torch.randn(COLSUM_ROWS, cols, device=DEVICE)
    y = poison(torch.empty(cols, device=DEVICE))
    grid = ((cols + block - 1) // block,)
    kernel[grid](x, y, COLSUM_ROWS, cols)
    sync()
    ref = x.sum(0)
    ok = torch.allclose(y, ref, rtol=1e-5, atol=1e-4)
    return ok, "" if ok else f"max error {float((y - ref).abs().max())}", lambda: kernel[grid](x, y, COLSUM_ROWS, cols)


def _check_branches(kernel, n, block):
    """Both sides of the runtime if, and the while loop's count."""
    x = torch.randn(n, device=DEVICE)
    grid = ((n + block - 1) // block,)
    results = []
    for mode, ref in ((5, x * 2 + 2), (0, x + 1), (-3, x + 1), (64, x * 2 + 6)):
        y = poison(torch.empty(n, device=DEVICE))
        kernel[grid](x, y, n, mode)
        sync()
        results.append((mode, torch.equal(y, ref)))
    ok = all(r for _, r in results)
    return ok, "" if ok else f"wrong for modes {[m for m, r in results if not r]}", lambda: kernel[grid](x, y, n, 5)


MATH_INPUTS = {"log": "positive", "log2": "positive", "sqrt": "positive", "rsqrt": "positive"}


def _check_math(kernel, case, n, block, dt):
    """One elementwise function against torch (the approximate hardware
    instructions within their documented error)."""
    fn = case["fn"]
    x = torch.randn(n, device=DEVICE) * 3
    if MATH_INPUTS.get(fn) == "positive":
        x = x.abs() + 1e-3
    x = x.to(dt)
    y = poison(torch.empty(n, device=DEVICE, dtype=dt))
    grid = ((n + block - 1) // block,)
    kernel[grid](x, y, n)
    sync()
    xf = x.float()
    ref = {
        "exp": torch.exp, "exp2": torch.exp2, "log": torch.log, "log2": torch.log2, "sin": torch.sin,
        "cos": torch.cos, "rsqrt": torch.rsqrt, "abs": torch.abs,
        # through f64 (torch's CPU f32 sqrt is not correctly rounded)
        "sqrt": lambda v: torch.sqrt(v.double()).float(),
        # one rounding: the exact product plus v (exact in f64), rounded once
        "fma": lambda v: (v.double() * v.double() + v.double()).float(), "maximum": lambda v: torch.clamp(v, min=0.5),
        "minimum": lambda v: torch.clamp(v, max=0.5), "clamp": lambda v: torch.clamp(v, -0.5, 0.5),
        "where": lambda v: torch.where(v > 0.25, v, -v),
        "cdiv": lambda v: ((torch.arange(n, device=DEVICE) + 2) // 3 % 7).float(),
    }[fn](xf)
    if dt != torch.float32:
        rtol, atol = 1e-2, 1e-2
    elif fn in ("sin", "cos"):
        rtol, atol = 1e-5, 2e-6  # sin.approx/cos.approx: absolute error ~2^-21 near the origin
    elif fn in ("exp", "exp2", "log", "log2", "rsqrt"):
        rtol, atol = 2e-6, 1e-6  # ex2/lg2/rsqrt.approx: ~2 ulp
    elif fn == "fma":
        rtol, atol = 1.2e-7, 1e-12  # double rounding through f64 may differ by 1 ulp
    elif fn == "sqrt":
        rtol, atol = 1.2e-7, 0  # tl.sqrt is sqrt.approx.f32 (Triton's): within 1 ulp
    else:
        rtol, atol = 0, 0  # exact operations
    got = y.float()
    ok = torch.allclose(got, ref.to(dt).float() if dt != torch.float32 else ref, rtol=rtol, atol=atol)
    err = float(((got - ref).abs() / (ref.abs() + 1e-30)).max())
    return ok, f"max rel error {err:.2e}" if not ok else "", lambda: kernel[grid](x, y, n)
