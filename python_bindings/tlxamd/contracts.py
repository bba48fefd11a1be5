"""Reports of the contract sanitizer (`compile(..., sanitize=True)`).

A sanitized kernel takes one more argument, its violation ring: an i32
buffer whose word 0 counts violations, word 1 holds the number of records it
has room for, and 16-word records from word 4 on (site, kind, program id
x/y/z, thread, group, value count, up to 8 values). `tlxamd.runtime` and
`tlxamd.emulator` allocate it, pass it, read it back after the launch and
raise `ContractViolation` when a check failed. Before the launch they check
the kernel's argument promises (`tlxamd.divisibility`: pointer alignment in
bytes, integer divisibility), which the compiler's analysis relies on.

Pure Python: the runtime imports it on machines without tlxamd's compiled
extension.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence

__all__ = ["ContractViolation", "Violation", "HEADER_WORDS", "RECORD_WORDS", "ring_words", "check_arguments",
           "violations"]

HEADER_WORDS = 4
RECORD_WORDS = 16
DEFAULT_RECORDS = 1024
SHOWN = 8

_KINDS = {1: "offsets", 2: "mask", 3: "alignment", 4: "inactive lanes", 5: "barrier timeout"}


class Violation:
    """One recorded violation: which check (`site`: op, rule, location),
    where (program id, thread, register group) and the values it saw."""

    def __init__(self, site: dict, kind: int, program: Sequence[int], thread: int, group: int,
                 count: int, values: Sequence[int]):
        self.site = site
        self.code = kind
        self.kind = _KINDS.get(kind, f"kind {kind}")
        self.program = tuple(program)
        self.thread = thread
        self.group = group
        self.count = count
        self.values = list(values)

    @property
    def location(self) -> str:
        return self.site.get("loc", "?")

    def describe(self) -> str:
        op, rule = self.site.get("op", "?"), self.site.get("rule", "?")
        where = f"program {list(self.program)}, thread {self.thread}"
        if self.kind == "offsets":
            shown = ", ".join(str(v) for v in self.values)
            more = ", ..." if self.count > len(self.values) else ""
            what = (f"group {self.group}: offsets [{shown}{more}] are not consecutive "
                    f"({self.site.get('check', '')})")
        elif self.kind == "mask":
            bits, size = (self.values + [0, 0])[:2]
            pattern = "".join("1" if bits >> i & 1 else "0" for i in range(min(size, 32)))
            what = f"group {self.group}: mask bits {pattern} (register order) differ within the group"
        elif self.kind == "alignment":
            offset, addr, align = (self.values + [0, 0, 0])[:3]
            what = (f"group {self.group}: first address ...{addr & 0xffffffff:08x} (offset {_signed(offset)}) "
                    f"is not {align}-byte aligned")
        elif self.kind == "inactive lanes":
            mask = sum((v & 0xffffffff) << (32 * i) for i, v in enumerate(self.values))
            what = f"wave active lanes {mask:#x}: not every lane of the wave is active"
        elif self.kind == "barrier timeout":
            bar, parity = (self.values + [0, 0])[:2]
            what = (f"task {self.group}: the wait for the phase of parity {parity} of the mbarrier at shared "
                    f"address {bar & 0xffffffff:#x} never completed ({self.site.get('check', '')}); it gave up "
                    f"instead of hanging")
        else:
            what = f"values {self.values}"
        return f"{self.location}: {op} ({rule}): {where}, {what}"

    def __repr__(self) -> str:
        return f"Violation({self.describe()})"


class ContractViolation(RuntimeError):
    """A sanitized launch found broken contract promises. `violations` holds
    the records (at most the ring's capacity), `total` counts them all."""

    def __init__(self, kernel: str, violations: List[Violation], total: int, message: Optional[str] = None):
        self.kernel = kernel
        self.violations = violations
        self.total = total
        if message is None:
            lines = [f"kernel {kernel}: {total} contract violation{'s' if total != 1 else ''}"
                     + (f" (first {SHOWN} shown)" if total > SHOWN else "")]
            lines += [f"  {v.describe()}" for v in violations[:SHOWN]]
            message = "\n".join(lines)
        super().__init__(message)


def _signed(v: int) -> int:
    v &= 0xffffffff
    return v - (1 << 32) if v >> 31 else v


def ring_words(records: int = DEFAULT_RECORDS) -> List[int]:
    """The initial words of a violation ring with room for `records`."""
    if records < 0:
        raise ValueError(f"a violation ring holds a non-negative number of records, got {records}")
    words = [0] * (HEADER_WORDS + RECORD_WORDS * records)
    words[1] = records
    return words


def violations(kernel: str, words: Sequence[int], sites: Sequence[dict]) -> Optional[ContractViolation]:
    """The `ContractViolation` a read-back ring reports (None when empty)."""
    total = int(words[0]) & 0xffffffff
    if total == 0:
        return None
    kept = min(total, int(words[1]))
    out = []
    for i in range(kept):
        r = [int(w) for w in words[HEADER_WORDS + i * RECORD_WORDS:HEADER_WORDS + (i + 1) * RECORD_WORDS]]
        site_index, kind, px, py, pz, thread, group, count = r[:8]
        site = sites[site_index] if 0 <= site_index < len(sites) else {"op": "?", "rule": "?", "loc": "?"}
        out.append(Violation(site, kind, (px, py, pz), thread, group, count, r[8:8 + min(count, 8)]))
    # the report's order: by site, then program, thread, group and check
    out.sort(key=lambda v: (v.location, v.program[::-1], v.thread, v.group, v.code))
    return ContractViolation(kernel, out, total)


def check_arguments(kernel: str, meta: Dict[str, Any], args: Sequence[Any], pointers: Sequence[int] = (),
                    address_of=None) -> None:
    """Raise `ContractViolation` for an argument that breaks its promise: a
    pointer (the arguments at the indexes `pointers`) whose address
    (`address_of`) or an integer that is not a multiple of it. A promise is
    the argument's `tlxamd.divisibility`, or (with a `site`) an alignment an
    access relies on that depends on the argument only, checked here once
    instead of in the kernel."""
    bad = []
    sites = meta.get("sites", [])
    for promise in meta.get("promises", []):
        i, d = int(promise["arg"]), int(promise["divisibility"])
        if i >= len(args) or isinstance(args[i], bool):
            continue
        why = f"tlxamd.divisibility = {d}"
        if "site" in promise:
            s = int(promise["site"])
            site = sites[s] if 0 <= s < len(sites) else {}
            why = (f"{site.get('rule', '?')}: {site.get('op', '?')} at {site.get('loc', '?')} reads it "
                   f"{d} bytes at a time")
        if i in pointers:
            if address_of is None:
                continue
            address = address_of(args[i])
            if address % d:
                bad.append(f"  argument {i}: address {address:#x} is not a multiple of {d} ({why})")
        elif isinstance(args[i], int) and args[i] % d:
            bad.append(f"  argument {i}: value {args[i]} is not a multiple of {d} ({why})")
    if bad:
        raise ContractViolation(kernel, [], len(bad),
                                f"kernel {kernel}: {len(bad)} argument promise{'s' if len(bad) != 1 else ''} "
                                f"broken, not launched\n" + "\n".join(bad))
