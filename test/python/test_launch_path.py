"""tlxamd.runtime's launch path without a GPU: the generated argument
packer agrees with the argument-by-argument path and hands anything it does
not take as is to it; the ctypes cuLaunchKernel gets the normalized grid,
the stream's handle and the packed parameters."""

import ctypes
import os
import sys

import pytest

from tlxamd import runtime

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import test_sanitizer as ts  # noqa: E402


def _values(packed):
    values, ptrs = packed
    assert [ctypes.addressof(v) for v in values] == list(ptrs)
    return [v.value for v in values]


def test_generated_packer_matches_the_general_path():
    kinds = ["ptr", "i32", "f32", "i64", "f64", "violations"]
    pack = runtime._make_packer(kinds, {0: 16, 1: 4})
    args = [0x1000, -8, 1.5, 1 << 40, -2.25, 0x2000]
    assert _values(pack(*args)) == [0x1000, -8, 1.5, 1 << 40, -2.25, 0x2000]
    assert _values(pack(0x1000, 0xFFFFFFFC, 0, 0, 0, 0))[1] == -4  # the unsigned bit pattern
    for bad in ([0x1008, 4] + args[2:],  # a broken pointer promise
                [0x1000, 6] + args[2:],  # a broken integer promise
                [0x1000, 1 << 32] + args[2:],  # beyond 32 bits
                [0x1000, True] + args[2:],  # not an int
                [0x1000, 4, 1e39] + args[3:],  # beyond f32
                [0x1000, 4, "x"] + args[3:]):
        with pytest.raises(runtime._FALLBACK):
            pack(*bad)
    assert runtime._make_packer(["tensor_map", "ptr"], {}) is None
    assert runtime._make_packer(["i16"], {}) is None


class _Launches:
    def __init__(self):
        self.calls = []

    def __call__(self, fn, gx, gy, gz, bx, by, bz, shared, stream, params, extra):
        values = ctypes.cast(params, ctypes.POINTER(ctypes.c_void_p))
        first = ctypes.cast(values[0], ctypes.POINTER(ctypes.c_uint64))[0]
        self.calls.append((fn, (gx, gy, gz), bx, stream, first))
        return 0


class _Stream:
    cuda_stream = 0x55


def test_ctypes_launch(monkeypatch):
    k = ts._compiled("strided", target="sm_90a", sanitize=False)
    api = runtime._Api.__new__(runtime._Api)
    api.drv, api.cupy, api._ctx = ts._FakeDriver(False), None, None
    api.launch = _Launches()
    monkeypatch.setattr(runtime, "_api", api)
    kern = runtime.load_data(b"\0", k.metadata())["strided"]
    kern._handle = 0x77
    kern[(3,)](0x1000, 0x2000, 1)
    kern[3](0x3000, 0x2000, 1, stream=_Stream())
    kern[[2, 2]](0x4000, 0x2000, 1, stream=9)
    assert api.launch.calls == [(0x77, (3, 1, 1), kern.threads, 0, 0x1000), (0x77, (3, 1, 1), kern.threads, 0x55, 0x3000),
                                (0x77, (2, 2, 1), kern.threads, 9, 0x4000)]
    with pytest.raises(ValueError, match="grid dimensions must be positive"):
        kern[(0,)](0x1000, 0x2000, 1)
    with pytest.raises(TypeError, match="argument 2 of strided is a i32 scalar, got str"):
        kern[(1,)](0x1000, 0x2000, "1")
    assert len(api.launch.calls) == 3


def test_sanitized_packer_checks_every_promise(monkeypatch):
    """An argument with two promises (its divisibility 4 and the 16 an
    access's alignment needs) is held to both: the address 4 bytes off is
    refused before the launch, naming the access."""
    k = ts._compiled("unaligned", target="sm_90a")
    api = runtime._Api.__new__(runtime._Api)
    drv = ts._DeferredDriver(False)
    calls = []
    drv.cuLaunchKernel = lambda *a: calls.append(a) or (0,)
    api.drv, api.cupy, api._ctx = drv, None, None
    monkeypatch.setattr(runtime, "_api", api)
    monkeypatch.setattr(runtime, "_sanitized", runtime._SanitizedLaunches())
    kern = runtime.load_data(b"\0", k.metadata())["unaligned"]
    assert sorted(kern._promises) == [(0, 4), (0, 16), (1, 16)]
    with pytest.raises(runtime.ContractViolation, match=r"argument 0: address 0x1004 is not a multiple of 16 "
                                                        r"\(B12: tlxamd.buffer_load"):
        kern[(2,)](0x1004, 0x2000)
    assert calls == []
    kern[(2,)](0x1010, 0x2000)
    assert len(calls) == 1
