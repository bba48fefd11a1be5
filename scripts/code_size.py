"""Report C++ files and functions over the project's size limits.

    python scripts/code_size.py [--max-file 700] [--max-function 80] DIR...

A function is a brace block whose opening line looks like a definition (a
signature ending in `{`, not a control statement, type or namespace);
lambdas and blocks inside it count toward it. Exit status 1 when anything is
over a limit. test_hygiene.py runs it over dialect/ and passes/.
"""

from __future__ import annotations

import argparse
import pathlib
import re
import sys
from typing import Iterator, List, Tuple

_NOT_FUNCTION = re.compile(
    r"^\s*(if|for|while|switch|else|do|try|catch|struct|class|namespace|enum|union|return|case|default)\b"
    r"|=\s*\[|\[[^\]]*\]\s*\(|\bextern\s+\"C\"|^\s*#")


def _strip(line: str) -> str:
    line = re.sub(r'"(\\.|[^"\\])*"', '""', line)
    line = re.sub(r"'(\\.|[^'\\])*'", "''", line)
    return line.split("//", 1)[0]


def functions(path: pathlib.Path) -> Iterator[Tuple[str, int, int]]:
    """(name line, first line number, length) of each function definition."""
    lines = [_strip(x) for x in path.read_text().splitlines()]
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.rstrip().endswith("{") and ")" in line or (line.strip() == "{" and i and ")" in lines[i - 1]):
            # The signature may span lines: look back to its start.
            sig = line if line.strip() != "{" else lines[i - 1]
            if not _NOT_FUNCTION.search(sig):
                depth, j = 0, i
                while j < len(lines):
                    depth += lines[j].count("{") - lines[j].count("}")
                    if depth <= 0:
                        break
                    j += 1
                yield sig.strip(), i + 1, j - i + 1
                i = j + 1
                continue
        i += 1


def check(dirs: List[str], max_file: int, max_function: int) -> List[str]:
    problems = []
    for d in dirs:
        for path in sorted(pathlib.Path(d).rglob("*")):
            if path.suffix not in (".cpp", ".h"):
                continue
            n = len(path.read_text().splitlines())
            if n > max_file:
                problems.append(f"{path}: {n} lines (limit {max_file})")
            for sig, start, length in functions(path):
                if length > max_function:
                    problems.append(f"{path}:{start}: function of {length} lines (limit {max_function}): {sig}")
    return problems


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("dirs", nargs="+")
    p.add_argument("--max-file", type=int, default=700)
    p.add_argument("--max-function", type=int, default=80)
    args = p.parse_args(argv)
    problems = check(args.dirs, args.max_file, args.max_function)
    print("\n".join(problems) if problems else "all within limits")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
