//! The generated layer alone: open the simulated device, create a process, call through the
//! variadic entry, and check the experimental opt-in (cargo test --features experimental).
use flexio_sys::*;
use std::ffi::{c_char, c_int, c_void, CStr, CString};
use std::ptr;

extern "C" {
    fn dlopen(filename: *const c_char, flags: c_int) -> *mut c_void;
    fn dlsym(handle: *mut c_void, symbol: *const c_char) -> *mut c_void;
}

#[test]
fn constants_and_edition() {
    assert_eq!(FLEXIO_BINDINGS_API_VERSION, flexio_ver(26, 4, 0));
    assert_eq!(FLEXIO_CURRENT_VERSION, FLEXIO_BINDINGS_API_VERSION);
    assert_eq!(FLEXIO_MAX_NAME_LEN, 256);
    assert_eq!(FLEXIO_STATUS_FAILED, 1);
}

#[test]
fn raw_calls_on_the_simulated_device() {
    unsafe {
        assert_eq!(flexio_version_set(FLEXIO_BINDINGS_API_VERSION), FLEXIO_STATUS_SUCCESS);
        let path = CString::new(std::env::var("FLEXIO_TEST_APP").unwrap()).unwrap();
        let dl = dlopen(path.as_ptr(), 2 | 0x100);
        assert!(!dl.is_null());
        let mut n = 0;
        let list = ibv_get_device_list(&mut n);
        let ctx = (0..n as usize)
            .map(|i| *list.add(i))
            .find(|&d| CStr::from_ptr(ibv_get_device_name(d)).to_bytes() == b"mlx5_sim0")
            .map(|d| ibv_open_device(d))
            .unwrap();
        ibv_free_device_list(list);
        let name = CString::new("bind_test").unwrap();
        let attr = flexio_app_select_attr { app_name: name.as_ptr(), hw_model_id: 0, ibv_ctx: ctx };
        let mut app = ptr::null_mut();
        assert_eq!(flexio_app_get(&attr, &mut app), FLEXIO_STATUS_SUCCESS);
        let mut proc = ptr::null_mut();
        assert_eq!(flexio_process_create(ctx, app, ptr::null(), &mut proc), FLEXIO_STATUS_SUCCESS);
        let sym = CString::new("weighted_sum").unwrap();
        let f: flexio_func_t = std::mem::transmute::<*mut c_void, flexio_func_t>(dlsym(dl, sym.as_ptr()));
        let mut ret = 0u64;
        assert_eq!(flexio_process_call(proc, f, &mut ret, 1u64, 2u64, 3u64, 4u64, 5u64), FLEXIO_STATUS_SUCCESS);
        assert_eq!(ret, 55);
        #[cfg(feature = "experimental")]
        {
            let args = [5u64, 4, 3, 2, 1];
            assert_eq!(
                experimental::flexio_process_call_args(proc, f, &mut ret, args.as_ptr(), 5),
                FLEXIO_STATUS_SUCCESS
            );
            assert_eq!(ret, 35);
        }
        assert_eq!(flexio_process_destroy(proc), FLEXIO_STATUS_SUCCESS);
        assert_eq!(ibv_close_device(ctx), 0);
    }
}
