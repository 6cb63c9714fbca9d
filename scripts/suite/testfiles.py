"""A published crate's file of tests, as one test target of a generated crate.

Integration tests (`tests/*.rs`) become the root of their target. A unit-test
file (`src/**/test.rs`, or the `#[cfg(test)]` items of any other source file)
reaches its crate's items through `crate::` and `super::`, so its target
rebuilds the crate's module path around it, each module re-exporting what
the crate under test has there (a `Layout` says what). The copies live under
`target/`, never in the repository; a copy can leave tests out.
"""

import json
import os
from dataclasses import dataclass, field

import rust_items
from common import write


@dataclass
class TestFile:
    """One source file holding tests, and the target that runs them."""

    package: str
    rel: str
    text: str
    kind: str  # integration, dedicated (a whole test module) or inline
    module: list  # module path of the file inside its crate; empty for integration tests
    masked: str = ""
    items: list = field(default_factory=list)
    tests: dict = field(default_factory=dict)  # test id -> name of the test inside the binary
    target: str = ""

    @property
    def label(self):
        return f"{self.package}/{self.rel}"


class Layout:
    """What the modules around a unit-test file bring into scope."""

    def root(self, package):
        """Lines at the top of the crate root."""
        raise NotImplementedError

    def prelude(self, package, module):
        """Lines at the top of module `module` (a list of names)."""
        raise NotImplementedError


def module_path(rel):
    parts = rel[len("src/") : -len(".rs")].split("/")
    if parts[-1] in ("mod", "lib"):
        parts.pop()
    return parts


def _selected(test_file, item, macros):
    """Whether the target takes `item`: all of a test file, only the test items of a source file."""
    if test_file.kind != "inline" or rust_items.test_name(test_file.text, item, macros):
        return True
    declaration_only = item.kind == "mod" and not item.body
    return item.has_attr("#[cfg(test)]") and item.kind != "inner_attr" and not declaration_only


def walk(test_file, visit, items=None, prefix=(), macros=frozenset()):
    """Call `visit(item, test name or None, module prefix, enter)` on each item the target takes.

    Calling `enter()` walks the items of an inline module the same way.
    """
    top = items is None
    items = test_file.items if top else items
    macros = macros | rust_items.test_macros(test_file.masked, items)
    for item in items:
        if top and not _selected(test_file, item, macros):
            continue
        name = rust_items.test_name(test_file.text, item, macros)
        # `visit` calls `enter` before the loop moves on, so `item` is still this one.
        enter = lambda: walk(test_file, visit, item.children, (*prefix, item.name), macros)  # noqa: E731, B023
        visit(item, name, list(prefix), enter)


def load(package, root, rel, kind):
    """The TestFile of `root/rel`, with its tests named."""
    with open(os.path.join(root, rel)) as f:
        text = f.read()
    module = [] if kind == "integration" else module_path(rel)
    test_file = TestFile(package, rel, text, kind, module, rust_items.mask(text))
    test_file.items = rust_items.split_items(text, test_file.masked)
    test_file.target = f"{package}--{rel[:-3]}".replace("/", "-").replace("_", "-")

    def visit(item, name, prefix, enter):
        if name:
            qualified = "::".join(prefix + [name])
            test_file.tests[f"{test_file.label}::{qualified}"] = "::".join(module + [qualified])
        elif item.children:
            enter()

    walk(test_file, visit)
    return test_file


def discover(package, root, folders=("src", "tests")):
    """Every file of `package` (sources at `root`) under `folders` that holds a test."""
    found = []
    for folder in folders:
        for directory, _, names in sorted(os.walk(os.path.join(root, folder))):
            for name in sorted(names):
                rel = os.path.relpath(os.path.join(directory, name), root)
                in_tests = folder == "tests"
                if not name.endswith(".rs") or "compile_fail" in rel:
                    continue
                if in_tests and directory != os.path.join(root, "tests"):
                    continue  # helpers of integration tests, not targets
                with open(os.path.join(directory, name)) as f:
                    if "#[test]" not in f.read():
                        continue
                kind = "integration" if in_tests else ("dedicated" if name in ("test.rs", "tests.rs") else "inline")
                found.append(load(package, root, rel, kind))
    return found


def render(test_file, removed):
    """The file's text without the `removed` tests, and [(first line, last line, test id)]."""
    pieces, spans, line = [], [], [1]

    def emit(text):
        pieces.append(text)
        line[0] += text.count("\n")

    inline = test_file.kind == "inline"

    def visit(item, name, prefix, enter):
        top = not prefix
        start = item.head if inline and top else item.start  # a source file's items lose their comments
        if name:
            test_id = f"{test_file.label}::{'::'.join(prefix + [name])}"
            if test_id in removed:
                return
            first = line[0] + test_file.text.count("\n", start, item.head)
            emit(test_file.text[start : item.end])
            spans.append((first, line[0], test_id))
        elif item.children:
            emit(test_file.text[start : item.body[0]])
            enter()
            emit(test_file.text[item.body[1] : item.end])
        else:
            emit(test_file.text[start : item.end])
        if inline and top:
            emit("\n")

    walk(test_file, visit)
    return "".join(pieces) + "\n", spans


def generate(test_file, gen_dir, removed, layout):
    """Write the target's files; return (root file, {generated file: test spans})."""
    body, spans = render(test_file, removed)
    folder = os.path.join(gen_dir, test_file.target)
    # The copy keeps the file's name: some tests read themselves with `include_str!`.
    copy = os.path.join(folder, os.path.basename(test_file.rel))
    if test_file.kind == "integration":
        write(copy, body)
        return copy, {copy: spans}
    header = [] if test_file.kind == "dedicated" else layout.prelude(test_file.package, test_file.module)
    write(copy, "".join(line + "\n" for line in header) + body)
    shifted = [(lo + len(header), hi + len(header), test_id) for lo, hi, test_id in spans]
    lines = [f"//! Generated: {test_file.label}, in its crate's module layout.", *layout.root(test_file.package)]
    *outer, last = test_file.module
    for depth, name in enumerate(outer):
        lines.append(f"mod {name} {{")
        lines.extend(layout.prelude(test_file.package, test_file.module[: depth + 1]))
    lines += [f"#[path = {json.dumps(copy)}]", f"mod {last};"]
    lines.extend("}" for _ in outer)
    root = os.path.join(folder, "main.rs")
    write(root, "\n".join(lines) + "\n")
    return root, {copy: shifted}
