#!/usr/bin/env bash
# The many-core tables of issue 23, for a session lent the 16-core device
# machine, whose time is short (15 minutes in all, each start counted) and
# which builds nothing and reaches no network. Two steps:
#
#   scripts/device-tables.sh prepare
#       here, after `cargo build --release -p lubdub-bench`: copies the
#       binary, stripped, and the shared libraries it loads (libgomp, MPICH
#       and theirs; the device may have none of them) to target/device/
#       (about 50 MB: within what a device call carries).
#   scripts/device-tables.sh run PART
#       on the device, with target/device carried: runs PART (1, 2 or 3:
#       two steps each, each step stopped after 280 s, so that a part fits
#       one device call of at most 600 s) at 1, 2, 4, 8 and 16 threads
#       (DEVICE_THREADS overrides the thread counts, for a smoke run here),
#       writing each report's JSON and plots under $OUT/partPART/ (or
#       bench-results/device/ without $OUT) and its table to stdout.
#         part 1: programs (every program, nqueens-few-tasks included),
#                 loops (the sum of 10M squares, the hot loop)
#         part 2: bfs scale 20, fft scale 10
#         part 3: regions (where the binary has it), treesum 10M nodes
#       The parts are in the order of issue 23's Done-when.
#
# BENCHMARKS.md says what each table means; copy the tables there with the
# machine, the date and the commit the binary was built at (printed first).
set -euo pipefail
cd "$(dirname "$0")/.."

device=target/device
threads=${DEVICE_THREADS:-1,2,4,8,16}

prepare() {
  local binary=target/release/lubdub-bench
  [ -x "$binary" ] || { echo "build first: cargo build --release -p lubdub-bench" >&2; exit 2; }
  rm -rf "$device"
  mkdir -p "$device/lib"
  cp "$binary" "$device/lubdub-bench"
  strip "$device/lubdub-bench"
  # Every library the binary loads but the C runtime itself.
  ldd "$binary" | awk '/=> \// {print $3}' |
    grep -v -E '/(libc|libm|libgcc_s|libpthread|libdl|ld-linux[^/]*)\.so' |
    while read -r lib; do
      cp -L "$lib" "$device/lib/"
      strip --strip-unneeded "$device/lib/$(basename "$lib")" 2>/dev/null || true
    done
  git rev-parse HEAD >"$device/commit"
  du -sh "$device"
  echo "carry: $device   then: bash scripts/device-tables.sh run 1 (then 2, 3)"
}

# Runs one lubdub-bench command with a progress line and a time limit.
step() {
  local name=$1
  shift
  echo "== $name: lubdub-bench $* ($(date -u +%H:%M:%S))"
  timeout 280 "$device/lubdub-bench" "$@" --threads "$threads" --out-dir "$out/$name" ||
    echo "== $name: exit $? (a timeout is 124)"
}

run() {
  local part=$1
  [ -x "$device/lubdub-bench" ] || { echo "no $device/lubdub-bench: run prepare here and carry $device" >&2; exit 2; }
  export LD_LIBRARY_PATH="$PWD/$device/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  out="${OUT:-bench-results/device}/part$part"
  mkdir -p "$out"
  echo "binary built at commit $(cat "$device/commit"); $(nproc) CPUs; $(uname -r)"
  case $part in
    1)
      step programs programs --budget-ms 200
      step loops loops --kinds sum-squares,hot-loop --budget-ms 250
      ;;
    2)
      step bfs bfs --scales 20 --keys 16 --budget-ms 300
      step fft fft --scales 10 --budget-ms 300
      ;;
    3)
      if "$device/lubdub-bench" regions --help >/dev/null 2>&1; then
        step regions regions --budget-ms 250
      else
        echo "== regions: not in this binary"
      fi
      step treesum treesum --sizes 10000000 --budget-ms 300
      ;;
    *)
      echo "unknown part $part: 1, 2 or 3" >&2
      exit 2
      ;;
  esac
}

case "${1:-}" in
  prepare) prepare ;;
  run) run "${2:?run 1, 2 or 3}" ;;
  *)
    sed -n '2,29p' "$0"
    exit 2
    ;;
esac
