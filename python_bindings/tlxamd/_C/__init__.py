"""Stand-ins for what Triton tutorials import from Triton's C extension
(`triton._C.libtriton`): the vendor BLAS wrappers they benchmark against."""
