"""Tests of the suites' source handling: `python3 -m unittest discover scripts/suite`."""

import unittest

import crates_suite
import rust_items
import testfiles
from common import FAIL, IGNORED, PASS

SOURCE = r"""//! A module doc.
use std::sync::atomic::{AtomicUsize, Ordering};

static COUNTS: [AtomicUsize; 2] = { [AtomicUsize::new(0), AtomicUsize::new(0)] };

fn helper<'a, T>(x: &'a T) -> &'a T
where
    T: Sync,
{
    let _brace = '{';
    let _text = "}}} // not a comment";
    let _raw = r#"a "quoted" } brace"#;
    /* a /* nested */ } comment */
    x
}

macro_rules! stamp {
    ($name:ident) => {
        #[test]
        fn $name() {}
    };
}

stamp!(stamped);

#[test]
#[should_panic(expected = "}")]
fn first() {
    panic!("}}");
}

#[cfg(test)]
mod inner {
    #[test]
    fn second() {}
}
"""


def load(kind):
    test_file = testfiles.TestFile("demo", "src/demo.rs", SOURCE, kind, ["demo"], rust_items.mask(SOURCE))
    test_file.items = rust_items.split_items(SOURCE, test_file.masked)
    return test_file


class MaskTest(unittest.TestCase):
    def test_keeps_length_and_lines(self):
        masked = rust_items.mask(SOURCE)
        self.assertEqual(len(masked), len(SOURCE))
        self.assertEqual(masked.count("\n"), SOURCE.count("\n"))

    def test_blanks_literals_and_comments_but_not_lifetimes(self):
        masked = rust_items.mask(SOURCE)
        self.assertNotIn("not a comment", masked)
        self.assertNotIn("quoted", masked)
        self.assertNotIn("nested", masked)
        self.assertIn("&'a T", masked)


class SplitTest(unittest.TestCase):
    def test_items_and_their_kinds(self):
        items = load("dedicated").items
        kinds = [(item.kind, item.name) for item in items]
        self.assertEqual(
            kinds,
            [
                ("semicolon", None),
                ("semicolon", None),
                ("fn", "helper"),
                ("macro_rules", "stamp"),
                ("macro_call", "stamp"),
                ("fn", "first"),
                ("mod", "inner"),
            ],
        )
        self.assertEqual([child.name for child in items[-1].children], ["second"])

    def test_names_every_test_with_its_module(self):
        names = []

        def visit(item, name, prefix, enter):
            if name:
                names.append("::".join(prefix + [name]))
            elif item.children:
                enter()

        testfiles.walk(load("dedicated"), visit)
        self.assertEqual(names, ["stamped", "first", "inner::second"])


class RenderTest(unittest.TestCase):
    def test_a_removed_test_is_gone_and_spans_point_at_the_rest(self):
        test_file = load("dedicated")
        text, spans = testfiles.render(test_file, removed={"demo/src/demo.rs::first"})
        self.assertNotIn("fn first", text)
        lines = text.split("\n")
        by_id = {test_id: (lo, hi) for lo, hi, test_id in spans}
        lo, hi = by_id["demo/src/demo.rs::inner::second"]
        self.assertIn("fn second", "\n".join(lines[lo - 1 : hi]))
        self.assertNotIn("mod inner", lines[lo - 1])
        lo, hi = by_id["demo/src/demo.rs::stamped"]
        self.assertEqual(lines[lo - 1], "stamp!(stamped);")

    def test_a_source_file_gives_only_its_test_items(self):
        text, spans = testfiles.render(load("inline"), removed=set())
        self.assertNotIn("fn helper", text)
        self.assertNotIn("//! A module doc", text)
        self.assertIn("fn first", text)
        self.assertIn("mod inner", text)
        self.assertEqual(len(spans), 3)


MANIFEST = """[package]
name = "demo"

[[test]]
name = "rayon"
path = "tests/rayon.rs"

[[bench]]
name = "bench"
path = "benches/bench.rs"

[dependencies.rayon]
version = "1.2"
optional = true

[dev-dependencies.criterion]
version = "0.7"
features = ["html_reports"]

[dev-dependencies.rand]
version = "0.9.0"

[target."cfg(unix)".dev-dependencies.criterion]
version = "0.7"
"""


class CratesSuiteTest(unittest.TestCase):
    def test_benchmarks_and_their_dev_dependencies_are_dropped(self):
        text = crates_suite.strip_tables(MANIFEST, ("criterion",))
        self.assertNotIn("criterion", text)
        self.assertNotIn("[[bench]]", text)
        self.assertNotIn("benches/bench.rs", text)
        for kept in ("[[test]]", 'path = "tests/rayon.rs"', "[dependencies.rayon]", "optional = true", "[dev-dependencies.rand]"):
            self.assertIn(kept, text)

    def test_a_dev_dependency_is_dropped_only_by_its_exact_name(self):
        text = crates_suite.strip_tables(MANIFEST, ("crit",))
        self.assertIn("[dev-dependencies.criterion]", text)

    def test_the_patch_only_on_lubdub_and_a_workspace_on_both(self):
        crate = crates_suite.Crate("0.1", ("rayon",))
        lubdub = crates_suite.manifest_text(MANIFEST, crate, against_rayon=False)
        rayon = crates_suite.manifest_text(MANIFEST, crate, against_rayon=True)
        self.assertIn("[patch.crates-io]", lubdub)
        self.assertRegex(lubdub, r'rayon = \{ path = ".*/compat/rayon" \}')
        self.assertRegex(lubdub, r'rayon-core = \{ path = ".*/compat/rayon-core" \}')
        self.assertNotIn("[patch", rayon)
        self.assertTrue(lubdub.endswith("[workspace]\n") and rayon.endswith("[workspace]\n"))

    def test_doc_test_lines_of_libtest(self):
        output = "\n".join(
            [
                "running 3 tests",
                "test src/map.rs - map::HashMap::iter (line 120) ... ok",
                "test src/lib.rs - (line 15) - compile ... FAILED",
                "test src/set.rs - set::HashSet (line 9) ... ignored, needs a file",
                "test result: FAILED. 1 passed; 1 failed; 1 ignored",
            ]
        )
        found = crates_suite.parse_doctests(output, "demo/doc")
        self.assertEqual(
            {test_id: status for test_id, (status, _) in found.items()},
            {
                "demo/doc::src/map.rs - map::HashMap::iter (line 120)": PASS,
                "demo/doc::src/lib.rs - (line 15) - compile": FAIL,
                "demo/doc::src/set.rs - set::HashSet (line 9)": IGNORED,
            },
        )


if __name__ == "__main__":
    unittest.main()
