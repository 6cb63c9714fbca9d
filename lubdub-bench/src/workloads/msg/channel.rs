//! The three channel libraries behind one small trait, so that the ring and
//! the shared-sender benchmarks are written once: `std::sync::mpsc`,
//! `crossbeam-channel` and `flume`, each unbounded.

/// An unbounded multi-producer channel of `u64` messages.
pub trait Channel {
    /// The sending end, cloned for each sender.
    type Sender: Clone + Send;
    /// The receiving end.
    type Receiver: Send;

    /// A new channel.
    fn unbounded() -> (Self::Sender, Self::Receiver);

    /// Sends `message`; the receiver must still be there.
    fn send(sender: &Self::Sender, message: u64);

    /// The next message, or `None` once every sender is gone and the
    /// channel is empty.
    fn recv(receiver: &Self::Receiver) -> Option<u64>;
}

/// The expectation of every `send`: the benchmarks drop no receiver early.
const RECEIVER_ALIVE: &str = "the benchmark keeps its receivers until every sender is done";

/// `std::sync::mpsc`.
pub struct StdMpsc;

impl Channel for StdMpsc {
    type Sender = std::sync::mpsc::Sender<u64>;
    type Receiver = std::sync::mpsc::Receiver<u64>;

    fn unbounded() -> (Self::Sender, Self::Receiver) {
        std::sync::mpsc::channel()
    }

    fn send(sender: &Self::Sender, message: u64) {
        sender.send(message).expect(RECEIVER_ALIVE);
    }

    fn recv(receiver: &Self::Receiver) -> Option<u64> {
        receiver.recv().ok()
    }
}

/// `crossbeam-channel`.
pub struct Crossbeam;

impl Channel for Crossbeam {
    type Sender = crossbeam_channel::Sender<u64>;
    type Receiver = crossbeam_channel::Receiver<u64>;

    fn unbounded() -> (Self::Sender, Self::Receiver) {
        crossbeam_channel::unbounded()
    }

    fn send(sender: &Self::Sender, message: u64) {
        sender.send(message).expect(RECEIVER_ALIVE);
    }

    fn recv(receiver: &Self::Receiver) -> Option<u64> {
        receiver.recv().ok()
    }
}

/// `flume`.
pub struct Flume;

impl Channel for Flume {
    type Sender = flume::Sender<u64>;
    type Receiver = flume::Receiver<u64>;

    fn unbounded() -> (Self::Sender, Self::Receiver) {
        flume::unbounded()
    }

    fn send(sender: &Self::Sender, message: u64) {
        sender.send(message).expect(RECEIVER_ALIVE);
    }

    fn recv(receiver: &Self::Receiver) -> Option<u64> {
        receiver.recv().ok()
    }
}
