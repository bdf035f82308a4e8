/*
 * Completion channels of simulated contexts: ibv_create_comp_channel, ibv_get_cq_event,
 * ibv_ack_cq_events, ibv_destroy_comp_channel.
 *
 * The channel's fd is an eventfd in semaphore mode that counts the events not read yet: it is
 * readable exactly when ibv_get_cq_event would not wait, so poll()/select()/epoll work on it,
 * and it blocks (or answers EAGAIN when the program made it non-blocking) as rdma-core's does.
 * The events themselves are a list of CQs, each with its count of unread events, filled by the
 * NIC's notify (an armed CQ got a completion) on whatever thread caused it.
 */
#include "verbs_internal.h"

#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <unistd.h>

VERBS_EXPORT struct ibv_comp_channel *ibv_create_comp_channel(struct ibv_context *context)
{
	__typeof__(&ibv_create_comp_channel) real = VERBS_REAL(ibv_create_comp_channel);
	struct verbs_channel *channel;
	struct verbs_ctx *sim;

	VERBS_DELEGATE(ibv_create_comp_channel, (context));
	switch (verbs_route(__func__, context, VERBS_CONTEXT, (void **)&sim, real != NULL)) {
	case VERBS_ROUTE_SIMULATED:
		break;
	case VERBS_ROUTE_REAL:
		return real(context);
	default:
		return NULL;
	}
	channel = calloc(1, sizeof(*channel));
	if (channel)
		channel->ibv.fd = eventfd(0, EFD_CLOEXEC | EFD_SEMAPHORE);
	if (channel && channel->ibv.fd < 0) {
		/* out of file descriptors: EMFILE or ENFILE, as the kernel answers rdma-core */
		int err = errno;

		pthread_mutex_unlock(&verbs_lock);
		free(channel);
		verbs_err(__func__, "eventfd: %s", strerror(err));
		errno = err;
		return NULL;
	}
	if (!channel || !verbs_registry_add(&channel->ibv, VERBS_COMP_CHANNEL, channel)) {
		pthread_mutex_unlock(&verbs_lock);
		if (channel)
			close(channel->ibv.fd);
		free(channel);
		verbs_err(__func__, "out of memory");
		errno = ENOMEM;
		return NULL;
	}
	pthread_mutex_init(&channel->lock, NULL);
	channel->context = sim;
	channel->ibv.context = context;
	sim->object_count++;
	pthread_mutex_unlock(&verbs_lock);
	return &channel->ibv;
}

void verbs_channel_destroy(struct verbs_channel *channel)
{
	close(channel->ibv.fd);
	channel->ibv.fd = -1;
	pthread_mutex_destroy(&channel->lock);
	channel->context->object_count--;
	verbs_registry_retire(&channel->ibv, channel);
}

/* Returns 0 or an errno value; EBUSY while CQs use the channel, as rdma-core. */
VERBS_EXPORT int ibv_destroy_comp_channel(struct ibv_comp_channel *channel)
{
	__typeof__(&ibv_destroy_comp_channel) real = VERBS_REAL(ibv_destroy_comp_channel);
	struct verbs_channel *sim;
	int users;

	VERBS_DELEGATE(ibv_destroy_comp_channel, (channel));
	switch (verbs_route(__func__, channel, VERBS_COMP_CHANNEL, (void **)&sim, real != NULL)) {
	case VERBS_ROUTE_SIMULATED:
		break;
	case VERBS_ROUTE_REAL:
		return real(channel);
	default:
		return errno;
	}
	users = channel->refcnt;
	if (users) {
		pthread_mutex_unlock(&verbs_lock);
		verbs_err(__func__, "completion channel %p is used by %d completion queue(s)", (void *)channel, users);
		return errno = EBUSY;
	}
	verbs_channel_destroy(sim);
	pthread_mutex_unlock(&verbs_lock);
	return 0;
}

void verbs_channel_signal(struct verbs_channel *channel, struct verbs_cq *cq)
{
	uint64_t one = 1;

	pthread_mutex_lock(&channel->lock);
	if (!cq->pending++) {
		cq->next_pending = NULL;
		if (channel->tail)
			channel->tail->next_pending = cq;
		else
			channel->head = cq;
		channel->tail = cq;
	}
	pthread_mutex_unlock(&channel->lock);
	/* cannot fail short of 2^64 - 2 unread events */
	if (write(channel->ibv.fd, &one, sizeof(one)) != sizeof(one))
		return;
}

void verbs_channel_forget(struct verbs_channel *channel, struct verbs_cq *cq)
{
	struct verbs_cq **link;

	pthread_mutex_lock(&channel->lock);
	if (cq->pending) {
		for (link = &channel->head; *link != cq; link = &(*link)->next_pending)
			;
		*link = cq->next_pending;
		if (channel->tail == cq) {
			channel->tail = NULL;
			for (struct verbs_cq *c = channel->head; c; c = c->next_pending)
				channel->tail = c;
		}
		cq->pending = 0;
	}
	pthread_mutex_unlock(&channel->lock);
	/* its counts stay in the eventfd: ibv_get_cq_event skips counts without an event */
}

/* Returns 0, or -1 with errno (EAGAIN on a non-blocking channel without events). */
VERBS_EXPORT int ibv_get_cq_event(struct ibv_comp_channel *channel, struct ibv_cq **cq, void **cq_context)
{
	__typeof__(&ibv_get_cq_event) real = VERBS_REAL(ibv_get_cq_event);
	struct verbs_channel *sim;
	struct verbs_cq *event;
	uint64_t count;
	int fd;

	VERBS_DELEGATE(ibv_get_cq_event, (channel, cq, cq_context));
	switch (verbs_route(__func__, channel, VERBS_COMP_CHANNEL, (void **)&sim, real != NULL)) {
	case VERBS_ROUTE_SIMULATED:
		break;
	case VERBS_ROUTE_REAL:
		return real(channel, cq, cq_context);
	default:
		return -1;
	}
	fd = channel->fd;
	pthread_mutex_unlock(&verbs_lock);
	if (!cq || !cq_context) {
		verbs_err(__func__, "cq or cq_context is NULL");
		errno = EINVAL;
		return -1;
	}
	for (;;) {
		/* waits for an event unless the program made the fd non-blocking */
		if (read(fd, &count, sizeof(count)) != sizeof(count))
			return -1; /* errno from read: EAGAIN, EINTR, ... as rdma-core */
		pthread_mutex_lock(&sim->lock);
		event = sim->head;
		if (event) {
			if (!--event->pending) {
				sim->head = event->next_pending;
				if (!sim->head)
					sim->tail = NULL;
			}
			event->events_read++;
			*cq = &event->ibv;
			*cq_context = event->ibv.cq_context;
		}
		pthread_mutex_unlock(&sim->lock);
		if (event)
			return 0;
	}
}

VERBS_EXPORT void ibv_ack_cq_events(struct ibv_cq *cq, unsigned int nevents)
{
	__typeof__(&ibv_ack_cq_events) real = VERBS_REAL(ibv_ack_cq_events);
	void *sim;

	VERBS_DELEGATE_VOID(ibv_ack_cq_events, (cq, nevents));
	switch (verbs_route(__func__, cq, VERBS_CQ, &sim, real != NULL)) {
	case VERBS_ROUTE_SIMULATED:
		pthread_mutex_unlock(&verbs_lock);
		break;
	case VERBS_ROUTE_REAL:
		real(cq, nevents);
		return;
	default:
		return;
	}
	/* as libibverbs: ibv_destroy_cq waits for this count */
	pthread_mutex_lock(&cq->mutex);
	cq->comp_events_completed += nevents;
	pthread_cond_signal(&cq->cond);
	pthread_mutex_unlock(&cq->mutex);
}
