//! The scheduler is the engine under the API layer: no file under
//! `src/scheduler/` (nor the profile and trace it records into) names
//! anything of the files above it (`builder`, `pool`, `scope`, the
//! iterators...). The builder turns itself into plain `PoolSettings` that
//! the scheduler takes. Comments do not count; test modules do.

use std::fs;
use std::path::{Path, PathBuf};

/// The modules of the crate that the engine may name.
const ENGINE: &[&str] = &["scheduler", "sync", "profile", "trace", "unwind"];

/// The folders and files of the engine, under `src/`.
const ENGINE_SOURCES: &[&str] = &["scheduler", "profile", "trace", "sync.rs", "unwind.rs"];

fn rust_files(path: &Path, found: &mut Vec<PathBuf>) {
    if path.is_dir() {
        for entry in fs::read_dir(path).unwrap() {
            rust_files(&entry.unwrap().path(), found);
        }
    } else if path.extension().is_some_and(|ext| ext == "rs") {
        found.push(path.to_owned());
    }
}

/// The first module of each `crate::` path in `line`, comments left out:
/// `crate::a::b` gives `a`, `crate::{a, b::c}` gives `a` and `b` (a nested
/// group adds its own names too: more than needed, never fewer).
fn crate_modules(line: &str) -> Vec<String> {
    let code = line.split("//").next().unwrap_or_default();
    let mut modules = Vec::new();
    for (at, _) in code.match_indices("crate::") {
        let rest = &code[at + "crate::".len()..];
        let items: Vec<&str> = match rest.strip_prefix('{') {
            Some(inside) => inside
                .split('}')
                .next()
                .unwrap_or_default()
                .split(',')
                .collect(),
            None => vec![rest],
        };
        for item in items {
            let name: String = item
                .trim()
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if !name.is_empty() {
                modules.push(name);
            }
        }
    }
    modules
}

#[test]
fn the_engine_names_nothing_above_it() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    for source in ENGINE_SOURCES {
        rust_files(&src.join(source), &mut files);
    }
    assert!(files.len() > 20, "the engine's files were found: {files:?}");
    let mut offences = Vec::new();
    for file in &files {
        let text = fs::read_to_string(file).unwrap();
        for (number, line) in text.lines().enumerate() {
            for module in crate_modules(line) {
                if !ENGINE.contains(&module.as_str()) {
                    offences.push(format!(
                        "{}:{}: crate::{module}",
                        file.display(),
                        number + 1
                    ));
                }
            }
        }
    }
    assert!(
        offences.is_empty(),
        "the engine names the layer above it:\n{}",
        offences.join("\n")
    );
}

#[test]
fn paths_in_code_count_and_comments_do_not() {
    assert_eq!(
        crate_modules("use crate::scheduler::job::HeapJob;"),
        ["scheduler"]
    );
    assert_eq!(
        crate_modules("use crate::{sync, builder::B};"),
        ["sync", "builder"]
    );
    assert_eq!(
        crate_modules("let p = crate::ThreadPoolBuilder::new();"),
        ["ThreadPoolBuilder"]
    );
    assert!(crate_modules("/// [`crate::ThreadPool::profile`]").is_empty());
    assert!(crate_modules("f(); // see crate::pool").is_empty());
}
