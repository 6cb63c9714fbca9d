//! The seed-000 contest: KZG's `fft_g1` over BLS12-381 with `blst`, the
//! radix-2 recursive `fft_g1_fast` of c-kzg, Rayon against OpenMP, and the
//! seed's C on OpenMP against the same C on lubdub's C library. All variants
//! live side by side in `variants.rs`; the arithmetic is in [`arith`].
//!
//! An FFT of `n = 2^scale` points does `n/2 * scale` scalar multiplications
//! of G1 points (tens of microseconds each), so unlike the tree sum every
//! fork here guards a lot of work. Every repetition is one call into the
//! runtime from the main thread, and every output is compared, point by
//! point, with the sequential one.

pub mod arith;
#[cfg(test)]
mod tests;
mod variants;

use std::hint::black_box;
use std::num::NonZeroUsize;
use std::time::{Duration, Instant};

use self::arith::{expand_roots, random_points, Fr, Scalar, G1};
pub use self::variants::FftVariant;
use self::variants::fft_sequential;
use crate::check::{repeat, Mismatch, WrongResult};
use crate::error::Error;
use crate::harness::{Contender, Plan};
use crate::cli::{unique, Common};
use crate::experiment::{Entry, Experiment, Heading};
use crate::report::{Cell, cells_in_steps};
use crate::format::group_digits;
use crate::workloads::pools::Pools;

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
        let plan = Plan::adaptive(config.budget);
        cells.extend(cells_in_steps(&config.threads, |threads| {
            measure_cell(&problem, threads, &config.variants, &plan)
        })?);
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
            .profiled_by(match variant {
                FftVariant::Lubdub => Some(&pools.lubdub),
                FftVariant::CLubdub => Some(pools.c_lubdub.thread_pool()),
                _ => None,
            })
            .settles_for(pools.settle(variant == FftVariant::Openmp))
        })
        .collect();
    // Samples in ms per FFT.
    Cell::measure(
        FFT,
        n as u64,
        threads.get(),
        1e6,
        &mut contenders,
        plan,
    )
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

impl_workload!(run, vec![FFT]);
