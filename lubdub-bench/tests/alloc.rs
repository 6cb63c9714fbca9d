//! `lubdub-bench alloc` end to end: the parent runs the real program twice
//! as its child, once per allocator, and merges what they report.

use std::path::PathBuf;
use std::process::{Command, Output};

const EXE: &str = env!("CARGO_BIN_EXE_lubdub-bench");

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("lubdub-bench-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn run(args: &[&str], allocator: Option<&str>) -> Output {
    let mut command = Command::new(EXE);
    command.args(args);
    match allocator {
        Some(value) => command.env("LUBDUB_BENCH_ALLOCATOR", value),
        None => command.env_remove("LUBDUB_BENCH_ALLOCATOR"),
    };
    command.output().unwrap()
}

#[test]
fn alloc_merges_one_child_per_allocator() {
    let dir = temp_dir("alloc-e2e");
    let out_dir = dir.to_str().unwrap();
    let out = run(
        &[
            "alloc",
            "--threads=1,2",
            "--budget-ms=1",
            "--tree-nodes=63",
            "--items=40",
            "--out-dir",
            out_dir,
        ],
        None,
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    // Both children's progress reached the shared stderr.
    for tag in ["[alloc-tree 63 system]", "[alloc-vecs 40 mimalloc]"] {
        assert!(stderr.contains(tag), "stderr lacks {tag:?}:\n{stderr}");
    }
    // One table per workload, a row per allocator and thread count.
    for row in [
        "allocator  threads",
        "   system        1",
        "   system        2",
        " mimalloc        1",
        " mimalloc        2",
        "mimalloc ÷ system at 2 threads (median ÷ median): sequential",
    ] {
        assert_eq!(stdout.matches(row).count(), 2, "{row:?} in:\n{stdout}");
    }
    // The result lines are not passed through.
    assert!(!stdout.contains("lubdub-bench-alloc-result"), "{stdout}");
    let json: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    assert_eq!(json.len(), 1, "{json:?}");
    let run: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json[0]).unwrap()).unwrap();
    assert_eq!(run["subcommand"], "alloc");
    let cells = run["cells"].as_array().unwrap();
    assert_eq!(cells.len(), 8);
    let allocators: Vec<&str> = cells
        .iter()
        .map(|c| c["allocator"].as_str().unwrap())
        .collect();
    assert_eq!(
        allocators,
        ["system", "system", "mimalloc", "mimalloc"].repeat(2)
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_bogus_allocator_is_refused_with_a_clear_message() {
    for args in [&["alloc", "--child"][..], &["alloc"]] {
        let out = run(args, Some("jemalloc"));
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.contains("LUBDUB_BENCH_ALLOCATOR=\"jemalloc\"")
                && stderr.contains("use system or mimalloc"),
            "{stderr}"
        );
        assert!(out.stdout.is_empty(), "measured nothing");
    }
}

#[test]
fn a_child_prints_its_allocator_and_samples_on_one_line_after_its_profiles() {
    let out = run(
        &[
            "alloc",
            "--child",
            "--threads=2",
            "--budget-ms=1",
            "--tree-nodes=7",
            "--items=5",
        ],
        Some("mimalloc"),
    );
    assert!(out.status.success());
    let stdout = String::from_utf8(out.stdout).unwrap();
    // lubdub's profile of its samples in each cell, then the result line.
    assert_eq!(stdout.matches("verdict:").count(), 2, "{stdout}");
    let json = stdout
        .lines()
        .find_map(|line| line.strip_prefix("lubdub-bench-alloc-result: "))
        .unwrap_or_else(|| panic!("{stdout}"));
    let report: serde_json::Value = serde_json::from_str(json.trim_end()).unwrap();
    assert_eq!(report["allocator"], "mimalloc");
    assert_eq!(report["cells"].as_array().unwrap().len(), 2);
}
