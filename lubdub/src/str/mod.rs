//! Parallel iterators over strings, with Rayon's names (`rayon::str`): the
//! [`ParallelString`] trait and the iterator types it returns.
//!
//! All of them are unindexed: a string is cut near its middle, at a char
//! boundary (`par_chars`, `par_bytes`, `par_matches`...) or at a separator
//! found by a scan from there (`par_split`, `par_lines`,
//! `par_split_whitespace`...), and each piece is read by the standard
//! library's iterator of the same name.
//!
//! The separators and patterns (`P`) are chars: a `char`, a `&[char]`, a
//! `[char; N]`, a `&[char; N]`, or a `Fn(char) -> bool + Sync + Send`
//! closure. The trait that names them is private, as Rayon's is.
//!
//! ```
//! use lubdub::prelude::*;
//!
//! let text = "lub dub\nlub dub dub\n";
//! let words: usize = text.par_lines().map(|line| line.split(' ').count()).sum();
//! assert_eq!(words, 5);
//! ```

mod chars;
mod matches;
mod pattern;
mod split;
mod text;
mod whitespace;

pub use chars::{Bytes, CharIndices, Chars, EncodeUtf16};
pub use matches::{MatchIndices, Matches};
use pattern::Pattern;
pub use split::{Lines, Split, SplitInclusive, SplitTerminator};
pub use whitespace::{SplitAsciiWhitespace, SplitWhitespace};

/// Parallel methods of string slices (and of everything that derefs to one:
/// `String`, `Box<str>`...).
///
/// ```
/// use lubdub::prelude::*;
///
/// let s = String::from("a-b-c");
/// let parts: Vec<&str> = s.par_split('-').collect();
/// assert_eq!(parts, ["a", "b", "c"]);
/// ```
pub trait ParallelString {
    /// The string the other methods work on.
    ///
    /// ```
    /// use lubdub::str::ParallelString;
    ///
    /// let s = String::from("lub");
    /// assert_eq!(s.as_parallel_string(), "lub");
    /// ```
    fn as_parallel_string(&self) -> &str;

    /// A parallel iterator over the chars, as `str::chars`.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let chars: Vec<char> = "héllo".par_chars().collect();
    /// assert_eq!(chars, ['h', 'é', 'l', 'l', 'o']);
    /// ```
    fn par_chars(&self) -> Chars<'_> {
        Chars::new(self.as_parallel_string())
    }

    /// A parallel iterator over the chars and their byte offsets, as
    /// `str::char_indices`.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let last: Vec<(usize, char)> = "héllo".par_char_indices().collect();
    /// assert_eq!(last[2], (3, 'l'));
    /// ```
    fn par_char_indices(&self) -> CharIndices<'_> {
        CharIndices::new(self.as_parallel_string())
    }

    /// A parallel iterator over the bytes, as `str::bytes`.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let sum: u32 = "AB".par_bytes().map(u32::from).sum();
    /// assert_eq!(sum, 65 + 66);
    /// ```
    fn par_bytes(&self) -> Bytes<'_> {
        Bytes::new(self.as_parallel_string())
    }

    /// A parallel iterator over the UTF-16 code units, as
    /// `str::encode_utf16`.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let s = "lub 😀";
    /// assert_eq!(s.par_encode_utf16().count(), s.encode_utf16().count());
    /// ```
    fn par_encode_utf16(&self) -> EncodeUtf16<'_> {
        EncodeUtf16::new(self.as_parallel_string())
    }

    /// A parallel iterator over the pieces between matches of `separator`,
    /// as `str::split`.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let total: i32 = "1,2,3".par_split(',').map(|n| n.parse::<i32>().unwrap()).sum();
    /// assert_eq!(total, 6);
    /// ```
    fn par_split<P: Pattern>(&self, separator: P) -> Split<'_, P> {
        Split::new(self.as_parallel_string(), separator)
    }

    /// A parallel iterator over the pieces that end with a match of
    /// `separator` (the last may not), as `str::split_inclusive`.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let pieces: Vec<&str> = "a.b.c".par_split_inclusive('.').collect();
    /// assert_eq!(pieces, ["a.", "b.", "c"]);
    /// ```
    fn par_split_inclusive<P: Pattern>(&self, separator: P) -> SplitInclusive<'_, P> {
        SplitInclusive::new(self.as_parallel_string(), separator)
    }

    /// A parallel iterator over the pieces between matches of `terminator`,
    /// without the last one if it is empty, as `str::split_terminator`.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let pieces: Vec<&str> = "a.b.".par_split_terminator('.').collect();
    /// assert_eq!(pieces, ["a", "b"]);
    /// ```
    fn par_split_terminator<P: Pattern>(&self, terminator: P) -> SplitTerminator<'_, P> {
        SplitTerminator::new(self.as_parallel_string(), terminator)
    }

    /// A parallel iterator over the lines, without their `\n` or `\r\n`
    /// endings, as `str::lines`.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let lengths: Vec<usize> = "ab\r\nc\n".par_lines().map(str::len).collect();
    /// assert_eq!(lengths, [2, 1]);
    /// ```
    fn par_lines(&self) -> Lines<'_> {
        Lines(self.as_parallel_string())
    }

    /// A parallel iterator over the words between runs of Unicode
    /// whitespace, as `str::split_whitespace`.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// assert_eq!("  lub \t dub\n".par_split_whitespace().count(), 2);
    /// ```
    fn par_split_whitespace(&self) -> SplitWhitespace<'_> {
        SplitWhitespace(self.as_parallel_string())
    }

    /// A parallel iterator over the words between runs of ASCII whitespace,
    /// as `str::split_ascii_whitespace`.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let words: Vec<&str> = "lub  dub".par_split_ascii_whitespace().collect();
    /// assert_eq!(words, ["lub", "dub"]);
    /// ```
    fn par_split_ascii_whitespace(&self) -> SplitAsciiWhitespace<'_> {
        SplitAsciiWhitespace(self.as_parallel_string())
    }

    /// A parallel iterator over the matches of `pattern` (each one char), as
    /// `str::matches`.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// assert_eq!("banana".par_matches('a').count(), 3);
    /// ```
    fn par_matches<P: Pattern>(&self, pattern: P) -> Matches<'_, P> {
        Matches::new(self.as_parallel_string(), pattern)
    }

    /// A parallel iterator over the matches of `pattern` and their byte
    /// offsets, as `str::match_indices`.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let at: Vec<usize> = "banana".par_match_indices('n').map(|(i, _)| i).collect();
    /// assert_eq!(at, [2, 4]);
    /// ```
    fn par_match_indices<P: Pattern>(&self, pattern: P) -> MatchIndices<'_, P> {
        MatchIndices::new(self.as_parallel_string(), pattern)
    }
}

impl ParallelString for str {
    fn as_parallel_string(&self) -> &str {
        self
    }
}
