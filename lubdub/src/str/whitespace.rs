//! [`SplitWhitespace`] and [`SplitAsciiWhitespace`]: the words of a string,
//! found by a scan from the middle for a whitespace char to cut at (see
//! `split_producer.rs`); each piece is read by the standard library's
//! `split_whitespace` / `split_ascii_whitespace`.

use super::text::{char_middle, cut_around_char};
use crate::iter::plumbing::{bridge_unindexed, Folder, UnindexedConsumer};
use crate::iter::ParallelIterator;
use crate::split_producer::{Rule, SplitProducer};

/// Cut positions are the whitespace chars (Unicode's, or if `ASCII` the
/// ASCII ones); a word never spans one, so the words of the pieces are the
/// words of the whole.
#[derive(Clone, Copy)]
struct Whitespace<const ASCII: bool>;

impl<'ch, const ASCII: bool> Rule<&'ch str> for Whitespace<ASCII> {
    fn middle(self, data: &&'ch str, end: usize) -> usize {
        char_middle(data, end)
    }

    fn find(self, data: &&'ch str, start: usize, end: usize) -> Option<usize> {
        let found = if ASCII {
            data.as_bytes()[start..end]
                .iter()
                .position(u8::is_ascii_whitespace)
        } else {
            data[start..end].find(char::is_whitespace)
        };
        Some(start + found?)
    }

    fn rfind(self, data: &&'ch str, end: usize) -> Option<usize> {
        if ASCII {
            data.as_bytes()[..end]
                .iter()
                .rposition(u8::is_ascii_whitespace)
        } else {
            data[..end].rfind(char::is_whitespace)
        }
    }

    fn cut(self, data: &'ch str, at: usize) -> (&'ch str, &'ch str, usize) {
        cut_around_char(data, at, false)
    }

    fn fold_all<F: Folder<&'ch str>>(self, data: &'ch str, folder: F, _terminated: bool) -> F {
        if ASCII {
            folder.consume_iter(data.split_ascii_whitespace())
        } else {
            folder.consume_iter(data.split_whitespace())
        }
    }

    fn fold_uncut<F: Folder<&'ch str>>(self, data: &'ch str, folder: F) -> F {
        if data.is_empty() {
            folder
        } else {
            folder.consume(data)
        }
    }
}

/// The iterator of [`ParallelString::par_split_whitespace`](super::ParallelString::par_split_whitespace):
/// the words between runs of Unicode whitespace.
///
/// ```
/// use lubdub::prelude::*;
///
/// let words: Vec<&str> = " lub\u{3000}dub \n".par_split_whitespace().collect();
/// assert_eq!(words, ["lub", "dub"]);
/// ```
#[derive(Debug, Clone)]
pub struct SplitWhitespace<'ch>(pub(super) &'ch str);

/// The iterator of [`ParallelString::par_split_ascii_whitespace`](super::ParallelString::par_split_ascii_whitespace):
/// the words between runs of ASCII whitespace.
///
/// ```
/// use lubdub::prelude::*;
///
/// let words: Vec<&str> = " lub\u{3000}dub \n".par_split_ascii_whitespace().collect();
/// assert_eq!(words, ["lub\u{3000}dub"]);
/// ```
#[derive(Debug, Clone)]
pub struct SplitAsciiWhitespace<'ch>(pub(super) &'ch str);

impl<'ch> ParallelIterator for SplitWhitespace<'ch> {
    type Item = &'ch str;

    fn drive_unindexed<C: UnindexedConsumer<&'ch str>>(self, consumer: C) -> C::Result {
        bridge_unindexed(SplitProducer::new(self.0, Whitespace::<false>), consumer)
    }
}

impl<'ch> ParallelIterator for SplitAsciiWhitespace<'ch> {
    type Item = &'ch str;

    fn drive_unindexed<C: UnindexedConsumer<&'ch str>>(self, consumer: C) -> C::Result {
        bridge_unindexed(SplitProducer::new(self.0, Whitespace::<true>), consumer)
    }
}
