//! `collect` into a `LinkedList`: the collect program of `collect_vec.rs`,
//! a node allocated per item. The list is dropped after the timed part.

use std::collections::LinkedList;

use super::collect_vec::{Collect, Collection};
use crate::experiment::{Experiment, Heading};

/// `collect` into a `LinkedList`.
pub type CollectList = Collect<LinkedList<u64>>;

impl Collection for LinkedList<u64> {
    const EXPERIMENT: Experiment = program_experiment!("collect-list", Heading::Count("u64s"));
    const SIZE: usize = 2_000_000;
    const SHORT_SIZE: usize = 400_000;

    fn items(&self) -> impl Iterator<Item = &u64> {
        self.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::workloads::programs::check_every_way;

    #[test]
    fn every_way_collects_in_order() {
        check_every_way::<CollectList>(&[0, 1, 2, 1000, 50_000]);
    }
}
