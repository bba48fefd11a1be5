"""Triton's `triton.experimental`: Gluon (`from tlxamd.experimental import
gluon`), tile programming with explicit layouts, over tlxamd's language."""
