// No game is lost without the player's word (issue 26): links to the demo (no setting, another game kind,
// another size, another language, a match's link) and back find the game in progress as it was drawn (its
// log, its pieces, its score); a link asking for another game offers it and waits for an answer; the win
// chances bar, the level and the language chosen survive links; "Play on" from an opened record asks
// first, and the panel then shows the record's game; a crash of the tab finds the game saved after every
// move. The game as drawn includes Jokerball's dice with the green die's arrow, so a reload keeps them.
// Screenshot: keep-offer-phone.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { Jokerball } from '../../pkg/node.js';
import { demo, ready, newPage, rng, outDir, clickPlay as play, demoGame as drawn } from './helpers.mjs';

const D = demo();

/** Goes to the demo's `address` (a query) in the same page, or back / forward in its history. */
async function go(page, address) {
  if (address === 'back') await page.goBack();
  else if (address === 'forward') await page.goForward();
  else await page.goto(`${D.base}/www/${address}`);
  await ready(page);
}

const offer = (page) =>
  page.evaluate(() => {
    const box = document.querySelector('#offer');
    return box.hidden || !box.offsetWidth ? null : box.innerText;
  });
const panel = (page, name) => page.inputValue(`[data-option=${name}]`);

test('links and back: the game of each kind is kept; a bare address goes on with the game shown last', () =>
  D.within('?game=zola&opponent=human', async ({ page }) => {
    const random = rng(26);
    await play(page, 4, random);
    const zola = await drawn(page);
    assert.equal(zola.log.length, 2, 'two Zola moves played');
    // the demo's own address: the Zola game goes on (it asks for no setting)
    await go(page, '');
    assert.deepEqual(await drawn(page), zola);
    assert.equal(await offer(page), null);
    assert.equal(await panel(page, 'game'), 'zola');
    // a Jokerball link: a Jokerball game of its own, the Zola game kept aside
    await go(page, '?game=jokerball&opponent=human&seed=7');
    const fresh = await drawn(page);
    assert.deepEqual([fresh.game, fresh.log], ['jokerball', []]);
    await play(page, 7, random);
    const jokerball = await drawn(page);
    assert.ok(jokerball.log.length >= 2);
    // back: the bare address now goes on with the Jokerball game, and the Zola link finds its game again
    await go(page, 'back');
    assert.deepEqual(await drawn(page), jokerball);
    await go(page, 'back');
    assert.deepEqual(await drawn(page), zola);
    assert.equal(await offer(page), null);
    await go(page, 'forward');
    await go(page, 'forward');
    assert.deepEqual(await drawn(page), jokerball);
    // a move played there is kept too, and a reload finds it, with the last dice and the green die's arrow
    await play(page, 2, random);
    const later = await drawn(page);
    assert.match(later.dice, /, the ball goes [a-z ]+ \| arrow$/, 'the dice with their way');
    await page.reload();
    await ready(page);
    assert.deepEqual(await drawn(page), later);
  }));

test('a link asking for another game (?size=4 over side 6) keeps the game and offers its own; Keep playing and Abandon it', () =>
  D.within('?opponent=human&seed=12', async ({ page }) => {
    const random = rng(4);
    await play(page, 6, random);
    const side6 = await drawn(page);
    await go(page, '?size=4');
    assert.deepEqual(await drawn(page), side6, 'the side-6 game is still there');
    assert.match(
      await offer(page),
      /This link asks for a new game: size=4\.\s+A game is in progress\. Abandon it and start a new one\?/,
    );
    // the panel shows the game in progress
    assert.deepEqual([await panel(page, 'size'), await panel(page, 'opponent')], ['6', 'human']);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.screenshot({ path: join(outDir, 'saved-game-offer-phone.png') });
    await page.setViewportSize({ width: 1100, height: 900 });
    // in another language, the offer is said again
    await page.selectOption('#language', 'es');
    assert.match(await offer(page), /Este enlace pide una partida nueva: size=4\./);
    await page.selectOption('#language', 'en');
    // Keep playing: the offer goes, the address no longer asks, and a reload goes on with the game
    await page.click('#offer [data-action=offer-keep]');
    assert.equal(await offer(page), null);
    assert.equal(new URL(page.url()).searchParams.get('size'), null);
    await page.reload();
    await ready(page);
    assert.deepEqual(await drawn(page), side6);
    assert.equal(await offer(page), null);
    // the same settings asked again: nothing to offer
    await go(page, '?size=6&opponent=human');
    assert.equal(await offer(page), null);
    assert.deepEqual(await drawn(page), side6);
    // Abandon it: the link's game starts (with the player's choices kept: here none)
    await go(page, '?size=4');
    await page.click('#offer [data-action=offer-start]');
    await page.waitForFunction(
      () =>
        document
          .querySelector('#game')
          .shadowRoot.querySelector('steere-board')
          .shadowRoot.querySelectorAll('[data-cell]').length === 37,
    );
    assert.deepEqual((await drawn(page)).log, []);
    assert.equal(await offer(page), null);
    assert.deepEqual([await panel(page, 'size'), await panel(page, 'opponent')], ['4', 'bot']);
  }));

test('a game finished or not begun gives way to a link at once; a bad parameter changes nothing', () =>
  D.within('?opponent=human&seed=3', async ({ page }) => {
    await go(page, '?size=4');
    assert.equal(await offer(page), null, 'nothing was played: no question');
    assert.equal((await drawn(page)).pieces.split(' ').length, 37);
    await play(page, 3, rng(3));
    const side4 = await drawn(page);
    await go(page, '?size=5');
    assert.equal(await offer(page), null);
    assert.match(await page.textContent('#notice'), /size=5/);
    assert.deepEqual(await drawn(page), side4);
  }));

test('?lang=es over a 3-point match at 0-1: the match goes on, in Spanish', () =>
  D.within('?length=3&opponent=human&seed=5', async ({ page }) => {
    const random = rng(5);
    await play(page, 3, random);
    // Red gives the first game away: Blue leads 0-1
    await page.click('steere-game >> [data-action=resign]');
    await page.click('steere-game >> [data-action=confirm-resign]');
    await page.click('steere-game >> [data-action=next-game]');
    await play(page, 4, random);
    const match = await drawn(page);
    assert.match(match.score, /^3 2 0 1$/, match.score); // match to 3, game 2, Red 0, Blue 1
    await go(page, '?lang=es');
    assert.equal(await page.getAttribute('html', 'lang'), 'es');
    const es = await drawn(page);
    // the last dice said in Spanish, with the green die's arrow as before
    assert.match(es.dice, /^Dados: distancia \d, dirección \d; el balón va [a-z ]+ \| arrow$/, es.dice);
    assert.deepEqual({ ...es, dice: null }, { ...match, dice: null });
    assert.match(await page.textContent('steere-game >> .score'), /Match a 3/);
    assert.equal(await panel(page, 'length'), '3');
    assert.equal(await offer(page), null);
  }));

test('the win chances bar, the level and the language chosen survive links', () =>
  D.within('?size=4&seed=3&botdelay=0', async ({ page }) => {
    await page.check('[data-option=bar]');
    await page.selectOption('[data-option=level]', 'hard');
    await page.selectOption('#language', 'ru');
    for (const address of ['?game=zola', '?size=4&opponent=human', '', '?rows=1&size=4']) {
      await go(page, address);
      assert.ok(await page.isChecked('[data-option=bar]'), `the bar at ${address}`);
      await page.locator('.winbar').waitFor({ state: 'visible' });
      assert.equal(await panel(page, 'level'), 'hard', `the level at ${address}`);
      assert.equal(await page.getAttribute('html', 'lang'), 'ru', `the language at ${address}`);
    }
    // a new game against the computer from a link plays at the level chosen
    await go(page, '?game=zola&size=8');
    assert.equal(await page.getAttribute('steere-game', 'level'), 'hard');
  }));

test("Play on from an opened record asks first over a game in progress; the panel then shows the record's game (side 4, Rows 1)", () =>
  D.within('?opponent=human&seed=41', async ({ page }) => {
    const g = new Jokerball({ size: 4, rows: 1, seed: 40 });
    g.roll();
    const record = g.toRecord();
    g.free();
    await play(page, 5, rng(41));
    const mine = await drawn(page);
    const open = async () => {
      await page.click('[data-action=paste-record]');
      await page.fill('#paste-text', record);
      await page.click('#paste button[value=open]');
      await page.waitForSelector('#replay:not([hidden])');
    };
    await open();
    await page.click('[data-action=replay-play-on]');
    assert.ok(await page.isVisible('[data-confirm=play-on]'));
    assert.equal(
      await page.textContent('[data-confirm=play-on] p'),
      'A game is in progress. Abandon it and play on from this record?',
    );
    // keeping the game: the replay stays, the game is untouched
    await page.click('[data-action=play-on-keep]');
    assert.ok(await page.isHidden('[data-confirm=play-on]'));
    assert.ok(await page.isVisible('#replay'));
    await page.click('[data-action=replay-close]');
    assert.deepEqual(await drawn(page), mine);
    // abandoning it: the record's game is played here, and the panel shows its settings
    await open();
    await page.click('[data-action=replay-play-on]');
    await page.click('[data-action=play-on-abandon]');
    assert.ok(await page.isHidden('#replay'));
    const now = await drawn(page);
    assert.equal(now.pieces.split(' ').length, 37);
    assert.deepEqual(
      [await panel(page, 'size'), await panel(page, 'rows'), await panel(page, 'game')],
      ['4', '1', 'jokerball'],
    );
    // it is the game kept now: a reload finds it
    await page.reload();
    await ready(page);
    assert.deepEqual(await drawn(page), now);
    assert.deepEqual([await panel(page, 'size'), await panel(page, 'rows')], ['4', '1']);
    // nothing in progress: Play on replaces it without a question
    await page.click('[data-action=new-game]');
    await page.click('[data-action=abandon]').catch(() => {});
    await open();
    await page.click('[data-action=replay-play-on]');
    assert.ok(await page.isHidden('#replay'));
  }));

test("a match's link (?match=) over a local game in progress: the local game waits, and is there again after", () =>
  D.within('?size=4&opponent=human&seed=50', async ({ page }) => {
    await play(page, 5, rng(50));
    const local = await drawn(page);
    // served without the online server, the match cannot open; the local game is not touched
    await go(page, '?match=abc');
    await page.waitForSelector('section.online .problem:not([hidden])', { timeout: 20000 });
    await go(page, '');
    assert.deepEqual(await drawn(page), local);
  }));

test('a crash of the tab: the game is found as it was, saved after every move', async () => {
  const random = rng(60);
  const context = await D.browser.newContext();
  let { page, errors } = await newPage(context);
  await page.goto(`${D.base}/www/?size=4&opponent=human&seed=60`);
  await ready(page);
  for (let round = 0; round < 4; round++) {
    await play(page, 1 + round, random);
    const before = await drawn(page);
    // the renderer dies: no unload, no last save
    const cdp = await context.newCDPSession(page);
    const crashed = page.waitForEvent('crash');
    cdp.send('Page.crash').catch(() => {});
    await crashed;
    ({ page, errors } = await newPage(context));
    await page.goto(`${D.base}/www/`);
    await ready(page);
    assert.deepEqual(await drawn(page), before, `after round ${round}`);
    assert.deepEqual(errors, []);
  }
  await context.close();
});
