//! The start of a long merge, by blocks: runs that interleave in long
//! blocks (the halves of a mostly sorted input: each a dense range of
//! values plus a few strays from the other's) are merged by copying each
//! block whole, found by an exponential then binary search, at a few
//! comparisons per block instead of one per element. As soon as the blocks
//! get short, the rest goes to the branch-free [`merge`](super::merge).

use std::mem::MaybeUninit;
use std::ptr;

use super::run::Run;

/// Merges shorter than this are not tried by blocks: on a random input the
/// first [`TRIES`] pairs of blocks (about twelve comparisons) are all the
/// try costs.
pub(super) const GALLOP_MIN_LEN: usize = 128;

/// The blocks are long while the pairs of blocks (one from each run) copied
/// so far hold at least this many elements on average. A merge tries
/// [`TRIES`] pairs whatever they hold: a stray element of one run, less
/// than all of the other, makes a short pair at the start of a merge that
/// is otherwise made of long blocks.
const LONG_BLOCKS: usize = 16;

/// See [`LONG_BLOCKS`].
const TRIES: usize = 3;

/// Copies into the front of `dest` (as long as both runs) the first blocks
/// of the merge of `left` and `right`, stably (on ties `left`'s first), as
/// long as they are long; returns what is left of each run and how many
/// elements were written. `T` is not zero-sized.
pub(super) fn merge_blocks<T, F>(
    mut left: Run<T>,
    mut right: Run<T>,
    dest: &mut [MaybeUninit<T>],
    is_less: &F,
) -> (Run<T>, Run<T>, usize)
where
    F: Fn(&T, &T) -> bool,
{
    debug_assert_eq!(left.len() + right.len(), dest.len());
    let mut written = 0;
    let mut pairs = 0;
    while !left.is_empty() && !right.is_empty() {
        // `left`'s elements not greater than `right`'s first go first.
        let head = right.first();
        let a = block(left.as_slice(), |x| !is_less(head, x));
        left = take(left, a, &mut dest[written..]);
        written += a;
        if left.is_empty() {
            break;
        }
        // Then `right`'s elements less than `left`'s new first.
        let head = left.first();
        let b = block(right.as_slice(), |y| is_less(y, head));
        right = take(right, b, &mut dest[written..]);
        written += b;
        pairs += 1;
        if pairs >= TRIES && written < LONG_BLOCKS * pairs {
            break;
        }
    }
    (left, right, written)
}

/// Copies the first `n` elements of `run` to the front of `dest`; returns
/// the rest of the run.
fn take<T>(run: Run<T>, n: usize, dest: &mut [MaybeUninit<T>]) -> Run<T> {
    let (block, rest) = run.split_at(n);
    assert!(n <= dest.len());
    // SAFETY: `n` elements of the run into `dest` (checked long enough), a
    // distinct place (the merge's source and destination never overlap);
    // bitwise copies, as every merge here makes.
    unsafe { ptr::copy_nonoverlapping(block.start(), dest.as_mut_ptr().cast::<T>(), n) };
    rest
}

/// The length of the prefix of `v` whose elements satisfy `pred`, which
/// holds up to some point and not after it (any answer in `0..=v.len()` if
/// not): probes at 1, 2, 4... elements, then a binary search.
fn block<T>(v: &[T], pred: impl Fn(&T) -> bool) -> usize {
    let (mut known, mut step) = (0, 1);
    while known < v.len() {
        let probe = (known + step).min(v.len());
        if !pred(&v[probe - 1]) {
            return known + v[known..probe - 1].partition_point(&pred);
        }
        known = probe;
        step *= 2;
    }
    known
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn block_finds_the_prefix_at_every_length() {
        for len in 0..40 {
            let v: Vec<usize> = (0..len).collect();
            for cut in 0..=len {
                assert_eq!(block(&v, |&x| x < cut), cut, "len {len}, cut {cut}");
            }
        }
    }

    #[test]
    fn interleaved_blocks_merge_stably() {
        // Pairs (key, source): the left run has keys 0..1000 but for a few
        // strays, the right one keys 1000..2000 with strays below, and some
        // keys in both.
        let mut left: Vec<(u32, u8)> = (0..1000).map(|k| (k, 0)).collect();
        left.extend([(1500, 0), (1900, 0)]);
        let mut right: Vec<(u32, u8)> = vec![(300, 1), (600, 1), (999, 1)];
        right.extend((1000..2000).map(|k| (k, 1)));
        let mut expected: Vec<(u32, u8)> = left.iter().chain(&right).copied().collect();
        expected.sort_by_key(|p| p.0);
        let mut dest = vec![MaybeUninit::<(u32, u8)>::uninit(); expected.len()];
        let lt = |a: &(u32, u8), b: &(u32, u8)| a.0 < b.0;
        let (l, r, written) = merge_blocks(Run::of(&left), Run::of(&right), &mut dest, &lt);
        // Every block is long: the merge ends here, one run used up.
        assert!(l.is_empty() || r.is_empty());
        let rest = if l.is_empty() { r } else { l };
        assert_eq!(written + rest.len(), expected.len());
        // SAFETY: the first `written` slots were written.
        let got: Vec<(u32, u8)> = dest[..written]
            .iter()
            .map(|x| unsafe { x.assume_init() })
            .collect();
        assert_eq!(got, expected[..written]);
        assert_eq!(rest.as_slice(), &expected[written..]);
    }
}
