// Speed of the analysis through the built package (docs/api.md, "bot.review"): the review of whole
// Jokerball games (side 6, 2025 rules, played by the medium bot against itself) per level, and the median
// of `evaluate` and `hint` over the positions of those games. Run: `make bench-analysis` (or `node
// benches/analysis.mjs` after `make pkg`). GAMES=n sets the games reviewed at easy (default 10; medium
// reviews half as many, hard one); LEVELS=easy,medium chooses the levels (default all three). Then the
// review of one Zola game per board size (6, 8, 10; played by the easy bot against itself) at each level;
// ZOLA=0 leaves them out.
import { Bot, Jokerball, Zola } from '../pkg/node.js';
import { cpus, loadavg } from 'node:os';

const GAMES = Number(process.env.GAMES ?? 10);
const LEVELS = (process.env.LEVELS ?? 'easy,medium,hard').split(',');
const COUNT = { easy: GAMES, medium: Math.max(1, Math.ceil(GAMES / 2)), hard: 1 };

const median = (xs) => {
  const t = [...xs].sort((a, b) => a - b);
  return t.length % 2 ? t[(t.length - 1) / 2] : (t[t.length / 2 - 1] + t[t.length / 2]) / 2;
};
const ms = (x) => (x < 10 ? x.toFixed(2) : x.toFixed(0));

/** A whole game of the medium bot against itself, and the positions where a player chose. */
function play(seed) {
  const g = new Jokerball({ seed: `bench-${seed}` });
  const bot = new Bot({ level: 'medium', seed });
  const choices = [];
  while (g.phase !== 'over') {
    if (g.phase === 'roll') g.roll();
    else {
      if (g.phase === 'man') choices.push(g.clone());
      g.play(bot.chooseMove(g));
    }
  }
  return { game: g, choices };
}

const games = Array.from({ length: Math.max(...LEVELS.map((l) => COUNT[l])) }, (_, i) => play(i + 1));
console.log(
  `machine: ${cpus()[0]?.model ?? '?'}, ${cpus().length} cores, Node ${process.version}, ` +
    `load average ${loadavg()[0].toFixed(1)}; ${games.length} games of ` +
    `${ms(median(games.map((g) => g.game.history().length)))} turns (median)`,
);
for (const level of LEVELS) {
  const bot = new Bot({ level, seed: 1 });
  const reviews = [];
  for (const { game } of games.slice(0, COUNT[level])) {
    const t0 = performance.now();
    bot.review(game);
    reviews.push({ time: performance.now() - t0, turns: game.history().length });
  }
  const evaluate = [];
  const hint = [];
  const positions = games.slice(0, 2).flatMap((g) => g.choices);
  for (const g of positions.slice(0, level === 'hard' ? 30 : 120)) {
    let t0 = performance.now();
    bot.evaluate(g);
    evaluate.push(performance.now() - t0);
    t0 = performance.now();
    bot.hint(g);
    hint.push(performance.now() - t0);
  }
  const times = reviews.map((r) => r.time);
  console.log(
    `${level}: review of a whole game median ${ms(median(times))} ms (${reviews.length} games, ` +
      `${ms(Math.min(...times))} to ${ms(Math.max(...times))} ms; ` +
      `${ms(median(reviews.map((r) => r.time / r.turns)))} ms per turn); ` +
      `evaluate median ${ms(median(evaluate))} ms, hint median ${ms(median(hint))} ms (${hint.length} positions)`,
  );
}

/** A whole Zola game of the easy bot against itself (at most 300 moves). */
function playZola(size) {
  const g = new Zola({ size });
  const bot = new Bot({ level: 'easy', seed: size });
  for (let i = 0; i < 300 && g.phase !== 'over'; i++) g.play(bot.chooseMove(g));
  return g;
}

if (process.env.ZOLA !== '0') {
  for (const size of [6, 8, 10]) {
    const g = playZola(size);
    const times = LEVELS.map((level) => {
      const t0 = performance.now();
      new Bot({ level, seed: 1 }).review(g);
      return `${level} ${ms(performance.now() - t0)} ms`;
    });
    console.log(`Zola ${size}x${size}: review of a game of ${g.history().length} moves: ${times.join(', ')}`);
  }
}
