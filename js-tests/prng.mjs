// mulberry32: a tiny seeded generator, so that a test's own choices (random play, hostile inputs) repeat
// and a failure reproduces. Every suite draws from this one; the forms below only scale its numbers.

/** The generator itself: each call gives the next 32-bit unsigned number. */
export function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

/** Numbers in [0, 1). */
export function rng(seed) {
  const next = mulberry32(seed);
  return () => next() / 4294967296;
}

/** Whole numbers below n: the 32-bit number modulo n. */
export function chooser(seed) {
  const next = mulberry32(seed);
  return (n) => next() % n;
}

/** { next: a number in [0, 1), int(n): a whole number below n, pick(xs): an element of xs }. */
export function prng(seed) {
  const next = rng(seed);
  return { next, int: (n) => Math.floor(next() * n), pick: (xs) => xs[Math.floor(next() * xs.length)] };
}
