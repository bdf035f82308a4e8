# The DPA (RV64) toolchain: clang + lld + llvm-ar, picolibc and libgcc for riscv64-unknown-elf.
# Sets DPA_CLANG, DPA_LLD, DPA_AR, DPA_NM, DPA_PICOLIBC_INCLUDE_DIR, DPA_PICOLIBC_LIBC, DPA_LIBGCC and
# DPA_DEVICE_CFLAGS (the flags every device object of the project is compiled with). They are cache
# variables: the guard below includes this file once, and every directory must see them.
include_guard(GLOBAL)

function(dpa_require_program var name package)
  find_program(${var} ${name})
  if(NOT ${var})
    message(FATAL_ERROR "${name} not found: install the Debian package ${package} (scripts/install-deps.sh does)")
  endif()
endfunction()

dpa_require_program(DPA_CLANG clang clang)
dpa_require_program(DPA_LLD ld.lld lld)
dpa_require_program(DPA_AR llvm-ar llvm)
dpa_require_program(DPA_NM llvm-nm llvm)
dpa_require_program(DPA_RISCV_GCC riscv64-unknown-elf-gcc gcc-riscv64-unknown-elf)

set(DPA_PICOLIBC_ROOT /usr/lib/picolibc/riscv64-unknown-elf)
set(DPA_PICOLIBC_INCLUDE_DIR ${DPA_PICOLIBC_ROOT}/include CACHE INTERNAL "picolibc headers for RV64")
set(DPA_PICOLIBC_LIBC ${DPA_PICOLIBC_ROOT}/lib/rv64imac/lp64/libc.a CACHE INTERNAL "picolibc for rv64imac/lp64")
if(NOT EXISTS ${DPA_PICOLIBC_LIBC})
  message(FATAL_ERROR "picolibc for rv64imac/lp64 not found: install the Debian package picolibc-riscv64-unknown-elf")
endif()
# picolibc's objects call libgcc's __riscv_save_N helpers; clang ships no RV64 compiler-rt here.
execute_process(COMMAND ${DPA_RISCV_GCC} -march=rv64imac -mabi=lp64 -print-libgcc-file-name
  OUTPUT_VARIABLE dpa_libgcc OUTPUT_STRIP_TRAILING_WHITESPACE)
set(DPA_LIBGCC ${dpa_libgcc} CACHE INTERNAL "libgcc for rv64imac/lp64")

set(DPA_MARCH rv64imac_zbb_zbs CACHE INTERNAL "nv-dpa-bf3: what every DPA model has")
set(DPA_DEVICE_CFLAGS
  --target=riscv64-unknown-elf -march=${DPA_MARCH} -mabi=lp64 -mcmodel=medany -mno-relax
  -ffreestanding -fno-common -ffunction-sections -O2 -g -Wall -Wextra -Werror
  -I${FLEXIO_PUBLIC_INCLUDE_DIR} -I${FLEXIO_PUBLIC_INCLUDE_DIR}/libflexio-libc
  -isystem ${DPA_PICOLIBC_INCLUDE_DIR} CACHE INTERNAL "flags of the project's device objects")

# dpa_compile(OUT_VAR SOURCES src... [FLAGS flag...]): compiles C or assembly sources for the
# DPA into objects under ${CMAKE_CURRENT_BINARY_DIR}/dpa-objects; OUT_VAR gets their paths.
function(dpa_compile out_var)
  cmake_parse_arguments(ARG "" "" "SOURCES;FLAGS" ${ARGN})
  set(objects)
  foreach(src IN LISTS ARG_SOURCES)
    get_filename_component(abs ${src} ABSOLUTE)
    get_filename_component(name ${src} NAME)
    set(obj ${CMAKE_CURRENT_BINARY_DIR}/dpa-objects/${name}.o)
    add_custom_command(OUTPUT ${obj}
      COMMAND ${DPA_CLANG} ${DPA_DEVICE_CFLAGS} ${ARG_FLAGS} -MD -MF ${obj}.d -c ${abs} -o ${obj}
      DEPENDS ${abs}
      DEPFILE ${obj}.d
      COMMENT "DPA: compiling ${name}"
      COMMAND_EXPAND_LISTS
      VERBATIM)
    list(APPEND objects ${obj})
  endforeach()
  set(${out_var} ${objects} PARENT_SCOPE)
endfunction()

# dpa_archive(OUTPUT file OBJECTS obj...): a static archive of DPA objects.
function(dpa_archive)
  cmake_parse_arguments(ARG "" "OUTPUT" "OBJECTS" ${ARGN})
  add_custom_command(OUTPUT ${ARG_OUTPUT}
    COMMAND ${CMAKE_COMMAND} -E rm -f ${ARG_OUTPUT}
    COMMAND ${DPA_AR} rcs ${ARG_OUTPUT} ${ARG_OBJECTS}
    DEPENDS ${ARG_OBJECTS}
    COMMENT "DPA: archiving ${ARG_OUTPUT}"
    VERBATIM)
endfunction()
