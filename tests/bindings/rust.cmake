# Rust packaging tests (issue 14): included from CMakeLists.txt after the binding suites, with
# BIND_ENV and BIND_DIR set.  Each is a mode of run_rust.sh:
#   bindings.rust.docs_rs   DOCS_RS=1 cargo doc with no pkg-config and no libflexio (as docs.rs)
#   bindings.rust.fmt       cargo fmt --check
#   bindings.rust.examples  cargo run --example call / fault / event_handler, outputs checked
if(CARGO)
  add_test(NAME bindings.rust.docs_rs COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/run_rust.sh ${CARGO} docs-rs)
  add_test(NAME bindings.rust.fmt COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/run_rust.sh ${CARGO} fmt)
  add_test(NAME bindings.rust.examples COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/run_rust.sh ${CARGO} examples)
  set(rust_packaging_tests bindings.rust.docs_rs bindings.rust.fmt bindings.rust.examples)
  set_tests_properties(${rust_packaging_tests} PROPERTIES LABELS "bindings;packaging" TIMEOUT 600
    ENVIRONMENT "${BIND_ENV}")
  set_tests_properties(bindings.rust.fmt PROPERTIES SKIP_RETURN_CODE 77)
  # The examples build in the suite's cargo target directory: one cargo there at a time.
  set_tests_properties(bindings.rust.examples PROPERTIES RESOURCE_LOCK bindings_build)
endif()
