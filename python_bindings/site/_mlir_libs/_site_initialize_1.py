"""Loaded by tlxamd._mlir_libs at import (the `_site_initialize_N` protocol
of the MLIR Python bindings, after _site_initialize_0): `ir.Module.parse`
refuses text the released MLIR parser would abort on (the table of known
parser defects tlx-opt, the compile driver and the fuzzer share,
ParserDefects.h) with an `ir.MLIRError` naming the line, instead of ending
the process."""

from ._mlir import ir as _ir

_parse = _ir.Module.parse


def _screened_parse(asm, context=None):
    text = asm.decode("utf-8", "replace") if isinstance(asm, (bytes, bytearray)) else asm
    if isinstance(text, str):
        # (imported here: the extension imports `ir`, which is still being
        # initialized when this module loads)
        from ._tlxamd import find_parser_defect

        defect = find_parser_defect(text)
        if defect is not None:
            line, what = defect
            raise _ir.MLIRError(f"line {line}: {what} (the MLIR parser cannot report this one)", [])
    return _parse(asm) if context is None else _parse(asm, context=context)


_screened_parse.__doc__ = _parse.__doc__
_ir.Module.parse = staticmethod(_screened_parse)
