/*
 * The NIC of each simulated device (core/nic): made at first use, one per device, all in one
 * fabric so that RC QPs connect between mlx5_sim0 and mlx5_sim1; it lives as long as the
 * library.  This file is its environment (struct nic_env):
 *   - space_reach: FLEXIO_VERBS_SPACE_UMEM(id) is a umem of the device (bounds checked), any
 *     other space a struct flexio_verbs_space * answering for itself (libflexio's DPA memory,
 *     and the rings of this library's own CQs, QPs and SRQs);
 *   - mkey_reach: the device's MRs and space keys, found in its lock-free key table, checked
 *     as flexio_verbs_mr_reach checks them (PD numbers are ibv_pd.handle), each access in
 *     flight until mkey_done (ibv_dereg_mr waits for those, table.c);
 *   - now_ns: CLOCK_MONOTONIC;
 *   - timer_request: one timer thread for every NIC, sleeping until the earliest deadline;
 *   - notify: the struct flexio_verbs_sink given as the queue's cookie.
 * Its ports are attached, once it is published, to the backends FLEXIO_SIM_PORTS gives them
 * (core/net, core/net/PORTS.md): frames in and out go between the NIC and core/net directly.
 */
#include "verbs_internal.h"

#include "net.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

static struct nic_fabric *fabric;
/* NICs by device index, published with release stores: read without verbs_lock. */
static struct verbs_nic *nics[VERBS_MAX_CREATED];

/* ---- the timer thread ---- */

static struct {
	pthread_mutex_t lock;
	pthread_cond_t wake;
	pthread_t thread;
	bool running;  /* the thread exists (in this process: not after a fork) */
	bool stopping; /* the library is being unloaded */
	bool forked_handler;
} timer = { .lock = PTHREAD_MUTEX_INITIALIZER };

static uint64_t monotonic_ns(void)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

/* Sleeps until the earliest deadline of any NIC, runs the timers of the NICs due (unlocked:
 * nic_timers_run may ask for the next deadline), again until the library goes. */
static void *timer_main(void *arg)
{
	(void)arg;
	pthread_mutex_lock(&timer.lock);
	while (!timer.stopping) {
		uint64_t now = monotonic_ns(), earliest = 0;
		struct verbs_nic *due[VERBS_MAX_CREATED];
		int ndue = 0;

		for (int i = 0; i < VERBS_MAX_CREATED; i++) {
			struct verbs_nic *nic = __atomic_load_n(&nics[i], __ATOMIC_ACQUIRE);

			if (!nic || !nic->deadline)
				continue;
			if (nic->deadline <= now) {
				nic->deadline = 0;
				due[ndue++] = nic;
			} else if (!earliest || nic->deadline < earliest) {
				earliest = nic->deadline;
			}
		}
		if (ndue) {
			pthread_mutex_unlock(&timer.lock);
			for (int i = 0; i < ndue; i++)
				nic_timers_run(due[i]->nic);
			pthread_mutex_lock(&timer.lock);
		} else if (earliest) {
			struct timespec until = { .tv_sec = (time_t)(earliest / 1000000000u),
						  .tv_nsec = (long)(earliest % 1000000000u) };

			pthread_cond_timedwait(&timer.wake, &timer.lock, &until);
		} else {
			pthread_cond_wait(&timer.wake, &timer.lock);
		}
	}
	pthread_mutex_unlock(&timer.lock);
	return NULL;
}

/* A forked child has no timer thread: the next request starts one. */
static void timer_after_fork(void)
{
	pthread_mutex_init(&timer.lock, NULL);
	timer.running = false;
}

/* Starts the thread (timer lock held); false when it cannot be. */
static bool timer_start(void)
{
	pthread_condattr_t attr;

	if (timer.running || timer.stopping)
		return timer.running;
	if (!timer.forked_handler) {
		pthread_atfork(NULL, NULL, timer_after_fork);
		timer.forked_handler = true;
	}
	pthread_condattr_init(&attr);
	pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
	pthread_cond_init(&timer.wake, &attr);
	pthread_condattr_destroy(&attr);
	timer.running = !pthread_create(&timer.thread, NULL, timer_main, NULL);
	return timer.running;
}

/* Stops the thread when the library is unloaded (or the process exits). */
__attribute__((destructor)) static void timer_stop(void)
{
	bool running;

	pthread_mutex_lock(&timer.lock);
	timer.stopping = true;
	running = timer.running;
	if (running)
		pthread_cond_signal(&timer.wake);
	pthread_mutex_unlock(&timer.lock);
	if (running)
		pthread_join(timer.thread, NULL);
}

/* ---- the environment ---- */

static void *env_space_reach(void *user, uint64_t space, uint64_t addr, uint64_t len, bool write)
{
	struct verbs_nic *nic = user;
	struct flexio_verbs_space *owner;
	struct verbs_slot umem;
	uint32_t id;

	if (space & 1) {
		id = (uint32_t)(space >> 1);
		if (space >> 33 || !verbs_table_read(&nic->device->umems, id, id, &umem) || addr > umem.length ||
		    len > umem.length - addr)
			return NULL;
		return (void *)(uintptr_t)(umem.host + addr);
	}
	owner = (struct flexio_verbs_space *)(uintptr_t)space;
	return owner ? owner->reach(owner, addr, len, write) : NULL;
}

static int key_check(const struct verbs_slot *k, uint32_t pd, uint64_t addr, uint64_t len, unsigned access, void **ptr)
{
	uint64_t offset = addr - k->start;

	if (k->pd != pd)
		return -EPERM;
	if ((k->access & access) != access)
		return -EACCES;
	if (addr < k->start || offset > k->length || len > k->length - offset)
		return -ERANGE;
	if (k->space) {
		struct flexio_verbs_space *space = (struct flexio_verbs_space *)(uintptr_t)k->space;
		bool write = access & (IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_WRITE | IBV_ACCESS_REMOTE_ATOMIC);

		/* a space key's address space is the space's own */
		*ptr = space->reach(space, addr, len, write);
		return *ptr ? 0 : -ERANGE;
	}
	*ptr = (void *)(uintptr_t)(k->host + offset);
	return 0;
}

/* An access the NIC ends with env_mkey_done when it succeeds. */
static int env_mkey_reach(void *user, uint32_t pd, uint32_t key, uint64_t addr, uint64_t len, unsigned access,
			  void **ptr)
{
	struct verbs_nic *nic = user;
	struct verbs_slot k;
	int rc;

	if (!verbs_table_hold(&nic->device->keys, key >> 8, key, &k))
		return -ENOENT;
	rc = key_check(&k, pd, addr, len, access, ptr);
	if (rc)
		verbs_table_release();
	return rc;
}

static void env_mkey_done(void *user, uint32_t key)
{
	(void)user, (void)key;
	verbs_table_release();
}

static uint64_t env_now_ns(void *user)
{
	(void)user;
	return monotonic_ns();
}

static void env_timer_request(void *user, uint64_t deadline_ns)
{
	struct verbs_nic *nic = user;
	bool earlier;

	pthread_mutex_lock(&timer.lock);
	earlier = !nic->deadline || deadline_ns < nic->deadline;
	if (earlier)
		nic->deadline = deadline_ns ? deadline_ns : 1;
	/* a forked child has no thread, whatever deadlines its copy of the NICs still holds (an
	 * earlier one copied from the parent would otherwise keep it from ever starting one) */
	if ((earlier || !timer.running) && timer_start())
		pthread_cond_signal(&timer.wake);
	pthread_mutex_unlock(&timer.lock);
}

static void env_notify(void *user, const struct nic_event *event)
{
	struct flexio_verbs_sink *sink = (struct flexio_verbs_sink *)(uintptr_t)event->cookie;

	(void)user;
	if (sink && sink->notify)
		sink->notify(sink, event);
}

/* ---- the ports' attachments (core/net) ---- */

static void net_log(void *user, const char *what, const char *text)
{
	(void)user;
	verbs_err(what, "%s", text);
}

/* The NIC of the simulated device called name (made now if need be: verbs_lock is held, as it is
 * while a NIC attaches its ports). */
static struct nic *net_device_nic(void *user, const char *name)
{
	struct verbs_device *device;
	struct verbs_nic *nic;

	(void)user;
	for (int i = 0; (device = verbs_device_at(i)); i++)
		if (!strcmp(device->ibv.name, name))
			return (nic = verbs_nic_of(device)) ? nic->nic : NULL;
	return NULL;
}

struct verbs_nic *verbs_nic_of(struct verbs_device *device)
{
	struct nic_port_attr port = { .mtu = 1500 };
	struct nic_env env = {
		.space_reach = env_space_reach,
		.mkey_reach = env_mkey_reach,
		.mkey_done = env_mkey_done,
		.now_ns = env_now_ns,
		.timer_request = env_timer_request,
		.notify = env_notify,
	};
	struct verbs_nic *nic = __atomic_load_n(&device->nic, __ATOMIC_ACQUIRE);

	if (nic)
		return nic;
	if (!fabric && !(fabric = nic_fabric_create()))
		return NULL;
	nic = calloc(1, sizeof(*nic));
	if (!nic)
		return NULL;
	nic->device = device;
	env.user = nic;
	nic->nic = nic_create(&(struct nic_config){
		.env = &env, .fabric = fabric, .ports = 1, .log_max_objects = VERBS_NIC_LOG_OBJECTS });
	if (!nic->nic) {
		free(nic);
		return NULL;
	}
	/* the port's addresses are those ibv_query_gid reports: QPs name their peer by GID */
	verbs_port_gid(device, port.gid);
	verbs_port_mac(device, port.mac);
	nic_port_set(nic->nic, 1, &port);
	__atomic_store_n(&nics[device->index], nic, __ATOMIC_RELEASE);
	__atomic_store_n(&device->nic, nic, __ATOMIC_RELEASE);
	/* after publication: the ports of an in-process wire's peer find this NIC. A failure is
	 * logged there, and leaves the ports unconnected: the device works without them. */
	net_device_attach(&(struct net_env){ .log = net_log, .device_nic = net_device_nic }, nic->nic,
			  device->ibv.name);
	return nic;
}

struct verbs_nic *verbs_nic_of_context(const struct ibv_context *context)
{
	const struct verbs_ctx *sim = VERBS_CONTAINER(context, struct verbs_ctx, vctx.context);

	return __atomic_load_n(&sim->device->nic, __ATOMIC_ACQUIRE);
}

VERBS_EXPORT struct nic *flexio_verbs_device_nic(int device_index)
{
	struct verbs_device *device;
	struct verbs_nic *nic;

	VERBS_DELEGATE(flexio_verbs_device_nic, (device_index));
	if (device_index < 0 || device_index >= VERBS_MAX_CREATED)
		return NULL;
	nic = __atomic_load_n(&nics[device_index], __ATOMIC_ACQUIRE);
	if (nic)
		return nic->nic;
	pthread_mutex_lock(&verbs_lock);
	device = verbs_device_at(device_index);
	nic = device ? verbs_nic_of(device) : NULL;
	pthread_mutex_unlock(&verbs_lock);
	return nic ? nic->nic : NULL;
}

/* Returns 0, or -EINVAL (counters is NULL, no such device index), -ENOENT (no NIC yet, no such
 * port): silent, as every FLEXIO_VERBS_PRIVATE call. */
VERBS_EXPORT int flexio_verbs_port_counters(int device_index, unsigned port,
					    struct flexio_verbs_port_counters *counters)
{
	struct nic_port_counters c;
	struct verbs_nic *nic;

	VERBS_DELEGATE(flexio_verbs_port_counters, (device_index, port, counters));
	if (!counters || device_index < 0 || device_index >= VERBS_MAX_CREATED)
		return -EINVAL;
	nic = __atomic_load_n(&nics[device_index], __ATOMIC_ACQUIRE);
	if (!nic || nic_port_counters(nic->nic, port, &c))
		return -ENOENT;
	*counters = (struct flexio_verbs_port_counters){
		.rx_frames = c.rx_frames,
		.rx_bytes = c.rx_bytes,
		.tx_frames = c.tx_frames,
		.tx_bytes = c.tx_bytes,
		.rx_to_queue = c.rx_to_queue,
		.rx_missed = c.rx_missed,
		.rx_dropped = c.rx_dropped,
		.tx_dropped = c.tx_dropped,
	};
	return 0;
}
