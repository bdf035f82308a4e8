/*
 * A notebook cell: host.independent_apps builds it as three applications, CELL_ADD telling them
 * apart (a cell, the cell edited, another application with the same functions).
 */
#include <libflexio-dev/flexio_dev.h>

__dpa_rpc__ uint64_t triple(uint64_t x)
{
	return 3 * x + CELL_ADD;
}

/* Named like a C library function: so is its host stub. */
__dpa_rpc__ uint64_t index(uint64_t x)
{
	return x + CELL_ADD;
}
