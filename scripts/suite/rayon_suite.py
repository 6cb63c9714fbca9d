"""Rayon's own tests (rayon 1.12.0, rayon-core 1.13.0) run against lubdub.

The test files come from cargo's registry cache; every generated file lives
under `target/rayon-suite/<mode>/`. Each file of tests becomes one test
target of a generated crate (testfiles.py), so a file that does not compile
hides only its own tests, and the compiler's error spans narrow that down to
single tests where they can (build.py). The crate under test is `rayon` and
`rayon-core` patched to the compat crates (that is, lubdub) or, with
`--against-rayon`, the real ones: the baseline.
"""

import argparse
import os
import sys

import build
import cargo
import rayon_suite_tables as tables
import runner
import testfiles
from common import SKIP, repo_root

VERSIONS = {"rayon": "1.12.0", "rayon-core": "1.13.0"}
CRATE = {"rayon": "rayon", "rayon-core": "rayon_core"}


class RayonLayout(testfiles.Layout):
    """Rayon's modules, each re-exporting the crate under test's items at that path."""

    def root(self, package):
        return [f"pub use ::{CRATE[package]}::*;", *tables.ROOT_SHIMS.get(package, [])]

    def prelude(self, package, module):
        path = "::".join(module)
        if path in tables.PUBLIC_MODULES[package]:
            lines = [f"pub use ::{CRATE[package]}::{path}::*;"]
        else:  # a private module of Rayon sees its parent's names
            lines = ["#[allow(unused_imports)]", "use super::*;"]
        return lines + tables.EXTRA_IMPORTS.get((package, path), [])


def manifest_text(targets, against_rayon):
    """The generated crate: Rayon's dev-dependencies, a target per file, and the patch."""
    lines = [
        *cargo.harness_head("rayon-suite-harness"),
        "[dependencies]",
        *(f'{name} = "={version}"' for name, version in VERSIONS.items()),
        *tables.TEST_DEPENDENCIES,
        "",
    ]
    return "\n".join(lines + cargo.harness_tail(targets, against_rayon))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    runner.add_run_arguments(parser, timeout=60)
    parser.add_argument("--rounds", type=int, default=4, help="builds that drop tests that do not compile (default 4)")
    parser.add_argument("--only", default="", help="only the files whose path (e.g. rayon-core/src/join) contains this")
    args = parser.parse_args()

    work = os.path.join(repo_root(), "target", "rayon-suite")
    mode_dir = os.path.join(work, "rayon" if args.against_rayon else "lubdub")
    sources = cargo.package_dirs(work, {name: f"={version}" for name, version in VERSIONS.items()})
    files = [f for name in VERSIONS for f in testfiles.discover(name, sources[name][0]) if args.only in f.label]
    results, file_errors = {}, {}
    for test_file in files:
        for test_id in test_file.tests:
            reason = tables.skip_reason(test_file.package, test_file.rel, test_id.split("::", 1)[1])
            if reason:
                results[test_id] = (SKIP, reason)
    built, dependency_errors = build.compile_rounds(
        files,
        mode_dir,
        lambda targets: manifest_text(targets, args.against_rayon),
        RayonLayout(),
        args.rounds,
        results,
        file_errors,
    )
    title = "Rayon's tests on " + ("the real rayon crates" if args.against_rayon else "lubdub (compat/ via [patch])")
    sys.exit(runner.run_and_report(title, mode_dir, built, args, results, file_errors, dependency_errors))


if __name__ == "__main__":
    main()
