#!/usr/bin/env bash
# Instruction counts of lubdub's hot paths under callgrind (load-independent,
# so a change to the hot path can be judged on this shared machine): each
# kernel of lubdub/examples/hot_path_counts.rs, on a one-seat and on a
# two-seat pool, both with the heartbeat off, in instructions per call.
#   scripts/hot-path-counts.sh            # every kernel, both pools
#   scripts/hot-path-counts.sh sum64 fib20
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || bash scripts/install-valgrind.sh
cargo build --release -q -p lubdub --example hot_path_counts
binary="${CARGO_TARGET_DIR:-target}/release/examples/hot_path_counts"
kernels=("$@")
[ ${#kernels[@]} -gt 0 ] || kernels=(fib20 sum64 sum1000 sum65536 flat_map65536 reduce65536)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
printf '%-15s %8s %15s\n' kernel threads instr/call
for kernel in "${kernels[@]}"; do
  for threads in 1 2; do
    valgrind --tool=callgrind --callgrind-out-file="$out/cg" \
      --toggle-collect='hot_path_counts::measured' "$binary" "$kernel" "$threads" \
      >"$out/stdout" 2>"$out/stderr"
    reps=$(sed -n 's/.*reps=\([0-9]*\).*/\1/p' "$out/stdout")
    total=$(sed -n 's/^summary: *\([0-9]*\).*/\1/p' "$out/cg")
    printf '%-15s %8s %15s\n' "$kernel" "$threads" "$((total / reps))"
  done
done
