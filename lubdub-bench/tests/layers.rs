//! The program's files import one another in one direction only: measuring
//! below results, results below tables and plots, those below the docs and
//! the command line. This test reads every file under `src/`, follows its
//! `crate::…` paths (outside test code) to the files that define them, and
//! fails naming every circle it finds.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// A file's module path (`["workloads", "loops"]`) and its text.
type Sources = BTreeMap<Vec<String>, String>;

/// Every `.rs` file under `dir`, keyed by its module path; files named
/// `tests.rs` are test code and left out.
fn read_sources(dir: &Path) -> Sources {
    let mut sources = Sources::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(next) = pending.pop() {
        for entry in std::fs::read_dir(&next).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                pending.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") || path.ends_with("tests.rs") {
                continue;
            }
            let relative = path.strip_prefix(dir).unwrap().with_extension("");
            let mut module: Vec<String> = relative
                .iter()
                .map(|part| part.to_string_lossy().into_owned())
                .collect();
            if module
                .last()
                .is_some_and(|last| last == "mod" || last == "main")
            {
                module.pop();
            }
            sources.insert(module, std::fs::read_to_string(&path).unwrap());
        }
    }
    sources
}

/// `text` without comments and without the items marked `#[cfg(test)]`.
fn code_only(text: &str) -> String {
    let mut code = String::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        let line = strip_comment(line);
        if line.trim() != "#[cfg(test)]" {
            code.push_str(line);
            code.push('\n');
            continue;
        }
        // Skip the item: up to a `;` or the brace closing its first `{`.
        let mut depth = 0i32;
        for item_line in lines.by_ref() {
            let item_line = strip_comment(item_line);
            depth += item_line.matches('{').count() as i32;
            depth -= item_line.matches('}').count() as i32;
            let opened = item_line.contains('{') || depth > 0;
            if depth <= 0 && (opened || item_line.trim_end().ends_with(';')) {
                break;
            }
        }
    }
    code
}

/// `line` up to a `//` that is not inside a string.
fn strip_comment(line: &str) -> &str {
    let mut in_string = false;
    let mut previous = ' ';
    for (i, c) in line.char_indices() {
        match c {
            '"' if previous != '\\' => in_string = !in_string,
            '/' if !in_string && previous == '/' => return &line[..i - 1],
            _ => {}
        }
        previous = c;
    }
    line
}

/// Every path that `code` names after `crate::`, with `{a, b::c}` groups
/// expanded and `self` in a group meaning the group's parent.
fn crate_paths(code: &str) -> Vec<Vec<String>> {
    let mut paths = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("crate::") {
        let before = rest[..at].chars().next_back();
        rest = &rest[at + "crate::".len()..];
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue; // e.g. `lubdub_crate::`
        }
        let mut chars = rest.chars().peekable();
        expand(&mut chars, Vec::new(), &mut paths);
    }
    paths
}

/// Reads one path tree (`a::b`, `a::{b, c::d}`) from `chars` and pushes
/// each full path, prefixed with `prefix`, to `out`.
fn expand(
    chars: &mut std::iter::Peekable<std::str::Chars<'_>>,
    mut prefix: Vec<String>,
    out: &mut Vec<Vec<String>>,
) {
    loop {
        while chars.peek().is_some_and(|c| c.is_whitespace()) {
            chars.next();
        }
        if chars.peek() == Some(&'{') {
            chars.next();
            loop {
                expand(chars, prefix.clone(), out);
                while chars.peek().is_some_and(|c| c.is_whitespace()) {
                    chars.next();
                }
                match chars.next() {
                    Some(',') => {
                        while chars.peek().is_some_and(|c| c.is_whitespace()) {
                            chars.next();
                        }
                        if chars.peek() == Some(&'}') {
                            chars.next();
                            return;
                        }
                    }
                    _ => return,
                }
            }
        }
        let mut name = String::new();
        while let Some(&c) = chars.peek() {
            if !(c.is_alphanumeric() || c == '_') {
                break;
            }
            name.push(c);
            chars.next();
        }
        if !name.is_empty() && name != "self" {
            prefix.push(name);
        }
        let mut lookahead = chars.clone();
        if lookahead.next() == Some(':') && lookahead.next() == Some(':') {
            chars.next();
            chars.next();
            continue;
        }
        out.push(prefix);
        return;
    }
}

/// The file a path lands in: the longest prefix of it that is a file.
fn file_of(path: &[String], sources: &Sources) -> Option<Vec<String>> {
    (1..=path.len())
        .rev()
        .map(|len| path[..len].to_vec())
        .find(|prefix| sources.contains_key(prefix))
}

/// The imports between files: for each file, the other files its code names.
fn graph(sources: &Sources) -> BTreeMap<Vec<String>, BTreeSet<Vec<String>>> {
    sources
        .iter()
        .map(|(module, text)| {
            let targets = crate_paths(&code_only(text))
                .iter()
                .filter_map(|path| file_of(path, sources))
                .filter(|target| target != module)
                .collect();
            (module.clone(), targets)
        })
        .collect()
}

/// Every circle of `graph`: one closed walk through each group of files
/// that reach one another, written `a -> b -> a`, and the whole group.
fn circles(graph: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>) -> Vec<String> {
    let reaches = |from: &Vec<String>| {
        let mut seen = BTreeSet::new();
        let mut pending = vec![from.clone()];
        while let Some(next) = pending.pop() {
            for target in graph.get(&next).into_iter().flatten() {
                if seen.insert(target.clone()) {
                    pending.push(target.clone());
                }
            }
        }
        seen
    };
    let reach: BTreeMap<&Vec<String>, BTreeSet<Vec<String>>> = graph
        .keys()
        .map(|module| (module, reaches(module)))
        .collect();
    let mut reported = BTreeSet::new();
    let mut found = Vec::new();
    for (start, from_start) in &reach {
        if !from_start.contains(*start) || reported.contains(*start) {
            continue;
        }
        let group: BTreeSet<&Vec<String>> = from_start
            .iter()
            .filter(|other| reach[other].contains(*start))
            .collect();
        reported.extend(group.iter().map(|m| (*m).clone()));
        // A shortest walk back to `start`, inside the group.
        let mut back: BTreeMap<Vec<String>, Vec<String>> = BTreeMap::new();
        let mut frontier = vec![(*start).clone()];
        'search: while !frontier.is_empty() {
            let mut next_frontier = Vec::new();
            for module in frontier {
                for target in &graph[&module] {
                    if !group.contains(target) || back.contains_key(target) {
                        continue;
                    }
                    back.insert(target.clone(), module.clone());
                    if target == *start {
                        break 'search;
                    }
                    next_frontier.push(target.clone());
                }
            }
            frontier = next_frontier;
        }
        let mut walk = vec![(*start).clone()];
        let mut at = back[*start].clone();
        while at != **start {
            walk.push(at.clone());
            at = back[&at].clone();
        }
        walk.push((*start).clone());
        walk.reverse();
        let names: Vec<String> = walk.iter().map(|m| m.join("::")).collect();
        let members: Vec<String> = group.iter().map(|m| m.join("::")).collect();
        found.push(format!(
            "{} (a circle of {} files: {})",
            names.join(" -> "),
            group.len(),
            members.join(", ")
        ));
    }
    found
}

#[test]
fn no_file_under_src_imports_in_a_circle() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let sources = read_sources(&src);
    assert!(sources.len() > 50, "only {} files read", sources.len());
    let found = circles(&graph(&sources));
    assert!(
        found.is_empty(),
        "import circles under src/:\n{}",
        found.join("\n")
    );
}

fn fake(files: &[(&str, &str)]) -> Sources {
    files
        .iter()
        .map(|(module, text)| {
            let module = module.split("::").filter(|part| !part.is_empty());
            (module.map(str::to_owned).collect(), (*text).to_owned())
        })
        .collect()
}

#[test]
fn a_circle_through_groups_and_parent_files_is_named() {
    let sources = fake(&[
        ("", "mod a; mod b;"),
        ("a", "use crate::b::{self, c::{Deep}};"),
        ("b", "pub mod c;"),
        ("b::c", "use crate::{a::Thing, b};"),
    ]);
    let found = circles(&graph(&sources));
    assert_eq!(found, ["a -> b::c -> a (a circle of 2 files: a, b::c)"]);
}

#[test]
fn comments_and_test_code_do_not_import() {
    let sources = fake(&[
        ("a", "use crate::b::X; // crate::c\n"),
        (
            "b",
            "/// [`crate::a::A`]\nfn f() {}\n#[cfg(test)]\nmod tests {\n    use crate::a::A;\n}\n",
        ),
        (
            "c",
            "#[cfg(test)]\nuse crate::a;\npub fn g() { crate::b::f() }\n",
        ),
    ]);
    assert!(circles(&graph(&sources)).is_empty());
    let with_inline = fake(&[
        ("a", "use crate::b::X;"),
        ("b", "fn f() { let _ = crate::a::y(); }"),
    ]);
    assert_eq!(
        circles(&graph(&with_inline)),
        ["a -> b -> a (a circle of 2 files: a, b)"]
    );
}
