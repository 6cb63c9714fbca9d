//! The merge sort's merges: branch-free and sequential while no thread is
//! idle, cut in two on a heartbeat as a loop is.
//!
//! A merge's cost is the latency of one chain: load the two heads, compare,
//! advance one of them, load again. So a merge runs four chains at once: a
//! merge of two runs of at least [`CUT_MIN`] elements is first cut in two
//! ([`cut`]: at the median of the longer run, the other run at the same
//! value by binary search), and each part takes its smallest and its
//! greatest elements in the same loop. Steps come in blocks of at most
//! [`MERGE_STEPS`](super::merging::MERGE_STEPS) outputs per part, as many as no run can run out in, so
//! the loop has no bounds checks. Between blocks the merge polls the
//! heartbeat ([`WorkerContext::split_poll`], which counts the block's
//! outputs as a loop's poll counts its items: a subtraction and a branch);
//! when one is due and a thread idles, the second part is offered to it
//! through [`WorkerContext::join_split`], and each part goes on as a merge
//! of its own, cut in two again.
//!
//! Whatever `is_less` answers, no element is taken twice: in a block, each
//! end of a part takes at most half of each run's untaken elements.
//! Elements are compared where they lie and copied once taken, never
//! compared again in the same merge.

use std::mem::MaybeUninit;

use super::merging::Merging;
use super::run::Run;
use crate::pool::current_context;
use crate::scheduler::context::WorkerContext;

/// A merge is cut in two parts when both runs have at least this many
/// elements: the binary search then costs a few comparisons per hundred
/// elements merged.
const CUT_MIN: usize = 32;

/// Merges two sorted runs into `dest` (as long as both) by bitwise copies,
/// stably: among equal elements, `left`'s come first. `T` is not
/// zero-sized.
pub(super) fn merge<T, F>(left: Run<T>, right: Run<T>, dest: &mut [MaybeUninit<T>], is_less: &F)
where
    T: Send,
    F: Fn(&T, &T) -> bool + Sync,
{
    debug_assert_eq!(left.len() + right.len(), dest.len());
    debug_assert_ne!(size_of::<T>(), 0);
    let ctx = current_context().expect("a sort runs in a pool");
    if left.len() >= CUT_MIN && right.len() >= CUT_MIN {
        let (front, back) = cut(Merging::new(left, right, dest), is_less);
        return merge_two(ctx, front, back, is_less);
    }
    let mut merging = Merging::new(left, right, dest);
    loop {
        let pairs = merging.pairs();
        if pairs == 0 {
            // SAFETY: a run has at most one element left.
            return unsafe { merging.finish(is_less) };
        }
        for _ in 0..pairs {
            // SAFETY: `pairs` steps from each end fit (`Merging::pairs`).
            unsafe {
                merging.step_front(is_less);
                merging.step_back(is_less);
            }
        }
        if ctx.split_poll(2 * pairs) {
            let (front, back) = cut(merging, is_less);
            return offer_back(ctx, front, back, is_less);
        }
    }
}

/// Runs two parts of a merge in one loop, both from both ends.
fn merge_two<T, F>(ctx: &WorkerContext, mut front: Merging<T>, mut back: Merging<T>, is_less: &F)
where
    T: Send,
    F: Fn(&T, &T) -> bool + Sync,
{
    loop {
        let pairs = front.pairs().min(back.pairs());
        if pairs == 0 {
            // A part is nearly done: each goes on alone (and the other is
            // cut in two again).
            resume(front, is_less);
            return resume(back, is_less);
        }
        for _ in 0..pairs {
            // SAFETY: `pairs` steps from each end fit in both parts.
            unsafe {
                front.step_front(is_less);
                back.step_front(is_less);
                front.step_back(is_less);
                back.step_back(is_less);
            }
        }
        if ctx.split_poll(4 * pairs) {
            return offer_back(ctx, front, back, is_less);
        }
    }
}

/// A heartbeat is due and a thread idles: `back` goes to it, `front` stays.
fn offer_back<T, F>(ctx: &WorkerContext, front: Merging<T>, back: Merging<T>, is_less: &F)
where
    T: Send,
    F: Fn(&T, &T) -> bool + Sync,
{
    ctx.join_split(
        move || resume(front, is_less),
        move || resume(back, is_less),
    );
}

/// Finishes a part of a merge on this thread, or cut in two again (see
/// [`merge`]).
fn resume<T, F>(merging: Merging<T>, is_less: &F)
where
    T: Send,
    F: Fn(&T, &T) -> bool + Sync,
{
    // SAFETY: `merging` is consumed.
    let (left, right, dest) = unsafe { merging.into_parts() };
    merge(left, right, dest, is_less);
}

/// Cuts what is left of `merging` in two parts: at the middle element of
/// the longer run, the other run where that element belongs (after its
/// equals from the left run, before those from the right run).
fn cut<T, F>(merging: Merging<T>, is_less: &F) -> (Merging<T>, Merging<T>)
where
    F: Fn(&T, &T) -> bool,
{
    // SAFETY: `merging` is ours; its unwritten outputs are split below
    // between the two parts, as many as each part's runs hold.
    let (left, right, dest) = unsafe { merging.into_parts() };
    let (left_cut, right_cut) = if left.len() >= right.len() {
        let cut = left.len() / 2;
        let at = &left.as_slice()[cut];
        (cut, right.as_slice().partition_point(|x| is_less(x, at)))
    } else {
        let cut = right.len() / 2;
        let at = &right.as_slice()[cut];
        (left.as_slice().partition_point(|x| !is_less(at, x)), cut)
    };
    let (left_front, left_back) = left.split_at(left_cut);
    let (right_front, right_back) = right.split_at(right_cut);
    let (dest_front, dest_back) = dest.split_at_mut(left_cut + right_cut);
    (
        Merging::new(left_front, right_front, dest_front),
        Merging::new(left_back, right_back, dest_back),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    /// Merges `left` and `right` on a 2-thread pool whose heartbeat is due
    /// at every poll, so that merges are cut wherever a thread idles.
    fn merged<T: Send + Clone>(
        left: &[T],
        right: &[T],
        is_less: &(impl Fn(&T, &T) -> bool + Sync),
    ) -> Vec<T> {
        let pool = crate::ThreadPoolBuilder::new()
            .num_threads(2)
            .heartbeat_interval(Duration::ZERO)
            .build()
            .unwrap();
        let both: Vec<T> = left.iter().chain(right).cloned().collect();
        let mut out: Vec<T> = Vec::with_capacity(both.len());
        let (l, r) = Run::of(&both).split_at(left.len());
        let dest = &mut out.spare_capacity_mut()[..both.len()];
        pool.install(move || merge(l, r, dest, is_less));
        // SAFETY: the merge wrote every slot with a bitwise copy of an
        // element of `both`, whose originals are forgotten instead of
        // dropped.
        unsafe { out.set_len(both.len()) };
        std::mem::forget(both);
        out
    }

    #[test]
    fn merges_stably_at_every_length() {
        let lengths: &[usize] = if cfg!(miri) {
            &[0, 1, 2, 33, 70]
        } else {
            &[0, 1, 2, 3, 31, 32, 33, 64, 100, 1000]
        };
        for &a in lengths {
            for &b in lengths {
                let run = |n: usize, tag: u32| -> Vec<(u32, u32)> {
                    let mut v: Vec<(u32, u32)> = (0..n as u32)
                        .map(|i| (i.wrapping_mul(2_654_435_761) % 50, tag))
                        .collect();
                    v.sort();
                    v
                };
                let (left, right) = (run(a, 0), run(b, 1));
                let by_key = |x: &(u32, u32), y: &(u32, u32)| x.0 < y.0;
                let mut expected: Vec<(u32, u32)> = left.iter().chain(&right).copied().collect();
                expected.sort_by_key(|p| p.0);
                assert_eq!(merged(&left, &right, &by_key), expected, "{a} + {b}");
            }
        }
    }

    #[test]
    fn random_answers_take_each_element_once() {
        let n = if cfg!(miri) { 80 } else { 5_000 };
        let left: Vec<String> = (0..n).map(|i| format!("l{i}")).collect();
        let right: Vec<String> = (0..n / 3).map(|i| format!("r{i}")).collect();
        let calls = std::sync::atomic::AtomicU64::new(0);
        let random = |_: &String, _: &String| {
            let k = calls.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            k.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 63 == 1
        };
        let mut out = merged(&left, &right, &random);
        let mut expected: Vec<String> = left.into_iter().chain(right).collect();
        out.sort();
        expected.sort();
        assert_eq!(out, expected);
    }
}
