//! [`ParallelBridge`]: `par_bridge()`, a parallel iterator over the items of
//! a sequential `Iterator`, pulled under a lock by each piece in turn.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Mutex, TryLockError};

use crate::iter::plumbing::{bridge_unindexed, Folder, UnindexedConsumer, UnindexedProducer};
use crate::iter::ParallelIterator;

/// Turns a sequential iterator into a parallel one: each thread that works
/// on it takes the next item from the shared iterator and processes it. The
/// order of the items is lost (use `collect` into a sorted collection, or
/// sort afterwards, when it matters).
///
/// ```
/// use lubdub::iter::ParallelBridge;
/// use lubdub::prelude::*;
/// use std::sync::mpsc::channel;
///
/// let (sender, receiver) = channel();
/// (0..5).for_each(|x| sender.send(x).unwrap());
/// drop(sender);
/// let mut got: Vec<i32> = receiver.into_iter().par_bridge().map(|x| x * 10).collect();
/// got.sort();
/// assert_eq!(got, [0, 10, 20, 30, 40]);
/// ```
pub trait ParallelBridge: Sized {
    /// A parallel iterator over the items of `self`.
    fn par_bridge(self) -> IterBridge<Self>;
}

impl<T> ParallelBridge for T
where
    T: Iterator + Send,
    T::Item: Send,
{
    fn par_bridge(self) -> IterBridge<Self> {
        IterBridge { iter: self }
    }
}

/// The iterator of [`ParallelBridge::par_bridge`].
///
/// ```
/// use lubdub::iter::ParallelBridge;
/// use lubdub::prelude::*;
///
/// let total: u32 = "1 2 3".split(' ').par_bridge().map(|s| s.parse::<u32>().unwrap()).sum();
/// assert_eq!(total, 6);
/// ```
#[derive(Debug, Clone)]
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct IterBridge<Iter> {
    iter: Iter,
}

impl<Iter> ParallelIterator for IterBridge<Iter>
where
    Iter: Iterator + Send,
    Iter::Item: Send,
{
    type Item = Iter::Item;

    fn drive_unindexed<C: UnindexedConsumer<Self::Item>>(self, consumer: C) -> C::Result {
        let threads = crate::current_num_threads();
        let shared = Shared {
            iter: Mutex::new(Some(self.iter)),
            splits_left: AtomicUsize::new(threads),
            pulling: (0..threads).map(|_| AtomicBool::new(false)).collect(),
        };
        bridge_unindexed(&shared, consumer)
    }
}

/// The state every piece of a bridge shares.
struct Shared<Iter> {
    /// The iterator, `None` once it returned `None` (it may not be fused).
    iter: Mutex<Option<Iter>>,
    /// How many more pieces may be cut: one per thread.
    splits_left: AtomicUsize,
    /// Per seat: true while that seat's thread is inside the iterator's
    /// `next`, which may itself run parallel work that reaches this bridge
    /// again on the same thread.
    pulling: Box<[AtomicBool]>,
}

/// What a piece gets when it asks for the next item.
enum Pull<T> {
    Item(T),
    /// The iterator is exhausted (or a `next` panicked on another thread,
    /// whose panic reaches the caller through that thread's join).
    Done,
    /// This thread is already inside `next` further up its stack: the
    /// piece stops here and lets the outer call go on.
    Reentered,
}

impl<Iter: Iterator> Shared<Iter> {
    /// This thread's flag in `pulling` (none outside the pool).
    fn seat_flag(&self) -> Option<&AtomicBool> {
        crate::current_thread_index().and_then(|i| self.pulling.get(i))
    }

    /// The next item, for the thread whose flag is `seat`.
    fn pull(&self, seat: Option<&AtomicBool>) -> Pull<Iter::Item> {
        loop {
            match self.iter.try_lock() {
                Ok(mut guard) => {
                    let Some(iter) = guard.as_mut() else {
                        return Pull::Done;
                    };
                    seat.inspect(|flag| flag.store(true, Ordering::Relaxed));
                    let next = iter.next();
                    seat.inspect(|flag| flag.store(false, Ordering::Relaxed));
                    return match next {
                        Some(item) => Pull::Item(item),
                        None => {
                            *guard = None;
                            Pull::Done
                        }
                    };
                }
                Err(TryLockError::Poisoned(_)) => return Pull::Done,
                Err(TryLockError::WouldBlock) => {
                    if seat.is_some_and(|flag| flag.load(Ordering::Relaxed)) {
                        return Pull::Reentered;
                    }
                    std::thread::yield_now();
                }
            }
        }
    }
}

impl<Iter> UnindexedProducer for &Shared<Iter>
where
    Iter: Iterator + Send,
    Iter::Item: Send,
{
    type Item = Iter::Item;

    fn split(self) -> (Self, Option<Self>) {
        let took = self
            .splits_left
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| n.checked_sub(1));
        (self, took.is_ok().then_some(self))
    }

    fn fold_with<F: Folder<Self::Item>>(self, mut folder: F) -> F {
        let seat = self.seat_flag();
        while !folder.full() {
            match self.pull(seat) {
                Pull::Item(item) => folder = folder.consume(item),
                Pull::Done | Pull::Reentered => break,
            }
        }
        folder
    }
}
