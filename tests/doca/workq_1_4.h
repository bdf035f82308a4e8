/* The work queue properties of 1.x (workq_1_4.c, a unit built for 1.4), run by test_workq.c. */
#ifndef TESTS_DOCA_WORKQ_1_4_H
#define TESTS_DOCA_WORKQ_1_4_H

void work_queue_properties_1_4(void **state);

#endif /* TESTS_DOCA_WORKQ_1_4_H */
