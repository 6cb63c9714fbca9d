//! How numbers read in tables, headings and file names: about three
//! significant digits, digits grouped by thousands, short size tags.

/// A number with about three significant digits: `0.553`, `11.9`, `228`.
pub fn fmt_num(x: f64) -> String {
    let magnitude = x.abs();
    if magnitude >= 100.0 || magnitude == 0.0 {
        format!("{x:.0}")
    } else if magnitude >= 10.0 {
        format!("{x:.1}")
    } else if magnitude >= 1.0 {
        format!("{x:.2}")
    } else {
        format!("{x:.3}")
    }
}

/// `10000000` as `10,000,000`.
pub fn group_digits(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A size as a short tag: `1023`, `10M`, `100M`, `250k`.
pub fn short_size(n: u64) -> String {
    if n >= 1_000_000 && n % 1_000_000 == 0 {
        format!("{}M", n / 1_000_000)
    } else if n >= 10_000 && n % 1_000 == 0 {
        format!("{}k", n / 1_000)
    } else {
        n.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_formatted_readably() {
        assert_eq!(fmt_num(0.5534), "0.553");
        assert_eq!(fmt_num(11.94), "11.9");
        assert_eq!(fmt_num(228.4), "228");
        assert_eq!(fmt_num(3.0), "3.00");
        assert_eq!(fmt_num(-2.5), "-2.50");
        assert_eq!(group_digits(0), "0");
        assert_eq!(group_digits(1023), "1,023");
        assert_eq!(group_digits(10_000_000), "10,000,000");
        assert_eq!(group_digits(100), "100");
        assert_eq!(short_size(1023), "1023");
        assert_eq!(short_size(10_000_000), "10M");
        assert_eq!(short_size(250_000), "250k");
        assert_eq!(short_size(1000), "1000");
    }
}
