"""Rayon's benchmarks (`rayon-demo`) on Rayon and on lubdub, run alternately.

Rayon's repository is never committed here: `--rayon PATH` (or $RAYON_SRC)
names a local copy. It is copied twice under `target/rayon-demo/`: `rayon/`
builds as it is; in `lubdub/`, rayon-demo's path dependency on Rayon's
`rayon` is rewritten to lubdub's `compat/rayon` (the compat crates stand in
for rayon 1.12.0 and rayon-core 1.13.0), the root manifest keeps only the
workspace (Rayon's own crates leave it: see `workspace_only`), and the
lockfile of the Rayon copy is reused so that every other crate has the same
version in both builds.
Both build in one target folder with the same profile (`cargo +nightly bench
--no-run`). Each round runs every benchmark as its own process in the order
Rayon, lubdub, lubdub, Rayon, so drift of the machine falls on both evenly.
"""

import argparse
import json
import math
import os
import re
import shutil
import statistics
import subprocess
import sys
import time
import tomllib

import cargo
import runner
from common import FAIL, HANG, log, repo_root, write

SIDES = ("rayon", "lubdub")
ORDER = ("rayon", "lubdub", "lubdub", "rayon")  # one round
DEMO = "rayon-demo"
COMPAT = {"rayon": "compat/rayon", "rayon-core": "compat/rayon-core"}
# Benchmarks that run no parallel code although their names do not say so
# (their doc comments do): like the `seq`/`serial` ones, their ratio is noise.
SEQUENTIAL_NAMES = {"factorial::factorial_iterator", "fibonacci::fibonacci_iterative", "fibonacci::fibonacci_recursive"}
SEQUENTIAL_WORDS = {"seq", "serial", "sequential"}
MISSING, NO_RESULT = "missing", "no-result"
# The groups the table's foot gives the worst ratio of (the issue holds them to 1.1x).
GROUPS = {
    "tree walks": r"^tree::",
    "factorials": r"^factorial::",
    "presorted sorts": r"^sort::.*_(ascending|descending)$",
}

BENCH_LINE = re.compile(
    r"^test (?P<name>\S+) +\.\.\. bench: +(?P<ns>[\d,]+(?:\.\d+)?) ns/iter \(\+/- (?P<dev>[\d,]+(?:\.\d+)?)\)",
    re.MULTILINE,
)


# ---- reading libtest and summing up (unit-tested in test_suite.py) ----


def parse_bench_output(output):
    """{benchmark: (ns per iteration, +/- deviation)} of libtest's bench lines."""
    number = lambda text: float(text.replace(",", ""))  # noqa: E731
    return {m["name"]: (number(m["ns"]), number(m["dev"])) for m in BENCH_LINE.finditer(output)}


def parse_bench_list(output):
    """The benchmarks that `<binary> --list --bench` names (`name: benchmark`, or `name: bench` in older libtest)."""
    return [m[1] for m in re.finditer(r"^(\S+): bench(?:mark)?$", output, re.MULTILINE)]


def is_sequential(name):
    """Whether a benchmark runs no parallel code, going by its name: its ratio shows build noise."""
    last = name.split("::")[-1]
    return name in SEQUENTIAL_NAMES or bool(SEQUENTIAL_WORDS & set(last.split("_")))


def select(names, filters, skips):
    """The names that contain one of `filters` (all when none) and none of `skips`."""
    return [n for n in names if (not filters or any(f in n for f in filters)) and not any(s in n for s in skips)]


def round_ratio(samples):
    """lubdub's time over Rayon's in one round: {side: [ns, ...]} -> the ratio of their means."""
    return statistics.fmean(samples["lubdub"]) / statistics.fmean(samples["rayon"])


def geomean(values):
    values = list(values)
    return math.exp(statistics.fmean(math.log(v) for v in values)) if values else None


def summarize(rounds):
    """A benchmark's row from its rounds [{side: [ns, ...]}]: medians and the median of the round ratios."""
    ratios = [round_ratio(r) for r in rounds]
    return {
        "rayon_ns": statistics.median(ns for r in rounds for ns in r["rayon"]),
        "lubdub_ns": statistics.median(ns for r in rounds for ns in r["lubdub"]),
        "ratio": statistics.median(ratios),
        "round_ratios": ratios,
    }


def totals(rows, limit):
    """What the table's foot says: geometric means, the sequential rows' spread, the rows over `limit`."""
    measured = {name: row for name, row in rows.items() if row.get("ratio")}
    sequential = sorted(row["ratio"] for name, row in measured.items() if is_sequential(name))
    parallel = [row["ratio"] for name, row in measured.items() if not is_sequential(name)]
    return {
        "measured": len(measured),
        "geomean": geomean(row["ratio"] for row in measured.values()),
        "geomean_parallel": geomean(parallel),
        "sequential": {
            "count": len(sequential),
            "min": sequential[0] if sequential else None,
            "max": sequential[-1] if sequential else None,
            "geomean": geomean(sequential),
        },
        "worst_of_group": {
            group: max(((row["ratio"], name) for name, row in measured.items() if re.search(pattern, name)), default=None)
            for group, pattern in GROUPS.items()
        },
        "above_limit": sorted(name for name, row in measured.items() if row["ratio"] > limit),
        "failed": sorted(name for name, row in rows.items() if row.get("status")),
    }


def ratio_text(value):
    return "-" if value is None else f"{value:.3f}x"


def table(rows, limit):
    """The report: one line per benchmark, then the totals."""
    width = max([len("benchmark"), *map(len, rows)])
    lines = [f"{'benchmark':<{width}}  {'Rayon ns':>14}  {'lubdub ns':>14}  {'ratio':>8}  {'rounds':>13}"]
    for name, row in sorted(rows.items()):
        if row.get("status"):
            lines.append(f"{name:<{width}}  {row['status'].upper()}: {row['detail']}")
            continue
        spread = row["round_ratios"]
        spread = f"{min(spread):.2f}-{max(spread):.2f}" if len(spread) > 1 else ""
        flags = ("  !! above %.2fx" % limit if row["ratio"] > limit else "") + ("  (sequential)" if is_sequential(name) else "")
        lines.append(
            f"{name:<{width}}  {row['rayon_ns']:>14,.0f}  {row['lubdub_ns']:>14,.0f}  {row['ratio']:>7.3f}x  {spread:>13}{flags}".rstrip()
        )
    total = totals(rows, limit)
    seq = total["sequential"]
    lines += [
        "",
        f"geometric mean of the ratios, {total['measured']} benchmarks: {ratio_text(total['geomean'])}"
        f" (parallel ones only: {ratio_text(total['geomean_parallel'])})",
        f"sequential rows ({seq['count']}, no runtime in them: their spread is the builds' noise): "
        + (f"{seq['min']:.3f}x to {seq['max']:.3f}x, geometric mean {seq['geomean']:.3f}x" if seq["count"] else "none run"),
        "worst ratio of each group: "
        + ", ".join(
            f"{group} {ratio_text(worst[0])} ({worst[1]})" if worst else f"{group} none run"
            for group, worst in total["worst_of_group"].items()
        ),
        f"above {limit:.2f}x: " + (", ".join(total["above_limit"]) or "none"),
        "failed or not measured: " + (", ".join(total["failed"]) or "none"),
    ]
    return "\n".join(lines), total


# ---- copying, building and running ----


def rayon_source(path):
    path = path or os.environ.get("RAYON_SRC")
    if not path:
        raise SystemExit(
            "rayon-demo: no copy of Rayon's repository: pass --rayon PATH or set RAYON_SRC, e.g. after\n"
            "  git clone https://github.com/rayon-rs/rayon /somewhere/rayon"
        )
    if not os.path.exists(os.path.join(path, DEMO, "Cargo.toml")):
        raise SystemExit(f"rayon-demo: {path} holds no {DEMO}/Cargo.toml: not a copy of Rayon's repository")
    return os.path.abspath(path)


def copy_workspace(source, dest):
    """Copy Rayon's workspace to `dest`, without its .git and target.

    File times are kept, so cargo rebuilds nothing unchanged; so is the
    lockfile of an earlier run, unless Rayon's copy brings one.
    """
    lock = None
    if os.path.exists(dest):
        if os.path.exists(os.path.join(dest, "Cargo.lock")):  # the versions an earlier run resolved
            with open(os.path.join(dest, "Cargo.lock")) as f:
                lock = f.read()
        shutil.rmtree(dest)
    shutil.copytree(source, dest, symlinks=True, ignore=shutil.ignore_patterns(".git", "target"))
    if lock and not os.path.exists(os.path.join(dest, "Cargo.lock")):
        write(os.path.join(dest, "Cargo.lock"), lock)


def point_at_lubdub(manifest_path, compat_root):
    """Rewrite rayon-demo's path dependencies on rayon (and rayon-core, if any) to lubdub's compat crates."""
    with open(manifest_path) as f:
        text = f.read()
    replaced = set()
    for name, rel in COMPAT.items():
        pattern = re.compile(rf'^({re.escape(name)}\s*=\s*\{{[^}}\n]*\bpath\s*=\s*)"[^"]*"', re.MULTILINE)
        target = json.dumps(os.path.join(compat_root, rel))
        text, count = pattern.subn(lambda m: m.group(1) + target, text)
        if count:
            replaced.add(name)
    if "rayon" not in replaced:
        raise SystemExit(f"rayon-demo: found no `rayon = {{ path = ... }}` dependency in {manifest_path} to point at lubdub")
    write(manifest_path, text)


def implied_resolver(manifest):
    """The resolver the root package's edition implies, None when the workspace names one (or it is 1)."""
    workspace = manifest.get("workspace", {})
    if "resolver" in workspace or "package" not in manifest:
        return None
    edition = manifest["package"].get("edition", "2015")
    if isinstance(edition, dict):  # edition.workspace = true
        edition = workspace.get("package", {}).get("edition", "2015")
    return {"2021": "2", "2024": "3"}.get(edition)


def workspace_only(manifest_text, member=DEMO):
    """Rayon's root manifest less Rayon itself: only the workspace (settings, shared dependencies, profiles), with `member`.

    Cargo refuses a lockfile with two packages of one name and version
    (Rayon's rayon and the compat crate), so the lubdub copy drops the root
    package and rayon-core from its workspace; rayon-demo keeps what it
    inherits from it.
    """
    sections = re.split(r"(?m)^(?=\[)", manifest_text)
    kept = [s for s in sections if s.startswith(("[workspace", "[profile", "[patch"))]
    if not any(s.startswith("[workspace]") for s in kept):
        raise SystemExit("rayon-demo: Rayon's root Cargo.toml has no [workspace]")
    members = f"members = [{json.dumps(member)}]"
    resolver = implied_resolver(tomllib.loads(manifest_text))
    if resolver:  # the root package's edition chose it; a virtual workspace would fall back to resolver 1
        members += f"\nresolver = {json.dumps(resolver)}"
    kept = [re.sub(r"(?ms)^members\s*=\s*\[.*?\]", members, s) if s.startswith("[workspace]") else s for s in kept]
    return "# Rayon's workspace without Rayon: rayon-demo runs on lubdub (scripts/suite/rayon_demo.py).\n" + "".join(kept)


def check_on_lubdub(manifest, compat_root):
    """Stop unless rayon-demo's `rayon` resolves to lubdub's compat crate."""
    try:
        packages = cargo.metadata(manifest)["packages"]
    except subprocess.CalledProcessError:
        raise SystemExit(f"rayon-demo: cargo cannot resolve the lubdub copy ({manifest}); its error is above")
    for package in packages:
        if package["name"] == DEMO:
            paths = [d.get("path") for d in package["dependencies"] if d["name"] == "rayon"]
            if paths != [os.path.join(compat_root, COMPAT["rayon"])]:
                raise SystemExit(f"rayon-demo: the lubdub copy's rayon dependency is {paths}, not lubdub's compat crate")
            return
    raise SystemExit(f"rayon-demo: no {DEMO} package in {manifest}")


def build(side, workspace, target_dir):
    """Build rayon-demo's bench binary: (executable, seconds). Stops the script when the build fails."""
    log_path = os.path.join(os.path.dirname(workspace), f"build-{side}.log")
    log(f"building {DEMO} on {side} (cargo +nightly bench --no-run; log: {log_path})")
    started = time.monotonic()
    executables, code = cargo.build_benches(os.path.join(workspace, "Cargo.toml"), DEMO, target_dir, log_path)
    seconds = time.monotonic() - started
    if code != 0 or DEMO not in executables:
        with open(log_path, errors="replace") as f:
            tail = "".join(f.readlines()[-30:])
        log(tail)
        raise SystemExit(f"rayon-demo: the build on {side} failed (exit status {code}); see {log_path}")
    log(f"  built in {seconds:.0f} s: {executables[DEMO]}")
    return executables[DEMO], seconds


def list_benches(executable):
    out = subprocess.run([executable, "--list", "--bench"], stdout=subprocess.PIPE, text=True, check=True)
    return parse_bench_list(out.stdout)


def run_bench(executable, name, env, timeout, log_path, cwd):
    """ns per iteration of one benchmark, or (status, detail) when it gives none.

    It runs in `cwd`, rayon-demo's folder, as under `cargo bench`.
    """
    command = [executable, "--bench", "--exact", name, "--test-threads=1"]
    code, output = runner.run_logged(command, timeout, log_path, env, cwd)
    if code is None:
        return (HANG, f"no result after {timeout} s")
    found = parse_bench_output(output).get(name)
    if code == 0 and found:
        return found[0]
    if code == 0:
        return (NO_RESULT, "no `ns/iter` line in its output")
    panic = runner.panic_message(output)
    return (FAIL, panic or f"exit status {code}" + (" (killed by a signal)" if code < 0 else ""))


def run_rounds(binaries, names, args, work):
    """{benchmark: row}: every benchmark in `names`, `args.rounds` rounds of Rayon, lubdub, lubdub, Rayon.

    Each run's output is kept under `work`/logs.
    """
    env = {"RAYON_NUM_THREADS": str(args.threads), "LUBDUB_NUM_THREADS": str(args.threads)}
    log_dir = os.path.join(work, "logs")
    os.makedirs(log_dir, exist_ok=True)
    rounds = {name: [] for name in names}
    broken = {}
    for number in range(1, args.rounds + 1):
        for index, name in enumerate(names, 1):
            if name in broken:
                continue
            samples = {side: [] for side in SIDES}
            for side in ORDER:
                log_path = os.path.join(log_dir, f"{re.sub(r'[^A-Za-z0-9_.-]+', '_', name)}.{side}.log")
                result = run_bench(binaries[side], name, env, args.timeout, log_path, os.path.join(work, side, DEMO))
                if isinstance(result, tuple):
                    broken[name] = {"status": result[0], "detail": f"on {side}: {result[1]} (log: {log_path})"}
                    break
                samples[side].append(result)
            if name in broken:
                log(f"[round {number}/{args.rounds}] {index}/{len(names)} {name}: {broken[name]['status']}, {broken[name]['detail']}")
                continue
            rounds[name].append(samples)
            log(
                f"[round {number}/{args.rounds}] {index}/{len(names)} {name}: Rayon {statistics.fmean(samples['rayon']):,.0f} ns,"
                f" lubdub {statistics.fmean(samples['lubdub']):,.0f} ns, {round_ratio(samples):.3f}x"
            )
    rows = {}
    for name in names:
        if name in broken:
            rows[name] = {**broken[name], "samples": rounds[name]}
        else:
            rows[name] = {**summarize(rounds[name]), "samples": rounds[name]}
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rayon", help="a local copy of Rayon's repository (default: $RAYON_SRC)")
    parser.add_argument("--threads", type=int, default=2, help="RAYON_NUM_THREADS and LUBDUB_NUM_THREADS (default 2)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of Rayon, lubdub, lubdub, Rayon (default 3)")
    parser.add_argument("--filter", action="append", default=[], help="only benchmarks whose name contains this (repeatable)")
    parser.add_argument("--skip", action="append", default=[], help="leave out benchmarks whose name contains this (repeatable)")
    parser.add_argument("--limit", type=float, default=1.3, help="flag ratios above this (default 1.3)")
    parser.add_argument("--timeout", type=int, default=300, help="seconds one benchmark run may take (default 300)")
    parser.add_argument("--build-only", action="store_true", help="build both binaries and stop")
    args = parser.parse_args()

    source = rayon_source(args.rayon)
    work = os.path.join(repo_root(), "target", "rayon-demo")
    target_dir = os.path.join(work, "target")
    binaries, build_seconds = {}, {}
    for side in SIDES:
        workspace = os.path.join(work, side)
        log(f"copying {source} to {workspace}")
        copy_workspace(source, workspace)
        if side == "lubdub":
            point_at_lubdub(os.path.join(workspace, DEMO, "Cargo.toml"), repo_root())
            with open(os.path.join(workspace, "Cargo.toml")) as f:
                write(os.path.join(workspace, "Cargo.toml"), workspace_only(f.read()))
            # the versions the Rayon build resolved, so that only rayon differs
            shutil.copy2(os.path.join(work, "rayon", "Cargo.lock"), os.path.join(workspace, "Cargo.lock"))
            check_on_lubdub(os.path.join(workspace, "Cargo.toml"), repo_root())
        binaries[side], build_seconds[side] = build(side, workspace, target_dir)
    if args.build_only:
        return

    listed = {side: list_benches(binaries[side]) for side in SIDES}
    names = select(sorted(set(listed["rayon"]) | set(listed["lubdub"])), args.filter, args.skip)
    if not names:
        raise SystemExit("rayon-demo: no benchmark matches --filter/--skip")
    log(f"{len(names)} benchmarks, {args.rounds} round(s), {args.threads} threads")
    present = [n for n in names if all(n in listed[side] for side in SIDES)]
    rows = run_rounds(binaries, present, args, work)
    for name in set(names) - set(present):
        only = [side for side in SIDES if name in listed[side]]
        rows[name] = {"status": MISSING, "detail": f"only the {only[0]} build has it"}

    text, total = table(rows, args.limit)
    rounds = f"{args.rounds} round{'s' if args.rounds != 1 else ''}"
    print(f"rayon-demo at {args.threads} threads, {rounds} (Rayon, lubdub, lubdub, Rayon each), "
          f"ratio = lubdub / Rayon, median over rounds; builds took {build_seconds['rayon']:.0f} s (Rayon), "
          f"{build_seconds['lubdub']:.0f} s (lubdub)\n")  # fmt: skip
    print(text)
    results = {
        "rayon_source": source,
        "threads": args.threads,
        "rounds": args.rounds,
        "limit": args.limit,
        "filter": args.filter,
        "skip": args.skip,
        "build_seconds": build_seconds,
        "binaries": binaries,
        "benchmarks": rows,
        "totals": total,
    }
    path = os.path.join(work, "results.json")
    write(path, json.dumps(results, indent=2) + "\n")
    print(f"\nResults: {path}")


if __name__ == "__main__":
    sys.exit(main())
