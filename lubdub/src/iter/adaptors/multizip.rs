//! [`MultiZip`]: `into_par_iter()`, `par_iter()` and `par_iter_mut()` of a
//! tuple of up to 12 indexed parallel iterators (or things that become
//! one), zipped into an iterator of tuples.

use crate::iter::plumbing::{
    bridge, bridge_unindexed_consumer, Consumer, ProducerCallback, UnindexedConsumer,
};
use crate::iter::{
    IndexedParallelIterator, IntoParallelIterator, IntoParallelRefIterator,
    IntoParallelRefMutIterator, ParallelIterator,
};

/// The iterator of a tuple of indexed parallel iterators: a tuple of their
/// items at each position, as long as the shortest of them.
///
/// ```
/// use lubdub::prelude::*;
///
/// let names = ["a", "b", "c"];
/// let weights = [1.5, 2.0];
/// let v: Vec<(usize, &&str, &f64)> = (0..10, &names, &weights).into_par_iter().collect();
/// assert_eq!(v, [(0, &"a", &1.5), (1, &"b", &2.0)]);
///
/// let (mut xs, ys) = (vec![1, 2, 3], vec![10, 20, 30]);
/// (&mut xs, &ys).into_par_iter().for_each(|(x, y)| *x += y);
/// assert_eq!(xs, [11, 22, 33]);
/// ```
#[derive(Debug, Clone)]
#[must_use = "iterator adaptors are lazy and do nothing unless consumed"]
pub struct MultiZip<T> {
    tuple: T,
}

/// `a.zip(b).zip(c)...`: the iterators zipped into left-nested pairs.
macro_rules! zip_all {
    ($first:ident $(, $rest:ident)*) => {
        $first $(.zip($rest))*
    };
}

/// The pattern `((a, b), c)...` of an item of [`zip_all!`]'s iterator.
macro_rules! left_nested {
    ($first:ident $(, $rest:ident)*) => {
        left_nested!(@ $first; $($rest),*)
    };
    (@ $nested:tt;) => {
        $nested
    };
    (@ $nested:tt; $next:ident $(, $rest:ident)*) => {
        left_nested!(@ ($nested, $next); $($rest),*)
    };
}

/// Implements `IntoParallelIterator` for `$tuple`, a tuple of `$T`s (or a
/// reference to one) whose every element `$Into::$into` (one of
/// `IntoParallelIterator::into_par_iter`, `IntoParallelRefIterator::par_iter`
/// and `IntoParallelRefMutIterator::par_iter_mut`) turns into an indexed
/// iterator: the [`MultiZip`] of those iterators.
macro_rules! tuple_into_multizip {
    (
        impl[$($lt:lifetime)?] $tuple:ty, $Into:path, $into:ident;
        $(($T:ident, $t:ident)),+
    ) => {
        impl<$($lt,)? $($T),+> IntoParallelIterator for $tuple
        where
            $($T: $Into, $T::Iter: IndexedParallelIterator,)+
        {
            type Item = ($($T::Item,)+);
            type Iter = MultiZip<($($T::Iter,)+)>;

            fn into_par_iter(self) -> Self::Iter {
                let ($($t,)+) = self;
                MultiZip {
                    tuple: ($(<$T as $Into>::$into($t),)+),
                }
            }
        }
    };
}

macro_rules! multizip {
    ($(($T:ident, $t:ident)),+) => {
        tuple_into_multizip!(
            impl[] ($($T,)+), IntoParallelIterator, into_par_iter; $(($T, $t)),+
        );
        tuple_into_multizip!(
            impl['a] &'a ($($T,)+), IntoParallelRefIterator<'a>, par_iter; $(($T, $t)),+
        );
        tuple_into_multizip!(
            impl['a] &'a mut ($($T,)+), IntoParallelRefMutIterator<'a>, par_iter_mut;
            $(($T, $t)),+
        );

        impl<$($T),+> ParallelIterator for MultiZip<($($T,)+)>
        where
            $($T: IndexedParallelIterator,)+
        {
            type Item = ($($T::Item,)+);

            fn drive_unindexed<Cons>(self, consumer: Cons) -> Cons::Result
            where
                Cons: UnindexedConsumer<Self::Item>,
            {
                bridge_unindexed_consumer(self, consumer)
            }

            fn opt_len(&self) -> Option<usize> {
                Some(self.len())
            }
        }

        impl<$($T),+> IndexedParallelIterator for MultiZip<($($T,)+)>
        where
            $($T: IndexedParallelIterator,)+
        {
            fn drive<Cons: Consumer<Self::Item>>(self, consumer: Cons) -> Cons::Result {
                bridge(self, consumer)
            }

            fn len(&self) -> usize {
                let ($($t,)+) = &self.tuple;
                let len = usize::MAX;
                $(let len = len.min($t.len());)+
                len
            }

            fn with_producer<CB: ProducerCallback<Self::Item>>(self, callback: CB) -> CB::Output {
                let ($($t,)+) = self.tuple;
                zip_all!($($t),+)
                    .map(|left_nested!($($t),+)| ($($t,)+))
                    .with_producer(callback)
            }
        }
    };
}

multizip!((A, a));
multizip!((A, a), (B, b));
multizip!((A, a), (B, b), (C, c));
multizip!((A, a), (B, b), (C, c), (D, d));
multizip!((A, a), (B, b), (C, c), (D, d), (E, e));
multizip!((A, a), (B, b), (C, c), (D, d), (E, e), (F, f));
multizip!((A, a), (B, b), (C, c), (D, d), (E, e), (F, f), (G, g));
#[rustfmt::skip]
multizip!((A, a), (B, b), (C, c), (D, d), (E, e), (F, f), (G, g), (H, h));
#[rustfmt::skip]
multizip!((A, a), (B, b), (C, c), (D, d), (E, e), (F, f), (G, g), (H, h), (I, i));
#[rustfmt::skip]
multizip!((A, a), (B, b), (C, c), (D, d), (E, e), (F, f), (G, g), (H, h), (I, i), (J, j));
#[rustfmt::skip]
multizip!((A, a), (B, b), (C, c), (D, d), (E, e), (F, f), (G, g), (H, h), (I, i), (J, j), (K, k));
#[rustfmt::skip]
multizip!((A, a), (B, b), (C, c), (D, d), (E, e), (F, f), (G, g), (H, h), (I, i), (J, j), (K, k), (L, l));
