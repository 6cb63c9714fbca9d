//! The parallel prefix scans against a sequential scan, with an associative
//! but not commutative operation (composition of affine maps), on pools of
//! 1, 2 and 8 threads: empty, one element, and lengths that are not a
//! multiple of the block length.

mod common;

use lubdub::prelude::*;
use proptest::prelude::*;

/// `x -> a * x + b` (wrapping); `compose(f, g)` applies `f`, then `g`.
type Affine = (u64, u64);

fn compose(f: &Affine, g: &Affine) -> Affine {
    (
        g.0.wrapping_mul(f.0),
        g.0.wrapping_mul(f.1).wrapping_add(g.1),
    )
}

const IDENTITY: Affine = (1, 0);

fn inclusive(v: &[Affine]) -> Vec<Affine> {
    let mut out = Vec::with_capacity(v.len());
    for x in v {
        let next = out.last().map_or(*x, |last| compose(last, x));
        out.push(next);
    }
    out
}

fn exclusive(v: &[Affine]) -> (Vec<Affine>, Affine) {
    let mut out = Vec::with_capacity(v.len());
    let mut running = IDENTITY;
    for x in v {
        out.push(running);
        running = compose(&running, x);
    }
    (out, running)
}

fn maps() -> impl Strategy<Value = Vec<Affine>> {
    let len = prop_oneof![0..3usize, 3..300usize, Just(common::scaled(40_001, 300))];
    len.prop_flat_map(|n| proptest::collection::vec((any::<u64>(), any::<u64>()), n))
}

proptest! {
    #![proptest_config(common::cases(24, 2))]

    #[test]
    fn scans_match_sequential(v in maps()) {
        let expected_inclusive = inclusive(&v);
        let expected_exclusive = exclusive(&v);
        for pool in common::loop_pools() {
            let mut a = v.clone();
            pool.install(|| a.par_scan_inclusive(compose));
            prop_assert_eq!(&a, &expected_inclusive);
            let mut a = v.clone();
            let total = pool.install(|| a.par_scan_exclusive(IDENTITY, compose));
            prop_assert_eq!((&a, total), (&expected_exclusive.0, expected_exclusive.1));
        }
    }
}

#[test]
fn sums_of_many_integers_outside_any_pool() {
    let n = common::scaled(1_000_003, 1_000) as u64;
    let mut v: Vec<u64> = (1..=n).collect();
    v.par_scan_inclusive(|a, b| a + b);
    assert!(v
        .iter()
        .enumerate()
        .all(|(i, &s)| s == (i as u64 + 1) * (i as u64 + 2) / 2));
    let mut v: Vec<u64> = vec![1; n as usize];
    assert_eq!(v.par_scan_exclusive(0, |a, b| a + b), n);
    assert!(v.iter().enumerate().all(|(i, &s)| s == i as u64));
}
