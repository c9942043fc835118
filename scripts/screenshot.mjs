// Writes the README's pictures (run by hand after `make pkg`: node scripts/screenshot.mjs):
// - docs/screenshot.png: the demo page in the middle of a seeded Jokerball match against the computer;
// - docs/embed.png: www/embed.html, two <steere-game> elements on one page in two themes, a few moves in.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { launch, startServer, stopServer, newPage, ready, gameState, rng, root } from '../js-tests/browser/helpers.mjs';

const { server, url } = await startServer();
const browser = await launch();

/** A few clicks on the game `sel` (rolls and targets), so that the board and the log have something to show. */
async function play(page, sel, clicks, random) {
  for (let done = 0, waits = 0; done < clicks && waits < 500; ) {
    const s = await gameState(page, sel);
    if (s.winner) return;
    const action = s.canTake ? 'take' : s.canRoll ? 'roll' : null;
    if (action) await page.click(`${sel} >> [data-action=${action}]`);
    else if (s.targets.length) await page.click(s.targets[Math.floor(random() * s.targets.length)].sel);
    else {
      waits++;
      await page.waitForTimeout(30);
      continue;
    }
    done++;
  }
}

async function shot(page, name) {
  const out = join(root, 'docs', name);
  await page.screenshot({ path: out });
  const kb = statSync(out).size / 1024;
  console.log(`screenshot: ${out} (${kb.toFixed(0)} KiB)`);
  if (kb >= 146) throw new Error(`screenshot: ${name} is over the README budget of 150 KB`);
}

try {
  const context = await browser.newContext({ deviceScaleFactor: 1 });
  const { page, errors } = await newPage(context);
  await page.setViewportSize({ width: Number(process.env.W || 980), height: Number(process.env.H || 640) });
  await page.goto(`${url}/www/?seed=2026&size=4&length=5&cube=on&botdelay=0`);
  await ready(page);
  await play(page, 'steere-game', 10, rng(7));
  await page.waitForFunction(
    () => document.querySelector('steere-game').shadowRoot.querySelector('[data-action=roll]').disabled === false,
    null,
    { timeout: 20000 },
  );
  await page.click('[data-action=roll]');
  const sel = await page.$('steere-game >> [data-target=select]');
  if (sel) await sel.click();
  await page.evaluate(() => document.querySelector('details.help')?.removeAttribute('open'));
  await page.evaluate(
    () => document.querySelector('steere-game').shadowRoot.querySelector('steere-board').animationDone,
  );
  await shot(page, 'screenshot.png');

  await page.setViewportSize({ width: 1000, height: 640 });
  await page.goto(`${url}/www/embed.html`);
  await page.waitForFunction(() => [...document.querySelectorAll('steere-game')].every((g) => g.game));
  await play(page, '.night steere-game', 7, rng(3));
  await play(page, '.garden steere-game', 4, rng(4));
  await page.waitForTimeout(900);
  await page.click('.garden steere-game >> [data-target=select]');
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, 'embed.png');
  if (errors.length) throw new Error(errors.join('\n'));
} finally {
  await browser.close();
  stopServer(server);
}
