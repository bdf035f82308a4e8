"""The library's log in Python's logging: one record per line, on logger "flexio", none on stderr."""
import logging
import os
import subprocess
import sys

import pytest

import flexio
from flexio import capi


def flexio_records(caplog):
    return [r for r in caplog.records if r.name == "flexio"]


def test_failing_call_is_one_error_record(proc, caplog, capfd):
    capfd.readouterr()
    with caplog.at_level(logging.DEBUG, logger="flexio"):
        with pytest.raises(flexio.FlexioError) as e:
            proc.alloc(1 << 40)
    records = flexio_records(caplog)
    assert len(records) == 1, records
    r = records[0]
    assert r.levelno == logging.ERROR
    assert r.funcName == "flexio_buf_dev_alloc"
    # the exception still carries the library's line, which the record says once
    assert e.value.message == "flexio ERR " + r.getMessage()
    assert r.getMessage().startswith("flexio_buf_dev_alloc: ")
    assert capfd.readouterr().err == ""


def test_simulated_device_logs_to_the_same_logger(caplog, capfd):
    capfd.readouterr()
    with caplog.at_level(logging.DEBUG, logger="flexio"):
        assert capi.lib.ibv_close_device(capi.ffi.NULL) != 0
    records = flexio_records(caplog)
    assert [(r.levelno, r.funcName) for r in records] == [(logging.ERROR, "ibv_close_device")]
    assert capfd.readouterr().err == ""


def list_devices_with_bad_count(monkeypatch):
    """ibv_get_device_list warns (WARN) about an invalid FLEXIO_SIM_DEVICES."""
    monkeypatch.setenv("FLEXIO_SIM_DEVICES", "many")
    assert "mlx5_sim0" in flexio.Device.names()
    monkeypatch.delenv("FLEXIO_SIM_DEVICES")


def test_library_level_filters_records(caplog, monkeypatch):
    x = capi.experimental
    start = x.flexio_log_lvl_set(capi.lib.FLEXIO_LOG_LVL_ERR)
    try:
        with caplog.at_level(logging.DEBUG, logger="flexio"):
            list_devices_with_bad_count(monkeypatch)
            assert flexio_records(caplog) == []
            x.flexio_log_lvl_set(capi.lib.FLEXIO_LOG_LVL_WARN)
            list_devices_with_bad_count(monkeypatch)
    finally:
        x.flexio_log_lvl_set(start)
    assert [(r.levelno, r.funcName) for r in flexio_records(caplog)] == [(logging.WARNING, "ibv_get_device_list")]


def test_unconfigured_logging_prints_nothing():
    """Without logging configured, a failure is the exception only (no "last resort" line)."""
    code = ("import flexio\n"
            "from flexio import capi\n"
            "assert capi.lib.ibv_close_device(capi.ffi.NULL) != 0\n"
            "print(capi.ffi.string(capi.experimental.flexio_last_error()).decode())\n")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=os.environ, check=True)
    assert run.stderr == ""
    assert run.stdout.startswith("flexio_verbs ERR ibv_close_device: ")
