/* 2.2 work queues of several threads sharing one context (pe_threads_2_2.c, built for 2.2). */
#ifndef TESTS_DOCA_PE_THREADS_2_2_H
#define TESTS_DOCA_PE_THREADS_2_2_H

void work_queues_of_many_threads_2_2(void **state);

#endif /* TESTS_DOCA_PE_THREADS_2_2_H */
