// Speed of bot.rollout through the built package (docs/api.md, "bot.rollout"): the side-6 opening position
// (2025 rules, Red to roll: one entry) rolled out at `easy` with the default 1296 trials, to the end and
// truncated after 7 turns, with variance reduction (the default) and without. Run: `make bench-rollout`
// (or `node bench/rollout.mjs` after `make pkg`). TRIALS=n sets the trials; CASES=end,t7,end-plain,t7-plain
// chooses the runs (default all four).
import { Bot, Jokerball } from '../pkg/node.js';
import { cpus, loadavg } from 'node:os';

const TRIALS = Number(process.env.TRIALS ?? 1296);
const CASES = {
  end: { truncate: 0 },
  t7: { truncate: 7 },
  'end-plain': { truncate: 0, varianceReduction: false },
  't7-plain': { truncate: 7, varianceReduction: false },
};
const chosen = (process.env.CASES ?? Object.keys(CASES).join(',')).split(',');

console.log(
  `machine: ${cpus()[0]?.model ?? '?'}, ${cpus().length} cores, Node ${process.version}, ` +
    `load average ${loadavg()[0].toFixed(1)}; ${TRIALS} trials at easy, side-6 opening, Red to roll`,
);
const game = new Jokerball({ seed: 1 });
const bot = new Bot({ level: 'easy' });
for (const name of chosen) {
  const t0 = performance.now();
  const r = bot.rollout(game, { trials: TRIALS, seed: 1, ...CASES[name] });
  const s = (performance.now() - t0) / 1000;
  const e = r.entries[0];
  console.log(
    `${name.padEnd(9)} ${s.toFixed(1)} s (${((1000 * s) / TRIALS).toFixed(1)} ms per trial): ` +
      `win ${e.win.toFixed(4)}, se ${e.se.toFixed(4)}, 95% ${e.low.toFixed(3)} to ${e.high.toFixed(3)}; ` +
      `load average ${loadavg()[0].toFixed(1)}`,
  );
}
