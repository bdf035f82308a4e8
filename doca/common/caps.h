/*
 * The capabilities a DOCA device reports through the *_cap_* calls of every family (doca_dev.h's,
 * doca_mmap.h's, doca_dma.h's ...), in one place so that every family answers alike and each
 * answer is true only where the project implements the feature. A family's cap call asks
 * opendoca_devinfo_cap() (dev.h); what it returns comes from the table below, by kind of device:
 *
 *   simulated   a device of the simulated BlueField-3 (mlx5_sim0 ... : FLEXIO_SIM_DEVICES);
 *   real        a device of rdma-core's (real hardware): only what works through plain verbs.
 *
 * Change an answer here when the feature comes (or goes): the family implementing it owns the
 * line, and its tests check the call answers it.
 */
#ifndef OPENDOCA_COMMON_CAPS_H
#define OPENDOCA_COMMON_CAPS_H

/* A capability of a device (see the table for who implements what). */
enum opendoca_cap {
	/* doca_mmap_export_pci (2.5+), doca_mmap_export_dpu / doca_devinfo_get_is_mmap_export_dpu_supported
	 * (2.2), doca_mmap_export (1.x): a memory map exported to another process of the machine. */
	OPENDOCA_CAP_MMAP_EXPORT_PCI,
	/* doca_mmap_create_from_export (every release) of a PCI export; 2.2's
	 * doca_devinfo_get_is_mmap_from_export_dpu_supported. */
	OPENDOCA_CAP_MMAP_CREATE_FROM_EXPORT_PCI,
	/* doca_mmap_export_rdma: an export for a remote peer over RDMA. */
	OPENDOCA_CAP_MMAP_EXPORT_RDMA,
	/* doca_dma memcpy jobs (2.2, 1.x: doca_dma_job_get_supported) and tasks (2.5+). */
	OPENDOCA_CAP_DMA_MEMCPY,
	/* doca_devinfo_cap_is_hotplug_manager_supported: emulated PCI hot-plug (no such manager). */
	OPENDOCA_CAP_HOTPLUG_MANAGER,
	/* doca_devinfo_rep_cap_is_filter_{all,net,emulated}_supported (2.2: rep_get_is_list_*): the
	 * representor lists the device serves (doca_devinfo_rep_create_list). */
	OPENDOCA_CAP_REP_FILTER_ALL,
	OPENDOCA_CAP_REP_FILTER_NET,
	OPENDOCA_CAP_REP_FILTER_EMULATED,
	/* doca_devinfo_cap_is_notification_moderation_supported (3.0). */
	OPENDOCA_CAP_NOTIFICATION_MODERATION,
	/* doca_devinfo_cap_is_accelerate_resource_reclaim_supported (3.0): doca_dev_accelerate_resource_reclaim. */
	OPENDOCA_CAP_ACCELERATE_RESOURCE_RECLAIM,
	/* Sync events (sync_event*.c): tasks and jobs on the CPU (doca_sync_event_cap_task_*_is_supported,
	 * doca_sync_event_job_get_supported); export to and creation from another process of the
	 * machine (remote PCI, 2.x's DPU, remote net); export to the DPA (export_to_dpa, get_dpa_handle). */
	OPENDOCA_CAP_SYNC_EVENT,
	OPENDOCA_CAP_SYNC_EVENT_EXPORT,
	OPENDOCA_CAP_SYNC_EVENT_EXPORT_DPA,
	/* doca_clock_cap_nic_{free_running,real_time,dpa_timer}_is_supported (3.2): the device's clocks
	 * (the host's are every machine's, clock.c). */
	OPENDOCA_CAP_CLOCK_NIC_FREE_RUNNING,
	OPENDOCA_CAP_CLOCK_NIC_REAL_TIME,
	OPENDOCA_CAP_CLOCK_NIC_DPA_TIMER,
	/* doca_mmap_advise_cap_task_cache_invalidate_is_supported (2.7): cache invalidation tasks. */
	OPENDOCA_CAP_MMAP_ADVISE_CACHE_INVALIDATE,
	/* doca_dpa_cap_is_supported (2.6+), doca_devinfo_get_is_dpa_supported (2.2, 2.5): the device has
	 * a DPA that DOCA DPA contexts run on (libdoca_dpa). */
	OPENDOCA_CAP_DPA,
	OPENDOCA_CAP_COUNT
};

/*
 * The answers: OPENDOCA_CAPS_SIMULATED and OPENDOCA_CAPS_REAL are bit masks of (1u << cap).
 *
 * Simulated devices:
 *   - representor lists (ALL, NET, EMULATED): served by dev.c from the device's configured
 *     representors (docs/doca-devices.md);
 *   - resource reclaim: doca_dev_accelerate_resource_reclaim frees nothing lazily, so it is
 *     trivially supported;
 *   - mmap export and create from export (PCI, RDMA): served by the exporting process across
 *     the OS processes of the machine (mmap_export.c); DMA memcpy: libdoca_dma, over the
 *     device's DMA engine (doca/dma/dma.c);
 *   - hot-plug manager, notification moderation: not simulated;
 *   - sync events: the CPU's tasks and jobs, exports to other processes (a shared memory object)
 *     and to the DPA (a window on the counter's memory region: sync_event_dpa.h);
 *   - cache invalidation (mmap advise): the device writes host memory through the CPU, whose
 *     caches stay coherent: a fence is the whole invalidation (mmap_advise.c); not on real devices
 *     (a real NIC's writes need what the project does not do yet);
 *   - DPA: the simulated BlueField-3's, through FlexIO (libdoca_dpa, doca/dpa/dpa.c);
 *   - NIC clocks: not simulated (the simulated device answers no clock query of rdma-core's,
 *     ibv_query_rt_values_ex, and FlexIO has no call reading the DPA's timer from the host).
 * Real devices: the representor lists of a real BlueField are the kernel's switchdev
 * representors, which the project does not read: none; NIC clocks: not read yet; sync events on
 * the CPU and across processes (host memory only); the rest as the simulated device's once the
 * families say they work on rdma-core's devices.
 */
#define OPENDOCA_CAP_BIT(cap) (1u << (cap))
#define OPENDOCA_CAPS_SYNC_EVENT_HOST \
	(OPENDOCA_CAP_BIT(OPENDOCA_CAP_SYNC_EVENT) | OPENDOCA_CAP_BIT(OPENDOCA_CAP_SYNC_EVENT_EXPORT))
#define OPENDOCA_CAPS_SIMULATED                                                                                        \
	(OPENDOCA_CAP_BIT(OPENDOCA_CAP_REP_FILTER_ALL) | OPENDOCA_CAP_BIT(OPENDOCA_CAP_REP_FILTER_NET) |               \
	 OPENDOCA_CAP_BIT(OPENDOCA_CAP_REP_FILTER_EMULATED) |                                                          \
	 OPENDOCA_CAP_BIT(OPENDOCA_CAP_ACCELERATE_RESOURCE_RECLAIM) | OPENDOCA_CAP_BIT(OPENDOCA_CAP_MMAP_EXPORT_PCI) | \
	 OPENDOCA_CAP_BIT(OPENDOCA_CAP_MMAP_CREATE_FROM_EXPORT_PCI) |                                                  \
	 OPENDOCA_CAP_BIT(OPENDOCA_CAP_MMAP_EXPORT_RDMA) | OPENDOCA_CAPS_SYNC_EVENT_HOST |                             \
	 OPENDOCA_CAP_BIT(OPENDOCA_CAP_SYNC_EVENT_EXPORT_DPA) |                                                        \
	 OPENDOCA_CAP_BIT(OPENDOCA_CAP_MMAP_ADVISE_CACHE_INVALIDATE) | OPENDOCA_CAP_BIT(OPENDOCA_CAP_DMA_MEMCPY) |     \
	 OPENDOCA_CAP_BIT(OPENDOCA_CAP_DPA))
#define OPENDOCA_CAPS_REAL (OPENDOCA_CAP_BIT(OPENDOCA_CAP_ACCELERATE_RESOURCE_RECLAIM) | OPENDOCA_CAPS_SYNC_EVENT_HOST)

#endif /* OPENDOCA_COMMON_CAPS_H */
