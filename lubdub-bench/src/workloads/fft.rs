//! The seed-000 contest: KZG's `fft_g1` over BLS12-381 with `blst`, the
//! radix-2 recursive `fft_g1_fast` of c-kzg, Rayon against OpenMP. All
//! variants live side by side in this file; the arithmetic is in [`arith`].
//!
//! An FFT of `n = 2^scale` points does `n/2 * scale` scalar multiplications
//! of G1 points (tens of microseconds each), so unlike the tree sum every
//! fork here guards a lot of work. Every repetition is one call into the
//! runtime from the main thread, and every output is compared, point by
//! point, with the sequential one.

pub mod arith;

use std::ffi::c_int;
use std::hint::black_box;
use std::num::NonZeroUsize;
use std::time::{Duration, Instant};

use clap::ValueEnum;
use rayon::prelude::*;

use self::arith::{expand_roots, random_points, Fr, Scalar, G1};
use crate::check::{repeat, Mismatch, WrongResult};
use crate::error::Error;
use crate::harness::{measure, Contender, Plan};
use crate::cli::{unique, Common};
use crate::experiment::{Entry, Experiment, Heading};
use crate::report::{group_digits, Cell};
use crate::workloads::pools::Pools;
use crate::workloads::Workload;

/// KZG's fft_g1 over BLS12-381 (seed 000): ms per FFT at each scale.
pub const FFT: Experiment = Experiment::new(
    "fft",
    "ms/FFT",
    "fft",
    Heading::Custom(|size| {
        format!(
            "fft_g1, scale {} (n = {} points)",
            size.max(1).ilog2(),
            group_digits(size)
        )
    }),
)
.read_as(Entry::Ratio, "median / min (median ÷ sequential median)");

/// The largest scale accepted: 2^20 points take minutes per FFT.
const MAX_FFT_SCALE: u32 = 20;

/// The scales `--large` adds, up to the seed's largest.
const LARGE_FFT_SCALES: [u32; 4] = [12, 13, 14, 15];

/// The seed of the input points.
pub const INPUT_SEED: u64 = 0x8920_e0c3_03b4_af77;

/// The ways of computing the FFT.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum FftVariant {
    /// c-kzg's recursion with no runtime: the reference for every ratio.
    Sequential,
    /// `lubdub::join` on the halves, and the butterfly loop as a self-splitting
    /// lubdub parallel iterator (`par_iter_mut().zip(..).enumerate()`).
    Lubdub,
    /// `rayon::join` on the halves and a serial butterfly loop: the seed's
    /// Rust team (blst-from-scratch).
    Rayon,
    /// `rayon::join` on the halves and the butterfly loop as `par_iter_mut`.
    RayonParLoop,
    /// `omp task`/`taskwait` on the halves and `omp parallel for` on the
    /// butterfly loop (`c/fft.c`): the seed's C team (ckzg).
    Openmp,
    /// The machine's scaling ceiling: one sequential FFT per thread at once,
    /// no runtime and nothing shared, timed as wall time divided by the
    /// thread count (as the fib table's `ceiling`). No scheduler can make one
    /// FFT faster than that on this machine.
    Ceiling,
}

impl FftVariant {
    /// Every variant, in the order of the tables.
    pub const ALL: [FftVariant; 6] = [
        Self::Sequential,
        Self::Lubdub,
        Self::Rayon,
        Self::RayonParLoop,
        Self::Openmp,
        Self::Ceiling,
    ];

    /// The name used on the command line, in tables and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Self::Sequential => "sequential",
            Self::Lubdub => "lubdub",
            Self::Rayon => "rayon",
            Self::RayonParLoop => "rayon-par-loop",
            Self::Openmp => "openmp",
            Self::Ceiling => "ceiling",
        }
    }

    /// Writes the FFT of `input` over `roots` (one per output, `roots[i]` the
    /// i-th power of the root of unity) to `out`, this way, with the pools'
    /// thread count.
    pub fn fft(self, pools: &Pools, out: &mut [G1], input: &[G1], roots: &[Scalar]) {
        assert!(
            out.len().is_power_of_two() && input.len() == out.len() && roots.len() == out.len()
        );
        match self {
            Self::Sequential => fft_sequential(out, input, 1, roots, 1),
            Self::Lubdub => pools.lubdub.install(|| fft_lubdub(out, input, 1, roots, 1)),
            Self::Rayon => pools.rayon.install(|| fft_rayon(out, input, 1, roots, 1)),
            Self::RayonParLoop => pools
                .rayon
                .install(|| fft_rayon_par_loop(out, input, 1, roots, 1)),
            Self::Openmp => fft_openmp(out, input, roots, pools.omp_threads()),
            Self::Ceiling => fft_ceiling(out, input, roots, pools.threads),
        }
    }

    /// How many FFTs one call of [`FftVariant::fft`] computes: the wall time
    /// of a call is divided by it.
    fn copies(self, threads: NonZeroUsize) -> u32 {
        match self {
            Self::Ceiling => u32::try_from(threads.get()).expect("the CLI caps thread counts"),
            _ => 1,
        }
    }
}

/// The butterflies of one level on `lo = out[..half]` and `hi = out[half..]`:
/// `y = hi[i] * root; hi[i] = lo[i] - y; lo[i] += y`, with `root` the
/// `(first + i) * roots_stride`-th entry of `roots`.
fn butterflies(lo: &mut [G1], hi: &mut [G1], roots: &[Scalar], roots_stride: usize, first: usize) {
    for (i, (x, y)) in lo.iter_mut().zip(hi).enumerate() {
        butterfly(x, y, &roots[(first + i) * roots_stride]);
    }
}

#[inline]
fn butterfly(x: &mut G1, y: &mut G1, root: &Scalar) {
    let y_times_root = y.mul(root);
    *y = x.sub(&y_times_root);
    *x = x.add_or_double(&y_times_root);
}

/// c-kzg's `fft_g1_fast`: the FFT of the `out.len()` points
/// `input[0], input[stride], input[2 * stride], ...` into `out`, with the
/// roots `roots[0], roots[roots_stride], ...`.
fn fft_sequential(
    out: &mut [G1],
    input: &[G1],
    stride: usize,
    roots: &[Scalar],
    roots_stride: usize,
) {
    let half = out.len() / 2;
    if half == 0 {
        out[0] = input[0];
        return;
    }
    let (lo, hi) = out.split_at_mut(half);
    fft_sequential(lo, input, stride * 2, roots, roots_stride * 2);
    fft_sequential(hi, &input[stride..], stride * 2, roots, roots_stride * 2);
    butterflies(lo, hi, roots, roots_stride, 0);
}

fn fft_lubdub(out: &mut [G1], input: &[G1], stride: usize, roots: &[Scalar], roots_stride: usize) {
    let half = out.len() / 2;
    if half == 0 {
        out[0] = input[0];
        return;
    }
    let (lo, hi) = out.split_at_mut(half);
    lubdub::join(
        || fft_lubdub(lo, input, stride * 2, roots, roots_stride * 2),
        || fft_lubdub(hi, &input[stride..], stride * 2, roots, roots_stride * 2),
    );
    butterflies_lubdub(lo, hi, roots, roots_stride);
}

/// [`butterflies`] as a lubdub parallel loop: it runs sequentially in
/// chunks and splits itself only when a heartbeat finds an idle thread, so
/// there is no leaf size to choose.
fn butterflies_lubdub(lo: &mut [G1], hi: &mut [G1], roots: &[Scalar], roots_stride: usize) {
    use lubdub::iter::{IndexedParallelIterator, IntoParallelRefMutIterator, ParallelIterator};
    // Spelled out: Rayon's prelude, used by the rayon variants, has the same names.
    IntoParallelRefMutIterator::par_iter_mut(lo)
        .zip(IntoParallelRefMutIterator::par_iter_mut(hi))
        .enumerate()
        .for_each(|(i, (x, y))| butterfly(x, y, &roots[i * roots_stride]));
}

/// The seed's blst-from-scratch code: `rayon::join` on the halves, then the
/// butterflies in a serial loop.
fn fft_rayon(out: &mut [G1], input: &[G1], stride: usize, roots: &[Scalar], roots_stride: usize) {
    let half = out.len() / 2;
    if half == 0 {
        out[0] = input[0];
        return;
    }
    let (lo, hi) = out.split_at_mut(half);
    rayon::join(
        || fft_rayon(lo, input, stride * 2, roots, roots_stride * 2),
        || fft_rayon(hi, &input[stride..], stride * 2, roots, roots_stride * 2),
    );
    butterflies(lo, hi, roots, roots_stride, 0);
}

fn fft_rayon_par_loop(
    out: &mut [G1],
    input: &[G1],
    stride: usize,
    roots: &[Scalar],
    roots_stride: usize,
) {
    let half = out.len() / 2;
    if half == 0 {
        out[0] = input[0];
        return;
    }
    let (lo, hi) = out.split_at_mut(half);
    rayon::join(
        || fft_rayon_par_loop(lo, input, stride * 2, roots, roots_stride * 2),
        || fft_rayon_par_loop(hi, &input[stride..], stride * 2, roots, roots_stride * 2),
    );
    lo.par_iter_mut()
        .zip(hi.par_iter_mut())
        .enumerate()
        .for_each(|(i, (x, y))| butterfly(x, y, &roots[i * roots_stride]));
}

extern "C" {
    /// `c/fft.c`: the FFT of the `n` points at `input` into `out` with the
    /// `n` roots at `roots`, on a team of `threads` OpenMP threads.
    fn lubdub_bench_fft_g1_omp(
        out: *mut G1,
        input: *const G1,
        n: usize,
        roots: *const Scalar,
        threads: c_int,
    );
}

fn fft_openmp(out: &mut [G1], input: &[G1], roots: &[Scalar], threads: c_int) {
    assert!(input.len() == out.len() && roots.len() == out.len());
    // SAFETY: `G1` and `Scalar` are `#[repr(transparent)]` over `blst_p1`
    // and `blst_scalar`, the C types; `out`, `input` and `roots` hold `n`
    // valid elements each (asserted above), `out` is exclusively borrowed and
    // disjoint from the shared `input` and `roots`. The C code writes only
    // `out`, and keeps no pointer after returning.
    unsafe {
        lubdub_bench_fft_g1_omp(
            out.as_mut_ptr(),
            input.as_ptr(),
            out.len(),
            roots.as_ptr(),
            threads,
        );
    }
}

/// [`FftVariant::Ceiling`]: `threads` sequential FFTs of `input` at once,
/// the caller's into `out` and each other on a scoped thread of its own
/// (started per call, which costs microseconds against an FFT's milliseconds).
///
/// # Panics
/// When a copy differs from the caller's: the same sequential code on the
/// same input cannot disagree with itself unless the machine is broken.
fn fft_ceiling(out: &mut [G1], input: &[G1], roots: &[Scalar], threads: usize) {
    let n = out.len();
    std::thread::scope(|s| {
        let others: Vec<_> = (1..threads)
            .map(|_| {
                s.spawn(|| {
                    let mut copy = vec![G1::generator(); n];
                    fft_sequential(&mut copy, input, 1, roots, 1);
                    copy
                })
            })
            .collect();
        fft_sequential(out, input, 1, roots, 1);
        for other in others {
            let copy = other
                .join()
                .unwrap_or_else(|p| std::panic::resume_unwind(p));
            assert!(copy == *out, "two copies of the sequential FFT disagree");
        }
    });
}

/// The roots of unity of one scale, forward and inverse, as scalars.
pub struct Domain {
    /// log2 of the number of points.
    pub scale: u32,
    /// `root^i` for `i` in `0..n`.
    roots: Vec<Scalar>,
    /// `root^(n - i)` for `i` in `0..n`: the reversed roots of the inverse FFT.
    inverse_roots: Vec<Scalar>,
    /// `1 / n`.
    inverse_n: Scalar,
}

impl Domain {
    /// The roots of order `2^scale`.
    pub fn new(scale: u32) -> Self {
        let expanded = expand_roots(scale); // n + 1 powers, the last one 1.
        let n = 1usize << scale;
        Self {
            scale,
            roots: expanded[..n].iter().map(|r| r.to_scalar()).collect(),
            inverse_roots: expanded[1..].iter().rev().map(|r| r.to_scalar()).collect(),
            inverse_n: Fr::from_u64(n as u64).inverse().to_scalar(),
        }
    }

    /// The number of points, `2^scale`.
    pub fn n(&self) -> usize {
        1 << self.scale
    }

    /// The forward FFT of `input`, computed by `variant`.
    pub fn forward(&self, variant: FftVariant, pools: &Pools, input: &[G1]) -> Vec<G1> {
        let mut out = vec![G1::generator(); self.n()];
        variant.fft(pools, &mut out, input, &self.roots);
        out
    }

    /// The inverse FFT of `values` (sequential): the FFT over the reversed
    /// roots, times `1 / n`.
    pub fn inverse(&self, values: &[G1]) -> Vec<G1> {
        let mut out = vec![G1::generator(); self.n()];
        fft_sequential(&mut out, values, 1, &self.inverse_roots, 1);
        out.iter().map(|p| p.mul(&self.inverse_n)).collect()
    }
}

/// How many points of `got` equal those of `expected`, as the harness's
/// answer: it must be `n`.
fn matching(got: &[G1], expected: &[G1]) -> i64 {
    let same = got.iter().zip(expected).filter(|(a, b)| a == b).count();
    i64::try_from(same).expect("n fits in i64")
}

/// What an fft run covers.
#[derive(Clone, Debug)]
pub struct FftConfig {
    /// Scales: log2 of the number of points.
    pub scales: Vec<u32>,
    /// Thread counts.
    pub threads: Vec<NonZeroUsize>,
    /// Variants, in table order.
    pub variants: Vec<FftVariant>,
    /// Time to spend on each scale × threads cell (at least three rounds of
    /// samples are taken whatever it costs).
    pub budget: Duration,
}

/// The input, its expected FFT and the roots of one scale, with the round
/// trip checked: the inverse of the sequential output is the input.
pub struct Problem {
    /// The roots.
    pub domain: Domain,
    /// `n` random points.
    pub input: Vec<G1>,
    /// The sequential FFT of `input`.
    pub expected: Vec<G1>,
}

impl Problem {
    /// Builds and checks the problem of `scale`.
    ///
    /// # Errors
    /// [`Error::WrongResult`] when the inverse FFT does not give the input back.
    pub fn new(scale: u32, pools: &Pools) -> Result<Self, Error> {
        let domain = Domain::new(scale);
        let input = random_points(domain.n(), INPUT_SEED);
        let expected = domain.forward(FftVariant::Sequential, pools, &input);
        let back = domain.inverse(&expected);
        let n = i64::try_from(domain.n()).expect("n fits in i64");
        crate::check::expect_eq(matching(&back, &input), n).map_err(|mismatch: Mismatch| {
            Error::WrongResult(WrongResult {
                cell: format!("fft scale={scale} round trip"),
                variant: FftVariant::Sequential.name().to_owned(),
                mismatch,
            })
        })?;
        Ok(Self {
            domain,
            input,
            expected,
        })
    }
}

/// Measures every scale × threads cell of `config`.
///
/// # Errors
/// A wrong FFT (or round trip), or a pool that cannot be built.
pub fn run(config: &FftConfig) -> Result<Vec<Cell>, Error> {
    let mut cells = Vec::new();
    for &scale in &config.scales {
        eprintln!(
            "[fft scale {scale}] building {} points and checking the round trip",
            1u64 << scale
        );
        let problem = Problem::new(scale, &Pools::new(NonZeroUsize::MIN)?)?;
        for (step, &threads) in config.threads.iter().enumerate() {
            let cell = measure_cell(
                &problem,
                threads,
                &config.variants,
                &Plan::adaptive(config.budget),
            )?;
            cell.progress(step + 1, config.threads.len());
            cells.push(cell);
        }
    }
    Ok(cells)
}

/// Measures the `variants` on `problem` at `threads` threads: one cell.
///
/// # Errors
/// A wrong FFT, or a pool that cannot be built.
pub fn measure_cell(
    problem: &Problem,
    threads: NonZeroUsize,
    variants: &[FftVariant],
    plan: &Plan,
) -> Result<Cell, Error> {
    let pools = Pools::new(threads)?;
    let n = problem.domain.n();
    let expected = i64::try_from(n).expect("n fits in i64");
    let mut contenders: Vec<Contender<'_>> = variants
        .iter()
        .map(|&variant| {
            let pools = &pools;
            let mut out = vec![G1::generator(); n];
            let copies = variant.copies(threads);
            Contender::self_timed(variant.name(), move |reps| {
                let start = Instant::now();
                repeat(reps, expected, || {
                    variant.fft(
                        pools,
                        &mut out,
                        black_box(&problem.input),
                        &problem.domain.roots,
                    );
                    matching(&out, &problem.expected)
                })?;
                Ok(start.elapsed() / copies)
            })
            .profiled_by((variant == FftVariant::Lubdub).then_some(&pools.lubdub))
            .settles_for(pools.settle(variant == FftVariant::Openmp))
        })
        .collect();
    let label = Cell::label_of(FFT, n as u64, threads.get());
    let measured = measure(&label, &mut contenders, plan)?;
    // Samples in ms per FFT.
    Ok(Cell::new(
        FFT,
        n as u64,
        threads.get(),
        1e6,
        measured,
    ))
}

/// The seed-000 contest: KZG's fft_g1 over BLS12-381 (blst), every
/// variant at every scale and thread count.
#[derive(Debug, clap::Args)]
#[command(mut_arg("threads", |arg| arg.default_value("1,2,4")))]
pub struct Args {
    #[command(flatten)]
    pub common: Common,
    /// Scales (log2 of the number of points), comma-separated.
    #[arg(long, value_delimiter = ',', value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_FFT_SCALE)),
          default_value = "4,5,6,7,8,9,10,11")]
    scales: Vec<u32>,
    /// Also measure scales 12 to 15 (the sequential FFT takes seconds there).
    #[arg(long)]
    large: bool,
    /// Variants to measure, comma-separated; sequential is always measured.
    #[arg(long, value_delimiter = ',', value_enum, default_values_t = FftVariant::ALL)]
    variants: Vec<FftVariant>,
}

impl Args {
    /// The run the options ask for.
    pub fn config(&self) -> FftConfig {
        let mut scales = self.scales.clone();
        if self.large {
            scales.extend(LARGE_FFT_SCALES);
        }
        let mut variants = vec![FftVariant::Sequential];
        variants.extend(&self.variants);
        FftConfig {
            scales: unique(&scales),
            threads: self.common.threads(),
            variants: unique(&variants),
            budget: self.common.budget(),
        }
    }
}

impl Workload for Args {
    fn common(&self) -> &Common {
        &self.common
    }

    fn run(&self) -> Result<Vec<Cell>, Error> {
        run(&self.config())
    }

    fn experiments() -> Vec<Experiment> {
        vec![FFT]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::harness::Reps;
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
        let quick = Plan {
            warm_up: Duration::ZERO,
            reps: Reps::Fixed(1),
            budget: Duration::ZERO,
            min_rounds: 2,
            max_rounds: 2,
        };
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
}
