/* DOCA RDMA's forms of older releases, each exercised from a unit selecting its release. */
#ifndef TESTS_DOCA_RDMA_RELEASES_H
#define TESTS_DOCA_RDMA_RELEASES_H

struct doca_dev;

/* 2.6 (rdma_2_6.c): one connection per context; a send, a write and a read between two devices' contexts. */
void rdma_2_6_pair(struct doca_dev *a, struct doca_dev *b);
/* 2.5 (rdma_2_5.c): GRH as a bool and the GID table, good and bad. */
void rdma_2_5_grh(struct doca_dev *dev);

#endif /* TESTS_DOCA_RDMA_RELEASES_H */
