/*
 * Stands in for riscv-tests' benchmarks/common/util.h, which serves bare-metal harnesses (CSR
 * clocks, tohost): dhrystone_main.c includes it for setStats and read_csr. Here the program is a
 * Linux process timed from outside, so its clock reads a fixed step (dhrystone_bench.c).
 */
#ifndef DPA_BENCH_DHRYSTONE_UTIL_H
#define DPA_BENCH_DHRYSTONE_UTIL_H

void setStats(int enable);
long bench_clock(void);
#define read_csr(reg) bench_clock()

#endif
