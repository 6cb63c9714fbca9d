//! The standard collections as parallel sources (`lubdub::collections`,
//! `lubdub::array`, `lubdub::option`, `lubdub::result`), against their
//! sequential iterators at 1, 2 and 8 threads.

use std::collections::{BTreeMap, BTreeSet, BinaryHeap, HashMap, HashSet, LinkedList, VecDeque};

use lubdub::prelude::*;
use proptest::prelude::*;

fn pools() -> Vec<lubdub::ThreadPool> {
    [1, 2, 8]
        .into_iter()
        .map(|n| {
            lubdub::ThreadPoolBuilder::new()
                .num_threads(n)
                .heartbeat_interval(std::time::Duration::ZERO)
                .build()
                .unwrap()
        })
        .collect()
}

fn sorted<T: Ord>(mut v: Vec<T>) -> Vec<T> {
    v.sort();
    v
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(if cfg!(miri) { 2 } else { 24 }))]

    #[test]
    fn ordered_collections_keep_their_order(items in proptest::collection::vec(0u16..500, 0..300)) {
        for pool in pools() {
            pool.install(|| {
                let list: LinkedList<u16> = items.iter().copied().collect();
                let got: Vec<u16> = list.par_iter().copied().collect();
                assert_eq!(got, items);
                let mut list = list;
                list.par_iter_mut().for_each(|x| *x += 1);
                let got: Vec<u16> = list.into_par_iter().collect();
                assert_eq!(got, items.iter().map(|x| x + 1).collect::<Vec<_>>());

                let set: BTreeSet<u16> = items.iter().copied().collect();
                let got: Vec<u16> = set.par_iter().copied().collect();
                assert_eq!(got, set.iter().copied().collect::<Vec<_>>());
                assert_eq!(set.clone().into_par_iter().collect::<Vec<_>>(), set.into_iter().collect::<Vec<_>>());

                let mut map: BTreeMap<u16, usize> = items.iter().map(|&k| (k, k as usize)).collect();
                map.par_iter_mut().for_each(|(k, v)| *v += *k as usize);
                let got: Vec<(u16, usize)> = map.par_iter().map(|(k, v)| (*k, *v)).collect();
                assert_eq!(got, map.iter().map(|(k, v)| (*k, *v)).collect::<Vec<_>>());
                assert!(got.iter().all(|&(k, v)| v == 2 * k as usize));

                // A deque whose items wrap around its buffer.
                let mut deque: VecDeque<u16> = items.iter().copied().collect();
                deque.rotate_left(items.len() / 3);
                let expected: Vec<u16> = deque.iter().copied().collect();
                assert_eq!(deque.par_iter().len(), expected.len());
                assert_eq!(deque.par_iter().copied().collect::<Vec<_>>(), expected);
                deque.par_iter_mut().for_each(|x| *x *= 2);
                assert_eq!(deque.par_iter().map(|x| x / 2).collect::<Vec<_>>(), expected);
                let (lo, hi) = (expected.len() / 4, expected.len() / 2);
                let drained: Vec<u16> = deque.par_drain(lo..hi).map(|x| x / 2).collect();
                assert_eq!(drained, expected[lo..hi]);
                assert_eq!(deque.len(), expected.len() - (hi - lo));
                assert_eq!(deque.into_par_iter().map(|x| x / 2).collect::<Vec<_>>(),
                    [&expected[..lo], &expected[hi..]].concat());
            });
        }
    }

    #[test]
    fn unordered_collections_yield_every_item_once(items in proptest::collection::vec(0u32..1000, 0..300)) {
        for pool in pools() {
            pool.install(|| {
                let set: HashSet<u32> = items.iter().copied().collect();
                assert_eq!(sorted(set.par_iter().copied().collect()), sorted(set.iter().copied().collect()));
                let mut drained_set = set.clone();
                assert_eq!(sorted(drained_set.par_drain().collect()), sorted(set.iter().copied().collect()));
                assert!(drained_set.is_empty());
                assert_eq!(set.clone().into_par_iter().count(), set.len());

                let mut map: HashMap<u32, u32> = items.iter().map(|&k| (k, k)).collect();
                map.par_iter_mut().for_each(|(_, v)| *v += 1);
                assert!(map.par_iter().all(|(k, v)| *v == k + 1));
                let entries = sorted(map.clone().into_par_iter().collect());
                assert_eq!(sorted(map.par_drain().collect()), entries);
                assert!(map.is_empty());

                let mut heap: BinaryHeap<u32> = items.iter().copied().collect();
                assert_eq!(heap.par_iter().len(), items.len());
                assert_eq!(sorted(heap.par_iter().copied().collect()), sorted(items.clone()));
                assert_eq!(sorted(heap.clone().into_par_iter().collect()), sorted(items.clone()));
                assert_eq!(sorted(heap.par_drain().collect()), sorted(items.clone()));
                assert!(heap.is_empty());
            });
        }
    }
}

#[test]
fn arrays_options_and_results_by_value_and_by_reference() {
    for pool in pools() {
        pool.install(|| {
            let words = [String::from("a"), String::from("bb"), String::from("ccc")];
            assert_eq!(words.par_iter().map(String::len).sum::<usize>(), 6);
            let moved: Vec<String> = words.into_par_iter().rev().collect();
            assert_eq!(moved, ["ccc", "bb", "a"]);
            let empty: [u8; 0] = [];
            assert_eq!(empty.into_par_iter().count(), 0);

            let mut some = Some(5);
            some.par_iter_mut().for_each(|x| *x += 1);
            assert_eq!(some.par_iter().copied().collect::<Vec<_>>(), [6]);
            assert_eq!(some.into_par_iter().zip(None::<u8>).count(), 0);
            let ok: Result<u8, String> = Ok(1);
            let err: Result<u8, String> = Err("no".into());
            assert_eq!(ok.par_iter().chain(err.par_iter()).count(), 1);
        });
    }
}
