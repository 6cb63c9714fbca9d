//! Where, when and from what a run was made: the [`Provenance`] recorded in
//! every JSON file and every generated section of BENCHMARKS.md.

use std::process::Command;
use std::time::SystemTime;

use serde::Serialize;

/// The machine a run was made on.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Machine {
    /// The CPU's `model name` from `/proc/cpuinfo`, or `unknown`.
    pub cpu_model: String,
    /// The logical CPUs this process may use.
    pub logical_cpus: usize,
    /// The operating system's `PRETTY_NAME` from `/etc/os-release`, or `unknown`.
    pub os: String,
    /// The kernel release (`uname -r`), or `unknown`.
    pub kernel: String,
}

impl Machine {
    /// Reads the running machine's description.
    pub fn detect() -> Self {
        let read = |path| std::fs::read_to_string(path).unwrap_or_default();
        let kernel = read("/proc/sys/kernel/osrelease");
        Self {
            cpu_model: cpu_model(&read("/proc/cpuinfo")).unwrap_or_else(|| UNKNOWN.to_owned()),
            logical_cpus: std::thread::available_parallelism().map_or(1, |n| n.get()),
            os: os_pretty_name(&read("/etc/os-release")).unwrap_or_else(|| UNKNOWN.to_owned()),
            kernel: non_empty(kernel.trim()).unwrap_or_else(|| UNKNOWN.to_owned()),
        }
    }
}

/// Date, commit, compilers and machine of a run.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Provenance {
    /// When the run started: UTC, ISO-8601, e.g. `2026-11-22T05:41:00Z`.
    pub date: String,
    /// `git rev-parse --short HEAD` in the working directory, or `unknown`.
    pub git_commit: String,
    /// Whether tracked files differed from that commit.
    pub git_dirty: bool,
    /// The Rust compiler that built this program.
    pub rustc: String,
    /// The C compiler that built the OpenMP variants.
    pub c_compiler: String,
    /// The global allocator of the process that measured the run
    /// (`LUBDUB_BENCH_ALLOCATOR`; `system` unless set). `alloc`'s parent
    /// measures nothing itself: each of its cells names its own allocator.
    pub allocator: String,
    /// The machine.
    pub machine: Machine,
}

impl Provenance {
    /// The provenance of a run starting now.
    pub fn now() -> Self {
        Self {
            date: humantime::format_rfc3339_seconds(SystemTime::now()).to_string(),
            git_commit: git(&["rev-parse", "--short", "HEAD"])
                .and_then(|out| non_empty(out.trim()))
                .unwrap_or_else(|| UNKNOWN.to_owned()),
            git_dirty: git(&["status", "--porcelain", "--untracked-files=no"])
                .is_some_and(|out| !out.trim().is_empty()),
            rustc: env!("LUBDUB_BENCH_RUSTC").to_owned(),
            c_compiler: env!("LUBDUB_BENCH_CC").to_owned(),
            allocator: crate::allocator::in_use()
                .map_or_else(|_| UNKNOWN.to_owned(), |c| c.name().to_owned()),
            machine: Machine::detect(),
        }
    }

    /// The commit, marked when the working tree had uncommitted changes.
    pub fn commit_description(&self) -> String {
        if self.git_dirty {
            format!("{} (with uncommitted changes)", self.git_commit)
        } else {
            self.git_commit.clone()
        }
    }
}

const UNKNOWN: &str = "unknown";

/// The standard output of `git args`, `None` when git fails or is missing.
fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git").args(args).output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
}

fn non_empty(s: &str) -> Option<String> {
    (!s.is_empty()).then(|| s.to_owned())
}

/// The first `model name` in the text of `/proc/cpuinfo`.
fn cpu_model(cpuinfo: &str) -> Option<String> {
    cpuinfo
        .lines()
        .filter_map(|line| line.split_once(':'))
        .find(|(key, _)| key.trim() == "model name")
        .and_then(|(_, value)| non_empty(value.trim()))
}

/// `PRETTY_NAME` from the text of `/etc/os-release`, quotes removed.
fn os_pretty_name(os_release: &str) -> Option<String> {
    os_release
        .lines()
        .find_map(|line| line.strip_prefix("PRETTY_NAME="))
        .and_then(|value| non_empty(value.trim().trim_matches('"')))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cpu_model_is_the_first_model_name() {
        let cpuinfo = "processor\t: 0\nvendor_id\t: GenuineIntel\nmodel name\t: Intel(R) Xeon(R) CPU @ 2.20GHz\n\nprocessor\t: 1\nmodel name\t: other\n";
        assert_eq!(
            cpu_model(cpuinfo).as_deref(),
            Some("Intel(R) Xeon(R) CPU @ 2.20GHz")
        );
        assert_eq!(cpu_model("processor : 0\n"), None);
        assert_eq!(cpu_model(""), None);
    }

    #[test]
    fn os_name_is_pretty_name_unquoted() {
        let text = "NAME=\"Debian GNU/Linux\"\nPRETTY_NAME=\"Debian GNU/Linux 12 (bookworm)\"\nID=debian\n";
        assert_eq!(
            os_pretty_name(text).as_deref(),
            Some("Debian GNU/Linux 12 (bookworm)")
        );
        assert_eq!(os_pretty_name("ID=debian\n"), None);
    }

    #[test]
    fn provenance_of_now_is_filled_in() {
        let p = Provenance::now();
        // ISO-8601 in UTC, to the second.
        assert_eq!(p.date.len(), "2026-11-22T05:41:00Z".len(), "{}", p.date);
        assert!(
            p.date.ends_with('Z') && p.date.as_bytes()[10] == b'T',
            "{}",
            p.date
        );
        assert!(!p.git_commit.is_empty());
        assert!(p.machine.logical_cpus >= 1);
        assert!(p.rustc.starts_with("rustc "), "{}", p.rustc);
        assert_eq!(
            p.allocator,
            crate::allocator::in_use().map_or("unknown", |c| c.name())
        );
    }

    #[test]
    fn a_dirty_tree_is_said_so() {
        let mut p = Provenance::now();
        p.git_commit = "abc1234".into();
        p.git_dirty = false;
        assert_eq!(p.commit_description(), "abc1234");
        p.git_dirty = true;
        assert_eq!(p.commit_description(), "abc1234 (with uncommitted changes)");
    }
}
