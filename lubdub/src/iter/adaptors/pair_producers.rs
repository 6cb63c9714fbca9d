//! [`with_producers`]: the producers of two indexed iterators at once, for
//! the adaptors that combine two (`chain`, `interleave`, `zip`).

use crate::iter::plumbing::{Producer, ProducerCallback};
use crate::iter::IndexedParallelIterator;

/// What to do with the producers of two indexed iterators once both are at
/// hand: [`ProducerCallback`] for a pair.
pub(super) trait PairCallback<ItemA, ItemB> {
    /// What the callback returns.
    type Output;

    /// Called with `a`'s producer and `b`'s.
    fn callback<PA, PB>(self, a: PA, b: PB) -> Self::Output
    where
        PA: Producer<Item = ItemA>,
        PB: Producer<Item = ItemB>;
}

/// Asks `a` for its producer, then `b` for its own, and hands both to
/// `callback`.
pub(super) fn with_producers<A, B, CB>(a: A, b: B, callback: CB) -> CB::Output
where
    A: IndexedParallelIterator,
    B: IndexedParallelIterator,
    CB: PairCallback<A::Item, B::Item>,
{
    return a.with_producer(CallbackA { callback, b });

    /// Receives `a`'s producer, then asks `b` for its own.
    struct CallbackA<CB, B> {
        callback: CB,
        b: B,
    }

    impl<CB, ItemA, B> ProducerCallback<ItemA> for CallbackA<CB, B>
    where
        B: IndexedParallelIterator,
        CB: PairCallback<ItemA, B::Item>,
    {
        type Output = CB::Output;

        fn callback<PA: Producer<Item = ItemA>>(self, a: PA) -> CB::Output {
            self.b.with_producer(CallbackB {
                callback: self.callback,
                a,
            })
        }
    }

    /// Receives `b`'s producer and hands both on.
    struct CallbackB<CB, PA> {
        callback: CB,
        a: PA,
    }

    impl<CB, PA, ItemB> ProducerCallback<ItemB> for CallbackB<CB, PA>
    where
        PA: Producer,
        CB: PairCallback<PA::Item, ItemB>,
    {
        type Output = CB::Output;

        fn callback<PB: Producer<Item = ItemB>>(self, b: PB) -> CB::Output {
            self.callback.callback(self.a, b)
        }
    }
}
