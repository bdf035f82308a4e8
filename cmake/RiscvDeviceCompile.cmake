# Builds freestanding RV64 programs for the simulated DPA (and qemu-riscv64) with clang + lld.
#
#   include(${PROJECT_SOURCE_DIR}/cmake/RiscvDeviceCompile.cmake)   (or via CMAKE_MODULE_PATH)
#   dpa_add_rv64_executable(<target>
#       SOURCES <file>...              .c, .S or .s files (relative to the current source dir)
#       [OUTPUT <path>]                default: ${CMAKE_CURRENT_BINARY_DIR}/<target>.elf
#       [MARCH <isa>]                  default: rv64imac_zba_zbb_zbs
#       [CFLAGS <flag>...]             added after the defaults (e.g. -O0, -DNAME=1)
#       [LDFLAGS <flag>...]            added to the link line (e.g. -Wl,-Ttext=0x10000)
#       [INCLUDE_DIRECTORIES <dir>...]
#       [LINKER_SCRIPT <file>]         passed as -T<file>; a dependency of the link
#       [DEPENDS <file-or-target>...]  extra dependencies of every step)
#
# Creates a custom target <target> (part of ALL) whose output is the ELF, and sets the target
# property DPA_ELF to its path: $<TARGET_PROPERTY:<target>,DPA_ELF> in tests and commands.
# Each source is compiled on its own with a depfile, so header edits trigger rebuilds.
# Defaults: --target=riscv64-unknown-elf -mabi=lp64 -mcmodel=medany -ffreestanding -fno-pic
# -O2 -g -Wall -Wextra -Werror, linked -nostdlib -static -fuse-ld=lld -Wl,--no-relax.
# No libc: the program provides _start and uses ecalls (capi/ecall/dpa_ecall.h).
#
# The tools come from DpaToolchain (DPA_CLANG), which stops the configuration naming the
# Debian package of any that is missing.

include_guard(GLOBAL)
include(${CMAKE_CURRENT_LIST_DIR}/DpaToolchain.cmake)

function(dpa_add_rv64_executable target)
  cmake_parse_arguments(PARSE_ARGV 1 ARG ""
    "OUTPUT;MARCH;LINKER_SCRIPT"
    "SOURCES;CFLAGS;LDFLAGS;INCLUDE_DIRECTORIES;DEPENDS")
  if(NOT ARG_SOURCES)
    message(FATAL_ERROR "dpa_add_rv64_executable(${target}): SOURCES is required")
  endif()
  if(NOT ARG_OUTPUT)
    set(ARG_OUTPUT ${CMAKE_CURRENT_BINARY_DIR}/${target}.elf)
  endif()
  if(NOT ARG_MARCH)
    set(ARG_MARCH rv64imac_zba_zbb_zbs)
  endif()
  set(flags --target=riscv64-unknown-elf -march=${ARG_MARCH} -mabi=lp64 -mcmodel=medany
      -ffreestanding -fno-pic -O2 -g -Wall -Wextra -Werror ${ARG_CFLAGS})
  foreach(dir IN LISTS ARG_INCLUDE_DIRECTORIES)
    list(APPEND flags -I${dir})
  endforeach()

  set(objdir ${CMAKE_CURRENT_BINARY_DIR}/${target}.rv64)
  set(objects "")
  foreach(src IN LISTS ARG_SOURCES)
    get_filename_component(abs ${src} ABSOLUTE BASE_DIR ${CMAKE_CURRENT_SOURCE_DIR})
    get_filename_component(name ${src} NAME)
    set(obj ${objdir}/${name}.o)
    add_custom_command(OUTPUT ${obj}
      COMMAND ${CMAKE_COMMAND} -E make_directory ${objdir}
      COMMAND ${DPA_CLANG} ${flags} -MD -MF ${obj}.d -c ${abs} -o ${obj}
      DEPENDS ${abs} ${ARG_DEPENDS}
      DEPFILE ${obj}.d
      COMMENT "RV64 compile ${target}: ${name}"
      VERBATIM)
    list(APPEND objects ${obj})
  endforeach()

  set(link_flags --target=riscv64-unknown-elf -march=${ARG_MARCH} -mabi=lp64 -nostdlib -static
      -fuse-ld=lld -Wl,--no-relax ${ARG_LDFLAGS})
  set(link_deps ${objects} ${ARG_DEPENDS})
  if(ARG_LINKER_SCRIPT)
    get_filename_component(script ${ARG_LINKER_SCRIPT} ABSOLUTE
                           BASE_DIR ${CMAKE_CURRENT_SOURCE_DIR})
    list(APPEND link_flags -T${script})
    list(APPEND link_deps ${script})
  endif()
  add_custom_command(OUTPUT ${ARG_OUTPUT}
    COMMAND ${DPA_CLANG} ${link_flags} ${objects} -o ${ARG_OUTPUT}
    DEPENDS ${link_deps}
    COMMENT "RV64 link ${target}"
    VERBATIM)
  add_custom_target(${target} ALL DEPENDS ${ARG_OUTPUT})
  set_target_properties(${target} PROPERTIES DPA_ELF ${ARG_OUTPUT})
endfunction()
