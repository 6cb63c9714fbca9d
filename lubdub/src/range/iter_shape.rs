//! What [`range`](super) and [`range_inclusive`](crate::range_inclusive)
//! share: the parallel iterator `Iter<T>` over a std range of `T`, and the
//! sealed item traits through which each item type picks its loop.

/// Declares, in the module that calls it, `Iter<T>` over a `$range<T>` (with
/// the doc `$doc`), `into_par_iter` for `$range<T>`, and the sealed traits
/// `RangeInteger` and `IndexedRangeInteger` to which `Iter<T>`'s
/// `ParallelIterator` and `IndexedParallelIterator` hand their work: the
/// module implements them for each item type.
macro_rules! range_iter {
    ($(#[doc = $doc:literal])* $range:ident) => {
        $(#[doc = $doc])*
        #[derive(Clone, Debug)]
        #[must_use = "iterators are lazy and do nothing unless consumed"]
        pub struct Iter<T> {
            range: $range<T>,
        }

        impl<T> $crate::iter::IntoParallelIterator for $range<T>
        where
            Iter<T>: $crate::iter::ParallelIterator,
        {
            type Iter = Iter<T>;
            type Item = <Iter<T> as $crate::iter::ParallelIterator>::Item;

            fn into_par_iter(self) -> Iter<T> {
                Iter { range: self }
            }
        }

        mod private {
            use super::Iter;
            use $crate::iter::plumbing::{Consumer, ProducerCallback, UnindexedConsumer};

            /// The item types of the module's parallel ranges. The bound is
            /// on the item type itself so that `(0..n).into_par_iter()`
            /// infers the integer type of `n` as sequential code does.
            /// Sealed: implemented for the primitive integers and `char`
            /// only.
            pub trait RangeInteger: Sized + Send {
                fn drive_unindexed<C: UnindexedConsumer<Self>>(iter: Iter<Self>, consumer: C) -> C::Result;
                fn opt_len(iter: &Iter<Self>) -> Option<usize>;
            }

            /// The item types of the module's indexed parallel ranges.
            pub trait IndexedRangeInteger: RangeInteger {
                fn drive<C: Consumer<Self>>(iter: Iter<Self>, consumer: C) -> C::Result;
                fn len(iter: &Iter<Self>) -> usize;
                fn with_producer<CB: ProducerCallback<Self>>(iter: Iter<Self>, callback: CB) -> CB::Output;
            }
        }

        use private::{IndexedRangeInteger, RangeInteger};

        impl<T: RangeInteger> $crate::iter::ParallelIterator for Iter<T> {
            type Item = T;

            fn drive_unindexed<C>(self, consumer: C) -> C::Result
            where
                C: $crate::iter::plumbing::UnindexedConsumer<T>,
            {
                T::drive_unindexed(self, consumer)
            }

            fn opt_len(&self) -> Option<usize> {
                T::opt_len(self)
            }
        }

        impl<T: IndexedRangeInteger> $crate::iter::IndexedParallelIterator for Iter<T> {
            fn drive<C: $crate::iter::plumbing::Consumer<T>>(self, consumer: C) -> C::Result {
                T::drive(self, consumer)
            }

            fn len(&self) -> usize {
                T::len(self)
            }

            fn with_producer<CB>(self, callback: CB) -> CB::Output
            where
                CB: $crate::iter::plumbing::ProducerCallback<T>,
            {
                T::with_producer(self, callback)
            }
        }
    };
}
pub(crate) use range_iter;
