//! Collecting `Option`s and `Result`s: the values are collected until the
//! first `None` or `Err`, which stops the whole loop, as
//! `Iterator::collect` does. Pieces running on other threads see the stop
//! at their next item and end; which `Err` is returned when several pieces
//! meet one is the first recorded, not necessarily the leftmost.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, PoisonError};

use super::FromParallelIterator;
use crate::iter::plumbing::{Consumer, Folder, UnindexedConsumer};
use crate::iter::{IntoParallelIterator, ParallelIterator};

impl<C, T> FromParallelIterator<Option<T>> for Option<C>
where
    C: FromParallelIterator<T>,
    T: Send,
{
    fn from_par_iter<I>(par_iter: I) -> Self
    where
        I: IntoParallelIterator<Item = Option<T>>,
    {
        collect_until_stop(par_iter).ok()
    }
}

impl<C, T, E> FromParallelIterator<Result<T, E>> for Result<C, E>
where
    C: FromParallelIterator<T>,
    T: Send,
    E: Send,
{
    fn from_par_iter<I>(par_iter: I) -> Self
    where
        I: IntoParallelIterator<Item = Result<T, E>>,
    {
        collect_until_stop(par_iter)
    }
}

/// An item that carries a value to collect, or stops the collect.
trait Outcome: Send {
    type Value: Send;
    /// Why the collect stops: `()` for `None`, the error for `Err`.
    type Reason: Send;
    fn into_result(self) -> Result<Self::Value, Self::Reason>;
}

impl<T: Send> Outcome for Option<T> {
    type Value = T;
    type Reason = ();
    fn into_result(self) -> Result<T, ()> {
        self.ok_or(())
    }
}

impl<T: Send, E: Send> Outcome for Result<T, E> {
    type Value = T;
    type Reason = E;
    fn into_result(self) -> Result<T, E> {
        self
    }
}

/// The values of `par_iter` collected into `C`, or the reason of the first
/// stop recorded.
fn collect_until_stop<C, I, O>(par_iter: I) -> Result<C, O::Reason>
where
    I: IntoParallelIterator<Item = O>,
    O: Outcome,
    C: FromParallelIterator<O::Value>,
{
    let stop = Stop {
        stopped: AtomicBool::new(false),
        first_reason: Mutex::new(None),
    };
    let collection = C::from_par_iter(UntilStop {
        base: par_iter.into_par_iter(),
        stop: &stop,
    });
    let first_reason = stop.first_reason.into_inner();
    match first_reason.unwrap_or_else(PoisonError::into_inner) {
        Some(reason) => Err(reason),
        None => Ok(collection),
    }
}

/// Shared by every piece of one collect: whether it stopped, and why.
struct Stop<R> {
    stopped: AtomicBool,
    first_reason: Mutex<Option<R>>,
}

impl<R> Stop<R> {
    fn is_stopped(&self) -> bool {
        self.stopped.load(Ordering::Relaxed)
    }

    /// Stops the collect; the first reason recorded is kept.
    fn record(&self, reason: R) {
        let mut first = self
            .first_reason
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        first.get_or_insert(reason);
        self.stopped.store(true, Ordering::Relaxed);
    }

    /// The value in `item`, or `None` when the collect has stopped (at this
    /// item or before).
    fn value_of<O: Outcome<Reason = R>>(&self, item: O) -> Option<O::Value> {
        if self.is_stopped() {
            return None;
        }
        item.into_result()
            .map_err(|reason| self.record(reason))
            .ok()
    }
}

/// The values of an iterator of outcomes, up to the first stop. The same
/// wrapper adapts the iterator, its consumers and their folders.
struct UntilStop<'s, I, R> {
    base: I,
    stop: &'s Stop<R>,
}

impl<I, O> ParallelIterator for UntilStop<'_, I, O::Reason>
where
    I: ParallelIterator<Item = O>,
    O: Outcome,
{
    type Item = O::Value;

    fn drive_unindexed<C>(self, consumer: C) -> C::Result
    where
        C: UnindexedConsumer<O::Value>,
    {
        self.base.drive_unindexed(UntilStop {
            base: consumer,
            stop: self.stop,
        })
    }
}

impl<'s, O, C> Consumer<O> for UntilStop<'s, C, O::Reason>
where
    O: Outcome,
    C: Consumer<O::Value>,
{
    type Folder = UntilStop<'s, C::Folder, O::Reason>;
    type Reducer = C::Reducer;
    type Result = C::Result;

    fn split_at(self, index: usize) -> (Self, Self, C::Reducer) {
        let (left, right, reducer) = self.base.split_at(index);
        let stop = self.stop;
        (
            UntilStop { base: left, stop },
            UntilStop { base: right, stop },
            reducer,
        )
    }

    fn into_folder(self) -> Self::Folder {
        UntilStop {
            base: self.base.into_folder(),
            stop: self.stop,
        }
    }

    fn full(&self) -> bool {
        self.stop.is_stopped() || self.base.full()
    }

    /// Needs positions only where its base does.
    fn position_free(&self) -> bool {
        self.base.position_free()
    }
}

impl<O, C> UnindexedConsumer<O> for UntilStop<'_, C, O::Reason>
where
    O: Outcome,
    C: UnindexedConsumer<O::Value>,
{
    fn split_off_left(&self) -> Self {
        UntilStop {
            base: self.base.split_off_left(),
            stop: self.stop,
        }
    }

    fn to_reducer(&self) -> C::Reducer {
        self.base.to_reducer()
    }
}

impl<O, F> Folder<O> for UntilStop<'_, F, O::Reason>
where
    O: Outcome,
    F: Folder<O::Value>,
{
    type Result = F::Result;

    fn consume(self, item: O) -> Self {
        match self.stop.value_of(item) {
            Some(value) => UntilStop {
                base: self.base.consume(value),
                stop: self.stop,
            },
            None => self,
        }
    }

    fn consume_iter<It: IntoIterator<Item = O>>(self, iter: It) -> Self {
        let stop = self.stop;
        let values = iter.into_iter().map_while(|item| stop.value_of(item));
        UntilStop {
            base: self.base.consume_iter(values),
            stop,
        }
    }

    fn complete(self) -> F::Result {
        self.base.complete()
    }

    fn full(&self) -> bool {
        self.stop.is_stopped() || self.base.full()
    }
}
