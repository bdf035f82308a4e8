import os

import pytest

import flexio


def pytest_configure(config):
    config.addinivalue_line("markers", "journey: a user's journey, run by its own ctest (bindings.python.notebook)")


@pytest.fixture(scope="session")
def app():
    path = os.environ.get("FLEXIO_TEST_APP")
    if not path:
        pytest.skip("FLEXIO_TEST_APP (the test application's shared object) is not set")
    return flexio.App.load(path)


@pytest.fixture
def device():
    with flexio.Device.open("mlx5_sim0") as dev:
        yield dev


@pytest.fixture
def proc(device, app):
    with device.process(app) as p:
        yield p
