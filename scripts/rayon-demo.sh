#!/usr/bin/env bash
# Rayon's benchmarks (rayon-demo, from a local copy of Rayon's repository:
# --rayon PATH or $RAYON_SRC) built on Rayon and on lubdub (rayon patched to
# the compat crates) and run alternately; prints lubdub's time over Rayon's
# for each. A timing, so not part of the test command: run it on a quiet
# machine. Everything it generates lives under target/rayon-demo/. `--help`
# lists the options; README.md ("Rayon's benchmarks") says how to read it.
set -euo pipefail
exec python3 "$(dirname "$0")/suite/rayon_demo.py" "$@"
