//! `lubdub::str` against the standard library's string iterators, on pools
//! of 1, 2 and 8 threads: strings of one- to four-byte chars with frequent
//! separators and whitespace, empty strings, one char, every kind of
//! pattern, and a panicking pattern closure.

mod common;

use std::panic::{catch_unwind, AssertUnwindSafe};

use lubdub::prelude::*;
use proptest::prelude::*;

/// One- to four-byte chars, Unicode and ASCII whitespace (`\u{85}` and
/// `\u{3000}` are whitespace only to Unicode, `\u{c}` to both), line endings
/// and the separators the tests use.
const ALPHABET: &[char] = &[
    'a', 'b', 'é', 'ß', '€', '語', '😀', '𝄞', ' ', '\t', '\n', '\r', '\u{c}', '\u{85}', '\u{3000}',
    ',', ';',
];

fn text() -> impl Strategy<Value = String> {
    proptest::collection::vec(proptest::sample::select(ALPHABET), 0..120)
        .prop_map(|chars| chars.into_iter().collect())
}

fn v<'a>(pieces: impl Iterator<Item = &'a str>) -> Vec<&'a str> {
    pieces.collect()
}

/// Checks every iterator of `ParallelString` on `s` against std's.
fn check_against_std(s: &str) {
    let set: &[char] = &[',', '😀'];
    let array = ['€', ';'];
    let not_letter = |c: char| !c.is_alphabetic();

    assert_eq!(
        s.par_chars().collect::<Vec<_>>(),
        s.chars().collect::<Vec<_>>()
    );
    assert_eq!(
        s.par_char_indices().collect::<Vec<_>>(),
        s.char_indices().collect::<Vec<_>>()
    );
    assert_eq!(
        s.par_bytes().collect::<Vec<_>>(),
        s.bytes().collect::<Vec<_>>()
    );
    assert_eq!(
        s.par_encode_utf16().collect::<Vec<_>>(),
        s.encode_utf16().collect::<Vec<_>>()
    );

    assert_eq!(s.par_split(',').collect::<Vec<_>>(), v(s.split(',')));
    assert_eq!(s.par_split('😀').collect::<Vec<_>>(), v(s.split('😀')));
    assert_eq!(s.par_split(set).collect::<Vec<_>>(), v(s.split(set)));
    assert_eq!(s.par_split(array).collect::<Vec<_>>(), v(s.split(array)));
    assert_eq!(s.par_split(&array).collect::<Vec<_>>(), v(s.split(&array)));
    assert_eq!(
        s.par_split(not_letter).collect::<Vec<_>>(),
        v(s.split(not_letter))
    );

    assert_eq!(
        s.par_split_inclusive(',').collect::<Vec<_>>(),
        v(s.split_inclusive(','))
    );
    assert_eq!(
        s.par_split_inclusive(set).collect::<Vec<_>>(),
        v(s.split_inclusive(set))
    );
    assert_eq!(
        s.par_split_terminator(';').collect::<Vec<_>>(),
        v(s.split_terminator(';'))
    );
    assert_eq!(
        s.par_split_terminator(array).collect::<Vec<_>>(),
        v(s.split_terminator(array))
    );

    assert_eq!(s.par_lines().collect::<Vec<_>>(), v(s.lines()));
    assert_eq!(
        s.par_split_whitespace().collect::<Vec<_>>(),
        v(s.split_whitespace())
    );
    assert_eq!(
        s.par_split_ascii_whitespace().collect::<Vec<_>>(),
        v(s.split_ascii_whitespace())
    );

    assert_eq!(s.par_matches('é').collect::<Vec<_>>(), v(s.matches('é')));
    assert_eq!(
        s.par_matches(not_letter).collect::<Vec<_>>(),
        v(s.matches(not_letter))
    );
    assert_eq!(
        s.par_match_indices(set).collect::<Vec<_>>(),
        s.match_indices(set).collect::<Vec<_>>()
    );
    assert_eq!(
        s.par_match_indices(not_letter).collect::<Vec<_>>(),
        s.match_indices(not_letter).collect::<Vec<_>>()
    );
}

proptest! {
    #![proptest_config(common::cases(48, 4))]

    #[test]
    fn string_iterators_match_std(s in text()) {
        for pool in common::loop_pools() {
            pool.install(|| check_against_std(&s));
        }
    }
}

#[test]
fn short_strings_match_std() {
    let cases = [
        "",
        "a",
        "é",
        "😀",
        ",",
        ",,",
        "\n",
        "\r\n",
        "a\r",
        "\r",
        " ",
        "\u{3000}",
        "a,",
        ",a",
        "a\n\nb\n",
        "\u{85}x\u{85}",
    ];
    for pool in common::loop_pools() {
        for s in cases {
            pool.install(|| check_against_std(s));
        }
    }
}

/// A string long enough that every iterator is cut many times on 8 threads.
#[test]
fn long_strings_match_std() {
    let n = common::scaled(40_000, 400);
    let s: String = (0..n)
        .map(|i| ALPHABET[i * 7919 % 1009 % ALPHABET.len()])
        .collect();
    // And one without any separator or whitespace: nothing to cut at.
    let solid: String = "é😀b".repeat(n / 3);
    for pool in common::loop_pools() {
        pool.install(|| check_against_std(&s));
        pool.install(|| check_against_std(&solid));
    }
}

#[test]
fn strings_and_boxes_have_the_methods() {
    let owned = String::from("lub,dub");
    let boxed: Box<str> = "lub dub".into();
    assert_eq!(owned.par_split(',').count(), 2);
    assert_eq!(boxed.par_split_whitespace().count(), 2);
    assert_eq!(owned.as_parallel_string(), "lub,dub");
}

#[test]
fn a_panicking_pattern_reaches_the_caller() {
    let s = "ab,".repeat(common::scaled(5_000, 50));
    for pool in common::loop_pools() {
        let result = catch_unwind(AssertUnwindSafe(|| {
            pool.install(|| {
                s.par_split(|c: char| {
                    assert!(c != 'b', "pattern panic");
                    c == ','
                })
                .count()
            })
        }));
        let message = result.expect_err("the pattern panicked");
        assert_eq!(message.downcast_ref::<&str>(), Some(&"pattern panic"));
        let result = catch_unwind(AssertUnwindSafe(|| {
            pool.install(|| s.par_chars().for_each(|c| assert!(c != ',')))
        }));
        assert!(result.is_err());
    }
}
