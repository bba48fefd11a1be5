"""The tlxamd dialect: generated op builders and the scalar pointer type.

    from tlxamd.dialects import tlxamd as tlx
    ptr = tlx.PtrType.get(ir.BF16Type.get())        # !tlxamd.ptr<bf16>
    pid = tlx.program_id(0)                         # i32
    q = tlx.addptr(ptr_value, pid)
    tlx.store(value, q)
"""

import enum as _enum  # noqa: E402
import json as _json  # noqa: E402

from .._mlir_libs._tlxamd import PtrType  # noqa: F401
from .._mlir_libs._tlxamd import vocabulary as _vocabulary  # noqa: E402
from ..ir import Attribute, register_attribute_builder  # noqa: E402
from ._tlxamd_ops_gen import *  # noqa: F401,F403
from ._tlxamd_ops_gen import _Dialect  # noqa: F401

try:
    _SPELLINGS = _json.loads(_vocabulary())
except RuntimeError:  # a launch-only install (tlxamd._nocompiler): no dialect here to spell
    import collections as _collections

    _SPELLINGS = _collections.defaultdict(list)


def _vocabulary_enum(name: str, key: str, doc: str):
    """An enum of the dialect's spellings (from the C++ enum), whose str() is
    the documented spelling."""
    members = {s.lstrip("."): s for s in _SPELLINGS[key]}
    cls = _enum.Enum(name, members)
    cls.__str__ = lambda self: self.value
    cls.__doc__ = doc
    return cls


CacheModifier = _vocabulary_enum("CacheModifier", "cache_modifier", "cache modifier of a memory access (B4)")
MemSemantic = _vocabulary_enum("MemSemantic", "sem", "memory ordering of an atomic (B19)")
MemScope = _vocabulary_enum("MemScope", "scope", "scope of an atomic (B19)")
OffsetUnit = _vocabulary_enum("OffsetUnit", "offset_unit", "unit of buffer offsets (B20)")

#: The documented spellings, from the dialect (B4, B19, B20).
CACHE_MODIFIERS = tuple(_SPELLINGS["cache_modifier"])
LOAD_CACHE_MODIFIERS = tuple(_SPELLINGS["load_cache_modifier"])
STORE_CACHE_MODIFIERS = tuple(_SPELLINGS["store_cache_modifier"])
MEM_SEMANTICS = tuple(_SPELLINGS["sem"])
MEM_SCOPES = tuple(_SPELLINGS["scope"])
OFFSET_UNITS = tuple(_SPELLINGS["offset_unit"])
ATOMIC_RMW_KINDS = tuple(_SPELLINGS["atomic_rmw_kind"])


def _spelling(x, allowed, what) -> str:
    s = str(x)
    if s not in allowed:
        raise ValueError(f"{what} must be one of {', '.join(allowed)}; got {x!r}")
    return s


# Builders take the enum or its documented spelling.
@register_attribute_builder("TlxAmd_CacheModifierAttr")
def _cache_modifier_attr(x, context):
    s = _spelling(x, CACHE_MODIFIERS, "cache modifier")
    return Attribute.parse(f'#tlxamd.cache_modifier<"{s}">', context=context)


@register_attribute_builder("TlxAmd_MemSemanticAttr")
def _sem_attr(x, context):
    return Attribute.parse(f"#tlxamd.sem<{_spelling(x, MEM_SEMANTICS, 'sem')}>", context=context)


@register_attribute_builder("TlxAmd_MemScopeAttr")
def _scope_attr(x, context):
    return Attribute.parse(f"#tlxamd.scope<{_spelling(x, MEM_SCOPES, 'scope')}>", context=context)


@register_attribute_builder("TlxAmd_AtomicRMWKindAttr")
def _atomic_rmw_kind_attr(x, context):
    return Attribute.parse(f"#tlxamd.atomic_rmw_kind<{_spelling(x, ATOMIC_RMW_KINDS, 'atomic kind')}>",
                           context=context)


@register_attribute_builder("TlxAmd_OffsetUnitAttr")
def _offset_unit_attr(x, context):
    return Attribute.parse(f"#tlxamd.offset_unit<{_spelling(x, OFFSET_UNITS, 'offset_unit')}>",
                           context=context)
