#!/usr/bin/env bash
# ndarray 0.16's own parallel tests (tests/par_*.rs, from cargo's registry
# cache) with rayon and rayon-core patched to the compat crates (lubdub), or
# with --against-rayon on the real crates. Everything it generates lives
# under target/ndarray-suite/. `--help` lists the options; README.md
# ("Rayon's own suite") says how to read the report.
set -euo pipefail
exec python3 "$(dirname "$0")/suite/ndarray_suite.py" "$@"
