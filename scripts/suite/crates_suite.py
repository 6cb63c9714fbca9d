"""Real crates' own test suites with rayon patched to lubdub.

Each crate's published source is copied from cargo's registry cache to
`target/crates-suite/<mode>/<crate>/crate/` (all build into
`target/crates-suite/<mode>/target/`), its manifest gets a
`[workspace]` table and, on lubdub, the compat crates' `[patch.crates-io]`,
and its library unit tests and integration tests are built there with the
features that turn its Rayon support on, exactly as its maintainers run
them. Each test then runs alone under a time limit; the doc tests whose
name contains a crate's filter run through `cargo test --doc`.
`--against-rayon` does the same without the patch: the baseline. Nothing
of these crates is kept in the repository.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
from collections import Counter
from dataclasses import dataclass

import cargo
import report
import runner
from common import DNC, FAIL, HANG, IGNORED, PASS, log, repo_root, write
from testfiles import TestFile


@dataclass
class Crate:
    requirement: str  # the newest release that builds with rayon 1.12 / rayon-core 1.13
    features: tuple = ()  # those that switch its Rayon support on, and those its tests need
    doc_filter: str = None  # run the doc tests whose name contains this ("" all); None: none
    drop_dev: tuple = ()  # dev-dependencies only its benchmarks and examples use: not built


CRATES = {
    "hashbrown": Crate("0.17", ("rayon",), "", ("criterion",)),
    "indexmap": Crate("2", ("rayon",), ""),
    "rayon-cond": Crate("0.4", (), ""),
    "dashmap": Crate("6", ("rayon",), ""),
    "indicatif": Crate("0.18", ("rayon", "in_memory"), "", ("clap", "tokio", "futures")),
    # 120 doc tests of edition 2018, each built alone: only those of its Rayon support.
    "imbl": Crate("7", ("rayon",), "rayon", ("criterion",)),
}
# What a copy leaves out: a pinned toolchain or lock file of the published
# crate, and its manifest, which the copy gets edited.
NOT_COPIED = ("Cargo.toml", "Cargo.lock", "rust-toolchain", "rust-toolchain.toml", ".cargo", "target")


def strip_tables(text, dev_dependencies):
    """A registry manifest without its benchmarks and the `dev_dependencies` they need.

    Removes each `[[bench]]` table and each `[dev-dependencies.NAME]` table
    (also under `[target.'cfg'...]`) for NAME in `dev_dependencies`.
    """
    names = "|".join(re.escape(name) for name in dev_dependencies) or "(?!)"
    drop = re.compile(rf'^\[\[bench\]\]$|^\[(target\.[^\]]*\.)?dev-dependencies\.("?)({names})\2\]$')
    kept, dropping = [], False
    for line in text.splitlines():
        if line.startswith("["):
            dropping = bool(drop.match(line.strip()))
        if not dropping:
            kept.append(line)
    return "\n".join(kept) + "\n"


def manifest_text(original, crate, against_rayon):
    lines = [strip_tables(original, crate.drop_dev).rstrip("\n"), ""]
    if not against_rayon:
        lines += [*cargo.patch_lines(), ""]
    return "\n".join(lines + ["[workspace]", ""])


def parse_doctests(output, label):
    """{test id: (status, detail)} of the lines `test NAME ... ok|FAILED|ignored` of libtest's output."""
    statuses = {"ok": (PASS, "doc test"), "FAILED": (FAIL, "doc test failed"), "ignored": (IGNORED, "ignored upstream")}
    found = {}
    for match in re.finditer(r"^test (.+?) \.\.\. (ok|FAILED|ignored)\b", output, re.MULTILINE):
        found[f"{label}::{match.group(1)}"] = statuses[match.group(2)]
    return found


def copy_crate(source, dest):
    """Copy the crate's source, keeping times, so that cargo rebuilds only what changed."""
    shutil.copytree(source, dest, dirs_exist_ok=True, ignore=shutil.ignore_patterns(*NOT_COPIED))
    return os.path.join(dest, "Cargo.toml")


def write_if_changed(path, text):
    if os.path.exists(path):
        with open(path) as f:
            if f.read() == text:
                return
    write(path, text)


def run_doctests(crate, manifest, target_dir, features, timeout, log_path, label):
    command = ["cargo", "test", "--doc", "--manifest-path", manifest, "--target-dir", target_dir, *features]
    command += ["--", crate.doc_filter] if crate.doc_filter else []
    try:
        out = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return {label: (HANG, f"cargo test --doc: no result after {timeout} s")}
    write(log_path, out.stdout)
    found = parse_doctests(out.stdout, label)
    if out.returncode != 0 and not found:
        return {label: (DNC, f"cargo test --doc: exit status {out.returncode}, see {log_path}")}
    return found


def test_crate(name, crate, source, crate_dir, args, baseline_path):
    """Build and run one crate's tests in `crate_dir`: (results, file errors, dependency errors), as report takes them."""
    copy = os.path.join(crate_dir, "crate")
    published = os.path.join(source, "Cargo.toml")
    manifest = copy_crate(source, copy)
    with open(published) as f:
        write_if_changed(manifest, manifest_text(f.read(), crate, args.against_rayon))
    if not args.against_rayon:  # a [patch] that did not take would test the real crates
        cargo.check_patched(manifest, set(cargo.PATCHED))
    features = ["--features", ",".join(crate.features)] if crate.features else []
    target_dir = os.path.join(os.path.dirname(crate_dir), "target")  # shared: lubdub builds once
    log(f"{name}: building its tests")
    build_log = os.path.join(crate_dir, "build.log")
    build = cargo.build_tests(manifest, target_dir, build_log, features)
    if not (build.executables or build.errors or build.dependency_errors):  # resolution, a manifest error
        return {f"{name}/build": (DNC, f"cargo failed before compiling anything: see {build_log}")}, {}, []
    lib = name.replace("-", "_")
    label = lambda target: f"{name}/" + ("lib" if target == lib else f"tests/{target}.rs")  # noqa: E731
    built = {t: (TestFile(name, label(t)[len(name) + 1 :], "", "integration", []), exe) for t, exe in build.executables.items()}
    results, file_errors = {}, {}
    baseline = (report.read_results(baseline_path) if baseline_path else None) or {}
    for target, errors in build.errors.items():
        if target in build.executables:
            continue
        headline = cargo.headline(errors[0])
        file_errors[label(target)] = ("?", [e.get("rendered") or cargo.headline(e) for e in errors])
        known = [t for t in baseline if t.startswith(label(target) + "::")]
        results.update({t: (DNC, headline) for t in known or [label(target)]})
    runner.run_built(built, args.jobs, args.timeout, os.path.join(crate_dir, "logs"), results)
    if crate.doc_filter is not None and not build.dependency_errors:
        log(f"{name}: doc tests" + (f" whose name contains {crate.doc_filter!r}" if crate.doc_filter else ""))
        doc_log = os.path.join(crate_dir, "doctests.log")
        results.update(run_doctests(crate, manifest, target_dir, features, args.timeout * 5, doc_log, f"{name}/doc"))
    return results, file_errors, build.dependency_errors


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    runner.add_run_arguments(parser, timeout=120)
    parser.add_argument("--only", choices=sorted(CRATES), action="append", help="only this crate (repeatable)")
    args = parser.parse_args()

    chosen = {name: CRATES[name] for name in args.only or CRATES}
    work = os.path.join(repo_root(), "target", "crates-suite")
    mode = "rayon" if args.against_rayon else "lubdub"
    sources = cargo.package_dirs(work, {name: crate.requirement for name, crate in chosen.items()})
    status, lines = 0, []
    for name, crate in chosen.items():
        source, version = sources[name]
        crate_dir = os.path.join(work, mode, name)
        baseline = None if args.against_rayon else os.path.join(work, "rayon", name, "results.tsv")
        results, file_errors, dependency_errors = test_crate(name, crate, source, crate_dir, args, baseline)
        on = "real Rayon" if args.against_rayon else "lubdub (compat/ via [patch])"
        print(f"\n=== {name} {version}")
        report.report(f"{name} {version}'s tests on {on}", crate_dir, results, file_errors, dependency_errors, baseline, None)
        counts = Counter(s for s, _ in results.values())
        lines.append((name, version, counts))
    total = sum(counts[PASS] for _, _, counts in lines)
    print(f"\n=== all crates on {mode}:")
    for name, version, counts in lines:
        shown = ", ".join(f"{status} {counts[status]}" for status in (PASS, FAIL, HANG, DNC, IGNORED))
        print(f"  {name} {version}: {shown}")
    print(f"  {total} tests pass")
    if args.min_pass is not None and total < args.min_pass:
        print(f"FAILED: {total} tests pass, fewer than --min-pass {args.min_pass}")
        status = 1
    sys.exit(status)


if __name__ == "__main__":
    main()
