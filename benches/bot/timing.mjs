// Time per bot decision through the built package: median, 90th percentile and maximum of `chooseMove`
// per level, for Jokerball (the default game) and Zola 6x6, in wall-clock time and in the process's CPU
// time (which a busy machine disturbs less). Jokerball's bot plans the whole turn in phase man and
// answers the ball phase that follows from its plan, so the decisions that plan a turn (phase man, or
// phase ball when the man phase was skipped) are also reported on their own. Run: `node
// benches/bot/timing.mjs` after `make pkg` (or `make bench-bot`). DECISIONS=n sets the decisions timed per
// level (default 200),
// LEVELS=easy,hard and GAMES=jokerball,zola choose what is timed (default all).
import { Bot, Jokerball, Zola } from '../../pkg/node.js';
import { cpus } from 'node:os';

const N = Number(process.env.DECISIONS ?? 200);
const LEVELS = (process.env.LEVELS ?? 'easy,medium,hard').split(',');
const GAMES = (process.env.GAMES ?? 'jokerball,zola').split(',');

function cpuMs() {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

function stats(times) {
  const t = [...times].sort((a, b) => a - b);
  const q = (f) => t[Math.min(t.length - 1, Math.floor(f * t.length))];
  return `median ${q(0.5).toFixed(1)} ms, p90 ${q(0.9).toFixed(1)} ms, max ${t[t.length - 1].toFixed(1)} ms`;
}

function report(name, samples) {
  const wall = samples.map((s) => s.wall);
  const cpu = samples.map((s) => s.cpu);
  console.log(`${name}: ${samples.length} decisions; wall ${stats(wall)}; cpu ${stats(cpu)}`);
  const plans = samples.filter((s) => s.plans);
  if (plans.length < samples.length) {
    console.log(
      `${name} (turn plans only): ${plans.length} decisions; wall ${stats(plans.map((s) => s.wall))}; cpu ${stats(plans.map((s) => s.cpu))}`,
    );
  }
}

function time(bot, g, plans) {
  const c0 = cpuMs();
  const t0 = performance.now();
  const mv = bot.chooseMove(g);
  const wall = performance.now() - t0;
  const cpu = cpuMs() - c0;
  return { mv, sample: { wall, cpu, plans } };
}

function jokerball(level) {
  const samples = [];
  let seed = 1;
  while (samples.length < N) {
    const g = new Jokerball({ seed: seed++ });
    const bot = new Bot({ level, seed });
    let turns = 0;
    let manPlayed = false;
    while (g.phase !== 'over' && samples.length < N && turns < 400) {
      if (g.phase === 'roll') {
        g.roll();
        turns++;
        manPlayed = false;
        continue;
      }
      const plans = g.phase === 'man' || !manPlayed;
      const { mv, sample } = time(bot, g, plans);
      samples.push(sample);
      if (g.phase === 'man') manPlayed = true;
      g.play(mv);
    }
    bot.free();
    g.free();
  }
  return samples;
}

function zola(level) {
  const samples = [];
  let seed = 1;
  while (samples.length < N) {
    const g = new Zola();
    const bot = new Bot({ level, seed: seed++ });
    while (g.phase !== 'over' && samples.length < N) {
      const { mv, sample } = time(bot, g, true);
      samples.push(sample);
      g.play(mv);
    }
    bot.free();
    g.free();
  }
  return samples;
}

console.log(`machine: ${cpus().length} CPUs, ${cpus()[0]?.model ?? 'unknown'}; node ${process.version}`);
for (const level of LEVELS) if (GAMES.includes('jokerball')) report(`jokerball ${level}`, jokerball(level));
for (const level of LEVELS) if (GAMES.includes('zola')) report(`zola ${level}`, zola(level));
