"""ndarray's own parallel tests (`tests/par_*.rs`) with rayon patched to lubdub.

ndarray 0.16 (the newest 0.16.x on crates.io) is built with its `rayon`
feature inside a generated crate under `target/ndarray-suite/<mode>/`, whose
`[patch.crates-io]` puts `rayon` and `rayon-core` on the compat crates, the
way a user would. ndarray implements its parallel producers on Rayon's
`iter::plumbing`, so this also tests that lubdub's plumbing carries a crate
written against Rayon's. `--against-rayon` builds the same without the
patch: the baseline. The test files are read from cargo's registry cache.
"""

import argparse
import glob
import json
import os
import sys

import build
import cargo
import runner
import testfiles
from common import repo_root

# Beside `rayon`, the features ndarray's parallel tests check with
# `cfg(feature = ...)`, which in the generated crate are the crate's own.
TEST_FEATURES = ["rayon", "approx"]
# ndarray 0.16's dev-dependencies that its tests name.
TEST_DEPENDENCIES = [
    'approx = "0.5"',
    'itertools = { version = "0.13", default-features = false, features = ["use_std"] }',
    'defmac = "0.2"',
    'quickcheck = { version = "1", default-features = false }',
]


def manifest_text(targets, version, against_rayon):
    features = json.dumps(TEST_FEATURES)
    lines = [
        *cargo.harness_head("ndarray-suite-harness"),
        "[features]",
        f"default = {features}",
        *(f"{feature} = []" for feature in TEST_FEATURES),
        "",
        "[dependencies]",
        f'ndarray = {{ version = "={version}", features = {features} }}',
        *TEST_DEPENDENCIES,
        "",
    ]
    return "\n".join(lines + cargo.harness_tail(targets, against_rayon))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    runner.add_run_arguments(parser, timeout=120)
    parser.add_argument("--version", default="0.16", help="ndarray version requirement (default 0.16)")
    args = parser.parse_args()

    work = os.path.join(repo_root(), "target", "ndarray-suite")
    mode_dir = os.path.join(work, "rayon" if args.against_rayon else "lubdub")
    root, version = cargo.package_dirs(work, {"ndarray": args.version})["ndarray"]
    rels = sorted(os.path.relpath(path, root) for path in glob.glob(os.path.join(root, "tests", "par_*.rs")))
    if not rels:
        raise SystemExit(f"ndarray {version} ships no tests/par_*.rs in {root}")
    files = [testfiles.load("ndarray", root, rel, "integration") for rel in rels]
    results, file_errors = {}, {}
    built, dependency_errors = build.compile_rounds(
        files,
        mode_dir,
        lambda targets: manifest_text(targets, version, args.against_rayon),
        None,
        4,
        results,
        file_errors,
    )
    title = f"ndarray {version}'s parallel tests on " + ("real Rayon" if args.against_rayon else "lubdub (compat/ via [patch])")
    sys.exit(runner.run_and_report(title, mode_dir, built, args, results, file_errors, dependency_errors))


if __name__ == "__main__":
    main()
