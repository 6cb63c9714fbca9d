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
#   scripts/device-tables.sh run
#       on the device, with target/device carried: the issue-23 tables in
#       one call of at most 8 minutes (a lease holds 15 minutes in all, a
#       machine's start included), each step stopped at its own limit, in
#       the order of issue 23's Done-when:
#         programs at 8 and 16 threads (nqueens-few-tasks included),
#         the sums of squares (1,000 and 10M) at 8 and 16,
#         regions at 16 (time per region and lubdub's fill),
#         bfs scale 20 at 8 and 16, fft scale 10 at 16.
#       DEVICE_THREADS (e.g. 2) replaces every thread list, for a smoke run
#       here. The reports (JSON, tables, plots) go under
#       bench-results/device/STEP/, and all of them into one file,
#       $OUT/device-tables.tar.gz (bench-results/ without $OUT; a device
#       call brings back at most eight files); the tables go to stdout too.
#
# BENCHMARKS.md says what each table means; copy the tables there with the
# machine, the date and the commit the binary was built at (printed first).
set -euo pipefail
cd "$(dirname "$0")/.."

device=target/device

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
  echo "carry: $device   then: bash scripts/device-tables.sh run"
}

# Runs one lubdub-bench command at THREADS (or DEVICE_THREADS) with a
# progress line, stopped after LIMIT seconds.
step() {
  local name=$1 limit=$2 threads=${DEVICE_THREADS:-$3}
  shift 3
  echo "== $name: lubdub-bench $* --threads $threads, at most ${limit}s ($(date -u +%H:%M:%S))"
  timeout "$limit" "$device/lubdub-bench" "$@" --threads "$threads" --out-dir "$out/$name" ||
    echo "== $name: exit $? (a timeout is 124)"
}

run() {
  [ -x "$device/lubdub-bench" ] || { echo "no $device/lubdub-bench: run prepare here and carry $device" >&2; exit 2; }
  export LD_LIBRARY_PATH="$PWD/$device/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  out=bench-results/device
  rm -rf "$out"
  mkdir -p "$out"
  echo "binary built at commit $(cat "$device/commit"); $(nproc) CPUs; $(uname -r)"
  grep -m1 'model name' /proc/cpuinfo || true
  # 530 s of limits in all.
  step programs 215 8,16 programs --budget-ms 120
  step loops 45 8,16 loops --kinds sum-squares --budget-ms 200
  step regions 60 16 regions --budget-ms 200
  step bfs 150 8,16 bfs --scales 20 --keys 16 --budget-ms 200
  step fft 60 16 fft --scales 10 --budget-ms 200
  local archive=${OUT:-bench-results}/device-tables.tar.gz
  tar -czf "$archive" -C "$out" . || true
  ls -la "$archive"
}

case "${1:-}" in
  prepare) prepare ;;
  run) run ;;
  *)
    sed -n '2,27p' "$0"
    exit 2
    ;;
esac
