// `make balance`: measures the designer's claim ("the more initial men for a given board size, the higher
// the ratio of skill to luck") and writes docs/balance.md with its figures (docs/balance/*.svg), from the
// lab page's own code: the cells, chunks, seeds and statistics of www/lab-core.js and the charts of
// www/lab-charts.js, played on worker threads (scripts/balance-worker.mjs) with the package's simulate.
//
//   node scripts/balance.mjs            plays the whole plan, then writes the report
//   node scripts/balance.mjs --report   writes the report again from docs/balance.json
// Environment: BALANCE_WORKERS (default 2), BALANCE_MINUTES (a time limit, none when empty: the plan's
// phases are played in order and, when the time is up, no more chunks are handed out; the report says
// what was played; the whole plan takes about 1.5-2 hours of two idle cores, most of it `medium`),
// BALANCE_GAMES (games of a bot cell, default 1200), BALANCE_SEED (default 2026).
import { Worker } from 'node:worker_threads';
import { writeFileSync, readFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import { runCells, cells } from '../www/lab-core.js';

const ROOT = new URL('../', import.meta.url);
const DATA = new URL('docs/balance.json', ROOT);
const WORKERS = Number(process.env.BALANCE_WORKERS ?? 2);
const MINUTES = process.env.BALANCE_MINUTES ? Number(process.env.BALANCE_MINUTES) : Infinity;
const BOT_GAMES = Number(process.env.BALANCE_GAMES ?? 1200);
const SEED = process.env.BALANCE_SEED ?? '2026';

/** The plan: phases of cells, played in order (the cheap ones first). */
function plan() {
  const jokerball = (a, b, games) =>
    ['2025', 'classic'].flatMap((rules) =>
      [4, 6].flatMap((side) => cells({ game: 'jokerball', rules, side, sweep: true, a, b, games, seed: SEED })),
    );
  const zola = (a, b, games) =>
    [false, true].flatMap((pie) => cells({ game: 'zola', pie, sweep: true, a, b, games, seed: SEED }));
  const medium = (cellList, pick) => cellList.filter(pick);
  const mj = jokerball('medium', 'easy', BOT_GAMES);
  const mz = zola('medium', 'easy', BOT_GAMES);
  // `medium` plays a side-6 Jokerball game in 0.1-0.8 s and a Zola 8 or 10 game in 1-2 s on this
  // machine: the cheap cells first, so that a time limit cuts the dearest ones.
  return [
    { name: 'random against random', cells: [...jokerball('random', 'random', 20000), ...zola('random', 'random', 10000)] },
    { name: 'easy against random', cells: [...jokerball('easy', 'random', BOT_GAMES), ...zola('easy', 'random', BOT_GAMES)] },
    { name: 'medium against easy: Jokerball side 4, Zola 6', cells: [...medium(mj, (c) => c.side === 4), ...medium(mz, (c) => c.size === 6)] },
    { name: 'medium against easy: Jokerball 2025 side 6', cells: medium(mj, (c) => c.side === 6 && c.rules === '2025') },
    {
      name: 'medium against easy: Jokerball Dec 2024 side 6, Zola 8 and 10',
      cells: [...medium(mj, (c) => c.side === 6 && c.rules === 'classic'), ...medium(mz, (c) => c.size > 6)],
    },
  ];
}

/** A pool of worker threads playing chunks (the interface runCells expects). */
function pool(size) {
  const idle = [];
  const all = [];
  for (let i = 0; i < size; i++) {
    const w = new Worker(new URL('./balance-worker.mjs', import.meta.url));
    all.push(w);
    idle.push(w);
  }
  return {
    size,
    run(chunk, onProgress) {
      const w = idle.pop();
      return new Promise((resolve, reject) => {
        const onMessage = (m) => {
          if (m.result) {
            w.off('message', onMessage);
            w.off('error', reject);
            idle.push(w);
            resolve(m.result);
          } else onProgress(m.done);
        };
        w.on('message', onMessage);
        w.once('error', reject);
        w.postMessage(chunk);
      });
    },
    close: () => Promise.all(all.map((w) => w.terminate())),
  };
}

async function play() {
  const started = Date.now();
  const deadline = started + MINUTES * 60_000;
  const phases = plan();
  const saved = {
    seed: SEED,
    workers: WORKERS,
    cpus: os.cpus().length,
    cpu: os.cpus()[0]?.model ?? '',
    minutes: MINUTES,
    botGames: BOT_GAMES,
    started: new Date(started).toISOString(),
    phases: [],
  };
  const p = pool(WORKERS);
  const signal = { stopped: false };
  const timer = Number.isFinite(MINUTES) ? setTimeout(() => (signal.stopped = true), deadline - Date.now()) : null;
  let lastSave = 0;
  let lastLine = 0;
  for (const phase of phases) {
    const entry = { name: phase.name, cells: phase.cells, totals: [], seconds: 0 };
    saved.phases.push(entry);
    const t0 = Date.now();
    entry.totals = await runCells(
      phase.cells,
      p,
      ({ done, total, totals }) => {
        const now = Date.now();
        entry.totals = totals;
        entry.seconds = (now - t0) / 1000;
        if (now - lastLine > 30_000) {
          lastLine = now;
          const min = ((now - started) / 60000).toFixed(1);
          console.error(`balance: ${min} min, ${phase.name}: ${done}/${total} games`);
        }
        if (now - lastSave > 60_000) {
          lastSave = now;
          save(saved);
        }
      },
      signal,
    );
    entry.seconds = (Date.now() - t0) / 1000;
    console.error(`balance: ${phase.name} done in ${entry.seconds.toFixed(0)} s`);
  }
  if (timer) clearTimeout(timer);
  await p.close();
  saved.stoppedByTime = signal.stopped;
  saved.seconds = (Date.now() - started) / 1000;
  save(saved);
  return saved;
}

function save(saved) {
  mkdirSync(new URL('docs/', ROOT), { recursive: true });
  writeFileSync(DATA, JSON.stringify(saved) + '\n');
}

const data = process.argv.includes('--report') ? JSON.parse(readFileSync(DATA, 'utf8')) : await play();
const { writeReport } = await import('./balance-report.mjs');
writeReport(data, ROOT);
console.error('balance: wrote docs/balance.md and docs/balance/*.svg');
