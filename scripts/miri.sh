#!/usr/bin/env bash
# Runs lubdub under Miri (undefined behaviour and data-race checks): its unit
# tests (the scheduler's internals, the sorts' unsafe parts), the core
# join/scope/spawn tests, the sort tests and the C library's accumulator
# tests. Installs the nightly Miri component if it is missing; the tests
# scale themselves down under cfg(miri).
#   scripts/miri.sh           # all of the above (about 14 minutes on 2 cores)
#   scripts/miri.sh --quick   # the unit tests only: what the test command runs
#   scripts/miri.sh --all     # also the other parallel iterator tests
#                             # (iter_consumers, iter_scan, nested_loops: long)
set -euo pipefail
cd "$(dirname "$0")/.."
scope=${1:-}
case "$scope" in
  ""|--quick|--all) ;;
  *) echo "usage: scripts/miri.sh [--quick|--all]" >&2; exit 2 ;;
esac
if ! cargo +nightly miri --version >/dev/null 2>&1; then
  rustup toolchain install nightly --profile minimal --component miri,rust-src
fi
cargo +nightly miri setup >/dev/null
# The global pool's threads are detached by design, so they are alive at exit.
# Miri picks thread switches pseudo-randomly from a seed: one seed here; more
# seeds try more schedules, for example
# MIRIFLAGS="-Zmiri-ignore-leaks -Zmiri-many-seeds=0..8" scripts/miri.sh
export MIRIFLAGS="${MIRIFLAGS:--Zmiri-ignore-leaks}"
if [ "$scope" = "--quick" ]; then
  exec cargo +nightly miri test -p lubdub --target-dir target/miri --lib
fi
cargo +nightly miri test -p lubdub --target-dir target/miri --lib --test join --test scope --test spawn
# The iterator tests use proptest, which reads the working directory to
# persist failures: they run with isolation off.
iterator_tests=(--test iter_sort)
if [ "$scope" = "--all" ]; then
  iterator_tests+=(--test iter_consumers --test iter_scan --test nested_loops)
fi
MIRIFLAGS="$MIRIFLAGS -Zmiri-disable-isolation" \
  cargo +nightly miri test -p lubdub --target-dir target/miri "${iterator_tests[@]}"
# The C library's accumulators (storage in the caller's frame, handed out by
# slots) and one loop through them at 1 and 2 threads.
cargo +nightly miri test -p lubdub-c --target-dir target/miri --lib -- accumulator a_failing_body
