/* The public header of the fixture library; CHANGE selects what a release did to it. */
#include <stdint.h>

struct fixture_attr {
	uint32_t size;
#if CHANGE == 2
	uint64_t inserted; /* a field inserted: every later field moves */
#endif
	uint64_t value;
};

int fixture_get(const struct fixture_attr *attr);
int fixture_added(void);         /* added by change 1: compatible */
int fixture_removed_later(void); /* removed by change 3 */
