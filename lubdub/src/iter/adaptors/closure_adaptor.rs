//! [`closure_adaptor!`]: the struct of an adaptor made of a base iterator
//! and one closure.

/// Declares the adaptor `$name<I, $F>` (with the doc `$doc`): its base
/// iterator and the closure `$op`; `Clone` where both are, `Debug` showing
/// the base only (a closure has no `Debug`), made by `new(base, $op)`.
macro_rules! closure_adaptor {
    ($(#[doc = $doc:literal])* $name:ident<I, $F:ident> { $op:ident }) => {
        $(#[doc = $doc])*
        #[derive(Clone)]
        #[must_use = "iterator adaptors are lazy and do nothing unless consumed"]
        pub struct $name<I, $F> {
            base: I,
            $op: $F,
        }

        impl<I: std::fmt::Debug, $F> std::fmt::Debug for $name<I, $F> {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.debug_struct(stringify!($name))
                    .field("base", &self.base)
                    .finish()
            }
        }

        impl<I, $F> $name<I, $F> {
            pub(crate) fn new(base: I, $op: $F) -> Self {
                $name { base, $op }
            }
        }
    };
}
pub(super) use closure_adaptor;
