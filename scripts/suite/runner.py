"""Run tests one process each, under a time limit: a hang is a result, not a stuck script."""

import os
import re
import signal
import subprocess
import time
from concurrent.futures import ThreadPoolExecutor

import cargo
import report
from common import FAIL, HANG, IGNORED, PASS, log


def list_tests(executable):
    """(every test name, the set of ignored ones) of a libtest binary."""

    def names(*flags):
        out = subprocess.run([executable, "--list", *flags], stdout=subprocess.PIPE, text=True, check=True)
        return [line[: -len(": test")] for line in out.stdout.splitlines() if line.endswith(": test")]

    return names(), set(names("--ignored"))


def run_logged(command, timeout, log_path, env=None, cwd=None):
    """(exit status, output) of `command` (run in `cwd`), its output kept in `log_path`.

    After `timeout` seconds its process group is killed and the status is None.
    """
    with open(log_path, "w") as out:
        child = subprocess.Popen(
            command,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
            env={**os.environ, "RUST_BACKTRACE": "0", **(env or {})},
            cwd=cwd,
        )
        try:
            code = child.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(child.pid, signal.SIGKILL)
            child.wait()
            code = None
    with open(log_path, errors="replace") as f:
        return code, f.read()


def panic_message(output):
    """The message of the first panic in a test's output, or None."""
    panic = re.search(r"panicked at [^\n]*\n([^\n]*)", output)
    return panic.group(1).strip()[:200] if panic else None


def run_one(executable, name, timeout, log_path):
    """(status, detail) of one test run alone; after `timeout` seconds its process group is killed."""
    started = time.monotonic()
    code, output = run_logged([executable, "--exact", name, "--test-threads=1"], timeout, log_path)
    if code is None:
        return HANG, f"no result after {timeout} s"
    if code == 0 and re.search(r"test result: ok\. 1 passed", output):
        return PASS, f"{time.monotonic() - started:.1f} s"
    if code == 0:
        return FAIL, "the test did not run (name not found)"
    panic = panic_message(output)
    if panic:
        return FAIL, panic
    return FAIL, f"exit status {code}" + (" (killed by a signal)" if code < 0 else "")


def run_all(tasks, jobs, timeout, log_dir):
    """Run `tasks` [(test id, executable, name)], `jobs` at a time: {test id: (status, detail)}.

    The output of each test that does not pass stays in `log_dir`.
    """
    os.makedirs(log_dir, exist_ok=True)

    def work(task):
        test_id, executable, name = task
        log_path = os.path.join(log_dir, re.sub(r"[^A-Za-z0-9_.-]+", "_", test_id) + ".log")
        status, detail = run_one(executable, name, timeout, log_path)
        if status == PASS:
            os.remove(log_path)
        return test_id, status, detail

    done = {}
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        for count, (test_id, status, detail) in enumerate(pool.map(work, tasks), 1):
            done[test_id] = (status, detail)
            if status != PASS:
                log(f"  {status}: {test_id} ({detail})")
            if count % 50 == 0:
                log(f"  {count}/{len(tasks)} tests run")
    return done


def run_built(built, jobs, timeout, log_dir, results):
    """Run every test of the built targets {target: (TestFile, executable)} into `results`."""
    tasks = []
    for _, (test_file, executable) in sorted(built.items()):
        by_name = {name: test_id for test_id, name in test_file.tests.items()}
        try:
            names, ignored = list_tests(executable)
        except subprocess.CalledProcessError as error:
            results.update({test_id: (FAIL, f"--list failed: exit status {error.returncode}") for test_id in by_name.values()})
            continue
        for name in names:
            test_id = by_name.get(name, f"{test_file.label}::{name}")
            if name in ignored:
                results[test_id] = (IGNORED, "#[ignore] upstream")
            else:
                tasks.append((test_id, executable, name))
    log(f"running {len(tasks)} tests, {jobs} at a time, {timeout} s each at most")
    results.update(run_all(tasks, jobs, timeout, log_dir))


def run_and_report(title, mode_dir, built, args, results, file_errors, dependency_errors):
    """Runs the built harness's tests and returns the report's exit status.

    On lubdub (not `args.against_rayon`) it first checks that the compat patch
    took, since a patch cargo did not use would test the real crates, and
    counts against the Rayon run's results beside `mode_dir`, if there are any.
    """
    if not args.against_rayon:
        cargo.check_patched(os.path.join(mode_dir, "Cargo.toml"), set(cargo.PATCHED))
    run_built(built, args.jobs, args.timeout, os.path.join(mode_dir, "logs"), results)
    rayon_results = os.path.join(os.path.dirname(mode_dir), "rayon", "results.tsv")
    baseline = None if args.against_rayon else rayon_results
    return report.report(title, mode_dir, results, file_errors, dependency_errors, baseline, args.min_pass)


def add_run_arguments(parser, timeout):
    """The options every suite takes: baseline mode, pass floor, per-test timeout, parallelism."""
    parser.add_argument("--against-rayon", action="store_true", help="test the real rayon crates (the baseline)")
    parser.add_argument("--min-pass", type=int, help="exit with 1 when fewer tests pass (all of the run's tests)")
    parser.add_argument("--timeout", type=int, default=timeout, help=f"seconds one test may run (default {timeout})")
    parser.add_argument("--jobs", type=int, default=2, help="tests run at once (default 2)")
