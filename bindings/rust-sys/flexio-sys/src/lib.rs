//! Raw bindings to libflexio, OpenFlexIO's FlexIO SDK host library (`libflexio.so.1`).
//!
//! Generated from the C headers in `capi/` by `bindings/rust-sys/gen/gen_bindgen.py` (bindgen):
//! every type of `<libflexio/flexio.h>`, the stable functions the library exports, and the
//! rdma-core calls that open a device (`ibv_get_device_list`, `ibv_open_device`, ... which
//! libflexio serves for its simulated devices).  Experimental functions are in
//! [`experimental`], with the cargo feature `experimental` only.
//!
//! Each item's documentation is the Doxygen comment of its C declaration, as written (`@param`,
//! `@return`, `@since`).
//!
//! Everything here is `unsafe` C; the safe API is the `flexio` crate.
#![allow(non_upper_case_globals, non_camel_case_types, non_snake_case, dead_code)]
#![allow(clippy::all)]
// The C comments are Doxygen, not rustdoc: `[in]`, `<libflexio/flexio.h>` and bare URLs in them
// are text, not links or HTML.
#![allow(rustdoc::broken_intra_doc_links, rustdoc::invalid_html_tags, rustdoc::bare_urls)]

include!("bindings.rs");
include!("consts.rs");

/// Experimental functions (`FLEXIO_EXPERIMENTAL` in C): they may change between releases.
#[cfg(feature = "experimental")]
pub mod experimental {
    include!("experimental.rs");
}

/// `FLEXIO_VER(major, minor, sub)`.
pub const fn flexio_ver(major: u64, minor: u64, sub: u64) -> u64 {
    (major << 24) | (minor << 16) | sub
}
