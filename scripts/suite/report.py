"""The suites' report: counts, every test that did not pass, and result files.

`results.tsv` holds one line per test (test, status, detail) and
`summary.json` the counts; a run on the real crates leaves its results.tsv
as the baseline that later runs compare with.
"""

import json
import os
from collections import Counter

from common import DNC, FAIL, HANG, IGNORED, PASS, SKIP, STATUSES, write


def write_results(out_dir, results, extra):
    """Write results.tsv and summary.json under `out_dir`; return the summary."""
    lines = ["test\tstatus\tdetail"]
    for test_id in sorted(results):
        status, detail = results[test_id]
        lines.append(f"{test_id}\t{status}\t{' '.join(detail.split())}")
    write(os.path.join(out_dir, "results.tsv"), "\n".join(lines) + "\n")
    counts = Counter(status for status, _ in results.values())
    summary = {"total": len(results), **{status: counts[status] for status in STATUSES}, **extra}
    write(os.path.join(out_dir, "summary.json"), json.dumps(summary, indent=2) + "\n")
    return summary


def read_results(path):
    """{test: status} of an earlier results.tsv, or None when there is none."""
    if not os.path.exists(path):
        return None
    with open(path) as f:
        rows = [line.rstrip("\n").split("\t") for line in f][1:]
    return {row[0]: row[1] for row in rows}


def report(title, out_dir, results, file_errors, dependency_errors, baseline_path, min_pass):
    """Print the counts and every test that did not pass; write the result files.

    With a baseline (the results.tsv of a run on the real crates), also count
    how many of the tests that pass there pass here. Returns the exit status:
    1 when fewer than `min_pass` tests pass.
    """
    baseline = read_results(baseline_path) if baseline_path else None
    extra, lost = {}, []
    if baseline is not None:
        upstream = {t for t, status in baseline.items() if status == PASS and t in results}
        lost = sorted(t for t in upstream if results[t][0] != PASS)
        extra = {"pass_upstream": len(upstream), "pass_of_those": len(upstream) - len(lost)}
    summary = write_results(out_dir, results, extra)
    counts = f"{title}: {summary['total']} tests; " + ", ".join(f"{s} {summary[s]}" for s in STATUSES)
    print(counts)
    if dependency_errors:
        distinct = Counter(rendered.strip().split("\n")[0] for rendered in dependency_errors)
        print(f"\nA crate the tests depend on does not compile ({len(dependency_errors)} errors, by kind):")
        for first_line, count in distinct.most_common():
            print(f"  {count:4}  {first_line}")
        print("  the first in full:\n" + "\n".join("    " + line for line in dependency_errors[0].rstrip().split("\n")))
    if file_errors:
        print(f"\nFiles that do not compile as a whole ({len(file_errors)}), first errors:")
        for label, (count, errors) in sorted(file_errors.items()):
            print(f"  {label} ({count} tests):")
            for first_line in list(dict.fromkeys(rendered.strip().split("\n")[0] for rendered in errors))[:4]:
                print("    " + first_line)
    blocked = Counter(detail for status, detail in results.values() if status == DNC)
    if blocked:
        print("\nCompiler errors that keep tests from compiling (tests blocked; the first error of each test):")
        for detail, count in blocked.most_common():
            print(f"  {count:4}  {detail}")
    for status in (FAIL, HANG, DNC, SKIP, IGNORED):
        rows = sorted(f"{t}  ({detail})" for t, (s, detail) in results.items() if s == status)
        if rows:
            print(f"\n{status} ({len(rows)}):")
            print("\n".join(f"  {row}" for row in rows))
    print(f"\nResults: {os.path.join(out_dir, 'results.tsv')}, summary.json beside it")
    print(counts)
    if extra:
        print(f"  {extra['pass_of_those']} of the {extra['pass_upstream']} tests that pass upstream pass here ({baseline_path})")
        for test_id in lost:
            print(f"    passes upstream, not here: {test_id} ({results[test_id][0]})")
    elif baseline_path:
        print(f"  (no baseline at {baseline_path} yet: a run with --against-rayon writes it)")
    if min_pass is not None and summary[PASS] < min_pass:
        print(f"FAILED: {summary[PASS]} tests pass, fewer than --min-pass {min_pass}")
        return 1
    return 0
