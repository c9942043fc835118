// The balance lab's measurements, shared by the lab page (www/lab/lab.js, its workers www/lab/worker.js) and
// `make balance` (scripts/balance.mjs): which games to play, in which chunks, how their totals add up, and
// the statistics drawn from them. No DOM and no Node here: it runs in a page, a Web Worker and Node alike.
//
// A cell is one variant and one pairing: two players A and B who exchange colours every other game, each
// pair of games sharing its dice (simulate's `alternate`). A's share of the finished games measures the
// skill gap between them; the first mover's share (whoever it was) measures the first player's
// advantage; `lengths` is the histogram of game lengths. A cell's games are cut into chunks of a fixed
// size, each with its own seed made of the run's seed, the cell's key and the chunk's number, so the
// totals of a cell depend only on those and never on how many workers played them or in what order.

/** The players a side may have. */
export const PLAYERS = ['random', 'easy', 'medium', 'hard'];
/** Jokerball's rule sets as `simulate` names them, and the lab's names of them. */
export const RULES = { classic: 'Dec 2024', 2025: '2025' };
/** z for a two-sided 95% interval. */
const Z = 1.959964;

/** The default run of the page: side 6, rows 1-5, `easy` against random, 2,000 games each. */
export const DEFAULT_RUN = {
  game: 'jokerball',
  rules: '2025',
  side: 6,
  rows: 2,
  size: 6,
  pie: false,
  a: 'easy',
  b: 'random',
  games: 2000,
  seed: 1,
  sweep: true,
};

/** Games per chunk: many for random games (cheap), few for the bot's (so progress and Stop are prompt). */
export function chunkSize(cell) {
  if (cell.a === 'random' && cell.b === 'random') return 2000;
  return cell.a === 'easy' || cell.b === 'easy' ? 20 : 4;
}

/**
 * The cells of a run: one variant, or with `sweep` every variant of the sweep (Jokerball: rows 1..side-1
 * for the side; Zola: sizes 6, 8 and 10), each with the run's players, games and seed. Throws a RangeError
 * for options outside the games' own.
 */
export function cells(run) {
  const games = Math.max(2, 2 * Math.round(Number(run.games) / 2));
  if (!Number.isFinite(games) || games > 1e7) throw new RangeError('games must be 2 to 10,000,000');
  for (const p of [run.a, run.b]) if (!PLAYERS.includes(p)) throw new RangeError(`unknown player ${p}`);
  const base = { a: run.a, b: run.b, games, seed: String(run.seed ?? '') };
  if (run.game === 'zola') {
    const sizes = run.sweep ? [6, 8, 10] : [Number(run.size)];
    if (!sizes.every((s) => [6, 8, 10].includes(s))) throw new RangeError('Zola sizes are 6, 8 and 10');
    return sizes.map((size) => ({ ...base, game: 'zola', size, pie: Boolean(run.pie) }));
  }
  const side = Number(run.side);
  if (![4, 6].includes(side)) throw new RangeError('Jokerball sides are 4 and 6');
  if (!(run.rules in RULES)) throw new RangeError(`unknown rules ${run.rules}`);
  const rows = run.sweep ? Array.from({ length: side - 1 }, (_, i) => i + 1) : [Number(run.rows)];
  if (!rows.every((r) => Number.isInteger(r) && r >= 1 && r < side)) throw new RangeError(`rows are 1 to ${side - 1}`);
  return rows.map((r) => ({ ...base, game: 'jokerball', rules: run.rules, side, rows: r }));
}

/** A cell's variant as text that names it: 'jokerball 2025 6/2', 'zola 8 pie'. */
export function variantKey(cell) {
  return cell.game === 'zola'
    ? `zola ${cell.size}${cell.pie ? ' pie' : ''}`
    : `jokerball ${cell.rules} ${cell.side}/${cell.rows}`;
}

/** A cell's key: its variant and pairing (its chunks' seeds are made from it). */
export function cellKey(cell) {
  return `${variantKey(cell)} ${cell.a}-${cell.b}`;
}

/** The chunks of a cell: `{ cell, index, options }`, `options` being simulate's. */
export function chunks(cell) {
  const size = chunkSize(cell);
  const out = [];
  for (let index = 0, left = cell.games; left > 0; index++, left -= size) {
    const options = {
      game: cell.game,
      games: Math.min(size, left),
      seed: `${cell.seed}|${cellKey(cell)}|${index}`,
      alternate: true,
      players: { red: cell.a, blue: cell.b },
    };
    if (cell.game === 'zola') options.zola = { size: cell.size, pie: cell.pie };
    else options.jokerball = { rules: cell.rules, size: cell.side, rows: cell.rows };
    if (cell.opening) options.opening = cell.opening;
    out.push({ cell, index, options });
  }
  return out;
}

/** The totals of no games (what `merge` starts from). */
export function empty() {
  return { games: 0, unfinished: 0, aWins: 0, bWins: 0, firstWins: 0, lengths: [], ms: 0 };
}

/** Adds simulate's result `r` (players red = A, blue = B) to the totals `t` (changed and returned). */
export function merge(t, r) {
  t.games += r.games;
  t.unfinished += r.unfinished;
  t.aWins += r.playerWins.red;
  t.bWins += r.playerWins.blue;
  t.firstWins += r.firstWins;
  t.ms += r.ms;
  r.lengths.forEach((n, k) => {
    t.lengths[k] = (t.lengths[k] ?? 0) + n;
  });
  for (let k = 0; k < t.lengths.length; k++) t.lengths[k] ??= 0;
  return t;
}

/** Plays one chunk with the package's `simulate`: its result, `onProgress(done, total)` as it goes. */
export function playChunk(simulate, chunk, onProgress) {
  return simulate(chunk.options, onProgress ? { onProgress } : undefined);
}

/** The 95% Wilson score interval of `k` successes in `n` trials: `{ p, lo, hi }` (NaN when n is 0). */
export function wilson(k, n) {
  if (!n) return { p: NaN, lo: NaN, hi: NaN };
  const p = k / n;
  const d = 1 + (Z * Z) / n;
  const mid = (p + (Z * Z) / (2 * n)) / d;
  const half = (Z * Math.sqrt((p * (1 - p)) / n + (Z * Z) / (4 * n * n))) / d;
  return { p, lo: Math.max(0, mid - half), hi: Math.min(1, mid + half) };
}

/** The mean and the quartiles (25%, 50%, 75%) of a lengths histogram. */
export function lengthStats(lengths) {
  const n = lengths.reduce((s, x) => s + x, 0);
  if (!n) return { n: 0, mean: NaN, q1: NaN, median: NaN, q3: NaN, max: 0 };
  const at = (q) => {
    let seen = 0;
    for (let k = 0; k < lengths.length; k++) {
      seen += lengths[k];
      if (seen >= q * n) return k;
    }
    return lengths.length - 1;
  };
  const mean = lengths.reduce((s, x, k) => s + x * k, 0) / n;
  return { n, mean, q1: at(0.25), median: at(0.5), q3: at(0.75), max: lengths.length - 1 };
}

/** The statistics of a cell's totals: A's share (skill), the first mover's share, the lengths. */
export function summary(t) {
  const finished = t.aWins + t.bWins;
  return {
    games: t.games,
    finished,
    unfinished: t.unfinished,
    skill: wilson(t.aWins, finished),
    first: wilson(t.firstWins, finished),
    length: lengthStats(t.lengths),
  };
}

/** Half the width of an interval `{ lo, hi }` (the "±" of the tables and of the stopping rule). */
export const halfWidth = (s) => (s.hi - s.lo) / 2;

/**
 * Whether a cell's games so far (`t`, the totals of its first chunks) are enough: always when the cell
 * has no `within`; else once it has at least `min` games and the 95% Wilson interval of A's share is no
 * wider than ±`within`. `cell.games` stays the most a cell plays.
 */
export function enough(cell, t) {
  if (!cell.within) return false;
  const s = wilson(t.aWins, t.aWins + t.bWins);
  return t.games >= (cell.min ?? 0) && halfWidth(s) <= cell.within;
}

/**
 * Plays the chunks of `cellList` on `pool` (an object with `size` and `run(chunk, onProgress)` returning
 * a promise of simulate's result, or of null when the pool was stopped), at most `pool.size` at a time.
 * The cells advance together: chunks are handed out in the order of the games that come before them in
 * their cell, so that a run stopped early leaves every cell with a comparable count. A cell with
 * `within` stops early (see `enough`): its totals are those of its first k chunks, k the least for which
 * `enough` holds, checked chunk by chunk in their order whatever order they finished in; chunks past k
 * that were already under way are not counted (`wasted` counts their games). So the totals depend only on
 * the seed, never on the workers. `onUpdate({ done, total, totals })` follows the games played (`totals`:
 * one per cell, in order; `total` shrinks as cells stop early); once `signal.stopped` is set no more
 * chunks are handed out (those under way are counted when they finish, in order). Resolves with the
 * totals of the chunks counted; `totals.wasted` is the number of games played but not counted.
 */
export async function runCells(cellList, pool, onUpdate = () => {}, signal = {}) {
  const queue = cellList
    .flatMap((cell, c) => chunks(cell).map((chunk) => ({ ...chunk, c, before: chunk.index * chunkSize(cell) })))
    .sort((x, y) => x.before - y.before || x.c - y.c);
  const totals = cellList.map(() => empty());
  // Per cell: the results of chunks finished out of order, by index; the next index to count; done.
  const state = cellList.map(() => ({ waiting: new Map(), next: 0, done: false }));
  let total = cellList.reduce((s, cell) => s + cell.games, 0);
  let finished = 0;
  let wasted = 0;
  const partial = new Map();
  const report = () => {
    let done = finished;
    for (const d of partial.values()) done += d;
    onUpdate({ done, total, totals });
  };
  // Counts the finished chunks of cell c in their order, stopping the cell once it has enough.
  const count = (c) => {
    const st = state[c];
    while (!st.done && st.waiting.has(st.next)) {
      const r = st.waiting.get(st.next);
      st.waiting.delete(st.next++);
      merge(totals[c], r);
      finished += r.games;
      if (enough(cellList[c], totals[c])) {
        st.done = true;
        total -= cellList[c].games - totals[c].games;
      }
    }
    if (st.done) for (const r of st.waiting.values()) wasted += r.games;
    if (st.done) st.waiting.clear();
  };
  let next = 0;
  const lane = async () => {
    while (next < queue.length && !signal.stopped) {
      const chunk = queue[next++];
      if (state[chunk.c].done) continue;
      const r = await pool.run(chunk, (d) => {
        partial.set(chunk, d);
        report();
      });
      partial.delete(chunk);
      if (!r) return;
      if (state[chunk.c].done) wasted += r.games;
      else {
        state[chunk.c].waiting.set(chunk.index, r);
        count(chunk.c);
      }
      report();
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, pool.size) }, lane));
  return Object.assign(totals, { wasted });
}

const num = (x, digits = 4) => (Number.isFinite(x) ? Number(x.toFixed(digits)) : '');

/** One row per cell: the variant, the players and every statistic, as plain values (for CSV and tables). */
export function rows(cellList, totals) {
  return cellList.map((cell, i) => {
    const s = summary(totals[i]);
    return {
      game: cell.game,
      rules: cell.rules ?? '',
      side: cell.side ?? cell.size,
      rows: cell.rows ?? '',
      pie: cell.game === 'zola' ? cell.pie : '',
      a: cell.a,
      b: cell.b,
      seed: cell.seed,
      games: s.games,
      unfinished: s.unfinished,
      aWins: totals[i].aWins,
      aShare: num(s.skill.p),
      aLow: num(s.skill.lo),
      aHigh: num(s.skill.hi),
      firstWins: totals[i].firstWins,
      firstShare: num(s.first.p),
      firstLow: num(s.first.lo),
      firstHigh: num(s.first.hi),
      lengthMean: num(s.length.mean, 2),
      lengthMedian: num(s.length.median, 0),
      lengthMax: s.length.max,
    };
  });
}

/** The rows as CSV (RFC 4180: a header line, fields quoted when they need it). */
export function toCSV(rowList) {
  if (!rowList.length) return '';
  const keys = Object.keys(rowList[0]);
  const field = (v) => {
    const t = String(v);
    return ['"', ',', '\n', '\r'].some((c) => t.includes(c)) ? `"${t.replaceAll('"', '""')}"` : t;
  };
  // each line ends with CRLF, the last one too
  return [keys.join(','), ...rowList.map((r) => keys.map((k) => field(r[k])).join(',')), ''].join('\r\n');
}

/** Reads CSV written by `toCSV` back into rows of strings. */
export function fromCSV(text) {
  const records = [];
  let row = [];
  let f = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        f += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else f += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(f);
      f = '';
    } else if (ch === '\n') {
      row.push(f);
      records.push(row);
      row = [];
      f = '';
    } else if (ch !== '\r') f += ch;
  }
  if (f || row.length) {
    row.push(f);
    records.push(row);
  }
  const [head, ...body] = records;
  return body.map((r) => Object.fromEntries(head.map((k, i) => [k, r[i]])));
}

/** Everything of a run as one JSON-ready object: the run, its cells with their totals and statistics. */
export function toJSON(run, cellList, totals) {
  return {
    format: 1,
    run,
    cells: cellList.map((cell, i) => ({ cell, totals: totals[i], summary: summary(totals[i]) })),
  };
}
