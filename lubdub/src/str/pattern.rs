//! [`Pattern`]: what a string can be split by or searched for in parallel.
//! Like Rayon's, the trait cannot be named outside lubdub (its module is
//! private), so nobody else can implement it; it is implemented for `char`,
//! `&[char]`, `[char; N]`, `&[char; N]` and every `Fn(char) -> bool + Sync +
//! Send` closure, each searching with the standard library's own pattern of
//! that type (so a `char` keeps its fast search).

use crate::iter::plumbing::Folder;

/// A char pattern: the `P` of `par_split`, `par_matches`... (see the module
/// docs).
///
/// ```
/// use lubdub::prelude::*;
///
/// let by_char: Vec<&str> = "a-b_c".par_split('-').collect();
/// let by_set: Vec<&str> = "a-b_c".par_split(['-', '_']).collect();
/// let by_closure: Vec<&str> = "a-b_c".par_split(|c: char| !c.is_alphabetic()).collect();
/// assert_eq!(by_char, ["a", "b_c"]);
/// assert_eq!(by_set, ["a", "b", "c"]);
/// assert_eq!(by_closure, by_set);
/// ```
pub trait Pattern: Sized + Sync + Send {
    /// The byte offset of the first match in `text`.
    fn find_in(&self, text: &str) -> Option<usize>;

    /// The byte offset of the last match in `text`.
    fn rfind_in(&self, text: &str) -> Option<usize>;

    /// Folds `text.split(self)`, or `text.split_terminator(self)` if
    /// `terminated`.
    fn fold_split<'ch, F>(&self, text: &'ch str, folder: F, terminated: bool) -> F
    where
        F: Folder<&'ch str>;

    /// Folds `text.split_inclusive(self)`.
    fn fold_split_inclusive<'ch, F>(&self, text: &'ch str, folder: F) -> F
    where
        F: Folder<&'ch str>;

    /// Folds `text.matches(self)`.
    fn fold_matches<'ch, F>(&self, text: &'ch str, folder: F) -> F
    where
        F: Folder<&'ch str>;

    /// Folds `text.match_indices(self)`, the offsets moved by `offset` (the
    /// position of `text` in the whole string).
    fn fold_match_indices<'ch, F>(&self, text: &'ch str, offset: usize, folder: F) -> F
    where
        F: Folder<(usize, &'ch str)>;
}

/// Implements [`Pattern`] for `$ty` by handing `$std` (an expression of
/// `$this: &$ty`) to the standard library's searches.
macro_rules! char_patterns {
    ($([$($generics:tt)*] $ty:ty => |$this:ident| $std:expr;)*) => {$(
        impl<$($generics)*> Pattern for $ty {
            fn find_in(&self, text: &str) -> Option<usize> {
                let $this = self;
                text.find($std)
            }

            fn rfind_in(&self, text: &str) -> Option<usize> {
                let $this = self;
                text.rfind($std)
            }

            fn fold_split<'ch, F>(&self, text: &'ch str, folder: F, terminated: bool) -> F
            where
                F: Folder<&'ch str>,
            {
                let $this = self;
                if terminated {
                    folder.consume_iter(text.split_terminator($std))
                } else {
                    folder.consume_iter(text.split($std))
                }
            }

            fn fold_split_inclusive<'ch, F>(&self, text: &'ch str, folder: F) -> F
            where
                F: Folder<&'ch str>,
            {
                let $this = self;
                folder.consume_iter(text.split_inclusive($std))
            }

            fn fold_matches<'ch, F>(&self, text: &'ch str, folder: F) -> F
            where
                F: Folder<&'ch str>,
            {
                let $this = self;
                folder.consume_iter(text.matches($std))
            }

            fn fold_match_indices<'ch, F>(&self, text: &'ch str, offset: usize, folder: F) -> F
            where
                F: Folder<(usize, &'ch str)>,
            {
                let $this = self;
                let found = text.match_indices($std).map(|(i, s)| (offset + i, s));
                folder.consume_iter(found)
            }
        }
    )*};
}

char_patterns! {
    [] char => |c| *c;
    ['a] &'a [char] => |set| *set;
    [const N: usize] [char; N] => |set| *set;
    ['a, const N: usize] &'a [char; N] => |set| *set;
    [Q: Fn(char) -> bool + Sync + Send] Q => |q| q;
}
