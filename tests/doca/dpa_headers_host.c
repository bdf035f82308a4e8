/*
 * Host code of every DOCA DPA release line, compiled once per release by test_dpa_headers.sh
 * (DOCA_VER_USED set, -Wall -Wextra -Werror): doca_dpa.h alone (it includes what it needs, and no
 * doca_rdma.h), and the calls of NVIDIA's DPA samples of the release (dpa_common.c, the
 * kernel_launch sample; 2.9 - 3.x: DPA threads and completions), whose symbols the test compares
 * with the forms the facts plan. Compiled, not linked: libdoca_dpa is not needed.
 */
#include <doca_dpa.h>

extern doca_dpa_func_t dpa_headers_kernel;

#if OPENDOCA_REL == 22
doca_error_t dpa_headers_host(struct doca_dev *dev, doca_dpa_app_t app, struct doca_sync_event *event)
{
	doca_dpa_t dpa;
	doca_dpa_worker_t worker;
	doca_dpa_ep_t ep;
	doca_dpa_ep_addr_t addr;
	doca_dpa_dev_ep_t ep_handle;
	doca_dpa_mem_t mem;
	doca_dpa_dev_mem_t mem_handle;
	doca_dpa_dev_uintptr_t dev_ptr;
	size_t addr_len;
	unsigned int threads;
	char name[64];
	int name_len = sizeof(name);
	static char host[64];
	doca_error_t err = doca_dpa_create(dev, app, &dpa, 0);

	if (err)
		return err;
	err = doca_dpa_app_name_get(app, name, &name_len);
	err = err ? err : doca_dpa_get_max_threads_per_kernel(dpa, &threads);
	err = err ? err : doca_dpa_mem_alloc(dpa, sizeof(host), &dev_ptr);
	err = err ? err : doca_dpa_h2d_memcpy(dpa, dev_ptr, host, sizeof(host));
	err = err ? err : doca_dpa_mem_host_register(dpa, host, sizeof(host), 0, &mem, 0);
	err = err ? err : doca_dpa_mem_dev_export(mem, &mem_handle);
	err = err ? err : doca_dpa_worker_create(dpa, &worker, 0);
	err = err ? err : doca_dpa_ep_create(worker, 0, &ep);
	err = err ? err : doca_dpa_ep_addr_get(ep, &addr, &addr_len);
	err = err ? err : doca_dpa_ep_connect(ep, addr);
	err = err ? err : doca_dpa_ep_dev_export(ep, &ep_handle);
	err = err ? err
		  : doca_dpa_kernel_launch_update_set(dpa, NULL, 0, event, 1, threads, &dpa_headers_kernel, ep_handle,
						      mem_handle);
	err = err ? err : doca_dpa_peek_at_last_error(dpa);
	return err ? err : doca_dpa_destroy(dpa);
}
#endif

#if OPENDOCA_REL == 25
doca_error_t dpa_headers_host(struct doca_dev *dev, struct doca_dpa_app *app, struct doca_sync_event *event)
{
	struct doca_dpa *dpa;
	doca_dpa_dev_uintptr_t dev_ptr;
	unsigned int threads;
	char name[64];
	size_t name_len = sizeof(name);
	uint64_t host = 0;
	doca_error_t err = doca_devinfo_get_is_dpa_supported(NULL);

	err = err ? err : doca_dpa_create(dev, app, &dpa);
	if (err)
		return err;
	err = doca_dpa_app_name_get(app, name, &name_len);
	err = err ? err : doca_dpa_get_max_threads_per_kernel(dpa, &threads);
	err = err ? err : doca_dpa_mem_alloc(dpa, sizeof(host), &dev_ptr);
	err = err ? err : doca_dpa_memset(dpa, dev_ptr, 0, sizeof(host));
	err = err ? err
		  : doca_dpa_kernel_launch_update_add(dpa, event, 0, event, 1, threads, &dpa_headers_kernel, dev_ptr);
	err = err ? err : doca_dpa_d2h_memcpy(dpa, &host, dev_ptr, sizeof(host));
	err = err ? err : doca_dpa_mem_free(dpa, dev_ptr);
	return err ? err : doca_dpa_destroy(dpa);
}
#endif

#if OPENDOCA_REL >= 26
/* 2.6 and later: create, set the program, start (dpa_common.c). */
static doca_error_t start(struct doca_dev *dev, struct doca_dpa_app *app, struct doca_dpa **dpa)
{
	char name[64];
	uint32_t name_len = sizeof(name);
	doca_dpa_dev_log_level_t level = DOCA_DPA_DEV_LOG_LEVEL_INFO;
	doca_error_t err = doca_dpa_cap_is_supported(NULL);

	err = err ? err : doca_dpa_create(dev, dpa);
	err = err ? err : doca_dpa_set_app(*dpa, app);
	err = err ? err : doca_dpa_app_get_name(app, name, &name_len);
	err = err ? err : doca_dpa_set_log_level(*dpa, level);
	err = err ? err : doca_dpa_log_file_set_path(*dpa, "/tmp/dpa.log");
	err = err ? err : doca_dpa_trace_file_set_path(*dpa, "/tmp/dpa.trace");
	return err ? err : doca_dpa_start(*dpa);
}
#endif

#if OPENDOCA_REL == 26
doca_error_t dpa_headers_host(struct doca_dev *dev, struct doca_dpa_app *app, struct doca_sync_event *event)
{
	struct doca_dpa *dpa;
	unsigned long long run_time;
	doca_error_t err = start(dev, app, &dpa);

	err = err ? err : doca_dpa_get_kernel_max_run_time(dpa, &run_time);
	err = err ? err : doca_dpa_kernel_launch_update_set(dpa, NULL, 0, event, 1, 1, &dpa_headers_kernel, run_time);
	err = err ? err : doca_dpa_stop(dpa);
	return err ? err : doca_dpa_destroy(dpa);
}
#endif

#if OPENDOCA_REL >= 27
/* 2.7 and later: a DPA thread woken by a completion context and a notification, an RPC. */
doca_error_t dpa_headers_host(struct doca_dev *dev, struct doca_dpa_app *app, struct doca_sync_event *event)
{
	struct doca_dpa *dpa, *extended;
	struct doca_dpa_thread *thread;
	struct doca_dpa_completion *comp;
	struct doca_dpa_notification_completion *notify;
	doca_dpa_dev_t dpa_handle;
	doca_dpa_dev_completion_t comp_handle;
	doca_dpa_dev_notification_completion_t notify_handle;
	doca_dpa_dev_uintptr_t storage;
	uint64_t retval;
	doca_error_t err = start(dev, app, &dpa);

	err = err ? err : doca_dpa_get_dpa_handle(dpa, &dpa_handle);
	err = err ? err : doca_dpa_device_extend(dpa, dev, &extended);
	err = err ? err : doca_dpa_thread_create(dpa, &thread);
	err = err ? err : doca_dpa_mem_alloc(dpa, 64, &storage);
	err = err ? err : doca_dpa_thread_set_func_arg(thread, &dpa_headers_kernel, storage);
	err = err ? err : doca_dpa_thread_set_local_storage(thread, storage);
	err = err ? err : doca_dpa_thread_start(thread);
	err = err ? err : doca_dpa_completion_create(dpa, 64, &comp);
	err = err ? err : doca_dpa_completion_set_thread(comp, thread);
	err = err ? err : doca_dpa_completion_start(comp);
	err = err ? err : doca_dpa_completion_get_dpa_handle(comp, &comp_handle);
	err = err ? err : doca_dpa_notification_completion_create(dpa, thread, &notify);
	err = err ? err : doca_dpa_notification_completion_start(notify);
	err = err ? err : doca_dpa_notification_completion_get_dpa_handle(notify, &notify_handle);
	err = err ? err : doca_dpa_thread_run(thread);
	err = err ? err : doca_dpa_rpc(dpa, &dpa_headers_kernel, &retval, dpa_handle, comp_handle, notify_handle);
	err = err ? err : doca_dpa_kernel_launch_update_add(dpa, NULL, 0, event, 1, 1, &dpa_headers_kernel, retval);
	err = err ? err : doca_dpa_notification_completion_destroy(notify);
	err = err ? err : doca_dpa_completion_destroy(comp);
	err = err ? err : doca_dpa_thread_destroy(thread);
	err = err ? err : doca_dpa_stop(dpa);
	return err ? err : doca_dpa_destroy(dpa);
}
#endif
