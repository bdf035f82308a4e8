//! The doca crate against this build's DOCA libraries: devices, maps, buffers, engines, errors.
use doca::{devices, Access, BufInventory, Device, Mmap, ProgressEngine};

#[test]
fn devices_and_properties() {
    let infos = devices().unwrap();
    let info = infos.iter().find(|i| i.ibdev_name == "mlx5_sim0").expect("mlx5_sim0 is a DOCA device");
    assert_eq!(info.pci_addr.len(), 12);
    assert_eq!(info.to_string(), format!("mlx5_sim0 ({})", info.pci_addr));
    let by_name = Device::open("mlx5_sim0").unwrap();
    let by_pci = Device::open_pci(&info.pci_addr).unwrap();
    assert_eq!(by_name.info(), info);
    assert_eq!(by_pci.info(), info);
    let short = Device::open_pci(&info.pci_addr[5..]).unwrap(); // "03:00.0"
    assert_eq!(short.info().ibdev_name, "mlx5_sim0");
    by_pci.close().unwrap();
}

#[test]
fn bad_pci_address_is_the_doca_error() {
    let e = Device::open_pci("not a pci address").unwrap_err();
    assert_eq!(e.function(), "doca_devinfo_is_equal_pci_addr");
    assert_eq!(e.code(), doca_sys::DOCA_ERROR_INVALID_VALUE);
    assert_eq!(e.name(), "DOCA_ERROR_INVALID_VALUE");
    assert_eq!(e.description(), "Invalid input");
    assert!(e.message().contains("not a pci address"), "{e}");
    assert!(e.to_string().starts_with("doca_devinfo_is_equal_pci_addr: DOCA_ERROR_INVALID_VALUE (Invalid input): "));
    let e = Device::open_pci("0000:99:00.0").unwrap_err();
    assert_eq!(e.name(), "DOCA_ERROR_NOT_FOUND");
    assert_eq!(Device::open("mlx5_nope").unwrap_err().name(), "DOCA_ERROR_NOT_FOUND");
    assert_eq!(Device::open_pci("03:00.0\0").unwrap_err().name(), "DOCA_ERROR_INVALID_VALUE");
}

#[test]
fn maps_and_buffers() {
    let dev = Device::open("mlx5_sim0").unwrap();
    let inv = BufInventory::new(4).unwrap();
    let memory = b"0123456789abcdef".to_vec();
    let map = Mmap::new(&memory, &[&dev]).unwrap();
    assert_eq!(map.len(), 16);
    {
        let buf = inv.buf(&map, 4, 8, 3).unwrap();
        assert_eq!((buf.len().unwrap(), buf.data_len().unwrap()), (8, 3));
        assert_eq!(buf.data().unwrap(), b"456");
        assert_eq!(buf.refcount().unwrap(), 1);
        assert_eq!(map.num_bufs().unwrap(), 1);
        assert_eq!(inv.num_free().unwrap(), 3);
    }
    assert_eq!(map.num_bufs().unwrap(), 0);
    assert_eq!(inv.num_free().unwrap(), 4);
}

#[test]
fn buffer_outside_its_map_is_invalid_value() {
    let dev = Device::open("mlx5_sim0").unwrap();
    let inv = BufInventory::new(4).unwrap();
    let memory = vec![0u8; 64];
    let map = Mmap::new(&memory, &[&dev]).unwrap();
    for (offset, len) in [(60, 8), (64, 1), (0, 65)] {
        let e = inv.buf(&map, offset, len, 0).unwrap_err();
        assert_eq!(e.function(), "doca_buf_inventory_buf_get_by_args");
        assert_eq!(e.name(), "DOCA_ERROR_INVALID_VALUE");
        assert!(e.message().contains("outside memory map"), "{e}");
    }
    assert_eq!(map.num_bufs().unwrap(), 0);
}

#[test]
fn stopped_map_refuses_buffers() {
    let dev = Device::open("mlx5_sim0").unwrap();
    let inv = BufInventory::new(4).unwrap();
    let mut memory = vec![0u8; 32];
    let map = Mmap::new_mut(&mut memory, &[&dev]).unwrap();
    map.stop().unwrap();
    assert_eq!(inv.buf(&map, 0, 32, 0).unwrap_err().name(), "DOCA_ERROR_BAD_STATE");
    drop(map);
    let map = Mmap::unstarted(&mut memory, &[], Access::LOCAL_READ_WRITE).unwrap();
    assert_eq!(inv.buf(&map, 0, 32, 0).unwrap_err().name(), "DOCA_ERROR_BAD_STATE");
    map.add_device(&dev).unwrap();
    map.start().unwrap();
    assert_eq!(map.add_device(&dev).unwrap_err().name(), "DOCA_ERROR_NOT_PERMITTED"); // before start only
    let buf = inv.buf(&map, 0, 32, 0).unwrap();
    drop(buf);
    map.close().unwrap();
}

#[test]
fn export_and_create_from_export() {
    let dev = Device::open("mlx5_sim0").unwrap();
    let mut memory = b"exported memory!".to_vec();
    let map =
        Mmap::with_access(&mut memory, &[&dev], Access::LOCAL_READ_WRITE | Access::PCI_READ_WRITE | Access::RDMA_READ)
            .unwrap();
    let pci = map.export_pci(&dev).unwrap();
    assert!(!map.export_rdma(&dev).unwrap().is_empty());
    let remote = Mmap::from_export(&pci, &dev).unwrap();
    assert_eq!(remote.len(), 16);
    assert_eq!(Mmap::from_export(&vec![0u8; pci.len()], &dev).unwrap_err().function(), "doca_mmap_create_from_export");
    let local = vec![0u8; 8];
    let local_only = Mmap::new(&local, &[&dev]).unwrap();
    assert_eq!(local_only.export_pci(&dev).unwrap_err().function(), "doca_mmap_export_pci");
}

#[test]
fn progress_engine() {
    let pe = ProgressEngine::new().unwrap();
    assert!(!pe.progress());
    assert_eq!(pe.inflight().unwrap(), 0);
}

mod dma {
    use doca::{BufInventory, Device, Dma, Mmap, ProgressEngine};

    #[test]
    fn dma_copy() {
        let dev = Device::open("mlx5_sim0").unwrap();
        let src = b"hello DOCA DMA".to_vec();
        let mut dst = vec![0u8; src.len()];
        {
            let (msrc, mdst) = (Mmap::new(&src, &[&dev]).unwrap(), Mmap::new_mut(&mut dst, &[&dev]).unwrap());
            let inv = BufInventory::new(2).unwrap();
            let (s, d) = (inv.buf(&msrc, 0, src.len(), src.len()).unwrap(), inv.buf(&mdst, 0, src.len(), 0).unwrap());
            let pe = ProgressEngine::new().unwrap();
            let dma = Dma::new(&dev, &pe, 4).unwrap();
            dma.memcpy(&s, &d).unwrap();
            assert_eq!(d.data_len().unwrap(), src.len());
            assert!(Dma::max_buf_size(&dev).unwrap() >= src.len() as u64);
        }
        assert_eq!(dst, src);
    }

    #[test]
    fn dma_into_a_too_small_buffer_fails_with_the_doca_error() {
        let dev = Device::open("mlx5_sim0").unwrap();
        let (src, mut dst) = (vec![7u8; 64], vec![0u8; 8]);
        let (msrc, mdst) = (Mmap::new(&src, &[&dev]).unwrap(), Mmap::new_mut(&mut dst, &[&dev]).unwrap());
        let inv = BufInventory::new(2).unwrap();
        let (s, d) = (inv.buf(&msrc, 0, 64, 64).unwrap(), inv.buf(&mdst, 0, 8, 0).unwrap());
        let pe = ProgressEngine::new().unwrap();
        let dma = Dma::new(&dev, &pe, 4).unwrap();
        assert!(dma.memcpy(&s, &d).unwrap_err().name().starts_with("DOCA_ERROR_"));
    }
}
