"""Triton's `triton.language.extra`: `tlx` (TLX's names, `import
tlxamd.language.extra.tlx as tlx`)."""
