//! lubdub-mpi on two ranks (the binary starts itself under `mpiexec -n 2`):
//! every collective against its sequential meaning, Pod and compact round
//! trips of arbitrary data, a wait that runs the pool's other jobs, and bad
//! inputs that give errors on every rank.

mod common;

use std::sync::atomic::{AtomicUsize, Ordering};

use bytemuck::{Pod, Zeroable};
use common::Draw;
use lubdub_mpi::compact::{self, Record};
use lubdub_mpi::{Comm, Error, Reduction};
use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};

fn main() {
    common::main(&[
        ("collectives_match_their_sequential_meaning", collectives),
        ("pod_round_trips_arbitrary_bytes", pod_round_trips),
        ("compact_records_round_trip", compact_round_trips),
        ("a_waiting_worker_runs_other_jobs", waiting_worker_runs_jobs),
        ("bad_inputs_give_errors_on_every_rank", bad_inputs),
    ])
}

/// An item with a layout fixed by `repr(C)` and no padding.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Pod, Zeroable)]
struct Item {
    key: u32,
    pair: [u16; 2],
}

fn item(bits: u64) -> Item {
    Item {
        key: bits as u32,
        pair: [(bits >> 32) as u16, (bits >> 48) as u16],
    }
}

/// What rank `rank` contributes to case `case` of a collective: `len` items.
fn items(case: u64, rank: i32, len: usize) -> Vec<Item> {
    Draw::new(case * 1000 + rank as u64).vec(len, item)
}

const CASES: u64 = 40;
const MAX_LEN: usize = 300;

fn collectives(world: &Comm) {
    let size = world.size();
    let me = world.rank();
    for threads in common::THREADS {
        common::pool(threads).install(|| {
            for case in 0..CASES {
                let mut draw = Draw::new(case);
                let n = draw.len(MAX_LEN);
                // Broadcast: the root's items everywhere.
                let root = (case % size as u64) as i32;
                let len = draw.len(MAX_LEN);
                let mut got = if me == root {
                    items(case, root, len)
                } else {
                    items(case, me, (len + 7) % 50) // overwritten, whatever its length
                };
                world.broadcast(root, &mut got).unwrap();
                assert_eq!(got, items(case, root, len));
                // All-reduce: item by item over the ranks.
                let values = |rank: i32| -> Vec<i64> {
                    Draw::new(case * 7 + rank as u64).vec(n, |b| (b % 2001) as i64 - 1000)
                };
                for (reduction, fold) in [
                    (Reduction::Sum, (|a, b| a + b) as fn(i64, i64) -> i64),
                    (Reduction::Min, i64::min),
                    (Reduction::Max, i64::max),
                    (Reduction::Product, |a: i64, b: i64| a * b),
                ] {
                    let expected: Vec<i64> = (0..n)
                        .map(|i| (0..size).map(|r| values(r)[i]).reduce(fold).unwrap())
                        .collect();
                    assert_eq!(world.all_reduce(&values(me), reduction).unwrap(), expected);
                }
                let floats = |rank: i32| -> Vec<f64> {
                    values(rank).iter().map(|&v| v as f64 / 8.0).collect()
                };
                let float_sums: Vec<f64> = (0..n)
                    .map(|i| (0..size).map(|r| floats(r)[i]).sum())
                    .collect();
                assert_eq!(
                    world.all_reduce(&floats(me), Reduction::Sum).unwrap(),
                    float_sums
                );
                // All-gather: every rank's items in rank order.
                let gathered: Vec<Item> = (0..size).flat_map(|r| items(case, r, n)).collect();
                assert_eq!(world.all_gather(&items(case, me, n)).unwrap(), gathered);
                // All-gather with a length per rank.
                let len_of = |rank: i32| Draw::new(case * 11 + rank as u64).len(MAX_LEN);
                let parts = world
                    .all_gather_varcount(&items(case, me, len_of(me)))
                    .unwrap();
                assert_eq!(parts.len(), size as usize);
                for r in 0..size {
                    assert_eq!(parts.part(r as usize), items(case, r, len_of(r)));
                }
                // All-to-all: chunk `me` of every rank's items.
                let chunk = n / size as usize;
                let got = world
                    .all_to_all(&items(case, me, chunk * size as usize))
                    .unwrap();
                let expected: Vec<Item> = (0..size)
                    .flat_map(|s| {
                        let from = me as usize * chunk;
                        items(case, s, chunk * size as usize)[from..from + chunk].to_vec()
                    })
                    .collect();
                assert_eq!(got, expected);
                // All-to-all with counts per pair of ranks.
                let count = |s: i32, r: i32| Draw::new(case * 13 + (s * size + r) as u64).len(50);
                let counts: Vec<usize> = (0..size).map(|r| count(me, r)).collect();
                let total = |s: i32| (0..size).map(|r| count(s, r)).sum::<usize>();
                let got = world
                    .all_to_all_varcount(&items(case, me, total(me)), &counts)
                    .unwrap();
                for s in 0..size {
                    let from: usize = (0..me).map(|r| count(s, r)).sum();
                    let sent = &items(case, s, total(s))[from..from + count(s, me)];
                    assert_eq!(got.part(s as usize), sent, "from rank {s}, case {case}");
                }
            }
        });
    }
}

/// The same values on both ranks: proptest's deterministic runner draws the
/// same cases in the same order everywhere.
fn runner() -> TestRunner {
    let config = Config {
        failure_persistence: None,
        ..Config::default()
    };
    TestRunner::new_with_rng(config, TestRng::deterministic_rng(RngAlgorithm::ChaCha))
}

fn pod_round_trips(world: &Comm) {
    let peer = 1 - world.rank();
    let pool = common::pool(2);
    pool.install(|| {
        runner()
            .run(&proptest::collection::vec(any::<u8>(), 0..4096), |bytes| {
                // The bytes, and the same bytes seen as 8-byte floats (any
                // bit pattern, NaNs included) and as 3-byte arrays.
                let floats: Vec<f64> = bytemuck::pod_collect_to_vec(&bytes[..bytes.len() / 8 * 8]);
                let triples: Vec<[u8; 3]> =
                    bytemuck::pod_collect_to_vec(&bytes[..bytes.len() / 3 * 3]);
                if world.rank() == 0 {
                    world.send(peer, 1, &bytes).unwrap();
                    world.send(peer, 2, &floats).unwrap();
                    world.send(peer, 3, &triples).unwrap();
                    let echoed: Vec<f64> = world.receive(peer, 4).unwrap();
                    prop_assert_eq!(
                        bytemuck::cast_slice::<f64, u8>(&echoed),
                        bytemuck::cast_slice::<f64, u8>(&floats)
                    );
                } else {
                    prop_assert_eq!(world.receive::<u8>(peer, 1).unwrap(), bytes);
                    // Received as bytes: exactly 8 per float, no header.
                    let float_bytes = world.receive::<u8>(peer, 2).unwrap();
                    prop_assert_eq!(&float_bytes[..], bytemuck::cast_slice::<f64, u8>(&floats));
                    prop_assert_eq!(world.receive::<[u8; 3]>(peer, 3).unwrap(), triples);
                    let echoed: Vec<f64> = bytemuck::pod_collect_to_vec(&float_bytes);
                    world.send(peer, 4, &echoed).unwrap();
                }
                Ok(())
            })
            .unwrap();
    });
}

/// A particle: what ESPResSo sends for a ghost, with its bond list.
#[derive(Clone, Debug, PartialEq)]
struct Particle {
    fixed: ParticleFixed,
    bonds: Vec<u32>,
}

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Pod, Zeroable)]
struct ParticleFixed {
    position: [f64; 3],
    id: u32,
    kind: u8,
    flags: [u8; 3],
}

impl Record for Particle {
    type Fixed = ParticleFixed;
    type Item = u32;
    fn fixed(&self) -> ParticleFixed {
        self.fixed
    }
    fn items(&self) -> &[u32] {
        &self.bonds
    }
    fn from_parts(fixed: ParticleFixed, bonds: &[u32]) -> Self {
        Particle {
            fixed,
            bonds: bonds.to_vec(),
        }
    }
}

fn particles() -> impl Strategy<Value = Vec<Particle>> {
    let particle = (
        any::<[u64; 3]>(),
        any::<u32>(),
        any::<u8>(),
        any::<[u8; 3]>(),
        proptest::collection::vec(any::<u32>(), 0..200),
    )
        .prop_map(|(bits, id, kind, flags, bonds)| Particle {
            fixed: ParticleFixed {
                position: bits.map(f64::from_bits),
                id,
                kind,
                flags,
            },
            bonds,
        });
    proptest::collection::vec(particle, 0..40)
}

fn compact_round_trips(world: &Comm) {
    let peer = 1 - world.rank();
    common::pool(2).install(|| {
        runner()
            .run(&particles(), |particles| {
                let mut bytes = Vec::new();
                compact::encode(&particles, &mut bytes);
                let headers: usize = lubdub_mpi::varint::len(particles.len() as u64)
                    + particles
                        .iter()
                        .map(|p| lubdub_mpi::varint::len(p.bonds.len() as u64))
                        .sum::<usize>();
                let data: usize = particles.iter().map(|p| 32 + 4 * p.bonds.len()).sum();
                prop_assert_eq!(bytes.len(), headers + data);
                let got: Vec<u8> = world.exchange(peer, peer, 5, &bytes).unwrap();
                let decoded: Vec<Particle> = compact::decode(&got).unwrap();
                // Floats from arbitrary bits: compare bits, NaNs included.
                let bits = |ps: &[Particle]| -> Vec<u8> {
                    let mut out = Vec::new();
                    compact::encode(ps, &mut out);
                    out
                };
                prop_assert_eq!(bits(&decoded), bits(&particles));
                prop_assert_eq!(decoded.len(), particles.len());
                for cut in [0, got.len() / 2, got.len().saturating_sub(1)] {
                    if cut < got.len() {
                        prop_assert!(compact::decode::<Particle>(&got[..cut]).is_err());
                    }
                }
                Ok(())
            })
            .unwrap();
    });
}

/// Rank 0 waits for a reply that rank 1 sends only after rank 0's spawned
/// jobs have all run; on a pool of one thread only the waiting worker can
/// run them, so the reply comes only if the wait runs other jobs.
fn waiting_worker_runs_jobs(world: &Comm) {
    const JOBS: usize = 100;
    for threads in [1, 2] {
        if world.rank() == 1 {
            assert_eq!(world.receive::<u64>(0, 6).unwrap(), [JOBS as u64]);
            // Delay on purpose: rank 0 waits in its receive meanwhile.
            std::thread::sleep(std::time::Duration::from_millis(20));
            world.send(0, 7, &[42u64]).unwrap();
            continue;
        }
        let pool = common::pool(threads);
        let before = pool.profile();
        let done = AtomicUsize::new(0);
        let (reply, seat) = pool.install(|| {
            lubdub::scope(|s| {
                for _ in 0..JOBS {
                    s.spawn(|_| {
                        if done.fetch_add(1, Ordering::AcqRel) + 1 == JOBS {
                            world.send(1, 6, &[JOBS as u64]).unwrap();
                        }
                    });
                }
                let reply = world.receive::<u64>(1, 7).unwrap();
                (reply, lubdub::current_thread_index().unwrap())
            })
        });
        assert_eq!(reply, [42]);
        assert_eq!(done.load(Ordering::Acquire), JOBS);
        let profile = pool.profile().since(&before);
        let blocked = profile.workers[seat].time_in(lubdub::WorkerState::Blocked);
        assert!(
            !blocked.is_zero(),
            "the wait is not Blocked time\n{profile}"
        );
    }
}

fn bad_inputs(world: &Comm) {
    let me = world.rank();
    let peer = 1 - me;
    let mismatch = |result: Result<_, Error>| {
        assert!(
            matches!(result, Err(Error::LengthMismatch { .. })),
            "{result:?}"
        );
    };
    for threads in common::THREADS {
        common::pool(threads).install(|| {
            // Different lengths per rank.
            let uneven = vec![1i32; 2 + me as usize];
            mismatch(world.all_reduce(&uneven, Reduction::Sum).map(drop));
            mismatch(world.all_gather(&uneven).map(drop));
            // Not a multiple of the number of ranks on rank 0 only.
            mismatch(world.all_to_all(&vec![1u8; 3 - me as usize]).map(drop));
            // Counts that do not add up, on rank 1 only.
            let counts = [1, 1 + me as usize];
            mismatch(world.all_to_all_varcount(&[1u8, 2], &counts).map(drop));
            // A wrong count of counts, on rank 0 only.
            let counts = vec![1; 2 + (1 - me) as usize];
            let items = vec![1u8; counts.len()];
            mismatch(world.all_to_all_varcount(&items, &counts).map(drop));
            // Invalid ranks and tags are refused before anything is sent.
            assert_eq!(world.broadcast(2, &mut vec![1u8]), Err(Error::Rank(2)));
            assert_eq!(world.send(-1, 0, &[1u8]), Err(Error::Rank(-1)));
            assert_eq!(world.send(peer, -3, &[1u8]), Err(Error::Tag(-3)));
            assert_eq!(
                world.receive::<u8>(peer, lubdub_mpi::MAX_TAG),
                Err(Error::Tag(lubdub_mpi::MAX_TAG))
            );
            // Messages of the wrong size are consumed with an error.
            let sent: Vec<u16> = vec![7, 8, 9];
            let got = world.exchange(peer, peer, 8, &sent);
            assert_eq!(got.as_deref(), Ok(&sent[..]));
            // (Each rank sends and receives at once: `join`.)
            let (sent_ok, (wrong, two)) = lubdub::join(
                || world.send(peer, 9, &sent),
                || {
                    let mut two = [0u16; 2];
                    (world.receive_into(peer, 9, &mut two), two)
                },
            );
            assert_eq!(sent_ok, Ok(()));
            assert_eq!(
                wrong,
                Err(Error::MessageSize {
                    expected: 4,
                    received: 6
                })
            );
            assert_eq!(two, [0, 0]);
            let (sent_ok, odd) = lubdub::join(
                || world.send(peer, 10, &sent),
                || world.receive::<u32>(peer, 10),
            );
            assert_eq!(sent_ok, Ok(()));
            assert_eq!(
                odd,
                Err(Error::MessageSize {
                    expected: 4,
                    received: 6
                })
            );
            // The communicator still works.
            let sums = world.all_reduce(&[me + 1], Reduction::Sum).unwrap();
            assert_eq!(sums, [3]);
        });
    }
}
