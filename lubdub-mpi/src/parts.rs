//! [`Parts`]: the result of a varying-count collective, one part per rank,
//! stored back to back in one vector.

use std::ops::Range;

/// Items received from every rank, back to back in rank order, with where
/// each rank's part begins and ends.
///
/// ```
/// let mpi = lubdub_mpi::init().unwrap();
/// let world = mpi.world();
/// // Rank r contributes r + 1 copies of r.
/// let mine = vec![world.rank(); world.rank() as usize + 1];
/// let parts = world.all_gather_varcount(&mine).unwrap();
/// assert_eq!(parts.len(), world.size() as usize);
/// for rank in 0..world.size() {
///     assert_eq!(parts.part(rank as usize), vec![rank; rank as usize + 1]);
/// }
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parts<T> {
    items: Vec<T>,
    /// `offsets[r]..offsets[r + 1]` is rank `r`'s part.
    offsets: Vec<usize>,
}

impl<T> Parts<T> {
    /// Parts of the given `counts`, back to back in `items`.
    pub(crate) fn new(items: Vec<T>, counts: &[usize]) -> Self {
        let offsets = std::iter::once(0)
            .chain(counts.iter().scan(0, |end, &count| {
                *end += count;
                Some(*end)
            }))
            .collect::<Vec<_>>();
        debug_assert_eq!(offsets.last(), Some(&items.len()));
        Self { items, offsets }
    }

    /// The number of parts (of ranks).
    ///
    /// ```
    /// let mpi = lubdub_mpi::init().unwrap();
    /// let parts = mpi.world().all_gather_varcount::<u8>(&[]).unwrap();
    /// assert_eq!((parts.len(), parts.is_empty()), (mpi.world().size() as usize, false));
    /// ```
    pub fn len(&self) -> usize {
        self.offsets.len() - 1
    }

    /// Whether there are no parts (never, for a communicator's result).
    ///
    /// ```
    /// let mpi = lubdub_mpi::init().unwrap();
    /// assert!(!mpi.world().all_gather_varcount(&[1u8]).unwrap().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Rank `rank`'s part. Panics if `rank >= self.len()`.
    ///
    /// ```
    /// let mpi = lubdub_mpi::init().unwrap();
    /// let parts = mpi.world().all_gather_varcount(&[mpi.world().rank(); 2]).unwrap();
    /// assert_eq!(parts.part(0), [0, 0]);
    /// ```
    pub fn part(&self, rank: usize) -> &[T] {
        &self.items[self.range(rank)]
    }

    /// Where rank `rank`'s part lies in [`Parts::items`]. Panics if
    /// `rank >= self.len()`.
    ///
    /// ```
    /// let mpi = lubdub_mpi::init().unwrap();
    /// let parts = mpi.world().all_gather_varcount(&[7u32; 3]).unwrap();
    /// assert_eq!(parts.range(0), 0..3);
    /// ```
    pub fn range(&self, rank: usize) -> Range<usize> {
        self.offsets[rank]..self.offsets[rank + 1]
    }

    /// Every part, back to back in rank order.
    ///
    /// ```
    /// let mpi = lubdub_mpi::init().unwrap();
    /// let parts = mpi.world().all_gather_varcount(&[5u8]).unwrap();
    /// assert_eq!(parts.items(), vec![5; mpi.world().size() as usize]);
    /// ```
    pub fn items(&self) -> &[T] {
        &self.items
    }

    /// The vector of every part, back to back in rank order.
    ///
    /// ```
    /// let mpi = lubdub_mpi::init().unwrap();
    /// let items = mpi.world().all_gather_varcount(&[1i64, 2]).unwrap().into_items();
    /// assert_eq!(items.len(), 2 * mpi.world().size() as usize);
    /// ```
    pub fn into_items(self) -> Vec<T> {
        self.items
    }
}
