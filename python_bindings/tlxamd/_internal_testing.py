"""Triton's `triton._internal_testing` target predicates, which tutorials
and tests import to pick their path: answered for the device tlxamd runs
on (the CUDA GPU holding torch's tensors, else the AMD emulator's target,
`TLXAMD_TARGET`, gfx950 by default)."""

from __future__ import annotations

from ._driver import driver


def _target():
    return driver.active.get_current_target()


def is_interpreter() -> bool:
    """Triton's interpreter mode: never (the emulator runs lowered code)."""
    return False


def is_cuda() -> bool:
    return _target().backend == "cuda"


def is_hip() -> bool:
    return _target().backend == "hip"


def _capability() -> int:
    t = _target()
    return t.arch if t.backend == "cuda" else 0


def is_ampere() -> bool:
    return 80 <= _capability() < 90


def is_hopper() -> bool:
    return 90 <= _capability() < 100


def is_hopper_or_newer() -> bool:
    return _capability() >= 90


def is_blackwell() -> bool:
    return 100 <= _capability() < 110


def _gfx() -> str:
    t = _target()
    return t.arch if t.backend == "hip" else ""


def is_hip_cdna2() -> bool:
    return _gfx() == "gfx90a"


def is_hip_cdna3() -> bool:
    return _gfx() == "gfx942"


def is_hip_cdna4() -> bool:
    return _gfx() == "gfx950"


def is_hip_cdna() -> bool:
    return _gfx() in ("gfx90a", "gfx942", "gfx950")


def is_hip_mi200() -> bool:
    return is_hip_cdna2()


def is_hip_mi300() -> bool:
    return is_hip_cdna3()


def is_hip_mi350() -> bool:
    return is_hip_cdna4()


def is_hip_gfx1250() -> bool:
    return _gfx() == "gfx1250"


def get_arch():
    """The device's architecture: its compute capability as "sm90" style on
    CUDA, the gfx name on AMD."""
    t = _target()
    return f"sm{t.arch}" if t.backend == "cuda" else t.arch
