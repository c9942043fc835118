// Writes docs/screenshot.png for the README: the demo page in the middle of a seeded Jokerball game
// against the computer (dice rolled, the ball's arrow showing). Run by hand after `make pkg`:
//   node scripts/screenshot.mjs
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { launch, startServer, stopServer, newPage, ready, rng, root } from '../js-tests/browser/helpers.mjs';

const { server, url } = await startServer();
const browser = await launch();
try {
  const context = await browser.newContext({ deviceScaleFactor: 1 });
  const { page, errors } = await newPage(context);
  await page.setViewportSize({ width: Number(process.env.W || 780), height: Number(process.env.H || 600) });
  await page.goto(`${url}/www/?seed=2026&opponent=bot&length=5&cube=on&botdelay=0`);
  await ready(page);
  const random = rng(7);
  // a few turns by clicks, so the board and the log have something to show
  for (let turns = 0; turns < 8; ) {
    if (await page.isEnabled('[data-action=roll]')) {
      await page.click('[data-action=roll]');
      turns++;
      if (turns === 8) break;
      continue;
    }
    const t = await page.$$('[data-target]');
    if (t.length) await t[Math.floor(random() * t.length)].click();
    else await page.waitForTimeout(30);
  }
  // select a man so the highlights show
  const sel = await page.$('[data-target=select]');
  if (sel) await sel.click();
  await page.evaluate(() => document.querySelector('details.help')?.removeAttribute('open'));
  const out = join(root, 'docs', 'screenshot.png');
  await page.screenshot({ path: out });
  if (errors.length) throw new Error(errors.join('\n'));
  const kb = statSync(out).size / 1024;
  console.log(`screenshot: ${out} (${kb.toFixed(0)} KiB)`);
  if (kb >= 146) throw new Error('screenshot: over the README budget of 150 KB');
} finally {
  await browser.close();
  stopServer(server);
}
