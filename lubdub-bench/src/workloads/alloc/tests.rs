//! The tests of `alloc`: every variant's answers, the child's report, the
//! parent's merge and the command line.

use std::num::NonZeroUsize;
use std::process::Command;


use super::child::*;
use super::kernels::*;
use super::parent::*;
use super::*;
use crate::allocator::{self, Choice};
use crate::check::{expect_same, Mismatch};
use crate::harness::{Measurement, Plan};
use crate::workloads::tree::{expected_sum, Node};
use crate::workloads::parse;

fn nz(n: usize) -> NonZeroUsize {
    NonZeroUsize::new(n).unwrap()
}

fn config() -> AllocConfig {
    AllocConfig {
        tree_nodes: 1000,
        items: 500,
        threads: vec![nz(1), nz(2)],
        budget: Duration::from_millis(7),
    }
}

fn quick() -> Plan {
    Plan::fixed(1, 2)
}

#[test]
fn every_variant_builds_frees_and_sums_every_tree() {
    for threads in [1, 2, 3] {
        let pools = AllocPools::new(nz(threads)).unwrap();
        for n in [1, 2, 3, 7, 1000, 65_537] {
            for v in AllocVariant::ALL {
                let sum = tree_rep(v, &pools, n);
                assert_eq!(check_tree(sum, n), Ok(()), "{} n={n}", v.name());
            }
        }
    }
}

#[test]
fn a_wrong_tree_fails_its_check() {
    // A tree that lacks its first node, or has one node twice.
    let short = consume::<Seq>(build::<Seq>(2, 1000));
    assert_eq!(
        check_tree(short, 1000),
        Err(Mismatch {
            got: expected_sum(1000) - 1,
            expected: expected_sum(1000)
        })
    );
    let mut doubled = build::<Seq>(1, 1000).unwrap();
    doubled.right.as_mut().unwrap().value = doubled.value;
    assert!(check_tree(consume::<Seq>(Some(doubled)), 1000).is_err());
}

#[test]
fn the_tree_is_balanced_and_in_order() {
    fn walk(node: &Option<Box<Node>>, out: &mut Vec<i64>) -> usize {
        let Some(node) = node else { return 0 };
        let l = walk(&node.left, out);
        out.push(node.value);
        let r = walk(&node.right, out);
        assert!(l.abs_diff(r) <= 1, "unbalanced at {}", node.value);
        1 + l.max(r)
    }
    let mut values = Vec::new();
    let depth = walk(&build::<Seq>(1, 1023), &mut values);
    assert_eq!(values, (1..=1023).collect::<Vec<_>>());
    assert_eq!(depth, 10);
}

#[test]
fn every_variant_reduces_the_same_vector() {
    for threads in [1, 2, 3] {
        let pools = AllocPools::new(nz(threads)).unwrap();
        for n in [0, 1, 2, 100, 20_001] {
            let expected = vecs_rep(AllocVariant::Sequential, &pools, n);
            for v in AllocVariant::ALL {
                assert_eq!(
                    expect_same(&vecs_rep(v, &pools, n), &expected),
                    Ok(()),
                    "{} n={n}",
                    v.name()
                );
            }
        }
    }
}

#[test]
fn vectors_vary_in_length_and_a_wrong_reduction_fails_the_check() {
    let lengths: Vec<usize> = (0..10_000).map(|i| item_vec(i).len()).collect();
    assert_eq!(lengths.iter().min(), Some(&1));
    assert_eq!(lengths.iter().max(), Some(&MAX_VEC_LEN));
    // By hand: two items add element-wise into the longer one.
    let (a, b) = (item_vec(0), item_vec(1));
    let two = vecs_rep(
        AllocVariant::Sequential,
        &AllocPools::new(nz(1)).unwrap(),
        2,
    );
    assert_eq!(two.len(), a.len().max(b.len()));
    assert_eq!(two[0], a[0].wrapping_add(b[0]));
    // A reduction that lost an item, or a perturbed element, is wrong.
    let expected: Vec<u64> = (0..1000).map(item_vec).fold(Vec::new(), add_vecs);
    let lost: Vec<u64> = (1..1000).map(item_vec).fold(Vec::new(), add_vecs);
    assert!(expect_same(&lost, &expected).is_err());
    let mut perturbed = expected.clone();
    perturbed[MAX_VEC_LEN - 1] ^= 1;
    assert_eq!(
        expect_same(&perturbed, &expected),
        Err(Mismatch {
            got: MAX_VEC_LEN as i64 - 1,
            expected: MAX_VEC_LEN as i64
        })
    );
}

#[test]
fn a_cell_samples_every_variant() {
    let pools = AllocPools::new(nz(2)).unwrap();
    for workload in AllocWorkload::ALL {
        let measured = measure_cell(workload, 300, &pools, Choice::System, &quick()).unwrap();
        let names: Vec<_> = measured.iter().map(|m| m.variant.as_str()).collect();
        assert_eq!(names, AllocVariant::ALL.map(AllocVariant::name));
        assert!(measured.iter().all(|m| m.ns_per_rep.len() == 2));
    }
}

#[test]
fn the_child_reports_every_cell_of_its_config() {
    let config = AllocConfig {
        tree_nodes: 63,
        items: 40,
        threads: vec![nz(2), nz(1)],
        budget: Duration::from_millis(1),
    };
    let report = measure_here(&config).unwrap();
    assert_eq!(report.allocator, allocator::in_use().unwrap().name());
    let cells: Vec<_> = report
        .cells
        .iter()
        .map(|c| (c.workload, c.size, c.threads))
        .collect();
    assert_eq!(
        cells,
        [
            (AllocWorkload::Tree, 63, 2),
            (AllocWorkload::Vecs, 40, 2),
            (AllocWorkload::Tree, 63, 1),
            (AllocWorkload::Vecs, 40, 1)
        ]
    );
    // The line round-trips through the parent's reader.
    let mut forwarded = Vec::new();
    let line = format!("profile table\n{}\n", report.to_line());
    let back = collect_output(line.as_bytes(), &mut forwarded, Choice::System).unwrap();
    assert_eq!(back, report);
    assert_eq!(
        String::from_utf8(forwarded).unwrap(),
        "[system] profile table\n"
    );
}

/// A report as a child of `config()` would send it, with made-up
/// samples: each variant's ns per repetition is `base` times the
/// variant's factor (sequential 1, lubdub 0.5, rayon 2).
fn fake_report(choice: Choice, base: f64) -> ChildReport {
    let config = config();
    let mut cells = Vec::new();
    for threads in &config.threads {
        for workload in AllocWorkload::ALL {
            let measurements = AllocVariant::ALL
                .iter()
                .zip([1.0, 0.5, 2.0])
                .map(|(v, factor)| Measurement {
                    variant: v.name().to_owned(),
                    reps_per_sample: 1,
                    ns_per_rep: vec![base * factor * config.size(workload) as f64; 3],
                    profile: None,
                    trace: None,
                })
                .collect();
            cells.push(ChildCell {
                workload,
                size: config.size(workload),
                threads: threads.get(),
                measurements,
            });
        }
    }
    ChildReport {
        allocator: choice.name().to_owned(),
        cells,
    }
}

#[test]
fn merge_orders_rows_by_workload_allocator_and_threads() {
    let reports = [
        (Choice::System, fake_report(Choice::System, 10.0)),
        (Choice::Mimalloc, fake_report(Choice::Mimalloc, 4.0)),
    ];
    let cells = merge(&config(), &reports).unwrap();
    let rows: Vec<_> = cells
        .iter()
        .map(|c| (c.experiment.name(), c.allocator.as_deref(), c.threads))
        .collect();
    assert_eq!(
        rows,
        [
            ("alloc-tree", Some("system"), 1),
            ("alloc-tree", Some("system"), 2),
            ("alloc-tree", Some("mimalloc"), 1),
            ("alloc-tree", Some("mimalloc"), 2),
            ("alloc-vecs", Some("system"), 1),
            ("alloc-vecs", Some("system"), 2),
            ("alloc-vecs", Some("mimalloc"), 1),
            ("alloc-vecs", Some("mimalloc"), 2),
        ]
    );
    // Samples per node or item; ratios to sequential under the same
    // allocator.
    let mimalloc_tree = &cells[2];
    assert_eq!(mimalloc_tree.unit, "ns/node");
    assert_eq!(mimalloc_tree.size, 1000);
    assert_eq!(mimalloc_tree.results[0].summary.unwrap().median, 4.0);
    assert_eq!(mimalloc_tree.results[1].ratio_to_baseline, Some(0.5));
    assert_eq!(mimalloc_tree.results[2].ratio_to_baseline, Some(2.0));
    assert_eq!(cells[4].unit, "ns/item");
    assert_eq!(cells[4].results[0].summary.unwrap().median, 10.0);
}

#[test]
fn merge_refuses_missing_extra_or_mislabelled_results() {
    let good = || {
        vec![
            (Choice::System, fake_report(Choice::System, 10.0)),
            (Choice::Mimalloc, fake_report(Choice::Mimalloc, 4.0)),
        ]
    };
    let message = |reports: &[(Choice, ChildReport)]| match merge(&config(), reports) {
        Err(e @ Error::Child { .. }) => e.to_string(),
        other => panic!("not refused: {other:?}"),
    };

    let mut missing_cell = good();
    missing_cell[1].1.cells.remove(3);
    let text = message(&missing_cell);
    assert!(text.contains("mimalloc"), "{text}");
    assert!(text.contains("alloc-vecs at 2 threads"), "{text}");

    let mut repeated = good();
    let again = repeated[0].1.cells[0].clone();
    repeated[0].1.cells.push(again);
    assert!(message(&repeated).contains("not once but 2 times"));

    let mut missing_variant = good();
    missing_variant[0].1.cells[1].measurements.remove(2);
    let text = message(&missing_variant);
    assert!(text.contains("no sample of rayon"), "{text}");

    let mut no_samples = good();
    no_samples[0].1.cells[0].measurements[1].ns_per_rep.clear();
    assert!(message(&no_samples).contains("no sample of lubdub"));

    let mut extra = good();
    extra[0].1.cells[0].threads = 8;
    assert!(message(&extra).contains("not asked"));

    let mut wrong_size = good();
    wrong_size[1].1.cells[0].size = 999;
    assert!(message(&wrong_size).contains("not asked"));

    let mut wrong_allocator = good();
    wrong_allocator[1].1.allocator = "system".into();
    let text = message(&wrong_allocator);
    assert!(text.contains("the mimalloc child"), "{text}");
    assert!(text.contains("\"system\" allocator instead"), "{text}");
}

#[test]
fn bad_child_output_is_an_error_not_a_missing_row() {
    let read = |text: &str| collect_output(text.as_bytes(), &mut Vec::new(), Choice::Mimalloc);
    assert!(read("").unwrap_err().contains("no line starting with"));
    assert!(read("hello\n").unwrap_err().contains("no line"));
    let bad_json = format!("{RESULT_PREFIX}{{\"allocator\": \n");
    assert!(read(&bad_json).unwrap_err().contains("not a report"));
    let line = fake_report(Choice::Mimalloc, 1.0).to_line();
    assert!(read(&format!("{line}\n{line}\n"))
        .unwrap_err()
        .contains("two result lines"));
    // The last line may lack its newline; other text passes through.
    let mut forwarded = Vec::new();
    let report = collect_output(
        format!("a\n\nb\r\n{line}").as_bytes(),
        &mut forwarded,
        Choice::Mimalloc,
    )
    .unwrap();
    assert_eq!(report, fake_report(Choice::Mimalloc, 1.0));
    assert_eq!(
        String::from_utf8(forwarded).unwrap(),
        "[mimalloc] a\n[mimalloc] \n[mimalloc] b\n"
    );
}

#[test]
fn a_failing_or_silent_child_is_an_error() {
    let sh = |script: &str| {
        let mut c = Command::new("sh");
        c.args(["-c", script]);
        c
    };
    let line = fake_report(Choice::System, 1.0).to_line();
    let err = run_child(Choice::System, sh(&format!("echo '{line}'; exit 3")))
        .unwrap_err()
        .to_string();
    assert!(err.contains("the system child"), "{err}");
    assert!(err.contains("exit status: 3"), "{err}");
    let err = run_child(Choice::System, sh("echo progress only"))
        .unwrap_err()
        .to_string();
    assert!(err.contains("no line starting with"), "{err}");
    let report = run_child(Choice::System, sh(&format!("echo '{line}'"))).unwrap();
    assert_eq!(report, fake_report(Choice::System, 1.0));
    let err = run_child(Choice::System, Command::new("/nonexistent/lubdub-bench"))
        .unwrap_err()
        .to_string();
    assert!(err.contains("cannot start"), "{err}");
}

#[test]
fn child_args_name_every_setting() {
    assert_eq!(
        config().child_args(),
        [
            "alloc",
            "--child",
            "--threads=1,2",
            "--budget-ms=7",
            "--tree-nodes=1000",
            "--items=500"
        ]
    );
}

#[test]
fn defaults_and_the_child_command_line_round_trip() {
    let crate::workloads::Command::Alloc(args) = parse(&["alloc"]).unwrap() else {
        panic!("not alloc")
    };
    assert!(!args.child);
    let config = args.config();
    assert_eq!((config.tree_nodes, config.items), (1_000_000, 1_000_000));
    assert_eq!(config.threads, [1, 2, 4, 8, 16, 32].map(nz));
    assert_eq!(config.budget, Duration::from_millis(1500));
    let crate::workloads::Command::Alloc(args) = parse(&[
        "alloc",
        "--threads",
        "2,1",
        "--budget-ms",
        "30",
        "--tree-nodes",
        "1023",
        "--items",
        "77",
        "--update-docs",
    ])
    .unwrap() else {
        panic!("not alloc")
    };
    let config = args.config();
    let child_args = config.child_args();
    let crate::workloads::Command::Alloc(child) =
        parse(&child_args.iter().map(String::as_str).collect::<Vec<_>>()).unwrap()
    else {
        panic!("not alloc")
    };
    assert!(child.child);
    assert!(!child.common.update_docs, "a child writes nothing");
    assert_eq!(child.config(), config);
    for bad in [
        &["alloc", "--tree-nodes", "0"][..],
        &["alloc", "--items", "0"],
        &["alloc", "--items", "many"],
    ] {
        assert!(parse(bad).is_err(), "{bad:?} was accepted");
    }
}

#[test]
fn the_child_flag_is_hidden_from_help() {
    use clap::CommandFactory;
    let help = crate::Cli::command()
        .find_subcommand_mut("alloc")
        .unwrap()
        .render_long_help()
        .to_string();
    assert!(help.contains("--tree-nodes"), "{help}");
    assert!(!help.contains("--child"), "{help}");
}
