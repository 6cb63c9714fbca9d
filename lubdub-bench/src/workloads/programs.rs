//! `lubdub-bench programs` (issue 12): classic parallel programs written as
//! a Rayon user writes them, each in one file under `programs/` with its
//! sequential, lubdub and Rayon variants side by side. The parallel code is
//! written once, as a macro over the runtime's name (`use $rt::prelude::*`,
//! `$rt::join`, `$rt::scope`), so lubdub and Rayon run the same code.
//! A program's [`Program`] impl is written by `program!` from a one-line
//! header (sizes, types, what a run consumes) and its functions, its
//! `lubdub` and `rayon` variants by `on_each_runtime!` from one body.
//!
//! Every repetition makes what the run consumes (a copy of the data a sort
//! sorts in place) untimed, runs the program (timed; lubdub's and Rayon's
//! inside their pool's `install`), checks the answer against the
//! sequential one and drops it (untimed). The programs are summarized in
//! one table, lubdub's time over Rayon's in its last column and the
//! geometric means at the bottom.

use std::hint::black_box;
use std::num::NonZeroUsize;
use std::time::Duration;

use clap::ValueEnum;

use crate::check::Mismatch;
use crate::cli::Common;
use crate::error::Error;
use crate::experiment::{Experiment, SEQUENTIAL};
use crate::harness::{Clock, Contender, Plan};
use crate::report::{Cell, cells_in_steps};
use crate::workloads::pools::Pools;

#[macro_use]
mod macros;

/// A program: its input, its three variants and the check of an answer.
pub trait Program {
    /// The experiment: the program's name, its heading at a size.
    const EXPERIMENT: Experiment;
    /// The size `programs` runs by default: a sequential run takes some 20
    /// to 100 ms on the 2-core machine of BENCHMARKS.md.
    const SIZE: usize;
    /// The size `all` runs: a few ms.
    const SHORT_SIZE: usize;
    /// What every run reads, made once per cell.
    type Input: Sync;
    /// What one run takes and consumes, made from the input before the run
    /// outside the timed part (a copy to sort in place; `()` for most).
    type Fresh: Send;
    /// The answer.
    type Output: Send;

    /// The input at `size`.
    fn input(size: usize) -> Self::Input;
    /// What the next run consumes.
    fn fresh(input: &Self::Input) -> Self::Fresh;
    /// The sequential program: the reference answer and time.
    fn sequential(input: &Self::Input, fresh: Self::Fresh) -> Self::Output;
    /// The parallel program on lubdub (called inside its pool).
    fn lubdub(input: &Self::Input, fresh: Self::Fresh) -> Self::Output;
    /// The same code on Rayon (called inside its pool).
    fn rayon(input: &Self::Input, fresh: Self::Fresh) -> Self::Output;
    /// `Ok` when `got` is the right answer, `expected` being the
    /// sequential one.
    ///
    /// # Errors
    /// The [`Mismatch`] when it is not.
    fn check(got: &Self::Output, expected: &Self::Output) -> Result<(), Mismatch>;
}

/// The ways of running a program.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Way {
    /// The sequential code, on the calling thread.
    Sequential,
    /// The parallel code on lubdub.
    Lubdub,
    /// The same parallel code on Rayon.
    Rayon,
}

impl Way {
    /// Every way, in the order of the tables.
    pub const ALL: [Way; 3] = [Self::Sequential, Self::Lubdub, Self::Rayon];

    /// The name in tables and JSON.
    pub fn name(self) -> &'static str {
        match self {
            Self::Sequential => SEQUENTIAL,
            Self::Lubdub => "lubdub",
            Self::Rayon => "rayon",
        }
    }
}

/// Runs `P` the `way` way on `pools`.
pub fn run<P: Program>(way: Way, pools: &Pools, input: &P::Input, fresh: P::Fresh) -> P::Output {
    match way {
        Way::Sequential => P::sequential(input, fresh),
        Way::Lubdub => pools.lubdub.install(|| P::lubdub(input, fresh)),
        Way::Rayon => pools.rayon.install(|| P::rayon(input, fresh)),
    }
}

/// Measures every way of running `P` at `size` and `threads` threads,
/// charging each run its time on `clock`.
///
/// # Errors
/// A wrong answer, or a pool that cannot be built.
pub fn measure_program<P: Program>(
    size: usize,
    threads: NonZeroUsize,
    clock: Clock,
    plan: &Plan,
) -> Result<Cell, Error> {
    let pools = Pools::new(threads)?;
    let pools = &pools;
    let input = P::input(size);
    let input = &input;
    let expected = P::sequential(input, P::fresh(input));
    let expected = &expected;
    let mut contenders: Vec<Contender<'_>> = Way::ALL
        .iter()
        .map(|&way| {
            let profiled = (way == Way::Lubdub).then_some(&pools.lubdub);
            Contender::with_stopwatch_on(clock, way.name(), profiled, move |sw| {
                let fresh = P::fresh(input);
                let got = sw.time(|| run::<P>(way, pools, black_box(input), fresh));
                P::check(&got, expected)
            })
        })
        .collect();
    let size = size as u64;
    let mut cell = Cell::measure(
        P::EXPERIMENT,
        size,
        threads.get(),
        1e6,
        &mut contenders,
        plan,
    )?;
    if clock == Clock::ProcessCpu {
        cell.unit = "CPU ms/run";
    }
    Ok(cell)
}

/// `n` pseudo-random `u64`s from `seed` (splitmix64): the same on every run.
pub fn random_u64s(n: usize, seed: u64) -> Vec<u64> {
    let mut state = seed;
    (0..n)
        .map(|_| {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        })
        .collect()
}

/// Pieces up to this long are sorted by insertion in `mergesort.rs` and
/// `quicksort.rs` (the programs' own cut-off, the same for every variant).
pub const INSERTION: usize = 32;

/// Sorts `v` by insertion.
pub fn insertion_sort(v: &mut [u64]) {
    for i in 1..v.len() {
        let x = v[i];
        let mut j = i;
        while j > 0 && v[j - 1] > x {
            v[j] = v[j - 1];
            j -= 1;
        }
        v[j] = x;
    }
}

/// A cheap scramble of `i`, the item the collect programs compute.
pub fn mix(i: usize) -> u64 {
    let x = i as u64;
    x.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (x >> 7)
}

/// Declares the program modules and [`Name`], the programs by name, from
/// one list of `<module> { <type> => <Variant>, ... }`.
macro_rules! programs {
    ($($module:ident { $($(#[$doc:meta])* $program:ident => $variant:ident,)* })*) => {
        $(mod $module;)*

        /// The programs, by the name of their experiment.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
        pub enum Name {
            $($($(#[$doc])* $variant,)*)*
        }

        impl Name {
            /// The program's experiment.
            pub fn experiment(self) -> Experiment {
                match self {
                    $($(Self::$variant => <$module::$program as Program>::EXPERIMENT,)*)*
                }
            }

            /// The size `programs` runs, or `all` where `short`.
            pub fn size(self, short: bool) -> usize {
                match (self, short) {
                    $($(
                        (Self::$variant, false) => <$module::$program as Program>::SIZE,
                        (Self::$variant, true) => <$module::$program as Program>::SHORT_SIZE,
                    )*)*
                }
            }

            /// Measures every way of running the program.
            ///
            /// # Errors
            /// A wrong answer, or a pool that cannot be built.
            pub fn measure(
                self,
                size: usize,
                threads: NonZeroUsize,
                clock: Clock,
                plan: &Plan,
            ) -> Result<Cell, Error> {
                match self {
                    $($(Self::$variant => {
                        measure_program::<$module::$program>(size, threads, clock, plan)
                    })*)*
                }
            }
        }
    };
}

programs! {
    mergesort {
        /// Merge sort of random `u64`s by `join`, merges split by `join` too.
        Mergesort => Mergesort,
    }
    quicksort {
        /// Quicksort of random `u64`s by `join`.
        Quicksort => Quicksort,
    }
    costly_sort {
        /// `par_sort_by` of 50,000 elements with a costly comparator.
        CostlySort => CostlySort,
    }
    nbody {
        /// n-body steps: `par_iter_mut` over bodies, `par_iter().fold().reduce()` inside.
        Nbody => Nbody,
    }
    life {
        /// Generations of a life-like automaton, each collected into a new grid.
        Life => Life,
    }
    matmul_z {
        /// Z-order recursive matrix multiply by `join`, parallel loops at the leaves.
        MatmulZ => MatmulZ,
    }
    mandelbrot {
        /// A Mandelbrot image, a parallel loop over rows.
        Mandelbrot => Mandelbrot,
    }
    nqueens {
        /// n-queens solutions counted by `scope` and `spawn`.
        Nqueens => Nqueens,
        /// n-queens solutions counted by a `scope` of a few long `spawn`ed tasks.
        NqueensFewTasks => NqueensFewTasks,
    }
    fold_vec {
        /// A filter by `fold(Vec::new, push).reduce(Vec::new, append)`.
        FoldVec => FoldVec,
    }
    wordcount {
        /// Word counts of a generated text, folded into `HashMap`s.
        Wordcount => Wordcount,
    }
    compaction {
        /// Compaction of the selected elements through a prefix sum of counts.
        Compaction => Compaction,
    }
    tree {
        /// A binary tree built by `join`, then summed by `join`.
        Tree => Tree,
    }
    bignum {
        /// `into_par_iter().map().reduce_with()` over 1,000 big-integer products.
        Bignum => Bignum,
    }
    collect_vec {
        /// `collect` into a `Vec`.
        CollectVec => CollectVec,
    }
    collect_list {
        /// `collect` into a `LinkedList`.
        CollectList => CollectList,
    }
    collect_hashmap {
        /// `collect` into a `HashMap`.
        CollectHashmap => CollectHashmap,
    }
    collect_string {
        /// `collect` into a `String`.
        CollectString => CollectString,
    }
    factorial {
        /// `n!` by `map(BigUint::from).reduce_with(Mul::mul)` (issue 24).
        FactorialReduceWith => FactorialReduceWith,
        /// `n!` by `with_min_len(64).fold_with(..).reduce_with(Mul::mul)`.
        FactorialFoldWith => FactorialFoldWith,
        /// `n!` by `fold_chunks_with(64, ..).reduce_with(Mul::mul)`.
        FactorialFoldChunksWith => FactorialFoldChunksWith,
    }
    concat {
        /// Many short strings concatenated by `reduce`.
        Concat => Concat,
    }
}

/// What a programs run covers.
#[derive(Clone, Debug)]
pub struct ProgramsConfig {
    /// The programs, in table order.
    pub programs: Vec<Name>,
    /// Each at its short size (`all`) or its full one.
    pub short: bool,
    /// Thread counts.
    pub threads: Vec<NonZeroUsize>,
    /// What a run is charged: wall time, or the process's CPU time.
    pub clock: Clock,
    /// Time to spend on each program × threads cell.
    pub budget: Duration,
}

/// Measures every program × threads cell of `config`.
///
/// # Errors
/// A wrong answer, or a pool that cannot be built.
pub fn run_programs(config: &ProgramsConfig) -> Result<Vec<Cell>, Error> {
    let plan = Plan::adaptive(config.budget);
    let mut cells = Vec::new();
    for &program in &config.programs {
        let size = program.size(config.short);
        cells.extend(cells_in_steps(&config.threads, |threads| {
            program.measure(size, threads, config.clock, &plan)
        })?);
    }
    Ok(cells)
}

/// Classic parallel programs (sorts, n-body, stencils, matrix multiply,
/// searches, folds and collects), sequential vs lubdub vs Rayon, summarized
/// in one table with the geometric mean of lubdub's time over Rayon's.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub common: Common,
    /// Programs to run, comma-separated (all by default).
    #[arg(long, value_delimiter = ',', value_enum)]
    programs: Vec<Name>,
    /// Charge each run the CPU time of the whole process (every thread)
    /// instead of wall time: the work done, idle workers' spinning
    /// included, which other processes on a shared machine disturb far
    /// less. The tables then read CPU ms per run.
    #[arg(long)]
    cpu_time: bool,
}

impl Args {
    /// The run the options ask for.
    pub fn config(&self) -> ProgramsConfig {
        let programs = if self.programs.is_empty() {
            Name::value_variants().to_vec()
        } else {
            crate::cli::unique(&self.programs)
        };
        ProgramsConfig {
            programs,
            short: false,
            threads: self.common.threads(),
            clock: if self.cpu_time {
                Clock::ProcessCpu
            } else {
                Clock::Wall
            },
            budget: self.common.budget(),
        }
    }
}

impl_workload!(run_programs, Name::value_variants().iter().map(|program| program.experiment()).collect());

/// Checks every parallel way of running `P` against the sequential answer
/// at each of `sizes`, on 1, 2 and 8 threads.
#[cfg(test)]
pub fn check_every_way<P: Program>(sizes: &[usize]) {
    for threads in [1, 2, 8] {
        let pools = Pools::new(NonZeroUsize::new(threads).unwrap()).unwrap();
        for &size in sizes {
            let input = P::input(size);
            let expected = P::sequential(&input, P::fresh(&input));
            for way in [Way::Lubdub, Way::Rayon] {
                let got = run::<P>(way, &pools, &input, P::fresh(&input));
                if let Err(mismatch) = P::check(&got, &expected) {
                    panic!(
                        "{} size {size}, {threads} threads, {}: {mismatch:?}",
                        P::EXPERIMENT.name(),
                        way.name()
                    );
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::workloads::{nz, parse, Command};

    #[test]
    fn names_on_the_command_line_are_the_experiments_names() {
        for &program in Name::value_variants() {
            let value = program.to_possible_value().unwrap();
            assert_eq!(value.get_name(), program.experiment().name());
            assert_eq!(program.experiment().section(), "programs");
            assert!(program.size(true) < program.size(false));
        }
    }

    #[test]
    fn programs_pick_a_subset_in_the_order_given() {
        let Command::Programs(args) =
            parse(&["programs", "--programs", "nqueens,mergesort,nqueens", "--threads", "1,2"])
                .unwrap()
        else {
            panic!("not programs")
        };
        let config = args.config();
        assert_eq!(config.programs, [Name::Nqueens, Name::Mergesort]);
        assert_eq!(config.threads, [nz(1), nz(2)]);
        assert!(!config.short);
        assert_eq!(config.clock, Clock::Wall);
        assert!(parse(&["programs", "--programs", "no-such-program"]).is_err());
        let Command::Programs(args) = parse(&["programs"]).unwrap() else {
            panic!("not programs")
        };
        assert_eq!(args.config().programs, Name::value_variants());
        let Command::Programs(args) = parse(&["programs", "--cpu-time"]).unwrap() else {
            panic!("not programs")
        };
        assert_eq!(args.config().clock, Clock::ProcessCpu);
    }

    #[test]
    fn a_cell_measures_and_checks_each_way() {
        let quick = Plan::fixed(1, 2);
        let cell = Name::Nqueens.measure(6, nz(2), Clock::Wall, &quick).unwrap();
        let names: Vec<_> = cell.results.iter().map(|r| r.variant.as_str()).collect();
        assert_eq!(names, ["sequential", "lubdub", "rayon"]);
        assert!(cell.results.iter().all(|r| r.samples.len() == 2));
        assert!(cell.results[1].profile.is_some());
        assert_eq!(cell.unit, "ms/run");
        let cpu = Name::Nqueens.measure(6, nz(1), Clock::ProcessCpu, &quick).unwrap();
        assert_eq!(cpu.unit, "CPU ms/run");
    }

    #[test]
    fn insertion_sort_sorts() {
        for n in [0, 1, 2, INSERTION, 100] {
            let mut v = random_u64s(n, 11);
            let mut expected = v.clone();
            expected.sort_unstable();
            insertion_sort(&mut v);
            assert_eq!(v, expected);
        }
    }

    #[test]
    fn random_numbers_are_reproducible_and_spread() {
        let a = random_u64s(1000, 7);
        assert_eq!(a, random_u64s(1000, 7));
        assert_ne!(a, random_u64s(1000, 8));
        let high = a.iter().filter(|&&x| x >= u64::MAX / 2).count();
        assert!((400..600).contains(&high), "{high}");
    }
}
