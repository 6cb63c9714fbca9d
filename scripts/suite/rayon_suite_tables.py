"""What the Rayon suite must know about Rayon's sources, in one place.

The module layout that unit tests expect, the dev-dependencies of the two
packages, and the tests left out because they read Rayon's private
internals, each with its reason.
"""

PUBLIC_MODULES = {
    "rayon": {
        "array",
        "collections",
        "collections::binary_heap",
        "collections::btree_map",
        "collections::btree_set",
        "collections::hash_map",
        "collections::hash_set",
        "collections::linked_list",
        "collections::vec_deque",
        "iter",
        "iter::plumbing",
        "option",
        "prelude",
        "range",
        "range_inclusive",
        "result",
        "slice",
        "str",
        "string",
        "vec",
    },
    "rayon-core": set(),
}

# The imports at the top of Rayon's module, which its tests see through
# `use super::*` and the mirror's public re-exports do not give.
EXTRA_IMPORTS = {
    ("rayon", "iter"): [
        "#[allow(unused_imports)]",
        "use self::plumbing::*;",
        "#[allow(unused_imports)]",
        "use std::collections::LinkedList;",
    ],
    ("rayon", "range"): ["#[allow(unused_imports)]", "use crate::iter::{plumbing::*, *};"],
    ("rayon", "range_inclusive"): ["#[allow(unused_imports)]", "use crate::iter::{plumbing::*, *};"],
}

# Items a crate root of Rayon holds privately and the tests call, where the
# harness can give the same thing from the standard library alone.
ROOT_SHIMS = {
    "rayon-core": [
        "mod unwind {",
        "    /// Test support: runs `work`, returning its panic instead of unwinding further.",
        "    pub fn halt_unwinding<R>(work: impl FnOnce() -> R) -> std::thread::Result<R> {",
        "        std::panic::catch_unwind(std::panic::AssertUnwindSafe(work))",
        "    }",
        "}",
    ],
}

# Dev-dependencies of rayon 1.12.0 and rayon-core 1.13.0, and the crates
# their tests name that are ordinary dependencies there.
TEST_DEPENDENCIES = [
    'rand = "0.9"',
    'rand_xorshift = "0.4"',
    'scoped-tls = "1"',
    'libc = "0.2"',
    'crossbeam-utils = "0.8"',
    'either = "1"',
]

# (package, file) -> reason: every test of the file is left out.
SKIPPED_FILES = {
    ("rayon", "src/delegate.rs"): "expands Rayon's private macros `delegate_iterator!`, `delegate_indexed_iterator!`",
    ("rayon", "src/iter/collect/test.rs"): "drives Rayon's private `collect_with_consumer` and its consumer",
    ("rayon", "src/iter/find_first_last/test.rs"): "drives Rayon's private `FindConsumer`/`FindFolder`",
    ("rayon", "src/slice/sort.rs"): "calls Rayon's private `heapsort` and `split_for_merge`",
}

# (package, file, test) -> reason, test named as in the file (`mod::fn`).
SKIPPED_TESTS = {
    ("rayon", "src/range.rs", "check_range_split_at_overflow"): "builds Rayon's private `range::IterProducer`",
    ("rayon", "src/range.rs", "test_i128_len_doesnt_overflow"): "calls Rayon's private `IterProducer`, `unindexed_len`",
    ("rayon-core", "src/thread_pool/test.rs", "workers_stop"): "reads the private `ThreadPool::registry`",
    ("rayon-core", "src/thread_pool/test.rs", "sleeper_stop"): "reads the private `ThreadPool::registry`",
    ("rayon-core", "src/thread_pool/test.rs", "yield_now_to_spawn"): "calls the private `registry::in_worker`",
    ("rayon-core", "src/thread_pool/test.rs", "yield_local_to_spawn"): "calls the private `registry::in_worker`",
    ("rayon-core", "src/broadcast/test.rs", "broadcast_after_spawn"): "calls the private `registry::in_worker`",
}


def skip_reason(package, rel, test):
    """Why the test is left out, or None."""
    return SKIPPED_FILES.get((package, rel)) or SKIPPED_TESTS.get((package, rel, test))
