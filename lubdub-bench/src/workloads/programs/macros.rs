//! The macros that write the programs of `programs/`: each program's
//! `Program` impl from a one-line header and its functions, its parallel
//! code once for each runtime, and the sorts' whole impl from their sort
//! functions.

/// The section, unit and comparison every program's experiment shares.
macro_rules! program_experiment {
    ($name:literal, $heading:expr) => {
        crate::experiment::Experiment::new($name, "ms/run", "programs", $heading)
            .summarized("lubdub", "rayon")
    };
}

/// Writes a program's parallel code once for each runtime: `$parallel!`
/// (the program's macro over a runtime's name) expanded in a module
/// `with_lubdub` for lubdub and in a module `with_rayon` for Rayon, each
/// seeing the program's items.
macro_rules! on_both_runtimes {
    ($parallel:ident) => {
        mod with_lubdub {
            use super::*;
            $parallel!(lubdub);
        }

        mod with_rayon {
            use super::*;
            $parallel!(rayon);
        }
    };
}

/// Declares a program `$name` and writes its `Program` impl: the
/// experiment's name and heading, the two sizes, the input and output
/// types and what a run consumes (`fresh!`) from one header, then the
/// functions.
macro_rules! program {
    (
        $(#[$doc:meta])*
        $name:ident, sizes $size:expr, $short:expr, $input:ty => $output:ty, fresh $fresh:ident;
        $experiment:literal, $heading:expr;
        $($item:tt)*
    ) => {
        $(#[$doc])*
        pub struct $name;

        impl Program for $name {
            const EXPERIMENT: Experiment = program_experiment!($experiment, $heading);
            const SIZE: usize = $size;
            const SHORT_SIZE: usize = $short;
            type Input = $input;
            type Output = $output;
            fresh!($fresh);

            $($item)*
        }
    };
}

/// Writes a program's `lubdub` and `rayon` functions from one signature and
/// body, in which `$rt` names the module of the runtime's parallel code
/// (`with_lubdub` or `with_rayon`, written by `on_both_runtimes!`).
macro_rules! on_each_runtime {
    (|$rt:ident| fn($($arg:tt)*) -> $out:ty $body:block) => {
        fn lubdub($($arg)*) -> $out {
            use with_lubdub as $rt;
            $body
        }

        fn rayon($($arg)*) -> $out {
            use with_rayon as $rt;
            $body
        }
    };
}

/// Writes a program's `Fresh` type and `fresh` function: `none` for a
/// program that consumes nothing, `copy` for one that takes a copy of its
/// input (to sort in place, say).
macro_rules! fresh {
    (none) => {
        type Fresh = ();

        fn fresh(_: &Self::Input) {}
    };
    (copy) => {
        type Fresh = Self::Input;

        fn fresh(input: &Self::Input) -> Self::Input {
            input.clone()
        }
    };
}

/// Writes a program that sorts a copy of `size` random `u64`s (from
/// `seed`) in place: `$v` names the copy in the sequential sort, `$rt` the
/// runtime's module in the parallel one. The answer is the sorted copy.
macro_rules! sort_program {
    (
        $(#[$doc:meta])*
        $name:ident, sizes $size:expr, $short:expr, seed $seed:expr;
        $experiment:literal;
        |$v:ident| $sequential:block
        |$rt:ident, $pv:ident| $parallel:block
    ) => {
        program! {
            $(#[$doc])*
            $name, sizes $size, $short, Vec<u64> => Vec<u64>, fresh copy;
            $experiment, Heading::Count("u64s");

            fn input(size: usize) -> Vec<u64> {
                random_u64s(size, $seed)
            }

            fn sequential(_: &Vec<u64>, mut $v: Vec<u64>) -> Vec<u64> {
                $sequential
                $v
            }

            on_each_runtime!(|$rt| fn(_: &Vec<u64>, mut $pv: Vec<u64>) -> Vec<u64> {
                $parallel
                $pv
            });

            fn check(got: &Vec<u64>, expected: &Vec<u64>) -> Result<(), Mismatch> {
                expect_same(got, expected)
            }
        }
    };
}
