"""Tests of the suites' source handling: `python3 -m unittest discover scripts/suite`."""

import unittest

import rust_items
import testfiles

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


if __name__ == "__main__":
    unittest.main()
