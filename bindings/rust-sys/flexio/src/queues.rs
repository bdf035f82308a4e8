//! Queues of a process: CQs, RC QPs, and what device code needs to use them (an [`Outbox`] to
//! ring doorbells through, a [`DeviceMkey`] over its buffers).
//!
//! Rings and doorbell records live in DPA heap memory the caller allocates
//! ([`Process::alloc`]) and lays out; device code reads and writes them (libflexio-dev's queue
//! helpers).  Every object borrows what it is made of, so the compiler keeps the order the
//! library needs: a [`Cq`] borrows its process and its [`EventHandler`], a [`Qp`] its CQs, a
//! [`DeviceMkey`] its [`HeapBuffer`].  Dropping one destroys it; `close()` reports a failure
//! that `Drop` ignores.
use crate::{check, checked_id, error, fail, sys, x, ErrorKind, EventHandler, HeapBuffer, Process, Result, NO_ID};
use std::fmt;
use std::marker::PhantomData;
use std::ops::{BitOr, BitOrAssign};
use std::ptr;

/// Memory access flags of QPs and keys: rdma-core's `IBV_ACCESS_*` values.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Access(pub u32);

impl Access {
    /// No access beyond local reads.
    pub const NONE: Access = Access(0);
    /// The local side may write (`IBV_ACCESS_LOCAL_WRITE`).
    pub const LOCAL_WRITE: Access = Access(1);
    /// The peer may RDMA-write (`IBV_ACCESS_REMOTE_WRITE`).
    pub const REMOTE_WRITE: Access = Access(2);
    /// The peer may RDMA-read (`IBV_ACCESS_REMOTE_READ`).
    pub const REMOTE_READ: Access = Access(4);
    /// The peer may use atomics (`IBV_ACCESS_REMOTE_ATOMIC`).
    pub const REMOTE_ATOMIC: Access = Access(8);
}

impl BitOr for Access {
    type Output = Access;
    fn bitor(self, other: Access) -> Access {
        Access(self.0 | other.0)
    }
}

impl BitOrAssign for Access {
    fn bitor_assign(&mut self, other: Access) {
        self.0 |= other.0;
    }
}

impl<'d> Process<'d> {
    /// The id of the process's UAR, which its queues ring through.
    fn uar_id(&self) -> Result<u32> {
        let uar = unsafe { x::flexio_process_get_uar(self.p) };
        if uar.is_null() {
            return Err(fail("flexio_process_get_uar"));
        }
        checked_id(unsafe { x::flexio_uar_get_id(uar) }, "flexio_uar_get_id")
    }

    /// The process's protection domain, which its queues and keys are in.
    fn pd(&self) -> Result<*mut sys::ibv_pd> {
        let pd = unsafe { x::flexio_process_get_pd(self.p) };
        if pd.is_null() {
            return Err(fail("flexio_process_get_pd"));
        }
        Ok(pd)
    }
}

fn dpa_qmem(daddr: u64) -> sys::flexio_qmem {
    sys::flexio_qmem {
        memtype: sys::FLEXIO_MEMTYPE_DPA,
        __bindgen_anon_1: sys::flexio_qmem__bindgen_ty_1 { daddr },
        umem_id: 0,
    }
}

// ------------------------------------------------------------------------------------------
// Completion queues

/// What starts a CQ's moderation period (`enum flexio_cq_period_mode`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum CqPeriodMode {
    /// The last event.
    #[default]
    Event,
    /// The first CQE after it.
    Cqe,
}

impl CqPeriodMode {
    fn to_raw(self) -> sys::flexio_cq_period_mode {
        match self {
            CqPeriodMode::Event => sys::FLEXIO_CQ_PERIOD_MODE_EVENT,
            CqPeriodMode::Cqe => sys::FLEXIO_CQ_PERIOD_MODE_CQE,
        }
    }
}

/// CQ moderation: an event after `max_count` CQEs or `period` microseconds (0: not by that).
/// The default is none.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CqModeration {
    /// CQEs per event (0: no limit by count).
    pub max_count: u16,
    /// Microseconds per event (0: no limit by time).
    pub period: u16,
    /// What starts a period.
    pub mode: CqPeriodMode,
}

/// How [`Process::cq`] creates a CQ: `2^log_depth` 64-byte CQEs in DPA memory at `ring`, its
/// doorbell record at `dbr`.  `CqConfig { log_depth: 4, ring, dbr, ..Default::default() }`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CqConfig {
    /// log2 of the number of CQEs.
    pub log_depth: u8,
    /// The ring's device address ([`HeapBuffer::daddr`] and an offset).
    pub ring: u64,
    /// The doorbell record's device address.
    pub dbr: u64,
    /// With an event handler: armed at creation (its first CQE runs the handler); device code
    /// re-arms it (`flexio_dev_cq_arm`).  Unused for a polled CQ.
    pub armed: bool,
    /// Its moderation from creation on ([`Cq::set_moderation`] changes it).
    pub moderation: CqModeration,
}

impl Default for CqConfig {
    fn default() -> CqConfig {
        CqConfig { log_depth: 0, ring: 0, dbr: 0, armed: true, moderation: CqModeration::default() }
    }
}

/// A completion queue of a process, reporting to an [`EventHandler`]'s thread (a CQE in an
/// armed CQ runs it) or polled (`FLEXIO_CQ_ELEMENT_TYPE_NON_DPA_CQ`).  It borrows its process
/// and its handler; QPs reporting to it borrow it, so it outlives them:
///
/// ```compile_fail,E0505
/// # fn f(proc: &flexio::Process<'_>, c: flexio::CqConfig, q: flexio::QpConfig) -> flexio::Result<()> {
/// let (rq_cq, sq_cq) = (proc.cq(None, &c)?, proc.cq(None, &c)?);
/// let qp = proc.qp(&rq_cq, &sq_cq, &q)?;
/// drop(rq_cq); // error: the QP borrows its CQs
/// qp.number();
/// # Ok(()) }
/// ```
pub struct Cq<'a> {
    cq: *mut sys::flexio_cq,
    process: &'a Process<'a>,
    number: u32,
    config: CqConfig,
    polled: bool,
    _handler: PhantomData<&'a EventHandler<'a>>,
}

impl<'d> Process<'d> {
    /// A new CQ as `config` says, reporting to `handler`'s thread, or polled (`None`).
    pub fn cq<'a>(&'a self, handler: Option<&'a EventHandler<'a>>, config: &CqConfig) -> Result<Cq<'a>> {
        const FUNC: &str = "flexio_cq_create";
        let mut attr: sys::flexio_cq_attr = unsafe { std::mem::zeroed() };
        attr.log_cq_depth = config.log_depth;
        match handler {
            Some(h) => {
                if !ptr::eq(h.process, self) {
                    return Err(error(
                        ErrorKind::Failed,
                        FUNC,
                        format!("{FUNC}: the event handler is of another process"),
                    ));
                }
                attr.element_type = sys::FLEXIO_CQ_ELEMENT_TYPE_DPA_THREAD as u8;
                attr.__bindgen_anon_1.thread = h.thread_raw();
                attr.no_arm = !config.armed;
            }
            None => {
                attr.element_type = sys::FLEXIO_CQ_ELEMENT_TYPE_NON_DPA_CQ as u8;
                attr.no_arm = true;
            }
        }
        attr.uar_id = self.uar_id()?;
        attr.cq_max_count = config.moderation.max_count;
        attr.cq_period = config.moderation.period;
        attr.cq_period_mode = config.moderation.mode.to_raw();
        attr.cq_ring_qmem = dpa_qmem(config.ring);
        attr.cq_dbr_daddr = config.dbr;
        let mut cq = ptr::null_mut();
        if unsafe { sys::flexio_cq_create(self.p, ptr::null_mut(), &attr, &mut cq) } != sys::FLEXIO_STATUS_SUCCESS {
            return Err(self.failed_call(FUNC));
        }
        // Dropped on an error below: destroyed.
        let mut made =
            Cq { cq, process: self, number: NO_ID, config: *config, polled: handler.is_none(), _handler: PhantomData };
        made.number = checked_id(unsafe { x::flexio_cq_get_cq_num(cq) }, "flexio_cq_get_cq_num")?;
        Ok(made)
    }
}

impl<'a> Cq<'a> {
    /// The CQ number (what QPs and device code name it by).
    pub fn number(&self) -> u32 {
        self.number
    }

    /// Whether no event handler is attached.
    pub fn is_polled(&self) -> bool {
        self.polled
    }

    /// What it was created with (the moderation as it was then).
    pub fn config(&self) -> &CqConfig {
        &self.config
    }

    /// The process it belongs to.
    pub fn process(&self) -> &'a Process<'a> {
        self.process
    }

    /// The moderation now (`flexio_cq_query_moderation`).
    pub fn moderation(&self) -> Result<CqModeration> {
        let (mut max_count, mut period, mut mode) = (0u16, 0u16, 0u16);
        if unsafe { sys::flexio_cq_query_moderation(self.cq, &mut max_count, &mut period, &mut mode) }
            != sys::FLEXIO_STATUS_SUCCESS
        {
            return Err(self.process.failed_call("flexio_cq_query_moderation"));
        }
        let mode = if mode as sys::flexio_cq_period_mode == sys::FLEXIO_CQ_PERIOD_MODE_CQE {
            CqPeriodMode::Cqe
        } else {
            CqPeriodMode::Event
        };
        Ok(CqModeration { max_count, period, mode })
    }

    /// Changes the moderation (`flexio_cq_modify_moderation`).
    pub fn set_moderation(&self, m: &CqModeration) -> Result<()> {
        if unsafe { sys::flexio_cq_modify_moderation(self.cq, m.max_count, m.period, m.mode.to_raw() as u16) }
            != sys::FLEXIO_STATUS_SUCCESS
        {
            return Err(self.process.failed_call("flexio_cq_modify_moderation"));
        }
        Ok(())
    }

    /// The CQ's handle for flexio-sys calls.
    pub fn as_raw(&self) -> *mut sys::flexio_cq {
        self.cq
    }

    /// Destroys the CQ (`flexio_cq_destroy`), reporting a failure that `Drop` would ignore.
    pub fn close(self) -> Result<()> {
        let cq = self.cq;
        std::mem::forget(self);
        check(unsafe { sys::flexio_cq_destroy(cq) }, "flexio_cq_destroy")
    }
}

impl Drop for Cq<'_> {
    fn drop(&mut self) {
        unsafe { sys::flexio_cq_destroy(self.cq) };
    }
}

impl fmt::Debug for Cq<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Cq")
            .field("number", &format_args!("{:#x}", self.number))
            .field("log_depth", &self.config.log_depth)
            .field("polled", &self.polled)
            .finish()
    }
}

// ------------------------------------------------------------------------------------------
// Queue pairs

/// A QP's state (`enum flexio_qp_state`; SQD is the QPC's value, which the enum does not name).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum QpState {
    /// Reset: as created.
    Rst,
    /// Initialized: receive WQEs may be posted.
    Init,
    /// Ready to receive.
    Rtr,
    /// Ready to send.
    Rts,
    /// Send queue drained.
    Sqd,
    /// Error: WQEs complete with a flush error.
    Err,
    /// A state these bindings do not know (a newer library), by its C value.
    Other(u32),
}

const QP_STATE_SQD: u32 = 4;

impl QpState {
    /// The state of a C value.
    pub fn from_raw(raw: sys::flexio_qp_state) -> QpState {
        match raw {
            sys::FLEXIO_QP_STATE_RST => QpState::Rst,
            sys::FLEXIO_QP_STATE_INIT => QpState::Init,
            sys::FLEXIO_QP_STATE_RTR => QpState::Rtr,
            sys::FLEXIO_QP_STATE_RTS => QpState::Rts,
            QP_STATE_SQD => QpState::Sqd,
            sys::FLEXIO_QP_STATE_ERR => QpState::Err,
            other => QpState::Other(other),
        }
    }

    /// Its C value.
    pub fn as_raw(self) -> sys::flexio_qp_state {
        match self {
            QpState::Rst => sys::FLEXIO_QP_STATE_RST,
            QpState::Init => sys::FLEXIO_QP_STATE_INIT,
            QpState::Rtr => sys::FLEXIO_QP_STATE_RTR,
            QpState::Rts => sys::FLEXIO_QP_STATE_RTS,
            QpState::Sqd => QP_STATE_SQD,
            QpState::Err => sys::FLEXIO_QP_STATE_ERR,
            QpState::Other(raw) => raw,
        }
    }
}

/// A QP's path MTU (`enum flexio_qp_qpc_mtu`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum PathMtu {
    /// 256 bytes.
    Mtu256,
    /// 512 bytes.
    Mtu512,
    /// 1024 bytes.
    #[default]
    Mtu1024,
    /// 2048 bytes.
    Mtu2048,
    /// 4096 bytes.
    Mtu4096,
}

impl PathMtu {
    fn to_raw(self) -> sys::flexio_qp_qpc_mtu {
        match self {
            PathMtu::Mtu256 => sys::FLEXIO_QP_QPC_MTU_BYTES_256,
            PathMtu::Mtu512 => sys::FLEXIO_QP_QPC_MTU_BYTES_512,
            PathMtu::Mtu1024 => sys::FLEXIO_QP_QPC_MTU_BYTES_1K,
            PathMtu::Mtu2048 => sys::FLEXIO_QP_QPC_MTU_BYTES_2K,
            PathMtu::Mtu4096 => sys::FLEXIO_QP_QPC_MTU_BYTES_4K,
        }
    }
}

/// How [`Process::qp`] creates an RC QP: its receive ring (`2^log_rq_depth` 16-byte WQEs) then
/// its send ring (`2^log_sq_depth` 64-byte WQEBBs) in DPA memory at `buffer`, its doorbell
/// record at `dbr`.  The QP is in the process's protection domain and rings through its UAR.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QpConfig {
    /// log2 of the number of receive WQEs.
    pub log_rq_depth: u8,
    /// log2 of the number of send WQEBBs.
    pub log_sq_depth: u8,
    /// The device address of the receive ring, which the send ring follows.
    pub buffer: u64,
    /// The doorbell record's device address.
    pub dbr: u64,
    /// The access flags it is created with (`qp_access_mask`).
    pub access: Access,
    /// Reported in its CQEs.
    pub user_index: u32,
}

impl Default for QpConfig {
    fn default() -> QpConfig {
        QpConfig { log_rq_depth: 0, log_sq_depth: 0, buffer: 0, dbr: 0, access: Access::LOCAL_WRITE, user_index: 0 }
    }
}

/// What moving a QP to INIT, RTR and RTS takes (the modification part of `struct
/// flexio_qp_attr`): the peer QP, whether it is on this device (`force_loopback`: no address
/// is then needed), the path MTU, RNR and retry settings, the first PSNs, the access granted
/// to the peer.  `QpConnection { remote_qpn, force_loopback: true, ..Default::default() }`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QpConnection {
    /// The peer QP's number.
    pub remote_qpn: u32,
    /// Whether the peer is on this device (no address needed).
    pub force_loopback: bool,
    /// The path MTU.
    pub path_mtu: PathMtu,
    /// The minimum RNR NAK timer (the QPC's encoding).
    pub min_rnr_nak_timer: u32,
    /// Retries of a send before it fails (default 7).
    pub retry_count: u8,
    /// The port (default 1).
    pub port: u8,
    /// The first PSN the receive side expects.
    pub rq_psn: u32,
    /// The first PSN the send side uses.
    pub sq_psn: u32,
    /// The access granted to the peer.
    pub access: Access,
}

impl Default for QpConnection {
    fn default() -> QpConnection {
        QpConnection {
            remote_qpn: 0,
            force_loopback: false,
            path_mtu: PathMtu::default(),
            min_rnr_nak_timer: 0,
            retry_count: 7,
            port: 1,
            rq_psn: 0,
            sq_psn: 0,
            access: Access::LOCAL_WRITE,
        }
    }
}

/// The optional attributes a transition may also change (`struct
/// flexio_qp_attr_opt_param_mask`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct QpOptional {
    /// Also change the access ([`QpConnection::access`]).
    pub access: bool,
    /// Also change the minimum RNR NAK timer ([`QpConnection::min_rnr_nak_timer`]).
    pub min_rnr_nak_timer: bool,
}

/// An RC queue pair of a process, created in RST.  It borrows its CQs (and so its process).
pub struct Qp<'a> {
    qp: *mut sys::flexio_qp,
    process: &'a Process<'a>,
    number: u32,
    config: QpConfig,
    cq_numbers: (u32, u32),
    _cqs: PhantomData<&'a Cq<'a>>,
}

impl<'d> Process<'d> {
    /// A new RC QP as `config` says, its receive completions to `rq_cq`, its send completions
    /// to `sq_cq` (CQs of this process).
    pub fn qp<'a>(&'a self, rq_cq: &'a Cq<'a>, sq_cq: &'a Cq<'a>, config: &QpConfig) -> Result<Qp<'a>> {
        const FUNC: &str = "flexio_qp_create";
        if !ptr::eq(rq_cq.process, self) || !ptr::eq(sq_cq.process, self) {
            return Err(error(ErrorKind::Failed, FUNC, format!("{FUNC}: a CQ is of another process")));
        }
        let mut attr: sys::flexio_qp_attr = unsafe { std::mem::zeroed() };
        attr.transport_type = sys::FLEXIO_QPC_ST_RC;
        attr.uar_id = self.uar_id()?;
        attr.user_index = config.user_index;
        attr.qp_access_mask = config.access.0 as i32;
        attr.pd = self.pd()?;
        attr.log_sq_depth = config.log_sq_depth.into();
        attr.log_rq_depth = config.log_rq_depth.into();
        attr.rq_type = sys::FLEXIO_QP_QPC_RQ_TYPE_REGULAR as i32;
        attr.rq_cqn = rq_cq.number;
        attr.sq_cqn = sq_cq.number;
        attr.qp_wq_buff_qmem = dpa_qmem(config.buffer);
        attr.qp_wq_dbr_qmem = dpa_qmem(config.dbr);
        let mut qp = ptr::null_mut();
        if unsafe { sys::flexio_qp_create(self.p, ptr::null_mut(), &mut attr, &mut qp) } != sys::FLEXIO_STATUS_SUCCESS {
            return Err(self.failed_call(FUNC));
        }
        let mut made = Qp {
            qp,
            process: self,
            number: NO_ID,
            config: *config,
            cq_numbers: (rq_cq.number, sq_cq.number),
            _cqs: PhantomData,
        };
        made.number = checked_id(unsafe { x::flexio_qp_get_qp_num(qp) }, "flexio_qp_get_qp_num")?;
        Ok(made)
    }
}

impl<'a> Qp<'a> {
    /// The QP number.
    pub fn number(&self) -> u32 {
        self.number
    }

    /// The numbers of its receive and send CQs.
    pub fn cq_numbers(&self) -> (u32, u32) {
        self.cq_numbers
    }

    /// What it was created with.
    pub fn config(&self) -> &QpConfig {
        &self.config
    }

    /// Where the send ring starts in the QP buffer (after the receive ring).
    pub fn sq_offset(&self) -> u64 {
        16u64 << self.config.log_rq_depth
    }

    /// The process it belongs to.
    pub fn process(&self) -> &'a Process<'a> {
        self.process
    }

    /// Its state (`flexio_qp_state_get`).
    pub fn state(&self) -> QpState {
        QpState::from_raw(unsafe { sys::flexio_qp_state_get(self.qp) })
    }

    /// Moves the QP to `state` (`flexio_qp_modify`) with what the transition takes from `c`
    /// (IB's RC state machine: RST→INIT the access and port, INIT→RTR the peer, MTU, receive PSN
    /// and RNR timer, RTR→RTS the send PSN and retry count, →ERR and →RST nothing).  The QP
    /// is unchanged when it fails.
    pub fn modify(&self, state: QpState, c: &QpConnection) -> Result<()> {
        self.modify_with(state, c, QpOptional::default())
    }

    /// [`Qp::modify`], also changing the optional attributes `optional` names.
    pub fn modify_with(&self, state: QpState, c: &QpConnection, optional: QpOptional) -> Result<()> {
        let mut attr: sys::flexio_qp_attr = unsafe { std::mem::zeroed() };
        attr.next_state = state.as_raw();
        attr.qp_access_mask = c.access.0 as i32;
        attr.remote_qp_num = c.remote_qpn;
        attr.fl = c.force_loopback.into();
        attr.path_mtu = c.path_mtu.to_raw();
        attr.min_rnr_nak_timer = c.min_rnr_nak_timer;
        attr.retry_count = c.retry_count;
        attr.vhca_port_num = c.port;
        attr.next_rcv_psn = c.rq_psn;
        attr.next_send_psn = c.sq_psn;
        let mut mask = sys::flexio_qp_attr_opt_param_mask {
            qp_access_mask: optional.access,
            min_rnr_nak_timer: optional.min_rnr_nak_timer,
        };
        if unsafe { sys::flexio_qp_modify(self.qp, &mut attr, &mut mask) } != sys::FLEXIO_STATUS_SUCCESS {
            return Err(self.process.failed_call("flexio_qp_modify"));
        }
        Ok(())
    }

    /// RST → INIT → RTR → RTS with `c`: the QP then sends to and receives from its peer.
    pub fn connect(&self, c: &QpConnection) -> Result<()> {
        for state in [QpState::Init, QpState::Rtr, QpState::Rts] {
            self.modify(state, c)?;
        }
        Ok(())
    }

    /// The QP's handle for flexio-sys calls.
    pub fn as_raw(&self) -> *mut sys::flexio_qp {
        self.qp
    }

    /// Destroys the QP (`flexio_qp_destroy`), reporting a failure that `Drop` would ignore.
    pub fn close(self) -> Result<()> {
        let qp = self.qp;
        std::mem::forget(self);
        check(unsafe { sys::flexio_qp_destroy(qp) }, "flexio_qp_destroy")
    }
}

impl Drop for Qp<'_> {
    fn drop(&mut self) {
        unsafe { sys::flexio_qp_destroy(self.qp) };
    }
}

impl fmt::Debug for Qp<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Qp")
            .field("number", &format_args!("{:#x}", self.number))
            .field("state", &self.state())
            .field("rq_cq", &format_args!("{:#x}", self.cq_numbers.0))
            .field("sq_cq", &format_args!("{:#x}", self.cq_numbers.1))
            .finish()
    }
}

// ------------------------------------------------------------------------------------------
// Outboxes and device memory keys

/// An outbox of a process (`flexio_outbox_create`): the doorbell page through which DPA
/// threads ring its queues' doorbells and arm its CQs, once device code selects it by
/// [`Outbox::id`] (`flexio_dev_outbox_config`).
pub struct Outbox<'p> {
    outbox: *mut sys::flexio_outbox,
    id: u32,
    _process: PhantomData<&'p Process<'p>>,
}

impl<'d> Process<'d> {
    /// A new outbox.
    pub fn outbox(&self) -> Result<Outbox<'_>> {
        let mut attr: sys::flexio_outbox_attr = unsafe { std::mem::zeroed() };
        let mut outbox = ptr::null_mut();
        if unsafe { sys::flexio_outbox_create(self.p, &mut attr, &mut outbox) } != sys::FLEXIO_STATUS_SUCCESS {
            return Err(self.failed_call("flexio_outbox_create"));
        }
        let mut made = Outbox { outbox, id: NO_ID, _process: PhantomData };
        made.id = checked_id(unsafe { x::flexio_outbox_get_id(outbox) }, "flexio_outbox_get_id")?;
        Ok(made)
    }
}

impl Outbox<'_> {
    /// What device code selects it by.
    pub fn id(&self) -> u32 {
        self.id
    }

    /// The outbox's handle for flexio-sys calls.
    pub fn as_raw(&self) -> *mut sys::flexio_outbox {
        self.outbox
    }

    /// Destroys the outbox, reporting a failure that `Drop` would ignore.
    pub fn close(self) -> Result<()> {
        let outbox = self.outbox;
        std::mem::forget(self);
        check(unsafe { sys::flexio_outbox_destroy(outbox) }, "flexio_outbox_destroy")
    }
}

impl Drop for Outbox<'_> {
    fn drop(&mut self) {
        unsafe { sys::flexio_outbox_destroy(self.outbox) };
    }
}

impl fmt::Debug for Outbox<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Outbox").field("id", &self.id).finish()
    }
}

/// A memory key over a heap buffer (`flexio_device_mkey_create`), in the process's protection
/// domain: what WQEs name the memory by ([`DeviceMkey::id`], the lkey).  It borrows the buffer.
pub struct DeviceMkey<'a> {
    mkey: *mut sys::flexio_mkey,
    id: u32,
    access: Access,
    _buffer: PhantomData<&'a HeapBuffer<'a>>,
}

impl<'d> Process<'d> {
    /// A new memory key over `buffer` (a buffer of this process) with `access`.
    pub fn device_mkey<'a>(&'a self, buffer: &'a HeapBuffer<'a>, access: Access) -> Result<DeviceMkey<'a>> {
        const FUNC: &str = "flexio_device_mkey_create";
        if !ptr::eq(buffer.process, self) {
            return Err(error(ErrorKind::Failed, FUNC, format!("{FUNC}: the buffer is of another process")));
        }
        let mut attr =
            sys::flexio_mkey_attr { pd: self.pd()?, daddr: buffer.daddr, len: buffer.size, access: access.0 as i32 };
        let mut mkey = ptr::null_mut();
        if unsafe { sys::flexio_device_mkey_create(self.p, &mut attr, &mut mkey) } != sys::FLEXIO_STATUS_SUCCESS {
            return Err(self.failed_call(FUNC));
        }
        let mut made = DeviceMkey { mkey, id: NO_ID, access, _buffer: PhantomData };
        made.id = checked_id(unsafe { x::flexio_mkey_get_id(mkey) }, "flexio_mkey_get_id")?;
        Ok(made)
    }
}

impl DeviceMkey<'_> {
    /// The key (the lkey WQEs name the memory by).
    pub fn id(&self) -> u32 {
        self.id
    }

    /// The access it grants.
    pub fn access(&self) -> Access {
        self.access
    }

    /// The key's handle for flexio-sys calls.
    pub fn as_raw(&self) -> *mut sys::flexio_mkey {
        self.mkey
    }

    /// Destroys the key, reporting a failure that `Drop` would ignore.
    pub fn close(self) -> Result<()> {
        let mkey = self.mkey;
        std::mem::forget(self);
        check(unsafe { sys::flexio_device_mkey_destroy(mkey) }, "flexio_device_mkey_destroy")
    }
}

impl Drop for DeviceMkey<'_> {
    fn drop(&mut self) {
        unsafe { sys::flexio_device_mkey_destroy(self.mkey) };
    }
}

impl fmt::Debug for DeviceMkey<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DeviceMkey").field("id", &format_args!("{:#x}", self.id)).field("access", &self.access).finish()
    }
}
