"""Tests of the suites' source handling: `python3 -m unittest discover scripts/suite`."""

import unittest

import os
import tempfile

import crates_suite
import rayon_demo
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


BENCH_OUTPUT = """
running 2 tests
test tree::tree_postfix_sum  ... bench:      12,345.67 ns/iter (+/- 1,234.50)
test sort::par_sort_ascending ... bench:     456,789 ns/iter (+/- 12,000) = 7005 MB/s
test tree::tree_prefix_sum ... FAILED

test result: ok. 0 passed; 0 failed; 0 ignored; 0 measured; 60 filtered out; finished in 3.21s
"""


class RayonDemoParseTest(unittest.TestCase):
    def test_bench_lines_with_commas_decimals_and_throughput(self):
        self.assertEqual(
            rayon_demo.parse_bench_output(BENCH_OUTPUT),
            {"tree::tree_postfix_sum": (12345.67, 1234.5), "sort::par_sort_ascending": (456789.0, 12000.0)},
        )

    def test_bench_list(self):
        listing = "find::serial_find_common: benchmark\nmain::some_test: test\ntree::tree_postfix_sum: bench\n\n1 test, 2 benchmarks\n"
        self.assertEqual(rayon_demo.parse_bench_list(listing), ["find::serial_find_common", "tree::tree_postfix_sum"])

    def test_sequential_names(self):
        self.assertTrue(rayon_demo.is_sequential("sort::merge_sort_seq_bench"))
        self.assertTrue(rayon_demo.is_sequential("find::size3::serial_find_common"))
        self.assertTrue(rayon_demo.is_sequential("sieve::bench::sieve_serial"))
        self.assertTrue(rayon_demo.is_sequential("factorial::factorial_iterator"))
        self.assertFalse(rayon_demo.is_sequential("join_microbench::increment_all_serialized"))
        self.assertFalse(rayon_demo.is_sequential("sequencer::par_run"))

    def test_filter_and_skip(self):
        names = ["find::a", "tree::b", "sort::par_sort_x", "sort::par_sort_y"]
        self.assertEqual(rayon_demo.select(names, [], ["find"]), names[1:])
        self.assertEqual(rayon_demo.select(names, ["tree", "sort_x"], []), ["tree::b", "sort::par_sort_x"])
        self.assertEqual(rayon_demo.select(names, ["sort"], ["_y"]), ["sort::par_sort_x"])


class RayonDemoStatsTest(unittest.TestCase):
    def test_round_ratio_is_the_ratio_of_means(self):
        self.assertAlmostEqual(rayon_demo.round_ratio({"rayon": [100, 300], "lubdub": [250, 250]}), 1.25)

    def test_medians_and_the_median_round_ratio(self):
        rounds = [
            {"rayon": [100, 100], "lubdub": [110, 110]},
            {"rayon": [100, 100], "lubdub": [300, 300]},
            {"rayon": [200, 200], "lubdub": [200, 200]},
        ]
        row = rayon_demo.summarize(rounds)
        self.assertEqual(row["rayon_ns"], 100)
        self.assertEqual(row["lubdub_ns"], 200)
        self.assertAlmostEqual(row["ratio"], 1.1)
        self.assertEqual(len(row["round_ratios"]), 3)

    def test_geomean(self):
        self.assertAlmostEqual(rayon_demo.geomean([0.5, 2.0, 1.0]), 1.0)
        self.assertAlmostEqual(rayon_demo.geomean([1.0, 4.0]), 2.0)
        self.assertIsNone(rayon_demo.geomean([]))

    def test_totals_flag_rows_above_the_limit_and_spread_of_sequential_rows(self):
        row = lambda ratio: {"rayon_ns": 100.0, "lubdub_ns": 100 * ratio, "ratio": ratio, "round_ratios": [ratio]}  # noqa: E731
        rows = {
            "tree::tree_prefix_sum": row(1.5),
            "sort::par_sort_ascending": row(1.0),
            "sort::merge_sort_seq_bench": row(0.9),
            "str_split::serial_space_char": row(1.1),
            "find::parallel_find_first_end": {"status": "fail", "detail": "on lubdub: boom"},
        }
        total = rayon_demo.totals(rows, 1.3)
        self.assertEqual(total["measured"], 4)
        self.assertEqual(total["above_limit"], ["tree::tree_prefix_sum"])
        self.assertEqual(total["failed"], ["find::parallel_find_first_end"])
        self.assertEqual((total["sequential"]["count"], total["sequential"]["min"], total["sequential"]["max"]), (2, 0.9, 1.1))
        self.assertAlmostEqual(total["geomean_parallel"], 1.5**0.5)
        self.assertEqual(total["worst_of_group"]["tree walks"], (1.5, "tree::tree_prefix_sum"))
        self.assertEqual(total["worst_of_group"]["presorted sorts"], (1.0, "sort::par_sort_ascending"))
        self.assertIsNone(total["worst_of_group"]["factorials"])
        text, _ = rayon_demo.table(rows, 1.3)
        lines = {line.split()[0]: line for line in text.split("\n") if line}
        self.assertIn("!! above 1.30x", lines["tree::tree_prefix_sum"])
        self.assertNotIn("!!", lines["sort::par_sort_ascending"])
        self.assertIn("(sequential)", lines["sort::merge_sort_seq_bench"])
        self.assertIn("0.900x to 1.100x", text)
        self.assertIn("tree walks 1.500x (tree::tree_prefix_sum), factorials none run", text)
        self.assertIn("FAIL: on lubdub: boom", text)


class RayonDemoManifestTest(unittest.TestCase):
    def test_rayon_path_dependency_points_at_the_compat_crate(self):
        manifest = '[package]\nname = "rayon-demo"\n\n[dependencies]\nrayon = { path = "../" }\ncgmath = "0.18"\n'
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "Cargo.toml")
            with open(path, "w") as f:
                f.write(manifest)
            rayon_demo.point_at_lubdub(path, "/repo")
            with open(path) as f:
                text = f.read()
        self.assertIn('rayon = { path = "/repo/compat/rayon" }', text)
        self.assertIn('cgmath = "0.18"', text)

    def test_the_root_manifest_keeps_only_the_workspace(self):
        root = (
            '[package]\nname = "rayon"\nversion = "1.12.0"\nedition.workspace = true\n\n[dependencies]\nrayon-core = { path = "rayon-core" }\n\n'
            '[workspace]\nmembers = [\n  "rayon-demo",\n  "rayon-core",\n]\nexclude = ["ci"]\n\n'
            '[workspace.package]\nedition = "2024"\n\n[lints]\nworkspace = true\n\n'
            '[workspace.dependencies]\nrand = "0.10"\n\n[profile.bench]\ndebug = true\n'
        )
        text = rayon_demo.workspace_only(root)
        self.assertNotIn("[package]", text)
        self.assertNotIn("[dependencies]", text)
        self.assertNotIn("[lints]", text)
        self.assertNotIn("rayon-core", text)
        self.assertIn('[workspace]\nmembers = ["rayon-demo"]\nresolver = "3"\nexclude = ["ci"]', text)
        self.assertIn('[workspace.package]\nedition = "2024"', text)
        self.assertIn('[workspace.dependencies]\nrand = "0.10"', text)
        self.assertIn("[profile.bench]\ndebug = true", text)

    def test_the_resolver_the_edition_implies(self):
        self.assertEqual(rayon_demo.implied_resolver({"package": {"edition": "2021"}}), "2")
        self.assertIsNone(rayon_demo.implied_resolver({"package": {"edition": "2024"}, "workspace": {"resolver": "2"}}))
        self.assertIsNone(rayon_demo.implied_resolver({"package": {}}))

    def test_no_rayon_dependency_stops(self):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "Cargo.toml")
            with open(path, "w") as f:
                f.write('[dependencies]\nrayon = "1"\n')
            with self.assertRaises(SystemExit):
                rayon_demo.point_at_lubdub(path, "/repo")

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
