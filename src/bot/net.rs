//! The learned evaluations' network, in integers: one hidden layer of clipped linear units over sparse
//! binary and small dense integer inputs, one output logit, and a sigmoid from a table. Every step is
//! integer arithmetic, so a position gets the same value (and the bot the same choice) on any machine,
//! natively and in WebAssembly.
//!
//! **Weights file** (little-endian; written by [`crate::bot::learn`], embedded with `include_bytes!`):
//! `b"SGW1"`, the number of networks (`u8`), then per network: its kind (`u8`: 0 Jokerball, 1 Zola),
//! the inputs `n` (`u16`), the hidden units `h` (`u8`), the output weights' scale `q2` (`u8`); per input
//! its scale `q` (`u8`: the input's weights are multiples of `2^-q`); the first layer's weights (`i8`,
//! input-major: input 0's `h` weights first); the hidden biases (`i32`, units of `2^-16`); the output
//! weights (`i8`, units of `2^-q2`); the output bias (`i32`, units of `2^-(16 + q2)`).
//!
//! **Arithmetic.** A hidden unit sums its inputs' weights (pre-shifted to units of `2^-16`) times the
//! inputs' integer values, adds its bias and is clipped to `0 ..= 2^16` (the unit's value 0 to 1). The
//! logit is the sum of hidden values times output weights plus the output bias, in units of
//! `2^-(16 + q2)`, brought to units of `2^-8`; the chance is `sigmoid(logit)` in units of `2^-16`
//! ([`P_ONE`]), interpolated linearly between 33 table points `sigmoid(j / 4)`, `j = 0..=32`.
#![allow(
    clippy::indexing_slicing,
    reason = "weights indexed by input and hidden numbers checked against the network's shape when read"
)]

/// Fraction bits of the hidden units' sums (a hidden unit's value 1 is `2^ACC_BITS`).
pub const ACC_BITS: u32 = 16;

/// A certain win, in the units of every chance the bot computes (`2^-16`).
pub const P_ONE: i32 = 1 << 16;

/// `round(65536 * sigmoid(j / 4))` for `j = 0..=32`.
const SIGMOID: [i32; 33] = [
    32768, 36843, 40793, 44511, 47911, 50941, 53581, 55834, 57724, 59287, 60565, 61598, 62428,
    63090, 63615, 64030, 64357, 64614, 64816, 64974, 65097, 65194, 65269, 65328, 65374, 65410,
    65438, 65459, 65476, 65489, 65500, 65508, 65514,
];

/// `sigmoid(x / 256)` in units of `2^-16` (`0 ..= P_ONE`), from the table with linear interpolation.
pub fn sigmoid(x: i32) -> i32 {
    let a = x.unsigned_abs().min(2048) as usize;
    let j = (a >> 6).min(31);
    let frac = (a - (j << 6)) as i32;
    let v = SIGMOID[j] + (((SIGMOID[j + 1] - SIGMOID[j]) * frac) >> 6);
    if x < 0 {
        P_ONE - v
    } else {
        v
    }
}

/// The inputs of one evaluation: the indices of the binary inputs that are on, and the values of the
/// dense inputs (which follow the binary ones in the network's input order).
#[derive(Debug, Clone)]
pub struct Inputs {
    /// Indices of binary inputs equal to 1 (each below the dense block's start).
    pub on: Vec<u16>,
    /// Values of the dense inputs, in order.
    pub dense: Vec<u16>,
}

impl Inputs {
    /// Empty inputs with room for `on` binary and `dense` dense values.
    pub fn with_capacity(on: usize, dense: usize) -> Inputs {
        Inputs {
            on: Vec::with_capacity(on),
            dense: Vec::with_capacity(dense),
        }
    }

    /// Clears both parts.
    pub fn clear(&mut self) {
        self.on.clear();
        self.dense.clear();
    }
}

/// The hidden units' partial sums from the biases and the dense inputs ([`Net::base`]).
#[derive(Debug, Clone, Copy)]
pub struct Base {
    acc: [i32; MAX_HIDDEN],
    /// Every sum within `±2^30`: [`Net::logit_from`] may add two units at once.
    small: bool,
}

/// A network ready to evaluate: the first layer's weights pre-shifted to units of `2^-16`.
#[derive(Debug, Clone)]
pub struct Net {
    /// The number of inputs.
    pub n_in: usize,
    /// The number of hidden units.
    pub hidden: usize,
    w1: Vec<i32>,
    /// The first layer's weights two units to an `i64` (unit `2j + 1` times `2^32` plus unit `2j`,
    /// exactly), input-major; empty for an odd number of hidden units.
    w1_pairs: Vec<i64>,
    b1: Vec<i32>,
    w2: Vec<i32>,
    b2: i64,
    /// Right shift from the output sum's units to the sigmoid's `2^-8`.
    out_shift: u32,
}

/// Reads little-endian values from a byte slice.
struct Reader<'a> {
    bytes: &'a [u8],
}

impl Reader<'_> {
    fn take<const N: usize>(&mut self) -> Option<[u8; N]> {
        let (head, rest) = self.bytes.split_first_chunk::<N>()?;
        self.bytes = rest;
        Some(*head)
    }
    fn u8(&mut self) -> Option<u8> {
        self.take::<1>().map(|b| b[0])
    }
    fn i8(&mut self) -> Option<i8> {
        self.take::<1>().map(i8::from_le_bytes)
    }
    fn u16(&mut self) -> Option<u16> {
        self.take::<2>().map(u16::from_le_bytes)
    }
    fn i32(&mut self) -> Option<i32> {
        self.take::<4>().map(i32::from_le_bytes)
    }
}

/// Reads every network of a weights file: `(kind, net)` pairs; `None` if the file is malformed.
pub fn read_weights(bytes: &[u8]) -> Option<Vec<(u8, Net)>> {
    let mut r = Reader { bytes };
    if r.take::<4>()? != *b"SGW1" {
        return None;
    }
    let count = r.u8()?;
    let mut nets = Vec::with_capacity(usize::from(count));
    for _ in 0..count {
        let kind = r.u8()?;
        let n_in = usize::from(r.u16()?);
        let hidden = usize::from(r.u8()?);
        let q2 = u32::from(r.u8()?);
        if hidden == 0 || q2 > 30 {
            return None;
        }
        let mut shifts = Vec::with_capacity(n_in);
        for _ in 0..n_in {
            let q = u32::from(r.u8()?);
            shifts.push(ACC_BITS.checked_sub(q)?);
        }
        let mut w1 = Vec::with_capacity(n_in * hidden);
        for &s in &shifts {
            for _ in 0..hidden {
                w1.push(i32::from(r.i8()?) << s);
            }
        }
        let mut b1 = Vec::with_capacity(hidden);
        for _ in 0..hidden {
            b1.push(r.i32()?);
        }
        let mut w2 = Vec::with_capacity(hidden);
        for _ in 0..hidden {
            w2.push(i32::from(r.i8()?));
        }
        let b2 = i64::from(r.i32()?);
        nets.push((
            kind,
            Net {
                n_in,
                hidden,
                w1_pairs: pairs(&w1, hidden),
                w1,
                b1,
                w2,
                b2,
                out_shift: ACC_BITS + q2 - 8,
            },
        ));
    }
    r.bytes.is_empty().then_some(nets)
}

/// The most hidden units a network may have (the accumulators live on the stack).
pub const MAX_HIDDEN: usize = 64;

/// The most binary inputs for which [`Net::logit_from`] adds two units at once: with the sums of a
/// [`Base`] within `±2^30` and each weight within `±2^23` (an `i8` times at most `2^ACC_BITS`), 64
/// of them keep every unit's sum within `±(2^30 + 2^29)`, inside `i32`.
const PAIRED_INPUTS: usize = 64;

/// Two hidden units' values in one `i64`, `hi * 2^32 + lo` exactly: sums of such are the units'
/// sums as long as the low unit's stays within `i32` (then [`unpair`] gives both back).
#[inline(always)]
fn pair(lo: i32, hi: i32) -> i64 {
    (i64::from(hi) << 32) + i64::from(lo)
}

/// The two units of a [`pair`] sum whose low unit stayed within `i32`.
#[inline(always)]
fn unpair(p: i64) -> (i32, i32) {
    let lo = p as i32;
    (lo, (p.wrapping_sub(i64::from(lo)) >> 32) as i32)
}

/// Adds eight pairs of units.
#[inline(always)]
fn add8(s: &mut [i64; 8], w: &[i64; 8]) {
    s[0] = s[0].wrapping_add(w[0]);
    s[1] = s[1].wrapping_add(w[1]);
    s[2] = s[2].wrapping_add(w[2]);
    s[3] = s[3].wrapping_add(w[3]);
    s[4] = s[4].wrapping_add(w[4]);
    s[5] = s[5].wrapping_add(w[5]);
    s[6] = s[6].wrapping_add(w[6]);
    s[7] = s[7].wrapping_add(w[7]);
}

/// The weights `w` (input-major, `hidden` per input) as pairs of units; none for an odd `hidden`.
fn pairs(w: &[i32], hidden: usize) -> Vec<i64> {
    if hidden % 2 != 0 || hidden > MAX_HIDDEN {
        return Vec::new();
    }
    w.chunks_exact(2).map(|p| pair(p[0], p[1])).collect()
}

impl Net {
    /// A network of `n_in` inputs that answers one half everywhere (the fallback if the embedded
    /// weights could not be read; a test checks that they can).
    pub fn constant(n_in: usize) -> Net {
        Net {
            n_in,
            hidden: 1,
            w1: vec![0; n_in],
            w1_pairs: Vec::new(),
            b1: vec![0],
            w2: vec![0],
            b2: 0,
            out_shift: 8,
        }
    }

    /// The hidden units' sums of their biases and the dense inputs `dense` (which end the input
    /// order), to be completed by [`Net::logit_from`]: positions that share their dense inputs share
    /// this part.
    pub fn base(&self, dense: &[u16]) -> Base {
        let h = self.hidden.min(MAX_HIDDEN);
        let mut acc = [0i32; MAX_HIDDEN];
        acc[..h].copy_from_slice(&self.b1[..h]);
        let start = self.n_in.saturating_sub(dense.len());
        for (j, &v) in dense.iter().enumerate() {
            if v == 0 {
                continue;
            }
            let i = start + j;
            let v = i32::from(v);
            if let Some(w) = self.w1.get(i * self.hidden..i * self.hidden + h) {
                for (a, &w) in acc[..h].iter_mut().zip(w) {
                    *a = a.wrapping_add(w.wrapping_mul(v));
                }
            }
        }
        let small = acc.iter().all(|a| a.unsigned_abs() <= 1 << 30);
        Base { acc, small }
    }

    /// The output logit (units of `2^-8`) from a [`Net::base`] and the binary inputs that are on.
    ///
    /// Two hidden units are summed at once in an `i64` ([`pair`]) when no unit's sum can leave `i32`
    /// (the base's sums small, at most [`PAIRED_INPUTS`] inputs): then the sums are the same as one
    /// unit at a time, with half the additions.
    pub fn logit_from(&self, base: &Base, on: &[u16]) -> i32 {
        let h = self.hidden.min(MAX_HIDDEN);
        let mut acc = base.acc;
        let half = h / 2;
        if base.small && on.len() <= PAIRED_INPUTS && !self.w1_pairs.is_empty() {
            let mut sums = [0i64; MAX_HIDDEN / 2];
            for (s, a) in sums[..half].iter_mut().zip(acc.chunks_exact(2)) {
                *s = pair(a[0], a[1]);
            }
            if half == 8 {
                // Sixteen units (both embedded networks): the additions written out, so that the
                // size-optimised build keeps the sums in registers.
                let mut s8 = [0i64; 8];
                s8.copy_from_slice(&sums[..8]);
                for &i in on {
                    let i = usize::from(i);
                    if let Some(w) = self
                        .w1_pairs
                        .get(i * 8..i * 8 + 8)
                        .and_then(|w| <&[i64; 8]>::try_from(w).ok())
                    {
                        add8(&mut s8, w);
                    }
                }
                sums[..8].copy_from_slice(&s8);
            } else {
                for &i in on {
                    let i = usize::from(i);
                    if let Some(w) = self.w1_pairs.get(i * half..i * half + half) {
                        for (s, &w) in sums[..half].iter_mut().zip(w) {
                            *s = s.wrapping_add(w);
                        }
                    }
                }
            }
            for (a, &s) in acc.chunks_exact_mut(2).zip(&sums[..half]) {
                (a[0], a[1]) = unpair(s);
            }
        } else {
            for &i in on {
                let i = usize::from(i);
                if let Some(w) = self.w1.get(i * self.hidden..i * self.hidden + h) {
                    for (a, &w) in acc[..h].iter_mut().zip(w) {
                        *a = a.wrapping_add(w);
                    }
                }
            }
        }
        let mut out = self.b2;
        for (a, &w) in acc[..h].iter().zip(&self.w2) {
            out += i64::from((*a).clamp(0, 1 << ACC_BITS)) * i64::from(w);
        }
        (out >> self.out_shift).clamp(-(1 << 20), 1 << 20) as i32
    }

    /// The output logit for these inputs, in units of `2^-8`. Inputs beyond the network's size are
    /// ignored.
    pub fn logit(&self, x: &Inputs) -> i32 {
        self.logit_from(&self.base(&x.dense), &x.on)
    }

    /// The chance (units of `2^-16`) for these inputs.
    pub fn chance(&self, x: &Inputs) -> i32 {
        sigmoid(self.logit(x))
    }
}

/// A network of random weights in the weights file's format: `n_in` inputs of scale `q`, `hidden`
/// units (for tests, so that every input counts).
#[cfg(test)]
pub(crate) fn random_net(n_in: usize, hidden: usize, q: u8, rng: &mut crate::dice::SimRng) -> Net {
    let mut bytes = b"SGW1\x01\x00".to_vec();
    bytes.extend_from_slice(&(n_in as u16).to_le_bytes());
    bytes.extend_from_slice(&[hidden as u8, 8]);
    bytes.extend(std::iter::repeat_n(q, n_in));
    let mut random_byte = || (rng.next_u32() & 0xff) as u8;
    bytes.extend((0..n_in * hidden).map(|_| random_byte()));
    for _ in 0..hidden {
        bytes.extend_from_slice(&(i32::from(random_byte()) << 8).to_le_bytes());
    }
    bytes.extend((0..hidden).map(|_| random_byte()));
    bytes.extend_from_slice(&0i32.to_le_bytes());
    read_weights(&bytes)
        .and_then(|mut n| n.pop())
        .map_or_else(|| Net::constant(n_in), |(_, net)| net)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`Net::logit_from`] one unit at a time, as written in the module's documentation.
    fn plain_logit(net: &Net, base: &Base, on: &[u16]) -> i32 {
        let mut out = net.b2;
        for j in 0..net.hidden {
            let mut a = base.acc[j];
            for &i in on {
                a = a.wrapping_add(net.w1[usize::from(i) * net.hidden + j]);
            }
            out += i64::from(a.clamp(0, 1 << ACC_BITS)) * i64::from(net.w2[j]);
        }
        (out >> net.out_shift).clamp(-(1 << 20), 1 << 20) as i32
    }

    #[test]
    fn two_units_at_once_give_the_sums_of_one_at_a_time() {
        let mut rng = crate::dice::SimRng::new([2, 7, 1, 8]);
        let mut paired = 0;
        // Scale 0: the largest weights (an i8 times 2^16); units even and odd in number.
        for (q, hidden) in [(0u8, 16), (8, 16), (0, 7), (3, 64)] {
            let net = random_net(120, hidden, q, &mut rng);
            assert_eq!(net.w1_pairs.is_empty(), hidden % 2 == 1);
            for round in 0..300 {
                let dense: Vec<u16> = (0..20).map(|_| rng.below(4) as u16).collect();
                let base = net.base(&dense);
                let count = if round % 10 == 0 { 90 } else { rng.below(40) };
                let on: Vec<u16> = (0..count).map(|_| rng.below(100) as u16).collect();
                paired += usize::from(base.small && on.len() <= PAIRED_INPUTS && hidden % 2 == 0);
                assert_eq!(net.logit_from(&base, &on), plain_logit(&net, &base, &on));
            }
        }
        assert!(paired > 500, "{paired} paired");
    }

    #[test]
    fn sigmoid_table_matches_the_function() {
        for x in -3000..3000 {
            let exact = 65536.0 / (1.0 + (-f64::from(x) / 256.0).exp());
            let got = f64::from(sigmoid(x));
            assert!((exact - got).abs() < 60.0, "x = {x}: {got} vs {exact}");
        }
        assert_eq!(sigmoid(0), P_ONE / 2);
        assert_eq!(sigmoid(100) + sigmoid(-100), P_ONE);
        assert!(sigmoid(i32::MAX) < P_ONE && sigmoid(i32::MIN) > 0);
    }

    #[test]
    fn malformed_files_are_refused() {
        assert!(read_weights(b"").is_none());
        assert!(read_weights(b"SGW0\x00").is_none());
        assert!(read_weights(b"SGW1\x00").is_some_and(|n| n.is_empty()));
        // A network cut short.
        assert!(read_weights(b"SGW1\x01\x00\x02\x00\x01\x04\x10").is_none());
    }
}
