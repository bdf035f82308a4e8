# Assembler macros for self-checking instruction tests.
#
# Every check prints one line "<label> <operands> -> <result>" through
# rt_check, so a differential run against qemu pinpoints the instruction and
# inputs of any mismatch, and the program's own expected value makes the
# corpus meaningful even without a reference run.
#
# Operands live in s2/s3 and results in s4: callee-saved registers, so the
# runtime call cannot disturb them and the final register dump shows the
# last values tested.

    .option norelax

# Reports reg_actual against expected; label is a bare token (e.g. add.uw)
# that becomes the printed name.
.macro CHECK label, reg_a, reg_b, reg_actual, expected, operand_count
    mv a1, \reg_a
    mv a2, \reg_b
    mv a3, \reg_actual
    li a4, \expected
    li a5, \operand_count
    .pushsection .rodata.check_labels, "a", @progbits
9:  .asciz "\label"
    .popsection
    la a0, 9b
    call rt_check
.endm

# Register-register operation: rd = op(a, b).
.macro TEST_RR op, a, b, expected
    li s2, \a
    li s3, \b
    \op s4, s2, s3
    CHECK \op, s2, s3, s4, \expected, 2
.endm

# Register-immediate operation: rd = op(a, imm).
.macro TEST_RI op, a, imm, expected
    li s2, \a
    li s3, \imm
    \op s4, s2, \imm
    CHECK \op, s2, s3, s4, \expected, 2
.endm

# Unary operation: rd = op(a).
.macro TEST_R op, a, expected
    li s2, \a
    \op s4, s2
    CHECK \op, s2, s2, s4, \expected, 1
.endm

# Destination equal to both sources: the result must use the old values.
.macro TEST_RR_SAME op, a, expected
    li s4, \a
    mv s2, s4
    \op s4, s4, s4
    CHECK \op\()_same, s2, s2, s4, \expected, 1
.endm

# Checks an arbitrary register; reg must not be one of a0-a5.
.macro CHECK_REG label, reg, expected
    CHECK \label, zero, zero, \reg, \expected, 0
.endm

# Ends the program: dump all registers and exit with the failure count.
.macro END_TEST
    j rt_dump_registers_and_exit
.endm

# Every corpus program defines test_main as its entry point.
.macro TEST_MAIN
    .text
    .globl test_main
test_main:
.endm
