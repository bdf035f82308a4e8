//! A DMA copy with OpenDOCA: two memory maps, two buffers, a progress engine, a DMA context.
//!
//!     cargo run -p doca --example dma_copy
use doca::{BufInventory, Device, Dma, Mmap, ProgressEngine};

fn main() -> doca::Result<()> {
    let dev = Device::open("mlx5_sim0")?; // or Device::open_pci("0000:03:00.0")
    println!("device: {}", dev.info().ibdev_name);
    let src = b"hello from DOCA DMA".to_vec();
    let mut dst = vec![0u8; src.len()];
    {
        let msrc = Mmap::new(&src, &[&dev])?; // the maps borrow the memory and the device
        let mdst = Mmap::new_mut(&mut dst, &[&dev])?;
        let inv = BufInventory::new(2)?;
        let s = inv.buf(&msrc, 0, src.len(), src.len())?; // data: all of it
        let d = inv.buf(&mdst, 0, src.len(), 0)?; // empty: the copy appends
        let pe = ProgressEngine::new()?;
        let dma = Dma::new(&dev, &pe, 16)?;
        dma.memcpy(&s, &d)?; // submit, progress until done
        println!("copied {} bytes", d.data_len()?);
    } // dropped in reverse order: context, engine, buffers, inventory, maps
    println!("destination: {:?}", String::from_utf8_lossy(&dst));
    Ok(())
}
