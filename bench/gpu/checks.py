"""Correctness checks of the GPU suite's kernels against torch, shared by
run_gpu.py (the benchmark) and test/python/test_gpu.py (the `gpu` tests).
Outputs are poisoned first; every element is checked, masked-out lanes and
`other` values included, and atomics' returned old values."""

import torch

TORCH_DT = {"bf16": torch.bfloat16, "f16": torch.float16, "f32": torch.float32, "f64": torch.float64,
            "i8": torch.int8, "i16": torch.int16, "i64": torch.int64, "f8": torch.float8_e4m3fn}
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
        return torch.randn(n, device="cuda").to(dt)
    return torch.randint(-100, 100, (n,), device="cuda").to(dt)


def check(kernel, case, n, block):
    """Run `kernel` (a tlxamd.runtime.Kernel) on fresh inputs of n elements;
    return (ok, detail, launch) where launch() reruns it on the same data."""
    dt = TORCH_DT[case["dtype"]]
    kind = case["kind"]
    if kind == "convert":
        grid = (n // case["tile"],)
        x = random(n, dt)
        y = poison(torch.empty(n, device="cuda", dtype=dt))
        kernel[grid](x, y)
        torch.cuda.synchronize()
        ok = torch.equal(x, y)
        return ok, "" if ok else f"{int((x != y).sum())} elements differ", lambda: kernel[grid](x, y)
    grid = ((n + block - 1) // block,)
    padded = grid[0] * block
    if kind == "copy":
        assert n % block == 0
        x = random(n, dt)
        y = poison(torch.empty(n, device="cuda", dtype=dt))
        kernel[grid](x, y)
        torch.cuda.synchronize()
        ok = torch.equal(x, y)
        return ok, "" if ok else f"{int((x != y).sum())} elements differ", lambda: kernel[grid](x, y)
    if kind in ("masked", "masked_other"):
        x = random(padded, dt)
        y = poison(torch.empty(padded, device="cuda", dtype=dt))
        kernel[grid](x, y, n)
        torch.cuda.synchronize()
        head = equal(y[:n], x[:n])
        if kind == "masked":
            tail = bool(is_poison(y[n:]).all())  # masked-out stores dropped
        else:
            other = torch.full((1,), -7.0, device="cuda").to(dt)
            tail = bool((bits(y[n:]) == bits(other)).all())  # masked-out loads read `other`
        detail = "" if head and tail else f"in-bounds equal={head}, masked lanes correct={tail}"
        return head and tail, detail, lambda: kernel[grid](x, y, n)
    if kind == "atomic":
        c = case["contiguity"]
        m = (n // c) * c
        acc0 = torch.randint(-64, 64, (padded,), device="cuda").to(dt)
        val = torch.randint(-64, 64, (padded,), device="cuda").to(dt)
        acc = acc0.clone()
        old = poison(torch.empty(padded, device="cuda", dtype=dt))
        kernel[grid](acc, val, old, n)
        torch.cuda.synchronize()
        checks = {
            "old values": torch.equal(old[:m], acc0[:m]),
            "sums": torch.equal(acc[:m], (acc0 + val)[:m]),
            "masked acc untouched": torch.equal(acc[m:], acc0[m:]),
            "masked old untouched": bool(is_poison(old[m:]).all()),
        }
        ok = all(checks.values())
        detail = "" if ok else ", ".join(k for k, v in checks.items() if not v) + " wrong"
        return ok, detail, lambda: kernel[grid](acc, val, old, n)
    raise ValueError(kind)
