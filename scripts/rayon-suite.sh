#!/usr/bin/env bash
# Rayon's own test suite (rayon 1.12.0, rayon-core 1.13.0, from cargo's
# registry cache) against lubdub through the compat crates, or with
# --against-rayon against the real crates. Everything it generates lives
# under target/rayon-suite/. `--help` lists the options; README.md
# ("Rayon's own suite") says how to read the report.
set -euo pipefail
exec python3 "$(dirname "$0")/suite/rayon_suite.py" "$@"
