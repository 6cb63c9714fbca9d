//! [`Windows`] and [`ArrayWindows`]: every run of `size` consecutive
//! elements of a slice (they overlap), as slices or as arrays.

use crate::iter::plumbing::{
    bridge, bridge_unindexed_consumer, Consumer, Producer, ProducerCallback, UnindexedConsumer,
};
use crate::iter::{IndexedParallelIterator, ParallelIterator};

/// The iterator of [`ParallelSlice::par_windows`](super::ParallelSlice::par_windows).
///
/// ```
/// use lubdub::prelude::*;
///
/// let rises = [1, 3, 2, 5].par_windows(2).map(|w| usize::from(w[1] > w[0])).sum::<usize>();
/// assert_eq!(rises, 2);
/// ```
#[derive(Debug)]
pub struct Windows<'data, T> {
    producer: WindowsProducer<'data, T>,
}

impl<'data, T: Sync> Windows<'data, T> {
    /// Panics if `window_size` is 0, as `slice::windows` does.
    #[track_caller]
    pub(super) fn new(window_size: usize, slice: &'data [T]) -> Self {
        assert!(window_size != 0, "window_size must not be zero");
        Self {
            producer: WindowsProducer {
                slice,
                size: window_size,
            },
        }
    }
}

impl<T> Clone for Windows<'_, T> {
    fn clone(&self) -> Self {
        Self {
            producer: self.producer.clone(),
        }
    }
}

impl<'data, T: Sync> ParallelIterator for Windows<'data, T> {
    type Item = &'data [T];

    fn drive_unindexed<C: UnindexedConsumer<&'data [T]>>(self, consumer: C) -> C::Result {
        bridge_unindexed_consumer(self, consumer)
    }

    fn opt_len(&self) -> Option<usize> {
        Some(self.producer.len())
    }
}

impl<T: Sync> IndexedParallelIterator for Windows<'_, T> {
    fn drive<C: Consumer<Self::Item>>(self, consumer: C) -> C::Result {
        bridge(self, consumer)
    }

    fn len(&self) -> usize {
        self.producer.len()
    }

    fn with_producer<CB: ProducerCallback<Self::Item>>(self, callback: CB) -> CB::Output {
        callback.callback(self.producer)
    }
}

/// The iterator of [`ParallelSlice::par_array_windows`](super::ParallelSlice::par_array_windows):
/// the windows as references to arrays of `N` elements.
///
/// ```
/// use lubdub::prelude::*;
///
/// let sums: Vec<i32> = [1, 2, 3, 4].par_array_windows().map(|[a, b, c]| a + b + c).collect();
/// assert_eq!(sums, [6, 9]);
/// ```
#[derive(Debug)]
pub struct ArrayWindows<'data, T: Sync, const N: usize> {
    producer: WindowsProducer<'data, T>,
}

impl<'data, T: Sync, const N: usize> ArrayWindows<'data, T, N> {
    /// Panics if `N` is 0.
    #[track_caller]
    pub(super) fn new(slice: &'data [T]) -> Self {
        Self {
            producer: Windows::new(N, slice).producer,
        }
    }
}

impl<T: Sync, const N: usize> Clone for ArrayWindows<'_, T, N> {
    fn clone(&self) -> Self {
        Self {
            producer: self.producer.clone(),
        }
    }
}

impl<'data, T: Sync, const N: usize> ParallelIterator for ArrayWindows<'data, T, N> {
    type Item = &'data [T; N];

    fn drive_unindexed<C: UnindexedConsumer<Self::Item>>(self, consumer: C) -> C::Result {
        bridge_unindexed_consumer(self, consumer)
    }

    fn opt_len(&self) -> Option<usize> {
        Some(self.producer.len())
    }
}

impl<T: Sync, const N: usize> IndexedParallelIterator for ArrayWindows<'_, T, N> {
    fn drive<C: Consumer<Self::Item>>(self, consumer: C) -> C::Result {
        bridge(self, consumer)
    }

    fn len(&self) -> usize {
        self.producer.len()
    }

    fn with_producer<CB: ProducerCallback<Self::Item>>(self, callback: CB) -> CB::Output {
        callback.callback(ArrayWindowsProducer::<T, N> {
            windows: self.producer,
        })
    }
}

/// The windows of `size` elements of `slice` (`size` is not zero).
#[derive(Debug)]
struct WindowsProducer<'data, T> {
    slice: &'data [T],
    size: usize,
}

impl<T> Clone for WindowsProducer<'_, T> {
    fn clone(&self) -> Self {
        Self {
            slice: self.slice,
            size: self.size,
        }
    }
}

impl<T> WindowsProducer<'_, T> {
    fn len(&self) -> usize {
        self.slice.len().saturating_sub(self.size - 1)
    }
}

impl<'data, T: Sync> Producer for WindowsProducer<'data, T> {
    type Item = &'data [T];
    type IntoIter = std::slice::Windows<'data, T>;

    fn into_iter(self) -> Self::IntoIter {
        self.slice.windows(self.size)
    }

    fn split_at(self, index: usize) -> (Self, Self) {
        // The windows before `index` end before `index + size - 1`; those
        // from `index` on start there: the two slices overlap.
        let left_end = index.saturating_add(self.size - 1).min(self.slice.len());
        let left = &self.slice[..left_end];
        let right = &self.slice[index.min(self.slice.len())..];
        let size = self.size;
        (Self { slice: left, size }, Self { slice: right, size })
    }
}

/// [`WindowsProducer`] of `N` elements, as arrays.
struct ArrayWindowsProducer<'data, T, const N: usize> {
    windows: WindowsProducer<'data, T>,
}

/// A window of `N` elements as an array.
fn as_array<T, const N: usize>(window: &[T]) -> &[T; N] {
    window.try_into().expect("a window holds N elements")
}

impl<'data, T: Sync, const N: usize> Producer for ArrayWindowsProducer<'data, T, N> {
    type Item = &'data [T; N];
    type IntoIter = std::iter::Map<std::slice::Windows<'data, T>, fn(&'data [T]) -> &'data [T; N]>;

    fn into_iter(self) -> Self::IntoIter {
        self.windows.into_iter().map(as_array::<T, N>)
    }

    fn split_at(self, index: usize) -> (Self, Self) {
        let (left, right) = self.windows.split_at(index);
        (Self { windows: left }, Self { windows: right })
    }
}
