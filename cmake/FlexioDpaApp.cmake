# flexio_add_dpa_app: builds a DPA application with dpacc, in one line.
#
#   include(FlexioDpaApp)            # or find_package(flexio), which includes it
#   flexio_add_dpa_app(<target>
#       SOURCES <file>...             device sources (relative to the current source dir)
#       [APP_NAME <name>]             dpacc --app-name; default <target>. Also the name of the
#                                     host variable `struct flexio_app *<name>` and of <name>.a
#       [DEVICE_OPTIONS <opt>...]     dpacc --devicecc-options (e.g. -I..., -DNAME, -O0)
#       [DEVICE_LINK_OPTIONS <opt>...] dpacc --devicelink-options (e.g. -lmylib)
#       [DEVICE_LIBS <opt>...]        dpacc --device-libs (e.g. -L<dir>)
#       [HOST_OPTIONS <opt>...]       dpacc -hostcc-options (default -fPIC)
#       [MCPU <cpu>...]               dpacc -mcpu (default nv-dpa-bf3)
#       [LTO])                        dpacc -flto
# With FLEXIO_RELEASE set (find_package(flexio) reads it), dpacc gets --release=<it>.
#
# Creates an INTERFACE library <target> that links <binary dir>/<name>.a (the host archive:
# function handles, argument packing, the embedded ELF and its registration) and libflexio:
#   target_link_libraries(my_host_program PRIVATE <target>)
# The program must reference one of the app's functions (or the <name> variable) so that the
# archive's member, with its constructor, is linked.
#
# FLEXIO_DPACC names the dpacc driver: the build tree's, the package's (flexioConfig.cmake sets
# it) or the first on PATH.
include_guard(GLOBAL)

# flexio_release_version(<release> <var>): the FLEXIO_VER() value of an NVIDIA release named as
# its packages name it (24.01, 25.10, ...): FLEXIO_VER(24, 1, 0) = 0x18010000. FATAL_ERROR for a
# name of another form. dpacc (tools/dpacc/dpacc.py release_version) reads the names alike.
function(flexio_release_version release var)
  if(NOT release MATCHES "^([0-9][0-9])\\.([0-9][0-9]?)$")
    message(FATAL_ERROR "FlexIO release '${release}': expected YY.MM, e.g. 24.01")
  endif()
  set(major ${CMAKE_MATCH_1})
  string(REGEX REPLACE "^0([0-9])$" "\\1" minor "${CMAKE_MATCH_2}")
  math(EXPR version "(${major} << 24) | (${minor} << 16)" OUTPUT_FORMAT HEXADECIMAL)
  set(${var} ${version} PARENT_SCOPE)
endfunction()

# A cache variable, so every directory that calls flexio_add_dpa_app sees it.
if(NOT FLEXIO_DPACC)
  if(DPACC)
    set(FLEXIO_DPACC ${DPACC} CACHE INTERNAL "dpacc of OpenFlexIO's own build tree")
  else()
    find_program(FLEXIO_DPACC dpacc DOC "OpenFlexIO's dpacc driver")
  endif()
endif()

function(flexio_add_dpa_app target)
  cmake_parse_arguments(PARSE_ARGV 1 ARG "LTO" "APP_NAME"
    "SOURCES;DEVICE_OPTIONS;DEVICE_LINK_OPTIONS;DEVICE_LIBS;HOST_OPTIONS;MCPU")
  if(NOT ARG_SOURCES)
    message(FATAL_ERROR "flexio_add_dpa_app(${target}): SOURCES is required")
  endif()
  if(NOT FLEXIO_DPACC)
    message(FATAL_ERROR "flexio_add_dpa_app(${target}): dpacc not found (set FLEXIO_DPACC)")
  endif()
  if(NOT ARG_APP_NAME)
    set(ARG_APP_NAME ${target})
  endif()
  if(NOT DEFINED ARG_HOST_OPTIONS)
    set(ARG_HOST_OPTIONS -fPIC)
  endif()

  set(sources)
  foreach(src IN LISTS ARG_SOURCES)
    get_filename_component(abs ${src} ABSOLUTE BASE_DIR ${CMAKE_CURRENT_SOURCE_DIR})
    list(APPEND sources ${abs})
  endforeach()
  set(command ${FLEXIO_DPACC} ${sources} -o ${CMAKE_CURRENT_BINARY_DIR}/${ARG_APP_NAME}.a
      --app-name=${ARG_APP_NAME} -hostcc=${CMAKE_C_COMPILER})
  # dpacc splits option lists at commas and spaces: one argument per list keeps them apart.
  foreach(pair "DEVICE_OPTIONS;--devicecc-options" "DEVICE_LINK_OPTIONS;--devicelink-options"
               "DEVICE_LIBS;--device-libs" "HOST_OPTIONS;-hostcc-options")
    list(GET pair 0 key)
    list(GET pair 1 option)
    if(ARG_${key})
      list(JOIN ARG_${key} "," joined)
      list(APPEND command "${option}=${joined}")
    endif()
  endforeach()
  if(ARG_MCPU)
    list(JOIN ARG_MCPU "," cpus)
    list(APPEND command -mcpu=${cpus})
  endif()
  if(ARG_LTO)
    list(APPEND command -flto)
  endif()
  # The release device sources that define no FLEXIO_DEV_VER_USED get (flexioConfig.cmake).
  if(FLEXIO_RELEASE)
    list(APPEND command --release=${FLEXIO_RELEASE})
  endif()

  set(depends ${sources})
  if(TARGET dpacc)  # OpenFlexIO's own build: rebuild when the driver or the runtime changes
    list(APPEND depends dpacc ${FLEXIO_DPACC} ${DPA_RUNTIME_DIR}/libflexio_dev.a)
  endif()
  # The headers the device code includes, as dpacc found them: a change rebuilds the app.
  list(APPEND command --depfile=${CMAKE_CURRENT_BINARY_DIR}/${ARG_APP_NAME}.a.d)
  add_custom_command(OUTPUT ${CMAKE_CURRENT_BINARY_DIR}/${ARG_APP_NAME}.a
    COMMAND ${command}
    DEPENDS ${depends}
    DEPFILE ${CMAKE_CURRENT_BINARY_DIR}/${ARG_APP_NAME}.a.d
    COMMENT "dpacc: building DPA application ${ARG_APP_NAME}"
    VERBATIM)
  add_custom_target(${target}_dpacc DEPENDS ${CMAKE_CURRENT_BINARY_DIR}/${ARG_APP_NAME}.a)

  add_library(${target} INTERFACE)
  add_dependencies(${target} ${target}_dpacc)
  target_link_libraries(${target} INTERFACE ${CMAKE_CURRENT_BINARY_DIR}/${ARG_APP_NAME}.a)
  if(TARGET flexio::flexio)
    target_link_libraries(${target} INTERFACE flexio::flexio)
  endif()
endfunction()
