# The cffi extension flexio._capi is built by flexio_build.py (cffi API mode, out of line).
from setuptools import setup

setup(cffi_modules=["flexio_build.py:ffibuilder"])
