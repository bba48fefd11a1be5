"""Triton's `triton.runtime.driver.active`: the device kernels launch on.

With a CUDA GPU that torch sees it is the GPU (properties from torch);
otherwise it is the AMD emulator for the target `TLXAMD_TARGET` names
(gfx950 when unset), described by the capability table's entry for it, so
that host code written against Triton's driver sizes grids and occupancy
the same way on both.
"""

from __future__ import annotations

import dataclasses
import os
from typing import Any, Dict, Optional, Union


@dataclasses.dataclass(frozen=True)
class GPUTarget:
    """Triton's target triple: backend ("cuda" / "hip"), arch (an int
    capability on CUDA, "gfx950" on AMD) and warp size."""

    backend: str
    arch: Union[int, str]
    warp_size: int

    def is_cuda_backend(self) -> bool:
        return self.backend == "cuda"

    def is_hip_backend(self) -> bool:
        return self.backend == "hip"


def emulated_target() -> str:
    """The AMD target host arrays run for: `TLXAMD_TARGET`, else gfx950."""
    from . import targets

    name = os.environ.get("TLXAMD_TARGET") or targets.default("amd")
    info = targets.lookup(name)
    if info is None or info["vendor"] != "amd":
        raise ValueError(f"TLXAMD_TARGET={name!r}: host arrays run in the AMD emulator, which needs an AMD target "
                         f"({', '.join(targets.names('amd'))})")
    return name


def _cuda_available() -> bool:
    try:
        import torch
    except ImportError:
        return False
    return torch.cuda.is_available()


class _Utils:
    def __init__(self, driver: "ActiveDriver"):
        self._driver = driver

    def get_device_properties(self, device: Optional[int] = None) -> Dict[str, Any]:
        """Triton's property names: multiprocessor_count, max_shared_mem,
        max_num_regs, warpSize, max_threads_per_sm (and the clocks on CUDA)."""
        if self._driver.is_cuda:
            return _cuda_properties(device)
        from . import targets

        e = targets.get(emulated_target())
        if not e["compute_units"]:
            raise ValueError(f"the capability table names no product for {e['name']}: it has no compute-unit "
                             f"count to report")
        return {"multiprocessor_count": e["compute_units"], "max_shared_mem": e["shared_memory_bytes"],
                "max_num_regs": e["registers_per_block"], "warpSize": e["warp_size"],
                "max_threads_per_sm": e["max_threads_per_unit"], "sm_clock_rate": 0, "mem_clock_rate": 0,
                "mem_bus_width": 0}


def _cuda_properties(device: Optional[int]) -> Dict[str, Any]:
    import torch

    index = torch.cuda.current_device() if device is None else int(device)
    p = torch.cuda.get_device_properties(index)
    return {"multiprocessor_count": p.multi_processor_count,
            "max_shared_mem": getattr(p, "shared_memory_per_block_optin", 0),
            "max_num_regs": getattr(p, "regs_per_multiprocessor", 65536),
            "warpSize": getattr(p, "warp_size", 32),
            "max_threads_per_sm": getattr(p, "max_threads_per_multi_processor", 2048),
            "sm_clock_rate": getattr(p, "clock_rate", 0), "mem_clock_rate": getattr(p, "memory_clock_rate", 0),
            "mem_bus_width": getattr(p, "memory_bus_width", 0)}


class ActiveDriver:
    def __init__(self):
        self._is_cuda: Optional[bool] = None
        self.utils = _Utils(self)

    @property
    def is_cuda(self) -> bool:
        if self._is_cuda is None:
            self._is_cuda = _cuda_available()
        return self._is_cuda

    def get_active_torch_device(self):
        import torch

        return torch.device("cuda", torch.cuda.current_device()) if self.is_cuda else torch.device("cpu")

    def get_current_device(self) -> int:
        if self.is_cuda:
            import torch

            return torch.cuda.current_device()
        return 0

    def set_current_device(self, device: int) -> None:
        if self.is_cuda:
            import torch

            torch.cuda.set_device(device)

    def get_current_stream(self, device: Optional[int] = None) -> int:
        if not self.is_cuda:
            return 0
        import torch

        return torch._C._cuda_getCurrentRawStream(torch.cuda.current_device() if device is None else device)

    def get_current_target(self) -> GPUTarget:
        if self.is_cuda:
            import torch

            major, minor = torch.cuda.get_device_capability()
            return GPUTarget("cuda", major * 10 + minor, 32)
        from . import targets

        name = emulated_target()
        return GPUTarget("hip", name, targets.get(name)["warp_size"])

    def get_benchmarker(self):
        from .testing import do_bench

        return do_bench

    def get_device_interface(self):
        import torch

        return torch.cuda if self.is_cuda else torch.cpu


class _DriverConfig:
    """`driver.active`, made on first use."""

    def __init__(self):
        self._active: Optional[ActiveDriver] = None

    @property
    def active(self) -> ActiveDriver:
        if self._active is None:
            self._active = ActiveDriver()
        return self._active

    def set_active(self, d: ActiveDriver) -> None:
        self._active = d

    def reset_active(self) -> None:
        self._active = None


driver = _DriverConfig()
