//! `LUBDUB_NUM_THREADS`, `RAYON_NUM_THREADS` and `RAYON_RS_NUM_CPUS`: which
//! one sets the global pool's size. The environment belongs to the whole
//! process, so each case re-runs this test binary with only
//! [`report_the_global_pool`] selected and the case's variables set, and
//! reads the size that child prints.

use std::process::Command;

const VARS: [&str; 3] = [
    "LUBDUB_NUM_THREADS",
    "RAYON_NUM_THREADS",
    "RAYON_RS_NUM_CPUS",
];

/// Set in the child only: tells [`report_the_global_pool`] to report.
const CHILD: &str = "LUBDUB_NUM_THREADS_ENV_CHILD";

/// In the child, prints the global pool's size; in a plain test run, does
/// nothing.
#[test]
fn report_the_global_pool() {
    if std::env::var_os(CHILD).is_some() {
        println!("global-pool-threads={}", lubdub::current_num_threads());
    }
}

/// The global pool's size in a child process with `vars` set (and the other
/// variables of [`VARS`] unset).
fn global_threads_with(vars: &[(&str, &str)]) -> usize {
    let mut child = Command::new(std::env::current_exe().unwrap());
    child.args([
        "--exact",
        "report_the_global_pool",
        "--nocapture",
        "--test-threads=1",
    ]);
    for name in VARS {
        child.env_remove(name);
    }
    child.env(CHILD, "1").envs(vars.iter().copied());
    let output = child.output().expect("the test binary runs again");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{vars:?}: {stdout}");
    // The harness prints the test's name on the same line, before it.
    let (_, report) = stdout
        .split_once("global-pool-threads=")
        .unwrap_or_else(|| panic!("{vars:?}: no report in {stdout}"));
    report.lines().next().unwrap().trim().parse().unwrap()
}

fn available() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

#[test]
#[cfg_attr(miri, ignore = "Miri cannot start processes")]
fn nothing_set_means_the_available_parallelism() {
    assert_eq!(global_threads_with(&[]), available());
}

#[test]
#[cfg_attr(miri, ignore = "Miri cannot start processes")]
fn each_variable_alone_sets_the_size() {
    assert_eq!(global_threads_with(&[("LUBDUB_NUM_THREADS", "7")]), 7);
    assert_eq!(global_threads_with(&[("RAYON_NUM_THREADS", "3")]), 3);
    assert_eq!(global_threads_with(&[("RAYON_RS_NUM_CPUS", "5")]), 5);
}

#[test]
#[cfg_attr(miri, ignore = "Miri cannot start processes")]
fn rayon_num_threads_comes_before_the_deprecated_name() {
    let both = [("RAYON_NUM_THREADS", "3"), ("RAYON_RS_NUM_CPUS", "5")];
    assert_eq!(global_threads_with(&both), 3);
    // As on Rayon: 0 means the default and the deprecated name is not read;
    // a value that is not a number is passed over.
    let zero = [("RAYON_NUM_THREADS", "0"), ("RAYON_RS_NUM_CPUS", "5")];
    assert_eq!(global_threads_with(&zero), available());
    let junk = [("RAYON_NUM_THREADS", "three"), ("RAYON_RS_NUM_CPUS", "5")];
    assert_eq!(global_threads_with(&junk), 5);
    assert_eq!(
        global_threads_with(&[("RAYON_NUM_THREADS", "-3")]),
        available()
    );
    assert_eq!(
        global_threads_with(&[("RAYON_RS_NUM_CPUS", "0")]),
        available()
    );
}

#[test]
#[cfg_attr(miri, ignore = "Miri cannot start processes")]
fn lubdub_num_threads_comes_before_rayons() {
    let all = [
        ("LUBDUB_NUM_THREADS", "7"),
        ("RAYON_NUM_THREADS", "3"),
        ("RAYON_RS_NUM_CPUS", "5"),
    ];
    assert_eq!(global_threads_with(&all), 7);
    let zero = [("LUBDUB_NUM_THREADS", "0"), ("RAYON_NUM_THREADS", "3")];
    assert_eq!(global_threads_with(&zero), available());
    let junk = [("LUBDUB_NUM_THREADS", "seven"), ("RAYON_NUM_THREADS", "3")];
    assert_eq!(global_threads_with(&junk), 3);
}
