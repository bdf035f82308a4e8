/*
 * doca-dpa-rdma: the DOCA DPA guide's RDMA example between two nodes, each a DOCA device with a
 * DPA (README.md). Each node's DPA code RDMA-writes the node's message into the peer's memory,
 * signals the peer's sync event, and waits for its own, which the peer signals the same way.
 *
 *   doca-dpa-rdma [DEVICE0 DEVICE1 [BYTES]]
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <doca_ctx.h>
#include <doca_dev.h>
#include <doca_dpa.h>
#include <doca_error.h>
#include <doca_mmap.h>
#include <doca_rdma.h>
#include <doca_sync_event.h>

/* dpacc --app-name=rdma_app defines the application; the kernel is its host stub. */
extern struct doca_dpa_app *rdma_app;
extern doca_dpa_func_t write_and_signal;

#define MAX_BYTES (1u << 30)
#define WAIT_SECONDS 30

/* What the other node learns of a node out of band: here, in the same process. */
struct export
{
	const void *rdma;
	size_t rdma_len;
	const void *mmap;
	size_t mmap_len;
	const uint8_t *event;
	size_t event_len;
};

struct node {
	int index;
	char name[DOCA_DEVINFO_IBDEV_NAME_SIZE];
	struct doca_dev *dev;
	struct doca_dpa *dpa;
	struct doca_rdma *rdma;
	bool rdma_started;
	struct doca_rdma_connection *conn;
	uint32_t conn_id;
	doca_dpa_dev_rdma_t rdma_h;
	/* [0, bytes): the node's message; [bytes, 2 * bytes): where the peer writes its own. */
	uint8_t *buf;
	struct doca_mmap *mmap;
	doca_dpa_dev_mmap_t key;
	/* The node's event: the peer publishes it over the network, the node's DPA code waits on it. */
	struct doca_sync_event *event;
	doca_dpa_dev_sync_event_t event_h;
	/* The CPU's: the kernel sets it when it is done. */
	struct doca_sync_event *done;
	struct export out;
	/* The peer's memory and event, imported. */
	struct doca_mmap *peer_mmap;
	doca_dpa_dev_mmap_t peer_key;
	uint8_t *peer_addr;
	struct doca_sync_event_remote_net *peer_event;
	doca_dpa_dev_sync_event_remote_net_t peer_event_h;
};

static int failed(const struct node *node, const char *what, doca_error_t err)
{
	fprintf(stderr, "node %d (%s): %s: %s\n", node->index, node->name, what, doca_error_get_descr(err));
	return 1;
}

/* The devices with a DPA, in the list's order: the named one, or the index-th of them. */
static struct doca_dev *open_device(const char *name, int index, char ibdev[DOCA_DEVINFO_IBDEV_NAME_SIZE])
{
	struct doca_devinfo **list;
	struct doca_dev *dev = NULL;
	uint32_t n;

	if (doca_devinfo_create_list(&list, &n) != DOCA_SUCCESS)
		return NULL;
	for (uint32_t i = 0; i < n && !dev; i++) {
		if (doca_dpa_cap_is_supported(list[i]) != DOCA_SUCCESS ||
		    doca_devinfo_get_ibdev_name(list[i], ibdev, DOCA_DEVINFO_IBDEV_NAME_SIZE) != DOCA_SUCCESS ||
		    (name ? strcmp(ibdev, name) != 0 : index-- > 0))
			continue;
		if (doca_dev_open(list[i], &dev) != DOCA_SUCCESS)
			dev = NULL;
	}
	doca_devinfo_destroy_list(list);
	return dev;
}

/* The node's byte k: the greeting, then a pattern of its own. */
static void fill(uint8_t *data, size_t bytes, const struct node *node)
{
	char greeting[64];
	int len = snprintf(greeting, sizeof(greeting), "hello from node %d (%s)", node->index, node->name);

	for (size_t k = 0; k < bytes; k++)
		data[k] = (uint8_t)(k * 7 + 1 + node->index * 0x55);
	memcpy(data, greeting, (size_t)len + 1 < bytes ? (size_t)len + 1 : bytes);
}

/* Everything of a node the peer does not need: its DOCA DPA context, RDMA context, memory, events. */
static int node_make(struct node *node, size_t bytes)
{
	const uint32_t access = DOCA_ACCESS_FLAG_LOCAL_READ_WRITE | DOCA_ACCESS_FLAG_RDMA_WRITE;
	struct doca_ctx *ctx;
	doca_error_t err;

	if ((err = doca_dpa_create(node->dev, &node->dpa)) || (err = doca_dpa_set_app(node->dpa, rdma_app)) ||
	    (err = doca_dpa_start(node->dpa)))
		return failed(node, "the DOCA DPA context", err);
	/* An RDMA context whose work DPA code posts: one connection, to the peer. */
	if ((err = doca_rdma_create(node->dev, &node->rdma)))
		return failed(node, "the RDMA context", err);
	ctx = doca_rdma_as_ctx(node->rdma);
	if ((err = doca_rdma_set_permissions(node->rdma, access)) ||
	    (err = doca_ctx_set_datapath_on_dpa(ctx, node->dpa)) || (err = doca_ctx_start(ctx)))
		return failed(node, "the RDMA context", err);
	node->rdma_started = true;
	if ((err = doca_rdma_get_dpa_handle(node->rdma, &node->rdma_h)) ||
	    (err = doca_rdma_export(node->rdma, &node->out.rdma, &node->out.rdma_len, &node->conn)) ||
	    (err = doca_rdma_connection_get_id(node->conn, &node->conn_id)))
		return failed(node, "exporting the RDMA context", err);
	/* Host memory the DPA code reads (its key on the node's device) and the peer writes (exported). */
	node->buf = aligned_alloc(64, (2 * bytes + 63) & ~(size_t)63);
	if (!node->buf)
		return failed(node, "the buffer", DOCA_ERROR_NO_MEMORY);
	fill(node->buf, bytes, node);
	memset(node->buf + bytes, 0, bytes);
	if ((err = doca_mmap_create(&node->mmap)) || (err = doca_mmap_set_memrange(node->mmap, node->buf, 2 * bytes)) ||
	    (err = doca_mmap_add_dev(node->mmap, node->dev)) || (err = doca_mmap_set_permissions(node->mmap, access)) ||
	    (err = doca_mmap_start(node->mmap)) ||
	    (err = doca_mmap_dev_get_dpa_handle(node->mmap, node->dev, &node->key)) ||
	    (err = doca_mmap_export_rdma(node->mmap, node->dev, &node->out.mmap, &node->out.mmap_len)))
		return failed(node, "the memory map", err);
	if ((err = doca_sync_event_create(&node->event)) ||
	    (err = doca_sync_event_add_publisher_location_remote_net(node->event)) ||
	    (err = doca_sync_event_add_subscriber_location_dpa(node->event, node->dpa)) ||
	    (err = doca_sync_event_start(node->event)) ||
	    (err = doca_sync_event_get_dpa_handle(node->event, node->dpa, &node->event_h)) ||
	    (err = doca_sync_event_export_to_remote_net(node->event, &node->out.event, &node->out.event_len)))
		return failed(node, "the sync event the peer signals", err);
	if ((err = doca_sync_event_create(&node->done)) ||
	    (err = doca_sync_event_add_publisher_location_dpa(node->done, node->dpa)) ||
	    (err = doca_sync_event_add_subscriber_location_cpu(node->done, node->dev)) ||
	    (err = doca_sync_event_start(node->done)))
		return failed(node, "the sync event of the kernel's end", err);
	return 0;
}

/* What the node makes of the peer's export: the connection, the peer's memory and event. */
static int node_connect(struct node *node, const struct node *peer)
{
	size_t len;
	doca_error_t err;

	if ((err = doca_rdma_connect(node->rdma, peer->out.rdma, peer->out.rdma_len, node->conn)))
		return failed(node, "connecting to the peer", err);
	if ((err = doca_mmap_create_from_export(NULL, peer->out.mmap, peer->out.mmap_len, node->dev,
						&node->peer_mmap)) ||
	    (err = doca_mmap_get_memrange(node->peer_mmap, (void **)&node->peer_addr, &len)) ||
	    (err = doca_mmap_dev_get_dpa_handle(node->peer_mmap, node->dev, &node->peer_key)))
		return failed(node, "the peer's memory", err);
	if ((err = doca_sync_event_remote_net_create_from_export(node->dev, peer->out.event, peer->out.event_len,
								 &node->peer_event)) ||
	    (err = doca_sync_event_remote_net_get_dpa_handle(node->peer_event, node->dpa, &node->peer_event_h)))
		return failed(node, "the peer's sync event", err);
	return 0;
}

/* Waits for the node's kernel to be done, at most WAIT_SECONDS: a kernel whose signal never
 * comes waits for ever. */
static int node_wait(struct node *node)
{
	struct timespec pause = { 0, 1000000 };
	time_t deadline = time(NULL) + WAIT_SECONDS;
	uint64_t value = 0;
	doca_error_t err;

	while (!(err = doca_sync_event_get(node->done, &value)) && !value && time(NULL) < deadline)
		nanosleep(&pause, NULL);
	if (err)
		return failed(node, "waiting for the kernel", err);
	if (!value) {
		err = doca_dpa_peek_at_last_error(node->dpa);
		fprintf(stderr, "node %d (%s): the kernel did not finish in %d seconds (the DPA: %s)\n", node->index,
			node->name, WAIT_SECONDS, doca_error_get_descr(err));
		return 1;
	}
	return 0;
}

/* Whether the node holds the peer's message, said in one line. */
static int node_check(const struct node *node, const struct node *peer, size_t bytes)
{
	const uint8_t *got = node->buf + bytes;
	size_t k = 0;

	while (k < bytes && got[k] == peer->buf[k])
		k++;
	if (k < bytes) {
		printf("node %d (%s): byte %zu of %zu is %#x, not node %d's %#x\n", node->index, node->name, k, bytes,
		       got[k], peer->index, peer->buf[k]);
		return 1;
	}
	printf("node %d (%s) received %zu bytes from node %d, as sent: \"%.*s\"\n", node->index, node->name, bytes,
	       peer->index, (int)strnlen((const char *)got, bytes), (const char *)got);
	return 0;
}

/* What the node imported of the peer goes before what the peer exported. */
static void node_forget_peer(struct node *node)
{
	if (node->peer_event)
		doca_sync_event_remote_net_destroy(node->peer_event);
	if (node->peer_mmap)
		doca_mmap_destroy(node->peer_mmap);
}

static void node_free(struct node *node)
{
	if (node->rdma_started)
		doca_ctx_stop(doca_rdma_as_ctx(node->rdma));
	if (node->rdma)
		doca_rdma_destroy(node->rdma);
	if (node->done)
		doca_sync_event_destroy(node->done);
	if (node->event)
		doca_sync_event_destroy(node->event);
	if (node->mmap)
		doca_mmap_destroy(node->mmap);
	free(node->buf);
	if (node->dpa)
		doca_dpa_destroy(node->dpa);
	if (node->dev)
		doca_dev_close(node->dev);
}

int main(int argc, char **argv)
{
	uint64_t bytes = argc > 3 ? strtoull(argv[3], NULL, 0) : 4096;
	struct node nodes[2] = { { .index = 0 }, { .index = 1 } };
	doca_error_t err;
	int rc = 1;

	if (argc == 2 || argc > 4 || bytes < 1 || bytes > MAX_BYTES) {
		fprintf(stderr, "usage: %s [DEVICE0 DEVICE1 [BYTES: 1 to %u]]\n", argv[0], MAX_BYTES);
		return 1;
	}
	for (int i = 0; i < 2; i++) {
		nodes[i].dev = open_device(argc > 2 ? argv[1 + i] : NULL, i, nodes[i].name);
		if (!nodes[i].dev) {
			fprintf(stderr, "no device with a DPA %s%s\n", argc > 2 ? "named " : "for node ",
				argc > 2 ? argv[1 + i]
				: i      ? "1 (a second device)"
					 : "0");
			goto out;
		}
	}
	for (int i = 0; i < 2; i++)
		if (node_make(&nodes[i], bytes))
			goto out;
	/* The out-of-band exchange: each node connects to the other's export. */
	for (int i = 0; i < 2; i++)
		if (node_connect(&nodes[i], &nodes[1 - i]))
			goto out;
	printf("node 0 (%s) and node 1 (%s) connected: each DPA writes %" PRIu64 " bytes to the other and signals it\n",
	       nodes[0].name, nodes[1].name, bytes);
	/* One thread per node; the kernel's end sets the node's done event. */
	for (int i = 0; i < 2; i++) {
		struct node *n = &nodes[i];

		err = doca_dpa_kernel_launch_update_set(n->dpa, NULL, 0, n->done, 1, 1, &write_and_signal, (uint32_t)i,
							n->rdma_h, n->conn_id, n->key, (uint64_t)(uintptr_t)n->buf,
							n->peer_key, (uint64_t)(uintptr_t)(n->peer_addr + bytes), bytes,
							n->peer_event_h, n->event_h);
		if (err) {
			failed(n, "launching the kernel", err);
			goto out;
		}
	}
	if (node_wait(&nodes[0]) | node_wait(&nodes[1]))
		goto out;
	rc = node_check(&nodes[0], &nodes[1], bytes) | node_check(&nodes[1], &nodes[0], bytes);
	if (!rc)
		printf("Both nodes hold each other's bytes: RDMA write and remote signal from DPA code work\n");
out:
	for (int i = 0; i < 2; i++)
		node_forget_peer(&nodes[i]);
	for (int i = 0; i < 2; i++)
		node_free(&nodes[i]);
	return rc;
}
