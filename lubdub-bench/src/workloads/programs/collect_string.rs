//! `collect` into a `String`: the characters of a text, upper-cased,
//! `par_chars().map(..).collect()` against the sequential
//! `chars().map(..).collect()`.

use super::{random_u64s, Program};
use crate::check::{expect_same, Mismatch};
use crate::experiment::{Experiment, Heading};

/// The character that replaces `c`.
fn shout(c: char) -> char {
    c.to_ascii_uppercase()
}

/// The parallel collect, written once for each runtime.
macro_rules! parallel {
    ($rt:ident) => {
        /// `text` upper-cased.
        pub fn collect(text: &str) -> String {
            use $rt::prelude::*;
            text.par_chars().map(shout).collect()
        }
    };
}

on_both_runtimes!(parallel);

program! {
    /// The program.
    CollectString, sizes 20_000_000, 4_000_000, String => String, fresh none;
    "collect-string", Heading::Count("chars");

    /// `size` characters: lower-case letters, spaces, and one `é` in 64
    /// (two bytes in UTF-8), so the text has characters of two widths.
    fn input(size: usize) -> String {
        random_u64s(size, 10)
            .into_iter()
            .map(|r| match r % 64 {
                0 => 'é',
                1..=9 => ' ',
                _ => char::from(b'a' + (r >> 8) as u8 % 26),
            })
            .collect()
    }

    fn sequential(text: &String, (): ()) -> String {
        text.chars().map(shout).collect()
    }

    on_each_runtime!(|rt| fn(text: &String, (): ()) -> String {
        rt::collect(text)
    });

    fn check(got: &String, expected: &String) -> Result<(), Mismatch> {
        expect_same(got.as_bytes(), expected.as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::workloads::programs::check_every_way;

    #[test]
    fn letters_are_shouted_and_others_kept() {
        assert_eq!(CollectString::sequential(&"ab é z".to_owned(), ()), "AB é Z");
    }

    #[test]
    fn every_way_collects_in_order() {
        check_every_way::<CollectString>(&[0, 1, 2, 1000, 100_000]);
    }
}
