/* A 2.2 program's argp calls (argp_2_2.c selects 2.2): its callback types and the gRPC flag. */
#ifndef TESTS_DOCA_ARGP_2_2_H
#define TESTS_DOCA_ARGP_2_2_H

#include <doca_error.h>

/* doca_argp_init as a 2.2 gRPC program, with a flag -p/--port (int) recorded into calls. */
doca_error_t argp22_grpc_program(char *calls, size_t size);
/* doca_argp_set_grpc_program and doca_argp_get_grpc_addr as 2.2 declares them. */
void argp22_set_grpc_program(void);
doca_error_t argp22_get_grpc_addr(const char **address);

#endif
