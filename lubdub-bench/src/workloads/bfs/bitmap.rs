//! Vertex sets as bitmaps of 64-bit words, one bit per vertex: the frontier
//! of the bottom-up steps of the direction-optimizing searches. Word `w`
//! holds vertices `64 w .. 64 w + 63`, vertex `64 w + b` in bit `b`.

use std::sync::atomic::{AtomicU64, Ordering};

/// Bits per word.
pub const WORD_BITS: usize = 64;

/// The words a bitmap of `n` vertices needs.
pub fn words_for(n: usize) -> usize {
    n.div_ceil(WORD_BITS)
}

/// Whether `v` is in the set.
#[inline]
pub fn contains(words: &[u64], v: u32) -> bool {
    let v = v as usize;
    words[v / WORD_BITS] >> (v % WORD_BITS) & 1 != 0
}

/// The set of `vertices`, all below `n`.
pub fn to_bitmap(vertices: &[u32], n: usize) -> Vec<u64> {
    let mut words = vec![0u64; words_for(n)];
    for &v in vertices {
        let v = v as usize;
        words[v / WORD_BITS] |= 1 << (v % WORD_BITS);
    }
    words
}

/// Adds `v` to a set shared between threads.
#[inline]
pub fn insert_shared(words: &[AtomicU64], v: u32) {
    let v = v as usize;
    words[v / WORD_BITS].fetch_or(1 << (v % WORD_BITS), Ordering::Relaxed);
}

/// The vertices of word `index`, whose bits are `word`, in increasing order.
pub fn members(index: usize, word: u64) -> impl Iterator<Item = u32> {
    let base = index * WORD_BITS;
    let mut rest = word;
    std::iter::from_fn(move || {
        if rest == 0 {
            return None;
        }
        let bit = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        Some((base + bit) as u32)
    })
}

/// The vertices of word `index` below `n`, as `start..end`.
pub fn span(index: usize, n: usize) -> std::ops::Range<usize> {
    index * WORD_BITS..((index + 1) * WORD_BITS).min(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn members_and_contains_agree() {
        let shared: Vec<AtomicU64> = (0..words_for(130)).map(|_| AtomicU64::new(0)).collect();
        for v in [0, 5, 63, 64, 129] {
            insert_shared(&shared, v);
        }
        let words: Vec<u64> = shared.into_iter().map(AtomicU64::into_inner).collect();
        assert_eq!(words.len(), 3);
        let all: Vec<u32> = words
            .iter()
            .enumerate()
            .flat_map(|(i, &w)| members(i, w))
            .collect();
        assert_eq!(all, [0, 5, 63, 64, 129]);
        assert!(contains(&words, 63) && !contains(&words, 62));
        assert_eq!(span(2, 130), 128..130);
        assert_eq!(words_for(0), 0);
        assert_eq!(to_bitmap(&[0, 5, 63, 64, 129], 130), words);
    }
}
