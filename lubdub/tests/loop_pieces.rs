//! A promotion hands one piece of a loop's rest to each idle seat at once
//! (`scheduler/README.md`, "Several pieces per beat"): the rest is cut into
//! pieces of equal length, none shorter than `with_min_len`, whose results
//! are reduced in order whichever thread ran them.

mod common;

use std::time::Duration;

use lubdub::prelude::*;
use lubdub::trace::TraceEventKind;

/// A loop's first promotion on a pool whose other seats all sleep hands
/// out a piece for each of them, in one beat: the first promoting worker's
/// trace shows that many promotions at once (the next beat is at least a
/// quarter period later).
#[test]
#[cfg_attr(miri, ignore = "the pool's threads run too slowly under Miri")]
fn the_first_beat_hands_a_piece_to_every_idle_seat() {
    let threads = 4;
    let period = Duration::from_millis(1);
    let pool = lubdub::ThreadPoolBuilder::new()
        .num_threads(threads)
        .heartbeat_interval(period)
        .tracing(true)
        .build()
        .unwrap();
    let spin = |i: u64| (0..200).fold(i, |h, k| std::hint::black_box(h ^ k).wrapping_mul(31));
    let n = 100_000;
    let sum = pool.install(|| {
        (0..n)
            .into_par_iter()
            .map(spin)
            .reduce(|| 0, u64::wrapping_add)
    });
    assert_eq!(sum, (0..n).map(spin).fold(0, u64::wrapping_add));
    let trace = pool.trace();
    let promotions = |worker: &lubdub::trace::WorkerTrace| {
        worker
            .events
            .iter()
            .filter(|e| e.kind == TraceEventKind::Promotion)
            .map(|e| e.time)
            .collect::<Vec<_>>()
    };
    let first = trace
        .workers
        .iter()
        .map(promotions)
        .filter(|times| !times.is_empty())
        .min_by_key(|times| times[0])
        .expect("the loop was shared");
    let at_once = first.iter().filter(|&&t| t - first[0] < period / 8).count();
    assert_eq!(at_once, threads - 1, "one piece per idle seat: {first:?}");
}

/// Reductions that depend on order (concatenation) come out in order on
/// pools whose beats cut rests into several pieces, nested or not.
#[test]
fn pieces_are_reduced_in_order() {
    let n = common::scaled(5_000, 64);
    let expected: String = (0..n).map(|i| char::from(b'a' + (i % 26) as u8)).collect();
    let threads: &[usize] = if cfg!(miri) { &[3] } else { &[3, 5, 9, 16] };
    for &threads in threads {
        let pool = common::pool(threads, Duration::ZERO);
        let got = pool.install(|| {
            (0..n)
                .into_par_iter()
                .map(|i| char::from(b'a' + (i % 26) as u8).to_string())
                .reduce(String::new, |a, b| a + &b)
        });
        assert_eq!(got, expected, "{threads} threads, reduce");
        let nested: Vec<Vec<usize>> = pool.install(|| {
            (0..n / 50)
                .into_par_iter()
                .map(|i| (0..50).into_par_iter().map(|j| i * 50 + j).collect())
                .collect()
        });
        let flat: Vec<usize> = nested.into_iter().flatten().collect();
        assert_eq!(
            flat,
            (0..n / 50 * 50).collect::<Vec<_>>(),
            "{threads} threads, nested"
        );
    }
}

/// No piece of a cut is shorter than `with_min_len`: `fold` makes one
/// accumulator per piece, and each counts its items.
#[test]
fn pieces_are_never_shorter_than_the_minimum() {
    let n = common::scaled(20_000, 300);
    let threads: &[usize] = if cfg!(miri) { &[4] } else { &[4, 9] };
    for &threads in threads {
        let pool = common::pool(threads, Duration::ZERO);
        for min in [1, 7, 100] {
            let pieces: Vec<usize> = pool.install(|| {
                (0..n)
                    .into_par_iter()
                    .with_min_len(min)
                    .map(std::hint::black_box)
                    .fold(|| 0, |count, _| count + 1)
                    .collect()
            });
            assert_eq!(pieces.iter().sum::<usize>(), n);
            assert!(
                pieces.iter().all(|&len| len >= min),
                "{threads} threads, min {min}: {pieces:?}"
            );
        }
    }
}
