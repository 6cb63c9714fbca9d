//! Every collection `collect`, `par_extend`, `unzip` and `partition` build,
//! against what `std`'s sequential iterators build from the same items, on
//! pools of 1, 2 and 8 threads (1 and 2 under Miri) with a heartbeat at
//! every poll (loops split whenever a thread is idle) and the default one.
//! Each check runs on three sources: an indexed one (a slice), the same
//! with its length hidden (collects take their unindexed path), and an
//! unindexed producer cut in halves.

mod common;

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet, BinaryHeap, HashMap, HashSet, LinkedList, VecDeque};
use std::ffi::{OsStr, OsString};
use std::rc::Rc;
use std::sync::Arc;

use lubdub::iter::plumbing::{bridge_unindexed, Folder, UnindexedConsumer, UnindexedProducer};
use lubdub::iter::Either;
use lubdub::prelude::*;
use proptest::prelude::*;

/// Lengths around the driver's chunk sizes, and a few long ones.
fn values() -> impl Strategy<Value = Vec<u16>> {
    let len = prop_oneof![0..3usize, 3..300usize, Just(common::scaled(5_000, 100))];
    len.prop_flat_map(|n| proptest::collection::vec(any::<u16>(), n))
}

/// The items of an iterator with its length hidden: `opt_len` is `None`.
struct Unindexed<I>(I);

impl<I: ParallelIterator> ParallelIterator for Unindexed<I> {
    type Item = I::Item;

    fn drive_unindexed<C: UnindexedConsumer<I::Item>>(self, consumer: C) -> C::Result {
        self.0.drive_unindexed(consumer)
    }
}

/// The items of a slice, from an unindexed producer cut in halves.
struct Halves<'a, T>(&'a [T]);

impl<'a, T: Sync> UnindexedProducer for Halves<'a, T> {
    type Item = &'a T;

    fn split(self) -> (Self, Option<Self>) {
        if self.0.len() < 2 {
            return (self, None);
        }
        let (left, right) = self.0.split_at(self.0.len() / 2);
        (Halves(left), Some(Halves(right)))
    }

    fn fold_with<F: Folder<&'a T>>(self, folder: F) -> F {
        folder.consume_iter(self.0)
    }
}

impl<'a, T: Sync> ParallelIterator for Halves<'a, T> {
    type Item = &'a T;

    fn drive_unindexed<C: UnindexedConsumer<&'a T>>(self, consumer: C) -> C::Result {
        bridge_unindexed(self, consumer)
    }
}

/// Runs `$check` with `$iter` bound to each source of the items of `$v`.
macro_rules! for_each_source {
    ($v:expr, |$iter:ident| $check:expr) => {{
        let v = &$v;
        {
            let $iter = || v.par_iter();
            $check
        }
        {
            let $iter = || Unindexed(v.par_iter());
            $check
        }
        {
            let $iter = || Halves(&v[..]);
            $check
        }
    }};
}

/// Pairs of which the second half is split by `Either`.
type Nested = (Vec<u16>, (Vec<u16>, Vec<u32>));

fn letter(x: u16) -> char {
    char::from(b'a' + (x % 26) as u8)
}

proptest! {
    #![proptest_config(common::cases(16, 2))]

    #[test]
    fn sequences_match_std(v in values()) {
        for pool in common::loop_pools() {
            pool.install(|| for_each_source!(v, |items| {
                let std_vec: Vec<u16> = v.clone();
                assert_eq!(items().map(|&x| x).collect::<Vec<_>>(), std_vec);
                assert_eq!(items().map(|&x| x).collect::<VecDeque<_>>(), v.iter().copied().collect::<VecDeque<_>>());
                assert_eq!(items().map(|&x| x).collect::<LinkedList<_>>(), v.iter().copied().collect::<LinkedList<_>>());
                assert_eq!(&*items().map(|&x| x).collect::<Box<[_]>>(), &v[..]);
                assert_eq!(&*items().map(|&x| x).collect::<Rc<[_]>>(), &v[..]);
                assert_eq!(&*items().map(|&x| x).collect::<Arc<[_]>>(), &v[..]);
                let cow: Cow<'_, [u16]> = items().map(|&x| x).collect();
                assert!(matches!(cow, Cow::Owned(_)));
                assert_eq!(&*cow, &v[..]);
                let heap: BinaryHeap<u16> = items().map(|&x| x).collect();
                assert_eq!(heap.into_sorted_vec(), v.iter().copied().collect::<BinaryHeap<_>>().into_sorted_vec());
                let list = items().map(|&x| x).collect_vec_list();
                assert!(list.iter().all(|piece| !piece.is_empty()));
                assert_eq!(list.into_iter().flatten().collect::<Vec<_>>(), std_vec);
                // Zero-sized items.
                assert_eq!(items().map(|_| ()).collect::<Vec<()>>().len(), v.len());
                let () = items().map(|_| ()).collect();
                // `Either` of two iterators, as a parallel iterator.
                let either = if v.len() % 2 == 0 {
                    Either::Left(items().map(|&x| x))
                } else {
                    Either::Right(items().map(|x| *x))
                };
                assert_eq!(either.collect::<Vec<_>>(), std_vec);
            }));
        }
    }

    #[test]
    fn maps_and_sets_match_std(v in values()) {
        // Few distinct keys, so later items overwrite earlier ones.
        let pair = |&x: &u16| (x % 64, x);
        for pool in common::loop_pools() {
            pool.install(|| for_each_source!(v, |items| {
                assert_eq!(items().map(pair).collect::<HashMap<_, _>>(), v.iter().map(pair).collect::<HashMap<_, _>>());
                assert_eq!(items().map(pair).collect::<BTreeMap<_, _>>(), v.iter().map(pair).collect::<BTreeMap<_, _>>());
                assert_eq!(items().map(|&x| x % 100).collect::<HashSet<_>>(), v.iter().map(|&x| x % 100).collect::<HashSet<_>>());
                assert_eq!(items().map(|&x| x % 100).collect::<BTreeSet<_>>(), v.iter().map(|&x| x % 100).collect::<BTreeSet<_>>());
            }));
        }
    }

    #[test]
    fn strings_match_std(v in values()) {
        let chars: Vec<char> = v.iter().map(|&x| letter(x)).collect();
        let words: Vec<String> = v.iter().map(|&x| x.to_string()).collect();
        let std_text: String = words.concat();
        let os_words: Vec<OsString> = words.iter().map(OsString::from).collect();
        for pool in common::loop_pools() {
            pool.install(|| {
                for_each_source!(v, |items| {
                    let std_letters: String = chars.iter().collect();
                    assert_eq!(items().map(|&x| letter(x)).collect::<String>(), std_letters);
                    assert_eq!(&*items().map(|&x| letter(x)).collect::<Box<str>>(), std_letters);
                    assert_eq!(items().map(|x| x.to_string()).collect::<String>(), std_text);
                    assert_eq!(items().map(|x| x.to_string().into_boxed_str()).collect::<String>(), std_text);
                    assert_eq!(items().map(|x| Cow::<str>::Owned(x.to_string())).collect::<String>(), std_text);
                    assert_eq!(&*items().map(|x| x.to_string()).collect::<Box<str>>(), std_text);
                    assert_eq!(items().map(|x| OsString::from(x.to_string())).collect::<OsString>(), OsString::from(&std_text));
                });
                for_each_source!(chars, |items| {
                    assert_eq!(items().collect::<String>(), chars.iter().collect::<String>());
                    assert_eq!(&*items().collect::<Box<str>>(), chars.iter().collect::<String>());
                });
                for_each_source!(words, |items| {
                    assert_eq!(items().map(|s| &s[..]).collect::<String>(), std_text);
                    assert_eq!(items().map(|s| Cow::Borrowed(&s[..])).collect::<Box<str>>(), std_text.clone().into_boxed_str());
                });
                for_each_source!(os_words, |items| {
                    assert_eq!(items().map(|s| &s[..]).collect::<OsString>(), OsString::from(&std_text));
                    assert_eq!(items().map(|s| Cow::<OsStr>::Borrowed(s)).collect::<OsString>(), OsString::from(&std_text));
                });
            });
        }
    }

    #[test]
    fn par_extend_appends_in_order(v in values()) {
        let pair = |&x: &u16| (x % 64, x);
        let pairs: Vec<(u16, u16)> = v.iter().map(pair).collect();
        for pool in common::loop_pools() {
            pool.install(|| for_each_source!(v, |items| {
                let mut vec = vec![7u16, 8];
                vec.par_extend(items().map(|&x| x));
                vec.par_extend(items());
                let std_vec: Vec<u16> = [7, 8].iter().chain(&v).chain(&v).copied().collect();
                assert_eq!(vec, std_vec);

                let mut deque = VecDeque::from([1u16]);
                deque.par_extend(items());
                deque.par_extend(items().map(|&x| x));
                assert_eq!(deque, [1].iter().chain(&v).chain(&v).copied().collect::<VecDeque<_>>());

                let mut list = LinkedList::from([3u16]);
                list.par_extend(items());
                list.par_extend(items().map(|&x| x));
                assert_eq!(list, [3].iter().chain(&v).chain(&v).copied().collect::<LinkedList<_>>());

                let mut heap = BinaryHeap::from([5u16]);
                heap.par_extend(items());
                heap.par_extend(items().map(|&x| x));
                let mut std_heap = BinaryHeap::from([5u16]);
                std_heap.extend(&v);
                std_heap.extend(&v);
                assert_eq!(heap.into_sorted_vec(), std_heap.into_sorted_vec());

                let mut set = HashSet::from([u16::MAX]);
                set.par_extend(items());
                let mut btree_set = BTreeSet::from([0u16]);
                btree_set.par_extend(items().map(|&x| x));
                assert_eq!(set, v.iter().copied().chain([u16::MAX]).collect());
                assert_eq!(btree_set, v.iter().copied().chain([0]).collect());

                let mut map = HashMap::from([(1000u16, 1u16)]);
                map.par_extend(items().map(pair));
                let mut btree_map = BTreeMap::from([(1000u16, 1u16)]);
                btree_map.par_extend(items().map(pair));
                let std_map: BTreeMap<u16, u16> = [(1000, 1)].into_iter().chain(v.iter().map(pair)).collect();
                assert_eq!(map, std_map.iter().map(|(&k, &v)| (k, v)).collect());
                assert_eq!(btree_map, std_map);

                let mut text = String::from(">");
                text.par_extend(items().map(|&x| letter(x)));
                assert_eq!(text, std::iter::once('>').chain(v.iter().map(|&x| letter(x))).collect::<String>());

                let mut unit = ();
                unit.par_extend(items().map(|_| ()));
            }));
            pool.install(|| for_each_source!(pairs, |items| {
                let mut map = HashMap::new();
                map.par_extend(items().map(|(k, v)| (k, v)));
                let mut btree_map = BTreeMap::new();
                btree_map.par_extend(items().map(|(k, v)| (k, v)));
                assert_eq!(map, pairs.iter().copied().collect());
                assert_eq!(btree_map, pairs.iter().copied().collect());
            }));
        }
    }

    #[test]
    fn unzip_and_partition_match_std(v in values()) {
        let is_small = |x: &u16| *x < 20_000;
        let split = |x: u16| if x % 3 == 0 { Either::Left(x) } else { Either::Right(u32::from(x) * 2) };
        let std_pairs: (Vec<u16>, Vec<u32>) = v.iter().map(|&x| (x, u32::from(x) + 1)).unzip();
        let std_halves: (Vec<u16>, Vec<u16>) = v.iter().partition(|x| is_small(x));
        let mut std_split: (Vec<u16>, Vec<u32>) = Default::default();
        for &x in &v {
            match split(x) {
                Either::Left(l) => std_split.0.push(l),
                Either::Right(r) => std_split.1.push(r),
            }
        }
        for pool in common::loop_pools() {
            pool.install(|| for_each_source!(v, |items| {
                let unzipped: (Vec<u16>, Vec<u32>) = items().map(|&x| (x, u32::from(x) + 1)).unzip();
                assert_eq!(unzipped, std_pairs);
                let collected: (Vec<u16>, Vec<u32>) = items().map(|&x| (x, u32::from(x) + 1)).collect();
                assert_eq!(collected, std_pairs);
                let (list, set): (LinkedList<u16>, BTreeSet<u32>) = items().map(|&x| (x, u32::from(x) + 1)).unzip();
                assert!(list.iter().eq(&std_pairs.0));
                assert_eq!(set, std_pairs.1.iter().copied().collect());

                let halves: (Vec<u16>, Vec<u16>) = items().map(|&x| x).partition(is_small);
                assert_eq!(halves, std_halves);
                let split_up: (Vec<u16>, Vec<u32>) = items().map(|&x| x).partition_map(split);
                assert_eq!(split_up, std_split);
                let collected: (Vec<u16>, Vec<u32>) = items().map(|&x| split(x)).collect();
                assert_eq!(collected, std_split);

                let mut extended = (vec![1u16], vec![2u32]);
                extended.par_extend(items().map(|&x| split(x)));
                extended.par_extend(items().map(|&x| (x, u32::from(x) + 1)));
                let mut std_extended = (vec![1u16], vec![2u32]);
                std_extended.0.extend(&std_split.0);
                std_extended.1.extend(&std_split.1);
                std_extended.0.extend(&std_pairs.0);
                std_extended.1.extend(&std_pairs.1);
                assert_eq!(extended, std_extended);

                // Nested pairs and `Either`s, inside a short-circuiting `Result`.
                let nested: Result<Nested, ()> =
                    items().map(|&x| Ok((x, split(x)))).collect();
                assert_eq!(nested, Ok((v.clone(), std_split.clone())));

                // `Either` of two collections extends the one it holds.
                let mut either: Either<Vec<u16>, BTreeSet<u16>> =
                    if v.len() % 2 == 0 { Either::Left(Vec::new()) } else { Either::Right(BTreeSet::new()) };
                either.par_extend(items().map(|&x| x));
                match either {
                    Either::Left(vec) => assert_eq!(vec, v),
                    Either::Right(set) => assert_eq!(set, v.iter().copied().collect()),
                }
            }));
        }
    }

    #[test]
    fn options_and_results_match_std(v in values(), cut in any::<proptest::sample::Index>()) {
        let stop_at = if v.is_empty() { None } else { Some(cut.index(v.len())) };
        for pool in common::loop_pools() {
            pool.install(|| for_each_source!(v, |items| {
                let all: Option<Vec<u16>> = items().map(|&x| Some(x)).collect();
                assert_eq!(all.as_ref(), Some(&v));
                let ok: Result<Vec<u16>, String> = items().map(|&x| Ok(x)).collect();
                assert_eq!(ok.as_ref(), Ok(&v));
                let ok_set: Result<BTreeSet<u16>, ()> = items().map(|&x| Ok(x)).collect();
                assert_eq!(ok_set, Ok(v.iter().copied().collect()));
                if let Some(at) = stop_at {
                    let marked = v[at];
                    // Every item equal to `v[at]` fails; which one is seen
                    // first does not matter, they are all equal.
                    let one_none: Option<Vec<u16>> =
                        items().map(|&x| (x != marked).then_some(x)).collect();
                    assert_eq!(one_none, None);
                    let one_err: Result<Vec<u16>, u16> =
                        items().map(|&x| if x == marked { Err(x) } else { Ok(x) }).collect();
                    assert_eq!(one_err, Err(marked));
                    let unit: Result<(), u16> =
                        items().map(|&x| if x == marked { Err(x) } else { Ok(()) }).collect();
                    assert_eq!(unit, Err(marked));
                }
            }));
        }
    }

    #[test]
    fn collect_into_vec_reuses_the_allocation(v in values(), extra in 0..50usize) {
        for pool in common::loop_pools() {
            pool.install(|| {
                let mut target = Vec::with_capacity(v.len() + extra);
                target.extend([1u32, 2, 3].iter().take(v.len() + extra));
                let buffer = target.as_ptr();
                v.par_iter().map(|&x| u32::from(x) * 3).collect_into_vec(&mut target);
                assert_eq!(target, v.iter().map(|&x| u32::from(x) * 3).collect::<Vec<_>>());
                assert_eq!(target.as_ptr(), buffer);

                let mut left = vec![9u16; v.len() + extra];
                let mut right: Vec<String> = Vec::with_capacity(v.len());
                let left_buffer = left.as_ptr();
                v.par_iter().map(|&x| (x, x.to_string())).unzip_into_vecs(&mut left, &mut right);
                assert_eq!(left, v);
                assert_eq!(right, v.iter().map(u16::to_string).collect::<Vec<_>>());
                assert_eq!(left.as_ptr(), left_buffer);

                // Zipped indexed iterators write in place too.
                let mut zipped = Vec::new();
                v.par_iter().zip(&v[v.len() / 2..]).map(|(a, b)| (*a, *b)).collect_into_vec(&mut zipped);
                assert_eq!(zipped, v.iter().zip(&v[v.len() / 2..]).map(|(a, b)| (*a, *b)).collect::<Vec<_>>());
            });
        }
    }
}
