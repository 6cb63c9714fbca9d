//! Sends and receives of plain-old-data slices: the bytes on the wire are
//! exactly `size_of::<T>() * items.len()`.

use bytemuck::Pod;
use mpi::point_to_point::{Message, Status};
use mpi::traits::{Communicator, Destination, Equivalence};

use crate::completion::complete;
use crate::pod::{bytes, bytes_mut, items_in, zeroed};
use crate::{Comm, Error};

impl Comm {
    /// Sends `items` to rank `dest` with `tag`, as their bytes. Returns once
    /// the buffer may be reused; until then the calling lubdub worker runs
    /// other jobs. Fails if `dest` has left.
    ///
    /// ```
    /// let mpi = lubdub_mpi::init().unwrap();
    /// let world = mpi.world();
    /// let (me, last) = (world.rank(), world.size() - 1);
    /// // Rank 0 sends three numbers to the last rank, which may be itself: a
    /// // message to oneself needs the send and the receive at once (`join`).
    /// let (sent, received) = lubdub::join(
    ///     || if me == 0 { world.send(last, 7, &[1i32, 2, 3]) } else { Ok(()) },
    ///     || if me == last { world.receive::<i32>(0, 7).map(Some) } else { Ok(None) },
    /// );
    /// sent.unwrap();
    /// if me == last {
    ///     assert_eq!(received.unwrap().unwrap(), [1, 2, 3]);
    /// }
    /// assert!(world.send(0, lubdub_mpi::MAX_TAG, &[1u8]).is_err()); // a reserved tag
    /// ```
    pub fn send<T: Pod>(&self, dest: i32, tag: i32, items: &[T]) -> Result<(), Error> {
        self.send_while(dest, tag, items, || ())
    }

    /// Receives a message of any length from rank `source` with `tag`, as a
    /// vector of `T`. Fails if its byte count is not a whole number of `T`
    /// (the message is consumed), or if `source` has left without sending.
    ///
    /// ```
    /// let mpi = lubdub_mpi::init().unwrap();
    /// let world = mpi.world();
    /// let me = world.rank();
    /// if me == 0 {
    ///     // A message to oneself needs the send and the receive at once.
    ///     let got: Vec<f64> = world.exchange(0, 0, 3, &[0.5, 1.5]).unwrap();
    ///     assert_eq!(got, [0.5, 1.5]);
    /// }
    /// ```
    pub fn receive<T: Pod>(&self, source: i32, tag: i32) -> Result<Vec<T>, Error> {
        self.check_rank(source)?;
        Comm::check_tag(tag)?;
        let (message, status) = self.probe(source, tag)?;
        let received = message_bytes(&status);
        match items_in::<T>(received) {
            Ok(n) => {
                let mut items = zeroed(n);
                receive_matched(message, bytes_mut(&mut items)?);
                Ok(items)
            }
            Err(error) => {
                receive_matched(message, &mut vec![0u8; received]);
                Err(error)
            }
        }
    }

    /// Receives a message from rank `source` with `tag` into `buffer`, which
    /// it must fill exactly. Fails if the message has another byte count
    /// (the message is consumed; `buffer` is unchanged), or if `source` has
    /// left without sending.
    ///
    /// ```
    /// let mpi = lubdub_mpi::init().unwrap();
    /// let world = mpi.world();
    /// if world.rank() == 0 {
    ///     let mut buffer = [0u16; 2];
    ///     // Messages to oneself: the send and the receive run at once.
    ///     let (sent, received) = lubdub::join(
    ///         || world.send(0, 4, &[1u16, 2]),
    ///         || world.receive_into(0, 4, &mut buffer),
    ///     );
    ///     assert_eq!((sent, received), (Ok(()), Ok(())));
    ///     assert_eq!(buffer, [1, 2]);
    ///     let (sent, received) = lubdub::join(
    ///         || world.send(0, 4, &[1u16, 2, 3]),
    ///         || world.receive_into(0, 4, &mut buffer),
    ///     );
    ///     sent.unwrap();
    ///     let error = lubdub_mpi::Error::MessageSize { expected: 4, received: 6 };
    ///     assert_eq!(received, Err(error));
    ///     assert_eq!(buffer, [1, 2]);
    /// }
    /// ```
    pub fn receive_into<T: Pod>(
        &self,
        source: i32,
        tag: i32,
        buffer: &mut [T],
    ) -> Result<(), Error> {
        self.check_rank(source)?;
        Comm::check_tag(tag)?;
        let expected = std::mem::size_of_val(buffer);
        let (message, status) = self.probe(source, tag)?;
        let received = message_bytes(&status);
        if received == expected {
            receive_matched(message, bytes_mut(buffer)?);
            Ok(())
        } else {
            receive_matched(message, &mut vec![0u8; received]);
            Err(Error::MessageSize { expected, received })
        }
    }

    /// Sends `items` to `dest` and receives a message from `source`, both
    /// with `tag`, at the same time: the halo or ghost exchange, which with
    /// a blocking send on both sides could wait forever for large messages.
    ///
    /// ```
    /// let mpi = lubdub_mpi::init().unwrap();
    /// let world = mpi.world();
    /// let me = world.rank();
    /// let (right, left) = ((me + 1) % world.size(), (me + world.size() - 1) % world.size());
    /// let ghosts: Vec<u64> = world.exchange(right, left, 0, &[me as u64; 1000]).unwrap();
    /// assert_eq!(ghosts, vec![left as u64; 1000]);
    /// ```
    pub fn exchange<T: Pod>(
        &self,
        dest: i32,
        source: i32,
        tag: i32,
        items: &[T],
    ) -> Result<Vec<T>, Error> {
        self.check_rank(dest)?;
        self.check_rank(source)?;
        self.send_while(dest, tag, items, || self.receive(source, tag))?
    }

    /// Sends `items` to rank `dest` with `tag`, as their bytes, and runs
    /// `meanwhile` while the send is in flight; returns its result once the
    /// send is complete (the buffer may be reused). Fails, before sending,
    /// if `dest` or `tag` is invalid or `dest` has left.
    fn send_while<T: Pod, R>(
        &self,
        dest: i32,
        tag: i32,
        items: &[T],
        meanwhile: impl FnOnce() -> R,
    ) -> Result<R, Error> {
        self.check_rank(dest)?;
        Comm::check_tag(tag)?;
        self.check_present(dest)?;
        let bytes = bytes(items)?;
        Ok(mpi::request::scope(|scope| {
            let send = self
                .raw()
                .process_at_rank(dest)
                .immediate_send_with_tag(scope, bytes, tag);
            let result = meanwhile();
            complete(send);
            result
        }))
    }
}

/// The byte count of a probed message.
fn message_bytes(status: &Status) -> usize {
    let count = status.count(u8::equivalent_datatype());
    usize::try_from(count).expect("MPI counts received bytes from zero")
}

/// Receives a matched message of exactly `buffer.len()` bytes.
fn receive_matched(message: Message, buffer: &mut [u8]) {
    mpi::request::scope(|scope| {
        complete(message.immediate_matched_receive_into(scope, buffer));
    });
}
