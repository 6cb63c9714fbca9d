//! The seed's message ring: `threads` threads in a circle, each sending a
//! message to its right-hand neighbour and then receiving one from its
//! left-hand neighbour, over and over. Every message is a hand-off between
//! two threads, so the time per message is about the cost of one send, one
//! receive and, when the receiver had to sleep, one wake-up.

use super::channel::Channel;
use super::tally::{message, Tally};

/// `per_thread` rounds around a ring of `threads` threads on channels of
/// kind `C`: what every thread received, tallied together.
pub fn ring<C: Channel>(threads: usize, per_thread: usize) -> Tally {
    let (senders, receivers): (Vec<C::Sender>, Vec<C::Receiver>) =
        (0..threads).map(|_| C::unbounded()).unzip();
    std::thread::scope(|s| {
        let members: Vec<_> = receivers
            .into_iter()
            .enumerate()
            .map(|(i, from_left)| {
                let to_right = senders[(i + 1) % threads].clone();
                s.spawn(move || {
                    let mut tally = Tally::default();
                    for k in 0..per_thread {
                        C::send(&to_right, message(i, k));
                        tally.add(C::recv(&from_left).expect("the left neighbour sends as many"));
                    }
                    tally
                })
            })
            .collect();
        drop(senders);
        members
            .into_iter()
            .map(|member| member.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
            .fold(Tally::default(), Tally::combine)
    })
}
