/* A minimal DPA image for the host-library tests: an RPC, its unpack wrapper, and _start. */
	.text
	.globl _start
_start:
	ret

	.globl rpc_add
rpc_add:
	add	a0, a0, a1
	ret

	.globl __dpacc_unpack_rpc_add
__dpacc_unpack_rpc_add:
	ld	t0, 0(a0)
	ld	t1, 8(a0)
	add	a0, t0, t1
	ret
