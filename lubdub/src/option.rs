//! Parallel iterators over an `Option`'s value: zero or one item.
//!
//! ```
//! use lubdub::prelude::*;
//!
//! assert_eq!(Some(3).into_par_iter().sum::<i32>(), 3);
//! assert_eq!(None::<i32>.par_iter().count(), 0);
//! ```

use crate::iter::plumbing::{
    bridge, bridge_unindexed_consumer, Consumer, ProducerCallback, UnindexedConsumer,
};
use crate::iter::sources::once::OptionProducer;
use crate::iter::{IndexedParallelIterator, IntoParallelIterator, ParallelIterator};

/// Defines `$name`, a parallel iterator of zero or one `$item`.
macro_rules! option_iter {
    ($(#[$doc:meta])* $name:ident <$($lt:lifetime,)? $t:ident> => $item:ty, $bound:path) => {
        $(#[$doc])*
        #[derive(Debug)]
        #[must_use = "iterators are lazy and do nothing unless consumed"]
        pub struct $name<$($lt,)? $t> {
            item: Option<$item>,
        }

        impl<$($lt,)? $t> $name<$($lt,)? $t> {
            pub(crate) fn new(item: Option<$item>) -> Self {
                $name { item }
            }
        }

        impl<$($lt,)? $t> Clone for $name<$($lt,)? $t>
        where
            Option<$item>: Clone,
        {
            fn clone(&self) -> Self {
                $name { item: self.item.clone() }
            }
        }

        impl<$($lt,)? $t: $bound> ParallelIterator for $name<$($lt,)? $t> {
            type Item = $item;

            fn drive_unindexed<C: UnindexedConsumer<$item>>(self, consumer: C) -> C::Result {
                bridge_unindexed_consumer(self, consumer)
            }

            fn opt_len(&self) -> Option<usize> {
                Some(usize::from(self.item.is_some()))
            }
        }

        impl<$($lt,)? $t: $bound> IndexedParallelIterator for $name<$($lt,)? $t> {
            fn drive<C: Consumer<$item>>(self, consumer: C) -> C::Result {
                bridge(self, consumer)
            }

            fn len(&self) -> usize {
                usize::from(self.item.is_some())
            }

            fn with_producer<CB: ProducerCallback<$item>>(self, callback: CB) -> CB::Output {
                callback.callback(OptionProducer { item: self.item })
            }
        }
    };
}

option_iter!(
    /// `into_par_iter()` of an `Option<T>` (and of a `Result<T, E>`): its
    /// value, if any.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let v: Vec<String> = Some(String::from("x")).into_par_iter().collect();
    /// assert_eq!(v, ["x"]);
    /// ```
    IntoIter<T> => T, Send
);

option_iter!(
    /// `par_iter()` of an `Option<T>` (and of a `Result<T, E>`): a reference
    /// to its value, if any.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// assert_eq!(Some(4).par_iter().map(|x| x * 2).sum::<i32>(), 8);
    /// ```
    Iter<'a, T> => &'a T, Sync
);

option_iter!(
    /// `par_iter_mut()` of an `Option<T>` (and of a `Result<T, E>`): a
    /// mutable reference to its value, if any.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let mut o = Some(1);
    /// o.par_iter_mut().for_each(|x| *x += 1);
    /// assert_eq!(o, Some(2));
    /// ```
    IterMut<'a, T> => &'a mut T, Send
);

impl<T: Send> IntoParallelIterator for Option<T> {
    type Iter = IntoIter<T>;
    type Item = T;

    fn into_par_iter(self) -> IntoIter<T> {
        IntoIter::new(self)
    }
}

impl<'a, T: Sync> IntoParallelIterator for &'a Option<T> {
    type Iter = Iter<'a, T>;
    type Item = &'a T;

    fn into_par_iter(self) -> Iter<'a, T> {
        Iter::new(self.as_ref())
    }
}

impl<'a, T: Send> IntoParallelIterator for &'a mut Option<T> {
    type Iter = IterMut<'a, T>;
    type Item = &'a mut T;

    fn into_par_iter(self) -> IterMut<'a, T> {
        IterMut::new(self.as_mut())
    }
}
