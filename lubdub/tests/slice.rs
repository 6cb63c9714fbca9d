//! `lubdub::slice` against the standard library's slice iterators (chunks,
//! exact and reverse chunks, windows, splits, runs), shared and mutable, on
//! pools of 1, 2 and 8 threads: empty slices, one element, zero chunk sizes,
//! a panicking predicate, and `par_sort_by_cached_key`.

mod common;

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};

use lubdub::prelude::*;
use proptest::prelude::*;

/// Pools of 1, 2 and 8 threads, each with a heartbeat at every poll (as
/// many splits as the scheduler allows) and with the default one.
/// Short vectors of few distinct values: separators and equal neighbours
/// are frequent, at the ends and next to each other.
fn small_values() -> impl Strategy<Value = Vec<u8>> {
    proptest::collection::vec(0..4u8, 0..160)
}

/// Owned copies of borrowed pieces, for comparing mutable pieces.
fn owned<S: AsRef<[u8]>>(pieces: Vec<S>) -> Vec<Vec<u8>> {
    pieces.iter().map(|p| p.as_ref().to_vec()).collect()
}

proptest! {
    #![proptest_config(common::cases(48, 4))]

    #[test]
    fn chunks_match_std(v in small_values(), size in 1..12usize) {
        for pool in common::loop_pools() {
            pool.install(|| {
                let chunks: Vec<&[u8]> = v.par_chunks(size).collect();
                assert_eq!(chunks, v.chunks(size).collect::<Vec<_>>());
                let exact = v.par_chunks_exact(size);
                assert_eq!(exact.remainder(), v.chunks_exact(size).remainder());
                assert_eq!(exact.len(), v.len() / size);
                let exact: Vec<&[u8]> = exact.collect();
                assert_eq!(exact, v.chunks_exact(size).collect::<Vec<_>>());
                let rchunks: Vec<&[u8]> = v.par_rchunks(size).collect();
                assert_eq!(rchunks, v.rchunks(size).collect::<Vec<_>>());
                let rexact = v.par_rchunks_exact(size);
                assert_eq!(rexact.remainder(), v.rchunks_exact(size).remainder());
                let rexact: Vec<&[u8]> = rexact.collect();
                assert_eq!(rexact, v.rchunks_exact(size).collect::<Vec<_>>());
            });
        }
    }

    #[test]
    fn mutable_chunks_match_std(v in small_values(), size in 1..12usize) {
        let mut std_v = v.clone();
        let expected = owned(std_v.chunks_mut(size).collect());
        let expected_r = owned(std_v.rchunks_mut(size).collect());
        let expected_exact = owned(std_v.chunks_exact_mut(size).collect());
        let expected_rexact = owned(std_v.rchunks_exact_mut(size).collect());
        // Each chunk, numbered in order, is filled with its number.
        let numbered = |rev: bool, exact: bool| {
            let mut w = v.clone();
            let chunks: Vec<&mut [u8]> = match (rev, exact) {
                (false, false) => w.chunks_mut(size).collect(),
                (false, true) => w.chunks_exact_mut(size).collect(),
                (true, false) => w.rchunks_mut(size).collect(),
                (true, true) => w.rchunks_exact_mut(size).collect(),
            };
            for (i, c) in chunks.into_iter().enumerate() {
                c.fill(i as u8);
            }
            w
        };
        for pool in common::loop_pools() {
            pool.install(|| {
                let mut w = v.clone();
                assert_eq!(owned(w.par_chunks_mut(size).collect()), expected);
                assert_eq!(owned(w.par_rchunks_mut(size).collect()), expected_r);
                assert_eq!(owned(w.par_chunks_exact_mut(size).collect()), expected_exact);
                assert_eq!(owned(w.par_rchunks_exact_mut(size).collect()), expected_rexact);

                w.par_chunks_mut(size).zip(0..u8::MAX).for_each(|(c, i)| c.fill(i));
                assert_eq!(w, numbered(false, false));
                let mut w = v.clone();
                w.par_rchunks_mut(size).zip(0..u8::MAX).for_each(|(c, i)| c.fill(i));
                assert_eq!(w, numbered(true, false));
                let mut w = v.clone();
                let mut exact = w.par_chunks_exact_mut(size);
                let rest = exact.take_remainder().to_vec();
                exact.zip(0..u8::MAX).for_each(|(c, i)| c.fill(i));
                assert_eq!(w, numbered(false, true));
                assert_eq!(rest, v.chunks_exact(size).remainder());
                let mut w = v.clone();
                let mut rexact = w.par_rchunks_exact_mut(size);
                assert_eq!(rexact.remainder(), v.rchunks_exact(size).remainder());
                rexact.zip(0..u8::MAX).for_each(|(c, i)| c.fill(i));
                assert_eq!(w, numbered(true, true));
            });
        }
    }

    #[test]
    fn windows_match_std(v in small_values(), size in 1..12usize) {
        for pool in common::loop_pools() {
            pool.install(|| {
                let windows: Vec<&[u8]> = v.par_windows(size).collect();
                assert_eq!(windows, v.windows(size).collect::<Vec<_>>());
                let arrays: Vec<&[u8; 3]> = v.par_array_windows().collect();
                let expected: Vec<&[u8]> = v.windows(3).collect();
                assert_eq!(arrays.len(), expected.len());
                assert!(arrays.iter().zip(&expected).all(|(a, e)| a[..] == e[..]));
            });
        }
    }

    #[test]
    fn splits_match_std(v in small_values(), k in 1..4u8) {
        let sep = |x: &u8| x % 4 == k;
        let mut std_v = v.clone();
        let expected_mut = owned(std_v.split_mut(sep).collect());
        let expected_incl_mut = owned(std_v.split_inclusive_mut(sep).collect());
        for pool in common::loop_pools() {
            pool.install(|| {
                let split: Vec<&[u8]> = v.par_split(sep).collect();
                assert_eq!(split, v.split(sep).collect::<Vec<_>>());
                let inclusive: Vec<&[u8]> = v.par_split_inclusive(sep).collect();
                assert_eq!(inclusive, v.split_inclusive(sep).collect::<Vec<_>>());
                let mut w = v.clone();
                assert_eq!(owned(w.par_split_mut(sep).collect()), expected_mut);
                assert_eq!(owned(w.par_split_inclusive_mut(sep).collect()), expected_incl_mut);
                // Writes through the pieces land in the slice.
                w.par_split_mut(sep).for_each(|s| s.reverse());
                let mut expected = v.clone();
                expected.split_mut(sep).for_each(|s| s.reverse());
                assert_eq!(w, expected);
            });
        }
    }

    #[test]
    fn chunk_by_matches_std(v in small_values(), ascending in any::<bool>()) {
        let same = move |a: &u8, b: &u8| if ascending { a <= b } else { a == b };
        for pool in common::loop_pools() {
            pool.install(|| {
                let runs: Vec<&[u8]> = v.par_chunk_by(same).collect();
                assert_eq!(runs, v.chunk_by(same).collect::<Vec<_>>());
                let mut w = v.clone();
                let mut std_w = v.clone();
                assert_eq!(
                    owned(w.par_chunk_by_mut(same).collect()),
                    owned(std_w.chunk_by_mut(same).collect())
                );
                w.par_chunk_by_mut(same).for_each(|run| run.reverse());
                std_w.chunk_by_mut(same).for_each(|run| run.reverse());
                assert_eq!(w, std_w);
            });
        }
    }

    #[test]
    fn cached_key_sort_is_stable_and_calls_the_key_once_per_element(
        v in proptest::collection::vec((0..8u8, any::<u16>()), 0..300)
    ) {
        let mut expected = v.clone();
        expected.sort_by_cached_key(|p| p.0);
        for pool in common::loop_pools() {
            let calls = AtomicUsize::new(0);
            let mut w = v.clone();
            pool.install(|| {
                w.par_sort_by_cached_key(|p| {
                    calls.fetch_add(1, Ordering::Relaxed);
                    p.0
                })
            });
            assert_eq!(w, expected);
            let expected_calls = if v.len() < 2 { 0 } else { v.len() };
            assert_eq!(calls.into_inner(), expected_calls);
        }
    }
}

/// Slices long enough that the loops split many times on 8 threads, with
/// separators and run boundaries at irregular positions.
#[test]
fn long_slices_match_std() {
    let n = common::scaled(200_000, 2_000);
    let v: Vec<u32> = (0..n as u32)
        .map(|i| i.wrapping_mul(2_654_435_761) % 1000)
        .collect();
    let sep = |x: &u32| *x < 3;
    let same = |a: &u32, b: &u32| a / 100 == b / 100;
    for pool in common::loop_pools() {
        pool.install(|| {
            let lengths: Vec<usize> = v.par_split(sep).map(|s| s.len()).collect();
            assert_eq!(lengths, v.split(sep).map(|s| s.len()).collect::<Vec<_>>());
            let runs: Vec<&[u32]> = v.par_chunk_by(same).collect();
            assert_eq!(runs, v.chunk_by(same).collect::<Vec<_>>());
            let sums: Vec<u32> = v.par_rchunks(7).map(|c| c.iter().sum()).collect();
            assert_eq!(
                sums,
                v.rchunks(7).map(|c| c.iter().sum()).collect::<Vec<u32>>()
            );
            let rises: usize = v.par_windows(2).map(|w| usize::from(w[0] < w[1])).sum();
            assert_eq!(rises, v.windows(2).filter(|w| w[0] < w[1]).count());
        });
    }
}

#[test]
fn one_element_and_empty_slices() {
    let one = [7u8];
    let empty: [u8; 0] = [];
    for pool in common::loop_pools() {
        pool.install(|| {
            assert_eq!(one.par_chunks(3).collect::<Vec<_>>(), [&[7][..]]);
            assert_eq!(one.par_chunks_exact(3).count(), 0);
            assert_eq!(one.par_chunks_exact(3).remainder(), [7]);
            assert_eq!(one.par_windows(2).count(), 0);
            assert_eq!(one.par_windows(1).collect::<Vec<_>>(), [&[7][..]]);
            assert_eq!(
                one.par_split(|x| *x == 7).collect::<Vec<_>>(),
                [&[][..], &[]]
            );
            assert_eq!(
                one.par_split_inclusive(|x| *x == 7).collect::<Vec<_>>(),
                [&[7][..]]
            );
            assert_eq!(
                one.par_chunk_by(|_, _| false).collect::<Vec<_>>(),
                [&[7][..]]
            );
            assert_eq!(empty.par_chunks(1).count(), 0);
            assert_eq!(empty.par_rchunks_exact(2).count(), 0);
            assert_eq!(empty.par_split(|_| true).collect::<Vec<_>>(), [&[][..]]);
            assert_eq!(empty.par_split_inclusive(|_| true).count(), 0);
            assert_eq!(empty.par_chunk_by(|_, _| true).count(), 0);
            assert_eq!(empty.par_iter().count(), 0);
        });
    }
}

/// The slice conversions of `par_iter` and `par_iter_mut`.
#[test]
fn vectors_boxes_and_arrays_convert() {
    let mut v = vec![1, 2, 3];
    let mut boxed: Box<[i32]> = vec![4, 5].into_boxed_slice();
    let mut array = [6, 7];
    assert_eq!(v.par_iter().sum::<i32>(), 6);
    assert_eq!((&boxed).into_par_iter().sum::<i32>(), 9);
    assert_eq!((&array).into_par_iter().sum::<i32>(), 13);
    v.par_iter_mut().for_each(|x| *x *= 2);
    (&mut boxed).into_par_iter().for_each(|x| *x *= 2);
    (&mut array).into_par_iter().for_each(|x| *x *= 2);
    assert_eq!((v, &*boxed, array), (vec![2, 4, 6], &[8, 10][..], [12, 14]));
}

fn panics(f: impl FnOnce()) -> bool {
    catch_unwind(AssertUnwindSafe(f)).is_err()
}

#[test]
fn zero_sizes_panic() {
    let mut v = [1, 2, 3];
    assert!(panics(|| {
        let _ = v.par_chunks(0);
    }));
    assert!(panics(|| {
        let _ = v.par_chunks_exact(0);
    }));
    assert!(panics(|| {
        let _ = v.par_rchunks(0);
    }));
    assert!(panics(|| {
        let _ = v.par_rchunks_exact(0);
    }));
    assert!(panics(|| {
        let _ = v.par_chunks_mut(0);
    }));
    assert!(panics(|| {
        let _ = v.par_chunks_exact_mut(0);
    }));
    assert!(panics(|| {
        let _ = v.par_rchunks_mut(0);
    }));
    assert!(panics(|| {
        let _ = v.par_rchunks_exact_mut(0);
    }));
    assert!(panics(|| {
        let _ = v.par_windows(0);
    }));
    assert!(panics(|| {
        let _ = v.par_array_windows::<0>();
    }));
    // Huge sizes are fine: one short chunk, no windows.
    assert_eq!(v.par_chunks(usize::MAX).count(), 1);
    assert_eq!(v.par_rchunks_exact(usize::MAX).remainder(), [1, 2, 3]);
    assert_eq!(v.par_windows(usize::MAX).count(), 0);
}

#[test]
fn a_panicking_predicate_reaches_the_caller() {
    let v: Vec<u32> = (0..common::scaled(10_000, 500) as u32).collect();
    let trigger = v.len() as u32 / 3;
    for pool in common::loop_pools() {
        let message = catch_unwind(AssertUnwindSafe(|| {
            pool.install(|| {
                v.par_split(|x| {
                    assert!(*x != trigger, "separator panic");
                    x % 10 == 0
                })
                .count()
            })
        }))
        .expect_err("the predicate panicked");
        assert_eq!(message.downcast_ref::<&str>(), Some(&"separator panic"));
        assert!(panics(|| pool.install(|| {
            v.par_chunk_by(|a, _| {
                assert!(*a != trigger);
                true
            })
            .count();
        })));
        assert!(panics(|| pool.install(|| {
            v.par_chunks(3).for_each(|c| assert!(!c.contains(&trigger)));
        })));
    }
}
