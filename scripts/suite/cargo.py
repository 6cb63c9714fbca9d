"""Cargo, driven in JSON: where crates are cached, and building test targets.

A suite builds every test target of its generated crate with
`cargo build --tests --keep-going`, so that a target that does not compile
stops only itself, and reads each target's executable or compiler errors
from cargo's JSON messages.
"""

import json
import os
import subprocess
from dataclasses import dataclass

from common import repo_root, write

PATCHED = ("rayon", "rayon-core")  # the crates the compat crates stand in for


def patch_lines():
    """A manifest's `[patch.crates-io]` table that puts rayon and rayon-core on the compat crates."""
    compat = os.path.join(repo_root(), "compat")
    return ["[patch.crates-io]", *(f"{name} = {{ path = {json.dumps(os.path.join(compat, name))} }}" for name in PATCHED)]


def harness_head(name):
    """The start of a generated harness's manifest, as lines: a package
    `name` that is never published, whose tests are only the `[[test]]`s
    `harness_tail` lists, and an empty library `lib.rs`."""
    return [
        "[package]",
        f"name = {json.dumps(name)}",
        'version = "0.0.0"',
        'edition = "2021"',
        "publish = false",
        "autotests = false",
        "",
        "[lib]",
        'path = "lib.rs"',
        "",
    ]


def harness_tail(targets, against_rayon):
    """The end of a generated harness's manifest, as lines: a `[[test]]` per
    (name, root file) in `targets`, the compat patch unless `against_rayon`,
    and an empty `[workspace]` that keeps the harness out of any other."""
    lines = []
    for name, root in targets:
        lines += ["[[test]]", f"name = {json.dumps(name)}", f"path = {json.dumps(root)}", ""]
    if not against_rayon:
        lines += [*patch_lines(), ""]
    return lines + ["[workspace]", ""]


def package_dirs(work, dependencies):
    """{name: (source folder, version)} in cargo's registry cache of `dependencies` ({name: requirement}).

    A throwaway manifest under `work` asks cargo for them, which downloads
    what is missing.
    """
    manifest = os.path.join(work, "fetch", "Cargo.toml")
    deps = "\n".join(f"{name} = {json.dumps(requirement)}" for name, requirement in dependencies.items())
    write(
        manifest,
        '[package]\nname = "fetch"\nversion = "0.0.0"\nedition = "2021"\n\n'
        f'[lib]\npath = "lib.rs"\n\n[dependencies]\n{deps}\n\n[workspace]\n',
    )
    write(os.path.join(work, "fetch", "lib.rs"), "")
    found = {
        package["name"]: (os.path.dirname(package["manifest_path"]), package["version"])
        for package in metadata(manifest)["packages"]
        if package["name"] in dependencies and package["source"]
    }
    missing = set(dependencies) - set(found)
    if missing:
        raise SystemExit(f"cargo did not resolve {sorted(missing)}")
    return found


def metadata(manifest):
    out = subprocess.run(
        ["cargo", "metadata", "--format-version", "1", "--manifest-path", manifest],
        check=True,
        stdout=subprocess.PIPE,
    )
    return json.loads(out.stdout)


def check_patched(manifest, names):
    """Stop unless every package in `names` resolves to a local path: the `[patch]` took."""
    for package in metadata(manifest)["packages"]:
        if package["name"] in names and package["source"] is not None:
            raise SystemExit(f"[patch] not applied: {package['name']} comes from {package['source']}")


@dataclass
class Build:
    executables: dict  # test target -> executable
    errors: dict  # test target -> compiler diagnostics (JSON objects)
    dependency_errors: list  # rendered errors of the crates the harness depends on


def build_tests(manifest, target_dir, log_path, extra_args=()):
    """Build every test target of the crate at `manifest`, going on past those that fail.

    `extra_args` go to cargo as they are (`--features ...`).
    """
    command = [
        "cargo", "build", "--tests", "--keep-going", "--message-format=json",
        "--manifest-path", manifest, "--target-dir", target_dir, *extra_args,
    ]  # fmt: skip
    with open(log_path, "w") as stderr:
        out = subprocess.run(command, stdout=subprocess.PIPE, stderr=stderr, text=True)
    build = Build({}, {}, [])
    for line in out.stdout.splitlines():
        if not line.startswith("{"):
            continue
        message = json.loads(line)
        target = message.get("target", {})
        own = message.get("manifest_path") == manifest
        if message.get("reason") == "compiler-artifact" and message.get("executable") and own:
            build.executables[target["name"]] = message["executable"]
        elif message.get("reason") == "compiler-message" and message["message"]["level"] == "error":
            if own:  # a test target, or the crate's own library (its unit tests)
                build.errors.setdefault(target["name"], []).append(message["message"])
            elif not own:
                build.dependency_errors.append(message["message"]["rendered"])
    return build


def build_benches(manifest, package, target_dir, log_path, toolchain="+nightly"):
    """({bench target: executable}, exit status) of `cargo bench --no-run` for `package`.

    `manifest` is the workspace's; the build's stderr goes to `log_path`.
    """
    command = [
        "cargo", toolchain, "bench", "--no-run", "--message-format=json", "-p", package,
        "--manifest-path", manifest, "--target-dir", target_dir,
    ]  # fmt: skip
    with open(log_path, "w") as stderr:
        out = subprocess.run(command, stdout=subprocess.PIPE, stderr=stderr, text=True)
    executables = {}
    for line in out.stdout.splitlines():
        message = json.loads(line) if line.startswith("{") else {}
        if message.get("reason") == "compiler-artifact" and message.get("executable") and message["profile"]["test"]:
            executables[message["target"]["name"]] = message["executable"]
    return executables, out.returncode


def call_sites(span):
    """The span, then each place that expanded the macro it lies in, outermost last."""
    while span:
        yield span
        span = (span.get("expansion") or {}).get("span")


def headline(diagnostic):
    """The first line of a compiler error, as rustc prints it."""
    code = (diagnostic.get("code") or {}).get("code")
    return f"error[{code}]: {diagnostic['message']}" if code else f"error: {diagnostic['message']}"
