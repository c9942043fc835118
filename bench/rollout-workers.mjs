// WorkerBot.rollout in Chromium over 4 workers against 1 (issue 37): a side-6 middle-game position (the
// easy bot against itself, 24 turns, then rolled), its first 2 turns of legalTurns() as candidates, 1296
// trials, 'easy', to the end, with variance reduction. Prints each run's wall time and checks that both
// give the same numbers. Usage: node bench/rollout-workers.mjs [trials]
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
        const g = new api.Jokerball({ seed: 37 });
        const b = new api.Bot({ level: 'easy', seed: 37 });
        while (g.phase !== 'over' && (g.history().length < 24 || g.phase !== 'roll')) {
          if (g.phase === 'roll') g.roll();
          else g.play(b.chooseMove(g));
        }
        while (g.phase === 'roll') g.roll();
        const options = { trials, player: 'easy', truncate: 0, varianceReduction: true, seed: 1, candidates: g.legalTurns().slice(0, 2) };
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
  console.log(`same numbers: ${JSON.stringify(one.r) === JSON.stringify(four.r)}; speed-up ${(one.ms / four.ms).toFixed(2)}x`);
} finally {
  await browser.close();
  stopServer(server);
}
