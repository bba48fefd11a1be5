"""`triton._C.libtriton`'s vendor BLAS wrappers, as the Triton tutorials call
them: `nvidia.cublas.CublasLt(workspace).matmul(a, b, c)` and
`amd.hipblas.HipblasLt(workspace).matmul(a, b, c)` compute `c = a @ b.T`
(`b` given as [N, K]) through torch, which calls the vendor library
(cuBLAS / cuBLASLt on NVIDIA, hipBLASLt on AMD); fp8 operands go through
`torch._scaled_mm` with unit scales. The workspace is accepted and unused
(torch manages its own)."""

from __future__ import annotations

import types


class _BlasLt:
    def __init__(self, workspace=None):
        self.workspace = workspace

    def matmul(self, a, b, c):
        import torch

        if a.dim() != 2 or b.dim() != 2 or a.shape[1] != b.shape[1]:
            raise ValueError(f"matmul(a [M, K], b [N, K], c [M, N]): got {tuple(a.shape)}, {tuple(b.shape)}")
        if a.dtype in (getattr(torch, "float8_e4m3fn", None), getattr(torch, "float8_e5m2", None)):
            one = torch.ones((), device=a.device, dtype=torch.float32)
            c.copy_(torch._scaled_mm(a, b.t(), scale_a=one, scale_b=one, out_dtype=c.dtype))
        else:
            torch.matmul(a, b.t(), out=c)
        return c


nvidia = types.SimpleNamespace(cublas=types.SimpleNamespace(CublasLt=_BlasLt))
amd = types.SimpleNamespace(hipblas=types.SimpleNamespace(HipblasLt=_BlasLt))

__all__ = ["nvidia", "amd"]
