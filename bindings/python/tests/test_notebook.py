"""The notebook loop: an application object loaded again, two applications defining the same
device function, and a cell edited and rebuilt under its name, at a new path (flexio.build) and
at the same path (dpacc and cc as bindings/README.md shows).  Processes of the earlier code go on
with it.  Marked `journey` (ctest bindings.python.notebook)."""
import os
import shutil
import subprocess

import pytest

import flexio
from flexio import _library

pytestmark = pytest.mark.journey

CELL = r'''
#include <libflexio-dev/flexio_dev.h>

__dpa_rpc__ uint64_t triple(uint64_t x)
{
	return 3 * x + OFFSET;
}
'''


@pytest.fixture
def dpacc(tmp_path, monkeypatch):
    """This tree's dpacc, and a flexio.build cache of the test's own."""
    path = os.environ.get("FLEXIO_DPACC")
    if not path:
        pytest.skip("FLEXIO_DPACC (this tree's dpacc) is not set")
    monkeypatch.setenv("FLEXIO_CACHE_DIR", str(tmp_path / "cache"))
    return path


def test_loading_the_same_object_again_gives_the_same_app(app, tmp_path):
    path = os.environ["FLEXIO_TEST_APP"]  # the fixture app loaded it
    assert flexio.App.load(path) is app
    assert flexio.App.load(path, app.name) is app
    copy = tmp_path / "copy.so"
    shutil.copyfile(path, copy)
    assert flexio.App.load(copy) is app  # the same bytes
    with pytest.raises(flexio.FlexioError, match=r"registered no application named 'nope' \(bind_test\)"):
        flexio.App.load(path, "nope")
    with pytest.raises(flexio.FlexioError, match="dlopen: .*missing.so: No such file"):
        flexio.App.load(tmp_path / "missing.so")


def test_two_apps_may_define_the_same_function(dpacc, device):
    one = flexio.build([CELL], name="nb_one", options=["-DOFFSET=1"])
    two = flexio.build([CELL], name="nb_two", options=["-DOFFSET=2"])
    with device.process(one) as p1, device.process(two) as p2:
        assert p1.call("triple", 5) == 16
        assert p2.call("triple", 5) == 17
        assert p1.call(one["triple"], 5) == 16


def test_a_cell_rebuilt_under_its_name(dpacc, device):
    first = flexio.build([CELL], name="nb_cell", options=["-DOFFSET=0"])
    with device.process(first) as old:
        assert old.call("triple", 5) == 15
        edited = flexio.build([CELL.replace("3 * x", "4 * x")], name="nb_cell", options=["-DOFFSET=0"])
        assert edited is not first and edited.name == "nb_cell"
        assert flexio.App.get("nb_cell") is edited  # the newest of the name
        with device.process(edited) as new:
            assert new.call("triple", 5) == 20
            assert old.call("triple", 5) == 15
        # The cell run again as it first was: the first application.
        assert flexio.build([CELL], name="nb_cell", options=["-DOFFSET=0"]) is first


def _build_at(directory, offset, dpacc):
    """The cell built by hand into directory/libnb_same.so (bindings/README.md's two commands)."""
    (directory / "cell.c").write_text(CELL)
    cc = os.environ.get("CC", "cc")
    subprocess.run([dpacc, "cell.c", "-o", "nb_same.a", "--app-name=nb_same", f"-hostcc={cc}",
                    "-hostcc-options=-fPIC", f"--devicecc-options=-DOFFSET={offset}"], cwd=directory, check=True)
    subprocess.run([cc, "-shared", "-o", "libnb_same.so", "-Wl,--whole-archive", "nb_same.a",
                    "-Wl,--no-whole-archive", str(_library.loaded_path())], cwd=directory, check=True)
    return directory / "libnb_same.so"


def test_a_cell_rebuilt_at_the_same_path(dpacc, device, tmp_path):
    path = _build_at(tmp_path, 0, dpacc)
    first = flexio.App.load(path)
    with device.process(first) as old:
        assert old.call("triple", 5) == 15
        assert _build_at(tmp_path, 100, dpacc) == path
        edited = flexio.App.load(path)
        assert edited is not first
        assert flexio.App.load(path) is edited
        with device.process(edited) as new:
            assert new.call("triple", 5) == 115
            assert old.call("triple", 5) == 15
