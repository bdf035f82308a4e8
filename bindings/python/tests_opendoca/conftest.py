# The tests of opendoca: a pytest run of their own (run_python.sh --opendoca).
import pytest

import opendoca


@pytest.fixture
def dev():
    with opendoca.Device.open("mlx5_sim0") as d:
        yield d


@pytest.fixture
def inventory():
    with opendoca.BufInventory(8) as inv:
        yield inv
