//! [`indexed_by_producer!`]: the iterator traits of a positional adaptor,
//! whose every loop runs through its producer.

/// Implements `ParallelIterator` (with `Item = $item`) and
/// `IndexedParallelIterator` for `$adaptor` (generic over `$gen`, where
/// `$bound`), an adaptor that is driven only through its producer:
/// `drive_unindexed` and `drive` hand it to the bridge, and `opt_len` is its
/// `len`. `$methods` are its `len` and `with_producer`.
macro_rules! indexed_by_producer {
    (
        impl[$($gen:tt)*] $adaptor:ty $(where [$($bound:tt)*])?, Item = $item:ty;
        $($methods:tt)*
    ) => {
        impl<$($gen)*> $crate::iter::ParallelIterator for $adaptor
        $(where $($bound)*)?
        {
            type Item = $item;

            fn drive_unindexed<C>(self, consumer: C) -> C::Result
            where
                C: $crate::iter::plumbing::UnindexedConsumer<Self::Item>,
            {
                $crate::iter::plumbing::bridge_unindexed_consumer(self, consumer)
            }

            fn opt_len(&self) -> Option<usize> {
                Some($crate::iter::IndexedParallelIterator::len(self))
            }
        }

        impl<$($gen)*> $crate::iter::IndexedParallelIterator for $adaptor
        $(where $($bound)*)?
        {
            fn drive<C>(self, consumer: C) -> C::Result
            where
                C: $crate::iter::plumbing::Consumer<Self::Item>,
            {
                $crate::iter::plumbing::bridge(self, consumer)
            }

            $($methods)*
        }
    };
}
pub(super) use indexed_by_producer;
