//! One fixed-capacity move list for both games, filled by move generation without heap allocation.

/// A move type that can fill the unused slots of a [`MoveList`]: any one constant value of the type.
pub trait Filler: Copy {
    /// The value the unused slots hold (never read as a move).
    const FILL: Self;
}

/// A list of at most `N` moves of type `M`, filled without heap allocation. It dereferences to a slice
/// of the moves it holds.
#[derive(Clone)]
pub struct MoveList<M: Filler, const N: usize> {
    len: usize,
    moves: [M; N],
}

impl<M: Filler, const N: usize> MoveList<M, N> {
    /// An empty list as one constant, so that `new` is one block copy: under opt-level z an array
    /// literal is filled move by move (8% of a JavaScript API turn's time).
    const EMPTY: Self = MoveList {
        len: 0,
        moves: [M::FILL; N],
    };

    /// The most moves the list holds.
    pub const CAPACITY: usize = N;

    /// An empty list.
    #[inline]
    pub const fn new() -> Self {
        Self::EMPTY
    }

    /// Appends a move; ignored when the list is full, which each game's capacity bound rules out.
    #[inline(always)]
    pub fn push(&mut self, mv: M) {
        if let Some(slot) = self.moves.get_mut(self.len) {
            *slot = mv;
            self.len += 1;
        }
    }

    /// Empties the list.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// The moves in the list.
    #[inline]
    pub fn as_slice(&self) -> &[M] {
        self.moves.get(..self.len).unwrap_or(&[])
    }
}

impl<M: Filler, const N: usize> Default for MoveList<M, N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<M: Filler, const N: usize> std::ops::Deref for MoveList<M, N> {
    type Target = [M];
    #[inline]
    fn deref(&self) -> &[M] {
        self.as_slice()
    }
}

impl<M: Filler + std::fmt::Debug, const N: usize> std::fmt::Debug for MoveList<M, N> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    impl Filler for u8 {
        const FILL: u8 = 0;
    }

    #[test]
    fn push_past_capacity_is_ignored() {
        let mut list = MoveList::<u8, 2>::new();
        assert!(list.is_empty());
        list.push(7);
        list.push(8);
        list.push(9);
        assert_eq!(list.as_slice(), &[7, 8]);
        assert!(list.contains(&8));
        list.clear();
        assert_eq!(list.len(), 0);
    }
}
