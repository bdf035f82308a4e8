/*
 * Emulation doorbell contexts (nic.h, "Emulated-device doorbells"): a driver's doorbells on a
 * queue of an emulated PCI function become CQEs on a CQ, one per arming, as FlexIO's
 * flexio_emu_db_to_cq_map and the device's flexio_dev_db_ctx_arm / _force_trigger use them.
 *
 * Locks: a context's lock, then its CQ's (nic_cq_complete). Nothing of the CQ's path takes a
 * context's lock, so the order holds.
 */
#include "internal.h"

/* The context's CQE: disarms it; the doorbell it stands for is no longer pending. */
static void emu_fire(struct nic_op *op, struct nic_emu_db *db)
{
	struct nic_cqe c = {
		.opcode = NIC_CQE_REQ,
		.qpn = db->queue,
		.user_index = db->h.num,
		.byte_cnt = db->value,
		.wqe_counter = (uint16_t)db->rung,
	};

	db->armed = false;
	db->pending = false;
	if (nic_cq_complete(op, db->cq, &c))
		db->lost++; /* the CQ overran or is in error: as for any completion, it is lost */
	else
		db->cqes++;
}

/* A doorbell, rung by the driver or forced by device code (its lock held). */
static void emu_doorbell_rung(struct nic_op *op, struct nic_emu_db *db)
{
	if (db->armed)
		emu_fire(op, db);
	else
		db->pending = true;
}

int nic_emu_doorbell(struct nic_op *op, struct nic_emu_db *db, enum nic_doorbell_kind kind, uint32_t cqn)
{
	if (cqn != db->cq->h.num)
		return -ENOENT;
	if (kind == NIC_DB_EMU_TRIGGER) {
		emu_doorbell_rung(op, db);
		return 0;
	}
	db->armed = true;
	if (db->pending)
		emu_fire(op, db);
	return 0;
}

int nic_emu_db_create(struct nic *nic, const struct nic_emu_db_attr *attr, uint32_t *id)
{
	struct nic_cq *cq;
	struct nic_emu_db *db;
	uint64_t owner;

	if (attr->queue > NIC_NUM_MASK)
		return -EINVAL;
	cq = (struct nic_cq *)nic_obj_get(nic, NIC_OBJ_CQ, attr->cqn);
	if (!cq)
		return -ENOENT;
	pthread_mutex_lock(&cq->h.lock);
	owner = cq->h.owner;
	pthread_mutex_unlock(&cq->h.lock);
	db = (struct nic_emu_db *)nic_obj_alloc(nic, NIC_OBJ_EMU);
	if (!db) {
		nic_obj_put(&cq->h);
		return -ENOSPC;
	}
	db->h.owner = owner;
	db->cq = cq;
	db->queue = attr->queue;
	db->armed = true;
	*id = db->h.num;
	nic_obj_publish(&db->h);
	return 0;
}

int nic_emu_db_destroy(struct nic *nic, uint32_t id)
{
	struct nic_emu_db *db = (struct nic_emu_db *)nic_table_lock(nic, NIC_OBJ_EMU, id);
	struct nic_cq *cq;

	if (!db)
		return -ENOENT;
	cq = db->cq;
	nic_obj_retire(&db->h);
	pthread_mutex_unlock(&db->h.lock);
	nic_obj_recycle(&db->h, id);
	nic_obj_put(&cq->h);
	return 0;
}

int nic_emu_db_ring(struct nic *nic, uint32_t id, uint32_t value)
{
	struct nic_op op;
	struct nic_emu_db *db = (struct nic_emu_db *)nic_table_lock(nic, NIC_OBJ_EMU, id);

	if (!db)
		return -ENOENT;
	nic_op_begin(&op);
	db->value = value;
	db->rung++;
	emu_doorbell_rung(&op, db);
	pthread_mutex_unlock(&db->h.lock);
	nic_op_end(&op);
	return 0;
}

int nic_emu_db_query(struct nic *nic, uint32_t id, struct nic_emu_db_info *info)
{
	struct nic_emu_db *db = (struct nic_emu_db *)nic_table_lock(nic, NIC_OBJ_EMU, id);

	if (!db)
		return -ENOENT;
	*info = (struct nic_emu_db_info){
		.owner = db->h.owner,
		.cqn = db->cq->h.num,
		.queue = db->queue,
		.armed = db->armed,
		.pending = db->pending,
		.value = db->value,
		.doorbells = db->rung,
		.cqes = db->cqes,
		.lost = db->lost,
	};
	pthread_mutex_unlock(&db->h.lock);
	return 0;
}
