//! [`Chars`], [`CharIndices`], [`Bytes`], [`EncodeUtf16`]: a string's chars
//! (with their byte offsets), bytes and UTF-16 code units, cut near the
//! middle at a char boundary.

use super::text::{drive, Reading};
use crate::iter::plumbing::{Folder, UnindexedConsumer};
use crate::iter::ParallelIterator;

/// The iterator of [`ParallelString::par_chars`](super::ParallelString::par_chars).
///
/// ```
/// use lubdub::prelude::*;
///
/// let upper: Vec<char> = "añb".par_chars().map(|c| c.to_ascii_uppercase()).collect();
/// assert_eq!(upper, ['A', 'ñ', 'B']);
/// ```
#[derive(Debug, Clone)]
pub struct Chars<'ch> {
    chars: &'ch str,
}

/// The iterator of [`ParallelString::par_char_indices`](super::ParallelString::par_char_indices).
///
/// ```
/// use lubdub::prelude::*;
///
/// let indexed: Vec<(usize, char)> = "añb".par_char_indices().collect();
/// assert_eq!(indexed, [(0, 'a'), (1, 'ñ'), (3, 'b')]);
/// ```
#[derive(Debug, Clone)]
pub struct CharIndices<'ch> {
    chars: &'ch str,
}

/// The iterator of [`ParallelString::par_bytes`](super::ParallelString::par_bytes).
///
/// ```
/// use lubdub::prelude::*;
///
/// assert_eq!("añb".par_bytes().count(), 4);
/// ```
#[derive(Debug, Clone)]
pub struct Bytes<'ch> {
    chars: &'ch str,
}

/// The iterator of [`ParallelString::par_encode_utf16`](super::ParallelString::par_encode_utf16).
///
/// ```
/// use lubdub::prelude::*;
///
/// let units: Vec<u16> = "a😀".par_encode_utf16().collect();
/// assert_eq!(units, [0x61, 0xD83D, 0xDE00]);
/// ```
#[derive(Debug, Clone)]
pub struct EncodeUtf16<'ch> {
    chars: &'ch str,
}

/// How each iterator reads a stretch of the string.
#[derive(Clone, Copy)]
struct ReadChars;
#[derive(Clone, Copy)]
struct ReadCharIndices;
#[derive(Clone, Copy)]
struct ReadBytes;
#[derive(Clone, Copy)]
struct ReadUtf16;

impl<'ch> Reading<'ch> for ReadChars {
    type Item = char;
    fn fold<F: Folder<char>>(self, text: &'ch str, _offset: usize, folder: F) -> F {
        folder.consume_iter(text.chars())
    }
}

impl<'ch> Reading<'ch> for ReadCharIndices {
    type Item = (usize, char);
    fn fold<F: Folder<(usize, char)>>(self, text: &'ch str, offset: usize, folder: F) -> F {
        folder.consume_iter(text.char_indices().map(|(i, c)| (offset + i, c)))
    }
}

impl<'ch> Reading<'ch> for ReadBytes {
    type Item = u8;
    fn fold<F: Folder<u8>>(self, text: &'ch str, _offset: usize, folder: F) -> F {
        folder.consume_iter(text.bytes())
    }
}

impl<'ch> Reading<'ch> for ReadUtf16 {
    type Item = u16;
    fn fold<F: Folder<u16>>(self, text: &'ch str, _offset: usize, folder: F) -> F {
        folder.consume_iter(text.encode_utf16())
    }
}

macro_rules! text_iterators {
    ($($name:ident, $reading:ident, $item:ty;)*) => {$(
        impl<'ch> $name<'ch> {
            pub(super) fn new(chars: &'ch str) -> Self {
                Self { chars }
            }
        }

        impl ParallelIterator for $name<'_> {
            type Item = $item;

            fn drive_unindexed<C: UnindexedConsumer<$item>>(self, consumer: C) -> C::Result {
                drive(self.chars, $reading, consumer)
            }
        }
    )*};
}

text_iterators! {
    Chars, ReadChars, char;
    CharIndices, ReadCharIndices, (usize, char);
    Bytes, ReadBytes, u8;
    EncodeUtf16, ReadUtf16, u16;
}
