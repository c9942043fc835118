// `make bench`: the throughput of the package in Node against a hand-written JavaScript engine (issue 8).
// Every figure is the median of RUNS timed runs in this one process, after a warm-up run; simulate() and
// the JS engine run in alternating rounds and their ratio is the median of the per-round ratios.
//   1. simulate() in wasm: Jokerball random games per second (and Zola, for reference);
//   2. the hand-written JavaScript Jokerball engine (benches/jokerball-js.mjs), same rules and policy;
//   3. random games through the JS API (new Jokerball, roll, legalMoves, play);
//   4. one complete turn through the JS API (roll, legalMoves, play, legalMoves, play), median µs;
//   5. wasm memory per new game object (growth of the wasm memory over many live objects).
// The JavaScript engine is first checked against the package (benches/check.mjs) in the same run.
// Environment: RUNS (default 7), GAMES (simulate / JS engine games per run, default 5000).
import { performance } from 'node:perf_hooks';
import os from 'node:os';
import { Jokerball, Zola, simulate } from '../pkg/node.js';
import { initSync } from '../pkg/steere_games.js';
import { Engine, Rng } from './jokerball-js.mjs';
import { checkAgainstPackage } from './check.mjs';

const RUNS = Number(process.env.RUNS ?? 7);
const GAMES = Number(process.env.GAMES ?? 5000);
const API_GAMES = Math.max(50, Math.round(GAMES / 20));

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const fmt = (x) => Math.round(x).toLocaleString('en-US');

/**
 * Median of `RUNS` rates (per second) of `run(i)`, which does `count` units of work: by wall time, and by
 * the process's CPU time (user + system), which is the fairer figure on a loaded, shared machine.
 */
function rate(count, run) {
  run(-1); // warm-up
  const wall = [];
  const cpu = [];
  for (let i = 0; i < RUNS; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    run(i);
    const dt = performance.now() - t0;
    const c = process.cpuUsage(c0);
    wall.push((count * 1000) / dt);
    cpu.push((count * 1e6) / (c.user + c.system));
  }
  return { wall: median(wall), cpu: median(cpu) };
}
const show = (r) => `${fmt(r.wall).padStart(9)} games/s wall, ${fmt(r.cpu).padStart(9)} games/s CPU time`;

const checked = checkAgainstPackage(Jokerball, 40, 7);
console.log(`check: the JavaScript engine agrees with the package on ${checked} position/dice pairs`);

// 1. simulate() inside wasm.
const simZola = rate(GAMES, (i) => simulate({ game: 'zola', games: GAMES, seed: 1000 + i }));

// 2. The JavaScript engine: the same games (2025, side 6, 2 rows, Red first), the same policy.
// simulate() and the JS engine run alternately, one run of each per round, and the ratio is the median
// of the per-round ratios: a shared machine's slow spells then hit both sides of a ratio alike.
const engine = new Engine('2025', 6);
let jsTurns = 0;
const jsRun = (i) => {
  const rng = new Rng(1000 + i);
  for (let g = 0; g < GAMES; g++) {
    engine.setup(2, 0);
    engine.playRandom(rng);
    jsTurns += engine.turns;
  }
};
const simRun = (i) => simulate({ games: GAMES, seed: 1000 + i });
const rounds = { sim: [], js: [] };
const timed = (run, i) => {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  run(i);
  const dt = performance.now() - t0;
  const c = process.cpuUsage(c0);
  return { wall: (GAMES * 1000) / dt, cpu: (GAMES * 1e6) / (c.user + c.system) };
};
simRun(-1); // warm-up
jsRun(-1);
for (let i = 0; i < RUNS; i++) {
  rounds.sim.push(timed(simRun, i));
  rounds.js.push(timed(jsRun, i));
}
const medianOf = (xs, key) => median(xs.map((x) => x[key]));
const simJokerball = { wall: medianOf(rounds.sim, 'wall'), cpu: medianOf(rounds.sim, 'cpu') };
const jsEngine = { wall: medianOf(rounds.js, 'wall'), cpu: medianOf(rounds.js, 'cpu') };
const ratio = (key) => median(rounds.sim.map((r, i) => r[key] / rounds.js[i][key]));

// 3 and 4. Random games through the JS API; each complete five-call turn timed on its own.
const turnTimes = [];
const apiGames = rate(API_GAMES, (i) => {
  const rng = new Rng(5000 + i);
  for (let g = 0; g < API_GAMES; g++) {
    const game = new Jokerball({ seed: 100000 * (i + 2) + g });
    while (game.phase !== 'over') {
      const t0 = performance.now();
      game.roll();
      let calls = 1;
      while (game.phase === 'man' || game.phase === 'ball') {
        const moves = game.legalMoves();
        game.play(moves[rng.below(moves.length)]);
        calls += 2;
      }
      const dt = performance.now() - t0;
      if (calls === 5 && i >= 0) turnTimes.push(dt * 1000);
    }
    game.free();
  }
});

// 5. wasm memory per live game object: the growth of the wasm memory over N objects created and kept
// alive (all of them until both are measured, so that no object reuses another's freed memory).
const memory = initSync({ module: new Uint8Array(0) }).memory;
const live = [];
function bytesPerObject(make, n) {
  for (let i = 0; i < 1000; i++) live.push(make(i)); // let the allocator settle
  const before = memory.buffer.byteLength;
  for (let i = 0; i < n; i++) live.push(make(i));
  return (memory.buffer.byteLength - before) / n;
}
const jbBytes = bytesPerObject((i) => new Jokerball({ seed: i }), 20000);
const zolaBytes = bytesPerObject(() => new Zola(), 100000);
for (const o of live) o.free();

const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
console.log(
  `machine: ${cpu}, nproc ${os.availableParallelism?.() ?? os.cpus().length}, load average ${os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}, Node ${process.version}`,
);
console.log(`medians of ${RUNS} runs; Jokerball 2025, side 6, 2 rows, random players`);
console.log(`  simulate (wasm), Jokerball        ${show(simJokerball)}`);
console.log(`  hand-written JS engine, Jokerball ${show(jsEngine)}`);
console.log(
  `  simulate / JS engine              ${ratio('wall').toFixed(2)} x wall, ${ratio('cpu').toFixed(2)} x CPU time, medians of per-round ratios (target >= 3, aim 5)`,
);
console.log(`  random games through the JS API   ${show(apiGames)}`);
console.log(`  simulate (wasm), Zola 6x6         ${show(simZola)}`);
console.log(
  `  JS API turn (roll, legalMoves, play, legalMoves, play): median ${median(turnTimes).toFixed(1)} µs wall over ${turnTimes.length} turns (target <= 20)`,
);
console.log(
  `  wasm memory per new game object: Jokerball ${fmt(jbBytes)} B, Zola ${fmt(zolaBytes)} B (target <= 2048)`,
);
console.log(`  JS engine turns played: ${fmt(jsTurns)} (keeps the work observable)`);
