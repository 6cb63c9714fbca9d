//! The heartbeat scheduler. `README.md` in this folder explains the fast
//! path, promotion, stealing, and the sleep protocol, with their invariants.

pub(crate) mod latch;
pub(crate) mod sleep;

#[cfg(not(loom))]
mod adopt;
#[cfg(not(loom))]
mod backoff;
#[cfg(not(loom))]
mod broadcast;
pub(crate) mod clock;
#[cfg(not(loom))]
pub(crate) mod context;
#[cfg(not(loom))]
mod entry;
#[cfg(not(loom))]
pub(crate) mod fifo;
#[cfg(not(loom))]
mod heartbeat;
#[cfg(not(loom))]
pub(crate) mod interrupt;
#[cfg(not(loom))]
pub(crate) mod job;
#[cfg(not(loom))]
mod pending;
#[cfg(not(loom))]
pub(crate) mod pending_loops;
#[cfg(not(loom))]
pub(crate) mod published;
#[cfg(not(loom))]
mod queue;
#[cfg(not(loom))]
pub(crate) mod registry;
#[cfg(not(loom))]
mod rescue;
#[cfg(not(loom))]
mod seat;
#[cfg(not(loom))]
pub(crate) mod settings;
#[cfg(not(loom))]
mod spare_stacks;
#[cfg(not(loom))]
mod worker;
