//! Many senders, one receiver, the seed's two ways: every sender on one
//! shared channel (its `shared_chan`: here each sender holds a clone of the
//! sending end, as Rust's channels are multi-producer), or one channel per
//! sender with the receiver selecting among them (its `port_set`); and a
//! pipeline that feeds a thread pool from the shared channel with
//! `par_bridge`. Every sender is a `std::thread`; the receiver is the
//! calling thread (the pool, for the pipelines).

use super::channel::Channel;
use super::tally::{message, Tally};
use crate::workloads::pools::Pools;

/// Starts a thread per sending end in `senders`, each sending its
/// `per_sender` messages with `send`, and runs `receive` on the calling
/// thread meanwhile. The sending ends are dropped as their threads finish.
fn with_senders<S: Send>(
    senders: Vec<S>,
    per_sender: usize,
    send: impl Fn(&S, u64) + Sync,
    receive: impl FnOnce() -> Tally,
) -> Tally {
    std::thread::scope(|s| {
        for (i, sender) in senders.into_iter().enumerate() {
            let send = &send;
            s.spawn(move || (0..per_sender).for_each(|k| send(&sender, message(i, k))));
        }
        receive()
    })
}

/// `count` clones of `sender` (which is dropped).
fn clones<S: Clone>(sender: S, count: usize) -> Vec<S> {
    vec![sender; count]
}

/// One channel of kind `C` shared by every sender.
pub fn shared<C: Channel>(senders: usize, per_sender: usize) -> Tally {
    let (tx, rx) = C::unbounded();
    with_senders(clones(tx, senders), per_sender, C::send, || {
        let mut tally = Tally::default();
        while let Some(m) = C::recv(&rx) {
            tally.add(m);
        }
        tally
    })
}

/// One crossbeam channel per sender; the receiver waits on all of them with
/// `crossbeam_channel::Select`, dropping each once its sender is done.
pub fn crossbeam_select(senders: usize, per_sender: usize) -> Tally {
    let (txs, rxs): (Vec<_>, Vec<_>) = (0..senders).map(|_| crossbeam_channel::unbounded()).unzip();
    with_senders(
        txs,
        per_sender,
        |tx: &crossbeam_channel::Sender<u64>, m| tx.send(m).expect("the receiver waits"),
        || {
            let mut select = crossbeam_channel::Select::new();
            for rx in &rxs {
                select.recv(rx);
            }
            let (mut live, mut tally) = (rxs.len(), Tally::default());
            while live > 0 {
                let operation = select.select();
                let index = operation.index();
                match operation.recv(&rxs[index]) {
                    Ok(m) => tally.add(m),
                    Err(_) => {
                        select.remove(index);
                        live -= 1;
                    }
                }
            }
            tally
        },
    )
}

/// One flume channel per sender; the receiver builds a `flume::Selector`
/// over the live ones for every message (flume's selector is used once),
/// which costs it time in the number of senders, as the seed's `port_set`.
pub fn flume_select(senders: usize, per_sender: usize) -> Tally {
    let (txs, rxs): (Vec<_>, Vec<_>) = (0..senders).map(|_| flume::unbounded()).unzip();
    with_senders(
        txs,
        per_sender,
        |tx: &flume::Sender<u64>, m| tx.send(m).expect("the receiver waits"),
        || {
            let (mut live, mut tally) = (rxs, Tally::default());
            while !live.is_empty() {
                let (index, got) = live
                    .iter()
                    .enumerate()
                    .fold(flume::Selector::new(), |select, (i, rx)| {
                        select.recv(rx, move |got| (i, got))
                    })
                    .wait();
                match got {
                    Ok(m) => tally.add(m),
                    Err(_) => drop(live.swap_remove(index)),
                }
            }
            tally
        },
    )
}

/// The pipeline: senders on one crossbeam channel, whose receiving end
/// `par_bridge` turns into a parallel iterator on lubdub's pool (`lubdub`)
/// or Rayon's, which tallies the messages.
pub fn par_bridge(pools: &Pools, lubdub: bool, senders: usize, per_sender: usize) -> Tally {
    let (tx, rx) = crossbeam_channel::unbounded();
    with_senders(
        clones(tx, senders),
        per_sender,
        |tx: &crossbeam_channel::Sender<u64>, m| tx.send(m).expect("the pool drains the channel"),
        || {
            let messages = rx.into_iter();
            if lubdub {
                pools.lubdub.install(|| {
                    use lubdub::iter::ParallelBridge;
                    use lubdub::prelude::*;
                    messages.par_bridge().map(Tally::of).reduce(Tally::default, Tally::combine)
                })
            } else {
                pools.rayon.install(|| {
                    use rayon::iter::ParallelBridge;
                    use rayon::prelude::*;
                    messages.par_bridge().map(Tally::of).reduce(Tally::default, Tally::combine)
                })
            }
        },
    )
}
