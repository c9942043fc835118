//! What the searches of both games share with the analysis: the hint's order of choices, and what the
//! review learns of one record ([`Step`]).

use crate::player::{ByPlayer, Player};

/// What the review learns of one record: the move played against the best one (chances in units of
/// [`P_ONE`](super::net::P_ONE)). Made by [`BotGame::bot_review`](super::BotGame::bot_review).
#[derive(Debug, Clone, PartialEq)]
pub struct Step {
    /// The mover's chance after the move played.
    pub win: i32,
    /// The best move, written as the record is (with the same dice).
    pub best: String,
    /// The cells the best move names, from its move values ([`Ranked::cells`]).
    pub best_cells: Vec<String>,
    /// The cells the move played names, from its move values.
    pub cells: Vec<String>,
    /// The mover's chance after it.
    pub best_win: i32,
    /// The luck of the roll (Jokerball), in units of [`P_ONE`](super::net::P_ONE).
    pub luck: Option<f64>,
    /// Whether the mover had more than one legal choice.
    pub chose: bool,
}

/// `p` for `me`, `1 - p` for the other.
pub(crate) fn split(me: Player, p: f64) -> ByPlayer<f64> {
    let mut out = ByPlayer::new(1.0 - p, 1.0 - p);
    *out.get_mut(me) = p;
    out
}

/// Sorts by value, best first, keeping the order of equal values (an insertion sort: the lists are
/// short, and it stays small in the wasm).
#[allow(
    clippy::indexing_slicing,
    reason = "indices below the slice's length: 1 <= j <= i < len"
)]
pub(crate) fn sort_best_first<K: PartialOrd, T>(v: &mut [(K, T)]) {
    for i in 1..v.len() {
        let mut j = i;
        while j > 0 && v[j - 1].0 < v[j].0 {
            v.swap(j - 1, j);
            j -= 1;
        }
    }
}

/// A choice of a hint as the bot ranked it: its chance, its text and the cells its moves name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ranked {
    /// The mover's chance after it, in units of [`P_ONE`](super::net::P_ONE).
    pub win: i32,
    /// The choice as the hint writes it (a Jokerball turn as `legal_turns` writes it, a Zola move).
    pub name: String,
    /// The cells its moves leave and reach, of the part still to play, from the move values
    /// ([`LastMove::cells`](crate::LastMove)'s form).
    pub cells: Vec<String>,
}

/// A hint's list: `first` (the bot's choice: its chance and its index), then the others of `ranked`
/// (chances and indices into `names` and `cells`) best first, equal chances in notation order (the
/// order of `legal_turns()` and of `legalMoves()` in JavaScript).
pub(crate) fn hint_list(
    first: (i32, usize),
    ranked: Vec<(i32, usize)>,
    names: &[String],
    cells: &[Vec<String>],
) -> Vec<Ranked> {
    let choice = |(win, i): (i32, usize)| Ranked {
        win,
        name: names.get(i).cloned().unwrap_or_default(),
        cells: cells.get(i).cloned().unwrap_or_default(),
    };
    let mut value: Vec<Option<i32>> = vec![None; names.len()];
    for (v, i) in ranked {
        if let Some(slot) = value.get_mut(i) {
            *slot = Some(v);
        }
    }
    // In notation order, then best first by a stable sort.
    let mut sorted: Vec<(i32, usize)> = Vec::with_capacity(names.len());
    for i in crate::notation::notation_order(names) {
        if let Some(&Some(v)) = value.get(i) {
            sorted.push((v, i));
        }
    }
    sort_best_first(&mut sorted);
    let first_name = names.get(first.1);
    let mut out = Vec::with_capacity(sorted.len() + 1);
    out.push(choice(first));
    for (v, i) in sorted {
        if names.get(i) != first_name {
            out.push(choice((v, i)));
        }
    }
    out
}
