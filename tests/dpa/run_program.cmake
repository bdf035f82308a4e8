# Runs programs/check.c through dpa-sim-run: normal run (exit 42, output equal to qemu's when
# qemu-riscv64 is available) and each fault mode with its 128+signal status.
execute_process(COMMAND ${RUNNER} ${ELF} hello world
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 42)
  message(FATAL_ERROR "dpa-sim-run exited ${rc}\nstdout:\n${out}\nstderr:\n${err}")
endif()
if(QEMU)
  execute_process(COMMAND ${QEMU} ${ELF} hello world
                  RESULT_VARIABLE qrc OUTPUT_VARIABLE qout)
  if(NOT qrc EQUAL rc OR NOT qout STREQUAL out)
    message(FATAL_ERROR "differs from qemu (${qrc}):\n${qout}\nvs dpa-sim-run (${rc}):\n${out}")
  endif()
endif()
foreach(pair misaligned:135 segv:139 ill:132 ebreak:133 loop:152 exit7:7)
  string(REPLACE ":" ";" pair ${pair})
  list(GET pair 0 mode)
  list(GET pair 1 expected)
  execute_process(COMMAND ${RUNNER} --watchdog 1000000 ${ELF} ${mode}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL expected)
    message(FATAL_ERROR "mode ${mode}: exit ${rc}, expected ${expected}\n${err}")
  endif()
  if(expected GREATER 128 AND NOT err MATCHES "dpa-sim-run: fault: .* at pc=0x[0-9a-f]+ addr=0x[0-9a-f]+")
    message(FATAL_ERROR "mode ${mode}: no fault line in:\n${err}")
  endif()
  # The program has debug info: the fault line names the access's source line and function.
  if(mode STREQUAL "misaligned" AND NOT err MATCHES "addr=0x[0-9a-f]+ \\([^\n]*/check\\.c:[0-9]+ in [a-z_]+\\)\n")
    message(FATAL_ERROR "mode ${mode}: the fault line names no source line:\n${err}")
  endif()
endforeach()
execute_process(COMMAND ${RUNNER} --stats --trace ${ELF} exit7
                RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 7 OR NOT err MATCHES "instructions [0-9]+ cycles" OR NOT err MATCHES "\n[0-9a-f]+ [0-9a-f]+\n")
  message(FATAL_ERROR "--stats/--trace: exit ${rc}\n${err}")
endif()
# --engine: the interpreter always runs the program; the translator runs it, or is refused as a
# usage error on a host without one; an unknown engine is a usage error.
execute_process(COMMAND ${RUNNER} --engine interpreter --stats ${ELF} exit7
                RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 7 OR NOT err MATCHES "engine interpreter")
  message(FATAL_ERROR "--engine interpreter: exit ${rc}\n${err}")
endif()
execute_process(COMMAND ${RUNNER} --engine translator --stats ${ELF} exit7
                RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT (rc EQUAL 7 AND err MATCHES "engine translator")
   AND NOT (rc EQUAL 125 AND err MATCHES "no translator for this host"))
  message(FATAL_ERROR "--engine translator: exit ${rc}\n${err}")
endif()
execute_process(COMMAND ${RUNNER} --engine jit ${ELF} exit7
                RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 125 OR NOT err MATCHES "unknown engine 'jit'")
  message(FATAL_ERROR "--engine jit: exit ${rc}\n${err}")
endif()
