//! Parallel iterators over a `Result`'s `Ok` value: zero or one item. They
//! are the same types as [`option`](crate::option)'s.
//!
//! ```
//! use lubdub::prelude::*;
//!
//! assert_eq!(Ok::<i32, ()>(3).into_par_iter().sum::<i32>(), 3);
//! assert_eq!(Err::<i32, &str>("no").par_iter().count(), 0);
//! ```

use crate::iter::IntoParallelIterator;

/// `into_par_iter()` of a `Result<T, E>`: its `Ok` value, if any.
pub type IntoIter<T> = crate::option::IntoIter<T>;

/// `par_iter()` of a `Result<T, E>`: a reference to its `Ok` value, if any.
pub type Iter<'a, T> = crate::option::Iter<'a, T>;

/// `par_iter_mut()` of a `Result<T, E>`: a mutable reference to its `Ok`
/// value, if any.
pub type IterMut<'a, T> = crate::option::IterMut<'a, T>;

impl<T: Send, E> IntoParallelIterator for Result<T, E> {
    type Iter = IntoIter<T>;
    type Item = T;

    fn into_par_iter(self) -> IntoIter<T> {
        IntoIter::new(self.ok())
    }
}

impl<'a, T: Sync, E> IntoParallelIterator for &'a Result<T, E> {
    type Iter = Iter<'a, T>;
    type Item = &'a T;

    fn into_par_iter(self) -> Iter<'a, T> {
        Iter::new(self.as_ref().ok())
    }
}

impl<'a, T: Send, E> IntoParallelIterator for &'a mut Result<T, E> {
    type Iter = IterMut<'a, T>;
    type Item = &'a mut T;

    fn into_par_iter(self) -> IterMut<'a, T> {
        IterMut::new(self.as_mut().ok())
    }
}
