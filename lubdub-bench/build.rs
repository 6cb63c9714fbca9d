//! Builds the C variants (`c/*.c`) with the system C compiler and GCC's
//! OpenMP runtime, libgomp, so that `cargo build` from a fresh clone needs no
//! manual step. Also records the compilers' versions for the run reports.
//!
//! The variants on lubdub's C library include its header
//! (`lubdub-c/include/lubdub.h`); their `lubdub_*` symbols resolve against
//! the `lubdub-c` crate, a dependency linked after these objects, so the C
//! and Rust variants share one copy of lubdub.

use std::process::Command;

fn main() {
    const SOURCES: [&str; 5] = [
        "c/treesum.c",
        "c/micro.c",
        "c/loops.c",
        "c/bfs.c",
        "c/regions.c",
    ];
    for source in SOURCES {
        println!("cargo:rerun-if-changed={source}");
    }
    const LUBDUB_HEADERS: &str = "../lubdub-c/include";
    println!("cargo:rerun-if-changed={LUBDUB_HEADERS}/lubdub.h");
    let mut build = cc::Build::new();
    build
        .files(SOURCES)
        .include(LUBDUB_HEADERS)
        .flag("-fopenmp")
        .flag("-Wall")
        .flag("-Wextra");
    align_loops_to_32_bytes(&mut build);
    let compiler = build.get_compiler();
    build.compile("lubdub_bench_omp");
    println!("cargo:rustc-link-lib=gomp");

    // The OpenMP fft_g1 calls blst. It includes the header folder the `blst`
    // crate exports (it `links = "blst"`), and its blst symbols stay
    // undefined here: they resolve against the static library that crate
    // builds, which the linker sees after this one, so the binary holds one
    // copy of blst, shared by the Rust and C variants.
    const BLST_SOURCES: [&str; 1] = ["c/fft.c"];
    for source in BLST_SOURCES {
        println!("cargo:rerun-if-changed={source}");
    }
    let blst_headers = std::env::var("DEP_BLST_BINDINGS")
        .expect("the blst crate exports DEP_BLST_BINDINGS to its dependents' build scripts");
    let mut blst_build = cc::Build::new();
    blst_build
        .files(BLST_SOURCES)
        .include(blst_headers)
        .include(LUBDUB_HEADERS)
        .flag("-fopenmp")
        .flag("-Wall")
        .flag("-Wextra");
    align_loops_to_32_bytes(&mut blst_build);
    blst_build.compile("lubdub_bench_omp_blst");

    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_owned());
    println!(
        "cargo:rustc-env=LUBDUB_BENCH_RUSTC={}",
        version_line(Command::new(rustc).arg("--version"))
    );
    println!(
        "cargo:rustc-env=LUBDUB_BENCH_CC={}",
        version_line(Command::new(compiler.path()).arg("--version"))
    );
}

/// The first line a `--version` command prints, or `unknown`.
fn version_line(command: &mut Command) -> String {
    command
        .output()
        .ok()
        .filter(|out| out.status.success())
        .and_then(|out| {
            String::from_utf8_lossy(&out.stdout)
                .lines()
                .next()
                .map(str::to_owned)
        })
        .unwrap_or_else(|| "unknown".to_owned())
}

/// Starts every loop at a 32-byte boundary (GCC's default is 16). On this
/// machine's cores (Emerald Rapids) the speed of a tight loop depends on
/// where it lands: the plain C hot loop, the same six instructions, took
/// 24 ns per call in one build and 44 in another, and a test that moved
/// one such loop a few bytes at a time ranged from 24 to 45 ns with loops
/// aligned to 16 bytes, and stayed at 24-26 ns with loops aligned to 32.
/// Without this, a ratio to `c-sequential` depended on the build more than
/// on the code measured.
fn align_loops_to_32_bytes(build: &mut cc::Build) {
    build.flag_if_supported("-falign-loops=32");
}
