//! [`PanicFuse`]: `panic_fuse`, a loop that stops feeding all its pieces
//! once one of them panicked.
//!
//! Every consumer, folder, reducer and producer of the loop holds a [`Fuse`]:
//! a reference to one shared flag. A panic unwinding through any of them
//! drops its fuse, which sets the flag; every piece checks the flag before
//! each item and stops. The panic itself still propagates as usual (`join`
//! re-raises it once both halves are done).

use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;

use super::base_hints::{hints_from_base, lens_from_base};
use crate::iter::plumbing::{
    Consumer, Folder, Producer, ProducerCallback, Reducer, UnindexedConsumer,
};
use crate::iter::{IndexedParallelIterator, ParallelIterator};

/// The iterator of [`ParallelIterator::panic_fuse`].
///
/// ```
/// use lubdub::prelude::*;
/// use std::panic;
///
/// let caught = panic::catch_unwind(|| {
///     (0..1_000).into_par_iter().panic_fuse().for_each(|x| assert_ne!(x, 500));
/// });
/// assert!(caught.is_err());
/// let total: i32 = (0..10).into_par_iter().panic_fuse().sum();
/// assert_eq!(total, 45);
/// ```
#[derive(Debug, Clone)]
#[must_use = "iterator adaptors are lazy and do nothing unless consumed"]
pub struct PanicFuse<I> {
    base: I,
}

impl<I> PanicFuse<I> {
    pub(crate) fn new(base: I) -> Self {
        PanicFuse { base }
    }
}

impl<I: ParallelIterator> ParallelIterator for PanicFuse<I> {
    type Item = I::Item;

    fn drive_unindexed<C: UnindexedConsumer<I::Item>>(self, consumer: C) -> C::Result {
        let panicked = AtomicBool::new(false);
        let fuse = Fuse(&panicked);
        self.base.drive_unindexed(PanicFuseConsumer {
            base: consumer,
            fuse,
        })
    }

    fn opt_len(&self) -> Option<usize> {
        self.base.opt_len()
    }
}

impl<I: IndexedParallelIterator> IndexedParallelIterator for PanicFuse<I> {
    fn drive<C: Consumer<I::Item>>(self, consumer: C) -> C::Result {
        let panicked = AtomicBool::new(false);
        let fuse = Fuse(&panicked);
        self.base.drive(PanicFuseConsumer {
            base: consumer,
            fuse,
        })
    }

    fn len(&self) -> usize {
        self.base.len()
    }

    fn with_producer<CB: ProducerCallback<I::Item>>(self, callback: CB) -> CB::Output {
        return self.base.with_producer(Callback { callback });

        struct Callback<CB> {
            callback: CB,
        }

        impl<T, CB: ProducerCallback<T>> ProducerCallback<T> for Callback<CB> {
            type Output = CB::Output;

            fn callback<P: Producer<Item = T>>(self, base: P) -> CB::Output {
                let panicked = AtomicBool::new(false);
                let fuse = Fuse(&panicked);
                self.callback.callback(PanicFuseProducer { base, fuse })
            }
        }
    }
}

/// A reference to the loop's "a piece panicked" flag, which it sets when it
/// is dropped by a panic unwinding.
#[derive(Clone)]
struct Fuse<'a>(&'a AtomicBool);

impl Fuse<'_> {
    fn blown(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

impl Drop for Fuse<'_> {
    fn drop(&mut self) {
        if thread::panicking() {
            self.0.store(true, Ordering::Relaxed);
        }
    }
}

struct PanicFuseProducer<'a, P> {
    base: P,
    fuse: Fuse<'a>,
}

impl<'a, P: Producer> Producer for PanicFuseProducer<'a, P> {
    type Item = P::Item;
    type IntoIter = PanicFuseIter<'a, P::IntoIter>;

    fn into_iter(self) -> Self::IntoIter {
        PanicFuseIter {
            base: self.base.into_iter(),
            fuse: self.fuse,
        }
    }

    lens_from_base!();

    fn split_at(self, index: usize) -> (Self, Self) {
        let (left, right) = self.base.split_at(index);
        (
            PanicFuseProducer {
                base: left,
                fuse: self.fuse.clone(),
            },
            PanicFuseProducer {
                base: right,
                fuse: self.fuse,
            },
        )
    }

    fn fold_with<F: Folder<P::Item>>(self, folder: F) -> F {
        let folder = PanicFuseFolder {
            base: folder,
            fuse: self.fuse,
        };
        self.base.fold_with(folder).base
    }
}

/// The sequential iterator of a [`PanicFuseProducer`]: it ends early when
/// the fuse is blown.
struct PanicFuseIter<'a, I> {
    base: I,
    fuse: Fuse<'a>,
}

impl<I: Iterator> Iterator for PanicFuseIter<'_, I> {
    type Item = I::Item;

    fn next(&mut self) -> Option<I::Item> {
        if self.fuse.blown() {
            return None;
        }
        self.base.next()
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.base.size_hint()
    }
}

impl<I: DoubleEndedIterator> DoubleEndedIterator for PanicFuseIter<'_, I> {
    fn next_back(&mut self) -> Option<I::Item> {
        if self.fuse.blown() {
            return None;
        }
        self.base.next_back()
    }
}

impl<I: ExactSizeIterator> ExactSizeIterator for PanicFuseIter<'_, I> {}

struct PanicFuseConsumer<'a, C> {
    base: C,
    fuse: Fuse<'a>,
}

impl<'a, T, C: Consumer<T>> Consumer<T> for PanicFuseConsumer<'a, C> {
    type Folder = PanicFuseFolder<'a, C::Folder>;
    type Reducer = PanicFuseReducer<'a, C::Reducer>;
    type Result = C::Result;

    fn split_at(self, index: usize) -> (Self, Self, Self::Reducer) {
        let (left, right, reducer) = self.base.split_at(index);
        (
            PanicFuseConsumer {
                base: left,
                fuse: self.fuse.clone(),
            },
            PanicFuseConsumer {
                base: right,
                fuse: self.fuse.clone(),
            },
            PanicFuseReducer {
                base: reducer,
                _fuse: self.fuse,
            },
        )
    }

    fn into_folder(self) -> Self::Folder {
        PanicFuseFolder {
            base: self.base.into_folder(),
            fuse: self.fuse,
        }
    }

    fn full(&self) -> bool {
        self.fuse.blown() || self.base.full()
    }

    // Full when its base is, or after a panic, which stops the loop anyway.
    hints_from_base!();
}

impl<T, C: UnindexedConsumer<T>> UnindexedConsumer<T> for PanicFuseConsumer<'_, C> {
    fn split_off_left(&self) -> Self {
        PanicFuseConsumer {
            base: self.base.split_off_left(),
            fuse: self.fuse.clone(),
        }
    }

    fn to_reducer(&self) -> Self::Reducer {
        PanicFuseReducer {
            base: self.base.to_reducer(),
            _fuse: self.fuse.clone(),
        }
    }
}

struct PanicFuseFolder<'a, F> {
    base: F,
    fuse: Fuse<'a>,
}

impl<T, F: Folder<T>> Folder<T> for PanicFuseFolder<'_, F> {
    type Result = F::Result;

    fn consume(mut self, item: T) -> Self {
        self.base = self.base.consume(item);
        self
    }

    fn consume_iter<I: IntoIterator<Item = T>>(mut self, iter: I) -> Self {
        let fuse = &self.fuse;
        self.base = self
            .base
            .consume_iter(iter.into_iter().take_while(|_| !fuse.blown()));
        self
    }

    fn complete(self) -> F::Result {
        self.base.complete()
    }

    fn full(&self) -> bool {
        self.fuse.blown() || self.base.full()
    }
}

/// The base reducer, holding a fuse so that a panic while the two halves it
/// joins run blows it too.
struct PanicFuseReducer<'a, R> {
    base: R,
    _fuse: Fuse<'a>,
}

impl<T, R: Reducer<T>> Reducer<T> for PanicFuseReducer<'_, R> {
    fn reduce(self, left: T, right: T) -> T {
        self.base.reduce(left, right)
    }
}
