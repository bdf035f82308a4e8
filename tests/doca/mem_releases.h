/*
 * The memory family's calls as programs of older releases make them: each unit selects its
 * release (mem_1_4.c, mem_2_2.c, mem_2_7.c) and binds to that release's symbols; test_mem_releases.c
 * runs them as cmocka tests, with two simulated devices.
 */
#ifndef TESTS_DOCA_MEM_RELEASES_H
#define TESTS_DOCA_MEM_RELEASES_H

/* 1.x (the DOCA Core programming guide). */
void mmap_1_4_takes_devices_and_chunks_after_start(void **state);
void mmap_1_4_properties(void **state);
void mmap_1_4_exports_once(void **state);
void buffers_1_4(void **state);
/* 2.2. */
void mmap_2_2(void **state);
void buffers_and_lists_2_2(void **state);
void bufpool_2_2(void **state);
void buf_arr_2_2(void **state);
/* 2.7 (the buffer array forms of 2.2 - 2.10 as the 2.7 headers declare them). */
void buf_arr_2_7(void **state);

#endif
