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
pub struct Base([i32; MAX_HIDDEN]);

/// A network ready to evaluate: the first layer's weights pre-shifted to units of `2^-16`.
#[derive(Debug, Clone)]
pub struct Net {
    /// The number of inputs.
    pub n_in: usize,
    /// The number of hidden units.
    pub hidden: usize,
    w1: Vec<i32>,
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

impl Net {
    /// A network of `n_in` inputs that answers one half everywhere (the fallback if the embedded
    /// weights could not be read; a test checks that they can).
    pub fn constant(n_in: usize) -> Net {
        Net {
            n_in,
            hidden: 1,
            w1: vec![0; n_in],
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
        Base(acc)
    }

    /// The output logit (units of `2^-8`) from a [`Net::base`] and the binary inputs that are on.
    pub fn logit_from(&self, base: &Base, on: &[u16]) -> i32 {
        let h = self.hidden.min(MAX_HIDDEN);
        let mut acc = base.0;
        for &i in on {
            let i = usize::from(i);
            if let Some(w) = self.w1.get(i * self.hidden..i * self.hidden + h) {
                for (a, &w) in acc[..h].iter_mut().zip(w) {
                    *a = a.wrapping_add(w);
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

#[cfg(test)]
mod tests {
    use super::*;

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
