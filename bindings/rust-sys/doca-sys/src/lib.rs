//! Raw bindings to OpenDOCA: DOCA Core (`libdoca_common.so.2`), DOCA DMA (`libdoca_dma.so.2`)
//! and DOCA DPA's host side (`libdoca_dpa.so.2`) of OpenFlexIO, the newest DOCA release's API.
//!
//! Generated from the headers in `doca/include` by `bindings/rust-sys/gen/gen_bindgen.py`
//! (bindgen): every type of the DOCA Core, DMA and DPA headers and the stable functions the
//! libraries export (all of DOCA DPA and the sync events are experimental: see below).  Experimental functions (`DOCA_EXPERIMENTAL`) are in [`experimental`], with the cargo
//! feature `experimental` only.  The older releases' forms (`doca_mmap_create_v2_2`, ...) are not
//! bound: a new program calls the newest.
//!
//! Each item's documentation is the Doxygen comment of its C declaration, as written.
//!
//! Everything here is `unsafe` C; the safe API is the `doca` crate.
#![allow(non_upper_case_globals, non_camel_case_types, non_snake_case, dead_code)]
#![allow(clippy::all)]
// The C comments are Doxygen, not rustdoc: `[in]`, `<doca_mmap.h>` and bare URLs are text.
#![allow(rustdoc::broken_intra_doc_links, rustdoc::invalid_html_tags, rustdoc::bare_urls)]

include!("bindings.rs");
include!("consts.rs");

/// Experimental functions (`DOCA_EXPERIMENTAL` in C): they may change between releases.
#[cfg(feature = "experimental")]
pub mod experimental {
    include!("experimental.rs");
}

/// `DOCA_VER(major, minor, patch)`.
pub const fn doca_ver(major: u64, minor: u64, patch: u64) -> u64 {
    (major << 24) | (minor << 16) | patch
}

/// The calling thread's last DOCA failure: its code and the line libdoca_common logged for it
/// (libdoca_common's private entries for the bindings' errors, `doca/common/private.h`).
pub mod last_error {
    extern "C" {
        /// The code of the calling thread's last failure (`DOCA_SUCCESS` if none yet).
        pub fn opendoca_last_error() -> super::doca_error_t;
        /// Its message (`""` if none yet), valid until the thread's next failure.
        pub fn opendoca_last_error_message() -> *const std::os::raw::c_char;
    }
}
