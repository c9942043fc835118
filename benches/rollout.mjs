// Speed of bot.rollout through the built package (docs/api.md, "bot.rollout"), at `easy` with the default
// 1296 trials, with variance reduction (the default) and without:
// - `end`, `t7` (and `-plain` without variance reduction): the side-6 opening position (2025 rules, Red to
//   roll: one entry), to the end and truncated after 7 turns;
// - `middle` (and `middle-plain`): a side-6 middle-game position (issue 37), reached by the easy bot (seed 3)
//   playing a seeded game (seed 3) for 16 turns to a roll, its 2 candidates the best two of the easy bot's
//   hint, to the end. The two runs are of equal trials, so they compare the 95% intervals' widths.
// Run: `make bench-rollout` (or `node benches/rollout.mjs` after `make pkg`). TRIALS=n sets the trials;
// CASES=end,t7,end-plain,t7-plain,middle,middle-plain chooses the runs (default all six). Times are wall
// clock and CPU time (the process's user + system: the machine is shared).
import { Bot, Jokerball } from '../pkg/node.js';
import { cpus, loadavg } from 'node:os';

const TRIALS = Number(process.env.TRIALS ?? 1296);

/** The middle-game position of the `middle` cases, in phase man, and its two candidates. */
function middleGame() {
  const game = new Jokerball({ seed: 3 });
  const player = new Bot({ level: 'easy', seed: 3 });
  while (game.history().length < 16 || game.phase !== 'man') {
    if (game.phase === 'roll') game.roll();
    else game.play(player.chooseMove(game));
  }
  const candidates = new Bot({ level: 'easy', seed: 1 })
    .hint(game)
    .slice(0, 2)
    .map((c) => c.move);
  return { game, candidates };
}

const opening = { game: new Jokerball({ seed: 1 }) };
const middle = middleGame();
const CASES = {
  end: { from: opening, truncate: 0 },
  t7: { from: opening, truncate: 7 },
  'end-plain': { from: opening, truncate: 0, varianceReduction: false },
  't7-plain': { from: opening, truncate: 7, varianceReduction: false },
  middle: { from: middle, truncate: 0 },
  'middle-plain': { from: middle, truncate: 0, varianceReduction: false },
};
const chosen = (process.env.CASES ?? Object.keys(CASES).join(',')).split(',');

console.log(
  `machine: ${cpus()[0]?.model ?? '?'}, ${cpus().length} cores, Node ${process.version}, ` +
    `load average ${loadavg()[0].toFixed(1)}; ${TRIALS} trials at easy; side-6 opening, Red to roll; ` +
    `middle game ${middle.game.position()} (dice ${middle.game.dice.distance}/${middle.game.dice.direction}), ` +
    `candidates ${middle.candidates.map((c) => `'${c}'`).join(', ')}`,
);
const bot = new Bot({ level: 'easy' });
const widths = {};
for (const name of chosen) {
  const { from, ...options } = CASES[name];
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const r = bot.rollout(from.game, {
    trials: TRIALS,
    seed: 1,
    ...(from.candidates ? { candidates: from.candidates } : {}),
    ...options,
  });
  const s = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const cpuS = (cpu.user + cpu.system) / 1e6;
  const entries = r.entries
    .map((e) => {
      widths[name] = { ...widths[name], [e.move]: e.high - e.low };
      const label = e.move === '' ? '' : `'${e.move}' `;
      return (
        `${label}win ${e.win.toFixed(4)}, se ${e.se.toFixed(4)}, 95% ${e.low.toFixed(3)} to ` +
        `${e.high.toFixed(3)} (width ${(e.high - e.low).toFixed(4)})`
      );
    })
    .join('; ');
  console.log(
    `${name.padEnd(12)} ${s.toFixed(1)} s, CPU ${cpuS.toFixed(1)} s (${((1000 * s) / TRIALS).toFixed(1)} ms per ` +
      `trial): ${entries}; load average ${loadavg()[0].toFixed(1)}`,
  );
}
// The 95% intervals' widths with variance reduction against without, at equal trials.
for (const [reduced, plain] of [
  ['end', 'end-plain'],
  ['t7', 't7-plain'],
  ['middle', 'middle-plain'],
]) {
  if (!widths[reduced] || !widths[plain]) continue;
  const parts = Object.keys(widths[reduced]).map((move) => {
    const [a, b] = [widths[reduced][move], widths[plain][move]];
    return `${move === '' ? 'width' : `'${move}'`} ${a.toFixed(4)} against ${b.toFixed(4)} (${(b / a).toFixed(1)}x narrower)`;
  });
  console.log(`${reduced} / ${plain}, ${TRIALS} trials each: ${parts.join('; ')}`);
}
