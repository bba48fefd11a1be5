"""tlxamd: low-level GPU operations of Triton TLX, Gluon and Mojo as an MLIR
dialect, with their documented contracts checked at compile time and lowered
to ROCDL (AMD) and NVVM (NVIDIA).

    from tlxamd import ir, passmanager
    from tlxamd.dialects import tlxamd as tlx, gpu, arith
    import tlxamd.compiler

The MLIR Python bindings are re-homed under this package: `tlxamd.ir` is
independent of (and may be imported beside) the upstream `mlir` package.
"""

__version__ = "0.1.0"
