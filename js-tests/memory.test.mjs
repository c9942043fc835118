// No leaks (issue 9): 100,000 games of every class created, used and freed through the JS API leave the
// wasm memory (`memoryBytes()`, which is `memory.buffer.byteLength`) and the process memory (RSS after
// a full garbage collection) flat.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import v8 from 'node:v8';
import vm from 'node:vm';
import init, { Jokerball, Zola, Match, memoryBytes } from '../pkg/node.js';

await init();

// A full collection, with or without `node --expose-gc`.
v8.setFlagsFromString('--expose-gc');
const gc = globalThis.gc ?? vm.runInNewContext('gc');

function rss() {
  gc();
  gc();
  return process.memoryUsage().rss;
}

/** Creates, uses and frees `n` games: a mix of the classes, each moved once or twice, some cloned. */
function churn(n, from) {
  for (let i = from; i < from + n; i += 1) {
    switch (i % 5) {
      case 0: {
        const g = new Jokerball({ seed: i });
        g.roll();
        const moves = g.legalMoves();
        if (moves.length) g.play(moves[0]);
        const c = g.clone();
        c.free();
        g.free();
        break;
      }
      case 1: {
        const g = new Jokerball({ size: 4, rows: 1, rules: 'classic', seed: `s${i}` });
        const back = Jokerball.fromJSON(g.toJSON());
        back.free();
        g.free();
        break;
      }
      case 2: {
        const z = new Zola({ size: 6 + 2 * (i % 3) });
        z.play(z.legalMoves()[(i % 7) % z.legalMoves().length]);
        z.free();
        break;
      }
      case 3: {
        const m = new Match({ game: 'zola', length: 3, cube: true });
        m.play(m.legalMoves()[0]);
        const g = m.game;
        g.free();
        m.free();
        break;
      }
      default: {
        const m = new Match({ length: 5, seed: i });
        m.roll();
        const back = Match.fromJSON(m.toJSON());
        back.free();
        m.free();
        break;
      }
    }
    // A refused call must not leak either.
    if (i % 50 === 0) {
      const z = new Zola();
      try {
        z.play('zz99');
      } catch {
        // expected: parse_error
      }
      z.free();
    }
  }
}

test('memoryBytes() is the wasm memory size: a positive multiple of 64 KiB', () => {
  const bytes = memoryBytes();
  assert.equal(typeof bytes, 'number');
  assert.ok(bytes > 0 && bytes % 65536 === 0, String(bytes));
});

test('100,000 games created and freed leave wasm memory and RSS flat', () => {
  const start = Date.now();
  // Warm-up: the allocator and V8's heaps reach their working size.
  churn(10_000, 0);
  const wasm0 = memoryBytes();
  const rss0 = rss();
  churn(90_000, 10_000);
  const wasm1 = memoryBytes();
  const rss1 = rss();
  const secs = (Date.now() - start) / 1000;
  console.log(
    `memory: wasm ${wasm0} -> ${wasm1} bytes, rss ${(rss0 / 2 ** 20).toFixed(1)} -> ${(rss1 / 2 ** 20).toFixed(1)} MiB, ${secs.toFixed(1)} s`,
  );
  // The wasm memory only grows when Rust needs more: after the warm-up it must not grow at all.
  assert.equal(wasm1, wasm0, 'the wasm memory grew: something is not freed');
  // 90,000 leaked games would cost far more than this (each holds at least a few hundred bytes in
  // wasm plus its JS wrapper); the margin absorbs V8's heap sizing.
  assert.ok(rss1 - rss0 < 24 * 2 ** 20, `RSS grew by ${((rss1 - rss0) / 2 ** 20).toFixed(1)} MiB`);
});

test('the leak check can fail: games that are not freed grow the wasm memory', () => {
  const before = memoryBytes();
  const kept = [];
  for (let i = 0; i < 20_000 && memoryBytes() === before; i += 1) kept.push(new Zola({ size: 10 }));
  assert.ok(memoryBytes() > before, 'holding 20,000 games did not grow the wasm memory');
  for (const z of kept) z.free();
});

test('reading a match 100,000 times through board(), dice, gamePhase and legalMoves() keeps wasm memory within 1 MiB', () => {
  // The reads docs/api.md recommends instead of `match.game`: none of them copies the game.
  const jokerball = new Match({ length: 5, cube: true, seed: 11 });
  jokerball.roll(); // dice, and the man phase's legal moves
  const zola = new Match({ game: 'zola', length: 3 });
  const start = memoryBytes();
  let seen = 0;
  for (let i = 0; i < 100_000; i += 1) {
    const m = i % 2 ? zola : jokerball;
    const board = m.board();
    const dice = m.dice;
    const phase = m.gamePhase;
    const moves = m.legalMoves();
    seen += (board.men ?? board.checkers).length + (dice ? dice.distance : 0) + phase.length + moves.length;
  }
  const end = memoryBytes();
  console.log(`memory: 100,000 match reads, wasm ${start} -> ${end} bytes (${end - start} more)`);
  assert.ok(seen > 0);
  assert.ok(end - start <= 2 ** 20, `the wasm memory grew by ${end - start} bytes`);
  jokerball.free();
  zola.free();
});

test('match.game is a new copy at every read, which holds wasm memory until it is freed', () => {
  const m = new Match({ game: 'zola', length: 3 });
  const a = m.game;
  const b = m.game;
  assert.notEqual(a, b);
  a.play(a.legalMoves()[0]);
  assert.notEqual(a.position(), m.position(), 'playing on the copy changed the match');
  assert.equal(b.position(), m.position());
  a.free();
  b.free();
  const before = memoryBytes();
  const copies = [];
  for (let i = 0; i < 20_000 && memoryBytes() === before; i += 1) copies.push(m.game);
  assert.ok(memoryBytes() > before, 'holding 20,000 copies of match.game did not grow the wasm memory');
  for (const c of copies) c.free();
  m.free();
});
