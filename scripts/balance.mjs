// `make balance`: measures the designer's claim ("the more initial men for a given board size, the higher
// the ratio of skill to luck") and writes docs/balance.md with its figures (docs/balance/*.svg), from the
// lab page's own code: the cells, chunks, seeds and statistics of www/lab/core.js and the charts of
// www/lab/charts.js, played on worker threads (scripts/balance-worker.mjs) with the package's simulate.
//
//   node scripts/balance.mjs            plays the whole plan, then writes the report
//   node scripts/balance.mjs --report   writes the report again from docs/balance.json
// A bot cell plays chunks until the 95% Wilson interval of the stronger player's share is within ±3
// points (at least BALANCE_MIN games, at most BALANCE_GAMES; the lab core's `runCells` with `within`), so
// lopsided cells stop early and close ones get the games they need. Zola's bot cells open each game with
// OPENING random moves (simulate's `opening`, the same for both games of a pair): two bots alone would
// play one game again and again. The run reports its wall time, the CPU time of the process (its worker
// threads, nearly all of it) and the load of the machine while it ran.
// Environment: BALANCE_WORKERS (default 2), BALANCE_MINUTES (an optional time limit, none by default: the
// plan's phases are played in order and, when the time is up, no more chunks are handed out; the report
// says what was played), BALANCE_GAMES (the most games of a bot cell, default 1600), BALANCE_MIN (the
// fewest, default 200), BALANCE_SEED (default 2026).
import { Worker } from 'node:worker_threads';
import { writeFileSync, readFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import { runCells, cells } from '../www/lab/core.js';

const ROOT = new URL('../', import.meta.url);
const DATA = new URL('docs/balance.json', ROOT);
const WORKERS = Number(process.env.BALANCE_WORKERS ?? 2);
const MINUTES = process.env.BALANCE_MINUTES ? Number(process.env.BALANCE_MINUTES) : Infinity;
const BOT_GAMES = Number(process.env.BALANCE_GAMES ?? 1600);
const MIN_GAMES = Number(process.env.BALANCE_MIN ?? 200);
/** The half width of the 95% interval a bot cell plays for. */
const WITHIN = 0.03;
/** The random moves that open each game of Zola's bot cells. */
const OPENING = 4;
const SEED = process.env.BALANCE_SEED ?? '2026';

/** The plan: phases of cells, played in order (the cheap ones first). */
function plan() {
  // Bot cells stop once their interval is narrow enough; Zola's open with random moves.
  const bot = (a) => (cell) =>
    a === 'random'
      ? cell
      : { ...cell, min: MIN_GAMES, within: WITHIN, ...(cell.game === 'zola' ? { opening: OPENING } : {}) };
  const jokerball = (a, b, games) =>
    ['2025', 'classic']
      .flatMap((rules) =>
        [4, 6].flatMap((side) => cells({ game: 'jokerball', rules, side, sweep: true, a, b, games, seed: SEED })),
      )
      .map(bot(a));
  const zola = (a, b, games) =>
    [false, true].flatMap((pie) => cells({ game: 'zola', pie, sweep: true, a, b, games, seed: SEED })).map(bot(a));
  const medium = (cellList, pick) => cellList.filter(pick);
  const mj = jokerball('medium', 'easy', BOT_GAMES);
  const mz = zola('medium', 'easy', BOT_GAMES);
  // `medium` plays a side-4 Jokerball game in 0.03-0.4 s of CPU, a side-6 one in 0.05-1.1 s and a Zola
  // game in 0.1-1 s (Zola's stop at the fewest games: `medium` wins nearly all) on this machine: the
  // cheap cells first; side 6 last, its ten cells advancing together, so that a time limit leaves every
  // row of both rule sets with a comparable count.
  return [
    {
      name: 'random against random',
      cells: [...jokerball('random', 'random', 20000), ...zola('random', 'random', 10000)],
    },
    {
      name: 'easy against random',
      cells: [...jokerball('easy', 'random', BOT_GAMES), ...zola('easy', 'random', BOT_GAMES)],
    },
    { name: 'medium against easy: Jokerball side 4, Zola', cells: [...medium(mj, (c) => c.side === 4), ...mz] },
    { name: 'medium against easy: Jokerball side 6', cells: medium(mj, (c) => c.side === 6) },
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
    minGames: MIN_GAMES,
    within: WITHIN,
    opening: OPENING,
    started: new Date(started).toISOString(),
    phases: [],
  };
  const cpu0 = process.cpuUsage();
  const cpuSeconds = () => {
    const u = process.cpuUsage(cpu0);
    return (u.user + u.system) / 1e6;
  };
  // The machine's load (1-minute average) every 30 s: the run shares it.
  const loads = [os.loadavg()[0]];
  const sampler = setInterval(() => loads.push(os.loadavg()[0]), 30_000);
  const p = pool(WORKERS);
  const signal = { stopped: false };
  const timer = Number.isFinite(MINUTES) ? setTimeout(() => (signal.stopped = true), deadline - Date.now()) : null;
  let lastSave = 0;
  let lastLine = 0;
  for (const phase of phases) {
    const entry = { name: phase.name, cells: phase.cells, totals: [], seconds: 0, cpuSeconds: 0, wasted: 0 };
    saved.phases.push(entry);
    const t0 = Date.now();
    const c0 = cpuSeconds();
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
          saved.seconds = (now - started) / 1000;
          saved.cpuSeconds = cpuSeconds();
          save(saved);
        }
      },
      signal,
    );
    entry.seconds = (Date.now() - t0) / 1000;
    entry.cpuSeconds = cpuSeconds() - c0;
    entry.wasted = entry.totals.wasted;
    console.error(
      `balance: ${phase.name} done in ${entry.seconds.toFixed(0)} s, ${entry.cpuSeconds.toFixed(0)} s of CPU`,
    );
  }
  if (timer) clearTimeout(timer);
  clearInterval(sampler);
  await p.close();
  saved.stoppedByTime = signal.stopped;
  saved.seconds = (Date.now() - started) / 1000;
  saved.cpuSeconds = cpuSeconds();
  saved.load = {
    min: Math.min(...loads),
    mean: loads.reduce((s, x) => s + x, 0) / loads.length,
    max: Math.max(...loads),
  };
  console.error(
    `balance: ${(saved.seconds / 60).toFixed(1)} min wall, ${(saved.cpuSeconds / 60).toFixed(1)} min of CPU`,
  );
  save(saved);
  return saved;
}

function save(saved) {
  mkdirSync(new URL('docs/', ROOT), { recursive: true });
  writeFileSync(DATA, `${JSON.stringify(saved)}\n`);
}

const data = process.argv.includes('--report') ? JSON.parse(readFileSync(DATA, 'utf8')) : await play();
const { writeReport } = await import('./balance-report.mjs');
writeReport(data, ROOT);
console.error('balance: wrote docs/balance.md and docs/balance/*.svg');
