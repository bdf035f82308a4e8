//! Safe Rust API of OpenFlexIO's libflexio: the FlexIO SDK host API on the simulated
//! BlueField-3 DPA (`mlx5_sim0`).
//!
//! ```no_run
//! use flexio::{App, Device};
//! # fn main() -> flexio::Result<()> {
//! let app = App::load("libmy_app.so", None)?;        // a dpacc-built app in a shared object
//! let dev = Device::open("mlx5_sim0")?;
//! let proc = dev.process(&app)?;
//! let sum = app.function("weighted_sum")?;
//! assert_eq!(proc.call(&sum, &[1, 2, 3, 4, 5])?, 55);
//! let buf = proc.copy_from_host(b"hello")?;            // DPA heap memory
//! let mut back = [0u8; 5];
//! buf.read(0, &mut back)?;
//! println!("{}", proc.output()?);                      // device prints as text
//! # Ok(()) }
//! ```
//!
//! Every failure is an [`Error`] carrying the library's own log line; a process stopped by a
//! fault in device code or `flexio_dev_error` is [`ErrorKind::DeviceFault`], carrying the
//! library's record of it, a [`Fault`] (also [`Process::fault`]).  Handles are RAII: dropping
//! a [`Process`] destroys it and everything created in it; [`HeapBuffer`], [`EventHandler`]
//! and [`Process`] borrow what they live in.
//!
//! Event handlers are DPA threads running a `__dpa_global__` function once per trigger:
//!
//! ```no_run
//! # use flexio::{App, Device, EventHandlerConfig};
//! # fn main() -> flexio::Result<()> {
//! # let app = App::load("libmy_app.so", None)?;
//! # let dev = Device::open("mlx5_sim0")?;
//! # let proc = dev.process(&app)?;
//! let record = proc.alloc(64)?;
//! let config = EventHandlerConfig { arg: record.daddr(), name: Some("rx".into()), ..Default::default() };
//! let eh = proc.event_handler(&app.function("my_handler")?, config)?;   // dropped: destroyed
//! eh.run(0)?;                                          // each trigger now runs it once
//! proc.call(&app.function("activate_it")?, &[eh.activation_id().into()])?;
//! # Ok(()) }
//! ```
//!
//! CQs and RC QPs live in heap memory the caller lays out; a CQ reports to an event
//! handler's thread (or is polled), a QP borrows its CQs:
//!
//! ```no_run
//! # use flexio::{App, CqConfig, Device, EventHandlerConfig, QpConfig, QpConnection};
//! # fn main() -> flexio::Result<()> {
//! # let app = App::load("libmy_app.so", None)?;
//! # let dev = Device::open("mlx5_sim0")?;
//! # let proc = dev.process(&app)?;
//! # let eh = proc.event_handler(&app.function("my_handler")?, EventHandlerConfig::default())?;
//! # let peer_qpn = 0;
//! let mem = proc.alloc(4096)?;
//! let d = mem.daddr();
//! let rq_cq = proc.cq(Some(&eh), &CqConfig { log_depth: 4, ring: d, dbr: d + 3072, ..Default::default() })?;
//! let sq_cq = proc.cq(None, &CqConfig { log_depth: 4, ring: d + 1024, dbr: d + 3136, ..Default::default() })?;
//! let qp = proc.qp(&rq_cq, &sq_cq, &QpConfig { log_rq_depth: 4, log_sq_depth: 4, buffer: d + 2048,
//!                                                dbr: d + 3200, ..Default::default() })?;
//! qp.connect(&QpConnection { remote_qpn: peer_qpn, force_loopback: true, ..Default::default() })?;
//! # Ok(()) }
//! ```
//!
//! The first use checks that the loaded libflexio serves the API edition the bindings were
//! generated from (`flexio_version_set`) and fails with [`ErrorKind::Version`] otherwise.  It
//! also routes the library's log lines to the `log` crate (target [`LOG_TARGET`]).
//!
//! Experimental API: the `experimental` feature re-exports `flexio_sys::experimental` as
//! [`experimental`] (the safe layer itself uses a few experimental C entries internally).
//!
//! No input makes the crate panic: a name or path holding a NUL byte is
//! [`ErrorKind::InvalidArgument`], an out-of-bounds buffer access or a wrong number of
//! arguments an error.
#![deny(missing_docs)]
use flexio_sys as sys;
use flexio_sys::experimental as x;
use std::collections::hash_map::RandomState;
use std::collections::HashMap;
use std::ffi::{c_char, c_int, c_void, CStr, CString, OsString};
use std::fmt;
use std::hash::{BuildHasher, Hasher};
use std::marker::PhantomData;
use std::os::unix::ffi::{OsStrExt, OsStringExt};
use std::path::{Path, PathBuf};
use std::ptr;
use std::sync::{Mutex, MutexGuard, OnceLock};

#[cfg(feature = "experimental")]
pub use flexio_sys::experimental;

mod queues;
pub use queues::{
    Access, Cq, CqConfig, CqModeration, CqPeriodMode, DeviceMkey, Outbox, PathMtu, Qp, QpConfig, QpConnection,
    QpOptional, QpState,
};

/// What went wrong (see [`Error::kind`]).  More kinds may come in later releases: a `match`
/// needs a `_` arm.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The call failed (bad argument, bad handle, no memory, ...).
    Failed,
    /// The DPA process stopped on a fatal error (fault in device code, `flexio_dev_error`):
    /// the library's record of it.  Boxed: it holds the registers, and a `Result` stays small.
    DeviceFault(Box<Fault>),
    /// A device, application or function was not found.
    NotFound,
    /// Wrong number of arguments for a device function.
    Arity {
        /// The number of parameters of the device function.
        expected: usize,
        /// The number of arguments given.
        given: usize,
    },
    /// The library does not serve the API edition of these bindings.
    Version,
    /// An argument the C API cannot take: a name or path holding a NUL byte.
    InvalidArgument,
}

/// A failed libflexio call: what went wrong, the C function and the line the library logged
/// for it (or the crate's own line for what it refused before calling the library).
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct Error {
    kind: ErrorKind,
    function: &'static str,
    message: String,
}

impl Error {
    /// What went wrong.
    pub fn kind(&self) -> &ErrorKind {
        &self.kind
    }

    /// The C function that failed (`"flexio_process_call"`, `"dlopen"`, ...).
    pub fn function(&self) -> &'static str {
        self.function
    }

    /// The library's log line for the failure (`"flexio ERR flexio_buf_dev_alloc: ..."`).
    pub fn message(&self) -> &str {
        &self.message
    }

    /// What stopped the process, for [`ErrorKind::DeviceFault`].
    pub fn fault(&self) -> Option<&Fault> {
        match &self.kind {
            ErrorKind::DeviceFault(fault) => Some(fault),
            _ => None,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ErrorKind::DeviceFault(fault) => write!(f, "{} [DPA process stopped, {fault}]", self.message),
            _ => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for Error {}

/// The result of a fallible call of this crate.
pub type Result<T> = std::result::Result<T, Error>;

fn last_error() -> String {
    // SAFETY: flexio_last_error returns a NUL-terminated thread-local string.
    unsafe { CStr::from_ptr(x::flexio_last_error()) }.to_string_lossy().into_owned()
}

fn fail(function: &'static str) -> Error {
    Error { kind: ErrorKind::Failed, function, message: last_error() }
}

fn error(kind: ErrorKind, function: &'static str, message: String) -> Error {
    Error { kind, function, message }
}

/// `text` as a C string for `function`; one holding a NUL byte is an
/// [`ErrorKind::InvalidArgument`] error naming `what` it is.
fn c_string(text: &[u8], what: &str, function: &'static str) -> Result<CString> {
    CString::new(text).map_err(|_| {
        let shown = String::from_utf8_lossy(text);
        error(ErrorKind::InvalidArgument, function, format!("{function}: the {what} {shown:?} holds a NUL byte"))
    })
}

#[inline]
fn check(status: sys::flexio_status, function: &'static str) -> Result<()> {
    if status == sys::FLEXIO_STATUS_SUCCESS {
        Ok(())
    } else {
        Err(fail(function))
    }
}

/// What the number and id getters (`flexio_*_get_id`, `flexio_cq_get_cq_num`, ...) return on
/// error (`UINT32_MAX`).
const NO_ID: u32 = u32::MAX;

/// `value` from a number or id getter of `function`, or its failure.
fn checked_id(value: u32, function: &'static str) -> Result<u32> {
    if value == NO_ID {
        Err(fail(function))
    } else {
        Ok(value)
    }
}

fn fmt_version(v: u64) -> String {
    format!("{}.{}.{}", v >> 24 & 0xff, v >> 16 & 0xff, v & 0xffff)
}

/// The API edition the bindings were generated from, "major.minor.sub".
pub fn api_version() -> String {
    fmt_version(sys::FLEXIO_BINDINGS_API_VERSION)
}

/// The API version the loaded libflexio implements (its `FLEXIO_CURRENT_VERSION`).
pub fn library_version() -> String {
    fmt_version(unsafe { x::flexio_version_get(ptr::null_mut()) })
}

/// The first use of the crate, once per process: routes the library's log to the `log` crate
/// (see [`LOG_TARGET`]), then the version handshake, which announces the bindings' edition to
/// the library.  Every entry point calls it.
pub fn init() -> Result<()> {
    static DONE: OnceLock<Result<()>> = OnceLock::new();
    DONE.get_or_init(|| {
        // First, so that a refused handshake is a log record too.
        unsafe { x::flexio_log_callback_set(Some(log_line), ptr::null_mut()) };
        let served = unsafe { x::flexio_version_get(ptr::null_mut()) };
        if unsafe { sys::flexio_version_set(sys::FLEXIO_BINDINGS_API_VERSION) } != sys::FLEXIO_STATUS_SUCCESS {
            return Err(error(
                ErrorKind::Version,
                "flexio_version_set",
                format!(
                    "flexio: these bindings were generated for FlexIO API {}, but the loaded libflexio implements {} and refuses it ({}); regenerate flexio-sys against this library or load a matching libflexio",
                    api_version(),
                    fmt_version(served),
                    last_error()
                ),
            ));
        }
        Ok(())
    })
    .clone()
}

// ------------------------------------------------------------------------------------------
// Fatal errors as a record

/// Why a DPA thread stopped its process (`enum flexio_fault_cause`).  Displayed as the library
/// names it (`flexio_fault_cause_name`: "misaligned access", ...).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FaultCause {
    /// No thread fault: the process runs, or stopped on `flexio_dev_error` or process finish.
    None,
    /// An N-byte access not N-byte aligned.
    Misaligned,
    /// A data access outside the process's memory.
    Unmapped,
    /// A data access against its memory's permissions.
    Permission,
    /// An instruction fetch outside executable memory.
    Fetch,
    /// An illegal or unsupported instruction.
    Illegal,
    /// `ebreak`.
    Breakpoint,
    /// An activation ran past its instruction budget.
    Watchdog,
    /// An `ecall` nobody serves.
    BadService,
    /// A window or outbox access refused (bounds, key, PD).
    Aperture,
    /// The stack pointer left the thread's stack.
    StackOverflow,
    /// A cause these bindings do not know (a newer library), by its C value.
    Other(u32),
}

impl FaultCause {
    const KNOWN: [(sys::flexio_fault_cause, FaultCause); 11] = [
        (sys::FLEXIO_FAULT_NONE, FaultCause::None),
        (sys::FLEXIO_FAULT_MISALIGNED, FaultCause::Misaligned),
        (sys::FLEXIO_FAULT_UNMAPPED, FaultCause::Unmapped),
        (sys::FLEXIO_FAULT_PERMISSION, FaultCause::Permission),
        (sys::FLEXIO_FAULT_FETCH, FaultCause::Fetch),
        (sys::FLEXIO_FAULT_ILLEGAL, FaultCause::Illegal),
        (sys::FLEXIO_FAULT_BREAKPOINT, FaultCause::Breakpoint),
        (sys::FLEXIO_FAULT_WATCHDOG, FaultCause::Watchdog),
        (sys::FLEXIO_FAULT_BAD_SERVICE, FaultCause::BadService),
        (sys::FLEXIO_FAULT_APERTURE, FaultCause::Aperture),
        (sys::FLEXIO_FAULT_STACK_OVERFLOW, FaultCause::StackOverflow),
    ];

    /// The cause of a C `enum flexio_fault_cause` value.
    pub fn from_raw(raw: sys::flexio_fault_cause) -> FaultCause {
        Self::KNOWN.iter().find(|(v, _)| *v == raw).map_or(FaultCause::Other(raw), |&(_, c)| c)
    }

    /// Its C value.
    pub fn as_raw(self) -> sys::flexio_fault_cause {
        match self {
            FaultCause::Other(raw) => raw,
            // Every other variant is in the table: the search ends at one of its rows.
            known => Self::KNOWN.iter().find(|(_, c)| *c == known).map_or(sys::FLEXIO_FAULT_NONE, |&(v, _)| v),
        }
    }

    /// The library's name of the cause (`flexio_fault_cause_name`), "unknown" for one it does
    /// not know.
    pub fn name(self) -> &'static str {
        // SAFETY: the library returns one of its static NUL-terminated names for any value.
        unsafe { CStr::from_ptr(x::flexio_fault_cause_name(self.as_raw())) }.to_str().unwrap_or("unknown")
    }
}

impl fmt::Display for FaultCause {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

/// The kind of memory access that faulted (`enum flexio_fault_access`); displayed as "read", ...
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FaultAccess {
    /// No memory access (no fault, or one that is not an access: `ebreak`, a watchdog, ...).
    None,
    /// A load.
    Read,
    /// A store.
    Write,
    /// An instruction fetch.
    Execute,
    /// A kind these bindings do not know (a newer library), by its C value.
    Other(u32),
}

impl FaultAccess {
    /// The access of a C `enum flexio_fault_access` value.
    pub fn from_raw(raw: sys::flexio_fault_access) -> FaultAccess {
        match raw {
            sys::FLEXIO_FAULT_ACCESS_NONE => FaultAccess::None,
            sys::FLEXIO_FAULT_ACCESS_READ => FaultAccess::Read,
            sys::FLEXIO_FAULT_ACCESS_WRITE => FaultAccess::Write,
            sys::FLEXIO_FAULT_ACCESS_EXECUTE => FaultAccess::Execute,
            other => FaultAccess::Other(other),
        }
    }
}

impl fmt::Display for FaultAccess {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FaultAccess::None => f.pad("none"),
            FaultAccess::Read => f.pad("read"),
            FaultAccess::Write => f.pad("write"),
            FaultAccess::Execute => f.pad("execute"),
            FaultAccess::Other(raw) => f.pad(&format!("access {raw}")),
        }
    }
}

/// The RISC-V ABI names of x0..x31 (the indices of [`Fault::regs`]).
pub const REG_NAMES: [&str; 32] = [
    "zero", "ra", "sp", "gp", "tp", "t0", "t1", "t2", "s0", "s1", "a0", "a1", "a2", "a3", "a4", "a5", "a6", "a7", "s2",
    "s3", "s4", "s5", "s6", "s7", "s8", "s9", "s10", "s11", "t3", "t4", "t5", "t6",
];

/// What stopped a DPA process (`struct flexio_process_fault`, from
/// `flexio_process_fault_get`): its error status and, when a thread faulted, the fault with
/// the thread's registers.  All zero while the process runs.
///
/// Displayed on one line (`status 0x10: misaligned access (read) at pc 0x100b2, address
/// 0x25001, thread 0`); the alternate form (`{:#}`) adds the instruction, the counters and the
/// registers, one line per four.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Fault {
    /// The error status (`flexio_err_status_get`): 0 while the process runs, the code given to
    /// `flexio_dev_error`, the DPA OS's status for a fault.
    pub status: u32,
    /// Whether the process has stopped for good (also by process finish).
    pub stopped: bool,
    /// The thread whose error stopped the process (as `flexio_dev_get_thread_id` numbers it).
    pub thread_id: Option<u32>,
    /// [`FaultCause::None`] unless a thread faulted; the fields below describe its fault.
    pub cause: FaultCause,
    /// The kind of access that faulted.
    pub access: FaultAccess,
    /// The faulting instruction.
    pub pc: u64,
    /// The data or fetch address of the fault.
    pub address: u64,
    /// The instruction word at `pc`, 0 if unreadable.
    pub insn: u32,
    /// x0..x31 at the fault (see [`REG_NAMES`]).
    pub regs: [u64; 32],
    /// Instructions the thread retired before the fault.
    pub instret: u64,
    /// Its cycles before the fault.
    pub cycles: u64,
}

impl Fault {
    fn from_raw(f: &sys::flexio_process_fault) -> Fault {
        Fault {
            status: f.status,
            stopped: f.stopped != 0,
            thread_id: (f.has_thread != 0).then_some(f.thread_id),
            cause: FaultCause::from_raw(f.cause),
            access: FaultAccess::from_raw(f.access),
            pc: f.pc,
            address: f.address,
            insn: f.insn,
            regs: f.regs,
            instret: f.instret,
            cycles: f.cycles,
        }
    }

    /// Whether a thread faulted (the cause is not [`FaultCause::None`]).
    pub fn faulted(&self) -> bool {
        self.cause != FaultCause::None
    }

    /// A register at the fault by ABI name (`"sp"`, `"a0"`) or as `"x<n>"`.
    pub fn reg(&self, name: &str) -> Option<u64> {
        let index = match name.strip_prefix('x').and_then(|n| n.parse::<usize>().ok()) {
            Some(i) => i,
            None => REG_NAMES.iter().position(|r| *r == name)?,
        };
        self.regs.get(index).copied()
    }
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.stopped {
            return f.write_str("running");
        }
        write!(f, "status {:#x}", self.status)?;
        if self.faulted() {
            write!(f, ": {}", self.cause)?;
            if self.access != FaultAccess::None {
                write!(f, " ({})", self.access)?;
            }
            write!(f, " at pc {:#x}, address {:#x}", self.pc, self.address)?;
        }
        if let Some(thread) = self.thread_id {
            write!(f, ", thread {thread}")?;
        }
        if f.alternate() && self.faulted() {
            write!(f, "\npc {:#018x}  address {:#018x}  insn {:#010x}", self.pc, self.address, self.insn)?;
            write!(f, "\ninstret {}  cycles {}", self.instret, self.cycles)?;
            for (i, (name, value)) in REG_NAMES.iter().zip(self.regs).enumerate() {
                let sep = if i % 4 == 0 { "\n" } else { "  " }; // four a line
                write!(f, "{sep}x{i:<2} {name:<4} {value:#018x}")?;
            }
        }
        Ok(())
    }
}

/// Addresses and registers in hex.
impl fmt::Debug for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        struct Hex(u64);
        impl fmt::Debug for Hex {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{:#x}", self.0)
            }
        }
        f.debug_struct("Fault")
            .field("status", &format_args!("{:#x}", self.status))
            .field("stopped", &self.stopped)
            .field("thread_id", &self.thread_id)
            .field("cause", &self.cause)
            .field("access", &self.access)
            .field("pc", &format_args!("{:#x}", self.pc))
            .field("address", &format_args!("{:#x}", self.address))
            .field("insn", &format_args!("{:#x}", self.insn))
            .field("regs", &format_args!("{:?}", self.regs.map(Hex)))
            .field("instret", &self.instret)
            .field("cycles", &self.cycles)
            .finish()
    }
}

// ------------------------------------------------------------------------------------------
// Logging

/// The `log` target of the library's log lines.  From the first use of the crate ([`init`])
/// each line the library logs at or above its level (`FLEXIO_LOG_LEVEL`, default WARN; or
/// `experimental::flexio_log_lvl_set`) is one record instead of a line on stderr: ERR →
/// `Error`, WARN → `Warn`, INFO → `Info`, DBG → `Debug`; the message is `"<function>:
/// <reason>"` and the key `function` names the C function (a FlexIO call, or an rdma-core call
/// the simulated device answered).  With no logger installed records go nowhere, so a failure
/// is reported once: by the [`Error`] carrying the same line.
pub const LOG_TARGET: &str = "flexio";

/// The library's log callback: runs on the thread that logged, which may be a library thread.
extern "C" fn log_line(lvl: sys::flexio_log_lvl, func: *const c_char, msg: *const c_char, _user: *mut c_void) {
    let level = match lvl {
        sys::FLEXIO_LOG_LVL_ERR => log::Level::Error,
        sys::FLEXIO_LOG_LVL_WARN => log::Level::Warn,
        sys::FLEXIO_LOG_LVL_INFO => log::Level::Info,
        _ => log::Level::Debug,
    };
    if !log::log_enabled!(target: LOG_TARGET, level) {
        return;
    }
    // SAFETY: the library passes NUL-terminated strings valid during the call.
    let (func, msg) = unsafe { (CStr::from_ptr(func).to_string_lossy(), CStr::from_ptr(msg).to_string_lossy()) };
    // A panic must not unwind into C (the process would abort): a panicking logger loses the line.
    let _ = std::panic::catch_unwind(|| {
        log::log!(target: LOG_TARGET, level, function = func.as_ref(); "{func}: {msg}");
    });
}

// ------------------------------------------------------------------------------------------
// Devices

/// An RDMA device with a DPA, opened through libflexio's ibverbs (`mlx5_sim0`, ...).
pub struct Device {
    ctx: *mut sys::ibv_context,
    name: String,
}

// SAFETY: an ibverbs context may be used from any thread (rdma-core's verbs are thread-safe).
unsafe impl Send for Device {}
unsafe impl Sync for Device {}

fn device_list() -> Result<(*mut *mut sys::ibv_device, Vec<String>)> {
    let mut n: c_int = 0;
    let list = unsafe { sys::ibv_get_device_list(&mut n) };
    if list.is_null() {
        return Err(error(ErrorKind::NotFound, "ibv_get_device_list", "ibv_get_device_list: no RDMA devices".into()));
    }
    let names = (0..n as usize)
        .map(|i| unsafe { CStr::from_ptr(sys::ibv_get_device_name(*list.add(i))) }.to_string_lossy().into_owned())
        .collect();
    Ok((list, names))
}

impl Device {
    /// Names of the devices libflexio serves.
    pub fn names() -> Result<Vec<String>> {
        init()?;
        let (list, names) = device_list()?;
        unsafe { sys::ibv_free_device_list(list) };
        Ok(names)
    }

    /// Opens the device called `name`.
    pub fn open(name: &str) -> Result<Device> {
        init()?;
        let (list, names) = device_list()?;
        let ctx = match names.iter().position(|n| n == name) {
            Some(i) => unsafe { sys::ibv_open_device(*list.add(i)) },
            None => ptr::null_mut(),
        };
        unsafe { sys::ibv_free_device_list(list) };
        if ctx.is_null() {
            return Err(error(
                ErrorKind::NotFound,
                "ibv_open_device",
                format!("ibv_open_device: no device named {name:?} (devices: {})", names.join(", ")),
            ));
        }
        Ok(Device { ctx, name: name.to_owned() })
    }

    /// The device's name, as opened.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The `struct ibv_context *` for flexio-sys calls.
    pub fn as_raw(&self) -> *mut sys::ibv_context {
        self.ctx
    }

    /// Loads `app` into a new DPA process on this device; device prints are captured
    /// (see [`Process::output`]).
    pub fn process<'d>(&'d self, app: &'d App) -> Result<Process<'d>> {
        Process::new(self, app, true)
    }

    /// Like [`Device::process`], printing nothing captured: device messages go nowhere.
    pub fn process_uncaptured<'d>(&'d self, app: &'d App) -> Result<Process<'d>> {
        Process::new(self, app, false)
    }
}

impl Drop for Device {
    fn drop(&mut self) {
        unsafe { sys::ibv_close_device(self.ctx) };
    }
}

impl fmt::Debug for Device {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Device").field("name", &self.name).finish()
    }
}

// ------------------------------------------------------------------------------------------
// Applications and functions

extern "C" {
    fn dlopen(filename: *const c_char, flags: c_int) -> *mut c_void;
    fn dlsym(handle: *mut c_void, symbol: *const c_char) -> *mut c_void;
    fn dlerror() -> *mut c_char;
    fn mkdtemp(template: *mut c_char) -> *mut c_char;
}
const RTLD_NOW: c_int = 2;
const RTLD_LOCAL: c_int = 0;

/// The live applications, oldest first.
fn registered_apps() -> Result<Vec<*mut sys::flexio_app>> {
    let mut list: *mut *mut sys::flexio_app = ptr::null_mut();
    let mut n: u32 = 0;
    check(unsafe { sys::flexio_app_get_list(&mut list, &mut n) }, "flexio_app_get_list")?;
    let apps = (0..n as usize).map(|i| unsafe { *list.add(i) }).collect();
    unsafe { sys::flexio_app_list_free(list) };
    Ok(apps)
}

fn app_name(app: *mut sys::flexio_app) -> String {
    unsafe { CStr::from_ptr(x::flexio_app_get_name(app)) }.to_string_lossy().into_owned()
}

/// What `App::load` loaded, by a hash of the object's bytes: the applications each object
/// registered, in registration order.  Loading the same bytes again finds them here.
fn loaded() -> MutexGuard<'static, HashMap<u128, Vec<App>>> {
    static LOADED: OnceLock<Mutex<HashMap<u128, Vec<App>>>> = OnceLock::new();
    LOADED.get_or_init(Default::default).lock().unwrap_or_else(|e| e.into_inner())
}

/// The name of an object's bytes: SipHash under this process's random keys, twice (with a
/// different first byte), so two different objects of a process never share one in practice.
fn content_key(data: &[u8]) -> u128 {
    static KEYS: OnceLock<RandomState> = OnceLock::new();
    let keys = KEYS.get_or_init(RandomState::new);
    let half = |domain: u8| {
        let mut h = keys.build_hasher();
        h.write_u8(domain);
        h.write(data);
        h.finish() as u128
    };
    half(0) << 64 | half(1)
}

/// Loads the object at `path` (its bytes `data`, named `key`) from a private copy and returns
/// the applications its constructors registered.
fn load_copy(path: &Path, data: &[u8], key: u128) -> Result<Vec<App>> {
    let io_error = |e: std::io::Error| {
        error(ErrorKind::Failed, "dlopen", format!("dlopen: private copy of {}: {e}", path.display()))
    };
    let mut template = std::env::temp_dir().join("flexio-app-XXXXXX").into_os_string().into_vec();
    template.push(0);
    // SAFETY: a NUL-terminated template mkdtemp rewrites in place.
    if unsafe { mkdtemp(template.as_mut_ptr().cast()) }.is_null() {
        return Err(io_error(std::io::Error::last_os_error()));
    }
    template.pop();
    let private = PathBuf::from(OsString::from_vec(template));
    let file_name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let copy = private.join(format!("{key:032x}-{file_name}"));
    let opened = std::fs::write(&copy, data).map_err(io_error).and_then(|()| {
        let before = registered_apps()?;
        let ccopy = c_string(copy.as_os_str().as_bytes(), "path", "dlopen")?;
        let dl = unsafe { dlopen(ccopy.as_ptr(), RTLD_NOW | RTLD_LOCAL) };
        if dl.is_null() {
            let reason = unsafe { dlerror() };
            let why = if reason.is_null() {
                format!("cannot load {}", path.display())
            } else {
                // SAFETY: dlerror returns a NUL-terminated string valid until the next dl call.
                let text = unsafe { CStr::from_ptr(reason) }.to_string_lossy().into_owned();
                text.replace(&copy.display().to_string(), &path.display().to_string())
            };
            return Err(error(ErrorKind::NotFound, "dlopen", format!("dlopen: {why}")));
        }
        Ok(registered_apps()?
            .into_iter()
            .filter(|a| !before.contains(a))
            .map(|app| App { app, dl, name: app_name(app) })
            .collect())
    });
    let _ = std::fs::remove_dir_all(&private); // loaded (or not): the copy has served
    opened
}

/// A DPA application registered with libflexio (built by dpacc).
#[derive(Clone)]
pub struct App {
    app: *mut sys::flexio_app,
    dl: *mut c_void,
    name: String,
}

// SAFETY: applications are immutable once registered; the library locks its function table.
unsafe impl Send for App {}
unsafe impl Sync for App {}

impl App {
    /// Loads a dpacc-built application from a shared object (`gcc -shared
    /// -Wl,--whole-archive APP.a -Wl,--no-whole-archive -lflexio`): its constructor registers
    /// the application, whose device functions are the symbols named like them.  `name`
    /// defaults to the one application the object registers.
    ///
    /// Applications are independent of each other, however their functions and files are
    /// named: the object is loaded (`dlopen`, `RTLD_LOCAL`) from a private copy, named by its
    /// content and removed once loaded.  Loading the same bytes again gives the same
    /// application; an object rebuilt at the same path (a notebook cell edited and built
    /// again) is loaded anew, as another application, which [`App::get`] then finds; processes
    /// of the earlier one go on with its code.  Objects stay loaded.
    pub fn load(path: impl AsRef<Path>, name: Option<&str>) -> Result<App> {
        init()?;
        let path = path.as_ref();
        c_string(path.as_os_str().as_bytes(), "path", "dlopen")?;
        let data = std::fs::read(path)
            .map_err(|e| error(ErrorKind::NotFound, "dlopen", format!("dlopen: {}: {e}", path.display())))?;
        let key = content_key(&data);
        let apps = {
            let mut loaded = loaded();
            match loaded.get(&key) {
                Some(apps) => apps.clone(),
                None => {
                    let apps = load_copy(path, &data, key)?;
                    loaded.insert(key, apps.clone());
                    apps
                }
            }
        };
        let mut names = apps.iter().map(|a| a.name.as_str()).collect::<Vec<_>>().join(", ");
        if names.is_empty() {
            names.push_str("none");
        }
        let not_found = |what: String| {
            error(
                ErrorKind::NotFound,
                "flexio_app_get",
                format!("flexio_app_get: {} registered {what}", path.display()),
            )
        };
        match name {
            None if apps.len() == 1 => Ok(apps[0].clone()),
            None => Err(not_found(format!("{} applications ({names}): name one", apps.len()))),
            Some(name) => apps
                .iter()
                .rev()
                .find(|a| a.name == name)
                .cloned()
                .ok_or_else(|| not_found(format!("no application named {name:?} ({names})"))),
        }
    }

    /// The application called `name` registered in this program (linked in, or loaded
    /// otherwise); of several, the newest (the one loaded last).
    pub fn get(name: &str) -> Result<App> {
        init()?;
        let cname = c_string(name.as_bytes(), "application name", "flexio_app_get")?;
        let attr = sys::flexio_app_select_attr { app_name: cname.as_ptr(), hw_model_id: 0, ibv_ctx: ptr::null_mut() };
        let mut app = ptr::null_mut();
        check(unsafe { sys::flexio_app_get(&attr, &mut app) }, "flexio_app_get")?;
        // One `App::load` made: its functions are its object's symbols (RTLD_DEFAULT otherwise).
        let dl = loaded().values().flatten().find(|a| a.app == app).map_or(ptr::null_mut(), |a| a.dl);
        Ok(App { app, dl, name: name.to_owned() })
    }

    /// The application's name (dpacc's `--app-name`).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The application's handle for flexio-sys calls.
    pub fn as_raw(&self) -> *mut sys::flexio_app {
        self.app
    }

    /// The device function `name`: its handle is the symbol of that name.
    pub fn function(&self, name: &str) -> Result<Function> {
        let cname = c_string(name.as_bytes(), "function name", "dlsym")?;
        // RTLD_DEFAULT (null) for applications linked into the program
        let handle = unsafe { dlsym(self.dl, cname.as_ptr()) };
        if handle.is_null() {
            return Err(error(
                ErrorKind::NotFound,
                "dlsym",
                format!("dlsym: application {:?} has no function {name:?}", self.name),
            ));
        }
        // SAFETY: the symbol is the stub function dpacc generated (a function address).
        let handle: sys::flexio_func_t = unsafe { std::mem::transmute::<*mut c_void, sys::flexio_func_t>(handle) };
        let size = sys::FLEXIO_MAX_NAME_LEN as usize + 1;
        let (mut n1, mut n2) = (vec![0 as c_char; size], vec![0 as c_char; size]);
        let (mut pup, mut argbuf, mut a1, mut a2) = (0u32, 0usize, 0u64, 0u64);
        let mut pack: sys::flexio_func_arg_pack_fn_t = None;
        check(
            unsafe {
                sys::flexio_func_get_register_info(
                    self.app,
                    handle,
                    &mut pup,
                    n1.as_mut_ptr(),
                    n2.as_mut_ptr(),
                    size,
                    &mut argbuf,
                    &mut pack,
                    &mut a1,
                    &mut a2,
                )
            },
            "flexio_func_get_register_info",
        )?;
        Ok(Function { handle, nargs: if pup != 0 { argbuf / 8 } else { 1 }, name: name.to_owned() })
    }
}

impl fmt::Debug for App {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("App").field("name", &self.name).finish()
    }
}

/// A device function (the handle dpacc generated) and its number of arguments.
#[derive(Clone, Debug)]
pub struct Function {
    handle: sys::flexio_func_t,
    nargs: usize,
    name: String,
}

impl Function {
    /// The device function's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Its number of parameters ([`Process::call`] takes exactly that many arguments).
    pub fn nargs(&self) -> usize {
        self.nargs
    }

    /// Its handle (the host stub dpacc generated) for flexio-sys calls.
    pub fn as_raw(&self) -> sys::flexio_func_t {
        self.handle
    }
}

// ------------------------------------------------------------------------------------------
// Processes

extern "C" {
    fn open_memstream(ptr: *mut *mut c_char, sizeloc: *mut usize) -> *mut sys::FILE;
    fn fflush(stream: *mut sys::FILE) -> c_int;
    fn fclose(stream: *mut sys::FILE) -> c_int;
    fn flockfile(stream: *mut sys::FILE);
    fn funlockfile(stream: *mut sys::FILE);
    fn free(p: *mut c_void);
}

struct Capture {
    file: *mut sys::FILE,
    // boxed: open_memstream keeps writing through these addresses
    buf: Box<(*mut c_char, usize)>,
    stream: *mut sys::flexio_msg_stream,
    read: std::cell::Cell<usize>,
}

/// DPA heap figures of a process (`struct flexio_heap_mem_info`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct HeapInfo {
    /// The heap's first device address.
    pub base_addr: u64,
    /// Its size in bytes.
    pub size: usize,
    /// The bytes asked for by the live allocations.
    pub requested: usize,
    /// The bytes they take, with the allocator's rounding.
    pub allocated: usize,
}

/// A DPA process running an application; dropped, it is destroyed with everything in it.
pub struct Process<'d> {
    p: *mut sys::flexio_process,
    capture: Option<Capture>,
    _device: PhantomData<&'d Device>,
}

// SAFETY: a process may be driven from another thread than the one that created it; calls are
// not made concurrently on one process (&self methods, no Sync).
unsafe impl Send for Process<'_> {}

macro_rules! call_variadic {
    ($p:expr, $f:expr, $ret:expr, $a:expr; $($i:literal)*) => {
        unsafe { sys::flexio_process_call($p, $f, $ret $(, $a[$i])*) }
    };
}

impl<'d> Process<'d> {
    fn new(device: &'d Device, app: &'d App, capture: bool) -> Result<Process<'d>> {
        let mut p = ptr::null_mut();
        check(
            unsafe { sys::flexio_process_create(device.ctx, app.app, ptr::null(), &mut p) },
            "flexio_process_create",
        )?;
        let mut proc = Process { p, capture: None, _device: PhantomData };
        if capture {
            let mut buf = Box::new((ptr::null_mut(), 0usize));
            let file = unsafe { open_memstream(&mut buf.0, &mut buf.1) };
            if file.is_null() {
                return Err(error(ErrorKind::Failed, "open_memstream", "open_memstream failed".into()));
            }
            let mut attr: sys::flexio_msg_stream_attr_t = unsafe { std::mem::zeroed() };
            attr.data_bsize = 1 << 16;
            attr.sync_mode = sys::FLEXIO_LOG_DEV_SYNC_MODE_SYNC;
            attr.level = sys::FLEXIO_MSG_DEV_DEBUG as u8; // a uint8_t field, a macro value
            let mut stream = ptr::null_mut();
            let status = unsafe { sys::flexio_msg_stream_create(p, &mut attr, file, ptr::null_mut(), &mut stream) };
            proc.capture = Some(Capture { file, buf, stream, read: 0.into() });
            check(status, "flexio_msg_stream_create")?;
        }
        Ok(proc)
    }

    /// The process's handle for flexio-sys calls.
    pub fn as_raw(&self) -> *mut sys::flexio_process {
        self.p
    }

    fn failed_call(&self, function: &'static str) -> Error {
        let message = last_error(); // first: flexio_process_fault_get may log a line of its own
        if unsafe { x::flexio_err_status_get(self.p) } != 0 {
            if let Ok(fault) = self.fault() {
                return error(ErrorKind::DeviceFault(Box::new(fault)), function, message);
            }
        }
        error(ErrorKind::Failed, function, message)
    }

    /// Runs device function `f` with `args` (one u64 per parameter: signed values as two's
    /// complement, pointers as device addresses) and returns its 64-bit result.
    #[inline]
    pub fn call(&self, f: &Function, args: &[u64]) -> Result<u64> {
        if args.len() != f.nargs {
            return Err(error(
                ErrorKind::Arity { expected: f.nargs, given: args.len() },
                "flexio_process_call",
                format!("{}() takes {} arguments ({} given)", f.name, f.nargs, args.len()),
            ));
        }
        let mut ret = 0u64;
        let (p, h, r) = (self.p, f.handle, &mut ret as *mut u64);
        // The variadic entry itself, as C calls it: one call site per argument count.
        let status = match args.len() {
            0 => call_variadic!(p, h, r, args;),
            1 => call_variadic!(p, h, r, args; 0),
            2 => call_variadic!(p, h, r, args; 0 1),
            3 => call_variadic!(p, h, r, args; 0 1 2),
            4 => call_variadic!(p, h, r, args; 0 1 2 3),
            5 => call_variadic!(p, h, r, args; 0 1 2 3 4),
            6 => call_variadic!(p, h, r, args; 0 1 2 3 4 5),
            7 => call_variadic!(p, h, r, args; 0 1 2 3 4 5 6),
            8 => call_variadic!(p, h, r, args; 0 1 2 3 4 5 6 7),
            _ => unsafe { x::flexio_process_call_args(p, h, r, args.as_ptr(), args.len()) },
        };
        if status != sys::FLEXIO_STATUS_SUCCESS {
            return Err(self.failed_call("flexio_process_call"));
        }
        Ok(ret)
    }

    /// Whether the process stopped on a fatal error.
    pub fn failed(&self) -> bool {
        unsafe { x::flexio_err_status_get(self.p) != 0 }
    }

    /// What stopped the process (`flexio_process_fault_get`): status 0 while it runs.
    pub fn fault(&self) -> Result<Fault> {
        let mut f: sys::flexio_process_fault = unsafe { std::mem::zeroed() };
        check(unsafe { x::flexio_process_fault_get(self.p, &mut f) }, "flexio_process_fault_get")?;
        Ok(Fault::from_raw(&f))
    }

    /// The text device code printed since the previous call.
    pub fn output(&self) -> Result<String> {
        let c = self
            .capture
            .as_ref()
            .ok_or_else(|| error(ErrorKind::Failed, "flexio_msg_stream_flush", "output is not captured".into()))?;
        check(unsafe { sys::flexio_msg_stream_flush(c.stream) }, "flexio_msg_stream_flush")?;
        Ok(take_output(c))
    }

    /// Allocates `size` bytes of DPA heap.
    pub fn alloc(&self, size: usize) -> Result<HeapBuffer<'_>> {
        let mut daddr = 0;
        if unsafe { sys::flexio_buf_dev_alloc(self.p, size, &mut daddr) } != sys::FLEXIO_STATUS_SUCCESS {
            return Err(self.failed_call("flexio_buf_dev_alloc"));
        }
        Ok(HeapBuffer { process: self, daddr, size })
    }

    /// A new heap buffer holding a copy of `data`.
    pub fn copy_from_host(&self, data: &[u8]) -> Result<HeapBuffer<'_>> {
        let mut daddr = 0;
        if unsafe { sys::flexio_copy_from_host(self.p, data.as_ptr() as *mut c_void, data.len(), &mut daddr) }
            != sys::FLEXIO_STATUS_SUCCESS
        {
            return Err(self.failed_call("flexio_copy_from_host"));
        }
        Ok(HeapBuffer { process: self, daddr, size: data.len() })
    }

    /// The process's heap figures (`flexio_process_mem_info_get`).
    pub fn heap_info(&self) -> Result<HeapInfo> {
        let mut i: sys::flexio_heap_mem_info = unsafe { std::mem::zeroed() };
        check(unsafe { sys::flexio_process_mem_info_get(self.p, &mut i) }, "flexio_process_mem_info_get")?;
        Ok(HeapInfo { base_addr: i.base_addr, size: i.size, requested: i.requested, allocated: i.allocated })
    }
}

fn take_output(c: &Capture) -> String {
    unsafe {
        flockfile(c.file); // the stream's host thread writes under the same lock
        fflush(c.file);
        let (buf, len) = *c.buf;
        let from = c.read.get();
        let text = if len > from {
            String::from_utf8_lossy(std::slice::from_raw_parts(buf.add(from) as *const u8, len - from)).into_owned()
        } else {
            String::new()
        };
        c.read.set(len);
        funlockfile(c.file);
        text
    }
}

impl Drop for Process<'_> {
    fn drop(&mut self) {
        unsafe {
            sys::flexio_process_destroy(self.p); // flushes and destroys the stream too
            if let Some(c) = self.capture.take() {
                fclose(c.file);
                free(c.buf.0 as *mut c_void);
            }
        }
    }
}

impl fmt::Debug for Process<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut d = f.debug_struct("Process");
        if let Ok(h) = self.heap_info() {
            d.field("heap_allocated", &h.allocated).field("heap_size", &h.size);
        }
        d.field("failed", &self.failed()).finish()
    }
}

// ------------------------------------------------------------------------------------------
// Heap buffers

/// A buffer in a process's DPA heap; freed when dropped.
pub struct HeapBuffer<'p> {
    process: &'p Process<'p>,
    daddr: u64,
    size: usize,
}

impl HeapBuffer<'_> {
    /// The device address (what device functions take as a pointer argument).
    pub fn daddr(&self) -> u64 {
        self.daddr
    }

    /// Its size in bytes.
    pub fn len(&self) -> usize {
        self.size
    }

    /// Whether its size is 0.
    pub fn is_empty(&self) -> bool {
        self.size == 0
    }

    fn bounds(&self, offset: usize, n: usize, function: &'static str) -> Result<()> {
        if offset.checked_add(n).map_or(true, |end| end > self.size) {
            return Err(error(
                ErrorKind::Failed,
                function,
                format!("[{offset}, +{n}) is outside the buffer's {} bytes", self.size),
            ));
        }
        Ok(())
    }

    /// Copies `data` into the buffer at `offset`.
    pub fn write(&self, offset: usize, data: &[u8]) -> Result<()> {
        self.bounds(offset, data.len(), "flexio_host2dev_memcpy")?;
        let p = self.process;
        if unsafe {
            sys::flexio_host2dev_memcpy(p.p, data.as_ptr() as *mut c_void, data.len(), self.daddr + offset as u64)
        } != sys::FLEXIO_STATUS_SUCCESS
        {
            return Err(p.failed_call("flexio_host2dev_memcpy"));
        }
        Ok(())
    }

    /// Fills `out` from the buffer at `offset`.
    pub fn read(&self, offset: usize, out: &mut [u8]) -> Result<()> {
        self.bounds(offset, out.len(), "flexio_dev2host_memcpy")?;
        let p = self.process;
        if unsafe {
            x::flexio_dev2host_memcpy(p.p, out.as_mut_ptr() as *mut c_void, out.len(), self.daddr + offset as u64)
        } != sys::FLEXIO_STATUS_SUCCESS
        {
            return Err(p.failed_call("flexio_dev2host_memcpy"));
        }
        Ok(())
    }

    /// The whole buffer.
    pub fn to_vec(&self) -> Result<Vec<u8>> {
        let mut v = vec![0; self.size];
        self.read(0, &mut v)?;
        Ok(v)
    }

    /// Sets every byte of the buffer to `value` (`flexio_buf_dev_memset`).
    pub fn memset(&self, value: u8) -> Result<()> {
        check(
            unsafe { sys::flexio_buf_dev_memset(self.process.p, value as c_int, self.size, self.daddr) },
            "flexio_buf_dev_memset",
        )
    }
}

impl Drop for HeapBuffer<'_> {
    fn drop(&mut self) {
        unsafe { sys::flexio_buf_dev_free(self.process.p, self.daddr) };
    }
}

impl fmt::Debug for HeapBuffer<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "HeapBuffer {{ daddr: {:#x}, size: {} }}", self.daddr, self.size)
    }
}

// ------------------------------------------------------------------------------------------
// Event handlers

/// Where an event handler's thread runs (`struct flexio_affinity`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Affinity {
    /// Anywhere (`FLEXIO_AFFINITY_NONE`).
    #[default]
    None,
    /// On one execution unit (`FLEXIO_AFFINITY_STRICT`).
    Strict(u32),
    /// On a group of execution units (`FLEXIO_AFFINITY_GROUP`).
    Group(u32),
}

impl Affinity {
    fn to_raw(self) -> sys::flexio_affinity {
        let (type_, id) = match self {
            Affinity::None => (sys::FLEXIO_AFFINITY_NONE, 0),
            Affinity::Strict(id) => (sys::FLEXIO_AFFINITY_STRICT, id),
            Affinity::Group(id) => (sys::FLEXIO_AFFINITY_GROUP, id),
        };
        sys::flexio_affinity { type_, id }
    }
}

/// How [`Process::event_handler`] creates a handler (`struct flexio_event_handler_attr`
/// without the function).  `EventHandlerConfig { arg, name: Some("rx".into()),
/// ..Default::default() }`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EventHandlerConfig {
    /// The argument of every invocation (a device address, say [`HeapBuffer::daddr`]).
    pub arg: u64,
    /// The thread's name (`flexio_dev_get_current_thread_name`); at most
    /// `FLEXIO_MAX_NAME_LEN` bytes, no NUL.
    pub name: Option<String>,
    /// Whether `flexio_dev_yield` ends an invocation (the next trigger resumes after it).
    pub continuable: bool,
    /// The thread-local storage address device code reads
    /// (`flexio_dev_get_thread_local_storage`).
    pub thread_local_storage: u64,
    /// Where its thread runs.
    pub affinity: Affinity,
}

/// An event handler of a process: a DPA thread that runs its device function (`void
/// handler(uint64_t arg)`, `__dpa_global__`) once per trigger, from [`EventHandler::run`] on.
/// Device code triggers a handler of its own process with
/// `flexio_dev_event_handler_activate(activation_id)`; triggers that come while it runs are
/// latched into one more invocation.
///
/// Dropped (or [`EventHandler::close`]d), the handler is destroyed; a running invocation is cut
/// at its next scheduling point.  It borrows its process, which therefore outlives it:
///
/// ```compile_fail,E0505
/// # fn f(app: &flexio::App, function: &flexio::Function) -> flexio::Result<()> {
/// let dev = flexio::Device::open("mlx5_sim0")?;
/// let proc = dev.process(app)?;
/// let eh = proc.event_handler(function, Default::default())?;
/// drop(proc); // error: the handler borrows the process
/// eh.run(0)?;
/// # Ok(()) }
/// ```
pub struct EventHandler<'p> {
    eh: *mut sys::flexio_event_handler,
    process: &'p Process<'p>,
    function: String,
    config: EventHandlerConfig,
    activation_id: u32,
    id: u32,
    obj_id: u32,
}

impl<'d> Process<'d> {
    /// A new event handler running device function `f` (a `__dpa_global__` function, `void
    /// f(uint64_t arg)`) as `config` says; it runs once [`EventHandler::run`] is called.
    pub fn event_handler<'p>(&'p self, f: &Function, config: EventHandlerConfig) -> Result<EventHandler<'p>> {
        const FUNC: &str = "flexio_event_handler_create";
        let name = match &config.name {
            Some(n) => Some(c_string(n.as_bytes(), "name", FUNC)?),
            None => None,
        };
        let mut attr = sys::flexio_event_handler_attr {
            host_stub_func: f.handle,
            continuable: config.continuable as c_int,
            arg: config.arg,
            thread_local_storage_daddr: config.thread_local_storage,
            affinity: config.affinity.to_raw(),
            name: name.as_ref().map_or(ptr::null(), |n| n.as_ptr()), // the library copies it
        };
        let mut eh = ptr::null_mut();
        if unsafe { sys::flexio_event_handler_create(self.p, &mut attr, &mut eh) } != sys::FLEXIO_STATUS_SUCCESS {
            return Err(self.failed_call(FUNC));
        }
        // Dropped on an error below: destroyed.
        let mut handler = EventHandler {
            eh,
            process: self,
            function: f.name.clone(),
            config,
            activation_id: NO_ID,
            id: NO_ID,
            obj_id: NO_ID,
        };
        handler.activation_id = checked_id(
            unsafe { x::flexio_event_handler_get_activation_id(eh) },
            "flexio_event_handler_get_activation_id",
        )?;
        handler.id = checked_id(unsafe { x::flexio_event_handler_get_id(eh) }, "flexio_event_handler_get_id")?;
        handler.obj_id =
            checked_id(unsafe { x::flexio_event_handler_get_obj_id(eh) }, "flexio_event_handler_get_obj_id")?;
        Ok(handler)
    }
}

impl<'p> EventHandler<'p> {
    /// Starts the handler (`flexio_event_handler_run`): from now on each trigger runs it once.
    /// `user_arg` reaches its thread (the thread context's metadata).
    pub fn run(&self, user_arg: u64) -> Result<()> {
        if unsafe { sys::flexio_event_handler_run(self.eh, user_arg) } != sys::FLEXIO_STATUS_SUCCESS {
            return Err(self.process.failed_call("flexio_event_handler_run"));
        }
        Ok(())
    }

    /// The id with which device code of the process triggers it
    /// (`flexio_dev_event_handler_activate`).
    pub fn activation_id(&self) -> u32 {
        self.activation_id
    }

    /// Its thread's id, as device code sees it (`flexio_dev_get_thread_id`).
    pub fn id(&self) -> u32 {
        self.id
    }

    /// Its thread object's id on the device.
    pub fn obj_id(&self) -> u32 {
        self.obj_id
    }

    /// Its name, if it was given one.
    pub fn name(&self) -> Option<&str> {
        self.config.name.as_deref()
    }

    /// The name of the device function it runs.
    pub fn function_name(&self) -> &str {
        &self.function
    }

    /// What it was created with.
    pub fn config(&self) -> &EventHandlerConfig {
        &self.config
    }

    /// The process it belongs to.
    pub fn process(&self) -> &'p Process<'p> {
        self.process
    }

    /// The handler's handle for flexio-sys calls.
    pub fn as_raw(&self) -> *mut sys::flexio_event_handler {
        self.eh
    }

    /// Its thread (`flexio_event_handler_get_thread`: what a CQ's `thread` attribute takes).
    pub fn thread_raw(&self) -> *mut sys::flexio_thread {
        unsafe { x::flexio_event_handler_get_thread(self.eh) }
    }

    /// Destroys the handler (`flexio_event_handler_destroy`), reporting a failure that `Drop`
    /// would ignore.
    pub fn close(mut self) -> Result<()> {
        // Not mem::forget(self): that would leak the function's name and the config's.  Drop
        // then sees the handle gone and only frees them.
        let eh = std::mem::replace(&mut self.eh, ptr::null_mut());
        check(unsafe { sys::flexio_event_handler_destroy(eh) }, "flexio_event_handler_destroy")
    }
}

impl Drop for EventHandler<'_> {
    fn drop(&mut self) {
        if !self.eh.is_null() {
            unsafe { sys::flexio_event_handler_destroy(self.eh) };
        }
    }
}

impl fmt::Debug for EventHandler<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("EventHandler")
            .field("function", &self.function)
            .field("name", &self.config.name)
            .field("arg", &format_args!("{:#x}", self.config.arg))
            .field("id", &self.id)
            .field("activation_id", &self.activation_id)
            .finish()
    }
}
