# python packaging tests (issue 14): included from CMakeLists.txt after the binding suites, with BIND_ENV and BIND_DIR set.
#
# bindings.python and bindings.python.opendoca also build device code from Python (flexio.build,
# opendoca.build): they get this tree's dpacc and a cache directory of their own.
set(PY_BUILD_ENV FLEXIO_DPACC=${DPACC} FLEXIO_CACHE_DIR=${BIND_DIR}/flexio-cache)
set_property(TEST bindings.python bindings.python.opendoca APPEND PROPERTY ENVIRONMENT ${PY_BUILD_ENV})

# bindings.python.wheel: the user's path to the package.  A cp39-abi3 wheel is built (pip wheel,
# scikit-build-core, out of tree), repaired by auditwheel with libflexio left out, checked (tag,
# no rpath, py.typed and stubs inside), installed into a fresh venv and used with libflexio found
# the documented ways (FLEXIO_LIBRARY; pkg-config; neither must fail): open the device,
# flexio.build a device source, call it; the same wheel in pyenv's other CPythons (3.9, >= 3.12);
# mypy against the stubs.  Label packaging.
add_test(NAME bindings.python.wheel
  COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/python_wheel.sh ${Python3_EXECUTABLE} $<TARGET_FILE:flexio>)
set_tests_properties(bindings.python.wheel PROPERTIES LABELS "bindings;packaging" TIMEOUT 900
  ENVIRONMENT "${BIND_ENV};${PY_BUILD_ENV}" RESOURCE_LOCK bindings_build)
