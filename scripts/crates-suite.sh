#!/usr/bin/env bash
# The test suites of real crates that use Rayon (hashbrown, indexmap,
# rayon-cond, dashmap: their published sources, from cargo's registry cache)
# with rayon and rayon-core patched to the compat crates (lubdub), or with
# --against-rayon on the real crates. Everything it generates lives under
# target/crates-suite/. `--help` lists the options; README.md ("Rayon's own
# suite") says how to read the report.
set -euo pipefail
exec python3 "$(dirname "$0")/suite/crates_suite.py" "$@"
