// WorkerBot.rollout in Chromium over 4 workers against 1 (issue 37): the side-6 middle-game position of
// benches/rollout.mjs (the easy bot, seed 3, playing a seeded game (seed 3) for 16 turns to phase man; its 2
// candidates the best two of the easy hint), 1296 trials, 'easy', to the end, with variance reduction.
// Prints each run's wall time and checks that both give the same numbers (those of `make bench-rollout`'s
// `middle` case in Node). Usage: node benches/rollout-workers.mjs [trials]
import { launch, startServer, stopServer, elementPage } from '../js-tests/browser/helpers.mjs';

const trials = Number(process.argv[2] ?? 1296);
const { server, url } = await startServer();
const browser = await launch();
try {
  const { page } = await elementPage(browser, url, '');
  const run = (workers) =>
    page.evaluate(
      async ({ workers, trials }) => {
        Object.defineProperty(navigator, 'hardwareConcurrency', { value: workers, configurable: true });
        const [api, { WorkerBot }] = await Promise.all([window.steere(), import('/pkg/board.js')]);
        const g = new api.Jokerball({ seed: 3 });
        const b = new api.Bot({ level: 'easy', seed: 3 });
        while (g.history().length < 16 || g.phase !== 'man') {
          if (g.phase === 'roll') g.roll();
          else g.play(b.chooseMove(g));
        }
        const candidates = new api.Bot({ level: 'easy', seed: 1 })
          .hint(g)
          .slice(0, 2)
          .map((c) => c.move);
        const options = { trials, player: 'easy', truncate: 0, varianceReduction: true, seed: 1, candidates };
        const bot = new WorkerBot({ level: 'easy', seed: 1 });
        const t = performance.now();
        const r = await bot.rollout(g, options);
        const ms = performance.now() - t;
        bot.terminate();
        return { ms, r, position: g.position(), history: g.history().length };
      },
      { workers, trials },
    );
  const four = await run(4);
  console.log(`4 workers: ${(four.ms / 1000).toFixed(1)} s`, JSON.stringify(four.r), four.position, four.history);
  const one = await run(1);
  console.log(`1 worker: ${(one.ms / 1000).toFixed(1)} s`, JSON.stringify(one.r));
  console.log(
    `same numbers: ${JSON.stringify(one.r) === JSON.stringify(four.r)}; speed-up ${(one.ms / four.ms).toFixed(2)}x`,
  );
} finally {
  await browser.close();
  stopServer(server);
}
