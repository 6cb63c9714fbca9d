//! [`hints_from_base!`]: the hidden hints of an adaptor's consumer that
//! answers them as its base does; [`lens_from_base!`] and
//! [`split_at_like_base!`]: the lengths and cuts of an adaptor's producer
//! that has its base's positions.

/// Writes, inside `impl Consumer<T> for` an adaptor's consumer whose base
/// consumer `self.base` is of type `C`, lubdub's hidden hints answered as
/// the base answers them: `position_free` (needs positions only where its
/// base does), `may_become_full` (full only when its base is),
/// `FROM_THE_RIGHT` (from the right where its base is) and `RESULTS_GROW`.
macro_rules! hints_from_base {
    () => {
        fn position_free(&self) -> bool {
            self.base.position_free()
        }

        fn may_become_full(&self) -> bool {
            self.base.may_become_full()
        }

        const FROM_THE_RIGHT: bool = C::FROM_THE_RIGHT;

        const RESULTS_GROW: bool = C::RESULTS_GROW;
    };
}

pub(super) use hints_from_base;

/// Writes, inside `impl Producer for` an adaptor's producer with the
/// positions of its base producer `self.base`, `min_len` and `max_len` as
/// the base answers them.
macro_rules! lens_from_base {
    () => {
        fn min_len(&self) -> usize {
            self.base.min_len()
        }

        fn max_len(&self) -> usize {
            self.base.max_len()
        }
    };
}

pub(super) use lens_from_base;

/// Writes, inside `impl Producer for $producer`, a producer with the
/// positions of its base producer `self.base` and `Copy` fields `$field`,
/// `split_at`: the base's halves, each with a copy of the fields.
macro_rules! split_at_like_base {
    ($producer:ident { $($field:ident),* }) => {
        fn split_at(self, index: usize) -> (Self, Self) {
            let (left, right) = self.base.split_at(index);
            (
                $producer {
                    base: left,
                    $($field: self.$field,)*
                },
                $producer {
                    base: right,
                    $($field: self.$field,)*
                },
            )
        }
    };
}

pub(super) use split_at_like_base;
