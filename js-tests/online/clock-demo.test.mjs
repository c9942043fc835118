// Clocks and abandonment as two people see them in the demo, at a phone's width (390 px), one page in
// Spanish and the other in Russian: a Zola match created from the settings panel with a custom clock,
// whose running clock counts down on both pages until the server ends it on time, said in words on both;
// and a casual match whose player to act leaves: the other is offered Claim the win after the server's
// abandonment time, says why, and wins by abandonment. Screenshots of both ends in test-output/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { startServer } from '../../scripts/online.mjs';
import { launch, newPage, outDir } from '../browser/helpers.mjs';

const ABANDON_MS = 3000;
let browser;
let server;
before(async () => {
  [browser, server] = await Promise.all([
    launch(),
    startServer({ port: 0, host: '127.0.0.1', abandonMs: ABANDON_MS, log: () => {} }),
  ]);
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

/** A person at a phone: a browser context of their own and the demo in `lang`, its errors collected. */
async function person(address, lang) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const { page, errors } = await newPage(context);
  await page.setViewportSize({ width: 390, height: 844 });
  const url = new URL(address);
  url.searchParams.set('lang', lang);
  await page.goto(url.href);
  await page.waitForSelector('body[data-ready="true"]', { state: 'attached', timeout: 30000 });
  return { context, page, errors };
}

/** What the online game draws: clocks, turn line, winner, the claim, the page width. */
const seen = (page) =>
  page.evaluate(() => {
    const g = document.querySelector('section.online steere-game');
    const r = g?.isConnected ? g.shadowRoot : null;
    const shows = (e) => !!e && !e.closest('[hidden]') && e.getClientRects().length > 0;
    const text = (s) => (shows(r?.querySelector(s)) ? r.querySelector(s).textContent : null);
    const clock = (p) => {
      const c = r?.querySelector(`[data-clock=${p}]`);
      return shows(c)
        ? {
            text: c.textContent,
            low: c.hasAttribute('data-low'),
            running: c.parentNode.hasAttribute('data-running'),
            colour: getComputedStyle(c).color,
          }
        : null;
    };
    const claim = r?.querySelector('[data-action=claimWin]');
    return {
      red: clock('red'),
      blue: clock('blue'),
      turn: text('.turn'),
      winner: text('.winner'),
      claim: shows(claim) && !claim.disabled,
      why: text('.claim'),
      width: document.documentElement.scrollWidth,
      hint: shows(document.querySelector('.hint-row')),
      bar: shows(document.querySelector('.winbar')),
    };
  });

async function until(page, pred, what, ms = 20000) {
  const end = Date.now() + ms;
  for (;;) {
    const d = await seen(page);
    if (pred(d)) return d;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}; seen: ${JSON.stringify(d)}`);
    await page.waitForTimeout(50);
  }
}

/** Creates a Zola match from the panel (colour `colour`, time control `clock`); resolves to its link. */
async function create(page, { colour = 'red', clock = 'casual', custom } = {}) {
  await page.selectOption('[data-option=game]', 'zola');
  await page.selectOption('[data-option=opponent]', 'online');
  await page.selectOption('[data-option=human]', colour);
  await page.selectOption('#clock', clock);
  if (custom) {
    assert.ok(await page.isVisible('.custom-clock'), 'the custom numbers are shown for a custom clock');
    for (const [k, v] of Object.entries(custom)) await page.fill(`#clock-${k}`, String(v));
    await page.dispatchEvent('#clock-increment', 'change');
  }
  await page.waitForSelector('[data-online-note][data-ok=true]', { timeout: 20000 });
  await page.click('[data-action=new-game]');
  await page.waitForSelector('#online-link', { timeout: 20000 });
  await page.waitForFunction(() => /\?match=/.test(document.querySelector('#online-link').value), null, {
    timeout: 20000,
  });
  return page.inputValue('#online-link');
}

test('a clock runs out with both pages open: counted down on both, then "on time" in Spanish and Russian at 390 px', async () => {
  const host = await person(`${server.url}/www/`, 'es');
  // a custom clock out of bounds is refused before anything is sent
  await host.page.selectOption('[data-option=game]', 'zola');
  await host.page.selectOption('[data-option=opponent]', 'online');
  await host.page.selectOption('#clock', 'custom');
  await host.page.fill('#clock-reserve', '0');
  await host.page.dispatchEvent('#clock-reserve', 'change');
  await host.page.waitForSelector('[data-online-note][data-ok=false]', { timeout: 20000 });
  assert.match(await host.page.textContent('[data-online-note]'), /reserva de 1 s a 24 horas/);
  assert.ok(await host.page.isDisabled('[data-action=new-game]'));

  // Red, to move first, has 1 s of delay and a 6 s reserve
  const link = await create(host.page, { clock: 'custom', custom: { delay: 1, reserve: 6, increment: 0 } });
  const guest = await person(link, 'ru');
  const started = await until(host.page, (d) => d.red?.running, "Red's clock running");
  assert.deepEqual([started.blue.text, started.blue.running], ['0:06', false]);
  await until(guest.page, (d) => d.red?.running, 'the clock on the other page');
  // counting down, red at 10 s or less, no computer help on either page
  const b = await until(
    host.page,
    (d) => d.red?.text === '0:04',
    "Red's reserve counting down (0:06, 0:05, 0:04)",
    8000,
  );
  assert.equal(b.red.low, true);
  assert.equal(b.red.colour, 'rgb(196, 18, 27)');
  for (const d of [b, await seen(guest.page)]) assert.deepEqual([d.hint, d.bar], [false, false]);

  const es = await until(host.page, (d) => d.winner, 'the end on time', 15000);
  const ru = await until(guest.page, (d) => d.winner, 'the end on time (ru)', 5000);
  assert.equal(es.winner, 'Azul gana por tiempo');
  assert.equal(es.turn, es.winner);
  assert.equal(ru.winner, 'Синие выигрывают по времени');
  assert.equal(es.red.text, '0:00');
  for (const d of [es, ru]) assert.equal(d.width, 390, 'nothing wider than the phone');
  await host.page.screenshot({ path: join(outDir, 'online-time-es-390.png'), fullPage: true });
  await guest.page.screenshot({ path: join(outDir, 'online-time-ru-390.png'), fullPage: true });
  assert.deepEqual([...host.errors, ...guest.errors], []);
  await Promise.all([host.context.close(), guest.context.close()]);
});

test('the player to act leaves a casual match: Claim the win after the abandonment time, with why, and the win by abandonment', async () => {
  // the host plays Blue; the guest, Red, is to move first and closes the page
  const host = await person(`${server.url}/www/`, 'ru');
  const link = await create(host.page, { colour: 'blue' });
  const guest = await person(link, 'es');
  await until(guest.page, (d) => d.turn, "the guest's board");
  const none = await seen(host.page);
  assert.deepEqual(
    [none.red, none.blue, none.claim],
    [null, null, false],
    'a casual match has no clock, nothing to claim',
  );
  await guest.context.close();
  const left = Date.now();
  const d = await until(host.page, (x) => x.claim, 'Claim the win', ABANDON_MS + 10000);
  assert.ok(Date.now() - left >= ABANDON_MS - 500, 'not offered before the abandonment time');
  assert.match(d.why, /^Красные не в сети уже \d+ с$/);
  assert.equal(await host.page.textContent('section.online steere-game >> [data-action=claimWin]'), 'Объявить победу');
  // one press, as a person does: the claim is taken
  await host.page.click('section.online steere-game >> [data-action=claimWin]');
  const end = await until(host.page, (x) => x.winner, 'the win by abandonment', 10000);
  assert.equal(end.winner, 'Синие выигрывают ввиду ухода соперника');
  assert.equal(end.claim, false);
  assert.equal(end.width, 390);
  await host.page.screenshot({ path: join(outDir, 'online-abandoned-ru-390.png'), fullPage: true });
  assert.deepEqual(host.errors, []);
  await host.context.close();
});
