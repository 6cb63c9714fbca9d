//! Word counting: how often each word occurs in a generated text (words
//! of a fixed vocabulary, common ones far more often than rare ones),
//! `par_split_whitespace().fold(HashMap::new, count).reduce(HashMap::new,
//! merge)`, against one `HashMap` filled by `split_whitespace()`.

use std::collections::HashMap;

use super::{random_u64s, Program};
use crate::check::{expect_same_map, Mismatch};
use crate::experiment::{Experiment, Heading};

/// Words in the vocabulary.
const VOCABULARY: usize = 5_000;

/// Counts of words.
type Counts<'t> = HashMap<&'t str, usize>;

/// Adds one occurrence of `word` to `counts`.
fn count<'t>(mut counts: Counts<'t>, word: &'t str) -> Counts<'t> {
    *counts.entry(word).or_insert(0) += 1;
    counts
}

/// The counts of `a` and `b` together: the smaller map added into the
/// larger.
fn merge<'t>(a: Counts<'t>, b: Counts<'t>) -> Counts<'t> {
    let (mut into, from) = if a.len() >= b.len() { (a, b) } else { (b, a) };
    for (word, n) in from {
        *into.entry(word).or_insert(0) += n;
    }
    into
}

/// The counts with owned words: the answer.
fn owned(counts: Counts<'_>) -> HashMap<String, usize> {
    counts
        .into_iter()
        .map(|(word, n)| (word.to_owned(), n))
        .collect()
}

/// The parallel count, written once for each runtime.
macro_rules! parallel {
    ($rt:ident) => {
        /// How often each word of `text` occurs.
        pub fn count_words(text: &str) -> HashMap<String, usize> {
            use $rt::prelude::*;
            owned(
                text.par_split_whitespace()
                    .fold(HashMap::new, count)
                    .reduce(HashMap::new, merge),
            )
        }
    };
}

on_both_runtimes!(parallel);

program! {
    /// The program.
    Wordcount, sizes 1_500_000, 300_000, String => HashMap<String, usize>, fresh none;
    "wordcount", Heading::Count("words");

    /// `size` words separated by spaces and now and then a newline: word
    /// `i` of the vocabulary (3 to 10 letters) with a chance falling off
    /// about as `1 / (i + 1)` (the rank is `VOCABULARY^u - 1` for a
    /// uniform `u` in [0, 1)).
    fn input(size: usize) -> String {
        let randoms = random_u64s(VOCABULARY + 2 * size, 7);
        let (spellings, draws) = randoms.split_at(VOCABULARY);
        let vocabulary: Vec<String> = spellings
            .iter()
            .map(|&r| {
                let len = 3 + (r % 8) as usize;
                (0..len)
                    .map(|i| char::from(b'a' + ((r >> (8 + 5 * i)) % 26) as u8))
                    .collect()
            })
            .collect();
        let mut text = String::with_capacity(8 * size);
        for pair in draws.chunks_exact(2) {
            let u = (pair[0] >> 11) as f64 / (1u64 << 53) as f64;
            let rank = (VOCABULARY as f64).powf(u) as usize - 1;
            text.push_str(&vocabulary[rank.min(VOCABULARY - 1)]);
            text.push(if pair[1] % 16 == 0 { '\n' } else { ' ' });
        }
        text
    }

    fn sequential(text: &String, (): ()) -> HashMap<String, usize> {
        owned(text.split_whitespace().fold(HashMap::new(), count))
    }

    on_each_runtime!(|rt| fn(text: &String, (): ()) -> HashMap<String, usize> {
        rt::count_words(text)
    });

    fn check(
        got: &HashMap<String, usize>,
        expected: &HashMap<String, usize>,
    ) -> Result<(), Mismatch> {
        expect_same_map(got, expected)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::workloads::programs::check_every_way;

    #[test]
    fn the_text_has_its_words_and_common_words_are_common() {
        let text = Wordcount::input(20_000);
        let counts = Wordcount::sequential(&text, ());
        assert_eq!(counts.values().sum::<usize>(), 20_000);
        let most = counts.values().max().copied().unwrap();
        assert!(most > 1_000, "{most}");
        assert!(counts.len() > 1_000, "{}", counts.len());
    }

    #[test]
    fn every_way_counts() {
        check_every_way::<Wordcount>(&[0, 1, 2, 1000, 20_000]);
    }
}
