//! A slice of `u32`s seen as atomics while it is borrowed: how the parallel
//! searches and the CSR build write a plain vector from many threads, then
//! hand it on as a plain vector without a copy (std's unstable
//! `AtomicU32::from_mut_slice`).

use std::sync::atomic::AtomicU32;

/// `values` as atomics for as long as the borrow lasts.
pub fn as_atomic(values: &mut [u32]) -> &[AtomicU32] {
    const {
        assert!(std::mem::align_of::<AtomicU32>() == std::mem::align_of::<u32>());
    }
    // SAFETY: `AtomicU32` has the same size and bit validity as `u32`
    // (std's documentation) and, as asserted above, the same alignment here,
    // so the cast slice covers the same memory with valid values. The
    // exclusive borrow of `values` lasts as long as the returned shared
    // borrow, so no non-atomic access to them happens meanwhile.
    unsafe { &*(std::ptr::from_mut::<[u32]>(values) as *const [AtomicU32]) }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::Ordering;

    use super::*;

    #[test]
    fn writes_through_the_view_land_in_the_vector() {
        let mut v = vec![0u32; 4];
        let atomic = as_atomic(&mut v);
        std::thread::scope(|s| {
            for i in 0..4u32 {
                s.spawn(move || atomic[i as usize].store(i * 10, Ordering::Relaxed));
            }
        });
        assert_eq!(v, [0, 10, 20, 30]);
        assert!(as_atomic(&mut []).is_empty());
    }
}
