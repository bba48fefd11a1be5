import os

import pytest

TEST_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ROOT = os.path.dirname(TEST_DIR)


@pytest.fixture
def scale_mlir():
    return os.path.join(TEST_DIR, "Target", "Inputs", "scale.mlir")


@pytest.fixture
def row_sum_mlir():
    return os.path.join(ROOT, "examples", "row_sum.mlir")
