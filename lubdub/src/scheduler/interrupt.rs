//! The rescue signal: how an idle thread makes a busy seat's occupant share
//! its pending work without waiting for it to poll (see `rescue.rs` for when,
//! `README.md` for why it is safe).
//!
//! The signal is a dedicated real-time signal with `SA_RESTART`. Its handler
//! runs on the interrupted thread itself and publishes that thread's oldest
//! pending job on each seat it occupies
//! ([`super::context::rescue_from_signal`]). It allocates nothing, takes no
//! lock, reads no clock and makes no system call.
//!
//! Only Linux and Android have the signal; elsewhere, and under Miri,
//! [`install`] fails and lubdub relies on polling alone.

/// The signal lubdub interrupts a busy worker with when another thread of its
/// pool is idle and the busy one has pending work it has not offered for a
/// few heartbeat periods; `None` where lubdub sends no signals: on platforms
/// other than Linux and Android, under Miri, and when the program handles
/// that signal itself. lubdub installs its handler when the first pool that
/// may send the signal is built (or when this is called).
///
/// Programs do not need to do anything about it. A debugger stops on it
/// unless told otherwise (gdb: `handle SIG37 nostop noprint pass`, with the
/// number this returns). The scheduler's README lists what a blocking call
/// inside a `join` may observe when the signal interrupts it.
///
/// ```
/// if let Some(signal) = lubdub::rescue_signal() {
///     assert!(signal > 0);
/// }
/// ```
pub fn rescue_signal() -> Option<i32> {
    imp::install().then(imp::signal)
}

pub(crate) use imp::{install, Thread};

#[cfg(all(any(target_os = "linux", target_os = "android"), not(miri)))]
mod imp {
    use std::sync::OnceLock;

    /// The third-highest real-time signal: far from `SIGRTMIN`, near which
    /// the C library and older thread libraries keep theirs.
    pub(super) fn signal() -> i32 {
        libc::SIGRTMAX() - 2
    }

    /// A thread that can be interrupted.
    pub(crate) struct Thread(libc::pthread_t);

    impl Thread {
        pub(crate) fn current() -> Self {
            // SAFETY: `pthread_self` has no preconditions.
            Self(unsafe { libc::pthread_self() })
        }

        /// Sends the rescue signal to the thread.
        ///
        /// # Safety
        /// The thread has not exited (the caller holds the seat's
        /// registration, see `rescue.rs`).
        pub(crate) unsafe fn interrupt(&self) {
            // SAFETY: the thread is alive, per the contract. A failure (a
            // thread that exits meanwhile cannot, see above) only loses
            // this rescue.
            unsafe { libc::pthread_kill(self.0, signal()) };
        }
    }

    /// Installs the handler once per process. False if that failed or the
    /// program handles the signal itself: then lubdub sends no signals.
    pub(crate) fn install() -> bool {
        static INSTALLED: OnceLock<bool> = OnceLock::new();
        *INSTALLED.get_or_init(|| {
            // SAFETY: plain calls into the C library with valid pointers; the
            // handler is an `extern "C"` function that never unwinds.
            unsafe {
                let mut old: libc::sigaction = std::mem::zeroed();
                if libc::sigaction(signal(), std::ptr::null(), &mut old) != 0
                    || old.sa_sigaction != libc::SIG_DFL
                {
                    return false;
                }
                let mut action: libc::sigaction = std::mem::zeroed();
                action.sa_sigaction = on_signal as extern "C" fn(libc::c_int) as libc::sighandler_t;
                action.sa_flags = libc::SA_RESTART;
                libc::sigemptyset(&mut action.sa_mask);
                libc::sigaction(signal(), &action, std::ptr::null_mut()) == 0
            }
        })
    }

    extern "C" fn on_signal(_signal: libc::c_int) {
        crate::scheduler::context::rescue_from_signal();
    }
}

#[cfg(not(all(any(target_os = "linux", target_os = "android"), not(miri))))]
mod imp {
    /// No signal here ([`install`] always fails).
    pub(super) fn signal() -> i32 {
        0
    }

    /// A thread; never interrupted here.
    pub(crate) struct Thread;

    impl Thread {
        pub(crate) fn current() -> Self {
            Self
        }

        /// # Safety
        /// None needed here; kept for the same signature as on Linux.
        pub(crate) unsafe fn interrupt(&self) {}
    }

    pub(crate) fn install() -> bool {
        false
    }
}
