"""TLX's warp-specialized vector-add tutorial (third_party/tlx/tutorials/
vector-add-ws_test.py of facebookexperimental/triton, fetched into
bench/tutorials/cache, never kept) with its import lines changed: its
`add2_warp_specialized(x, y, a, b)` (two tasks, each adding one pair)
against torch at the tutorial's size and ragged ones; the tutorial's own
test prints the differences without checking them.

    python bench/gpu/tlx_vector_add_check.py bench/tutorials/cache/tlx-vector-add-ws_test.py
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tutorials"))
import run as tutorial  # noqa: E402  (bench/tutorials/run.py)


def main(path):
    import torch

    mod = tutorial.load_ported(path, "tlx_vector_add_ws")
    bad = 0
    for size in (98432, 1 << 20, 4096):
        x, y, a, b = (torch.rand(size, device="cuda") for _ in range(4))
        z, c = mod.add2_warp_specialized(x, y, a, b)
        ok = torch.equal(z, x + y) and torch.equal(c, a + b)
        bad += not ok
        print(f"size {size}: {'exact' if ok else 'WRONG'}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
