#!/usr/bin/env bash
# Runs lubdub's unit tests, the core join/scope/spawn tests, the sort tests
# and the C library's accumulator tests under Miri (undefined behaviour and
# data-race checks); with --all also the other parallel iterator tests
# (iter_consumers, iter_scan, nested_loops: several minutes more, so the test
# command leaves them out). Installs the nightly Miri component if it is
# missing; the tests scale themselves down under cfg(miri).
#   scripts/miri.sh          # what the test command runs
#   scripts/miri.sh --all    # and the iterator tests
set -euo pipefail
cd "$(dirname "$0")/.."
iterator_tests=(--test iter_sort)
if [ "${1:-}" = "--all" ]; then
  shift
  iterator_tests+=(--test iter_consumers --test iter_scan --test nested_loops)
fi
if ! cargo +nightly miri --version >/dev/null 2>&1; then
  rustup toolchain install nightly --profile minimal --component miri,rust-src
fi
cargo +nightly miri setup >/dev/null
# The global pool's threads are detached by design, so they are alive at exit.
# Miri picks thread switches pseudo-randomly from a seed: the test command
# runs one seed to stay short; more seeds try more schedules, for example
# MIRIFLAGS="-Zmiri-ignore-leaks -Zmiri-many-seeds=0..8" scripts/miri.sh
export MIRIFLAGS="${MIRIFLAGS:--Zmiri-ignore-leaks}"
cargo +nightly miri test -p lubdub --target-dir target/miri --lib --test join --test scope --test spawn "$@"
# The iterator tests use proptest, which reads the working directory to
# persist failures: they run with isolation off.
MIRIFLAGS="$MIRIFLAGS -Zmiri-disable-isolation" \
  cargo +nightly miri test -p lubdub --target-dir target/miri "${iterator_tests[@]}" "$@"
# The C library's accumulators (storage in the caller's frame, handed out by
# slots) and one loop through them at 1 and 2 threads.
cargo +nightly miri test -p lubdub-c --target-dir target/miri --lib -- accumulator a_failing_body
