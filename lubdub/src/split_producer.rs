//! The unindexed producer behind every split of a slice or a string into
//! pieces that only a scan can find (`par_split`, `par_chunk_by`,
//! `par_lines`, `par_split_whitespace`...).
//!
//! A [`Rule`] names the **cut positions** of the data (a separator element
//! or char, a boundary between two runs) and how a stretch of data becomes
//! items: the standard library's sequential iterator of the same name. The
//! producer cuts at the first cut position at or after the middle of its data
//! (or, failing that, the last one before it), so the items of the two halves
//! are exactly the items of the whole.
//!
//! A search that finds nothing is not repeated: each piece remembers how
//! much of its front may still hold a cut position (`searchable`), so a later
//! split, and the final fold, only scan that part.

use crate::iter::plumbing::{Folder, UnindexedProducer};

/// Data a [`SplitProducer`] cuts: a shared or mutable slice, or a `&str`.
pub(crate) trait Piece: Send + Sized {
    /// The length, in elements or bytes.
    fn extent(&self) -> usize;
}

impl<T: Sync> Piece for &[T] {
    fn extent(&self) -> usize {
        self.len()
    }
}

impl<T: Send> Piece for &mut [T] {
    fn extent(&self) -> usize {
        self.len()
    }
}

impl Piece for &str {
    fn extent(&self) -> usize {
        self.len()
    }
}

/// Where data of type `V` may be cut and how it becomes items. Positions
/// are element or byte offsets; a `&str` rule only ever returns char
/// boundaries.
pub(crate) trait Rule<V>: Copy + Send {
    /// A position near the middle of `data[..end]` from which to look for a
    /// cut (`end` is a position the rule could have returned).
    fn middle(self, data: &V, end: usize) -> usize {
        let _ = data;
        end / 2
    }

    /// The first cut position in `start..end`.
    fn find(self, data: &V, start: usize, end: usize) -> Option<usize>;

    /// The last cut position before `end`.
    fn rfind(self, data: &V, end: usize) -> Option<usize>;

    /// The data before and after the cut position `at`, and where the part
    /// after it starts in `data`.
    fn cut(self, data: V, at: usize) -> (V, V, usize);

    /// Folds every item of `data` with the standard library's iterator; if
    /// `terminated`, a last item that is empty is left out
    /// (`split_terminator`).
    fn fold_all<F: Folder<V>>(self, data: V, folder: F, terminated: bool) -> F;

    /// Folds `data`, which holds no cut position: one item.
    fn fold_uncut<F: Folder<V>>(self, data: V, folder: F) -> F {
        folder.consume(data)
    }
}

/// Items of `data` between the cut positions of `rule`.
pub(crate) struct SplitProducer<V, R> {
    data: V,
    rule: R,
    /// No cut position lies at or after this position.
    searchable: usize,
    /// This piece ends the whole data, and its last item is left out if it
    /// is empty.
    terminated: bool,
}

impl<V: Piece, R: Rule<V>> SplitProducer<V, R> {
    /// All the items of `data`.
    pub(crate) fn new(data: V, rule: R) -> Self {
        Self {
            searchable: data.extent(),
            data,
            rule,
            terminated: false,
        }
    }

    /// The items of `data`, the last one left out if it is empty.
    pub(crate) fn terminated(data: V, rule: R) -> Self {
        Self {
            terminated: true,
            ..Self::new(data, rule)
        }
    }
}

impl<V: Piece, R: Rule<V>> UnindexedProducer for SplitProducer<V, R> {
    type Item = V;

    fn split(self) -> (Self, Option<Self>) {
        let Self {
            data,
            rule,
            searchable,
            terminated,
        } = self;
        let mid = rule.middle(&data, searchable);
        let found = match rule.find(&data, mid, searchable) {
            Some(at) => Some((at, true)),
            None => rule.rfind(&data, mid).map(|at| (at, false)),
        };
        let Some((at, forward)) = found else {
            let whole = Self {
                data,
                rule,
                searchable: 0,
                terminated,
            };
            return (whole, None);
        };
        let (left, right, offset) = rule.cut(data, at);
        let (left_searchable, right_searchable) = if forward {
            // `mid..at` held no cut; the right part still has what was not
            // searched after the cut.
            (mid, searchable.saturating_sub(offset))
        } else {
            // Nothing after `at` holds a cut.
            (at, 0)
        };
        let left = Self {
            data: left,
            rule,
            searchable: left_searchable,
            terminated: false,
        };
        let right = Self {
            data: right,
            rule,
            searchable: right_searchable,
            terminated,
        };
        (left, Some(right))
    }

    fn fold_with<F: Folder<V>>(self, folder: F) -> F {
        let Self {
            data,
            rule,
            searchable,
            terminated,
        } = self;
        if searchable == data.extent() {
            return rule.fold_all(data, folder, terminated);
        }
        // The last item runs from the last cut position to the end.
        let (folder, last) = match rule.rfind(&data, searchable) {
            Some(at) => {
                let (front, last, _) = rule.cut(data, at);
                (rule.fold_all(front, folder, false), last)
            }
            None => (folder, data),
        };
        if folder.full() || (terminated && last.extent() == 0) {
            folder
        } else {
            rule.fold_uncut(last, folder)
        }
    }
}
