//! The generated sections of a Markdown document: the text between
//! `<!-- BEGIN name -->` and `<!-- END name -->`, replaced or appended, and
//! what goes wrong with their markers.

use std::fmt;

/// BENCHMARKS.md's generated sections are not where they should be.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DocsError {
    /// A BEGIN marker without its END after it, or an END without BEGIN.
    Unbalanced {
        /// The section's name.
        section: String,
    },
    /// A marker appears twice.
    Duplicate {
        /// The section's name.
        section: String,
    },
}

impl fmt::Display for DocsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Unbalanced { section } => write!(
                f,
                "BENCHMARKS.md: the markers of section {section:?} are unbalanced; fix them by hand \
                 ({} then {}) or delete both, and rerun",
                begin_marker(section),
                end_marker(section)
            ),
            Self::Duplicate { section } => write!(
                f,
                "BENCHMARKS.md: section {section:?} is marked more than once; keep one pair of markers and rerun"
            ),
        }
    }
}

impl std::error::Error for DocsError {}

fn begin_marker(section: &str) -> String {
    format!("<!-- BEGIN {section} -->")
}

fn end_marker(section: &str) -> String {
    format!("<!-- END {section} -->")
}

/// `doc` with the text between the markers of `section` replaced by `body`,
/// or with the marked section appended when it is missing.
///
/// # Errors
/// [`DocsError`] when the markers are unbalanced or duplicated; the document
/// is then not touched.
pub fn replace_section(doc: &str, section: &str, body: &str) -> Result<String, DocsError> {
    let (begin, end) = (begin_marker(section), end_marker(section));
    if doc.matches(&begin).count() > 1 || doc.matches(&end).count() > 1 {
        return Err(DocsError::Duplicate {
            section: section.to_owned(),
        });
    }
    let body = body.trim_end_matches('\n');
    match (doc.find(&begin), doc.find(&end)) {
        (None, None) => {
            let mut out = doc.to_owned();
            if !out.is_empty() {
                out.truncate(out.trim_end_matches('\n').len());
                out.push_str("\n\n");
            }
            out.push_str(&format!("{begin}\n{body}\n{end}\n"));
            Ok(out)
        }
        (Some(b), Some(e)) if e > b => Ok(format!(
            "{}\n{body}\n{}",
            &doc[..b + begin.len()],
            &doc[e..]
        )),
        _ => Err(DocsError::Unbalanced {
            section: section.to_owned(),
        }),
    }
}
