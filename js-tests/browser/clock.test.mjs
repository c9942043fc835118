// <steere-game> bound to a remote state, given what the server says besides it by hand (its `online`
// property, the shape of OnlineGame's view()): both clocks from clockLeft at the server's now, the running
// one counting down, the delay apart, the low-time warning (a colour and one message in the live region),
// a clock right again when a page whose timers were held back comes back into view, Claim the win exactly
// when allowed, the end and its reason in words (en, es, ru), no computer help while a no-help game is on,
// and the clocks at a phone's width.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { demo, drawn, outDir } from './helpers.mjs';

const D = demo();

/** A remote game of `kind` ('jokerball', 'zola', 'match'), Red's seat, its state from a new object. */
async function remote(options = {}) {
  const { lang = 'en', kind = 'jokerball', viewport, attrs = '' } = options;
  const { context, page, errors } = await D.element(
    `<steere-game class="g" opponent="remote" human="red" ${attrs}></steere-game>`,
    { lang, viewport },
  );
  await page.evaluate(async (kind) => {
    const api = await import('/pkg/steere_games.js');
    await api.default();
    const obj =
      kind === 'match'
        ? new api.Match({ game: 'jokerball', length: 3, cube: true })
        : kind === 'zola'
          ? new api.Zola()
          : new api.Jokerball();
    const g = document.querySelector('.g');
    g.state = obj.toJSON();
    obj.free();
    window.events = [];
    g.addEventListener('steere-action', (e) => {
      window.events.push(e.detail);
      e.preventDefault();
    });
    // a view of the server's words: each call a clock `running` for `ranMs` of a control of 12 s delay
    window.view = (over) =>
      Object.assign(g, {
        online: {
          seat: '0',
          serverOffsetMs: 0,
          away: { 0: null, 1: null },
          claimAt: null,
          canClaim: false,
          over: false,
          winner: null,
          reason: null,
          clock: null,
          ...over,
        },
      });
    window.clock = (ranMs, running = 'red', reserveMs = 120000) => ({
      delayMs: 12000,
      incrementMs: 0,
      red: { reserveMs },
      blue: { reserveMs: 120000 },
      running,
      since: Date.now() - ranMs,
    });
  }, kind);
  await drawn(page, '.g');
  return { context, page, errors };
}

/** What the clocks show: each one's text, delay, running and low marks, and the colour of its time. */
const clocks = (page) =>
  page.evaluate(() => {
    const r = document.querySelector('.g').shadowRoot;
    const one = (p) => {
      const c = r.querySelector(`[data-clock=${p}]`);
      const d = r.querySelector(`[data-delay=${p}]`);
      return {
        text: c.textContent,
        delay: d.textContent,
        running: c.parentNode.hasAttribute('data-running'),
        low: c.hasAttribute('data-low'),
        colour: getComputedStyle(c).color,
      };
    };
    return {
      shown: !r.querySelector('.clocks').hidden && r.querySelector('.clocks').getClientRects().length > 0,
      red: one('red'),
      blue: one('blue'),
    };
  });
const text = (page, sel) => page.$eval(`.g >> ${sel}`, (e) => (e.closest('[hidden]') ? null : e.textContent));

test('both clocks from the server time: the running one counts down, the delay apart, the other still', async () => {
  const { context, page, errors } = await remote();
  assert.equal((await clocks(page)).shown, false, 'no clock in a game without one');
  await page.evaluate(() => view({ clock: clock(5000) }));
  let c = await clocks(page);
  assert.equal(c.shown, true);
  assert.deepEqual([c.red.text, c.red.delay, c.red.running], ['2:00', 'delay 0:07', true]);
  assert.deepEqual([c.blue.text, c.blue.delay, c.blue.running], ['2:00', '', false]);
  // the delay runs out first, then the reserve; the other clock stays
  await page.evaluate(() => view({ clock: clock(12000 + 30500) }));
  await page.waitForTimeout(700);
  c = await clocks(page);
  assert.deepEqual([c.red.text, c.red.delay, c.blue.text], ['1:29', '', '2:00']);
  const before = c.red.text;
  await page.waitForTimeout(1100);
  assert.notEqual((await clocks(page)).red.text, before, 'the running clock counts down');
  // the server's clock ahead of this one: the time left is the server's
  await page.evaluate(() => view({ clock: clock(12000), serverOffsetMs: 60000 }));
  assert.equal((await clocks(page)).red.text, '1:00');
  assert.deepEqual(errors, []);
  await context.close();
});

test('timers held back (a background tab): the clock is right again when the page comes back into view', async () => {
  const { context, page, errors } = await remote();
  const out = await page.evaluate(() => {
    view({ clock: clock(12000) });
    const r = document.querySelector('.g').shadowRoot.querySelector('[data-clock=red]');
    const at = [r.textContent];
    // a minute passes with no timer run, as in a tab in the background
    const [setT, now] = [window.setTimeout, Date.now];
    window.setTimeout = () => 0;
    Date.now = () => now() + 60000;
    at.push(r.textContent);
    document.dispatchEvent(new Event('visibilitychange'));
    at.push(r.textContent);
    window.setTimeout = setT;
    Date.now = now;
    return at;
  });
  assert.deepEqual(out, ['2:00', '2:00', '1:00']);
  assert.deepEqual(errors, []);
  await context.close();
});

test('low time: at 10 s the clock turns red and the live region says it once', async () => {
  const { context, page, errors } = await remote();
  await page.evaluate(() => {
    const live = document
      .querySelector('.g')
      .shadowRoot.querySelector('steere-board')
      .shadowRoot.querySelector('[aria-live]');
    window.said = [];
    new MutationObserver(() => window.said.push(live.textContent)).observe(live, {
      childList: true,
      characterData: true,
      subtree: true,
    });
    view({ clock: clock(12000 + 120000 - 11500) });
  });
  let c = await clocks(page);
  assert.equal(c.red.low, false);
  const calm = c.red.colour;
  await page.waitForFunction(
    () => document.querySelector('.g').shadowRoot.querySelector('[data-clock=red]').hasAttribute('data-low'),
    null,
    { timeout: 5000 },
  );
  await page.waitForTimeout(1200);
  c = await clocks(page);
  assert.equal(c.red.colour, 'rgb(196, 18, 27)');
  assert.notEqual(calm, c.red.colour);
  assert.equal(c.blue.low, false);
  assert.deepEqual(await page.evaluate(() => window.said.filter((s) => s)), ['Red: 10 seconds or less']);
  assert.deepEqual(errors, []);
  await context.close();
});

test('Claim the win: shown exactly from claimAt, with why; pressing it asks the page (steere-action claimWin)', async () => {
  const { context, page, errors } = await remote();
  const claim = () =>
    page.evaluate(() => {
      const r = document.querySelector('.g').shadowRoot;
      const b = r.querySelector('[data-action=claimWin]');
      return {
        button: !b.hidden && b.getClientRects().length > 0 && !b.disabled,
        why: r.querySelector('.claim').hidden ? null : r.querySelector('.claim').textContent,
      };
    });
  await page.evaluate(() => view({ away: { 0: null, 1: Date.now() - 118500 }, claimAt: Date.now() + 1500 }));
  assert.deepEqual(await claim(), { button: false, why: null });
  await page.waitForFunction(
    () => !document.querySelector('.g').shadowRoot.querySelector('[data-action=claimWin]').hidden,
    null,
    { timeout: 4000 },
  );
  const c = await claim();
  assert.equal(c.button, true);
  assert.match(c.why, /^Blue has been away 12\d s$/);
  assert.equal(await text(page, '[data-action=claimWin]'), 'Claim the win');
  await page.click('.g >> [data-action=claimWin]');
  assert.deepEqual(await page.evaluate(() => window.events.map((e) => [e.action, e.player])), [['claimWin', 'red']]);
  // allowed now by the server's word; gone for a spectator and once the game is over
  await page.evaluate(() => view({ away: { 0: null, 1: Date.now() - 5000 }, canClaim: true }));
  assert.equal((await claim()).button, true);
  await page.evaluate(() => view({ seat: null, canClaim: true }));
  assert.equal((await claim()).button, false);
  await page.evaluate(() => view({ canClaim: true, over: true, winner: '0', reason: 'abandoned' }));
  assert.deepEqual(await claim(), { button: false, why: null });
  assert.deepEqual(errors, []);
  await context.close();
});

// the end the server made, as each language says it
const ENDS = {
  en: ['Red wins on time', 'Blue wins by abandonment', 'Red wins the match on time'],
  es: ['Rojo gana por tiempo', 'Azul gana por abandono', 'Rojo gana el match por tiempo'],
  ru: ['Красные выигрывают по времени', 'Синие выигрывают ввиду ухода соперника', 'Красные выигрывают матч по времени'],
};
for (const [lang, [time, abandoned, match]] of Object.entries(ENDS)) {
  test(`the end and its reason in words (${lang}): on time, by abandonment, a match on time; nothing left to press`, async () => {
    const { context, page, errors } = await remote({ lang });
    await page.evaluate(() => view({ clock: clock(200000, 'blue'), over: true, winner: '0', reason: 'time' }));
    assert.equal(await text(page, '.winner'), time);
    assert.equal(await text(page, '.turn'), time);
    const on = await page.$$eval('.g >> .bar button', (bs) =>
      bs.filter((b) => !b.hidden && !b.disabled).map((b) => b.dataset.action),
    );
    assert.deepEqual(on, []);
    assert.equal((await clocks(page)).blue.text, '0:00');
    await page.evaluate(() => view({ over: true, winner: '1', reason: 'abandoned' }));
    assert.equal(await text(page, '.winner'), abandoned);
    await context.close();
    const m = await remote({ lang, kind: 'match' });
    await m.page.evaluate(() => view({ over: true, winner: '0', reason: 'time' }));
    assert.equal(await text(m.page, '.winner'), match);
    assert.deepEqual([...errors, ...m.errors], []);
    await m.context.close();
  });
}

test('no-help: no hint drawn and help false while the game is on; help again once it is over', async () => {
  const { context, page, errors } = await remote({ kind: 'zola', attrs: 'no-help' });
  const out = await page.evaluate(async () => {
    const g = document.querySelector('.g');
    const hinted = () => g.shadowRoot.querySelector('steere-board').shadowRoot.querySelectorAll('[data-hint]').length;
    const cells = [g.shadowRoot.querySelector('steere-board').shadowRoot.querySelector('[data-cell]').dataset.cell];
    g.hint = cells;
    await new Promise((r) => setTimeout(r, 50));
    const during = [g.help, hinted()];
    g.online = { seat: '0', over: true, winner: '0', reason: 'abandoned' };
    g.hint = cells;
    await new Promise((r) => setTimeout(r, 50));
    const after = [g.help, hinted()];
    g.removeAttribute('no-help');
    g.online = null;
    return { during, after, plain: g.help };
  });
  assert.deepEqual(out.during, [false, 0]);
  assert.equal(out.after[0], true);
  assert.ok(out.after[1] > 0, 'the hint is drawn once the game is over');
  assert.equal(out.plain, true);
  assert.deepEqual(errors, []);
  await context.close();
});

for (const lang of ['en', 'es', 'ru']) {
  test(`at 390 px (${lang}): both clocks on one line above the board, inside the screen, the claim button too`, async () => {
    const { context, page, errors } = await remote({ lang, kind: 'match', viewport: { width: 390, height: 844 } });
    await page.evaluate(() =>
      view({ clock: clock(4000, 'red', 3600000), away: { 0: null, 1: Date.now() - 130000 }, canClaim: true }),
    );
    const box = await page.evaluate(() => {
      const r = document.querySelector('.g').shadowRoot;
      const b = (s) => r.querySelector(s).getBoundingClientRect().toJSON();
      return {
        red: b('[data-clock=red]'),
        blue: b('[data-clock=blue]'),
        board: b('steere-board'),
        claim: b('[data-action=claimWin]'),
        why: b('.claim'),
        width: document.documentElement.scrollWidth,
      };
    });
    await page.screenshot({ path: join(outDir, `clock-390-${lang}.png`), fullPage: true });
    assert.equal(box.width, 390, 'nothing wider than the screen');
    // each clock on one line (Russian's longer words put Blue's under Red's)
    for (const p of ['red', 'blue']) assert.ok(box[p].height < 30, `${p}'s clock on one line`);
    assert.ok(box.red.bottom <= box.board.top && box.blue.right <= 390, 'above the board, inside the screen');
    assert.ok(box.claim.right <= 390 && box.why.right <= 390 && box.claim.width > 0);
    assert.equal((await clocks(page)).red.text, '60:00');
    assert.deepEqual(errors, []);
    await context.close();
  });
}
