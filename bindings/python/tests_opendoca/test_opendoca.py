"""opendoca: devices, memory maps, buffers, progress engines and their errors."""
import gc

import pytest

import opendoca as doca
from opendoca import _api
from opendoca.capi import ffi, lib


def test_devices_and_properties():
    infos = doca.devices()
    names = [i.ibdev_name for i in infos]
    assert "mlx5_sim0" in names
    info = infos[names.index("mlx5_sim0")]
    assert len(info.pci_addr) == 12 and info.pci_addr.count(":") == 2  # "0000:03:00.0"
    assert info.mac_addr is None or len(info.mac_addr) == 6
    assert str(info) == f"mlx5_sim0 ({info.pci_addr})"


def test_open_by_name_and_by_pci_address():
    info = next(i for i in doca.devices() if i.ibdev_name == "mlx5_sim0")
    with doca.Device.open("mlx5_sim0") as by_name, doca.Device.open(pci=info.pci_addr) as by_pci:
        assert by_name.info == by_pci.info == info
        assert lib.doca_dev_as_devinfo(by_pci._handle) == by_pci.devinfo
    with doca.Device.open(pci=info.pci_addr[5:]) as short:  # "03:00.0": the bus-device-function alone
        assert short.info.ibdev_name == "mlx5_sim0"
    dev = doca.Device.open()
    assert "mlx5_sim0" in repr(dev)
    dev.close()
    dev.close()  # twice is harmless
    assert dev.closed and "closed" in repr(dev)


def test_bad_pci_address_is_the_doca_error():
    with pytest.raises(doca.DocaError) as e:
        doca.Device.open(pci="not a pci address")
    assert e.value.function == "doca_devinfo_is_equal_pci_addr"
    assert e.value.error == doca.ErrorCode.DOCA_ERROR_INVALID_VALUE
    assert e.value.name == "DOCA_ERROR_INVALID_VALUE"
    assert e.value.description == ffi.string(lib.doca_error_get_descr(lib.DOCA_ERROR_INVALID_VALUE)).decode()
    assert "not a pci address" in e.value.message  # the library's line for the failure
    assert str(e.value).startswith("doca_devinfo_is_equal_pci_addr: DOCA_ERROR_INVALID_VALUE (")


def test_missing_device_is_not_found():
    for kwargs in ({"pci": "0000:99:00.0"}, {"ibdev_name": "mlx5_nope"}):
        with pytest.raises(doca.DocaError) as e:
            doca.Device.open(**kwargs)
        assert e.value.name == "DOCA_ERROR_NOT_FOUND"
    with pytest.raises(ValueError):
        doca.Device.open("mlx5_sim0", pci="0000:03:00.0")


def test_mmap_buffers_and_data(dev, inventory):
    memory = bytearray(b"0123456789abcdef")
    with doca.Mmap(memory, [dev]) as m:
        assert m.size == 16 and m.num_bufs == 0
        with inventory.buf(m, 4, 8, data_offset=2, data_len=3) as buf:
            assert (buf.len, buf.data_offset, buf.data_len, buf.data) == (8, 2, 3, b"678")
            assert m.num_bufs == 1 and buf.refcount == 1
            memory[6] = ord("X")          # the buffer is the bytearray's memory, not a copy
            assert buf.data == b"X78"
            buf.set_data(0, 8)
            assert buf.data == b"45X789ab"
            assert inventory.num_free == 7
        assert m.num_bufs == 0 and inventory.num_free == 8
        empty = inventory.buf(m, data_len=0)
        assert (empty.len, empty.data_len) == (16, 0)
        empty.close()


def test_mmap_of_numpy_and_bytes(dev, inventory):
    numpy = pytest.importorskip("numpy")
    a = numpy.arange(8, dtype=numpy.uint32)
    with doca.Mmap(a, [dev]) as m, inventory.buf(m, 4, 4) as buf:
        assert numpy.frombuffer(buf.data, dtype=numpy.uint32)[0] == 1
    with doca.Mmap(b"read only", [dev]) as m, inventory.buf(m) as buf:  # bytes: mapped read-only
        assert buf.data == b"read only"


def test_buffer_outside_its_map_is_invalid_value(dev, inventory):
    with doca.Mmap(bytearray(64), [dev]) as m:
        for args in ((60, 8), (64, 1), (0, 65)):
            with pytest.raises(doca.DocaError) as e:
                inventory.buf(m, *args)
            assert e.value.function == "doca_buf_inventory_buf_get_by_args"
            assert e.value.name == "DOCA_ERROR_INVALID_VALUE"
            assert "outside memory map" in e.value.message
        assert m.num_bufs == 0 and inventory.num_free == 8  # nothing touched
        with pytest.raises(ValueError):
            inventory.buf(m, -1)


def test_stopped_map_refuses_buffers(dev, inventory):
    with doca.Mmap(bytearray(32), [dev]) as m:
        m.stop()
        with pytest.raises(doca.DocaError) as e:
            inventory.buf(m)
        assert e.value.name == "DOCA_ERROR_BAD_STATE"
    unstarted = doca.Mmap(bytearray(32), start=False)
    with pytest.raises(doca.DocaError) as e:
        inventory.buf(unstarted)
    assert e.value.name == "DOCA_ERROR_BAD_STATE"
    unstarted.close()


def test_configuring_a_map_then_starting_it(dev, inventory):
    m = doca.Mmap(bytearray(32), start=False)
    m.set_permissions(doca.Access.LOCAL_READ_WRITE | doca.Access.PCI_READ_WRITE)
    m.add_device(dev)
    m.start()
    with pytest.raises(doca.DocaError) as e:  # devices before start only
        m.add_device(dev)
    assert e.value.name == "DOCA_ERROR_NOT_PERMITTED"
    with inventory.buf(m) as buf:
        with pytest.raises(doca.DocaError) as e:  # buffers point into it: refused, still open
            m.close()
        assert e.value.function == "doca_mmap_destroy" and not m.closed
        assert buf.len == 32
    m.close()
    with pytest.raises(doca.DocaError) as e:  # a closed object: the binding refuses it
        m.start()
    assert e.value.name == "DOCA_ERROR_BAD_STATE" and "closed" in e.value.message


def test_export_and_create_from_export(dev, inventory):
    memory = bytearray(b"exported memory!")
    with doca.Mmap(memory, [dev], doca.Access.LOCAL_READ_WRITE | doca.Access.PCI_READ_WRITE
                   | doca.Access.RDMA_READ) as m:
        pci = m.export_pci(dev)
        rdma = m.export_rdma(dev)
        assert isinstance(pci, bytes) and pci and isinstance(rdma, bytes) and rdma
        with doca.Mmap.from_export(pci, dev) as remote:
            assert remote.size == len(memory)
        with pytest.raises(doca.DocaError) as e:
            doca.Mmap.from_export(b"\0" * len(pci), dev)
        assert e.value.function == "doca_mmap_create_from_export"
    with doca.Mmap(bytearray(8), [dev]) as local_only, pytest.raises(doca.DocaError) as e:
        local_only.export_pci(dev)  # no PCI permission
    assert e.value.function == "doca_mmap_export_pci"


def test_inventory_runs_out(dev):
    with doca.BufInventory(2) as inv, doca.Mmap(bytearray(16), [dev]) as m:
        a, b = inv.buf(m), inv.buf(m)
        with pytest.raises(doca.DocaError) as e:
            inv.buf(m)
        assert e.value.name in ("DOCA_ERROR_NO_MEMORY", "DOCA_ERROR_EMPTY")
        a.close()
        b.close()


def test_progress_engine():
    with doca.ProgressEngine() as pe:
        assert pe.progress() is False
        assert pe.inflight == 0
    assert pe.closed


def test_error_codes_are_the_library_names():
    for code in doca.ErrorCode:
        assert code.name == ffi.string(lib.doca_error_get_name(code)).decode()
    e = doca.DocaError("doca_x", 1000)  # a code this binding does not know
    assert e.error == 1000 and e.message == ""


def test_objects_dropped_are_destroyed():
    # Dropped without close(): the garbage collector closes them, the device last (the map holds it).
    dev = doca.Device.open("mlx5_sim0")
    m = doca.Mmap(bytearray(8), [dev])
    handle = dev._handle
    del dev, m
    gc.collect()
    with pytest.raises(doca.DocaError):
        from opendoca._core import call
        call("doca_dev_close", handle)  # already closed: the handle is refused


def test_generated_layer():
    from opendoca import capi
    assert capi.RELEASE == _api.RELEASE
    assert hasattr(capi.lib, "doca_mmap_create") and not hasattr(capi.lib, "doca_mmap_enable_thread_safety")
    assert hasattr(capi.experimental, "doca_mmap_enable_thread_safety")
    assert not hasattr(capi.lib, "doca_mmap_create_v2_2")  # the older releases' forms are not bound

