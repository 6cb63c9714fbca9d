//! [`hints_from_base!`]: the hidden hints of an adaptor's consumer that
//! answers them as its base does.

/// Writes, inside `impl Consumer<T> for` an adaptor's consumer whose base
/// consumer `self.base` is of type `C`, lubdub's hidden hints answered as
/// the base answers them: `position_free` (needs positions only where its
/// base does), `may_become_full` (full only when its base is) and
/// `FROM_THE_RIGHT` (from the right where its base is).
macro_rules! hints_from_base {
    () => {
        fn position_free(&self) -> bool {
            self.base.position_free()
        }

        fn may_become_full(&self) -> bool {
            self.base.may_become_full()
        }

        const FROM_THE_RIGHT: bool = C::FROM_THE_RIGHT;
    };
}

pub(super) use hints_from_base;
