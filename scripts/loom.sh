#!/usr/bin/env bash
# Model-checks the latch and sleep/wake protocols with loom: every
# interleaving of the models in lubdub/src/scheduler/sleep.rs.
set -euo pipefail
cd "$(dirname "$0")/.."
RUSTFLAGS="--cfg loom" LOOM_MAX_PREEMPTIONS="${LOOM_MAX_PREEMPTIONS:-3}" \
  cargo test -p lubdub --lib --release --target-dir target/loom -- loom_models "$@"
