//! Cutting a `&str` near its middle at a char boundary, and
//! [`TextProducer`]: the unindexed producer of the string iterators that can
//! be cut anywhere between two chars (`par_chars`, `par_bytes`,
//! `par_matches`...).

use crate::iter::plumbing::{bridge_unindexed, Folder, UnindexedConsumer, UnindexedProducer};

/// The first char boundary of `text` at or after `end / 2`, and at most
/// `end` (a char boundary): where a search for a cut in `text[..end]`
/// starts.
pub(super) fn char_middle(text: &str, end: usize) -> usize {
    (end / 2..end)
        .find(|&i| text.is_char_boundary(i))
        .unwrap_or(end)
}

/// `text` before and after the char that starts at byte `at`, or, if
/// `keep`, before and after its end; and where the part after starts.
pub(super) fn cut_around_char(text: &str, at: usize, keep: bool) -> (&str, &str, usize) {
    let width = text[at..]
        .chars()
        .next()
        .expect("a cut position starts a char")
        .len_utf8();
    let after = at + width;
    let before = if keep { after } else { at };
    (&text[..before], &text[after..], after)
}

/// A char boundary strictly inside `text`, near its middle; `None` if
/// `text` holds at most one char.
fn cut_in_middle(text: &str) -> Option<usize> {
    let mid = text.len() / 2;
    let after = (mid..text.len()).find(|&i| text.is_char_boundary(i));
    let at = after.or_else(|| (1..mid).rev().find(|&i| text.is_char_boundary(i)))?;
    (at > 0).then_some(at)
}

/// What a [`TextProducer`] makes of a stretch of the string.
pub(super) trait Reading<'ch>: Copy + Send {
    /// The items.
    type Item;

    /// Folds the items of `text`, which starts at byte `offset` of the whole
    /// string.
    fn fold<F: Folder<Self::Item>>(self, text: &'ch str, offset: usize, folder: F) -> F;
}

/// The items `reading` makes of `text`, which starts at byte `offset` of the
/// whole string; cut in two at a char boundary near the middle.
pub(super) struct TextProducer<'ch, R> {
    text: &'ch str,
    offset: usize,
    reading: R,
}

impl<'ch, R: Reading<'ch>> UnindexedProducer for TextProducer<'ch, R> {
    type Item = R::Item;

    fn split(self) -> (Self, Option<Self>) {
        let Some(at) = cut_in_middle(self.text) else {
            return (self, None);
        };
        let (left, right) = self.text.split_at(at);
        let right = Self {
            text: right,
            offset: self.offset + at,
            ..self
        };
        (Self { text: left, ..self }, Some(right))
    }

    fn fold_with<F: Folder<R::Item>>(self, folder: F) -> F {
        self.reading.fold(self.text, self.offset, folder)
    }
}

/// Runs the items `reading` makes of `text` into `consumer`.
pub(super) fn drive<'ch, R, C>(text: &'ch str, reading: R, consumer: C) -> C::Result
where
    R: Reading<'ch>,
    C: UnindexedConsumer<R::Item>,
{
    let producer = TextProducer {
        text,
        offset: 0,
        reading,
    };
    bridge_unindexed(producer, consumer)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_middle_cut_is_a_char_boundary_strictly_inside() {
        assert_eq!(cut_in_middle(""), None);
        assert_eq!(cut_in_middle("a"), None);
        assert_eq!(cut_in_middle("é"), None);
        assert_eq!(cut_in_middle("😀"), None);
        assert_eq!(cut_in_middle("ab"), Some(1));
        // "aé": the middle (1) is a boundary; "éa": byte 1 is inside é.
        assert_eq!(cut_in_middle("aé"), Some(1));
        assert_eq!(cut_in_middle("éa"), Some(2));
        // "a😀": the middle (2) is inside the emoji, which ends the string.
        assert_eq!(cut_in_middle("a😀"), Some(1));
    }

    #[test]
    fn the_search_middle_stays_within_the_end() {
        assert_eq!(char_middle("😀😀", 8), 4);
        assert_eq!(char_middle("😀😀", 4), 4);
        assert_eq!(char_middle("a😀", 5), 5);
        assert_eq!(char_middle("", 0), 0);
    }
}
