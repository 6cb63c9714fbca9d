//! [`Seed`]: where each folder of a loop gets its own starting value, for
//! the methods that take either a value to clone (`fold_with`,
//! `try_fold_with`, `try_for_each_with`) or a closure that makes one
//! (`fold`, `try_fold`, `try_for_each_init`). A consumer holds a seed,
//! splits it when it is split, and turns it into the value when it becomes
//! a folder.

/// A consumer's source of one starting value per folder.
pub(crate) trait Seed: Send {
    /// The value a folder starts from.
    type Value;

    /// The seed of a consumer split off this one's.
    fn split(&self) -> Self;

    /// The starting value of one folder.
    fn into_value(self) -> Self::Value;
}

/// Clones of one value: each split consumer gets its own.
pub(crate) struct CloneOf<T>(pub(crate) T);

impl<T: Send + Clone> Seed for CloneOf<T> {
    type Value = T;

    fn split(&self) -> Self {
        CloneOf(self.0.clone())
    }

    fn into_value(self) -> T {
        self.0
    }
}

/// Values made by a closure, one per folder.
pub(crate) struct MadeBy<'f, F>(pub(crate) &'f F);

impl<F> Clone for MadeBy<'_, F> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<F> Copy for MadeBy<'_, F> {}

impl<F, T> Seed for MadeBy<'_, F>
where
    F: Fn() -> T + Sync,
{
    type Value = T;

    fn split(&self) -> Self {
        *self
    }

    fn into_value(self) -> T {
        (self.0)()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clones_split_into_equal_values_and_closures_run_once_per_value() {
        let seed = CloneOf(vec![1, 2]);
        assert_eq!(seed.split().into_value(), seed.into_value());
        let calls = std::sync::atomic::AtomicUsize::new(0);
        let make = || calls.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let seed = MadeBy(&make);
        let other = seed.split();
        assert_eq!((seed.into_value(), other.into_value()), (0, 1));
    }
}
