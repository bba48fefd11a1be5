import os

import pytest

TEST_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ROOT = os.path.dirname(TEST_DIR)


@pytest.fixture(scope="session", autouse=True)
def _compile_cache(tmp_path_factory):
    """Compiled kernels are cached in a directory of this test session, not
    the user's cache."""
    if "TLXAMD_CACHE_DIR" not in os.environ:
        os.environ["TLXAMD_CACHE_DIR"] = str(tmp_path_factory.mktemp("tlxamd-cache"))
    yield


@pytest.fixture
def scale_mlir():
    return os.path.join(TEST_DIR, "Target", "Inputs", "scale.mlir")


@pytest.fixture
def row_sum_mlir():
    return os.path.join(ROOT, "examples", "row_sum.mlir")


def line_of(path: str, marker: str) -> int:
    """The line of `path` holding `marker` (a comment on the line a test
    expects a diagnostic at), not counting lines that look it up."""
    with open(path) as f:
        for i, text in enumerate(f, 1):
            if marker in text and "line_of(" not in text:
                return i
    raise AssertionError(marker)
