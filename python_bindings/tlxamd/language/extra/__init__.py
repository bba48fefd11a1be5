"""Triton's `triton.language.extra`: `tlx` (TLX's names, `import
tlxamd.language.extra.tlx as tlx`) and `libdevice` (device-library
functions by name)."""
