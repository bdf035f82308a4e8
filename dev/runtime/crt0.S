/*
 * Entry of a DPA image.  The runtime calls _start once, as a function, when it
 * creates the DPA process: it runs the image's constructors and returns.
 * Device functions are entered afterwards by the runtime directly (RPC unpack
 * wrappers, event handlers), each on its thread's stack with tp set.
 */
	.section .text.start, "ax", @progbits
	.globl _start
	.type _start, @function
_start:
	addi	sp, sp, -16
	sd	ra, 8(sp)
	sd	s0, 0(sp)
	la	s0, __init_array_start
1:	la	t0, __init_array_end
	beq	s0, t0, 2f
	ld	t1, 0(s0)
	jalr	t1
	addi	s0, s0, 8
	j	1b
2:	ld	ra, 8(sp)
	ld	s0, 0(sp)
	addi	sp, sp, 16
	ret
	.size _start, . - _start
