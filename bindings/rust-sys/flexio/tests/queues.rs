//! CQs, QPs, outboxes and device keys, and the loopback echo between two DPA QPs
//! (echo_prepare, echo_client, echo_server, echo_start in tests/bindings/device/bind_echo_device.c).
use flexio::{
    Access, App, Cq, CqConfig, CqModeration, CqPeriodMode, Device, ErrorKind, EventHandler, EventHandlerConfig,
    HeapBuffer, PathMtu, Process, Qp, QpConfig, QpConnection, QpOptional, QpState,
};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

fn app() -> &'static App {
    static APP: OnceLock<App> = OnceLock::new();
    APP.get_or_init(|| {
        let path = std::env::var("FLEXIO_TEST_APP").expect("FLEXIO_TEST_APP: the test application's shared object");
        App::load(path, None).expect("load the test application")
    })
}

const LOG_DEPTH: u8 = 4; // every ring of the echo: 16 entries
const DEPTH: u64 = 1 << LOG_DEPTH;
// One side's queue memory (bind_echo_device.c): receive CQ ring, send CQ ring, the QP buffer
// (RQ of 16-byte WQEs, then SQ of 64-byte WQEBBs), three 64-byte doorbell records.
const RQ_CQ: u64 = 0;
const SQ_CQ: u64 = 64 * DEPTH;
const QP_BUF: u64 = 128 * DEPTH;
const RQ_CQ_DBR: u64 = QP_BUF + 16 * DEPTH + 64 * DEPTH;
const SQ_CQ_DBR: u64 = RQ_CQ_DBR + 64;
const QP_DBR: u64 = RQ_CQ_DBR + 128;
const QUEUES_SIZE: usize = (RQ_CQ_DBR + 192) as usize;
// struct bind_echo: 8 u64 and 8 u32 the host writes (96 bytes), then the device's progress.
const ECHO_HOST_SIZE: usize = 96;
const ECHO_SIZE: usize = 144;

/// Word j of message i (what the device's client sends).
fn echo_word(i: u64, j: u64) -> u64 {
    i.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(j)
}

fn u64_at(bytes: &[u8], off: usize) -> u64 {
    u64::from_le_bytes(bytes[off..off + 8].try_into().unwrap())
}

fn u32_at(bytes: &[u8], off: usize) -> u32 {
    u32::from_le_bytes(bytes[off..off + 4].try_into().unwrap())
}

/// The device's progress in a record.
#[derive(Debug, Default, PartialEq)]
struct Progress {
    sent: u64,
    received: u64,
    activations: u64,
    error: u32,
    done: u32,
}

fn progress(record: &HeapBuffer<'_>) -> Progress {
    let mut b = [0u8; ECHO_SIZE - ECHO_HOST_SIZE];
    record.read(ECHO_HOST_SIZE, &mut b).unwrap();
    Progress {
        sent: u64_at(&b, 0),
        received: u64_at(&b, 8),
        activations: u64_at(&b, 16),
        error: u32_at(&b, 40),
        done: u32_at(&b, 44),
    }
}

fn stride(msg_size: u32) -> u64 {
    (u64::from(msg_size) + 63) & !63
}

fn cq_config(queues: &HeapBuffer<'_>, ring: u64, dbr: u64) -> CqConfig {
    CqConfig { log_depth: LOG_DEPTH, ring: queues.daddr() + ring, dbr: queues.daddr() + dbr, ..Default::default() }
}

/// What the client and the server saw, and the client's data buffers.
struct EchoResult {
    client: Progress,
    server: Progress,
    client_bufs: Vec<u8>,
}

/// The echo of `messages` messages of `msg_size` bytes, at most `window` outstanding: both
/// sides' memory, handlers, CQs and QPs, connected, prepared, run; waits for the client.
fn run_echo(proc: &Process<'_>, messages: u64, msg_size: u32, window: u32) -> EchoResult {
    let outbox = proc.outbox().unwrap();
    let names = ["echo_client", "echo_server"];
    let queues: Vec<HeapBuffer> = names.iter().map(|_| proc.alloc(QUEUES_SIZE).unwrap()).collect();
    let bufs: Vec<HeapBuffer> =
        names.iter().map(|_| proc.alloc((2 * DEPTH * stride(msg_size)) as usize).unwrap()).collect();
    let records: Vec<HeapBuffer> = names.iter().map(|_| proc.alloc(ECHO_SIZE).unwrap()).collect();
    let keys: Vec<_> = bufs.iter().map(|b| proc.device_mkey(b, Access::LOCAL_WRITE).unwrap()).collect();
    let handlers: Vec<EventHandler> = names
        .iter()
        .zip(&records)
        .map(|(name, record)| {
            let config = EventHandlerConfig { arg: record.daddr(), name: Some(name.to_string()), ..Default::default() };
            proc.event_handler(&app().function(name).unwrap(), config).unwrap()
        })
        .collect();
    // The receive CQ wakes the handler; the send CQ is polled.
    let rq_cqs: Vec<Cq> =
        (0..2).map(|i| proc.cq(Some(&handlers[i]), &cq_config(&queues[i], RQ_CQ, RQ_CQ_DBR)).unwrap()).collect();
    let sq_cqs: Vec<Cq> = (0..2).map(|i| proc.cq(None, &cq_config(&queues[i], SQ_CQ, SQ_CQ_DBR)).unwrap()).collect();
    let qps: Vec<Qp> = (0..2)
        .map(|i| {
            let config = QpConfig {
                log_rq_depth: LOG_DEPTH,
                log_sq_depth: LOG_DEPTH,
                buffer: queues[i].daddr() + QP_BUF,
                dbr: queues[i].daddr() + QP_DBR,
                ..Default::default()
            };
            proc.qp(&rq_cqs[i], &sq_cqs[i], &config).unwrap()
        })
        .collect();
    for i in 0..2 {
        let peer = &qps[1 - i];
        let c = QpConnection {
            remote_qpn: peer.number(),
            force_loopback: true,
            min_rnr_nak_timer: 1,
            ..Default::default()
        };
        qps[i].connect(&c).unwrap();
    }
    let prepare = app().function("echo_prepare").unwrap();
    for i in 0..2 {
        assert_eq!(qps[i].state(), QpState::Rts);
        let q = queues[i].daddr();
        let mut host = Vec::with_capacity(ECHO_HOST_SIZE);
        for v in [q + RQ_CQ, q + SQ_CQ, q + QP_BUF, q + RQ_CQ_DBR, q + SQ_CQ_DBR, q + QP_DBR, bufs[i].daddr(), messages]
        {
            host.extend_from_slice(&v.to_le_bytes());
        }
        let numbers = [
            rq_cqs[i].number(),
            sq_cqs[i].number(),
            qps[i].number(),
            keys[i].id(),
            LOG_DEPTH.into(),
            msg_size,
            outbox.id(),
            window,
        ];
        for v in numbers {
            host.extend_from_slice(&v.to_le_bytes());
        }
        records[i].write(0, &host).unwrap();
        assert_eq!(proc.call(&prepare, &[records[i].daddr()]).unwrap(), 0);
        handlers[i].run(0).unwrap();
    }
    proc.call(&app().function("echo_start").unwrap(), &[handlers[0].activation_id().into()]).unwrap();
    let deadline = Instant::now() + Duration::from_secs(30);
    let mut client = progress(&records[0]);
    while client.done == 0 && client.error == 0 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(2));
        client = progress(&records[0]);
    }
    EchoResult { client, server: progress(&records[1]), client_bufs: bufs[0].to_vec().unwrap() }
    // Dropped in reverse order of declaration: QPs, CQs, handlers, keys, memory, the outbox.
}

#[test]
fn loopback_echo_between_two_dpa_qps() {
    let dev = Device::open("mlx5_sim0").unwrap();
    let proc = dev.process(app()).unwrap();
    let (messages, msg_size) = (100u64, 64u32); // more than six passes over every 16-entry ring
    let r = run_echo(&proc, messages, msg_size, 4);
    assert_eq!(
        (r.client.error, r.client.done, r.client.sent, r.client.received),
        (0, 1, messages, messages),
        "{:?}",
        r.client
    );
    assert_eq!((r.server.error, r.server.received, r.server.sent), (0, messages, messages), "{:?}", r.server);
    assert!(r.client.activations >= 1 && r.server.activations >= 1);
    // The client's receive buffer k holds the last echo numbered k modulo the ring's depth.
    for k in 0..DEPTH {
        let m = (0..messages).filter(|i| i % DEPTH == k).max().unwrap();
        let at = (k * stride(msg_size)) as usize;
        for j in 0..u64::from(msg_size / 8) {
            assert_eq!(u64_at(&r.client_bufs, at + 8 * j as usize), echo_word(m, j), "slot {k}, word {j}");
        }
    }
    assert!(!proc.failed());
    // Everything was dropped: the same process echoes again.
    let again = run_echo(&proc, 20, 128, 8);
    assert_eq!((again.client.error, again.client.received, again.server.sent), (0, 20, 20));
}

#[test]
fn cqs_polled_and_for_a_handler() {
    let dev = Device::open("mlx5_sim0").unwrap();
    let proc = dev.process(app()).unwrap();
    let mem = proc.alloc(4096).unwrap();
    let eh = proc.event_handler(&app().function("count_invocations").unwrap(), EventHandlerConfig::default()).unwrap();
    let armed = proc.cq(Some(&eh), &cq_config(&mem, 0, 2048)).unwrap();
    let moderation = CqModeration { max_count: 8, period: 100, mode: CqPeriodMode::Cqe };
    let polled = proc.cq(None, &CqConfig { moderation, ..cq_config(&mem, 1024, 2112) }).unwrap();
    assert!(!armed.is_polled() && polled.is_polled());
    assert_ne!(armed.number(), polled.number());
    assert_eq!(polled.moderation().unwrap(), moderation);
    assert_eq!(armed.moderation().unwrap(), CqModeration::default());
    let changed = CqModeration { max_count: 4, period: 10, mode: CqPeriodMode::Event };
    armed.set_moderation(&changed).unwrap();
    assert_eq!(armed.moderation().unwrap(), changed);
    assert_eq!(polled.config().moderation, moderation);
    assert!(format!("{armed:?}").contains(&format!("{:#x}", armed.number())));
    armed.close().unwrap();
    drop(polled);
    let not_armed = proc.cq(Some(&eh), &CqConfig { armed: false, ..cq_config(&mem, 0, 2048) }).unwrap();
    not_armed.close().unwrap();
}

#[test]
fn cq_bad_input() {
    let dev = Device::open("mlx5_sim0").unwrap();
    let proc = dev.process(app()).unwrap();
    let mem = proc.alloc(4096).unwrap();
    let e = proc.cq(None, &CqConfig { log_depth: 30, ..cq_config(&mem, 0, 2048) }).unwrap_err();
    assert_eq!((e.kind().clone(), e.function()), (ErrorKind::Failed, "flexio_cq_create"));
    assert!(e.message().starts_with("flexio ERR flexio_cq_create: ") && e.message().contains("log_cq_depth"), "{e}");
    let e =
        proc.cq(None, &CqConfig { log_depth: 4, ring: 0x1000, dbr: mem.daddr(), ..Default::default() }).unwrap_err();
    assert!(e.message().contains("not writable DPA memory"), "{e}");
    let other = dev.process(app()).unwrap();
    let eh = other.event_handler(&app().function("count_invocations").unwrap(), EventHandlerConfig::default()).unwrap();
    let e = proc.cq(Some(&eh), &cq_config(&mem, 0, 2048)).unwrap_err();
    assert_eq!(e.function(), "flexio_cq_create");
    assert!(e.message().contains("another process"), "{e}");
}

/// Two polled CQs and a QP over 8 KiB of heap memory at `d`.
fn qp_config(d: u64) -> (CqConfig, CqConfig, QpConfig) {
    let cq = |ring, dbr| CqConfig { log_depth: 4, ring: d + ring, dbr: d + dbr, ..Default::default() };
    let qp = QpConfig { log_rq_depth: 4, log_sq_depth: 4, buffer: d + 2048, dbr: d + 4224, ..Default::default() };
    (cq(0, 4096), cq(1024, 4160), qp)
}

#[test]
fn qp_states() {
    let dev = Device::open("mlx5_sim0").unwrap();
    let proc = dev.process(app()).unwrap();
    let (ma, mb) = (proc.alloc(8192).unwrap(), proc.alloc(8192).unwrap());
    let (ca, cb) = (qp_config(ma.daddr()), qp_config(mb.daddr()));
    let (a_rq, a_sq, b_rq, b_sq) = (
        proc.cq(None, &ca.0).unwrap(),
        proc.cq(None, &ca.1).unwrap(),
        proc.cq(None, &cb.0).unwrap(),
        proc.cq(None, &cb.1).unwrap(),
    );
    let a = proc.qp(&a_rq, &a_sq, &ca.2).unwrap();
    let b = proc.qp(&b_rq, &b_sq, &cb.2).unwrap();
    assert_eq!(a.state(), QpState::Rst);
    assert_ne!(a.number(), b.number());
    assert_eq!((a.cq_numbers(), a.sq_offset()), ((a_rq.number(), a_sq.number()), 256));
    let c =
        QpConnection { remote_qpn: b.number(), force_loopback: true, path_mtu: PathMtu::Mtu4096, ..Default::default() };
    for state in [QpState::Init, QpState::Rtr, QpState::Rts] {
        a.modify(state, &c).unwrap();
        assert_eq!(a.state(), state);
    }
    a.modify_with(QpState::Rts, &c, QpOptional { access: true, min_rnr_nak_timer: true }).unwrap();
    a.modify(QpState::Err, &c).unwrap();
    assert_eq!(a.state(), QpState::Err);
    a.modify(QpState::Rst, &c).unwrap();
    let e = a.modify(QpState::Rts, &c).unwrap_err(); // RST -> RTS skips two states
    assert_eq!(e.function(), "flexio_qp_modify");
    assert!(e.message().starts_with("flexio ERR flexio_qp_modify: "), "{e}");
    assert_eq!(a.state(), QpState::Rst); // unchanged
    assert!(a.modify(QpState::Other(9), &c).is_err());
    assert!(a.modify(QpState::Init, &QpConnection { port: 7, ..c }).is_err());
    b.connect(&QpConnection { remote_qpn: a.number(), force_loopback: true, ..Default::default() }).unwrap();
    assert_eq!(b.state(), QpState::Rts);
    assert!(format!("{b:?}").contains("Rts"));
    a.close().unwrap();
    // The QPs borrow their CQs: the CQs can only go now.
    a_rq.close().unwrap();
}

#[test]
fn qp_bad_input() {
    let dev = Device::open("mlx5_sim0").unwrap();
    let proc = dev.process(app()).unwrap();
    let mem = proc.alloc(8192).unwrap();
    let (rq, sq, q) = qp_config(mem.daddr());
    let (rq_cq, sq_cq) = (proc.cq(None, &rq).unwrap(), proc.cq(None, &sq).unwrap());
    let e = proc.qp(&rq_cq, &sq_cq, &QpConfig { log_rq_depth: 16, ..q }).unwrap_err();
    assert_eq!(e.function(), "flexio_qp_create");
    assert!(e.message().contains("log_rq_depth 16"), "{e}");
    assert!(proc.qp(&rq_cq, &sq_cq, &QpConfig { access: Access(0x100), ..q }).is_err());
    let other = dev.process(app()).unwrap();
    let other_mem = other.alloc(8192).unwrap();
    let other_cq = other.cq(None, &qp_config(other_mem.daddr()).0).unwrap();
    let e = proc.qp(&other_cq, &sq_cq, &q).unwrap_err();
    assert!(e.message().contains("another process"), "{e}");
}

#[test]
fn outbox_and_device_mkey() {
    let dev = Device::open("mlx5_sim0").unwrap();
    let proc = dev.process(app()).unwrap();
    let buf = proc.alloc(4096).unwrap();
    let (a, b) = (proc.outbox().unwrap(), proc.outbox().unwrap());
    assert_ne!(a.id(), b.id());
    let key = proc.device_mkey(&buf, Access::LOCAL_WRITE | Access::REMOTE_READ).unwrap();
    assert!(key.id() != 0 && key.id() != u32::MAX);
    assert_eq!(key.access(), Access(5));
    key.close().unwrap();
    a.close().unwrap();
    let other = dev.process(app()).unwrap();
    let e = other.device_mkey(&buf, Access::LOCAL_WRITE).unwrap_err();
    assert!(e.message().contains("another process"), "{e}");
}

#[test]
fn queues_of_a_stopped_process() {
    let dev = Device::open("mlx5_sim0").unwrap();
    let proc = dev.process(app()).unwrap();
    let mem = proc.alloc(8192).unwrap();
    let (rq, sq, q) = qp_config(mem.daddr());
    let (rq_cq, sq_cq) = (proc.cq(None, &rq).unwrap(), proc.cq(None, &sq).unwrap());
    let qp = proc.qp(&rq_cq, &sq_cq, &q).unwrap();
    let e = proc.call(&app().function("user_error").unwrap(), &[202]).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::DeviceFault(_)));
    let e = proc.cq(None, &rq).unwrap_err();
    assert_eq!(e.function(), "flexio_cq_create");
    assert_eq!(e.fault().map(|f| f.status), Some(202));
    qp.close().unwrap(); // destroying still works
    rq_cq.close().unwrap();
}
