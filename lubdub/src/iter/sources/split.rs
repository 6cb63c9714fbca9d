//! [`split`]: a parallel iterator of the pieces a user's function cuts a
//! value into.

use crate::iter::plumbing::{bridge_unindexed, Folder, UnindexedConsumer, UnindexedProducer};
use crate::iter::ParallelIterator;

/// Cuts `data` with `splitter` (which returns the two pieces, or the piece
/// whole and `None` when it should not be cut further), and yields the
/// pieces. Pieces are cut as the pool needs them, so how many there are is
/// not fixed; each is `data` cut until `splitter` said `None` or no thread
/// needed more work.
///
/// ```
/// use lubdub::prelude::*;
///
/// // Sum a range by cutting it in halves of at most 1000 numbers.
/// let total: u64 = lubdub::iter::split(0u64..100_000, |r| {
///     if r.end - r.start <= 1000 {
///         return (r, None);
///     }
///     let mid = r.start + (r.end - r.start) / 2;
///     (r.start..mid, Some(mid..r.end))
/// })
/// .map(|r| r.sum::<u64>())
/// .sum();
/// assert_eq!(total, (0..100_000).sum());
/// ```
pub fn split<D, S>(data: D, splitter: S) -> Split<D, S>
where
    D: Send,
    S: Fn(D) -> (D, Option<D>) + Sync,
{
    Split { data, splitter }
}

/// The iterator of [`split`].
///
/// ```
/// use lubdub::prelude::*;
///
/// let pieces = lubdub::iter::split(10u32, |n| if n > 1 { (n / 2, Some(n - n / 2)) } else { (n, None) });
/// assert_eq!(pieces.sum::<u32>(), 10);
/// ```
#[derive(Clone)]
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct Split<D, S> {
    data: D,
    splitter: S,
}

impl<D: std::fmt::Debug, S> std::fmt::Debug for Split<D, S> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Split").field("data", &self.data).finish()
    }
}

impl<D, S> ParallelIterator for Split<D, S>
where
    D: Send,
    S: Fn(D) -> (D, Option<D>) + Sync + Send,
{
    type Item = D;

    fn drive_unindexed<C: UnindexedConsumer<D>>(self, consumer: C) -> C::Result {
        let producer = Piece {
            data: self.data,
            splitter: &self.splitter,
        };
        bridge_unindexed(producer, consumer)
    }
}

/// One piece of a [`Split`]'s data.
struct Piece<'s, D, S> {
    data: D,
    splitter: &'s S,
}

impl<D, S> UnindexedProducer for Piece<'_, D, S>
where
    D: Send,
    S: Fn(D) -> (D, Option<D>) + Sync,
{
    type Item = D;

    fn split(self) -> (Self, Option<Self>) {
        let (left, right) = (self.splitter)(self.data);
        let splitter = self.splitter;
        (
            Piece {
                data: left,
                splitter,
            },
            right.map(|data| Piece { data, splitter }),
        )
    }

    fn fold_with<F: Folder<D>>(self, folder: F) -> F {
        folder.consume(self.data)
    }
}
