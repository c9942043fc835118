// Analysis through the built package (docs/api.md "Bot"): bot.evaluate, bot.hint and bot.review.
import { test } from 'node:test';
import { readFileSync } from 'node:fs';
import assert from 'node:assert/strict';
import { Bot, Jokerball, Zola, Match } from '../pkg/node.js';
import { code } from './error-codes.mjs';

function playedGame(seed, turns) {
  const g = new Jokerball({ seed });
  const b = new Bot({ level: 'easy', seed });
  while (g.phase !== 'over' && g.history().length < turns) {
    if (g.phase === 'roll') g.roll();
    else g.play(b.chooseMove(g));
  }
  return g;
}

test('evaluate: chances that sum to 1, 1 and 0 after the game, the match for a Match', () => {
  const bot = new Bot({ level: 'easy' });
  const g = playedGame(3, 6);
  const e = bot.evaluate(g);
  assert.ok(e.red > 0 && e.red < 1 && Math.abs(e.red + e.blue - 1) < 1e-8, JSON.stringify(e));
  assert.equal(e.match, undefined);
  const over = playedGame(5, 1000);
  assert.equal(over.phase, 'over');
  const w = over.turn;
  const f = bot.evaluate(over);
  assert.equal(f[w], 1);
  assert.equal(f[w === 'red' ? 'blue' : 'red'], 0);
  const m = new Match({ length: 5, cube: true, seed: 2 });
  const me = bot.evaluate(m);
  assert.ok(me.match && Math.abs(me.match.red + me.match.blue - 1) < 1e-8);
  assert.ok(Math.abs(me.match.red - 0.5) < 0.1, 'an even start is near even');
  m.resign('red');
  const r = bot.evaluate(m);
  assert.equal(r.blue, 1);
  assert.ok(r.match.blue > 0.5);
  const z = bot.evaluate(new Zola());
  assert.ok(Math.abs(z.red + z.blue - 1) < 1e-8);
});

test('hint: every legal turn once, the first what chooseMove plays', () => {
  for (const level of ['easy', 'medium']) {
    for (const seed of [1, 2, 3, 4]) {
      const g = playedGame(seed, seed * 3);
      if (g.phase === 'over') continue;
      g.roll();
      if (g.phase === 'roll') continue;
      const hint = new Bot({ level, seed: 7 }).hint(g);
      const moves = hint.map((h) => h.move);
      assert.deepEqual([...moves].sort(), [...g.legalTurns()].sort());
      const chosen = new Bot({ level, seed: 7 }).chooseMove(g);
      assert.equal(moves[0].split(' ')[g.phase === 'man' ? 0 : 1], chosen);
      assert.ok(hint.every((h) => h.win >= 0 && h.win <= 1));
      if (level === 'easy') {
        for (let i = 1; i < hint.length; i++) assert.ok(hint[i - 1].win >= hint[i].win, 'best first');
      }
      // equal chances after the bot's choice come in the order of legalTurns()
      const legal = g.legalTurns();
      for (let i = 2; i < hint.length; i++) {
        if (hint[i - 1].win === hint[i].win)
          assert.ok(legal.indexOf(hint[i - 1].move) < legal.indexOf(hint[i].move), 'ties in legalTurns() order');
      }
    }
  }
  // Zola at every level: every legal move once, the bot's move first and best (each move valued at the
  // depth the bot's own search reached), ties in legalMoves() order
  for (const level of ['easy', 'medium', 'hard']) {
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const z = new Zola({ size: 6, pie: seed % 2 === 1 });
      const b = new Bot({ level: 'easy', seed });
      for (let k = 0; z.phase !== 'over' && k < seed * 3 - 2; k++) z.play(b.chooseMove(z));
      if (z.phase === 'over') continue;
      const zh = new Bot({ level, seed }).hint(z);
      const legal = z.legalMoves();
      assert.deepEqual(zh.map((h) => h.move).sort(), [...legal].sort());
      assert.equal(zh[0].move, new Bot({ level, seed }).chooseMove(z), `${level} seed ${seed}`);
      for (let i = 1; i < zh.length; i++) assert.ok(zh[i - 1].win >= zh[i].win, `${level} seed ${seed}: best first`);
      for (let i = 2; i < zh.length; i++) {
        if (zh[i - 1].win === zh[i].win) assert.ok(legal.indexOf(zh[i - 1].move) < legal.indexOf(zh[i].move));
      }
    }
  }
});

test('hint in a match and where there is nothing to choose', () => {
  const m = new Match({ length: 3, seed: 4 });
  assert.equal(
    code(() => new Bot().hint(m)),
    'wrong_phase',
  );
  m.roll();
  if (m.gamePhase !== 'roll') {
    const h = new Bot({ seed: 1 }).hint(m);
    assert.equal(h[0].move.split(' ')[m.gamePhase === 'man' ? 0 : 1], new Bot({ seed: 1 }).chooseMove(m));
  }
  assert.equal(
    code(() => new Bot().hint(new Jokerball({ seed: 1 }))),
    'wrong_phase',
  );
});

test('bad input: a non-game is invalid_option, a freed game or bot is freed; nothing changes', () => {
  const bot = new Bot();
  for (const bad of [null, 7, 'x', {}, [], { toJSON: () => ({ game: 'chess' }) }]) {
    for (const ask of ['evaluate', 'hint']) {
      assert.equal(
        code(() => bot[ask](bad)),
        'invalid_option',
      );
    }
  }
  const g = playedGame(8, 4);
  g.roll();
  const before = JSON.stringify(g.toJSON());
  bot.hint(g);
  bot.evaluate(g);
  assert.equal(JSON.stringify(g.toJSON()), before);
  g.free();
  for (const ask of ['evaluate', 'hint']) {
    assert.equal(
      code(() => bot[ask](g)),
      'freed',
    );
  }
  const b2 = new Bot();
  b2.free();
  assert.equal(
    code(() => b2.evaluate(new Zola())),
    'freed',
  );
});

const MARK = (e) => (e >= 0.1 ? '??' : e >= 0.05 ? '?' : e >= 0.02 ? '?!' : '');
const CUBE = ['double', 'no-double', 'take', 'drop'];
const close = (a, b, eps, what) => assert.ok(Math.abs(a - b) <= eps, `${what}: ${a} vs ${b}`);

/** A player's sums over some entries, as the review's totals should hold them (moves counted: at most). */
function sums(entries, player) {
  const t = { luck: 0, error: 0, moves: 0, cubeError: 0, cubes: 0, erring: 0 };
  for (const e of entries.filter((x) => x.player === player)) {
    if (CUBE.includes(e.record)) {
      t.cubeError += e.error;
      t.cubes += 1;
    } else {
      t.luck += e.luck ?? 0;
      t.error += e.error;
      t.moves += 1;
      t.erring += e.error > 0 ? 1 : 0;
    }
  }
  return t;
}

/** Totals agree with their entries: sums, decisions, error rate, rating (500 x rate), luck-adjusted result. */
function checkTotals(t, other, s, what) {
  close(t.luck, s.luck, 1e-6, `${what}: luck`);
  close(t.error, s.error, 1e-6, `${what}: error`);
  close(t.cubeError, s.cubeError, 1e-6, `${what}: cube error`);
  assert.equal(t.cubes, s.cubes, `${what}: cube decisions`);
  // a move is a decision when the mover had a choice: every move that lost something was one
  assert.ok(t.moves <= s.moves && t.moves >= s.erring, `${what}: moves ${t.moves} of ${s.moves}`);
  const n = t.moves + t.cubes;
  close(t.errorRate, n ? (t.error + t.cubeError) / n : 0, 1e-8, `${what}: error rate`);
  close(t.rating, 500 * t.errorRate, 1e-6, `${what}: rating`);
  close(t.adjusted, t.wins - t.luck + other.luck, 1e-6, `${what}: luck-adjusted result`);
}

/** The checks every review passes: entries well formed, error and mark agreeing, totals adding up. */
function checkReview(review, what) {
  for (const e of review.turns) {
    assert.ok(e.win >= 0 && e.win <= 1 && e.bestWin >= 0 && e.bestWin <= 1, `${what}: ${JSON.stringify(e)}`);
    close(e.error, e.bestWin - e.win, 2e-9, `${what}: error`);
    assert.ok(e.error >= 0, `${what}: the best is at least what was played`);
    assert.equal(e.mark, MARK(e.error), `${what}: mark of ${JSON.stringify(e)}`);
    if (e.error === 0) assert.ok(e.best === e.record || e.bestWin === e.win);
  }
  const games = Math.max(...review.turns.map((e) => e.game));
  assert.equal(review.games.length, games, `${what}: a total per game`);
  for (const [p, o] of [
    ['red', 'blue'],
    ['blue', 'red'],
  ]) {
    checkTotals(review[p], review[o], sums(review.turns, p), `${what}: ${p}`);
    review.games.forEach((g, i) => {
      const mine = review.turns.filter((e) => e.game === i + 1);
      checkTotals(g[p], g[o], sums(mine, p), `${what}: game ${i + 1} ${p}`);
      assert.ok(g[p].wins === 0 || g[p].wins === 1);
    });
    for (const k of ['moves', 'cubes', 'wins']) {
      assert.equal(
        review[p][k],
        review.games.reduce((a, g) => a + g[p][k], 0),
        `${what}: ${p} ${k} over games`,
      );
    }
  }
}

/** A game played by a careless player (red takes the first legal turn) against the bot. */
function carelessGame(seed, size) {
  const g = new Jokerball({ seed, size });
  const b = new Bot({ level: 'easy', seed });
  while (g.phase !== 'over') {
    if (g.phase === 'roll') g.roll();
    else if (g.turn === 'red') g.play(g.legalTurns()[0].split(' ')[g.phase === 'man' ? 0 : 1]);
    else g.play(b.chooseMove(g));
  }
  return g;
}

/** The mover's best chance with the dice (distance, direction) in the position before record `index`. */
function bestWith(history, options, index, distance, direction, bot) {
  const g = Jokerball.replay(history.slice(0, index - 1), options);
  const mover = g.turn;
  const rolled = g.setDice(distance, direction);
  // No legal move: the game passed on at once, and the mover's chance is the position's.
  const best =
    g.turn === mover && g.phase !== 'roll' && g.phase !== 'over' ? bot.hint(g)[0].win : bot.evaluate(g)[mover];
  g.free();
  return { best, rolled };
}

test('review: one entry per record, errors and marks agree, totals add up, the luck by one ply less its mean over every roll', () => {
  for (const size of [6, 4]) {
    const g = carelessGame(size * 11, size);
    const bot = new Bot({ level: 'easy', seed: 1 });
    const review = bot.review(g);
    const history = g.history();
    assert.deepEqual(
      review.turns.map((e) => e.record),
      history,
    );
    assert.deepEqual(
      review.turns.map((e) => e.index),
      history.map((_, i) => i + 1),
    );
    assert.ok(review.turns.every((e) => e.game === 1 && typeof e.luck === 'number'));
    checkReview(review, `size ${size}`);
    // the careless player errs, the bot reviewing its own level does not
    assert.ok(review.red.error > 0.1, JSON.stringify(review.red));
    assert.ok(review.turns.some((e) => e.mark !== '' && e.player === 'red'));
    assert.equal(review.red.wins + review.blue.wins, 1, 'the game is over: one winner');
    // the luck of sampled turns (docs/api.md): the best turn for the dice thrown by one ply (a fresh easy
    // hint's first chance) less its mean over every equally likely roll (36, 24 on side 4)
    const options = { size, rules: g.rules, rows: g.rows, first: review.turns[0].player };
    const sampled = review.turns.filter((_, i) => i % 9 === 4);
    assert.ok(sampled.length >= 2, `only ${sampled.length} turns sampled`);
    for (const e of sampled) {
      const [distance, direction] = e.record.split(' ')[0].split('/').map(Number);
      const thrown = bestWith(history, options, e.index, distance, direction, bot).best;
      let sum = 0;
      for (let d = 1; d <= size; d++) {
        for (let r = 1; r <= 6; r++) sum += bestWith(history, options, e.index, d, r, bot).best;
      }
      close(e.luck, thrown - sum / (6 * size), 1e-6, `luck of record ${e.index} (size ${size})`);
      close(e.bestWin, thrown, 1e-8, `bestWin of record ${e.index}`);
    }
  }
});

test('review at medium: the luck is the one-ply best for the dice thrown less its mean over every pair', () => {
  const g = playedGame(21, 24);
  const bot = new Bot({ level: 'medium', seed: 4 });
  const easy = new Bot({ level: 'easy', seed: 4 });
  const review = bot.review(g);
  checkReview(review, 'medium');
  const history = g.history();
  const options = { size: 6, rules: g.rules, rows: g.rows, first: review.turns[0].player };
  for (const e of [review.turns[7], review.turns[16]]) {
    const [distance, direction] = e.record.split(' ')[0].split('/').map(Number);
    let sum = 0;
    let thrown = 0;
    for (let d = 1; d <= 6; d++) {
      for (let r = 1; r <= 6; r++) {
        const v = bestWith(history, options, e.index, d, r, easy).best;
        sum += v;
        if (d === distance && r === direction) thrown = v;
      }
    }
    close(e.luck, thrown - sum / 36, 1e-6, `medium luck of record ${e.index}`);
  }
});

test('review of Zola: one entry per move, luck null', () => {
  const z = new Zola({ size: 6, pie: true });
  const b = new Bot({ level: 'easy', seed: 3 });
  while (z.phase !== 'over') z.play(z.turn === 'red' ? z.legalMoves().at(-1) : b.chooseMove(z));
  const review = new Bot({ level: 'easy', seed: 3 }).review(z);
  assert.deepEqual(
    review.turns.map((e) => e.record),
    z.history(),
  );
  assert.ok(review.turns.every((e) => e.luck === null));
  checkReview(review, 'zola');
  assert.equal(review.red.luck, 0);
});

test('review of a match read from a record file: every game, the cube decisions in match chances', () => {
  const text = readFileSync(new URL('./data/jokerball-match.txt', import.meta.url), 'utf8');
  const m = Match.fromRecord(text);
  const review = new Bot({ level: 'easy', seed: 2 }).review(m);
  checkReview(review, 'match');
  const games = m.games;
  assert.ok(games.length >= 2);
  for (const [i, game] of games.entries()) {
    const moves = review.turns.filter((e) => e.game === i + 1 && !CUBE.includes(e.record));
    assert.deepEqual(
      moves.map((e) => e.record),
      game.history,
      `game ${i + 1}`,
    );
  }
  const cube = review.turns.filter((e) => CUBE.includes(e.record));
  assert.ok(cube.every((e) => e.luck === null && e.index >= 1));
  // each double and each answer of the record is there, in order, with the one who decided
  const said = [...text.matchAll(/^(Red|Blue) (doubles|takes|drops)/gm)].map((x) => `${x[1].toLowerCase()} ${x[2]}`);
  const named = { doubles: 'double', takes: 'take', drops: 'drop' };
  assert.deepEqual(
    cube.filter((e) => e.record !== 'no-double').map((e) => `${e.player} ${e.record}`),
    said.map((s) => s.replace(/\w+$/, (w) => named[w])),
  );
  assert.ok(
    cube.some((e) => e.record === 'no-double'),
    'turn starts without a double are judged too',
  );
  // a take is judged against the drop: its error is what dropping would have kept more
  for (const e of cube.filter((c) => c.record === 'take' || c.record === 'drop')) {
    assert.ok(['take', 'drop'].includes(e.best));
  }
  // the same match written again and read back reviews the same
  const again = Match.fromRecord(m.toRecord());
  assert.deepEqual(new Bot({ level: 'easy', seed: 2 }).review(again), review);
});

test('review: onProgress from 0 to the total; an exception it throws stops the review', () => {
  const g = playedGame(12, 30);
  const bot = new Bot({ level: 'easy', seed: 5 });
  const calls = [];
  const review = bot.review(g, { onProgress: (done, total) => calls.push([done, total]) });
  const n = g.history().length;
  assert.equal(review.turns.length, n);
  assert.deepEqual(
    calls,
    Array.from({ length: n + 1 }, (_, i) => [i, n]),
  );
  const stop = new Error('stop');
  let seen = 0;
  assert.throws(
    () =>
      bot.review(g, {
        onProgress: () => {
          if (++seen === 4) throw stop;
        },
      }),
    (e) => e === stop,
  );
  assert.equal(seen, 4);
  // the bot goes on after a stop (its seeded choice among equally good turns moves on: compare chances)
  const chances = (r) => r.turns.map((e) => [e.record, e.win, e.bestWin, e.luck]);
  assert.deepEqual(chances(bot.review(g, { onProgress: undefined })), chances(review));
});

test('review: bad input is refused and changes nothing', () => {
  const bot = new Bot({ level: 'easy' });
  const g = playedGame(9, 10);
  const before = JSON.stringify(g.toJSON());
  for (const bad of [null, 7, 'x', {}, [], { toJSON: () => ({ game: 'chess' }) }]) {
    assert.equal(
      code(() => bot.review(bad)),
      'invalid_option',
    );
  }
  for (const opts of [
    7,
    'x',
    [],
    { onProgress: 3 },
    { onprogress: () => {} },
    { onProgress: () => {}, level: 'easy' },
  ]) {
    assert.equal(
      code(() => bot.review(g, opts)),
      'invalid_option',
      JSON.stringify(opts),
    );
  }
  assert.equal(JSON.stringify(g.toJSON()), before);
  const review = bot.review(g, null);
  assert.equal(review.turns.length, g.history().length);
  g.free();
  assert.equal(
    code(() => bot.review(g)),
    'freed',
  );
  bot.free();
  assert.equal(
    code(() => bot.review(new Zola())),
    'freed',
  );
});

test("Bot.reviewRuns and Bot.joinReviews: the runs reviewed apart and joined are the whole game's review", () => {
  const g = carelessGame(66, 6);
  const bot = new Bot({ level: 'easy', seed: 1 });
  const whole = bot.review(g);
  const runs = Bot.reviewRuns(g, 3);
  assert.equal(runs.length, 3);
  assert.deepEqual(runs.map((r) => r.from)[0], 0);
  // each run a game from the position before it to its end; together every record once, in order
  assert.deepEqual(
    runs.flatMap((r) => r.state.history),
    g.history(),
  );
  const joined = Bot.joinReviews(
    runs.map((r) => {
      const part = Jokerball.fromJSON(r.state);
      try {
        return bot.review(part);
      } finally {
        part.free();
      }
    }),
    runs,
  );
  assert.deepEqual(
    joined.turns.map((e) => [e.index, e.record, e.player]),
    whole.turns.map((e) => [e.index, e.record, e.player]),
  );
  joined.turns.forEach((e, i) => {
    close(e.error, whole.turns[i].error, 1e-9, `error of record ${e.index}`);
    close(e.luck, whole.turns[i].luck, 1e-9, `luck of record ${e.index}`);
  });
  for (const p of ['red', 'blue']) {
    // the entries' chances are rounded to 9 decimals: their sums agree to what 66 roundings allow
    for (const k of ['luck', 'error', 'errorRate', 'rating', 'adjusted'])
      close(joined[p][k], whole[p][k], 1e-6, `${p}.${k}`);
    for (const k of ['moves', 'cubes', 'wins']) assert.equal(joined[p][k], whole[p][k], `${p}.${k}`);
  }
  checkReview(joined, 'joined');
  // a game whose record carries annotations (a reviewed record opened again) is cut the same: each run
  // loads (the annotations, numbered by the whole game's lines, are not the run's)
  const last = g.view().log.filter((l) => l.kind === 'record').length - 1;
  g.setAnnotations([{ game: 1, line: last, mark: '?', comment: 'best - -0.050' }]);
  const noted = Bot.reviewRuns(g, 3);
  const cut = (rs) =>
    rs.map((r) => [r.from, r.state.start, r.state.position, r.state.history, 'annotations' in r.state]);
  assert.deepEqual(cut(noted), cut(runs));
  for (const r of noted) Jokerball.fromJSON(r.state).free();
  g.setAnnotations([]);
  // what cannot be cut: fewer than two runs, a Zola game, a match
  assert.equal(Bot.reviewRuns(g, 1), null);
  const z = new Zola();
  assert.equal(Bot.reviewRuns(z, 2), null);
  const m = new Match({ game: 'jokerball', length: 3 });
  assert.equal(Bot.reviewRuns(m, 2), null);
  // what is not the reviews of runs is refused
  for (const bad of [
    [[], []],
    [[joined], []],
    [[{}], runs.slice(0, 1)],
    [null, runs],
  ])
    assert.equal(
      code(() => Bot.joinReviews(...bad)),
      'invalid_option',
    );
  for (const x of [z, m, g, bot]) x.free();
});
