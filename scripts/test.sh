#!/usr/bin/env bash
# The test command (README.md; .ci/run calls it): formatting, MPI's
# installation when missing, lints, every test of the workspace (lubdub-mpi's
# under mpiexec -n 2) and of the compat crates, the C library's C tests (also
# under Valgrind, which scripts/install-valgrind.sh installs), Rayon's,
# ndarray's and other real crates' own tests through the compat crates, the
# loom models, and Miri on the unit tests (scripts/miri.sh runs more).
set -euo pipefail
cd "$(dirname "$0")/.."
# Each step's heading carries the minutes since the start, so a slow CI run
# shows which step took its time.
step() { printf '\n== [%d:%02d] %s\n' $((SECONDS / 60)) $((SECONDS % 60)) "$*" >&2; }

step "rustfmt"
cargo fmt --all -- --check
step "MPI for lubdub-mpi (scripts/install-mpi.sh: MPICH and libclang, only when missing)"
bash scripts/install-mpi.sh
step "clippy"
cargo clippy --workspace --all-targets -- -D warnings
step "tests (debug: debug assertions check the scheduler's state machines)"
cargo test --workspace --exclude lubdub-mpi
step "lubdub-mpi: unit and doc tests, then its two-rank tests, which start themselves under mpiexec -n 2"
timeout 600 cargo test -p lubdub-mpi
step "the C library's C tests, then under Valgrind (lubdub-c/README.md)"
bash lubdub-c/tests/c/run.sh
step "compat crates (a workspace of their own: compat/README.md)"
cargo fmt --manifest-path compat/Cargo.toml --all -- --check
cargo clippy --manifest-path compat/Cargo.toml --workspace --all-targets --target-dir target -- -D warnings
cargo test --manifest-path compat/Cargo.toml --workspace --target-dir target
step "the Rayon, ndarray and crates suites' source handling (scripts/suite)"
python3 -m unittest discover -s scripts/suite
step "Rayon's own tests on lubdub through the compat crates (README.md, \"Rayon's own suite\")"
bash scripts/rayon-suite.sh --min-pass "${LUBDUB_RAYON_SUITE_MIN_PASS:-411}"
step "ndarray's parallel tests with rayon patched to lubdub"
bash scripts/ndarray-suite.sh --min-pass 19
step "real crates' own test suites with rayon patched to lubdub (hashbrown, indexmap, rayon-cond; scripts/crates-suite.sh runs three more)"
bash scripts/crates-suite.sh --only hashbrown --only indexmap --only rayon-cond --min-pass 683
step "stress test (release)"
cargo test -p lubdub --release --test stress
step "loom models"
bash scripts/loom.sh
step "Miri on the unit tests (scripts/miri.sh without --quick adds join, scope, spawn, the sorts and the C accumulators)"
bash scripts/miri.sh --quick
step "done"
