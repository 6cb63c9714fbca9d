//! Collecting into strings: `String` and `Box<str>` from characters and
//! from string pieces (`&str`, `String`, `Box<str>`, `Cow<str>`), and
//! `OsString` from OS-string pieces, concatenated in the iterator's order.

use std::borrow::Cow;
use std::collections::LinkedList;
use std::ffi::{OsStr, OsString};

use super::pieces::{collect_pieces, collect_vec_list};
use super::sequential::{collect_extended, Reserve};
use super::{FromParallelIterator, ParallelExtend};
use crate::iter::{IntoParallelIterator, ParallelIterator};

impl Reserve for String {
    fn reserve_for(&mut self, additional: usize) {
        self.reserve(additional);
    }
}

impl Reserve for OsString {
    fn reserve_for(&mut self, additional: usize) {
        self.reserve(additional);
    }
}

/// A piece of text whose length, in bytes, is known before it is appended.
trait TextPiece {
    fn byte_len(&self) -> usize;
}

macro_rules! text_piece {
    ($($lt:lifetime)?; $piece:ty, $as_text:ty) => {
        impl<$($lt)?> TextPiece for $piece {
            fn byte_len(&self) -> usize {
                AsRef::<$as_text>::as_ref(self).len()
            }
        }
    };
}

text_piece!('a; &'a str, str);
text_piece!(; String, str);
text_piece!(; Box<str>, str);
text_piece!('a; Cow<'a, str>, str);
text_piece!('a; &'a OsStr, OsStr);
text_piece!(; OsString, OsStr);
text_piece!('a; Cow<'a, OsStr>, OsStr);

/// Appends the pieces of text of `par_iter` to `text`, in order, after
/// making room for all of them.
fn append_text<S, T, I>(text: &mut S, par_iter: I)
where
    S: Extend<T> + Reserve,
    T: TextPiece + Send,
    I: IntoParallelIterator<Item = T>,
{
    let list = collect_vec_list(par_iter.into_par_iter());
    text.reserve_for(list.iter().flatten().map(TextPiece::byte_len).sum());
    for pieces in list {
        text.extend(pieces);
    }
}

/// Each piece of the loop builds a `String` of its own characters; the
/// strings are then appended in order.
impl ParallelExtend<char> for String {
    fn par_extend<I>(&mut self, par_iter: I)
    where
        I: IntoParallelIterator<Item = char>,
    {
        let strings: LinkedList<String> = collect_pieces(par_iter.into_par_iter());
        self.reserve(strings.iter().map(String::len).sum());
        self.extend(strings);
    }
}

impl<'a> ParallelExtend<&'a char> for String {
    fn par_extend<I>(&mut self, par_iter: I)
    where
        I: IntoParallelIterator<Item = &'a char>,
    {
        self.par_extend(par_iter.into_par_iter().map(|&c| c));
    }
}

macro_rules! extend_with_text {
    ($text:ty; $($lt:lifetime)?; $piece:ty) => {
        impl<$($lt)?> ParallelExtend<$piece> for $text {
            fn par_extend<I>(&mut self, par_iter: I)
            where
                I: IntoParallelIterator<Item = $piece>,
            {
                append_text(self, par_iter);
            }
        }
    };
}

extend_with_text!(String; 'a; &'a str);
extend_with_text!(String; ; String);
extend_with_text!(String; ; Box<str>);
extend_with_text!(String; 'a; Cow<'a, str>);
extend_with_text!(OsString; 'a; &'a OsStr);
extend_with_text!(OsString; ; OsString);
extend_with_text!(OsString; 'a; Cow<'a, OsStr>);

macro_rules! collect_text {
    ($text:ty; $($lt:lifetime)?; $item:ty) => {
        impl<$($lt)?> FromParallelIterator<$item> for $text {
            fn from_par_iter<I>(par_iter: I) -> Self
            where
                I: IntoParallelIterator<Item = $item>,
            {
                collect_extended(par_iter)
            }
        }
    };
}

collect_text!(String; ; char);
collect_text!(String; 'a; &'a char);
collect_text!(String; 'a; &'a str);
collect_text!(String; ; String);
collect_text!(String; ; Box<str>);
collect_text!(String; 'a; Cow<'a, str>);
collect_text!(OsString; 'a; &'a OsStr);
collect_text!(OsString; ; OsString);
collect_text!(OsString; 'a; Cow<'a, OsStr>);

macro_rules! collect_boxed_str {
    ($($lt:lifetime)?; $item:ty) => {
        impl<$($lt)?> FromParallelIterator<$item> for Box<str> {
            fn from_par_iter<I>(par_iter: I) -> Self
            where
                I: IntoParallelIterator<Item = $item>,
            {
                String::from_par_iter(par_iter).into_boxed_str()
            }
        }
    };
}

collect_boxed_str!(; char);
collect_boxed_str!('a; &'a char);
collect_boxed_str!('a; &'a str);
collect_boxed_str!(; String);
collect_boxed_str!(; Box<str>);
collect_boxed_str!('a; Cow<'a, str>);
