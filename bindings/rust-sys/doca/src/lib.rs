//! Safe Rust API of OpenDOCA, OpenFlexIO's DOCA Core, DOCA DMA and DOCA DPA on the simulated
//! BlueField-3: devices, memory maps, buffers, progress engines, DMA copies, and DPA code run by
//! a DOCA DPA context with kernels chained by sync events.
//!
//! ```no_run
//! use doca::{BufInventory, Device, Mmap, ProgressEngine};
//! # fn main() -> doca::Result<()> {
//! let dev = Device::open("mlx5_sim0")?;                   // or Device::open_pci("0000:03:00.0")
//! let memory = b"hello DOCA".to_vec();
//! let map = Mmap::new(&memory, &[&dev])?;                  // borrows the memory and the device
//! let inv = BufInventory::new(2)?;
//! let buf = inv.buf(&map, 6, 4, 4)?;                       // 4 bytes from offset 6, all data
//! assert_eq!(buf.data()?, b"DOCA");
//! let pe = ProgressEngine::new()?;                         // contexts' tasks complete through it
//! # Ok(()) }
//! ```
//!
//! A DMA copy ([`Dma`], `cargo run -p doca --example dma_copy`) is a DMA context on the device
//! and the engine, copying a buffer's data into another's with a memcpy task.
//!
//! DPA code ([`Dpa`], `cargo run -p doca --example dpa_pipeline -- libapp.so`) is a dpacc-built
//! application linked with `-ldoca_dpa_dev`, loaded with [`flexio::App::load`]: a context runs
//! it, [`Dpa::launch`] starts kernels that wait on and complete [`SyncEvent`]s, [`Dpa::rpc`]
//! calls a function and returns its value, [`DpaMemory`] is what they read and write.
//!
//! Every failure is an [`Error`] carrying the C function, the `doca_error_t` with its name and
//! description (`doca_error_get_name`, `doca_error_get_descr`) and the line the library logged.
//! Handles are RAII: each object is destroyed when dropped (`close()` reports a failure `Drop`
//! ignores), and borrows what it was made with, so the compiler keeps the order DOCA needs (a
//! map outlives its buffers, a device its maps).  The generated layer is the crate `doca-sys`.
#![deny(missing_docs)]

use std::ffi::{c_char, c_void, CStr, CString};
use std::fmt;
use std::marker::PhantomData;
use std::ptr;

use doca_sys as sys;

mod dma;
mod dpa;
pub use dma::Dma;
pub use dpa::{Dpa, DpaMemory, Launch, Location, SyncEvent, MAX_ARGS};

#[cfg(feature = "experimental")]
pub use doca_sys::experimental;

// ---------------------------------------------------------------------------------------------
// Errors

/// A failed DOCA call.
#[derive(Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Error {
    function: String,
    code: sys::doca_error_t,
    message: String,
}

/// `Result<T, doca::Error>`.
pub type Result<T> = std::result::Result<T, Error>;

fn c_str(s: *const c_char) -> String {
    if s.is_null() {
        return String::new();
    }
    // SAFETY: the library returns static NUL-terminated strings (or its thread's last message).
    unsafe { CStr::from_ptr(s) }.to_string_lossy().into_owned()
}

impl Error {
    /// An error of function with code and message (the binding's own refusals).
    fn new(function: &str, code: sys::doca_error_t, message: impl Into<String>) -> Error {
        Error { function: function.into(), code, message: message.into() }
    }

    /// The error of code returned by function: the thread's last failure line when it is this one.
    fn of(function: &str, code: sys::doca_error_t) -> Error {
        // SAFETY: plain getters of the calling thread's last failure.
        let message = unsafe {
            if sys::last_error::opendoca_last_error() == code {
                c_str(sys::last_error::opendoca_last_error_message())
            } else {
                String::new()
            }
        };
        Error::new(function, code, message)
    }

    /// The C function that failed.
    pub fn function(&self) -> &str {
        &self.function
    }

    /// Its `doca_error_t` (`DOCA_ERROR_INVALID_VALUE`, ...: the constants of `doca_sys`).
    pub fn code(&self) -> sys::doca_error_t {
        self.code
    }

    /// The code's name, `doca_error_get_name` ("DOCA_ERROR_INVALID_VALUE").
    pub fn name(&self) -> String {
        // SAFETY: any code is accepted (an unknown one has a name saying so).
        c_str(unsafe { sys::doca_error_get_name(self.code) })
    }

    /// The code's description, `doca_error_get_descr` ("Invalid input").
    pub fn description(&self) -> String {
        // SAFETY: as name().
        c_str(unsafe { sys::doca_error_get_descr(self.code) })
    }

    /// The line the library logged for the failure ("" when it logged none).
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {} ({})", self.function, self.name(), self.description())?;
        if !self.message.is_empty() {
            write!(f, ": {}", self.message)?;
        }
        Ok(())
    }
}

impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Error")
            .field("function", &self.function)
            .field("name", &self.name())
            .field("message", &self.message)
            .finish()
    }
}

impl std::error::Error for Error {}

/// Ok unless code (what function returned) is a failure.
fn check(function: &str, code: sys::doca_error_t) -> Result<()> {
    if code == sys::DOCA_SUCCESS {
        Ok(())
    } else {
        Err(Error::of(function, code))
    }
}

/// A string argument as C wants it (a NUL byte in it: DOCA_ERROR_INVALID_VALUE).
fn c_string(function: &str, s: &str) -> Result<CString> {
    CString::new(s).map_err(|_| Error::new(function, sys::DOCA_ERROR_INVALID_VALUE, format!("{s:?} holds a NUL byte")))
}

// ---------------------------------------------------------------------------------------------
// Devices

/// A DOCA device's properties (`doca_devinfo_get_*`), read when it was listed.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct DeviceInfo {
    /// The PCI address, "0000:03:00.0".
    pub pci_addr: String,
    /// The IB device name, "mlx5_sim0".
    pub ibdev_name: String,
    /// The network interface, "" when it has none.
    pub iface_name: String,
    /// The MAC address, when it has one.
    pub mac_addr: Option<[u8; 6]>,
    /// The IPv4 address, when it has one.
    pub ipv4_addr: Option<[u8; 4]>,
}

impl fmt::Display for DeviceInfo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.ibdev_name, self.pci_addr)
    }
}

fn string_property(function: &str, size: usize, get: impl FnOnce(*mut c_char) -> sys::doca_error_t) -> Result<String> {
    let mut buf = vec![0 as c_char; size];
    check(function, get(buf.as_mut_ptr()))?;
    Ok(c_str(buf.as_ptr()))
}

fn optional<const N: usize>(
    function: &str,
    get: impl FnOnce(*mut u8, u32) -> sys::doca_error_t,
) -> Result<Option<[u8; N]>> {
    let mut out = [0u8; N];
    match get(out.as_mut_ptr(), N as u32) {
        sys::DOCA_SUCCESS => Ok(Some(out)),
        sys::DOCA_ERROR_NOT_FOUND => Ok(None),
        code => Err(Error::of(function, code)),
    }
}

fn info_of(devinfo: *const sys::doca_devinfo) -> Result<DeviceInfo> {
    // SAFETY (every call below): devinfo is a live handle of a list or an open device, the
    // buffers are as large as the size passed.
    let pci_addr =
        string_property("doca_devinfo_get_pci_addr_str", sys::DOCA_DEVINFO_PCI_ADDR_SIZE as usize, |b| unsafe {
            sys::doca_devinfo_get_pci_addr_str(devinfo, b)
        })?;
    let size = sys::DOCA_DEVINFO_IBDEV_NAME_SIZE as usize;
    let ibdev_name = string_property("doca_devinfo_get_ibdev_name", size, |b| unsafe {
        sys::doca_devinfo_get_ibdev_name(devinfo, b, size as u32)
    })?;
    let size = sys::DOCA_DEVINFO_IFACE_NAME_SIZE as usize;
    let iface_name = match string_property("doca_devinfo_get_iface_name", size, |b| unsafe {
        sys::doca_devinfo_get_iface_name(devinfo, b, size as u32)
    }) {
        Err(e) if e.code() == sys::DOCA_ERROR_NOT_FOUND => String::new(),
        other => other?,
    };
    let mac_addr =
        optional("doca_devinfo_get_mac_addr", |b, n| unsafe { sys::doca_devinfo_get_mac_addr(devinfo, b, n) })?;
    let ipv4_addr =
        optional("doca_devinfo_get_ipv4_addr", |b, n| unsafe { sys::doca_devinfo_get_ipv4_addr(devinfo, b, n) })?;
    Ok(DeviceInfo { pci_addr, ibdev_name, iface_name, mac_addr, ipv4_addr })
}

/// DOCA's device list (`doca_devinfo_create_list`), destroyed when dropped.
struct DevinfoList {
    list: *mut *mut sys::doca_devinfo,
    len: usize,
}

impl DevinfoList {
    fn new() -> Result<DevinfoList> {
        let (mut list, mut n) = (ptr::null_mut(), 0u32);
        // SAFETY: out-parameters.
        check("doca_devinfo_create_list", unsafe { sys::doca_devinfo_create_list(&mut list, &mut n) })?;
        Ok(DevinfoList { list, len: n as usize })
    }

    fn iter(&self) -> impl Iterator<Item = *mut sys::doca_devinfo> + '_ {
        // SAFETY: the list holds len handles while it lives.
        (0..self.len).map(move |i| unsafe { *self.list.add(i) })
    }
}

impl Drop for DevinfoList {
    fn drop(&mut self) {
        // SAFETY: the list doca_devinfo_create_list made, destroyed once.
        unsafe { sys::doca_devinfo_destroy_list(self.list) };
    }
}

/// The DOCA devices, with their properties.
pub fn devices() -> Result<Vec<DeviceInfo>> {
    DevinfoList::new()?.iter().map(|d| info_of(d)).collect()
}

/// An open DOCA device (`doca_dev_open`), closed when dropped.  `Send + Sync`: DOCA's device
/// calls are thread-safe.
pub struct Device {
    dev: *mut sys::doca_dev,
    info: DeviceInfo,
}

// SAFETY: a doca_dev handle may be used and closed from any thread (the library locks).
unsafe impl Send for Device {}
unsafe impl Sync for Device {}

impl Device {
    fn open_where(wanted: &str, matches: impl Fn(*mut sys::doca_devinfo) -> Result<bool>) -> Result<Device> {
        let list = DevinfoList::new()?;
        for devinfo in list.iter() {
            if matches(devinfo)? {
                let info = info_of(devinfo)?;
                let mut dev = ptr::null_mut();
                // SAFETY: a live devinfo of the list, an out-parameter.
                check("doca_dev_open", unsafe { sys::doca_dev_open(devinfo, &mut dev) })?;
                return Ok(Device { dev, info });
            }
        }
        Err(Error::new("doca_dev_open", sys::DOCA_ERROR_NOT_FOUND, format!("no DOCA device {wanted}")))
    }

    /// Opens the device of IB device name ibdev_name ("mlx5_sim0"): DOCA_ERROR_NOT_FOUND when none.
    pub fn open(ibdev_name: &str) -> Result<Device> {
        Device::open_where(&format!("named {ibdev_name:?}"), |d| Ok(info_of(d)?.ibdev_name == ibdev_name))
    }

    /// Opens the device at PCI address pci ("0000:03:00.0" or "03:00.0"): DOCA_ERROR_NOT_FOUND
    /// when none is there, DOCA_ERROR_INVALID_VALUE for an address DOCA cannot read.
    pub fn open_pci(pci: &str) -> Result<Device> {
        let addr = c_string("doca_devinfo_is_equal_pci_addr", pci)?;
        Device::open_where(&format!("at PCI address {pci}"), |d| {
            let mut equal = 0u8;
            // SAFETY: a live devinfo, a NUL-terminated string, an out-parameter.
            check("doca_devinfo_is_equal_pci_addr", unsafe {
                sys::doca_devinfo_is_equal_pci_addr(d, addr.as_ptr(), &mut equal)
            })?;
            Ok(equal != 0)
        })
    }

    /// Its properties, read when it was opened.
    pub fn info(&self) -> &DeviceInfo {
        &self.info
    }

    /// The `struct doca_dev *` (for the `doca-sys` layer; valid while self lives).
    pub fn as_raw(&self) -> *mut sys::doca_dev {
        self.dev
    }

    /// Closes the device, reporting a refusal (DOCA_ERROR_IN_USE: the borrow checker prevents it).
    pub fn close(self) -> Result<()> {
        let dev = self.dev;
        std::mem::forget(self);
        // SAFETY: the handle doca_dev_open gave, closed once.
        check("doca_dev_close", unsafe { sys::doca_dev_close(dev) })
    }
}

impl Drop for Device {
    fn drop(&mut self) {
        // SAFETY: as close().
        unsafe { sys::doca_dev_close(self.dev) };
    }
}

impl fmt::Debug for Device {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Device({})", self.info)
    }
}

// ---------------------------------------------------------------------------------------------
// Memory maps and buffers

/// `enum doca_access_flag`: what a memory map lets devices and peers do (or-ed).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Access(pub u32);

impl Access {
    /// Local reads only.
    pub const LOCAL_READ_ONLY: Access = Access(sys::DOCA_ACCESS_FLAG_LOCAL_READ_ONLY);
    /// Local reads and writes.
    pub const LOCAL_READ_WRITE: Access = Access(sys::DOCA_ACCESS_FLAG_LOCAL_READ_WRITE);
    /// RDMA reads by a peer.
    pub const RDMA_READ: Access = Access(sys::DOCA_ACCESS_FLAG_RDMA_READ);
    /// RDMA writes by a peer.
    pub const RDMA_WRITE: Access = Access(sys::DOCA_ACCESS_FLAG_RDMA_WRITE);
    /// Reads from the other side of the PCI device.
    pub const PCI_READ_ONLY: Access = Access(sys::DOCA_ACCESS_FLAG_PCI_READ_ONLY);
    /// Reads and writes from the other side of the PCI device.
    pub const PCI_READ_WRITE: Access = Access(sys::DOCA_ACCESS_FLAG_PCI_READ_WRITE);
}

impl std::ops::BitOr for Access {
    type Output = Access;
    fn bitor(self, rhs: Access) -> Access {
        Access(self.0 | rhs.0)
    }
}

/// A DOCA memory map (`doca_mmap`) over memory it borrows, started on its devices; destroyed
/// when dropped.  A map over `&mut [u8]` ([`Mmap::new_mut`]) may be written by the devices (a DMA
/// destination); the borrow ends with the map, when the memory can be read again.
pub struct Mmap<'a> {
    mmap: *mut sys::doca_mmap,
    addr: *mut u8,
    len: usize,
    _borrows: PhantomData<(&'a mut [u8], &'a Device)>,
}

impl<'a> Mmap<'a> {
    /// A configured map, not started: memory, permissions, devices.
    fn configure(addr: *mut u8, len: usize, access: Access, devices: &[&'a Device]) -> Result<Mmap<'a>> {
        let mut mmap = ptr::null_mut();
        // SAFETY: an out-parameter.
        check("doca_mmap_create", unsafe { sys::doca_mmap_create(&mut mmap) })?;
        let map = Mmap { mmap, addr, len, _borrows: PhantomData };
        // SAFETY: the map's handle; the memory is borrowed for 'a (the map's life).
        check("doca_mmap_set_memrange", unsafe { sys::doca_mmap_set_memrange(mmap, addr.cast(), len) })?;
        map.set_permissions(access)?;
        for dev in devices {
            map.add_device(dev)?;
        }
        Ok(map)
    }

    /// A started map over memory (read-only: a DMA source), on devices.
    pub fn new(memory: &'a [u8], devices: &[&'a Device]) -> Result<Mmap<'a>> {
        let map = Mmap::configure(memory.as_ptr().cast_mut(), memory.len(), Access::LOCAL_READ_ONLY, devices)?;
        map.start()?;
        Ok(map)
    }

    /// A started map over memory the devices may write, with permissions access.
    pub fn new_mut(memory: &'a mut [u8], devices: &[&'a Device]) -> Result<Mmap<'a>> {
        Mmap::with_access(memory, devices, Access::LOCAL_READ_WRITE)
    }

    /// A started map over writable memory with the given permissions (PCI or RDMA export too).
    pub fn with_access(memory: &'a mut [u8], devices: &[&'a Device], access: Access) -> Result<Mmap<'a>> {
        let map = Mmap::unstarted(memory, devices, access)?;
        map.start()?;
        Ok(map)
    }

    /// A map configured but not started (add devices, then [`Mmap::start`]).
    pub fn unstarted(memory: &'a mut [u8], devices: &[&'a Device], access: Access) -> Result<Mmap<'a>> {
        Mmap::configure(memory.as_mut_ptr(), memory.len(), access, devices)
    }

    /// `doca_mmap_set_permissions` (before start).
    pub fn set_permissions(&self, access: Access) -> Result<()> {
        // SAFETY: the map's handle.
        check("doca_mmap_set_permissions", unsafe { sys::doca_mmap_set_permissions(self.mmap, access.0) })
    }

    /// `doca_mmap_add_dev` (before start).
    pub fn add_device(&self, dev: &'a Device) -> Result<()> {
        // SAFETY: live handles; the device outlives the map ('a).
        check("doca_mmap_add_dev", unsafe { sys::doca_mmap_add_dev(self.mmap, dev.dev) })
    }

    /// `doca_mmap_start`: registers the memory with the map's devices.
    pub fn start(&self) -> Result<()> {
        // SAFETY: the map's handle.
        check("doca_mmap_start", unsafe { sys::doca_mmap_start(self.mmap) })
    }

    /// `doca_mmap_stop`: no buffer may be made from the map any more (DOCA_ERROR_BAD_STATE).
    pub fn stop(&self) -> Result<()> {
        // SAFETY: the map's handle.
        check("doca_mmap_stop", unsafe { sys::doca_mmap_stop(self.mmap) })
    }

    /// The map's length in bytes.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the map is empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// How many buffers point into it (`doca_mmap_get_num_bufs`).
    pub fn num_bufs(&self) -> Result<u32> {
        let mut n = 0;
        // SAFETY: the map's handle, an out-parameter.
        check("doca_mmap_get_num_bufs", unsafe { sys::doca_mmap_get_num_bufs(self.mmap, &mut n) })?;
        Ok(n)
    }

    fn export(&self, function: &str, dev: &Device, pci: bool) -> Result<Vec<u8>> {
        let (mut desc, mut len) = (ptr::null(), 0usize);
        // SAFETY: live handles, out-parameters; the descriptor lives as long as the map.
        let code = unsafe {
            if pci {
                sys::doca_mmap_export_pci(self.mmap, dev.dev, &mut desc, &mut len)
            } else {
                sys::doca_mmap_export_rdma(self.mmap, dev.dev, &mut desc, &mut len)
            }
        };
        check(function, code)?;
        // SAFETY: len bytes at desc (just given).
        Ok(unsafe { std::slice::from_raw_parts(desc.cast::<u8>(), len) }.to_vec())
    }

    /// `doca_mmap_export_pci`: a descriptor another process makes a map of this memory from.
    pub fn export_pci(&self, dev: &Device) -> Result<Vec<u8>> {
        self.export("doca_mmap_export_pci", dev, true)
    }

    /// `doca_mmap_export_rdma`: a descriptor for an RDMA peer.
    pub fn export_rdma(&self, dev: &Device) -> Result<Vec<u8>> {
        self.export("doca_mmap_export_rdma", dev, false)
    }

    /// A map of another map's memory, from its export's descriptor (`doca_mmap_create_from_export`).
    pub fn from_export(descriptor: &[u8], dev: &'a Device) -> Result<Mmap<'a>> {
        let mut mmap = ptr::null_mut();
        // SAFETY: the descriptor's bytes, a live device, an out-parameter.
        check("doca_mmap_create_from_export", unsafe {
            sys::doca_mmap_create_from_export(
                ptr::null(),
                descriptor.as_ptr().cast(),
                descriptor.len(),
                dev.dev,
                &mut mmap,
            )
        })?;
        let (mut addr, mut len) = (ptr::null_mut(), 0usize);
        let map = Mmap { mmap, addr: ptr::null_mut(), len: 0, _borrows: PhantomData };
        // SAFETY: the new map's handle, out-parameters.
        check("doca_mmap_get_memrange", unsafe { sys::doca_mmap_get_memrange(mmap, &mut addr, &mut len) })?;
        Ok(Mmap { addr: addr.cast(), len, ..map })
    }

    /// Destroys the map, reporting a refusal.
    pub fn close(self) -> Result<()> {
        let mmap = self.mmap;
        std::mem::forget(self);
        // SAFETY: the map's handle, destroyed once.
        check("doca_mmap_destroy", unsafe { sys::doca_mmap_destroy(mmap) })
    }
}

impl Drop for Mmap<'_> {
    fn drop(&mut self) {
        // SAFETY: as close().
        unsafe { sys::doca_mmap_destroy(self.mmap) };
    }
}

impl fmt::Debug for Mmap<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Mmap({} bytes)", self.len)
    }
}

/// A DOCA buffer inventory (`doca_buf_inventory`), started; destroyed when dropped.
pub struct BufInventory {
    inv: *mut sys::doca_buf_inventory,
}

impl BufInventory {
    /// An inventory of num_elements buffer descriptors.
    pub fn new(num_elements: usize) -> Result<BufInventory> {
        let mut inv = ptr::null_mut();
        // SAFETY: an out-parameter.
        check("doca_buf_inventory_create", unsafe { sys::doca_buf_inventory_create(num_elements, &mut inv) })?;
        let inventory = BufInventory { inv };
        // SAFETY: the inventory's handle.
        check("doca_buf_inventory_start", unsafe { sys::doca_buf_inventory_start(inv) })?;
        Ok(inventory)
    }

    /// A buffer over len bytes of mmap from offset, its data the first data_len of them.
    /// DOCA_ERROR_INVALID_VALUE for a range outside the map, DOCA_ERROR_BAD_STATE for a map
    /// not started or stopped, DOCA_ERROR_NO_MEMORY when the inventory is used up.
    pub fn buf<'b>(&'b self, mmap: &'b Mmap<'_>, offset: usize, len: usize, data_len: usize) -> Result<Buf<'b>> {
        let head = mmap.addr.wrapping_add(offset).cast::<c_void>();
        let mut buf = ptr::null_mut();
        // SAFETY: live handles; DOCA checks the range against the map (the pointer is not read here).
        check("doca_buf_inventory_buf_get_by_args", unsafe {
            sys::doca_buf_inventory_buf_get_by_args(self.inv, mmap.mmap, head, len, head, data_len, &mut buf)
        })?;
        Ok(Buf { buf, _borrows: PhantomData })
    }

    /// Descriptors not in use (`doca_buf_inventory_get_num_free_elements`).
    pub fn num_free(&self) -> Result<u32> {
        let mut n = 0;
        // SAFETY: the handle, an out-parameter.
        check("doca_buf_inventory_get_num_free_elements", unsafe {
            sys::doca_buf_inventory_get_num_free_elements(self.inv, &mut n)
        })?;
        Ok(n)
    }
}

impl Drop for BufInventory {
    fn drop(&mut self) {
        // SAFETY: the handle, stopped and destroyed once (its buffers, which borrow it, are gone).
        unsafe {
            sys::doca_buf_inventory_stop(self.inv);
            sys::doca_buf_inventory_destroy(self.inv);
        }
    }
}

/// A DOCA buffer (`doca_buf`): a range of a map and the data in it; released when dropped.
pub struct Buf<'b> {
    buf: *mut sys::doca_buf,
    _borrows: PhantomData<(&'b BufInventory, &'b Mmap<'b>)>,
}

impl Buf<'_> {
    fn get<T: Default>(
        &self,
        function: &str,
        f: unsafe extern "C" fn(*const sys::doca_buf, *mut T) -> sys::doca_error_t,
    ) -> Result<T> {
        let mut out = T::default();
        // SAFETY: the buffer's handle, an out-parameter of the getter's type.
        check(function, unsafe { f(self.buf, &mut out) })?;
        Ok(out)
    }

    /// Its length (`doca_buf_get_len`).
    pub fn len(&self) -> Result<usize> {
        self.get("doca_buf_get_len", sys::doca_buf_get_len)
    }

    /// The length of its data (`doca_buf_get_data_len`).
    pub fn data_len(&self) -> Result<usize> {
        self.get("doca_buf_get_data_len", sys::doca_buf_get_data_len)
    }

    /// A copy of its data.
    pub fn data(&self) -> Result<Vec<u8>> {
        let mut data = ptr::null_mut();
        // SAFETY: the handle, an out-parameter.
        check("doca_buf_get_data", unsafe { sys::doca_buf_get_data(self.buf, &mut data) })?;
        let n = self.data_len()?;
        // SAFETY: n bytes of the map's memory at data, which the map keeps borrowed.
        Ok(unsafe { std::slice::from_raw_parts(data.cast::<u8>(), n) }.to_vec())
    }

    /// `doca_buf_get_refcount`.
    pub fn refcount(&self) -> Result<u16> {
        self.get("doca_buf_get_refcount", sys::doca_buf_get_refcount)
    }

    /// The `struct doca_buf *` (for the `doca-sys` layer; valid while self lives).
    pub fn as_raw(&self) -> *mut sys::doca_buf {
        self.buf
    }
}

impl Drop for Buf<'_> {
    fn drop(&mut self) {
        // SAFETY: the reference doca_buf_inventory_buf_get_by_args gave, released once.
        unsafe { sys::doca_buf_dec_refcount(self.buf, ptr::null_mut()) };
    }
}

impl fmt::Debug for Buf<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Buf(len {:?}, data_len {:?})", self.len(), self.data_len())
    }
}

// ---------------------------------------------------------------------------------------------
// Progress engines

/// A DOCA progress engine (`doca_pe`): contexts connect to it, their tasks complete in
/// [`ProgressEngine::progress`] on the calling thread.  One thread at a time (not `Sync`).
pub struct ProgressEngine {
    pe: *mut sys::doca_pe,
}

// SAFETY: an engine may move between threads (DOCA refuses two at once: DOCA_ERROR_NO_LOCK).
unsafe impl Send for ProgressEngine {}

impl ProgressEngine {
    /// `doca_pe_create`.
    pub fn new() -> Result<ProgressEngine> {
        let mut pe = ptr::null_mut();
        // SAFETY: an out-parameter.
        check("doca_pe_create", unsafe { sys::doca_pe_create(&mut pe) })?;
        Ok(ProgressEngine { pe })
    }

    /// `doca_pe_progress`: delivers what completed; whether anything did.
    pub fn progress(&self) -> bool {
        // SAFETY: the engine's handle.
        unsafe { sys::doca_pe_progress(self.pe) != 0 }
    }

    /// Tasks submitted and not completed yet (`doca_pe_get_num_inflight_tasks`).
    pub fn inflight(&self) -> Result<usize> {
        let mut n = 0usize;
        // SAFETY: the handle, an out-parameter.
        check("doca_pe_get_num_inflight_tasks", unsafe { sys::doca_pe_get_num_inflight_tasks(self.pe, &mut n) })?;
        Ok(n)
    }

    /// The `struct doca_pe *` (for the `doca-sys` layer; valid while self lives).
    pub fn as_raw(&self) -> *mut sys::doca_pe {
        self.pe
    }
}

impl Drop for ProgressEngine {
    fn drop(&mut self) {
        // SAFETY: the handle, destroyed once (its contexts, which borrow it, are gone).
        unsafe { sys::doca_pe_destroy(self.pe) };
    }
}

impl fmt::Debug for ProgressEngine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ProgressEngine({:?} in flight)", self.inflight())
    }
}
