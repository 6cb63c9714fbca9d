"""Build the generated test targets, dropping the tests that do not compile.

Each round builds every target still pending. When all of a target's errors
lie inside tests (an error inside a macro counts where the macro was
called), those tests count as not compiling and the next round builds the
file without them. An error outside every test (an import, a helper) makes
the whole file not compile; so does any error in the last round.
"""

import os

import cargo
import testfiles
from common import DNC, log, write


def error_test(diagnostic, spans_by_file, crate_dir):
    """The test an error lies in, None when it lies outside every test."""
    for span in diagnostic.get("spans", []):
        if not span.get("is_primary"):
            continue
        for site in cargo.call_sites(span):
            path = os.path.realpath(os.path.join(crate_dir, site["file_name"]))
            for lo, hi, test_id in spans_by_file.get(path, []):
                if lo <= site["line_start"] <= hi:
                    return test_id
    return None


def _triage(test_file, errors, locate, removed, last_round, results, file_errors):
    """Record why a target did not build; True when it is worth building again.

    `locate(error)` names the test an error lies in, or None.
    """
    remaining = set(test_file.tests) - removed
    located = [e for e in errors if e.get("spans")]
    blamed = [(locate(e), e) for e in located]
    if blamed and all(test_id for test_id, _ in blamed) and not last_round:
        for test_id, error in blamed:
            results.setdefault(test_id, (DNC, cargo.headline(error)))
            removed.add(test_id)
        return bool(remaining - removed)
    outside = [e for test_id, e in blamed if not test_id] or located or errors
    file_errors[test_file.label] = (len(remaining), [e.get("rendered") or cargo.headline(e) for e in outside])
    first = cargo.headline(outside[0]) if outside else "does not compile"
    results.update({test_id: (DNC, first) for test_id in remaining})
    return False


def compile_rounds(files, crate_dir, manifest_text, layout, rounds, results, file_errors):
    """Build the targets of `files` in `crate_dir`: ({target: (TestFile, executable)}, errors).

    `manifest_text([(target, root file)])` writes the crate's manifest. Tests
    already in `results` (left out) are not built; those that do not compile
    are added to it, and `file_errors[file label] = (test count, rendered
    errors)` for files that do not compile as a whole. When a crate the
    harness depends on does not compile (the crate under test itself), no
    test compiles: the second value holds that crate's errors.
    """
    manifest = os.path.join(crate_dir, "Cargo.toml")
    build_log = os.path.join(crate_dir, "build.log")
    removed = set(results)
    pending = {f.target: f for f in files if set(f.tests) - removed}
    built = {}
    for round_number in range(1, rounds + 1):
        spans_by_file, roots = {}, []
        for test_file in pending.values():
            root, spans = testfiles.generate(test_file, os.path.join(crate_dir, "gen"), removed, layout)
            roots.append((test_file.target, root))
            spans_by_file.update({os.path.realpath(path): s for path, s in spans.items()})
        write(manifest, manifest_text(roots))
        write(os.path.join(crate_dir, "lib.rs"), "")
        log(f"build round {round_number}: {len(pending)} test targets")
        build = cargo.build_tests(manifest, os.path.join(crate_dir, "target"), build_log)
        if build.dependency_errors:
            first = "a dependency does not compile: " + build.dependency_errors[0].strip().split("\n")[0]
            for test_file in pending.values():
                results.update({test_id: (DNC, first) for test_id in set(test_file.tests) - removed})
            return built, build.dependency_errors
        if not (build.executables or build.errors):
            raise SystemExit(f"cargo failed before compiling anything: see {build_log}")
        built.update({t: (f, build.executables[t]) for t, f in pending.items() if t in build.executables})
        locate = lambda error: error_test(error, spans_by_file, crate_dir)  # noqa: E731
        last_round = round_number == rounds
        pending = {
            target: test_file
            for target, test_file in pending.items()
            if target not in build.executables
            and _triage(test_file, build.errors.get(target, []), locate, removed, last_round, results, file_errors)
        }
        if not pending:
            break
    return built, []
