//! The tests of `loops`: every variant's answers, cells and options.

use std::num::NonZeroUsize;

use super::kernels::*;
use super::*;
use crate::experiment::BASELINE;
use crate::workloads::{parse, Command};

#[test]
fn every_variant_computes_every_loop_correctly() {
    for threads in [1, 2, 3] {
        let pools = Pools::new(NonZeroUsize::new(threads).unwrap()).unwrap();
        for n in [0, 1, 7, 1000, 100_003] {
            let (xu, x, y) = (u64_input(n), f64_input(n, 0.5), f64_input(n, 0.25));
            let mut z_expected = vec![0.0; n];
            axpy(LoopVariant::Baseline, &pools, &x, &y, &mut z_expected);
            for v in LoopVariant::ALL {
                assert_eq!(
                    sum_squares(v, &pools, &xu),
                    xu.iter().map(|x| x * x).sum::<u64>()
                );
                assert_eq!(
                    hot_loop(v, &pools, &xu, 3),
                    3 * xu.iter().map(|x| x * x).sum::<u64>()
                );
                assert_eq!(
                    map_collect(v, &pools, &x),
                    map_collect(LoopVariant::Baseline, &pools, &x)
                );
                let mut z = vec![0.0; n];
                axpy(v, &pools, &x, &y, &mut z);
                assert_eq!(z, z_expected, "{} n={n}", v.name());
            }
        }
    }
}

#[test]
fn a_cell_measures_each_variant_for_each_kind() {
    let quick = Plan::fixed(1, 2);
    for case in LoopsConfig::issue_cases(5_000, 10) {
        let cell = measure_cell(case, NonZeroUsize::new(2).unwrap(), &quick).unwrap();
        let names: Vec<_> = cell.results.iter().map(|r| r.variant.as_str()).collect();
        let expected: &[&str] =
            if adaptors::KINDS.contains(&case.kind) || nested::KINDS.contains(&case.kind) {
                &[BASELINE, "lubdub", "rayon"]
            } else {
                &LoopVariant::ALL.map(LoopVariant::name)
            };
        assert_eq!(names, expected);
        assert!(cell.results.iter().all(|r| r.samples.len() == 2));
    }
}

#[test]
fn defaults_follow_the_issue() {
    let Command::Loops(args) = parse(&["loops"]).unwrap() else {
        panic!("not loops")
    };
    let config = args.config();
    assert_eq!(config.cases, LoopsConfig::issue_cases(10_000_000, 100_000));
}

#[test]
fn kinds_pick_loops_in_table_order() {
    let Command::Loops(args) = parse(&["loops", "--kinds", "nested-fold,hot-loop"]).unwrap()
    else {
        panic!("not loops")
    };
    let kinds: Vec<_> = args.config().cases.iter().map(|c| c.kind).collect();
    assert_eq!(kinds, [LoopKind::HotLoop, LoopKind::NestedFold]);
    assert!(parse(&["loops", "--kinds", "no-such-loop"]).is_err());
}
