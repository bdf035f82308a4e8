# python packaging tests (issue 14): included from CMakeLists.txt after the binding suites, with BIND_ENV and BIND_DIR set.
