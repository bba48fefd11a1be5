"""Gluon's `gl.nvidia.ampere.async_copy` (`cp.async`): `async_load(smem,
pointer, mask=None)` copies the tensor of pointers `pointer` (a scalar base
plus int32 offsets) into the shared tile `smem` without registers
(cp.async on NVIDIA, buffer_load ... lds on CDNA); `commit_group()` closes
the copies issued since the last one into a group, `wait_group(n)` waits
until at most n groups are in flight."""

from ......language.shared import async_commit_group, async_copy_global_to_shared, async_wait


def async_load(smem, pointer, mask=None, other=None, cache_modifier="", eviction_policy="", volatile=False):
    """Gluon's cp.async_load: `pointer`'s elements into `smem`; masked-off
    elements are zero (`other` is not supported by the hardware copy)."""
    if other is not None:
        raise ValueError("async_load: masked-off elements are zero-filled (other= is not supported)")
    if eviction_policy or volatile:
        raise ValueError("async_load: eviction_policy / volatile are not supported by the copy")
    return async_copy_global_to_shared(smem, pointer, mask=mask, cache_modifier=cache_modifier)


commit_group = async_commit_group
wait_group = async_wait

__all__ = ["async_load", "async_copy_global_to_shared", "commit_group", "wait_group"]
