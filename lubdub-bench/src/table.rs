//! Tables of results: one per experiment and size, a row per thread count
//! (per allocator and thread count where the cells name their allocator)
//! and a column per variant; or, for summarized experiments, one per
//! section with a row per experiment, size and thread count and geometric
//! means at the bottom. Rendered as aligned text for the terminal or as
//! Markdown for BENCHMARKS.md.

use crate::experiment::Experiment;
use crate::format::fmt_num;
use crate::report::Cell;

/// A rendered-agnostic table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    /// What the table shows, unit and legend included.
    pub title: String,
    /// The column headers: (`allocator`,) `threads`, then one per variant.
    pub header: Vec<String>,
    /// One row per thread count (per allocator and thread count).
    pub rows: Vec<Vec<String>>,
    /// Lines shown under the table: the comparison of allocators.
    pub notes: Vec<String>,
}

impl Table {
    /// Aligned plain text: the title, the header, a rule, the rows.
    pub fn to_text(&self) -> String {
        let widths: Vec<usize> = (0..self.header.len())
            .map(|col| {
                std::iter::once(&self.header)
                    .chain(&self.rows)
                    .map(|row| row.get(col).map_or(0, |c| c.chars().count()))
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        let line = |row: &[String]| {
            let cells: Vec<String> = widths
                .iter()
                .enumerate()
                .map(|(col, &w)| {
                    let text = row.get(col).map_or("", String::as_str);
                    format!("{text:>w$}")
                })
                .collect();
            cells.join("  ").trim_end().to_owned()
        };
        let mut out = format!("{}\n{}\n", self.title, line(&self.header));
        out.push_str(
            &"-".repeat(widths.iter().sum::<usize>() + 2 * widths.len().saturating_sub(1)),
        );
        out.push('\n');
        for row in &self.rows {
            out.push_str(&line(row));
            out.push('\n');
        }
        for note in &self.notes {
            out.push_str(note);
            out.push('\n');
        }
        out
    }

    /// A Markdown table preceded by its title in bold.
    pub fn to_markdown(&self) -> String {
        let line = |row: &[String]| format!("| {} |\n", row.join(" | "));
        let mut out = format!("**{}**\n\n", self.title);
        out.push_str(&line(&self.header));
        out.push_str(&line(&vec!["---:".to_owned(); self.header.len()]));
        for row in &self.rows {
            out.push_str(&line(row));
        }
        if !self.notes.is_empty() {
            out.push('\n');
            for note in &self.notes {
                out.push_str(&format!("- {note}\n"));
            }
        }
        out
    }
}

/// The cells grouped by experiment and size, in the order first measured.
pub fn groups<'c>(cells: impl IntoIterator<Item = &'c Cell>) -> Vec<Vec<&'c Cell>> {
    group_by(cells, |cell| (cell.experiment, cell.size))
}

/// The cells of [`Experiment::summarized`] experiments grouped by section,
/// in the order first measured (other cells are left out).
pub fn summarized_sections<'c>(cells: impl IntoIterator<Item = &'c Cell>) -> Vec<Vec<&'c Cell>> {
    let summarized = cells
        .into_iter()
        .filter(|cell| cell.experiment.versus().is_some());
    group_by(summarized, |cell| cell.experiment.section())
}

/// `cells` grouped by `key`, groups and cells in the order first seen.
fn group_by<'c, K: PartialEq>(
    cells: impl IntoIterator<Item = &'c Cell>,
    key: impl Fn(&Cell) -> K,
) -> Vec<Vec<&'c Cell>> {
    let mut groups: Vec<Vec<&Cell>> = Vec::new();
    for cell in cells {
        match groups.iter_mut().find(|g| key(g[0]) == key(cell)) {
            Some(group) => group.push(cell),
            None => groups.push(vec![cell]),
        }
    }
    groups
}

/// One table per group of [`groups`], in the order measured, except that
/// the cells of [`Experiment::summarized`] experiments make one summary
/// table per section, where the section's first cell was.
pub fn tables(cells: &[Cell]) -> Vec<Table> {
    #[derive(PartialEq)]
    enum Key {
        Alone(Experiment, u64),
        Section(&'static str),
    }
    let key = |cell: &Cell| match cell.experiment.versus() {
        Some(_) => Key::Section(cell.experiment.section()),
        None => Key::Alone(cell.experiment, cell.size),
    };
    group_by(cells, key)
        .into_iter()
        .map(|group| match key(group[0]) {
            Key::Section(_) => summary(&group),
            Key::Alone(..) => table(&group),
        })
        .collect()
}

/// The variants of `cells`, in the order first seen.
fn variants_of<'c>(cells: &[&'c Cell]) -> Vec<&'c str> {
    let mut variants: Vec<&str> = Vec::new();
    for r in cells.iter().flat_map(|c| &c.results) {
        if !variants.contains(&r.variant.as_str()) {
            variants.push(&r.variant);
        }
    }
    variants
}

/// The median of `variant` in `cell`, if it was measured.
fn median(cell: &Cell, variant: &str) -> Option<f64> {
    cell.results
        .iter()
        .find(|r| r.variant == variant)
        .and_then(|r| r.summary)
        .map(|s| s.median)
}

/// The geometric mean of `ratios`; `None` when there are none.
pub fn geometric_mean(ratios: impl IntoIterator<Item = f64>) -> Option<f64> {
    let (sum, count) = ratios
        .into_iter()
        .fold((0.0, 0usize), |(sum, count), r| (sum + r.ln(), count + 1));
    (count > 0).then(|| (sum / count as f64).exp())
}

/// The summary table of one section's summarized cells: a row per
/// experiment, size and thread count with every variant's entry and the
/// ratio of the compared variants' medians, then a row per thread count
/// with the geometric means of each variant's ratio to the baseline and of
/// the compared ratio.
fn summary(section: &[&Cell]) -> Table {
    let first = section[0];
    let versus = first
        .experiment
        .versus()
        .expect("only summarized experiments are summarized");
    let variants = variants_of(section);
    let compared = |cell: &Cell| {
        median(cell, versus.first)
            .zip(median(cell, versus.second))
            .map(|(a, b)| a / b)
    };
    let ratio = |x: Option<f64>| x.map_or_else(|| "-".to_owned(), |x| format!("{}x", fmt_num(x)));
    let mut rows: Vec<Vec<String>> = groups(section.iter().copied())
        .into_iter()
        .flatten()
        .map(|cell| {
            [cell.heading(), cell.threads.to_string()]
                .into_iter()
                .chain(variants.iter().map(|v| {
                    cell.results
                        .iter()
                        .find(|r| r.variant == *v)
                        .map_or_else(String::new, |r| cell.experiment.entry(r))
                }))
                .chain(std::iter::once(ratio(compared(cell))))
                .collect()
        })
        .collect();
    let mut thread_counts: Vec<usize> = Vec::new();
    for cell in section {
        if !thread_counts.contains(&cell.threads) {
            thread_counts.push(cell.threads);
        }
    }
    for threads in thread_counts {
        let at = || section.iter().filter(move |c| c.threads == threads);
        let mut row = vec!["geometric mean".to_owned(), threads.to_string()];
        row.extend(variants.iter().map(|v| {
            ratio(geometric_mean(at().filter_map(|c| {
                c.results
                    .iter()
                    .find(|r| r.variant == *v)
                    .and_then(|r| r.ratio_to_baseline)
            })))
        }));
        row.push(ratio(geometric_mean(at().filter_map(|c| compared(c)))));
        rows.push(row);
    }
    Table {
        title: format!(
            "{}: {}, {}; {first} ÷ {second}: median ÷ median; geometric means of the ratios at the bottom",
            first.experiment.section(),
            first.unit,
            first.experiment.legend(),
            first = versus.first,
            second = versus.second,
        ),
        header: ["experiment".to_owned(), "threads".to_owned()]
            .into_iter()
            .chain(variants.iter().map(|v| (*v).to_owned()))
            .chain(std::iter::once(format!(
                "{} ÷ {}",
                versus.first, versus.second
            )))
            .collect(),
        rows,
        notes: Vec::new(),
    }
}

/// The table of one group: cells of one experiment and size.
fn table(group: &[&Cell]) -> Table {
    let experiment: Experiment = group[0].experiment;
    let variants = variants_of(group);
    let by_allocator = group.iter().any(|c| c.allocator.is_some());
    let rows = group
        .iter()
        .map(|cell| {
            let allocator = cell.allocator.clone().unwrap_or_default();
            by_allocator
                .then_some(allocator)
                .into_iter()
                .chain(std::iter::once(cell.threads.to_string()))
                .chain(variants.iter().map(|v| {
                    cell.results
                        .iter()
                        .find(|r| r.variant == *v)
                        .map_or_else(String::new, |r| experiment.entry(r))
                }))
                .collect()
        })
        .collect();
    Table {
        title: group[0].table_title(),
        header: by_allocator
            .then(|| "allocator".to_owned())
            .into_iter()
            .chain(std::iter::once("threads".to_owned()))
            .chain(variants.iter().map(|v| (*v).to_owned()))
            .collect(),
        rows,
        notes: allocator_notes(group, &variants),
    }
}

/// For a group whose cells name their allocator: one line per other
/// allocator and thread count comparing its medians with the first
/// allocator's, variant by variant, e.g. `mimalloc ÷ system at 2 threads
/// (median ÷ median): sequential 0.81x, lubdub 0.62x, rayon 0.70x`.
fn allocator_notes(group: &[&Cell], variants: &[&str]) -> Vec<String> {
    let mut allocators: Vec<&str> = Vec::new();
    for a in group.iter().filter_map(|c| c.allocator.as_deref()) {
        if !allocators.contains(&a) {
            allocators.push(a);
        }
    }
    let Some((&reference, others)) = allocators.split_first() else {
        return Vec::new();
    };
    let mut notes = Vec::new();
    for &other in others {
        for cell in group
            .iter()
            .filter(|c| c.allocator.as_deref() == Some(other))
        {
            let Some(base) = group
                .iter()
                .find(|c| c.allocator.as_deref() == Some(reference) && c.threads == cell.threads)
            else {
                continue;
            };
            let ratios: Vec<String> = variants
                .iter()
                .map(|&v| {
                    let ratio = median(cell, v)
                        .zip(median(base, v))
                        .map_or_else(|| "-".to_owned(), |(m, b)| format!("{}x", fmt_num(m / b)));
                    format!("{v} {ratio}")
                })
                .collect();
            let threads = match cell.threads {
                1 => "1 thread".to_owned(),
                n => format!("{n} threads"),
            };
            notes.push(format!(
                "{other} ÷ {reference} at {threads} (median ÷ median): {}",
                ratios.join(", ")
            ));
        }
    }
    notes
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::experiment::examples::{ALLOC_TREE, FIB, PROGRAM_A, PROGRAM_B, TREESUM};
    use crate::harness::Measurement;

    fn m(variant: &str, ns: f64) -> Measurement {
        Measurement {
            variant: variant.to_owned(),
            reps_per_sample: 1,
            ns_per_rep: vec![ns],
            profile: None,
            trace: None,
        }
    }

    fn cells() -> Vec<Cell> {
        vec![
            Cell::new(
                TREESUM,
                10,
                1,
                10.0,
                vec![m("baseline", 10.0), m("rayon", 40.0)],
            ),
            Cell::new(
                TREESUM,
                10,
                2,
                10.0,
                vec![m("baseline", 20.0), m("rayon", 30.0), m("chili", 50.0)],
            ),
            Cell::new(FIB, 30, 1, 1.0, vec![m("baseline", 1.0)]),
        ]
    }

    #[test]
    fn one_table_per_experiment_and_size_with_a_row_per_thread_count() {
        let cells = cells();
        let tables = tables(&cells);
        assert_eq!(tables.len(), 2);
        let t = &tables[0];
        assert_eq!(t.header, ["threads", "baseline", "rayon", "chili"]);
        assert_eq!(t.rows.len(), 2);
        assert_eq!(
            t.rows[0],
            ["1", "1.00 / 1.00 (1.00x)", "4.00 / 4.00 (4.00x)", ""]
        );
        assert_eq!(t.rows[1][3], "5.00 / 5.00 (2.50x)");
        assert!(tables[1].title.starts_with("fib(30)"));
    }

    #[test]
    fn text_columns_are_aligned() {
        let text = tables(&cells())[0].to_text();
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[0].starts_with("treesum, n = 10 nodes"));
        assert!(lines[1].trim_start().starts_with("threads"));
        assert!(lines[2].chars().all(|c| c == '-'));
        // Every column ends at the same place in the header and the rows.
        let end_of_rayon = lines[1].find("rayon").unwrap() + "rayon".len();
        for row in &lines[3..] {
            assert_eq!(&row[end_of_rayon - 1..end_of_rayon], ")", "{row:?}");
        }
    }

    #[test]
    fn markdown_has_header_separator_and_rows() {
        let md = tables(&cells())[0].to_markdown();
        let lines: Vec<&str> = md.lines().collect();
        assert!(lines[0].starts_with("**treesum"));
        assert_eq!(lines[2], "| threads | baseline | rayon | chili |");
        assert_eq!(lines[3], "| ---: | ---: | ---: | ---: |");
        assert_eq!(
            lines[4],
            "| 1 | 1.00 / 1.00 (1.00x) | 4.00 / 4.00 (4.00x) |  |"
        );
        assert_eq!(lines.len(), 6);
    }

    fn alloc_cells() -> Vec<Cell> {
        let cell = |allocator: &str, threads, seq, lub| {
            Cell::new(
                ALLOC_TREE,
                10,
                threads,
                10.0,
                vec![m("sequential", seq), m("lubdub", lub)],
            )
            .with_allocator(allocator)
        };
        vec![
            cell("system", 1, 100.0, 200.0),
            cell("system", 2, 100.0, 80.0),
            cell("mimalloc", 1, 50.0, 150.0),
            cell("mimalloc", 2, 40.0, 20.0),
        ]
    }

    #[test]
    fn cells_with_allocators_get_a_row_per_allocator_and_a_comparison() {
        let cells = alloc_cells();
        let tables = tables(&cells);
        assert_eq!(tables.len(), 1, "one table for both allocators");
        let t = &tables[0];
        assert_eq!(t.header, ["allocator", "threads", "sequential", "lubdub"]);
        assert_eq!(
            t.rows,
            [
                ["system", "1", "10.0 / 10.0 (1.00x)", "20.0 / 20.0 (2.00x)"],
                ["system", "2", "10.0 / 10.0 (1.00x)", "8.00 / 8.00 (0.800x)"],
                [
                    "mimalloc",
                    "1",
                    "5.00 / 5.00 (1.00x)",
                    "15.0 / 15.0 (3.00x)"
                ],
                [
                    "mimalloc",
                    "2",
                    "4.00 / 4.00 (1.00x)",
                    "2.00 / 2.00 (0.500x)"
                ],
            ]
        );
        assert_eq!(
            t.notes,
            [
                "mimalloc ÷ system at 1 thread (median ÷ median): sequential 0.500x, lubdub 0.750x",
                "mimalloc ÷ system at 2 threads (median ÷ median): sequential 0.400x, lubdub 0.250x",
            ]
        );
        assert!(t.title.contains("under the same allocator"), "{}", t.title);
        let text = t.to_text();
        assert!(text.ends_with(&format!("{}\n", t.notes[1])), "{text}");
        let md = t.to_markdown();
        assert!(md.contains("| allocator | threads | sequential | lubdub |"));
        assert!(md.ends_with(&format!("|\n\n- {}\n- {}\n", t.notes[0], t.notes[1])));
    }

    fn summarized_cells() -> Vec<Cell> {
        let cell = |experiment, threads, seq: f64, lub: f64, ray: f64| {
            Cell::new(
                experiment,
                10,
                threads,
                1.0,
                vec![m("sequential", seq), m("lubdub", lub), m("rayon", ray)],
            )
        };
        vec![
            cell(PROGRAM_A, 1, 10.0, 10.0, 20.0),
            cell(PROGRAM_A, 2, 10.0, 5.0, 20.0),
            cell(TREESUM, 1, 1.0, 1.0, 1.0),
            cell(PROGRAM_B, 1, 10.0, 40.0, 10.0),
            cell(PROGRAM_B, 2, 10.0, 20.0, 5.0),
        ]
    }

    #[test]
    fn summarized_experiments_share_one_table_with_geometric_means() {
        let cells = summarized_cells();
        let tables = tables(&cells);
        assert_eq!(tables.len(), 2, "the summary, then treesum's own table");
        let t = &tables[0];
        assert!(t.title.starts_with("programs: ms/run, "), "{}", t.title);
        assert!(t.title.contains("lubdub ÷ rayon"), "{}", t.title);
        assert_eq!(
            t.header,
            [
                "experiment",
                "threads",
                "sequential",
                "lubdub",
                "rayon",
                "lubdub ÷ rayon"
            ]
        );
        let column = |col: usize| -> Vec<&str> { t.rows.iter().map(|r| r[col].as_str()).collect() };
        assert_eq!(
            column(0),
            [
                "program-a, n = 10 items",
                "program-a, n = 10 items",
                "program-b, n = 10 items",
                "program-b, n = 10 items",
                "geometric mean",
                "geometric mean"
            ]
        );
        assert_eq!(column(1), ["1", "2", "1", "2", "1", "2"]);
        assert_eq!(t.rows[1][3], "5.00 / 5.00 (0.500x)");
        assert_eq!(
            column(5),
            ["0.500x", "0.250x", "4.00x", "4.00x", "1.41x", "1.00x"]
        );
        // lubdub's ratios to sequential: 1 and 4 at one thread, 0.5 and 2 at two.
        assert_eq!(t.rows[4][3], "2.00x");
        assert_eq!(t.rows[5][3], "1.00x");
        assert_eq!(t.rows[4][2], "1.00x");
        assert!(tables[1].title.starts_with("treesum"));
    }

    #[test]
    fn geometric_means_of_ratios() {
        assert_eq!(geometric_mean([]), None);
        assert_eq!(geometric_mean([4.0]), Some(4.0));
        let g = geometric_mean([0.5, 2.0, 8.0]).unwrap();
        assert!((g - 2.0).abs() < 1e-12, "{g}");
    }

    #[test]
    fn summarized_sections_hold_only_summarized_cells() {
        let cells = summarized_cells();
        let sections = summarized_sections(&cells);
        assert_eq!(sections.len(), 1);
        assert_eq!(sections[0].len(), 4);
        assert!(summarized_sections(&cells[2..3]).is_empty());
    }

    #[test]
    fn tables_without_allocators_have_no_notes() {
        assert!(tables(&cells()).iter().all(|t| t.notes.is_empty()));
        // A single allocator has nothing to be compared with.
        let one: Vec<Cell> = alloc_cells().into_iter().take(2).collect();
        assert!(tables(&one)[0].notes.is_empty());
    }
}
