//! Pool-sized stacks for calls from outside the pool.
//!
//! A pool built with `stack_size` promises its work at least that much
//! stack. A call from outside takes a sleeping worker's seat and runs on the
//! caller's own thread (`entry.rs`), whose stack may be smaller; so the call
//! runs on one of these stacks instead, on the same thread: `psm` moves the
//! stack pointer there for the call and back after it. A stack is mapped
//! once, with an inaccessible guard page at each end (an overflow faults
//! there, as on a thread's own stack), and kept for the next call: taking a
//! kept one costs a lock and a pop, where mapping a fresh one costs about
//! 18 µs (mmap, mprotect and munmap, measured on the 2-core development
//! machine), half of a wake-up.
//!
//! Only where `psm` can switch stacks and the process is not under Miri
//! (which cannot run `psm`'s assembly): elsewhere [`SpareStacks::new`]
//! returns `None` and such pools hand their outside calls to their threads.

use std::sync::Mutex;
use std::thread;

/// The kept stacks of one pool, each of at least `size` bytes.
pub(crate) struct SpareStacks {
    size: usize,
    /// At most `keep` stacks wait here; a caller takes one for its call.
    kept: Mutex<Vec<imp::Stack>>,
    /// As many as the pool has seats: no more calls from outside can run at
    /// once, since each holds a seat.
    keep: usize,
}

impl SpareStacks {
    /// Stacks of at least `size` bytes for a pool of `seats` seats, or
    /// `None` where this target cannot switch stacks.
    pub(crate) fn new(size: usize, seats: usize) -> Option<SpareStacks> {
        imp::CAN_SWITCH.then(|| SpareStacks {
            size,
            kept: Mutex::new(Vec::new()),
            keep: seats,
        })
    }

    /// A stack for one call: a kept one, or a new one; `None` when the
    /// operating system refuses the memory.
    pub(crate) fn take(&self) -> Option<BorrowedStack<'_>> {
        let kept = self.kept.lock().unwrap_or_else(|p| p.into_inner()).pop();
        let stack = kept.or_else(|| imp::Stack::map(self.size))?;
        Some(BorrowedStack {
            stacks: self,
            stack: Some(stack),
        })
    }

    fn give_back(&self, stack: imp::Stack) {
        let mut kept = self.kept.lock().unwrap_or_else(|p| p.into_inner());
        if kept.len() < self.keep {
            kept.push(stack);
        }
    }
}

/// A stack taken from a pool's [`SpareStacks`] for one call; it goes back
/// when dropped.
pub(crate) struct BorrowedStack<'a> {
    stacks: &'a SpareStacks,
    /// `Some` until dropped.
    stack: Option<imp::Stack>,
}

impl BorrowedStack<'_> {
    /// Runs `f` on this stack, on the calling thread, and returns its result
    /// or its panic.
    pub(crate) fn run<R>(&mut self, f: impl FnOnce() -> R) -> thread::Result<R> {
        self.stack
            .as_mut()
            .expect("a borrowed stack is present until dropped")
            .run(f)
    }
}

impl Drop for BorrowedStack<'_> {
    fn drop(&mut self) {
        if let Some(stack) = self.stack.take() {
            self.stacks.give_back(stack);
        }
    }
}

// Where stacks can be switched, `mapped.rs`; elsewhere `unsupported.rs`.
#[cfg(all(unix, not(miri)))]
psm::psm_stack_manipulation! {
    yes {
        #[path = "spare_stacks/mapped.rs"]
        mod imp;
    }
    no {
        #[path = "spare_stacks/unsupported.rs"]
        mod imp;
    }
}

#[cfg(not(all(unix, not(miri))))]
#[path = "spare_stacks/unsupported.rs"]
mod imp;

#[cfg(test)]
mod tests {
    use super::SpareStacks;

    /// Depth of a recursion that uses about `bytes` of stack.
    fn use_stack(bytes: usize) -> u64 {
        let frame = [1u8; 4096];
        let below = if bytes > 4096 {
            use_stack(bytes - 4096)
        } else {
            0
        };
        std::hint::black_box(&frame)[7] as u64 + below
    }

    #[test]
    fn a_call_gets_the_stack_it_asked_for_and_the_stack_is_kept() {
        let Some(stacks) = SpareStacks::new(8 << 20, 1) else {
            return; // This target hands calls to the pool's threads instead.
        };
        let depth = std::thread::Builder::new()
            .stack_size(128 << 10)
            .spawn(move || {
                let first = stacks.take().expect("memory").run(|| use_stack(4 << 20));
                assert_eq!(stacks.kept.lock().unwrap().len(), 1);
                let second = stacks.take().expect("memory").run(|| use_stack(4 << 20));
                assert_eq!(stacks.kept.lock().unwrap().len(), 1);
                first.unwrap() + second.unwrap()
            })
            .unwrap()
            .join()
            .unwrap();
        assert_eq!(depth, 2 * (4 << 20) / 4096);
    }

    #[test]
    fn a_panic_comes_back_as_a_value() {
        let Some(stacks) = SpareStacks::new(1 << 20, 1) else {
            return;
        };
        let result = stacks
            .take()
            .expect("memory")
            .run(|| panic!("on the spare stack"));
        assert!(result.is_err());
    }

    #[test]
    fn an_impossible_size_is_refused() {
        let Some(stacks) = SpareStacks::new(usize::MAX, 1) else {
            return;
        };
        assert!(stacks.take().is_none());
    }
}
