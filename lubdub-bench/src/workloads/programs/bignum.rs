//! Big-integer products: 1,000 pairs of big unsigned integers (`LIMBS`
//! 32-bit limbs each), each pair multiplied by schoolbook multiplication,
//! the products added up: `into_par_iter().map(product).reduce_with(add)`.
//! Each item is tens of microseconds of work, so the loop has few items.

use super::{random_u64s, Program};
use crate::check::{expect_same, Mismatch};
use crate::experiment::{Experiment, Heading};

/// Limbs of each factor.
const LIMBS: usize = 192;

/// A big unsigned integer: little-endian 32-bit limbs, without leading
/// zero limbs.
pub type Big = Vec<u32>;

/// `x` without its leading zero limbs.
fn normalized(mut x: Big) -> Big {
    while x.last() == Some(&0) {
        x.pop();
    }
    x
}

/// `a * b`, schoolbook.
fn mul(a: &[u32], b: &[u32]) -> Big {
    let mut out = vec![0u32; a.len() + b.len()];
    for (i, &x) in a.iter().enumerate() {
        let mut carry = 0u64;
        for (j, &y) in b.iter().enumerate() {
            let t = u64::from(x) * u64::from(y) + u64::from(out[i + j]) + carry;
            out[i + j] = t as u32;
            carry = t >> 32;
        }
        out[i + b.len()] = carry as u32;
    }
    normalized(out)
}

/// `a + b`.
fn add(a: Big, b: Big) -> Big {
    let (mut long, short) = if a.len() >= b.len() { (a, b) } else { (b, a) };
    let mut carry = 0u64;
    for (i, limb) in long.iter_mut().enumerate() {
        let t = u64::from(*limb) + u64::from(short.get(i).copied().unwrap_or(0)) + carry;
        *limb = t as u32;
        carry = t >> 32;
        if carry == 0 && i >= short.len() {
            break;
        }
    }
    if carry != 0 {
        long.push(carry as u32);
    }
    long
}

/// The parallel sum of products, written once for each runtime.
macro_rules! parallel {
    ($rt:ident) => {
        /// The sum of the products of the pairs.
        pub fn sum_of_products(pairs: &[(Big, Big)]) -> Option<Big> {
            use $rt::prelude::*;
            (0..pairs.len())
                .into_par_iter()
                .map(|i| mul(&pairs[i].0, &pairs[i].1))
                .reduce_with(add)
        }
    };
}

on_both_runtimes!(parallel);

program! {
    /// The program.
    Bignum, sizes 1_000, 200, Vec<(Big, Big)> => Option<Big>, fresh none;
    "bignum", Heading::Custom(|n| format!("bignum, {n} products of {LIMBS}-limb integers"));

    /// `size` pairs of random `LIMBS`-limb integers.
    fn input(size: usize) -> Vec<(Big, Big)> {
        let limbs: Vec<u32> = random_u64s(size * LIMBS, 9)
            .into_iter()
            .flat_map(|r| [r as u32, (r >> 32) as u32])
            .collect();
        limbs
            .chunks_exact(2 * LIMBS)
            .map(|pair| {
                let (a, b) = pair.split_at(LIMBS);
                (normalized(a.to_vec()), normalized(b.to_vec()))
            })
            .collect()
    }

    fn sequential(pairs: &Vec<(Big, Big)>, (): ()) -> Option<Big> {
        pairs.iter().map(|(a, b)| mul(a, b)).reduce(add)
    }

    on_each_runtime!(|rt| fn(pairs: &Vec<(Big, Big)>, (): ()) -> Option<Big> {
        rt::sum_of_products(pairs)
    });

    fn check(got: &Option<Big>, expected: &Option<Big>) -> Result<(), Mismatch> {
        match (got, expected) {
            (Some(got), Some(expected)) => expect_same(got, expected),
            (None, None) => Ok(()),
            _ => Err(Mismatch {
                got: i64::from(got.is_some()),
                expected: i64::from(expected.is_some()),
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::workloads::programs::check_every_way;

    /// `x` as a `u128`, for small values.
    fn small(x: &[u32]) -> u128 {
        x.iter().rev().fold(0, |acc, &l| (acc << 32) | u128::from(l))
    }

    #[test]
    fn arithmetic_matches_u128() {
        let cases: [(u64, u64); 4] = [(0, 5), (1, 1), (u64::MAX, u64::MAX), (0xFFFF_FFFF, 1 << 32)];
        for (x, y) in cases {
            let big = |v: u64| normalized(vec![v as u32, (v >> 32) as u32]);
            let product = mul(&big(x), &big(y));
            assert_eq!(small(&product), u128::from(x) * u128::from(y), "{x} * {y}");
            let sum = add(big(x), big(y));
            assert_eq!(small(&sum), u128::from(x) + u128::from(y), "{x} + {y}");
        }
        assert_eq!(mul(&[], &[7]), Vec::<u32>::new());
        assert_eq!(add(vec![u32::MAX; 2], vec![1]), [0, 0, 1]);
    }

    #[test]
    fn every_way_sums_the_products() {
        check_every_way::<Bignum>(&[0, 1, 2, 40]);
    }
}
