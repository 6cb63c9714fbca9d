//! The methods of `IndexedParallelIterator` against their sequential
//! counterparts in `std::iter`, on pools of 1, 2 and 8 threads (1 and 2
//! under Miri) with a heartbeat at every poll (loops split whenever a thread
//! is idle) and the default one. Each positional adaptor's producer is also
//! read directly: cut at arbitrary positions, each piece from both ends.

mod common;

use std::cmp::Ordering;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use std::time::Duration;

use lubdub::iter::plumbing::{Consumer, Folder, Producer, ProducerCallback, Reducer};
use lubdub::prelude::*;
use proptest::prelude::*;

/// Lengths around the driver's chunk sizes, and a few long ones.
fn values() -> impl Strategy<Value = Vec<u32>> {
    let len = prop_oneof![0..20usize, 20..300usize, Just(common::scaled(10_000, 300))];
    len.prop_flat_map(|n| proptest::collection::vec(0..1000u32, n))
}

/// A count argument (`skip`, `take`): small, around a length, or huge.
fn count() -> impl Strategy<Value = usize> {
    prop_oneof![
        0..40usize,
        250..320usize,
        Just(usize::MAX - 1),
        Just(usize::MAX)
    ]
}

/// A step or chunk size: small, or huge.
fn size() -> impl Strategy<Value = usize> {
    prop_oneof![1..12usize, 250..320usize, Just(usize::MAX)]
}

/// Where to cut a producer (each taken modulo the piece's length + 1, but
/// `usize::MAX` cuts at the end), and from which end to read each piece
/// (true: the back).
fn cuts_and_ends() -> impl Strategy<Value = (Vec<usize>, Vec<bool>)> {
    let cut = prop_oneof![3 => any::<usize>(), 1 => Just(0), 1 => Just(usize::MAX)];
    (
        proptest::collection::vec(cut, 0..4),
        proptest::collection::vec(any::<bool>(), 1..5),
    )
}

/// Reads `iter`'s producer in pieces: cut at `cuts`, each piece read with
/// `next` and `next_back` in the order `ends` gives, checking every
/// iterator's `len` on the way.
fn read_in_pieces<I: IndexedParallelIterator>(
    iter: I,
    cuts: &[usize],
    ends: &[bool],
) -> Vec<I::Item> {
    let len = iter.len();
    return iter.with_producer(Pieces { len, cuts, ends });

    struct Pieces<'a> {
        len: usize,
        cuts: &'a [usize],
        ends: &'a [bool],
    }

    impl<T> ProducerCallback<T> for Pieces<'_> {
        type Output = Vec<T>;
        fn callback<P: Producer<Item = T>>(self, producer: P) -> Vec<T> {
            cut_and_read(producer, self.len, self.cuts, self.ends)
        }
    }

    fn cut_and_read<P: Producer>(
        producer: P,
        len: usize,
        cuts: &[usize],
        ends: &[bool],
    ) -> Vec<P::Item> {
        let Some((&cut, cuts)) = cuts.split_first() else {
            return read_both_ends(producer.into_iter(), len, ends);
        };
        let at = if cut == usize::MAX {
            len
        } else {
            cut % (len + 1)
        };
        let (left, right) = producer.split_at(at);
        let mut items = cut_and_read(left, at, cuts, ends);
        items.extend(cut_and_read(right, len - at, cuts, ends));
        items
    }

    fn read_both_ends<T>(
        mut iter: impl DoubleEndedIterator<Item = T> + ExactSizeIterator,
        len: usize,
        ends: &[bool],
    ) -> Vec<T> {
        let (mut front, mut back) = (Vec::new(), Vec::new());
        for &from_back in ends.iter().cycle() {
            assert_eq!(iter.len(), len - front.len() - back.len());
            let item = if from_back {
                iter.next_back()
            } else {
                iter.next()
            };
            match item {
                Some(item) if from_back => back.push(item),
                Some(item) => front.push(item),
                None => break,
            }
        }
        assert_eq!(front.len() + back.len(), len);
        front.extend(back.into_iter().rev());
        front
    }
}

/// `a` and `b` in turns, then the rest of the longer.
fn interleaved<T: Clone>(a: &[T], b: &[T]) -> Vec<T> {
    let mut out = Vec::new();
    for i in 0..a.len().max(b.len()) {
        out.extend(a.get(i).cloned());
        out.extend(b.get(i).cloned());
    }
    out
}

/// `a` and `b` in turns, up to the first turn whose side is empty.
fn interleaved_shortest<T: Clone>(a: &[T], b: &[T]) -> Vec<T> {
    let mut out = Vec::new();
    for i in 0.. {
        let Some(x) = a.get(i) else { break };
        out.push(x.clone());
        let Some(y) = b.get(i) else { break };
        out.push(y.clone());
    }
    out
}

/// Checks `$par` (an indexed parallel iterator) against `$seq` (a
/// sequential iterator): collected, its `len`, and read in pieces.
macro_rules! check_indexed {
    ($cut:expr, $par:expr, $seq:expr) => {{
        let expected: Vec<_> = $seq.collect();
        assert_eq!($par.len(), expected.len());
        assert_eq!($par.opt_len(), Some(expected.len()));
        assert_eq!($par.collect::<Vec<_>>(), expected);
        assert_eq!(read_in_pieces($par, &$cut.0, &$cut.1), expected);
    }};
}

proptest! {
    #![proptest_config(common::cases(24, 2))]

    #[test]
    fn positional_adaptors_match_std(v in values(), n in count(), step in size(), cut in cuts_and_ends()) {
        for pool in common::loop_pools() {
            pool.install(|| {
                check_indexed!(cut, v.par_iter().enumerate(), v.iter().enumerate());
                check_indexed!(cut, v.par_iter().rev(), v.iter().rev());
                check_indexed!(cut, v.par_iter().skip(n), v.iter().skip(n));
                check_indexed!(cut, v.par_iter().take(n), v.iter().take(n));
                check_indexed!(cut, v.par_iter().step_by(step), v.iter().step_by(step));
                check_indexed!(cut, v.par_iter().enumerate().rev().step_by(step).skip(n / 2).rev(),
                    v.iter().enumerate().rev().step_by(step).skip(n / 2).rev());
                check_indexed!(cut, v.par_iter().with_min_len(step), v.iter());
                check_indexed!(cut, v.par_iter().with_max_len(step), v.iter());
                check_indexed!(cut, v.par_iter().with_max_len(0), v.iter());
                let w: Vec<u32> = v.iter().map(|x| x * 7).collect();
                check_indexed!(cut, v.par_iter().zip_eq(w.par_iter().rev()), v.iter().zip(w.iter().rev()));
            });
        }
    }

    #[test]
    fn chunks_match_std(v in values(), size in size(), cut in cuts_and_ends()) {
        for pool in common::loop_pools() {
            pool.install(|| {
                check_indexed!(cut, v.par_iter().chunks(size), v.chunks(size).map(|c| c.iter().collect::<Vec<_>>()));
                let hash = |h: u64, &x: &u32| h.wrapping_mul(31).wrapping_add(u64::from(x));
                check_indexed!(cut, v.par_iter().fold_chunks(size, || 1, hash),
                    v.chunks(size).map(|c| c.iter().fold(1, hash)));
                let push = |mut acc: Vec<u32>, &x: &u32| { acc.push(x); acc };
                check_indexed!(cut, v.par_iter().fold_chunks_with(size, vec![7], push),
                    v.chunks(size).map(|c| c.iter().fold(vec![7], push)));
                // Chunks of a reversed, stepped iterator: positions map twice.
                let inner: Vec<&u32> = v.iter().rev().step_by(3).collect();
                check_indexed!(cut, v.par_iter().rev().step_by(3).chunks(size),
                    inner.chunks(size).map(<[&u32]>::to_vec));
            });
        }
    }

    #[test]
    fn interleaves_match_std(a in values(), b_len in 0..400usize, cut in cuts_and_ends()) {
        let b: Vec<u32> = (0..b_len as u32).map(|x| x + 5000).collect();
        let (ar, br): (Vec<&u32>, Vec<&u32>) = (a.iter().collect(), b.iter().collect());
        for pool in common::loop_pools() {
            pool.install(|| {
                check_indexed!(cut, a.par_iter().interleave(&b), interleaved(&ar, &br).into_iter());
                check_indexed!(cut, b.par_iter().interleave(&a), interleaved(&br, &ar).into_iter());
                check_indexed!(cut, a.par_iter().interleave_shortest(&b), interleaved_shortest(&ar, &br).into_iter());
                check_indexed!(cut, b.par_iter().interleave_shortest(&a), interleaved_shortest(&br, &ar).into_iter());
                // An interleave cut at an odd position, then interleaved again.
                let ab = interleaved(&ar, &br);
                check_indexed!(cut, a.par_iter().interleave(&b).skip(3).interleave(b.par_iter().rev()),
                    interleaved(&ab[ab.len().min(3)..], &b.iter().rev().collect::<Vec<_>>()).into_iter());
            });
        }
    }

    #[test]
    fn multizip_matches_std(v in values(), w in values(), cut in cuts_and_ends()) {
        let n = v.len().min(w.len());
        for pool in common::loop_pools() {
            pool.install(|| {
                check_indexed!(cut, (&v,).into_par_iter(), v.iter().map(|x| (x,)));
                check_indexed!(cut, (&v, &w).into_par_iter(), v.iter().zip(&w));
                check_indexed!(cut, (v.par_iter(), 0..n, w.par_iter().rev()).into_par_iter(),
                    v.iter().zip(0..n).zip(w.iter().rev()).map(|((a, b), c)| (a, b, c)));
                let pair = (v.clone(), w.clone());
                check_indexed!(cut, pair.par_iter(), v.iter().zip(&w));
                let twelve = (&v, &w, &v, &w, &v, &w, &v, &w, &v, &w, &v, 0..n);
                let sums: Vec<usize> = twelve.into_par_iter()
                    .map(|(a, b, c, d, e, f, g, h, i, j, k, l)| (a + b + c + d + e + f + g + h + i + j + k) as usize + l)
                    .collect();
                let expected: Vec<usize> = (0..n).map(|i| (6 * v[i] + 5 * w[i]) as usize + i).collect();
                assert_eq!(sums, expected);
            });
        }
        let (mut x, y) = (v.clone(), w.clone());
        (&mut x, &y).into_par_iter().for_each(|(a, b)| *a += b);
        let mut pair = (v.clone(), w.clone());
        pair.par_iter_mut().for_each(|(a, b)| std::mem::swap(a, b));
        for i in 0..n {
            assert_eq!(x[i], v[i] + w[i]);
            assert_eq!((pair.0[i], pair.1[i]), (w[i], v[i]));
        }
    }

    #[test]
    fn unindexed_adaptors_match_std(v in values(), block in size()) {
        for pool in common::loop_pools() {
            pool.install(|| {
                let even = |x: &u32| x % 2 == 0;
                assert_eq!(v.par_iter().positions(even).collect::<Vec<_>>(),
                    v.iter().enumerate().filter(|(_, x)| even(x)).map(|(i, _)| i).collect::<Vec<_>>());
                assert_eq!(v.par_iter().rev().positions(even).collect::<Vec<_>>(),
                    v.iter().rev().enumerate().filter(|(_, x)| even(x)).map(|(i, _)| i).collect::<Vec<_>>());
                assert_eq!(v.par_iter().positions(even).opt_len(), None);
                assert_eq!(v.par_iter().by_exponential_blocks().collect::<Vec<_>>(), v.iter().collect::<Vec<_>>());
                assert_eq!(v.par_iter().by_uniform_blocks(block).collect::<Vec<_>>(), v.iter().collect::<Vec<_>>());
                assert_eq!(v.par_iter().by_uniform_blocks(block).map(|&x| u64::from(x)).sum::<u64>(),
                    v.iter().map(|&x| u64::from(x)).sum::<u64>());
            });
        }
    }

    #[test]
    fn comparisons_match_std(v in values(), w in values(), prefix in 0..300usize) {
        // Values in a narrow range with a shared prefix, so that equal
        // prefixes, equal slices and prefixes of each other all occur.
        let v: Vec<u32> = v.iter().map(|x| x % 3).collect();
        let mut w: Vec<u32> = w.iter().map(|x| x % 3).collect();
        let shared = prefix.min(v.len()).min(w.len());
        w[..shared].copy_from_slice(&v[..shared]);
        for pool in common::loop_pools() {
            pool.install(|| {
                for (a, b) in [(&v, &w), (&w, &v), (&v, &v)] {
                    assert_eq!(a.par_iter().cmp(b), a.iter().cmp(b.iter()));
                    assert_eq!(a.par_iter().partial_cmp(b), a.iter().partial_cmp(b.iter()));
                    assert_eq!(a.par_iter().eq(b), a.iter().eq(b.iter()));
                    assert_eq!(a.par_iter().ne(b), a.iter().ne(b.iter()));
                    assert_eq!(a.par_iter().lt(b), a.iter().lt(b.iter()));
                    assert_eq!(a.par_iter().le(b), a.iter().le(b.iter()));
                    assert_eq!(a.par_iter().gt(b), a.iter().gt(b.iter()));
                    assert_eq!(a.par_iter().ge(b), a.iter().ge(b.iter()));
                }
                // Incomparable items: the first unequal pair decides.
                let f: Vec<f64> = v.iter().map(|&x| if x == 2 { f64::NAN } else { f64::from(x) }).collect();
                let g: Vec<f64> = w.iter().map(|&x| f64::from(x)).collect();
                assert_eq!(f.par_iter().partial_cmp(&g), f.iter().partial_cmp(g.iter()));
                assert_eq!(f.par_iter().lt(&g), f.iter().lt(g.iter()));
                assert_eq!(f.par_iter().ge(&g), f.iter().ge(g.iter()));
                assert_eq!(f.par_iter().eq(&f), f.iter().eq(f.iter()));
            });
        }
    }

    #[test]
    fn positions_of_matches(v in values(), modulus in 1..2000u32) {
        for pool in common::loop_pools() {
            pool.install(|| {
                let hit = |x: &u32| x % modulus == 1;
                assert_eq!(v.par_iter().position_first(hit), v.iter().position(hit));
                assert_eq!(v.par_iter().position_last(hit), v.iter().rposition(hit));
                let any = v.par_iter().position_any(hit);
                assert_eq!(any.is_some(), v.iter().any(hit));
                assert!(any.is_none_or(|i| hit(&v[i])));
                #[allow(deprecated)]
                let old = v.par_iter().position(hit);
                assert!(old.is_none_or(|i| hit(&v[i])));
                assert_eq!(v.par_iter().rev().position_first(hit), v.iter().rev().position(hit));
            });
        }
    }

    #[test]
    fn min_and_max_len_bound_every_folder(len in 0..3000usize, min in 0..300usize, max in 0..300usize) {
        for pool in common::loop_pools() {
            pool.install(|| {
                let pieces = (0..len).into_par_iter().with_min_len(min).with_max_len(max).drive(FolderSizes);
                check_folder_sizes(&pieces, len, min, max);
                // The bounds pass through adaptors, in their own units.
                let pieces = (0..len).into_par_iter().rev().with_min_len(min).enumerate().with_max_len(max).drive(FolderSizes);
                check_folder_sizes(&pieces, len, min, max);
                let chunked = (0..len).into_par_iter().with_min_len(min.saturating_mul(3)).chunks(3).drive(FolderSizes);
                check_folder_sizes(&chunked, len.div_ceil(3), min, usize::MAX);
            });
        }
    }
}

/// A consumer whose result is the number of items each of its folders took.
struct FolderSizes;
struct CountFolder(usize);
struct Concat;

impl<T> Consumer<T> for FolderSizes {
    type Folder = CountFolder;
    type Reducer = Concat;
    type Result = Vec<usize>;
    fn split_at(self, _index: usize) -> (Self, Self, Concat) {
        (FolderSizes, FolderSizes, Concat)
    }
    fn into_folder(self) -> CountFolder {
        CountFolder(0)
    }
    fn full(&self) -> bool {
        false
    }
}

impl<T> Folder<T> for CountFolder {
    type Result = Vec<usize>;
    fn consume(self, _item: T) -> Self {
        CountFolder(self.0 + 1)
    }
    fn complete(self) -> Vec<usize> {
        vec![self.0]
    }
    fn full(&self) -> bool {
        false
    }
}

impl Reducer<Vec<usize>> for Concat {
    fn reduce(self, mut left: Vec<usize>, right: Vec<usize>) -> Vec<usize> {
        left.extend(right);
        left
    }
}

/// Every folder holds at least `min` items (when there are that many), and
/// at most `max` unless a cut that keeps both sides at `min` is impossible.
fn check_folder_sizes(pieces: &[usize], len: usize, min: usize, max: usize) {
    assert_eq!(pieces.iter().sum::<usize>(), len);
    let (min, max) = (min.max(1), max.max(1));
    for &piece in pieces {
        assert!(
            piece >= min || piece == len,
            "{piece} items, min {min}: {pieces:?}"
        );
        assert!(
            piece <= max || piece < 2 * min,
            "{piece} items, max {max}, min {min}: {pieces:?}"
        );
    }
}

#[test]
fn lengths_saturate_like_rayon() {
    let huge = || (0..usize::MAX).into_par_iter();
    assert_eq!(huge().len(), usize::MAX);
    assert_eq!(huge().skip(5).len(), usize::MAX - 5);
    assert_eq!(huge().skip(usize::MAX).len(), 0);
    assert_eq!(huge().take(usize::MAX).len(), usize::MAX);
    assert_eq!(huge().step_by(2).len(), usize::MAX / 2 + 1);
    assert_eq!(huge().step_by(usize::MAX).len(), 1);
    assert_eq!(huge().chunks(usize::MAX).len(), 1);
    assert_eq!(huge().chunks(1).len(), usize::MAX);
    assert_eq!(
        huge().fold_chunks(1000, || 0, |a, _| a).len(),
        usize::MAX.div_ceil(1000)
    );
    assert_eq!(huge().interleave_shortest(0..3).len(), 7);
    assert_eq!(huge().zip(0..3).len(), 3);
    assert_eq!(
        huge().rev().take(3).collect::<Vec<_>>(),
        [usize::MAX - 1, usize::MAX - 2, usize::MAX - 3]
    );
    assert_eq!(
        huge().enumerate().rev().take(2).collect::<Vec<_>>(),
        [
            (usize::MAX - 1, usize::MAX - 1),
            (usize::MAX - 2, usize::MAX - 2)
        ]
    );
    assert_eq!(
        huge()
            .chunks(usize::MAX / 2)
            .rev()
            .take(1)
            .collect::<Vec<_>>(),
        [vec![usize::MAX - 1]]
    );
    assert_eq!(
        (0..usize::MAX - 2)
            .into_par_iter()
            .interleave(0..2)
            .rev()
            .take(1)
            .collect::<Vec<_>>(),
        [usize::MAX - 3]
    );
    assert_eq!(huge().position_first(|x| x == 12_345), Some(12_345));
    assert_eq!((0..0usize).into_par_iter().position_last(|_| true), None);
    let v = [1, 2, 3];
    assert_eq!(v.par_iter().step_by(usize::MAX).collect::<Vec<_>>(), [&1]);
    assert_eq!(
        v.par_iter().chunks(usize::MAX).collect::<Vec<_>>(),
        [vec![&1, &2, &3]]
    );
    assert_eq!(v.par_iter().by_uniform_blocks(usize::MAX).count(), 3);
    assert_eq!(
        v.par_iter()
            .with_min_len(usize::MAX)
            .with_max_len(0)
            .count(),
        3
    );
}

#[test]
#[should_panic(expected = "interleave: the total length overflows usize")]
fn interleave_length_overflow_is_a_clear_error() {
    let _ = (0..usize::MAX).into_par_iter().interleave(0..2).len();
}

#[test]
fn invalid_arguments_panic_as_in_rayon() {
    let v = [1, 2, 3];
    let panics = |f: &dyn Fn()| catch_unwind(AssertUnwindSafe(f)).is_err();
    assert!(panics(&|| {
        let _ = v.par_iter().zip_eq(&[1, 2]);
    }));
    assert!(panics(&|| {
        let _ = v.par_iter().chunks(0);
    }));
    assert!(panics(&|| {
        let _ = v.par_iter().fold_chunks(0, || 0, |a, _| a);
    }));
    assert!(panics(&|| {
        let _ = v.par_iter().fold_chunks_with(0, 0, |a, _| a);
    }));
    assert!(panics(&|| {
        let _ = v.par_iter().step_by(0);
    }));
    assert!(panics(&|| {
        let _ = v.par_iter().by_uniform_blocks(0);
    }));
}

#[test]
fn comparisons_stop_at_the_first_difference() {
    // On one thread nothing splits: the search ends in the chunk that holds
    // the first difference.
    let pool = common::pool(1, Duration::ZERO);
    let n = common::scaled(100_000, 1_000);
    let compared = AtomicUsize::new(0);
    let counting = || {
        (0..n).into_par_iter().map(|x| {
            compared.fetch_add(1, Relaxed);
            x
        })
    };
    let mut other: Vec<usize> = (0..n).collect();
    other[3] = 0;
    let other = || other.par_iter().map(|&x| x);
    pool.install(|| {
        assert_eq!(counting().cmp(other()), Ordering::Greater);
        assert!(compared.swap(0, Relaxed) < n);
        assert_eq!(counting().partial_cmp(other()), Some(Ordering::Greater));
        assert!(compared.swap(0, Relaxed) < n);
        assert!(!counting().eq(other()));
        assert!(compared.swap(0, Relaxed) < n);
        assert_eq!(counting().position_first(|x| x == 5), Some(5));
        assert!(compared.swap(0, Relaxed) < n);
        assert_eq!(counting().position_last(|x| x == n - 5), Some(n - 5));
        assert!(compared.swap(0, Relaxed) < n);
    });
}

#[test]
fn skipped_items_are_still_produced() {
    // As `Iterator::skip`: the closures run for the skipped items too.
    for pool in common::loop_pools() {
        let produced = AtomicUsize::new(0);
        let kept = pool.install(|| {
            (0..1000)
                .into_par_iter()
                .map(|x| {
                    produced.fetch_add(1, Relaxed);
                    x
                })
                .skip(900)
                .count()
        });
        assert_eq!((kept, produced.into_inner()), (100, 1000));
    }
}

#[test]
fn panics_in_closures_propagate() {
    let n = common::scaled(100_000, 500);
    let boom = move |x: usize| {
        if x == n - 7 {
            panic!("boom at {x}");
        }
        x
    };
    for pool in common::loop_pools() {
        let panics =
            |f: &(dyn Fn() + Sync)| catch_unwind(AssertUnwindSafe(|| pool.install(f))).is_err();
        assert!(panics(&|| {
            let _ = (0..n)
                .into_par_iter()
                .map(boom)
                .enumerate()
                .rev()
                .collect::<Vec<_>>();
        }));
        assert!(panics(&|| {
            let _ = (0..n).into_par_iter().map(boom).skip(n - 1).count();
        }));
        assert!(panics(&|| {
            let _ = (0..n)
                .into_par_iter()
                .map(boom)
                .step_by(7)
                .chunks(3)
                .count();
        }));
        assert!(panics(&|| {
            let _ = (0..n)
                .into_par_iter()
                .fold_chunks(5, || 0, |a, x| a + boom(x))
                .count();
        }));
        assert!(panics(&|| {
            let _ = (0..n).into_par_iter().interleave(0..n).map(boom).count();
        }));
        assert!(panics(&|| {
            let _ = (0..n).into_par_iter().positions(|x| boom(x) == 0).count();
        }));
        assert!(panics(&|| {
            let _ = (0..n).into_par_iter().position_first(|x| boom(x) == n);
        }));
        assert!(panics(&|| {
            let _ = (0..n).into_par_iter().map(boom).cmp(0..n);
        }));
        assert!(panics(&|| {
            let _ = (0..n)
                .into_par_iter()
                .by_uniform_blocks(100)
                .map(boom)
                .count();
        }));
        assert!(panics(&|| {
            let _ = (0..n, 0..n).into_par_iter().map(|(a, _)| boom(a)).count();
        }));
        assert_eq!(
            pool.install(|| (0..10i32).into_par_iter().rev().skip(1).sum::<i32>()),
            36
        );
    }
}
