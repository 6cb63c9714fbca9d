//! The arithmetic the G1 FFT needs, as small safe wrappers over `blst`:
//! elements of the BLS12-381 scalar field ([`Fr`]), their 32-byte scalar form
//! ([`Scalar`]), points of G1 ([`G1`]), and the roots of unity built the way
//! c-kzg builds them.

use blst::{
    blst_fr, blst_fr_from_uint64, blst_fr_inverse, blst_fr_mul, blst_p1, blst_p1_add_or_double,
    blst_p1_cneg, blst_p1_generator, blst_p1_is_equal, blst_p1_mult, blst_scalar,
    blst_scalar_from_fr, blst_uint64_from_fr,
};

/// The order r of the BLS12-381 scalar field, as little-endian 64-bit limbs:
/// 0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001.
pub const MODULUS: [u64; 4] = [
    0xffff_ffff_0000_0001,
    0x53bd_a402_fffe_5bfe,
    0x3339_d808_09a1_d805,
    0x73ed_a753_299d_7d48,
];

/// The primitive root c-kzg raises to `(r - 1) / 2^scale` to get a root of
/// unity of order `2^scale`.
pub const PRIMITIVE_ROOT: u64 = 7;

/// The largest scale with a root of unity: 2^32 is the largest power of two
/// dividing r - 1.
pub const MAX_SCALE: u32 = 32;

/// The bits of a scalar that [`G1::mul`] reads: r < 2^255.
const SCALAR_BITS: usize = 255;

/// An element of the scalar field (blst keeps it in Montgomery form).
#[derive(Clone, Copy, Debug)]
#[repr(transparent)]
pub struct Fr(blst_fr);

impl Fr {
    /// The element whose canonical value has the little-endian limbs `limbs`,
    /// which must be below [`MODULUS`].
    pub fn from_limbs(limbs: [u64; 4]) -> Self {
        debug_assert!(below_modulus(&limbs), "{limbs:x?} is not below r");
        let mut out = blst_fr::default();
        // SAFETY: `out` is a valid `blst_fr` to write and `limbs` the four
        // readable u64 that blst_fr_from_uint64 reads.
        unsafe { blst_fr_from_uint64(&mut out, limbs.as_ptr()) };
        Self(out)
    }

    /// The element `x`.
    pub fn from_u64(x: u64) -> Self {
        Self::from_limbs([x, 0, 0, 0])
    }

    /// The canonical value, as little-endian limbs.
    pub fn to_limbs(self) -> [u64; 4] {
        let mut out = [0u64; 4];
        // SAFETY: `out` has the four writable u64 blst_uint64_from_fr writes;
        // `self.0` is a valid `blst_fr`.
        unsafe { blst_uint64_from_fr(out.as_mut_ptr(), &self.0) };
        out
    }

    /// `self * other`.
    pub fn mul(self, other: Self) -> Self {
        let mut out = blst_fr::default();
        // SAFETY: all three are valid `blst_fr`; blst reads the inputs before
        // it writes `out`, which aliases neither.
        unsafe { blst_fr_mul(&mut out, &self.0, &other.0) };
        Self(out)
    }

    /// `1 / self`; `self` must not be zero.
    pub fn inverse(self) -> Self {
        debug_assert!(self != Self::from_u64(0), "zero has no inverse");
        let mut out = blst_fr::default();
        // SAFETY: both are valid `blst_fr` and `out` does not alias the input.
        unsafe { blst_fr_inverse(&mut out, &self.0) };
        Self(out)
    }

    /// `self ^ exponent`, by square-and-multiply from the top bit down; the
    /// exponent is little-endian limbs.
    pub fn pow(self, exponent: [u64; 4]) -> Self {
        let mut acc = Self::from_u64(1);
        for bit in (0..256).rev() {
            acc = acc.mul(acc);
            if exponent[bit / 64] >> (bit % 64) & 1 == 1 {
                acc = acc.mul(self);
            }
        }
        acc
    }

    /// The 32-byte little-endian scalar [`G1::mul`] takes.
    pub fn to_scalar(self) -> Scalar {
        let mut out = blst_scalar::default();
        // SAFETY: `out` is a valid `blst_scalar` to write, `self.0` a valid `blst_fr`.
        unsafe { blst_scalar_from_fr(&mut out, &self.0) };
        Scalar(out)
    }
}

impl PartialEq for Fr {
    fn eq(&self, other: &Self) -> bool {
        self.to_limbs() == other.to_limbs()
    }
}

/// Whether `limbs` (little-endian) is below [`MODULUS`].
fn below_modulus(limbs: &[u64; 4]) -> bool {
    limbs.iter().rev().cmp(MODULUS.iter().rev()) == std::cmp::Ordering::Less
}

/// A scalar field element as the 32 little-endian bytes `blst_p1_mult` reads.
/// `#[repr(transparent)]`, so a `*const Scalar` is a `*const blst_scalar` for C.
#[derive(Clone, Debug)]
#[repr(transparent)]
pub struct Scalar(blst_scalar);

/// A point of G1 in projective coordinates. `#[repr(transparent)]`, so a
/// `*const G1` is a `*const blst_p1` for C. Equality is equality of points
/// ([`blst_p1_is_equal`]), not of coordinates.
#[derive(Clone, Copy, Debug)]
#[repr(transparent)]
pub struct G1(blst_p1);

impl G1 {
    /// The generator of G1.
    pub fn generator() -> Self {
        // SAFETY: blst_p1_generator returns a pointer to a static, valid point.
        Self(unsafe { *blst_p1_generator() })
    }

    /// `self + other` (doubling when they are equal).
    pub fn add_or_double(&self, other: &Self) -> Self {
        let mut out = blst_p1::default();
        // SAFETY: all three are valid `blst_p1`; `out` aliases neither input.
        unsafe { blst_p1_add_or_double(&mut out, &self.0, &other.0) };
        Self(out)
    }

    /// `self - other`: `other` negated with `blst_p1_cneg`, then added.
    pub fn sub(&self, other: &Self) -> Self {
        let mut negated = other.0;
        // SAFETY: `negated` is a valid `blst_p1`, negated in place.
        unsafe { blst_p1_cneg(&mut negated, true) };
        self.add_or_double(&Self(negated))
    }

    /// `scalar * self`.
    pub fn mul(&self, scalar: &Scalar) -> Self {
        let mut out = blst_p1::default();
        // SAFETY: `out` and `self.0` are valid `blst_p1`; `scalar.0.b` holds
        // 32 bytes, at least the `SCALAR_BITS` bits blst_p1_mult reads.
        unsafe { blst_p1_mult(&mut out, &self.0, scalar.0.b.as_ptr(), SCALAR_BITS) };
        Self(out)
    }
}

impl PartialEq for G1 {
    fn eq(&self, other: &Self) -> bool {
        // SAFETY: both are valid `blst_p1`, only read.
        unsafe { blst_p1_is_equal(&self.0, &other.0) }
    }
}

/// The root of unity of order `2^scale`: [`PRIMITIVE_ROOT`] raised to
/// `(r - 1) / 2^scale`.
///
/// # Panics
/// When `scale` exceeds [`MAX_SCALE`].
pub fn root_of_unity(scale: u32) -> Fr {
    assert!(scale <= MAX_SCALE, "no root of unity of order 2^{scale}");
    let mut exponent = MODULUS;
    exponent[0] -= 1; // r - 1; r is odd, so no borrow.
    for _ in 0..scale {
        for i in 0..4 {
            let carry = if i + 1 < 4 { exponent[i + 1] << 63 } else { 0 };
            exponent[i] = exponent[i] >> 1 | carry;
        }
    }
    Fr::from_u64(PRIMITIVE_ROOT).pow(exponent)
}

/// The `2^scale + 1` powers `root^0, root^1, ..., root^(2^scale) = 1` of the
/// root of unity of order `2^scale`, by repeated multiplication (c-kzg's
/// `expand_root_of_unity`).
pub fn expand_roots(scale: u32) -> Vec<Fr> {
    let root = root_of_unity(scale);
    let n = 1usize << scale;
    let mut roots = Vec::with_capacity(n + 1);
    roots.push(Fr::from_u64(1));
    for i in 1..=n {
        roots.push(roots[i - 1].mul(root));
    }
    roots
}

/// `n` points `k * G` with `k` drawn from a splitmix64 stream seeded with
/// `seed`: random, reproducible and, with overwhelming probability, distinct.
pub fn random_points(n: usize, seed: u64) -> Vec<G1> {
    let mut state = seed;
    let mut next = || {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ z >> 30).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ z >> 27).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ z >> 31
    };
    let generator = G1::generator();
    (0..n)
        .map(|_| {
            // The top limb cut to 62 bits keeps the value below r (> 2^254).
            let limbs = [next(), next(), next(), next() >> 2];
            generator.mul(&Fr::from_limbs(limbs).to_scalar())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn field_arithmetic_round_trips() {
        let a = Fr::from_limbs([5, 6, 7, 8]);
        assert_eq!(a.to_limbs(), [5, 6, 7, 8]);
        assert_eq!(Fr::from_u64(6).mul(Fr::from_u64(7)), Fr::from_u64(42));
        assert_eq!(a.mul(a.inverse()), Fr::from_u64(1));
        assert_eq!(Fr::from_u64(3).pow([5, 0, 0, 0]), Fr::from_u64(243));
        // Fermat: a^(r-1) = 1.
        let mut r_minus_1 = MODULUS;
        r_minus_1[0] -= 1;
        assert_eq!(a.pow(r_minus_1), Fr::from_u64(1));
        assert!(below_modulus(&[
            u64::MAX,
            u64::MAX,
            u64::MAX,
            MODULUS[3] - 1
        ]));
        assert!(!below_modulus(&MODULUS));
    }

    #[test]
    fn roots_of_unity_have_exactly_their_order() {
        let one = Fr::from_u64(1);
        for scale in 1..=MAX_SCALE {
            let root = root_of_unity(scale);
            let mut x = root;
            for _ in 1..scale {
                x = x.mul(x);
            }
            // x = root^(2^(scale-1)): -1, not 1; one more squaring gives 1.
            assert_ne!(x, one, "scale {scale}");
            assert_eq!(x.mul(x), one, "scale {scale}");
        }
        assert_eq!(root_of_unity(0), one);
    }

    #[test]
    fn expanded_roots_cycle_back_to_one_only_at_the_end() {
        let roots = expand_roots(4);
        assert_eq!(roots.len(), 17);
        assert_eq!(roots[0], Fr::from_u64(1));
        assert_eq!(roots[16], Fr::from_u64(1));
        assert!(roots[1..16].iter().all(|&r| r != Fr::from_u64(1)));
        assert_eq!(roots[1], root_of_unity(4));
        assert_eq!(roots[8].mul(roots[8]), Fr::from_u64(1));
    }

    #[test]
    fn group_operations_agree_with_scalar_multiplication() {
        let g = G1::generator();
        let two = g.add_or_double(&g);
        let three = two.add_or_double(&g);
        assert_eq!(two, g.mul(&Fr::from_u64(2).to_scalar()));
        assert_eq!(three.sub(&g), two);
        assert_eq!(three, g.mul(&Fr::from_u64(3).to_scalar()));
        assert_ne!(two, three);
        // Points equal in value may differ in coordinates: compare as points.
        let via_sum = three.add_or_double(&g).sub(&two);
        assert_eq!(via_sum, two);
    }

    #[test]
    fn random_points_are_reproducible_and_distinct() {
        let points = random_points(64, 1);
        assert_eq!(points, random_points(64, 1));
        assert_ne!(points, random_points(64, 2));
        for (i, p) in points.iter().enumerate() {
            assert!(points[i + 1..].iter().all(|q| q != p), "point {i} repeats");
        }
    }
}
