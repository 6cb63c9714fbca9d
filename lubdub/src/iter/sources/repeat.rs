//! [`repeat`], [`repeat_n`] (and its old name [`repeatn`]): parallel
//! iterators of clones of one value.

use crate::iter::plumbing::{
    bridge, bridge_unindexed_consumer, Consumer, Folder, Producer, ProducerCallback,
    UnindexedConsumer, UnindexedProducer,
};
use crate::iter::{IndexedParallelIterator, IntoParallelIterator, ParallelIterator, Zip};

/// An endless parallel iterator of clones of `element`; cut it with
/// [`Repeat::take`], zip it with [`Repeat::zip`], or stop it with a
/// short-circuiting consumer.
///
/// ```
/// use lubdub::prelude::*;
///
/// let v: Vec<(u8, char)> = lubdub::iter::repeat('x').zip(0..3u8).map(|(c, i)| (i, c)).collect();
/// assert_eq!(v, [(0, 'x'), (1, 'x'), (2, 'x')]);
/// ```
pub fn repeat<T: Clone + Send>(element: T) -> Repeat<T> {
    Repeat { element }
}

/// The iterator of [`repeat`].
///
/// ```
/// let v: Vec<i32> = lubdub::prelude::ParallelIterator::collect(lubdub::iter::repeat(5).take(2));
/// assert_eq!(v, [5, 5]);
/// ```
#[derive(Clone, Debug)]
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct Repeat<T> {
    element: T,
}

impl<T: Clone + Send> Repeat<T> {
    /// The first `n` clones: an indexed iterator, as [`repeat_n`].
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// assert_eq!(lubdub::iter::repeat(2).take(5).sum::<i32>(), 10);
    /// ```
    pub fn take(self, n: usize) -> RepeatN<T> {
        repeat_n(self.element, n)
    }

    /// Pairs each item of `zip_op` with a clone: as long as `zip_op`.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let v: Vec<(i32, &str)> = lubdub::iter::repeat(1).zip(vec!["a", "b"]).collect();
    /// assert_eq!(v, [(1, "a"), (1, "b")]);
    /// ```
    pub fn zip<Z>(self, zip_op: Z) -> Zip<RepeatN<T>, Z::Iter>
    where
        Z: IntoParallelIterator,
        Z::Iter: IndexedParallelIterator,
    {
        let other = zip_op.into_par_iter();
        let n = other.len();
        self.take(n).zip(other)
    }
}

impl<T: Clone + Send> ParallelIterator for Repeat<T> {
    type Item = T;

    fn drive_unindexed<C: UnindexedConsumer<T>>(self, consumer: C) -> C::Result {
        crate::iter::plumbing::bridge_unindexed(
            Endless {
                element: self.element,
            },
            consumer,
        )
    }
}

/// The endless producer of [`Repeat`]: every piece clones until its
/// consumer is full.
struct Endless<T> {
    element: T,
}

impl<T: Clone + Send> UnindexedProducer for Endless<T> {
    type Item = T;

    fn split(self) -> (Self, Option<Self>) {
        let other = Endless {
            element: self.element.clone(),
        };
        (self, Some(other))
    }

    fn fold_with<F: Folder<T>>(self, folder: F) -> F {
        folder.consume_iter(std::iter::repeat(self.element))
    }
}

/// A parallel iterator of `n` clones of `element`.
///
/// ```
/// use lubdub::prelude::*;
///
/// let v: Vec<String> = lubdub::iter::repeat_n(String::from("ab"), 3).collect();
/// assert_eq!(v, ["ab", "ab", "ab"]);
/// ```
pub fn repeat_n<T: Clone + Send>(element: T, n: usize) -> RepeatN<T> {
    RepeatN {
        element: (n > 0).then_some(element),
        count: n,
    }
}

/// The old name of [`repeat_n`].
///
/// ```
/// use lubdub::prelude::*;
///
/// #[allow(deprecated)]
/// let n = lubdub::iter::repeatn(0u8, 4).count();
/// assert_eq!(n, 4);
/// ```
#[deprecated(note = "use `repeat_n`")]
pub fn repeatn<T: Clone + Send>(element: T, n: usize) -> RepeatN<T> {
    repeat_n(element, n)
}

/// The iterator of [`repeat_n`] and [`Repeat::take`].
///
/// ```
/// use lubdub::prelude::*;
///
/// assert_eq!(lubdub::iter::repeat_n(1u32, 10).len(), 10);
/// ```
#[derive(Clone, Debug)]
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct RepeatN<T> {
    element: Option<T>,
    count: usize,
}

impl<T: Clone + Send> ParallelIterator for RepeatN<T> {
    type Item = T;

    fn drive_unindexed<C: UnindexedConsumer<T>>(self, consumer: C) -> C::Result {
        bridge_unindexed_consumer(self, consumer)
    }

    fn opt_len(&self) -> Option<usize> {
        Some(self.count)
    }
}

impl<T: Clone + Send> IndexedParallelIterator for RepeatN<T> {
    fn drive<C: Consumer<T>>(self, consumer: C) -> C::Result {
        bridge(self, consumer)
    }

    fn len(&self) -> usize {
        self.count
    }

    fn with_producer<CB: ProducerCallback<T>>(self, callback: CB) -> CB::Output {
        callback.callback(Clones {
            element: self.element,
            count: self.count,
        })
    }
}

/// `count` clones of `element` (`None` when `count` is 0): the producer of
/// [`RepeatN`] and its sequential iterator, which moves the value itself out
/// as the last item instead of cloning it.
#[derive(Debug)]
struct Clones<T> {
    element: Option<T>,
    count: usize,
}

impl<T: Clone + Send> Producer for Clones<T> {
    type Item = T;
    type IntoIter = Self;

    fn into_iter(self) -> Self {
        self
    }

    fn split_at(self, index: usize) -> (Self, Self) {
        let right_count = self.count - index;
        let (left, right) = match (index, right_count) {
            (0, _) => (None, self.element),
            (_, 0) => (self.element, None),
            _ => (self.element.clone(), self.element),
        };
        (
            Clones {
                element: left,
                count: index,
            },
            Clones {
                element: right,
                count: right_count,
            },
        )
    }
}

impl<T: Clone> Iterator for Clones<T> {
    type Item = T;

    fn next(&mut self) -> Option<T> {
        self.count = self.count.checked_sub(1)?;
        if self.count == 0 {
            self.element.take()
        } else {
            self.element.clone()
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.count, Some(self.count))
    }

    /// Skips `n` items without cloning them (`step_by` jumps this way).
    fn nth(&mut self, n: usize) -> Option<T> {
        if n >= self.count {
            self.count = 0;
            self.element = None;
            return None;
        }
        self.count -= n;
        self.next()
    }
}

impl<T: Clone> DoubleEndedIterator for Clones<T> {
    fn next_back(&mut self) -> Option<T> {
        self.next()
    }

    fn nth_back(&mut self, n: usize) -> Option<T> {
        self.nth(n)
    }
}

impl<T: Clone> ExactSizeIterator for Clones<T> {}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use crate::prelude::*;

    static CLONES: AtomicUsize = AtomicUsize::new(0);

    struct Counted;

    impl Clone for Counted {
        fn clone(&self) -> Self {
            CLONES.fetch_add(1, Ordering::Relaxed);
            Counted
        }
    }

    #[test]
    fn stepping_over_clones_does_not_make_them() {
        let pool = crate::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .unwrap();
        let stepped = pool.install(|| super::repeat_n(Counted, 1000).step_by(999).count());
        assert_eq!(stepped, 2);
        // One clone for the first item, the last item being the value
        // itself, and one more where the loop cuts its two items apart
        // (a short piece's first chunk is one item); none for the 998
        // items stepped over.
        assert!(CLONES.load(Ordering::Relaxed) <= 2);
    }
}
