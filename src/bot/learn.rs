//! Learning the evaluations by self-play (native only: `make train` runs it through
//! `examples/train.rs`; nothing here is reachable from the WebAssembly binding).
//!
//! **Jokerball.** The value is `V = (W + R * net) / T` ([`super::jokerball_eval`]). Each state met in
//! self-play (the side to move before its roll) gets as target for the network the mean, over a few
//! of its undecided rolls drawn at random (the roll actually thrown among them when it is undecided),
//! of the best turn's value one ply on: `max over turns of 1 - V(after)`, with the current network.
//! This is TD(0) with the dice averaged over part of their outcomes; the exact part anchors the
//! values near the goals. Moves are the greedy turn of the roll thrown (a random turn with a small
//! probability); starting positions vary the rule set, the board and the starting rows.
//!
//! **Zola.** Greedy self-play after a few random opening moves (and a random move with a small
//! probability), with lambda-returns over the one-ply backed-up values as targets.
//!
//! Both fit a float network of the same shape as [`super::net::Net`] (clipped linear hidden units, a
//! sigmoid output) by Adam on the cross-entropy, iteration by iteration: games with the weights
//! frozen on two threads, then one pass over their states. Everything is seeded: the same
//! configuration gives the same weights on the same machine. [`FloatNet::write`] quantises a network
//! to the weights file of [`super::net`].
#![allow(
    clippy::indexing_slicing,
    reason = "weight arrays indexed by input and hidden numbers below the network's shape"
)]

use super::jokerball_eval::{self as je, Eval, Turn};
use super::net::{read_weights, Inputs, Net, P_ONE};
use super::zola_eval as ze;
use crate::dice::SimRng;
use crate::dice::{Dice, DiceRng, Seed};
use crate::jokerball::{MoveList, Position, RuleSet, Setup};
use crate::player::Player;
use crate::zola;

/// A float network of the shape of [`Net`]: `hidden` clipped linear units over `n_in` inputs (input
/// `i` enters as its integer value times `scale[i]`), one logit.
#[derive(Debug, Clone, PartialEq)]
pub struct FloatNet {
    /// Inputs.
    pub n_in: usize,
    /// Hidden units.
    pub hidden: usize,
    /// Per input, the factor from its integer value to the network's input.
    pub scale: Vec<f32>,
    w1: Vec<f32>,
    b1: Vec<f32>,
    w2: Vec<f32>,
    b2: f32,
    /// Per input, whether any training example had it non-zero (the others' weights are written as 0).
    pub used: Vec<bool>,
}

/// The slope of a hidden unit's gradient outside `0..1` (so that a unit pushed out can come back).
const LEAK: f32 = 0.01;

fn sigmoid(z: f32) -> f32 {
    1.0 / (1.0 + (-z).exp())
}

/// A uniform float in `[0, 1)`.
fn unit(rng: &mut SimRng) -> f32 {
    (rng.next_u32() >> 8) as f32 / (1u32 << 24) as f32
}

impl FloatNet {
    /// A network with small random weights (hidden units start in their linear range).
    pub fn new(n_in: usize, hidden: usize, scale: Vec<f32>, rng: &mut SimRng) -> FloatNet {
        let mut w1 = Vec::with_capacity(n_in * hidden);
        for _ in 0..n_in * hidden {
            w1.push((unit(rng) - 0.5) * 0.1);
        }
        let w2 = (0..hidden).map(|_| (unit(rng) - 0.5) * 0.2).collect();
        FloatNet {
            n_in,
            hidden,
            scale,
            w1,
            b1: vec![0.5; hidden],
            w2,
            b2: 0.0,
            used: vec![false; n_in],
        }
    }

    /// The hidden units' sums into `acc` (length `hidden`) and the logit.
    pub fn forward(&self, x: &Inputs, acc: &mut [f32]) -> f32 {
        let h = self.hidden;
        acc.copy_from_slice(&self.b1);
        for (i, v) in self.active(x) {
            for (a, w) in acc.iter_mut().zip(&self.w1[i * h..(i + 1) * h]) {
                *a += w * v;
            }
        }
        let mut z = self.b2;
        for (a, w) in acc.iter().zip(&self.w2) {
            z += a.clamp(0.0, 1.0) * w;
        }
        z
    }

    /// The chance for these inputs.
    pub fn chance(&self, x: &Inputs, acc: &mut [f32]) -> f32 {
        sigmoid(self.forward(x, acc))
    }

    /// Adds `dz` (the loss's derivative by the logit) times the gradient at `x` to `g`.
    fn backward(&self, x: &Inputs, acc: &[f32], dz: f32, g: &mut FloatNet) {
        let h = self.hidden;
        let mut da = vec![0f32; h];
        for k in 0..h {
            let a = acc[k];
            g.w2[k] += dz * a.clamp(0.0, 1.0);
            let slope = if a > 0.0 && a < 1.0 { 1.0 } else { LEAK };
            da[k] = dz * self.w2[k] * slope;
            g.b1[k] += da[k];
        }
        g.b2 += dz;
        for (i, v) in self.active(x) {
            for (gw, d) in g.w1[i * h..(i + 1) * h].iter_mut().zip(&da) {
                *gw += d * v;
            }
        }
    }

    /// The inputs of `x` that are not zero, as (input index, scaled value): the binary ones that are on
    /// (value 1, which multiplies exactly), then the dense ones, which fill the last inputs.
    fn active<'a>(&'a self, x: &'a Inputs) -> impl Iterator<Item = (usize, f32)> + 'a {
        let start = self.n_in - x.dense.len();
        let on = x.on.iter().map(|&i| (usize::from(i), 1.0));
        let dense = x.dense.iter().enumerate().filter(|&(_, &v)| v != 0);
        on.chain(dense.map(move |(j, &v)| (start + j, f32::from(v) * self.scale[start + j])))
    }

    fn zeroed(&self) -> FloatNet {
        FloatNet {
            n_in: self.n_in,
            hidden: self.hidden,
            scale: self.scale.clone(),
            w1: vec![0.0; self.w1.len()],
            b1: vec![0.0; self.hidden],
            w2: vec![0.0; self.hidden],
            b2: 0.0,
            used: vec![false; self.n_in],
        }
    }

    fn params_mut(&mut self) -> impl Iterator<Item = &mut f32> {
        self.w1
            .iter_mut()
            .chain(self.b1.iter_mut())
            .chain(self.w2.iter_mut())
            .chain(std::iter::once(&mut self.b2))
    }

    /// Appends this network to a weights file's body (see [`super::net`]), quantised to 8 bits.
    pub fn write(&self, kind: u8, out: &mut Vec<u8>) {
        let h = self.hidden;
        out.push(kind);
        out.extend_from_slice(&(self.n_in as u16).to_le_bytes());
        out.push(h as u8);
        let scale_of = |m: f32, top: u32| {
            let mut q = 0;
            while q < top && m * (1u64 << (q + 1)) as f32 <= 127.0 {
                q += 1;
            }
            q
        };
        let w2max = self.w2.iter().fold(0f32, |m, w| m.max(w.abs()));
        let q2 = scale_of(w2max, 24);
        out.push(q2 as u8);
        let mut qs = Vec::with_capacity(self.n_in);
        for i in 0..self.n_in {
            let m = if self.used[i] {
                self.w1[i * h..(i + 1) * h]
                    .iter()
                    .fold(0f32, |m, w| m.max((w * self.scale[i]).abs()))
            } else {
                0.0
            };
            let q = scale_of(m, 16);
            qs.push(q);
            out.push(q as u8);
        }
        for (i, &q) in qs.iter().enumerate() {
            let f = if self.used[i] {
                (1u64 << q) as f32 * self.scale[i]
            } else {
                0.0
            };
            for w in &self.w1[i * h..(i + 1) * h] {
                out.push((w * f).round().clamp(-127.0, 127.0) as i8 as u8);
            }
        }
        for b in &self.b1 {
            out.extend_from_slice(&((b * 65536.0).round() as i32).to_le_bytes());
        }
        for w in &self.w2 {
            out.push((w * (1u64 << q2) as f32).round().clamp(-127.0, 127.0) as i8 as u8);
        }
        let b2 = (f64::from(self.b2) * (1u64 << (16 + q2)) as f64).round();
        out.extend_from_slice(
            &(b2.clamp(f64::from(i32::MIN), f64::from(i32::MAX)) as i32).to_le_bytes(),
        );
    }

    /// This network quantised, as the integer [`Net`] the bot uses.
    pub fn quantised(&self) -> Net {
        let mut bytes = b"SGW1\x01".to_vec();
        self.write(0, &mut bytes);
        read_weights(&bytes)
            .and_then(|mut v| v.pop())
            .map(|(_, n)| n)
            .unwrap_or_else(|| unreachable_net(self.n_in))
    }
}

/// A network that answers one half everywhere (never used: [`FloatNet::quantised`] always reads back).
fn unreachable_net(n_in: usize) -> Net {
    let mut bytes = b"SGW1\x01\x00".to_vec();
    bytes.extend_from_slice(&(n_in as u16).to_le_bytes());
    bytes.extend_from_slice(&[1, 0]);
    bytes.extend(std::iter::repeat_n(16u8, n_in));
    bytes.extend(std::iter::repeat_n(0u8, n_in + 4 + 1 + 4));
    read_weights(&bytes)
        .and_then(|mut v| v.pop())
        .map(|(_, n)| n)
        .unwrap_or_else(|| std::process::abort())
}

/// Adam's state for one network.
#[derive(Debug, Clone)]
pub struct Adam {
    m: FloatNet,
    v: FloatNet,
    t: i32,
}

impl Adam {
    /// Fresh state for `net`.
    pub fn new(net: &FloatNet) -> Adam {
        Adam {
            m: net.zeroed(),
            v: net.zeroed(),
            t: 0,
        }
    }

    /// One step of size `lr` along the gradient `g`.
    fn step(&mut self, net: &mut FloatNet, g: &mut FloatNet, lr: f32) {
        const B1: f32 = 0.9;
        const B2: f32 = 0.999;
        self.t += 1;
        let c1 = 1.0 - B1.powi(self.t);
        let c2 = 1.0 - B2.powi(self.t);
        for (((p, g), m), v) in net
            .params_mut()
            .zip(g.params_mut())
            .zip(self.m.params_mut())
            .zip(self.v.params_mut())
        {
            *m = B1 * *m + (1.0 - B1) * *g;
            *v = B2 * *v + (1.0 - B2) * *g * *g;
            *p -= lr * (*m / c1) / ((*v / c2).sqrt() + 1e-8);
            *g = 0.0;
        }
    }
}

/// One training example: the network's inputs, the target chance and the example's weight.
#[derive(Debug, Clone)]
pub struct Sample {
    /// The inputs.
    pub inputs: Inputs,
    /// The target for the network's chance.
    pub target: f32,
    /// The weight of the example in the loss.
    pub weight: f32,
}

/// One pass of Adam over `samples` in a seeded random order, in batches of `batch`; returns the mean
/// weighted cross-entropy before each step's update (the loss the pass saw).
pub fn fit(
    net: &mut FloatNet,
    adam: &mut Adam,
    samples: &[Sample],
    batch: usize,
    lr: f32,
    rng: &mut SimRng,
) -> f32 {
    let mut order: Vec<usize> = (0..samples.len()).collect();
    for i in (1..order.len()).rev() {
        let j = rng.below(i + 1);
        order.swap(i, j);
    }
    for s in samples {
        for &i in &s.inputs.on {
            if let Some(u) = net.used.get_mut(usize::from(i)) {
                *u = true;
            }
        }
        let start = net.n_in - s.inputs.dense.len();
        for (j, &v) in s.inputs.dense.iter().enumerate() {
            if v != 0 {
                if let Some(u) = net.used.get_mut(start + j) {
                    *u = true;
                }
            }
        }
    }
    let mut g = net.zeroed();
    let mut acc = vec![0f32; net.hidden];
    let mut loss = 0f64;
    let mut weight = 0f64;
    for chunk in order.chunks(batch.max(1)) {
        for &i in chunk {
            let s = &samples[i];
            let p = net.chance(&s.inputs, &mut acc).clamp(1e-6, 1.0 - 1e-6);
            let y = s.target.clamp(0.0, 1.0);
            loss -= f64::from(s.weight * (y * p.ln() + (1.0 - y) * (1.0 - p).ln()));
            weight += f64::from(s.weight);
            net.backward(
                &s.inputs,
                &acc,
                s.weight * (p - y) / chunk.len() as f32,
                &mut g,
            );
        }
        adam.step(net, &mut g, lr);
    }
    (loss / weight.max(1e-9)) as f32
}

// ---------------------------------------------------------------------------------------------------
// Jokerball

/// A Jokerball evaluation for the learner: the float network being trained, or a quantised one.
pub trait JValue {
    /// The chance that the side to move in `pos` (before its roll) wins; a finished position is
    /// worth 1 to its winner.
    fn value(&mut self, pos: &Position) -> f32;
    /// The last [`JValue::value`]'s analysis (the position's exact part and inputs).
    fn last(&self) -> &Eval;
}

/// The float network as a [`JValue`].
pub struct FloatJ<'a> {
    net: &'a FloatNet,
    e: Eval,
    scratch: MoveList,
    acc: Vec<f32>,
}

impl<'a> FloatJ<'a> {
    /// An evaluator over `net`.
    pub fn new(net: &'a FloatNet) -> Box<FloatJ<'a>> {
        Box::new(FloatJ {
            net,
            e: Eval::new(),
            scratch: MoveList::new(),
            acc: vec![0.0; net.hidden],
        })
    }
}

impl JValue for FloatJ<'_> {
    fn value(&mut self, pos: &Position) -> f32 {
        if let Some(w) = pos.winner() {
            return if w == pos.turn() { 1.0 } else { 0.0 };
        }
        je::analyse(pos, &mut self.e, &mut self.scratch);
        let rest = self.e.rest();
        let c = if rest > 0 {
            self.net.chance(&self.e.inputs, &mut self.acc)
        } else {
            0.0
        };
        (self.e.wins as f32 + rest as f32 * c) / self.e.total as f32
    }
    fn last(&self) -> &Eval {
        &self.e
    }
}

/// A quantised network as a [`JValue`] (what the bot computes).
pub struct IntJ<'a> {
    net: &'a Net,
    e: Eval,
    scratch: MoveList,
}

impl<'a> IntJ<'a> {
    /// An evaluator over `net`.
    pub fn new(net: &'a Net) -> Box<IntJ<'a>> {
        Box::new(IntJ {
            net,
            e: Eval::new(),
            scratch: MoveList::new(),
        })
    }
}

impl JValue for IntJ<'_> {
    fn value(&mut self, pos: &Position) -> f32 {
        je::value(self.net, pos, &mut self.e, &mut self.scratch) as f32 / P_ONE as f32
    }
    fn last(&self) -> &Eval {
        &self.e
    }
}

/// Scratch lists for turn enumeration.
struct Lists {
    men: MoveList,
    balls: MoveList,
    turns: Vec<Turn>,
}

impl Lists {
    fn new() -> Box<Lists> {
        Box::new(Lists {
            men: MoveList::new(),
            balls: MoveList::new(),
            turns: Vec::with_capacity(512),
        })
    }
}

/// The turns for a roll from `pos` (turn start) and the index and value of the best (first best in
/// generation order).
fn best_turn(v: &mut dyn JValue, pos: &Position, dice: Dice, l: &mut Lists) -> (usize, f32) {
    l.turns.clear();
    je::turns(
        pos,
        dice.distance,
        dice.direction,
        true,
        &mut l.men,
        &mut l.balls,
        &mut l.turns,
    );
    let me = pos.turn();
    let mut best = (0, -1.0);
    for (i, t) in l.turns.iter().enumerate() {
        let x = match t.after.winner() {
            Some(w) => f32::from(u8::from(w == me)),
            None => 1.0 - v.value(&t.after),
        };
        if x > best.1 {
            best = (i, x);
        }
    }
    (best.0, best.1)
}

/// How the Jokerball learner plays and learns.
#[derive(Debug, Clone)]
pub struct JokerballConfig {
    /// Training iterations.
    pub iterations: u32,
    /// Self-play games per iteration.
    pub games: u32,
    /// Undecided rolls averaged per state's target.
    pub rolls: u32,
    /// The chance of a random turn in self-play.
    pub explore: f32,
    /// Hidden units.
    pub hidden: usize,
    /// Adam's step size at the start, and at the end (geometric in between).
    pub lr: (f32, f32),
    /// The batch size.
    pub batch: usize,
    /// The seed of everything.
    pub seed: u32,
    /// Paired games of each strength check (against the previous weights), every `check_every`
    /// iterations.
    pub check_pairs: u32,
    /// Iterations between strength checks.
    pub check_every: u32,
}

impl Default for JokerballConfig {
    fn default() -> Self {
        JokerballConfig {
            iterations: 60,
            games: 2000,
            rolls: 4,
            explore: 0.02,
            hidden: 16,
            lr: (0.003, 0.0003),
            batch: 64,
            seed: 2025,
            check_pairs: 200,
            check_every: 4,
        }
    }
}

/// The input scales of the Jokerball network.
pub fn jokerball_scales() -> Vec<f32> {
    let mut s = vec![1.0; je::INPUTS];
    for x in &mut s[je::BINARY..] {
        *x = 1.0 / (1u32 << je::DENSE_SHIFT) as f32;
    }
    s
}

/// A starting position of self-play: rule set, board and rows drawn (2025 on side 6 half the time),
/// either side first.
pub fn jokerball_start(rng: &mut SimRng) -> Position {
    let r = rng.below(12);
    let (rules, size) = match r {
        0..=5 => (RuleSet::Y2025, 6),
        6..=7 => (RuleSet::Classic, 6),
        8..=9 => (RuleSet::Y2025, 4),
        _ => (RuleSet::Classic, 4),
    };
    let rows = if rng.below(3) == 0 {
        1 + rng.below(usize::from(size) - 1) as u8
    } else {
        2
    };
    let setup = Setup {
        rules,
        size: Some(size),
        rows,
        first: if rng.below(2) == 0 {
            Player::Red
        } else {
            Player::Blue
        },
        ..Setup::default()
    };
    Position::start(&setup).unwrap_or_else(|_| {
        Position::start(&Setup::default()).unwrap_or_else(|_| std::process::abort())
    })
}

/// The most turns of a self-play game.
const MAX_TURNS: u32 = 400;

/// One self-play game with `net`, appending its training examples to `out`.
fn jokerball_game(net: &FloatNet, cfg: &JokerballConfig, rng: &mut SimRng, out: &mut Vec<Sample>) {
    let mut v = FloatJ::new(net);
    let mut l = Lists::new();
    let mut pos = jokerball_start(rng);
    for _ in 0..MAX_TURNS {
        if pos.winner().is_some() {
            return;
        }
        let size = pos.side();
        v.value(&pos);
        let e = v.last().clone();
        let dice = Dice {
            distance: 1 + rng.below(usize::from(size)) as u8,
            direction: 1 + rng.below(6) as u8,
        };
        let rest: Vec<Dice> = (1..=size)
            .flat_map(|k| {
                (1..=6u8).map(move |f| Dice {
                    distance: k,
                    direction: f,
                })
            })
            .filter(|d| e.decided & je::roll_bit(d.distance, d.direction) == 0)
            .collect();
        // The other rolls of the target first, then the roll thrown (whose turns stay in the lists).
        let thrown_rest = rest.contains(&dice);
        let draws = cfg.rolls.max(1) - u32::from(thrown_rest);
        let mut sum = 0.0;
        let mut n = 0;
        if !rest.is_empty() {
            for _ in 0..draws {
                let d = rest[rng.below(rest.len())];
                sum += best_turn(v.as_mut(), &pos, d, &mut l).1;
                n += 1;
            }
        }
        let (best, thrown) = best_turn(v.as_mut(), &pos, dice, &mut l);
        if thrown_rest {
            sum += thrown;
            n += 1;
        }
        if n > 0 {
            out.push(Sample {
                inputs: e.inputs.clone(),
                target: sum / n as f32,
                weight: e.rest() as f32 / e.total as f32,
            });
        }
        let i = if unit(rng) < cfg.explore {
            rng.below(l.turns.len())
        } else {
            best
        };
        match l.turns.get(i) {
            Some(t) => pos = t.after,
            None => return,
        }
    }
}

/// Plays one Jokerball game between two evaluations at one ply (greedy turns, ties to the first),
/// dice from `dice`; returns the winner (`None` after 400 turns).
pub fn jokerball_duel(
    red: &mut dyn JValue,
    blue: &mut dyn JValue,
    start: Position,
    dice: &mut DiceRng,
) -> Option<Player> {
    let mut l = Lists::new();
    let mut pos = start;
    for _ in 0..MAX_TURNS {
        if let Some(w) = pos.winner() {
            return Some(w);
        }
        let d = Dice::roll(dice, pos.side());
        let v: &mut dyn JValue = if pos.turn() == Player::Red {
            &mut *red
        } else {
            &mut *blue
        };
        let (i, _) = best_turn(v, &pos, d, &mut l);
        pos = l.turns.get(i)?.after;
    }
    pos.winner()
}

/// `pairs` pairs of games of `a` against `b` at one ply on the standard board (2025, side 6): the
/// games of a pair share their dice, `a` Red in one and Blue in the other. Returns `a`'s wins of
/// `2 * pairs`.
pub fn jokerball_match(a: &Net, b: &Net, pairs: u32, seed: u32) -> u32 {
    let wins = on_two_threads(|t| {
        let mut wins = 0;
        for i in (t..pairs).step_by(2) {
            let start =
                Position::start(&Setup::default()).unwrap_or_else(|_| std::process::abort());
            for a_red in [true, false] {
                let mut dice = DiceRng::from_seed(&Seed::Number(seed.wrapping_add(i)));
                let (mut va, mut vb) = (IntJ::new(a), IntJ::new(b));
                let w = if a_red {
                    jokerball_duel(va.as_mut(), vb.as_mut(), start, &mut dice)
                } else {
                    jokerball_duel(vb.as_mut(), va.as_mut(), start, &mut dice)
                };
                let a_colour = if a_red { Player::Red } else { Player::Blue };
                wins += u32::from(w == Some(a_colour));
            }
        }
        wins
    });
    wins.iter().sum()
}

/// A point of a training curve.
#[derive(Debug, Clone, PartialEq)]
pub struct CurvePoint {
    /// The iteration reached.
    pub iteration: u32,
    /// Self-play games so far.
    pub games: u64,
    /// The pass's mean loss.
    pub loss: f32,
    /// Wins against the weights of the previous check, and games played (0 when not checked).
    pub vs_previous: (u32, u32),
    /// Wins against the first weights (the untrained network), and games played.
    pub vs_first: (u32, u32),
}

/// The [`Schedule`] of a game's configuration (both name its fields alike).
macro_rules! schedule_of {
    ($cfg:expr) => {
        Schedule {
            iterations: $cfg.iterations,
            games: $cfg.games,
            hidden: $cfg.hidden,
            lr: $cfg.lr,
            batch: $cfg.batch,
            check_pairs: $cfg.check_pairs,
            check_every: $cfg.check_every,
        }
    };
}

/// Trains the Jokerball network; `log` receives each iteration's point of the curve.
pub fn train_jokerball(cfg: &JokerballConfig, log: impl FnMut(&CurvePoint)) -> FloatNet {
    train(&jokerball_course(cfg), log)
}

/// The Jokerball part of the training loop.
fn jokerball_course(cfg: &JokerballConfig) -> Course<'_, JokerballConfig> {
    Course {
        cfg,
        rng: [cfg.seed, 0x4a6f_6b65, 0x7262_616c, 0x6c21_0001],
        inputs: je::INPUTS,
        scales: jokerball_scales(),
        schedule: schedule_of!(cfg),
        play: jokerball_game,
        versus: jokerball_match,
        check_seeds: |it| (900_000 + it * 10_000, 905_000 + it * 10_000),
    }
}

// ---------------------------------------------------------------------------------------------------
// Zola

/// How the Zola learner plays and learns.
#[derive(Debug, Clone)]
pub struct ZolaConfig {
    /// Training iterations.
    pub iterations: u32,
    /// Self-play games per iteration.
    pub games: u32,
    /// The lambda of the returns.
    pub lambda: f32,
    /// The chance of a random move.
    pub explore: f32,
    /// Random moves at the start of each game (at most).
    pub opening: u32,
    /// Hidden units.
    pub hidden: usize,
    /// Adam's step size at the start and at the end.
    pub lr: (f32, f32),
    /// The batch size.
    pub batch: usize,
    /// The seed of everything.
    pub seed: u32,
    /// Paired games of each strength check.
    pub check_pairs: u32,
    /// Iterations between strength checks.
    pub check_every: u32,
}

impl Default for ZolaConfig {
    fn default() -> Self {
        ZolaConfig {
            iterations: 30,
            games: 600,
            lambda: 0.7,
            explore: 0.05,
            opening: 4,
            hidden: 16,
            lr: (0.003, 0.0003),
            batch: 64,
            seed: 2021,
            check_pairs: 100,
            check_every: 3,
        }
    }
}

/// The input scales of the Zola network.
pub fn zola_scales() -> Vec<f32> {
    let mut s = vec![1.0; ze::INPUTS];
    for (x, &d) in s[ze::BINARY..].iter_mut().zip(&ze::DENSE_SHIFTS) {
        *x = 1.0 / (1u32 << d) as f32;
    }
    s
}

/// A Zola evaluation for the learner.
trait ZValue {
    /// The chance that the side to move in `pos` wins (a side without checkers has lost).
    fn value(&mut self, pos: &zola::Position) -> f32;
}

struct FloatZ<'a> {
    net: &'a FloatNet,
    x: Inputs,
    list: zola::MoveList,
    acc: Vec<f32>,
}

impl ZValue for FloatZ<'_> {
    fn value(&mut self, pos: &zola::Position) -> f32 {
        if pos.count(pos.turn().other()) == 0 {
            return 1.0;
        }
        if pos.count(pos.turn()) == 0 {
            return 0.0;
        }
        ze::inputs(pos, &mut self.x, &mut self.list);
        self.net.chance(&self.x, &mut self.acc)
    }
}

struct IntZ<'a> {
    net: &'a Net,
    x: Inputs,
    list: zola::MoveList,
}

impl ZValue for IntZ<'_> {
    fn value(&mut self, pos: &zola::Position) -> f32 {
        ze::value(self.net, pos, &mut self.x, &mut self.list) as f32 / P_ONE as f32
    }
}

/// The most plies of a Zola game (the rules end every game; this only guards the loop).
const MAX_PLIES: u32 = 2000;

/// A Zola board size for self-play: 6 half the time, else 8 or 10.
fn zola_size(rng: &mut SimRng) -> zola::Size {
    match rng.below(4) {
        0 | 1 => zola::Size::Six,
        2 => zola::Size::Eight,
        _ => zola::Size::Ten,
    }
}

/// The legal moves of `pos` (a pass when there is none).
fn zola_moves(pos: &zola::Position, list: &mut zola::MoveList) {
    list.clear();
    pos.moves(list);
    if list.is_empty() {
        list.push(zola::Move::Pass);
    }
}

/// The best move by one ply and its value (ties to the first).
fn zola_best(v: &mut dyn ZValue, pos: &zola::Position, list: &zola::MoveList) -> (usize, f32) {
    let mut best = (0, -1.0);
    for (i, &m) in list.iter().enumerate() {
        let mut p = *pos;
        p.apply(m);
        let x = 1.0 - v.value(&p);
        if x > best.1 {
            best = (i, x);
        }
    }
    best
}

fn zola_game(net: &FloatNet, cfg: &ZolaConfig, rng: &mut SimRng, out: &mut Vec<Sample>) {
    let mut v = FloatZ {
        net,
        x: Inputs::with_capacity(8, ze::DENSE),
        list: zola::MoveList::new(),
        acc: vec![0.0; net.hidden],
    };
    let first = if rng.below(2) == 0 {
        Player::Red
    } else {
        Player::Blue
    };
    let mut pos = zola::Position::full(zola_size(rng), first);
    let mut list = zola::MoveList::new();
    let opening = rng.below(cfg.opening as usize + 1) as u32;
    // (inputs, one-ply backed-up value, whether the move played was the greedy one)
    let mut states: Vec<(Inputs, f32, bool)> = Vec::new();
    for ply in 0..MAX_PLIES {
        if pos.count(Player::Red) == 0 || pos.count(Player::Blue) == 0 {
            break;
        }
        zola_moves(&pos, &mut list);
        let (best, backed) = zola_best(&mut v, &pos, &list);
        let random = ply < opening || unit(rng) < cfg.explore;
        let i = if random { rng.below(list.len()) } else { best };
        let mut x = Inputs::with_capacity(8, ze::DENSE);
        ze::inputs(&pos, &mut x, &mut v.list);
        states.push((x, backed, !random));
        if let Some(&m) = list.get(i) {
            pos.apply(m);
        }
    }
    // Lambda-returns, backwards: G_t = (1 - lambda) b_t + lambda (1 - G_{t+1}) after a greedy move.
    let mut next: Option<f32> = None;
    let mut targets = vec![0f32; states.len()];
    for (t, (_, b, greedy)) in states.iter().enumerate().rev() {
        let g = match next {
            Some(n) if *greedy => (1.0 - cfg.lambda) * b + cfg.lambda * (1.0 - n),
            _ => *b,
        };
        targets[t] = g;
        next = Some(g);
    }
    for ((x, _, _), target) in states.into_iter().zip(targets) {
        out.push(Sample {
            inputs: x,
            target,
            weight: 1.0,
        });
    }
}

/// Plays one Zola game on 6x6 between two one-ply evaluations after `opening` (random moves from
/// `rng`, the same for both games of a pair); returns the winner.
fn zola_duel(red: &mut dyn ZValue, blue: &mut dyn ZValue, opening: &[u32]) -> Option<Player> {
    let mut pos = zola::Position::full(zola::Size::Six, Player::Red);
    let mut list = zola::MoveList::new();
    for ply in 0..MAX_PLIES {
        if pos.count(Player::Red) == 0 {
            return Some(Player::Blue);
        }
        if pos.count(Player::Blue) == 0 {
            return Some(Player::Red);
        }
        zola_moves(&pos, &mut list);
        let i = match opening.get(ply as usize) {
            Some(&r) => r as usize % list.len(),
            None => {
                let v: &mut dyn ZValue = if pos.turn() == Player::Red {
                    &mut *red
                } else {
                    &mut *blue
                };
                zola_best(v, &pos, &list).0
            }
        };
        if let Some(&m) = list.get(i) {
            pos.apply(m);
        }
    }
    None
}

/// `pairs` pairs of 6x6 games of `a` against `b` at one ply, each pair from the same random opening
/// of four moves with `a` Red in one and Blue in the other. Returns `a`'s wins of `2 * pairs`.
pub fn zola_match(a: &Net, b: &Net, pairs: u32, seed: u32) -> u32 {
    let mut wins = 0;
    let mut rng = SimRng::new([seed, 0x5a6f_6c61, 1, 2]);
    for _ in 0..pairs {
        let opening: Vec<u32> = (0..4).map(|_| rng.next_u32()).collect();
        for a_red in [true, false] {
            let mut va = IntZ {
                net: a,
                x: Inputs::with_capacity(8, ze::DENSE),
                list: zola::MoveList::new(),
            };
            let mut vb = IntZ {
                net: b,
                x: Inputs::with_capacity(8, ze::DENSE),
                list: zola::MoveList::new(),
            };
            let w = if a_red {
                zola_duel(&mut va, &mut vb, &opening)
            } else {
                zola_duel(&mut vb, &mut va, &opening)
            };
            let a_colour = if a_red { Player::Red } else { Player::Blue };
            wins += u32::from(w == Some(a_colour));
        }
    }
    wins
}

/// Trains the Zola network; `log` receives each iteration's point of the curve.
pub fn train_zola(cfg: &ZolaConfig, log: impl FnMut(&CurvePoint)) -> FloatNet {
    train(&zola_course(cfg), log)
}

/// The Zola part of the training loop.
fn zola_course(cfg: &ZolaConfig) -> Course<'_, ZolaConfig> {
    Course {
        cfg,
        rng: [cfg.seed, 0x5a6f_6c61, 0x0000_0006, 0x7a21_0001],
        inputs: ze::INPUTS,
        scales: zola_scales(),
        schedule: schedule_of!(cfg),
        play: zola_game,
        versus: zola_match,
        check_seeds: |it| (700_000 + it, 800_000 + it),
    }
}

// ---------------------------------------------------------------------------------------------------
// The training loop of both games

/// How long and how hard a network is trained: the common part of [`JokerballConfig`] and
/// [`ZolaConfig`], whose fields have these names.
struct Schedule {
    iterations: u32,
    games: u32,
    hidden: usize,
    lr: (f32, f32),
    batch: usize,
    check_pairs: u32,
    check_every: u32,
}

/// One game's training: its configuration, the first words of its generator, its network's shape, its
/// self-play, and its strength check (`versus(a, b, pairs, seed)`: `a`'s wins; the check's seeds of
/// an iteration against the previous and the first weights).
struct Course<'a, C> {
    cfg: &'a C,
    rng: [u32; 4],
    inputs: usize,
    scales: Vec<f32>,
    schedule: Schedule,
    play: fn(&FloatNet, &C, &mut SimRng, &mut Vec<Sample>),
    versus: fn(&Net, &Net, u32, u32) -> u32,
    check_seeds: fn(u32) -> (u32, u32),
}

/// Self-play games on two threads with the weights frozen; the examples in a fixed order.
fn self_play<C: Sync>(net: &FloatNet, course: &Course<'_, C>, seed: [u32; 4]) -> Vec<Sample> {
    let (cfg, play, games) = (course.cfg, course.play, course.schedule.games);
    on_two_threads(|t| {
        let mut rng = SimRng::new([seed[0], seed[1], seed[2], seed[3] ^ (t + 1)]);
        let mut out = Vec::new();
        for _ in 0..games.div_ceil(2) {
            play(net, cfg, &mut rng, &mut out);
        }
        out
    })
    .concat()
}

/// Runs `work(0)` and `work(1)` on two threads (the machine's two cores; thread `t` of a series takes
/// its items `t, t + 2, ...`) and returns their results in that order. A panic in either is passed on.
pub fn on_two_threads<R: Send>(work: impl Fn(u32) -> R + Sync) -> [R; 2] {
    let work = &work;
    std::thread::scope(|s| {
        [0, 1]
            .map(|t| s.spawn(move || work(t)))
            .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
    })
}

/// The training loop of both games: per iteration, self-play with the weights frozen, one pass of
/// Adam over its examples (the step size going geometrically from its first to its last value), and
/// every `check_every` iterations a strength check against the previous check's weights and the
/// untrained ones.
fn train<C: Sync>(course: &Course<'_, C>, mut log: impl FnMut(&CurvePoint)) -> FloatNet {
    let sc = &course.schedule;
    let mut rng = SimRng::new(course.rng);
    let mut net = FloatNet::new(course.inputs, sc.hidden, course.scales.clone(), &mut rng);
    let mut adam = Adam::new(&net);
    let first = net.quantised();
    let mut previous = first.clone();
    let mut games = 0u64;
    for it in 1..=sc.iterations {
        let seed = [
            rng.next_u32(),
            rng.next_u32(),
            rng.next_u32(),
            rng.next_u32(),
        ];
        let samples = self_play(&net, course, seed);
        games += u64::from(sc.games.div_ceil(2) * 2);
        let frac = if sc.iterations > 1 {
            (it - 1) as f32 / (sc.iterations - 1) as f32
        } else {
            0.0
        };
        let lr = sc.lr.0 * (sc.lr.1 / sc.lr.0).powf(frac);
        let loss = fit(&mut net, &mut adam, &samples, sc.batch, lr, &mut rng);
        let mut point = CurvePoint {
            iteration: it,
            games,
            loss,
            vs_previous: (0, 0),
            vs_first: (0, 0),
        };
        if sc.check_pairs > 0 && (it % sc.check_every.max(1) == 0 || it == sc.iterations) {
            let now = net.quantised();
            let (vs_previous, vs_first) = (course.check_seeds)(it);
            point.vs_previous = (
                (course.versus)(&now, &previous, sc.check_pairs, vs_previous),
                2 * sc.check_pairs,
            );
            point.vs_first = (
                (course.versus)(&now, &first, sc.check_pairs, vs_first),
                2 * sc.check_pairs,
            );
            previous = now;
        }
        log(&point);
    }
    net
}

/// A weights file holding these networks (kind 0 Jokerball, 1 Zola).
pub fn weights_file(nets: &[(u8, &FloatNet)]) -> Vec<u8> {
    let mut out = b"SGW1".to_vec();
    out.push(nets.len() as u8);
    for (kind, net) in nets {
        net.write(*kind, &mut out);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The learner fits a target it can represent, and the quantised network agrees with the float
    /// one.
    #[test]
    fn fits_and_quantises() {
        let mut rng = SimRng::new([1, 2, 3, 4]);
        let mut net = FloatNet::new(6, 8, vec![1.0, 1.0, 1.0, 1.0, 0.25, 0.25], &mut rng);
        let mut adam = Adam::new(&net);
        // Target: sigmoid(2 * (a - b) + 0.5 * c), from two binary inputs and a dense one.
        let mut samples = Vec::new();
        for i in 0..400u16 {
            let mut x = Inputs::with_capacity(4, 2);
            let (a, b) = (i % 2, (i / 2) % 2);
            if a == 1 {
                x.on.push(0);
            }
            if b == 1 {
                x.on.push(1);
            }
            let c = (i / 4) % 5;
            x.dense.extend_from_slice(&[c, 0]);
            let z = 2.0 * (f32::from(a) - f32::from(b)) + 0.5 * 0.25 * f32::from(c);
            samples.push(Sample {
                inputs: x,
                target: sigmoid(z),
                weight: 1.0,
            });
        }
        let first = fit(&mut net, &mut adam, &samples, 16, 0.01, &mut rng);
        let mut last = first;
        for _ in 0..150 {
            last = fit(&mut net, &mut adam, &samples, 16, 0.01, &mut rng);
        }
        assert!(last < first, "loss {first} -> {last}");
        let q = net.quantised();
        let mut acc = vec![0.0; 8];
        let mut worst = 0f32;
        for s in &samples {
            let f = net.chance(&s.inputs, &mut acc);
            let i = q.chance(&s.inputs) as f32 / P_ONE as f32;
            worst = worst.max((f - i).abs());
            assert!((f - s.target).abs() < 0.05, "fit {f} vs {}", s.target);
        }
        assert!(worst < 0.01, "quantised differs by {worst}");
    }

    /// A short Jokerball self-play iteration runs and gives examples with targets in range.
    #[test]
    fn jokerball_self_play_examples() {
        let cfg = JokerballConfig {
            games: 2,
            rolls: 2,
            ..JokerballConfig::default()
        };
        let mut rng = SimRng::new([5, 6, 7, 8]);
        let net = FloatNet::new(je::INPUTS, 8, jokerball_scales(), &mut rng);
        let samples = self_play(&net, &jokerball_course(&cfg), [1, 2, 3, 4]);
        assert!(!samples.is_empty());
        assert!(samples
            .iter()
            .all(|s| (0.0..=1.0).contains(&s.target) && s.weight > 0.0 && s.weight <= 1.0));
        assert_eq!(
            samples.len(),
            self_play(&net, &jokerball_course(&cfg), [1, 2, 3, 4]).len()
        );
    }
}
