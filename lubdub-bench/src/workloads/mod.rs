//! The workloads: each file holds one experiment with all its variants side
//! by side, its subcommand's options (`Args`, a [`Workload`]) and their
//! tests.
//!
//! A workload is registered by one line of the `workloads!` list below:
//! `<module> => <Variant>`, where `<module>.rs` defines `pub struct Args` and
//! `impl Workload for Args`. The module's name is the subcommand's name, the
//! doc comment of `Args` its help, and the list's order that of `--help`.

use clap::Subcommand;

use crate::cli::Common;
use crate::error::Error;
use crate::experiment::Experiment;
use crate::report::Cell;

pub mod pools;
pub mod random;
pub mod tree;
pub mod variants;

/// What a subcommand of a workload does; its options (`Args`) implement it.
pub trait Workload {
    /// The options every subcommand has.
    fn common(&self) -> &Common;

    /// Measures what the options ask for.
    ///
    /// # Errors
    /// A wrong result, or a pool or child process that fails.
    fn run(&self) -> Result<Vec<Cell>, Error>;

    /// When the options make this process a child that measures for a parent
    /// `lubdub-bench` (`alloc --child`): measures, prints the result for the
    /// parent and gives `Some`; nothing is then published. `None` otherwise.
    fn run_as_child(&self) -> Option<Result<(), Error>> {
        None
    }

    /// Every experiment the workload can measure (none of its own for `all`).
    fn experiments() -> Vec<Experiment>
    where
        Self: Sized;
}

/// Declares the workload modules, the [`Command`] with a subcommand for each,
/// and [`experiments`], from one list of `<module> => <Variant>`.
macro_rules! workloads {
    ($($module:ident => $variant:ident,)*) => {
        $(pub mod $module;)*

        /// The subcommands, one per workload.
        #[derive(Debug, Subcommand)]
        pub enum Command {
            $(
                #[command(name = stringify!($module))]
                $variant($module::Args),
            )*
        }

        impl Command {
            /// The subcommand's name.
            pub fn name(&self) -> &'static str {
                match self {
                    $(Self::$variant(_) => stringify!($module),)*
                }
            }

            /// The chosen workload, with its options.
            pub fn workload(&self) -> &dyn Workload {
                match self {
                    $(Self::$variant(args) => args,)*
                }
            }
        }

        /// Every experiment the program can measure (e.g. to recognise the
        /// plots of a section in `docs/img/`).
        pub fn experiments() -> Vec<Experiment> {
            [$(<$module::Args as Workload>::experiments(),)*].concat()
        }
    };
}

/// Implements [`Workload`] for the `Args` of a workload whose options hold
/// `common`, give a configuration by `config()` and are measured by
/// `$run(&config)`, with `$experiments` its experiments.
macro_rules! impl_workload {
    ($run:path, $experiments:expr) => {
        impl crate::workloads::Workload for Args {
            fn common(&self) -> &crate::cli::Common {
                &self.common
            }

            fn run(&self) -> Result<Vec<crate::report::Cell>, crate::error::Error> {
                $run(&self.config())
            }

            fn experiments() -> Vec<crate::experiment::Experiment> {
                $experiments
            }
        }
    };
}

workloads! {
    treesum => Treesum,
    micro => Micro,
    fft => Fft,
    all => All,
    loops => Loops,
    sort => Sort,
    alloc => Alloc,
    programs => Programs,
    mpi => Mpi,
    bfs => Bfs,
    grain => Grain,
    msg => Msg,
    regions => Regions,
}

/// The subcommand of the command line `lubdub-bench <args>`, for tests.
#[cfg(test)]
pub fn parse(args: &[&str]) -> Result<Command, clap::Error> {
    use clap::Parser;
    crate::Cli::try_parse_from(std::iter::once("lubdub-bench").chain(args.iter().copied()))
        .map(|cli| cli.command)
}

/// `n` as a thread count, for tests.
#[cfg(test)]
pub fn nz(n: usize) -> std::num::NonZeroUsize {
    std::num::NonZeroUsize::new(n).unwrap()
}

#[cfg(test)]
mod tests {
    use clap::error::ErrorKind;
    use clap::CommandFactory;

    use super::*;
    use crate::plot::{assert_docs_names_tell_their_experiment, experiment_of_docs_name};

    #[test]
    fn the_cli_is_well_formed() {
        crate::Cli::command().debug_assert();
    }

    #[test]
    fn subcommands_are_named_after_their_modules() {
        let cli = crate::Cli::command();
        let names: Vec<&str> = cli.get_subcommands().map(|c| c.get_name()).collect();
        assert_eq!(names[..4], ["treesum", "micro", "fft", "all"]);
        for name in names {
            assert_eq!(parse(&[name]).unwrap().name(), name);
        }
        assert!(parse(&["frobnicate"]).is_err());
    }

    #[test]
    fn bad_thread_counts_are_clap_errors() {
        for bad in ["0", "abc", "1,0", "-1", "1.5", "100000"] {
            let arg = format!("--threads={bad}");
            let err = parse(&["treesum", &arg]).unwrap_err();
            assert_eq!(err.kind(), ErrorKind::ValueValidation, "--threads {bad}");
            assert!(err.to_string().contains("--threads"), "{err}");
        }
    }

    #[test]
    fn experiment_names_are_unique() {
        let every = experiments();
        for (i, e) in every.iter().enumerate() {
            assert!(!every[..i].contains(e), "{} twice", e.name());
        }
        assert!(every.len() > 20, "{}", every.len());
    }

    #[test]
    fn headings_units_and_sections_read_as_the_tables_show_them() {
        let find = |name: &str| {
            let every = experiments();
            *every.iter().find(|e| e.name() == name).unwrap()
        };
        for (name, size, heading, unit, section) in [
            (
                "treesum",
                1023,
                "treesum, n = 1,023 nodes",
                "ns/node",
                "treesum",
            ),
            ("fib", 30, "fib(30)", "ns/join", "micro"),
            ("call-in", 0, "call-in", "µs/call", "micro"),
            (
                "fft",
                1024,
                "fft_g1, scale 10 (n = 1,024 points)",
                "ms/FFT",
                "fft",
            ),
            (
                "hot-loop",
                2000,
                "hot-loop, 2,000 calls of a 64-element loop",
                "ns/call",
                "loops",
            ),
            (
                "axpy",
                1000,
                "axpy, n = 1,000 elements",
                "ns/element",
                "loops",
            ),
            (
                "sort-stable-strings",
                10,
                "sort-stable-strings, n = 10 elements",
                "ns/element",
                "sort",
            ),
            (
                "alloc-tree",
                63,
                "alloc-tree, n = 63 nodes built then freed",
                "ns/node",
                "alloc",
            ),
            (
                "alloc-vecs",
                40,
                "alloc-vecs, n = 40 items of 1 to 64 u64s",
                "ns/item",
                "alloc",
            ),
        ] {
            let e = find(name);
            assert_eq!(
                (e.heading(size).as_str(), e.unit(), e.section()),
                (heading, unit, section)
            );
        }
        assert_eq!(
            find("fft").legend(),
            "median / min (median ÷ sequential median)"
        );
    }

    #[test]
    fn docs_names_tell_their_experiment() {
        let every = experiments();
        assert_docs_names_tell_their_experiment(&every);
        assert_eq!(
            experiment_of_docs_name("sort-stable-random-10000000.svg", &every)
                .map(|e| (e.name(), e.section())),
            Some(("sort-stable-random", "sort"))
        );
        for other in ["sort-unstable.svg", "treesums-1023.svg", "alloc-1023.svg"] {
            assert_eq!(experiment_of_docs_name(other, &every), None, "{other:?}");
        }
    }
}
