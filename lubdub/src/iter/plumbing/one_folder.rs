//! The bridge of an indexed loop into a consumer that needs no positions
//! ([`Consumer::position_free`](super::Consumer::position_free)): each
//! piece of the loop is folded into ONE folder, chunk after chunk
//! ([`OneFolder`], the driver's sink), and the consumer is cut only where a
//! promotion cuts the piece, without positions, as [`bridge_unindexed`]
//! cuts it. A reduction whose results grow
//! ([`Consumer::RESULTS_GROW`](super::Consumer::RESULTS_GROW)) gets folders
//! that double along the piece instead (`doubling_folders.rs`).
//!
//! [`bridge_unindexed`]: super::bridge_unindexed

use super::bridge::{bridge, bridge_producer_consumer, fold_halves, runs_alone};
use super::doubling_folders::DoublingFolders;
use super::drive::{drive, Sink};
use super::schedule::Limits;
use super::{Consumer, Folder, Producer, ProducerCallback, UnindexedConsumer};
use crate::iter::IndexedParallelIterator;
use crate::pool::in_current_pool;

/// Runs an indexed parallel iterator into an unindexed consumer: what every
/// indexed iterator of lubdub does in `drive_unindexed`. A consumer that
/// needs no positions ([`position_free`](super::Consumer::position_free)) gets one folder per
/// piece of the loop, or folders that double where its results grow
/// ([`RESULTS_GROW`](super::Consumer::RESULTS_GROW),
/// `doubling_folders.rs`); any other goes to [`bridge`], one folder per
/// chunk.
pub(crate) fn bridge_unindexed_consumer<I, C>(par_iter: I, consumer: C) -> C::Result
where
    I: IndexedParallelIterator,
    C: UnindexedConsumer<I::Item>,
{
    if !consumer.position_free() {
        return bridge(par_iter, consumer);
    }
    let len = par_iter.len();
    par_iter.with_producer(Callback { len, consumer })
}

struct Callback<C> {
    len: usize,
    consumer: C,
}

impl<C, T> ProducerCallback<T> for Callback<C>
where
    C: UnindexedConsumer<T>,
{
    type Output = C::Result;

    fn callback<P: Producer<Item = T>>(self, producer: P) -> C::Result {
        let Callback { len, consumer } = self;
        if producer.max_len() < len {
            // `with_max_len` bounds what one folder takes, not only a chunk
            // (Rayon's `with_max_len(1).fold(..)` is a `map`): a folder per
            // chunk, which the bound caps.
            return bridge_producer_consumer(len, producer, consumer);
        }
        in_current_pool(|ctx| {
            if runs_alone(ctx, len, producer.max_len()) {
                return fold_halves(len, producer, consumer);
            }
            let limits = Limits::of(&producer);
            if C::RESULTS_GROW {
                let folders: DoublingFolders<C, T> = Sink::<P>::fresh(&consumer);
                return drive(ctx, limits, len, producer, folders, consumer);
            }
            let folder: OneFolder<C, T> = Sink::<P>::fresh(&consumer);
            drive(ctx, limits, len, producer, folder, consumer)
        })
    }
}

/// The [`Sink`] of a consumer that needs no positions: the piece's one
/// folder. The rest is its *spare*, the consumer of the items after the
/// folder's: a halving cuts it without positions, the left half's spare
/// split off its left (`split_off_left`) and the right half's folder split
/// off the spare, so the folder's items come before the left spare's,
/// which come before the spare's.
struct OneFolder<C: Consumer<T>, T>(C::Folder);

impl<P, C> Sink<P> for OneFolder<C, P::Item>
where
    P: Producer,
    C: UnindexedConsumer<P::Item>,
{
    type Rest = C;
    type Head = ();
    type Result = C::Result;
    type Halves = C::Reducer;

    #[inline]
    fn fresh(spare: &C) -> Self {
        OneFolder(spare.split_off_left().into_folder())
    }

    #[inline]
    fn is_full(&self, _: &C) -> bool {
        self.0.full()
    }

    #[inline]
    fn complete(self, _: C) -> C::Result {
        self.0.complete()
    }

    #[inline]
    fn fold_last(self, producer: P, _: C) -> C::Result {
        producer.fold_with(self.0).complete()
    }

    #[inline]
    fn cut_head(spare: C, _: usize) -> ((), C) {
        ((), spare)
    }

    #[inline]
    fn fold_chunk(self, head: P, (): ()) -> Self {
        OneFolder(head.fold_with(self.0))
    }

    #[inline]
    fn halve(spare: C, _: usize) -> (C, C, C::Reducer) {
        halve_spare(spare)
    }
}

/// Cuts a piece's spare in two without positions, for the two pieces of a
/// halved rest (this module's and `doubling_folders.rs`'s sinks): the left
/// piece's spare split off its left, the right piece keeping `spare`, and
/// the reducer joining their results.
#[inline]
pub(super) fn halve_spare<T, C: UnindexedConsumer<T>>(spare: C) -> (C, C, C::Reducer) {
    let left_spare = spare.split_off_left();
    let halves = spare.to_reducer();
    (left_spare, spare, halves)
}
