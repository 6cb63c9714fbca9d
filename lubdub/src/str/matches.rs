//! [`Matches`] and [`MatchIndices`]: the matches of a char pattern in a
//! string, cut near the middle at a char boundary (a match is one char, so
//! no match straddles a cut).

use super::pattern::Pattern;
use super::text::{drive, Reading};
use crate::iter::plumbing::{Folder, UnindexedConsumer};
use crate::iter::ParallelIterator;

/// The iterator of [`ParallelString::par_matches`](super::ParallelString::par_matches).
///
/// ```
/// use lubdub::prelude::*;
///
/// let digits: Vec<&str> = "a1b22c".par_matches(char::is_numeric).collect();
/// assert_eq!(digits, ["1", "2", "2"]);
/// ```
#[derive(Debug, Clone)]
pub struct Matches<'ch, P: Pattern> {
    chars: &'ch str,
    pattern: P,
}

/// The iterator of [`ParallelString::par_match_indices`](super::ParallelString::par_match_indices).
///
/// ```
/// use lubdub::prelude::*;
///
/// let found: Vec<(usize, &str)> = "añañ".par_match_indices('ñ').collect();
/// assert_eq!(found, [(1, "ñ"), (4, "ñ")]);
/// ```
#[derive(Debug, Clone)]
pub struct MatchIndices<'ch, P: Pattern> {
    chars: &'ch str,
    pattern: P,
}

struct ReadMatches<'p, P>(&'p P);
struct ReadMatchIndices<'p, P>(&'p P);

macro_rules! match_iterators {
    ($($name:ident, $reading:ident, $item:ty, |$p:ident, $text:ident, $offset:ident, $folder:ident| $fold:expr;)*) => {$(
        impl<'ch, P: Pattern> $name<'ch, P> {
            pub(super) fn new(chars: &'ch str, pattern: P) -> Self {
                Self { chars, pattern }
            }
        }

        impl<P> Clone for $reading<'_, P> {
            fn clone(&self) -> Self {
                *self
            }
        }

        impl<P> Copy for $reading<'_, P> {}

        impl<'ch, P: Pattern> Reading<'ch> for $reading<'_, P> {
            type Item = $item;
            fn fold<F: Folder<$item>>(self, $text: &'ch str, $offset: usize, $folder: F) -> F {
                let $p = self.0;
                $fold
            }
        }

        impl<'ch, P: Pattern> ParallelIterator for $name<'ch, P> {
            type Item = $item;

            fn drive_unindexed<C: UnindexedConsumer<$item>>(self, consumer: C) -> C::Result {
                drive(self.chars, $reading(&self.pattern), consumer)
            }
        }
    )*};
}

match_iterators! {
    Matches, ReadMatches, &'ch str,
        |pattern, text, _offset, folder| pattern.fold_matches(text, folder);
    MatchIndices, ReadMatchIndices, (usize, &'ch str),
        |pattern, text, offset, folder| pattern.fold_match_indices(text, offset, folder);
}
