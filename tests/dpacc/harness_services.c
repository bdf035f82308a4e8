/*
 * The ecall services of the dpacc test harness: a small model of what the host runtime does
 * for libflexio_dev, following the meaning dpa_ecall.h gives every service.
 */
#include "harness_services.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <libflexio-dev/flexio_dev_dpa_arch.h>

#include "dpa_ecall.h"

#define MAX_COUNTERS 8
#define WINDOW_ENTITIES 2 /* FLEXIO_DEV_WINDOW_ENTITY_NUM */

static int64_t msg(struct dpa_hart *hart, void *user, uint64_t args[6])
{
	struct harness *h = user;
	uint64_t len = args[3];
	const char *text = dpa_process_host_pointer(dpa_hart_process(hart), args[2], len, false);

	if (args[1] > FLEXIO_MSG_DEV_DEBUG || args[0] > FLEXIO_MSG_DEV_BROADCAST_STREAM)
		return -EINVAL;
	if (len && !text)
		return -EFAULT;
	if (len > sizeof(h->text) - 1 - h->text_len)
		len = sizeof(h->text) - 1 - h->text_len;
	memcpy(h->text + h->text_len, text, len);
	h->text_len += len;
	h->text[h->text_len] = '\0';
	h->last_stream = (int)args[0];
	h->last_level = (int)args[1];
	printf("[dpa stream %d level %d] %.*s%s", (int)args[0], (int)args[1], (int)len, text,
	       len && text[len - 1] == '\n' ? "" : "\n");
	return (int64_t)len;
}

/* Every service that ends the invocation: stop the hart and record which one it was. */
static int64_t end_invocation(struct dpa_hart *hart, void *user, uint64_t args[6])
{
	struct harness *h = user;

	h->end_service = dpa_hart_reg(hart, 17);
	h->end_arg = args[0];
	dpa_hart_request_stop(hart, h->end_service);
	return 0;
}

static int64_t yield(struct dpa_hart *hart, void *user, uint64_t args[6])
{
	(void)hart;
	(void)user;
	(void)args;
	return 0; /* the harness's threads are not continuable */
}

static int64_t thread_id(struct dpa_hart *hart, void *user, uint64_t args[6])
{
	(void)hart;
	(void)user;
	(void)args;
	return HARNESS_THREAD_ID;
}

static int64_t thread_local_storage(struct dpa_hart *hart, void *user, uint64_t args[6])
{
	(void)hart;
	(void)user;
	(void)args;
	return HARNESS_TLS_DADDR;
}

static int64_t outbox_config(struct dpa_hart *hart, void *user, uint64_t args[6])
{
	struct harness *h = user;

	(void)hart;
	return args[0] == HARNESS_OUTBOX_ID ? (int64_t)h->outbox_base : -ENOENT;
}

static int outbox_write(void *user, struct dpa_hart *hart, uint64_t offset, const void *src, size_t size)
{
	struct harness *h = user;
	uint64_t value = 0;

	(void)hart;
	if (size != sizeof(value) || h->doorbell_count == HARNESS_DOORBELLS_MAX)
		return -1;
	memcpy(&value, src, size);
	h->doorbells[h->doorbell_count++] = (struct harness_doorbell){ offset, value };
	return 0;
}

static int outbox_read(void *user, struct dpa_hart *hart, uint64_t offset, void *dst, size_t size)
{
	(void)user;
	(void)hart;
	(void)offset;
	memset(dst, 0, size);
	return 0;
}

static int64_t window_config(struct dpa_hart *hart, void *user, uint64_t args[6])
{
	struct harness *h = user;

	(void)hart;
	if (args[0] >= WINDOW_ENTITIES || args[1] != HARNESS_WINDOW_ID)
		return -ENOENT;
	if (args[2] != HARNESS_MKEY)
		return -EPERM;
	h->window_mkey = (uint32_t)args[2];
	return 0;
}

static int64_t window_mkey_config(struct dpa_hart *hart, void *user, uint64_t args[6])
{
	struct harness *h = user;

	(void)hart;
	if (args[0] >= WINDOW_ENTITIES || args[1] != HARNESS_MKEY)
		return -EPERM;
	h->window_mkey = (uint32_t)args[1];
	return 0;
}

/* The offset of [haddr, haddr + size) in the window's host memory, or -1. */
static int64_t window_offset(const struct harness *h, uint64_t haddr, uint64_t size)
{
	uint64_t start = harness_window_haddr(h);

	if (!h->window_mkey || haddr < start || haddr - start > HARNESS_WINDOW_SIZE ||
	    size > HARNESS_WINDOW_SIZE - (haddr - start))
		return -1;
	return (int64_t)(haddr - start);
}

static int64_t window_ptr(struct dpa_hart *hart, void *user, uint64_t args[6])
{
	struct harness *h = user;
	int64_t offset = window_offset(h, args[1], 1);

	(void)hart;
	return offset < 0 ? -EINVAL : (int64_t)h->window_base + offset;
}

static int64_t window_copy_to_host(struct dpa_hart *hart, void *user, uint64_t args[6])
{
	struct harness *h = user;
	int64_t offset = window_offset(h, args[1], args[3]);

	if (offset < 0)
		return -EINVAL;
	return dpa_process_read(dpa_hart_process(hart), args[2], h->window + offset, args[3]) ? -EFAULT : 0;
}

static int window_write(void *user, struct dpa_hart *hart, uint64_t offset, const void *src, size_t size)
{
	struct harness *h = user;

	(void)hart;
	if (offset > HARNESS_WINDOW_SIZE || size > HARNESS_WINDOW_SIZE - offset)
		return -1;
	memcpy(h->window + offset, src, size);
	return 0;
}

static int window_read(void *user, struct dpa_hart *hart, uint64_t offset, void *dst, size_t size)
{
	struct harness *h = user;

	(void)hart;
	if (offset > HARNESS_WINDOW_SIZE || size > HARNESS_WINDOW_SIZE - offset)
		return -1;
	memcpy(dst, h->window + offset, size);
	return 0;
}

static int64_t event_activate(struct dpa_hart *hart, void *user, uint64_t args[6])
{
	struct harness *h = user;

	(void)hart;
	if (args[0] != HARNESS_ACTIVATION_ID)
		return -ENOENT;
	h->activated++;
	return 0;
}

static int64_t nic_counters_config(struct dpa_hart *hart, void *user, uint64_t args[6])
{
	struct harness *h = user;

	if (args[2] == 0 || args[2] > MAX_COUNTERS) {
		/* Fatal, as the manual says: the invocation ends here. */
		return end_invocation(hart, user, args);
	}
	h->counter_values = args[0];
	h->counter_ids = args[1];
	h->counter_count = (uint32_t)args[2];
	return 0;
}

/* Each counter reads as its id times 10 plus the number of samples taken before. */
static int64_t nic_counters_sample(struct dpa_hart *hart, void *user, uint64_t args[6])
{
	struct harness *h = user;
	uint32_t ids[MAX_COUNTERS], values[MAX_COUNTERS];
	struct dpa_process *process = dpa_hart_process(hart);

	if (!h->counter_count)
		return end_invocation(hart, user, args);
	if (dpa_process_read(process, h->counter_ids, ids, h->counter_count * sizeof(ids[0])))
		return end_invocation(hart, user, args);
	for (uint32_t i = 0; i < h->counter_count; i++)
		values[i] = ids[i] * 10 + h->counter_samples;
	h->counter_samples++;
	return dpa_process_write(process, h->counter_values, values, h->counter_count * sizeof(values[0])) ? -EFAULT
													   : 0;
}

static int64_t pcc_table_base(struct dpa_hart *hart, void *user, uint64_t args[6])
{
	(void)hart;
	(void)user;
	return args[0] == HARNESS_VHCA_ID ? (int64_t)HARNESS_PCC_TABLE_BASE : -ENOENT;
}

static int64_t unknown(struct dpa_hart *hart, void *user, uint64_t args[6])
{
	(void)user;
	(void)args;
	fprintf(stderr, "harness: ecall 0x%llx has no service\n", (unsigned long long)dpa_hart_reg(hart, 17));
	return -ENOSYS;
}

int harness_install_services(struct harness *h)
{
	static const struct dpa_mmio_ops outbox_ops = { outbox_read, outbox_write };
	static const struct dpa_mmio_ops window_ops = { window_read, window_write };
	static const struct {
		uint64_t number;
		dpa_service_fn fn;
	} services[] = {
		{ DPA_ECALL_MSG, msg },
		{ DPA_ECALL_THREAD_FINISH, end_invocation },
		{ DPA_ECALL_THREAD_RESCHEDULE, end_invocation },
		{ DPA_ECALL_THREAD_RETRIGGER, end_invocation },
		{ DPA_ECALL_PROCESS_FINISH, end_invocation },
		{ DPA_ECALL_PROCESS_ERROR, end_invocation },
		{ DPA_ECALL_THREAD_YIELD, yield },
		{ DPA_ECALL_THREAD_ID, thread_id },
		{ DPA_ECALL_THREAD_LOCAL_STORAGE, thread_local_storage },
		{ DPA_ECALL_OUTBOX_CONFIG, outbox_config },
		{ DPA_ECALL_WINDOW_CONFIG, window_config },
		{ DPA_ECALL_WINDOW_MKEY_CONFIG, window_mkey_config },
		{ DPA_ECALL_WINDOW_PTR, window_ptr },
		{ DPA_ECALL_WINDOW_COPY_TO_HOST, window_copy_to_host },
		{ DPA_ECALL_EVENT_ACTIVATE, event_activate },
		{ DPA_ECALL_NIC_COUNTERS_CONFIG, nic_counters_config },
		{ DPA_ECALL_NIC_COUNTERS_SAMPLE, nic_counters_sample },
		{ DPA_ECALL_PCC_TABLE_BASE, pcc_table_base },
	};

	if (dpa_process_map_aperture(h->process, DPA_REGION_MMIO, FLEXIO_OUTBOX_PAGE_SIZE, &outbox_ops, h,
				     &h->outbox_base) ||
	    dpa_process_map_aperture(h->process, DPA_REGION_WINDOW, HARNESS_WINDOW_SIZE, &window_ops, h,
				     &h->window_base) ||
	    dpa_process_set_fallback_service(h->process, unknown, h))
		return -1;
	for (size_t i = 0; i < sizeof(services) / sizeof(services[0]); i++)
		if (dpa_process_set_service(h->process, services[i].number, services[i].fn, h))
			return -1;
	return 0;
}
