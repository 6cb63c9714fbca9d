//! [`Try`]: the values a fallible closure of `try_for_each`, `try_reduce`,
//! `try_fold`... may return, and how a loop tells success from failure.
//!
//! It stands in for the unstable `std::ops::Try`, as Rayon's private trait
//! does, for the same types: `Option<T>`, `Result<T, E>`,
//! `ControlFlow<B, C>`, `Poll<Result<T, E>>` and `Poll<Option<Result<T, E>>>`.
//! The trait is public (it appears in public signatures) but lives in a
//! private module, so no other crate can name it, let alone implement it.

use std::convert::Infallible;
use std::ops::ControlFlow::{self, Break, Continue};
use std::task::Poll;

/// A value that is either a success carrying an [`Output`](Try::Output) or a
/// failure carrying a [`Residual`](Try::Residual) that a value of any type
/// with the same kind of failure can be rebuilt from.
///
/// ```
/// use lubdub::prelude::*;
///
/// // `Option`, `Result` and `ControlFlow` are all `Try`:
/// let total = (0..10u8).into_par_iter().map(Some).try_reduce(|| 0, u8::checked_add);
/// assert_eq!(total, Some(45));
/// let checked = (0..10u8).into_par_iter().try_for_each(|x| if x < 50 { Ok(()) } else { Err(x) });
/// assert_eq!(checked, Ok(()));
/// ```
pub trait Try {
    /// What a success carries.
    type Output;
    /// What a failure carries, with the success case made impossible.
    type Residual;

    /// The success holding `output`.
    fn from_output(output: Self::Output) -> Self;

    /// The failure rebuilt from `residual`.
    fn from_residual(residual: Self::Residual) -> Self;

    /// `Continue` with the output of a success, `Break` with the residual of
    /// a failure.
    fn branch(self) -> ControlFlow<Self::Residual, Self::Output>;
}

/// The `Try` value that [`Try::branch`] turned into `branch`.
pub(crate) fn from_branch<T: Try>(branch: ControlFlow<T::Residual, T::Output>) -> T {
    match branch {
        Continue(output) => T::from_output(output),
        Break(failure) => T::from_residual(failure),
    }
}

impl<B, C> Try for ControlFlow<B, C> {
    type Output = C;
    type Residual = ControlFlow<B, Infallible>;

    fn from_output(output: C) -> Self {
        Continue(output)
    }

    fn from_residual(residual: Self::Residual) -> Self {
        match residual {
            Break(b) => Break(b),
            Continue(never) => match never {},
        }
    }

    fn branch(self) -> ControlFlow<Self::Residual, C> {
        match self {
            Continue(c) => Continue(c),
            Break(b) => Break(Break(b)),
        }
    }
}

impl<T> Try for Option<T> {
    type Output = T;
    type Residual = Option<Infallible>;

    fn from_output(output: T) -> Self {
        Some(output)
    }

    fn from_residual(residual: Option<Infallible>) -> Self {
        match residual {
            None => None,
            Some(never) => match never {},
        }
    }

    fn branch(self) -> ControlFlow<Option<Infallible>, T> {
        match self {
            Some(t) => Continue(t),
            None => Break(None),
        }
    }
}

impl<T, E> Try for Result<T, E> {
    type Output = T;
    type Residual = Result<Infallible, E>;

    fn from_output(output: T) -> Self {
        Ok(output)
    }

    fn from_residual(residual: Result<Infallible, E>) -> Self {
        match residual {
            Err(e) => Err(e),
            Ok(never) => match never {},
        }
    }

    fn branch(self) -> ControlFlow<Result<Infallible, E>, T> {
        match self {
            Ok(t) => Continue(t),
            Err(e) => Break(Err(e)),
        }
    }
}

/// A ready error is the failure; pending and ready successes go on.
impl<T, E> Try for Poll<Result<T, E>> {
    type Output = Poll<T>;
    type Residual = Result<Infallible, E>;

    fn from_output(output: Poll<T>) -> Self {
        output.map(Ok)
    }

    fn from_residual(residual: Result<Infallible, E>) -> Self {
        Poll::Ready(Result::from_residual(residual))
    }

    fn branch(self) -> ControlFlow<Result<Infallible, E>, Poll<T>> {
        match self {
            Poll::Ready(result) => result.branch().map_continue(Poll::Ready),
            Poll::Pending => Continue(Poll::Pending),
        }
    }
}

/// A ready error is the failure; pending, ready `None` and ready successes
/// go on.
impl<T, E> Try for Poll<Option<Result<T, E>>> {
    type Output = Poll<Option<T>>;
    type Residual = Result<Infallible, E>;

    fn from_output(output: Poll<Option<T>>) -> Self {
        output.map(|item| item.map(Ok))
    }

    fn from_residual(residual: Result<Infallible, E>) -> Self {
        Poll::Ready(Some(Result::from_residual(residual)))
    }

    fn branch(self) -> ControlFlow<Result<Infallible, E>, Poll<Option<T>>> {
        match self {
            Poll::Ready(Some(result)) => result.branch().map_continue(|t| Poll::Ready(Some(t))),
            Poll::Ready(None) => Continue(Poll::Ready(None)),
            Poll::Pending => Continue(Poll::Pending),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip<T: Try + Clone + PartialEq + std::fmt::Debug>(value: T) {
        assert_eq!(from_branch::<T>(value.clone().branch()), value);
    }

    #[test]
    fn every_value_survives_branch_and_rebuild() {
        round_trip(Some(3));
        round_trip(None::<u8>);
        round_trip(Ok::<u8, char>(1));
        round_trip(Err::<u8, char>('e'));
        round_trip(ControlFlow::<u8, char>::Break(2));
        round_trip(ControlFlow::<u8, char>::Continue('c'));
        round_trip(Poll::Ready(Ok::<u8, char>(1)));
        round_trip(Poll::Ready(Err::<u8, char>('e')));
        round_trip(Poll::<Result<u8, char>>::Pending);
        round_trip(Poll::Ready(Some(Ok::<u8, char>(1))));
        round_trip(Poll::Ready(Some(Err::<u8, char>('e'))));
        round_trip(Poll::Ready(None::<Result<u8, char>>));
        round_trip(Poll::<Option<Result<u8, char>>>::Pending);
    }

    #[test]
    fn only_failures_break() {
        assert!(None::<u8>.branch().is_break());
        assert!(Err::<u8, u8>(0).branch().is_break());
        assert!(ControlFlow::<u8, u8>::Break(0).branch().is_break());
        assert!(Poll::Ready(Err::<u8, u8>(0)).branch().is_break());
        assert!(Poll::Ready(Some(Err::<u8, u8>(0))).branch().is_break());
        assert!(Poll::<Result<u8, u8>>::Pending.branch().is_continue());
        assert!(Poll::Ready(None::<Result<u8, u8>>).branch().is_continue());
    }
}
