// Time per bot decision through the built package (issue 7): median and 90th percentile of
// `chooseMove` per level, for Jokerball (the default game) and Zola 6x6. Run: `node bench/bot/timing.mjs`
// after `make pkg` (or `make bench-bot`). DECISIONS=n sets the decisions timed per level (default 200).
import { Bot, Jokerball, Zola } from '../../pkg/node.js';
import { cpus } from 'node:os';

const N = Number(process.env.DECISIONS ?? 200);

function stats(times) {
  const t = [...times].sort((a, b) => a - b);
  const q = (f) => t[Math.min(t.length - 1, Math.floor(f * t.length))];
  return `median ${q(0.5).toFixed(1)} ms, p90 ${q(0.9).toFixed(1)} ms, max ${t[t.length - 1].toFixed(1)} ms (${t.length} decisions)`;
}

function jokerball(level) {
  const times = [];
  let seed = 1;
  while (times.length < N) {
    const g = new Jokerball({ seed: seed++ });
    const bot = new Bot({ level, seed });
    let turns = 0;
    while (g.phase !== 'over' && times.length < N && turns < 400) {
      if (g.phase === 'roll') {
        g.roll();
        turns++;
        continue;
      }
      const t0 = performance.now();
      const mv = bot.chooseMove(g);
      times.push(performance.now() - t0);
      g.play(mv);
    }
  }
  return times;
}

function zola(level) {
  const times = [];
  let seed = 1;
  while (times.length < N) {
    const g = new Zola();
    const bot = new Bot({ level, seed: seed++ });
    while (g.phase !== 'over' && times.length < N) {
      const t0 = performance.now();
      const mv = bot.chooseMove(g);
      times.push(performance.now() - t0);
      g.play(mv);
    }
  }
  return times;
}

console.log(`machine: ${cpus().length} CPUs, ${cpus()[0]?.model ?? 'unknown'}; node ${process.version}`);
for (const level of ['easy', 'medium', 'hard']) {
  console.log(`jokerball ${level}: ${stats(jokerball(level))}`);
}
for (const level of ['easy', 'medium', 'hard']) {
  console.log(`zola ${level}: ${stats(zola(level))}`);
}
