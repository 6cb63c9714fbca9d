//! [`Split`], [`SplitInclusive`], [`SplitTerminator`] and [`Lines`]: the
//! pieces of a string between matches of a char pattern, found by a scan
//! from the middle of the string (see `split_producer.rs`).

use super::pattern::Pattern;
use super::text::{char_middle, cut_around_char};
use super::ParallelString;
use crate::iter::plumbing::{bridge_unindexed, Folder, UnindexedConsumer};
use crate::iter::ParallelIterator;
use crate::split_producer::{Rule, SplitProducer};

/// Cut positions are the chars matching the pattern; they are dropped or,
/// if `INCLUSIVE`, end the piece before them.
struct ByPattern<'p, P, const INCLUSIVE: bool>(&'p P);

impl<P, const INCLUSIVE: bool> Clone for ByPattern<'_, P, INCLUSIVE> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<P, const INCLUSIVE: bool> Copy for ByPattern<'_, P, INCLUSIVE> {}

impl<'ch, P: Pattern, const INCLUSIVE: bool> Rule<&'ch str> for ByPattern<'_, P, INCLUSIVE> {
    fn middle(self, data: &&'ch str, end: usize) -> usize {
        char_middle(data, end)
    }

    fn find(self, data: &&'ch str, start: usize, end: usize) -> Option<usize> {
        Some(start + self.0.find_in(&data[start..end])?)
    }

    fn rfind(self, data: &&'ch str, end: usize) -> Option<usize> {
        self.0.rfind_in(&data[..end])
    }

    fn cut(self, data: &'ch str, at: usize) -> (&'ch str, &'ch str, usize) {
        cut_around_char(data, at, INCLUSIVE)
    }

    fn fold_all<F: Folder<&'ch str>>(self, data: &'ch str, folder: F, terminated: bool) -> F {
        if INCLUSIVE {
            self.0.fold_split_inclusive(data, folder)
        } else {
            self.0.fold_split(data, folder, terminated)
        }
    }
}

/// Declares the iterator `$name<'ch, P>` (with the doc `$doc`) over the
/// pieces of a string cut by a separator pattern, and its `new(chars,
/// separator)`; its loop bridges `$producer`, made from `$chars` (the
/// string) and `$separator` (a reference to the pattern).
macro_rules! split_iter {
    ($(#[doc = $doc:literal])* $name:ident($chars:ident, $separator:ident) => $producer:expr) => {
        $(#[doc = $doc])*
        #[derive(Debug, Clone)]
        pub struct $name<'ch, P: Pattern> {
            chars: &'ch str,
            separator: P,
        }

        impl<'ch, P: Pattern> $name<'ch, P> {
            pub(super) fn new(chars: &'ch str, separator: P) -> Self {
                Self { chars, separator }
            }
        }

        impl<'ch, P: Pattern> ParallelIterator for $name<'ch, P> {
            type Item = &'ch str;

            fn drive_unindexed<C: UnindexedConsumer<&'ch str>>(self, consumer: C) -> C::Result {
                let ($chars, $separator) = (self.chars, &self.separator);
                bridge_unindexed($producer, consumer)
            }
        }
    };
}

split_iter! {
    /// The iterator of [`ParallelString::par_split`]: the pieces between
    /// matches of the separator, which are left out.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let fields: Vec<&str> = "a,b,,c".par_split(',').collect();
    /// assert_eq!(fields, ["a", "b", "", "c"]);
    /// ```
    Split(chars, separator) => SplitProducer::new(chars, ByPattern::<P, false>(separator))
}

split_iter! {
    /// The iterator of [`ParallelString::par_split_inclusive`]: the pieces that
    /// end with a match of the separator (the last one may not).
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let pieces: Vec<&str> = "a,b,,c".par_split_inclusive(',').collect();
    /// assert_eq!(pieces, ["a,", "b,", ",", "c"]);
    /// ```
    SplitInclusive(chars, separator) => SplitProducer::new(chars, ByPattern::<P, true>(separator))
}

split_iter! {
    /// The iterator of [`ParallelString::par_split_terminator`]: as
    /// [`Split`], without the last piece when it is empty.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let statements: Vec<&str> = "a;b;".par_split_terminator(';').collect();
    /// assert_eq!(statements, ["a", "b"]);
    /// ```
    SplitTerminator(chars, separator) => SplitProducer::terminated(chars, ByPattern::<P, false>(separator))
}

/// The iterator of [`ParallelString::par_lines`]: the lines, without their
/// `\n` or `\r\n` ending, as `str::lines`.
///
/// ```
/// use lubdub::prelude::*;
///
/// let lines: Vec<&str> = "one\r\ntwo\n\nthree".par_lines().collect();
/// assert_eq!(lines, ["one", "two", "", "three"]);
/// ```
#[derive(Debug, Clone)]
pub struct Lines<'ch>(pub(super) &'ch str);

/// `line` without its `\n` or `\r\n` ending (a lone `\r` stays).
fn strip_line_ending(line: &str) -> &str {
    match line.strip_suffix('\n') {
        Some(line) => line.strip_suffix('\r').unwrap_or(line),
        None => line,
    }
}

impl<'ch> ParallelIterator for Lines<'ch> {
    type Item = &'ch str;

    fn drive_unindexed<C: UnindexedConsumer<&'ch str>>(self, consumer: C) -> C::Result {
        self.0
            .par_split_inclusive('\n')
            .map(strip_line_ending)
            .drive_unindexed(consumer)
    }
}
