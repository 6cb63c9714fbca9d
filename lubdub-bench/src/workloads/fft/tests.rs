//! The tests of `fft`: the FFT against the DFT, every variant against the
//! sequential one, cells and options.

use super::variants::*;
use clap::ValueEnum;

use super::*;
use crate::workloads::{nz, parse, Command};

fn pools(threads: usize) -> Pools {
    Pools::new(NonZeroUsize::new(threads).unwrap()).unwrap()
}

/// The DFT by its definition: `out[k] = sum_j input[j] * root^(j k)`.
fn naive_dft(input: &[G1], scale: u32) -> Vec<G1> {
    let roots = expand_roots(scale);
    let n = input.len();
    (0..n)
        .map(|k| {
            let terms = input
                .iter()
                .enumerate()
                .map(|(j, p)| p.mul(&roots[j * k % n].to_scalar()));
            terms.reduce(|a, b| a.add_or_double(&b)).unwrap()
        })
        .collect()
}

#[test]
fn the_fft_is_the_dft() {
    let pools = pools(1);
    for scale in 0..=4 {
        let domain = Domain::new(scale);
        let input = random_points(domain.n(), 7);
        let fast = domain.forward(FftVariant::Sequential, &pools, &input);
        assert_eq!(fast, naive_dft(&input, scale), "scale {scale}");
    }
}

#[test]
fn the_inverse_gives_the_input_back() {
    let pools = pools(1);
    for scale in [1, 3, 5] {
        // Problem::new checks the round trip itself.
        let problem = Problem::new(scale, &pools).unwrap();
        assert_eq!(problem.domain.inverse(&problem.expected), problem.input);
        assert_ne!(problem.expected, problem.input);
    }
}

#[test]
fn every_variant_equals_sequential() {
    for threads in [1, 2, 3, 4] {
        let pools = pools(threads);
        for scale in 1..=6 {
            let problem = Problem::new(scale, &pools).unwrap();
            for variant in FftVariant::ALL {
                let got = problem.domain.forward(variant, &pools, &problem.input);
                assert_eq!(
                    got,
                    problem.expected,
                    "{} scale={scale} threads={threads}",
                    variant.name()
                );
            }
        }
    }
}

#[test]
fn a_wrong_output_is_counted() {
    let problem = Problem::new(2, &pools(1)).unwrap();
    let mut wrong = problem.expected.clone();
    wrong[3] = wrong[3].add_or_double(&G1::generator());
    assert_eq!(matching(&wrong, &problem.expected), 3);
    assert_eq!(matching(&problem.expected, &problem.expected), 4);
}

#[test]
fn a_cell_measures_each_variant() {
    let problem = Problem::new(3, &pools(1)).unwrap();
    let quick = Plan::fixed(1, 2);
    let cell = measure_cell(
        &problem,
        NonZeroUsize::new(2).unwrap(),
        &FftVariant::ALL,
        &quick,
    )
    .unwrap();
    let names: Vec<_> = cell.results.iter().map(|r| r.variant.as_str()).collect();
    assert_eq!(names, FftVariant::ALL.map(FftVariant::name));
    assert!(cell.results.iter().all(|r| r.samples.len() == 2));
    assert_eq!(cell.results[0].ratio_to_baseline, Some(1.0));
    assert_eq!(cell.unit, "ms/FFT");
}

#[test]
fn variant_names_match_the_command_line() {
    for variant in FftVariant::ALL {
        assert_eq!(FftVariant::from_str(variant.name(), false), Ok(variant));
    }
}

#[test]
fn defaults_and_options_reach_the_config() {
    let Command::Fft(args) = parse(&["fft"]).unwrap() else {
        panic!("not fft")
    };
    let config = args.config();
    assert_eq!(config.scales, (4..=11).collect::<Vec<_>>());
    assert_eq!(config.threads, [1, 2, 4].map(nz));
    assert_eq!(config.variants, FftVariant::ALL);

    let Command::Fft(args) = parse(&[
        "fft",
        "--large",
        "--scales",
        "10,3,10",
        "--threads",
        "2",
        "--variants",
        "lubdub,openmp",
    ])
    .unwrap() else {
        panic!("not fft")
    };
    let config = args.config();
    assert_eq!(config.scales, [10, 3, 12, 13, 14, 15]);
    assert_eq!(config.threads, [nz(2)]);
    // Sequential is always measured: the ratios need it.
    assert_eq!(
        config.variants,
        [
            FftVariant::Sequential,
            FftVariant::Lubdub,
            FftVariant::Openmp
        ]
    );
    for bad in [
        &["fft", "--scales", "0"][..],
        &["fft", "--scales", "21"],
        &["fft", "--variants", "cuda"],
    ] {
        assert!(parse(bad).is_err(), "{bad:?} was accepted");
    }
}
