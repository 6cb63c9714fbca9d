//! [`SlicePiece`]: what shared and mutable slices have in common for the
//! parallel iterators that cut them (chunks, splits, runs), so each of those
//! is written once for `&[T]` and `&mut [T]`.

use crate::split_producer::Piece;

/// A shared or mutable slice, cut by position and iterated with the
/// standard library's iterators of the matching kind (`chunks` or
/// `chunks_mut`, `split` or `split_mut`...).
pub(super) trait SlicePiece: Piece + Default {
    /// The element type.
    type Elem;
    /// `chunks` / `chunks_mut`.
    type Chunks: DoubleEndedIterator<Item = Self> + ExactSizeIterator;
    /// `chunks_exact` / `chunks_exact_mut`.
    type ChunksExact: DoubleEndedIterator<Item = Self> + ExactSizeIterator;
    /// `rchunks` / `rchunks_mut`.
    type RChunks: DoubleEndedIterator<Item = Self> + ExactSizeIterator;
    /// `rchunks_exact` / `rchunks_exact_mut`.
    type RChunksExact: DoubleEndedIterator<Item = Self> + ExactSizeIterator;

    /// The elements, for searching.
    fn view(&self) -> &[Self::Elem];

    /// The elements before `at` and those from `at` on.
    fn cut_at(self, at: usize) -> (Self, Self);

    fn chunks(self, size: usize) -> Self::Chunks;
    fn chunks_exact(self, size: usize) -> Self::ChunksExact;
    fn rchunks(self, size: usize) -> Self::RChunks;
    fn rchunks_exact(self, size: usize) -> Self::RChunksExact;

    /// `split` / `split_mut`.
    fn split_by<P>(self, separator: &P) -> impl DoubleEndedIterator<Item = Self>
    where
        P: Fn(&Self::Elem) -> bool;

    /// `split_inclusive` / `split_inclusive_mut`.
    fn split_inclusive_by<P>(self, separator: &P) -> impl Iterator<Item = Self>
    where
        P: Fn(&Self::Elem) -> bool;

    /// `chunk_by` / `chunk_by_mut`.
    fn chunk_by<F>(self, same_run: &F) -> impl Iterator<Item = Self>
    where
        F: Fn(&Self::Elem, &Self::Elem) -> bool;
}

impl<'data, T: Sync> SlicePiece for &'data [T] {
    type Elem = T;
    type Chunks = std::slice::Chunks<'data, T>;
    type ChunksExact = std::slice::ChunksExact<'data, T>;
    type RChunks = std::slice::RChunks<'data, T>;
    type RChunksExact = std::slice::RChunksExact<'data, T>;

    fn view(&self) -> &[T] {
        self
    }

    fn cut_at(self, at: usize) -> (Self, Self) {
        self.split_at(at)
    }

    fn chunks(self, size: usize) -> Self::Chunks {
        <[T]>::chunks(self, size)
    }

    fn chunks_exact(self, size: usize) -> Self::ChunksExact {
        <[T]>::chunks_exact(self, size)
    }

    fn rchunks(self, size: usize) -> Self::RChunks {
        <[T]>::rchunks(self, size)
    }

    fn rchunks_exact(self, size: usize) -> Self::RChunksExact {
        <[T]>::rchunks_exact(self, size)
    }

    fn split_by<P>(self, separator: &P) -> impl DoubleEndedIterator<Item = Self>
    where
        P: Fn(&T) -> bool,
    {
        self.split(separator)
    }

    fn split_inclusive_by<P>(self, separator: &P) -> impl Iterator<Item = Self>
    where
        P: Fn(&T) -> bool,
    {
        self.split_inclusive(separator)
    }

    fn chunk_by<F>(self, same_run: &F) -> impl Iterator<Item = Self>
    where
        F: Fn(&T, &T) -> bool,
    {
        <[T]>::chunk_by(self, same_run)
    }
}

impl<'data, T: Send> SlicePiece for &'data mut [T] {
    type Elem = T;
    type Chunks = std::slice::ChunksMut<'data, T>;
    type ChunksExact = std::slice::ChunksExactMut<'data, T>;
    type RChunks = std::slice::RChunksMut<'data, T>;
    type RChunksExact = std::slice::RChunksExactMut<'data, T>;

    fn view(&self) -> &[T] {
        self
    }

    fn cut_at(self, at: usize) -> (Self, Self) {
        self.split_at_mut(at)
    }

    fn chunks(self, size: usize) -> Self::Chunks {
        self.chunks_mut(size)
    }

    fn chunks_exact(self, size: usize) -> Self::ChunksExact {
        self.chunks_exact_mut(size)
    }

    fn rchunks(self, size: usize) -> Self::RChunks {
        self.rchunks_mut(size)
    }

    fn rchunks_exact(self, size: usize) -> Self::RChunksExact {
        self.rchunks_exact_mut(size)
    }

    fn split_by<P>(self, separator: &P) -> impl DoubleEndedIterator<Item = Self>
    where
        P: Fn(&T) -> bool,
    {
        self.split_mut(separator)
    }

    fn split_inclusive_by<P>(self, separator: &P) -> impl Iterator<Item = Self>
    where
        P: Fn(&T) -> bool,
    {
        self.split_inclusive_mut(separator)
    }

    fn chunk_by<F>(self, same_run: &F) -> impl Iterator<Item = Self>
    where
        F: Fn(&T, &T) -> bool,
    {
        self.chunk_by_mut(same_run)
    }
}
