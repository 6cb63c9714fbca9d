//! [`Zip`]: two indexed iterators walked in lockstep.

use crate::iter::plumbing::{Consumer, Producer, ProducerCallback};
use crate::iter::private::Sealed;
use crate::iter::{indexed, IndexedParallelIterator, ParallelIterator};

/// The iterator of [`IndexedParallelIterator::zip`].
///
/// ```
/// use lubdub::prelude::*;
///
/// let mut y = vec![1.0, 2.0];
/// let x = vec![10.0, 20.0];
/// y.par_iter_mut().zip(&x).for_each(|(y, x)| *y += 2.0 * x);
/// assert_eq!(y, [21.0, 42.0]);
/// ```
#[derive(Clone, Debug)]
pub struct Zip<A, B> {
    a: A,
    b: B,
}

impl<A, B> Zip<A, B> {
    pub(crate) fn new(a: A, b: B) -> Self {
        Self { a, b }
    }
}

impl<A, B> ParallelIterator for Zip<A, B>
where
    A: IndexedParallelIterator,
    B: IndexedParallelIterator,
{
    type Item = (A::Item, B::Item);

    fn drive<C: Consumer<Self::Item>>(self, consumer: &C) -> C::Result {
        indexed::drive(self, consumer)
    }

    fn opt_len(&self, sealed: Sealed) -> Option<usize> {
        let a = self.a.opt_len(sealed)?;
        Some(a.min(self.b.opt_len(sealed)?))
    }
}

impl<A, B> IndexedParallelIterator for Zip<A, B>
where
    A: IndexedParallelIterator,
    B: IndexedParallelIterator,
{
    fn len(&self) -> usize {
        self.a.len().min(self.b.len())
    }

    fn with_producer<CB: ProducerCallback<Self::Item>>(self, callback: CB) -> CB::Output {
        let len = self.len();
        let b = self.b;
        self.a.with_producer(ZipCallbackA { callback, b, len })
    }
}

/// Receives `a`'s producer, then asks `b` for its own.
struct ZipCallbackA<CB, B> {
    callback: CB,
    b: B,
    len: usize,
}

impl<CB, B, T> ProducerCallback<T> for ZipCallbackA<CB, B>
where
    B: IndexedParallelIterator,
    CB: ProducerCallback<(T, B::Item)>,
{
    type Output = CB::Output;
    fn callback<P: Producer<Item = T>>(self, a: P) -> CB::Output {
        let a = a.split_at(self.len).0;
        self.b.with_producer(ZipCallbackB {
            callback: self.callback,
            a,
            len: self.len,
        })
    }
}

struct ZipCallbackB<CB, PA> {
    callback: CB,
    a: PA,
    len: usize,
}

impl<CB, PA, T> ProducerCallback<T> for ZipCallbackB<CB, PA>
where
    PA: Producer,
    CB: ProducerCallback<(PA::Item, T)>,
{
    type Output = CB::Output;
    fn callback<P: Producer<Item = T>>(self, b: P) -> CB::Output {
        let b = b.split_at(self.len).0;
        self.callback.callback(ZipProducer { a: self.a, b })
    }
}

struct ZipProducer<A, B> {
    a: A,
    b: B,
}

impl<A: Producer, B: Producer> Producer for ZipProducer<A, B> {
    type Item = (A::Item, B::Item);
    type IntoIter = std::iter::Zip<A::IntoIter, B::IntoIter>;
    fn len(&self) -> usize {
        self.a.len()
    }
    fn split_at(self, index: usize) -> (Self, Self) {
        let (a_left, a_right) = self.a.split_at(index);
        let (b_left, b_right) = self.b.split_at(index);
        (
            Self {
                a: a_left,
                b: b_left,
            },
            Self {
                a: a_right,
                b: b_right,
            },
        )
    }
    fn into_iter(self) -> Self::IntoIter {
        self.a.into_iter().zip(self.b.into_iter())
    }
}
