// Two tabs of one browser (issue 35): two pages of one context share the games kept (localStorage). A tab
// never writes over a game that the other saved after it read it: the one that played from a position the
// other had played on says so above its game (seen: its box and text, in the page's language) and goes on
// with a copy of its own; the other's game stays; a reload of either finds the game it had, in both orders
// of play; the notice's button shows the other tab's game. A new game in a second tab does not take the
// first tab's place either. Desktop and phone width, en, es, ru. Screenshots: tabs-*.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { demo, ready, newPage, rng, outDir, clickPlay, demoGame } from './helpers.mjs';

const D = demo();

const TEXT = {
  en: {
    newer: /played on in another tab since this page opened it\. A move played here goes on in a copy/,
    copy: /your move went into a copy of its own/,
    show: "Show the other tab's game",
  },
  es: {
    newer: /se ha seguido jugando en otra pestaña/,
    copy: /tu jugada pasó a una copia propia/,
    show: 'Ver la partida de la otra pestaña',
  },
  ru: {
    newer: /продолжили в другой вкладке после того, как открылась эта страница\. Ход/,
    copy: /ваш ход сохранён в отдельной копии/,
    show: 'Показать партию другой вкладки',
  },
};

/**
 * The notice about the other tab as seen: its text, its button's text, and whether both are on the screen within the
 * page's width.
 */
const notice = (page) =>
  page.evaluate(() => {
    const box = document.querySelector('#tabs');
    const b = box.querySelector('button');
    const r = box.getBoundingClientRect();
    const rb = b.getBoundingClientRect();
    const seen =
      getComputedStyle(box).display !== 'none' &&
      getComputedStyle(box).visibility === 'visible' &&
      r.width > 0 &&
      r.height > 0;
    return seen
      ? {
          text: box.querySelector('p').textContent,
          button: b.textContent,
          fits: r.right <= innerWidth + 0.5 && rb.right <= r.right + 0.5 && rb.height > 10,
        }
      : null;
  });

async function page(context, address, viewport) {
  const { page, errors } = await newPage(context);
  if (viewport) await page.setViewportSize(viewport);
  await page.goto(`${D.base}/www/${address}`);
  await ready(page);
  return { page, errors };
}

async function reload(page) {
  await page.reload();
  await ready(page);
}

for (const [order, lang, viewport] of [
  ['the first tab plays on first', 'en', null],
  ['the second tab plays on first', 'ru', { width: 390, height: 844 }],
]) {
  test(`two tabs on one game, ${order} (${lang}${viewport ? ', phone' : ''}): nothing is overwritten, each reload finds its game`, async () => {
    const context = await D.browser.newContext();
    const random = rng(order.length + lang.length);
    const t = TEXT[lang];
    try {
      const one = await page(context, `?opponent=human&seed=61&lang=${lang}`, viewport);
      await clickPlay(one.page, 5, random);
      const start = await demoGame(one.page);
      // the second tab opens the demo's own address: the game the first tab kept
      const two = await page(context, `?lang=${lang}`, viewport);
      assert.deepEqual(await demoGame(two.page), start);
      assert.equal(await notice(two.page), null);
      // one tab plays on; the other, still on the position both read, plays from it afterwards
      const [first, second] = order.startsWith('the first') ? [one, two] : [two, one];
      await clickPlay(first.page, 4, random);
      const firstGame = await demoGame(first.page);
      assert.notDeepEqual(firstGame.state, start.state);
      // told at once, before playing
      await second.page.waitForFunction(() => !document.querySelector('#tabs').hidden);
      const told = await notice(second.page);
      assert.match(told.text, t.newer);
      assert.equal(told.button, t.show);
      assert.ok(told.fits, 'the notice fits the page');
      assert.deepEqual(await demoGame(second.page), start, 'the tab keeps showing its own game');
      await clickPlay(second.page, 3, random);
      const secondGame = await demoGame(second.page);
      assert.match((await notice(second.page)).text, t.copy);
      await second.page.screenshot({ path: join(outDir, `tabs-${lang}${viewport ? '-phone' : ''}.png`) });
      assert.equal(await notice(first.page), null, 'the tab that played on first is not told anything');
      // each reload finds the game it had
      await reload(first.page);
      assert.deepEqual(await demoGame(first.page), firstGame);
      await reload(second.page);
      assert.deepEqual(await demoGame(second.page), secondGame);
      // both play on after the reloads, and again each keeps its own
      await clickPlay(first.page, 2, random);
      await clickPlay(second.page, 2, random);
      const [a, b] = [await demoGame(first.page), await demoGame(second.page)];
      await reload(first.page);
      await reload(second.page);
      assert.deepEqual([await demoGame(first.page), await demoGame(second.page)], [a, b]);
      assert.deepEqual(first.errors, []);
      assert.deepEqual(second.errors, []);
    } finally {
      await context.close();
    }
  });
}

test("the notice offers the other tab's game, and a new game in a second tab leaves the first tab's game in place (es, phone)", async () => {
  const context = await D.browser.newContext();
  const random = rng(35);
  const phone = { width: 390, height: 844 };
  try {
    const one = await page(context, '?opponent=human&seed=62&lang=es', phone);
    await clickPlay(one.page, 4, random);
    const two = await page(context, '', phone);
    await clickPlay(two.page, 3, random);
    const twos = await demoGame(two.page);
    await clickPlay(one.page, 3, random);
    const told = await notice(one.page);
    assert.match(told.text, TEXT.es.copy);
    assert.equal(told.button, TEXT.es.show);
    assert.ok(told.fits, 'the notice fits the page');
    await one.page.screenshot({ path: join(outDir, 'tabs-es-phone.png') });
    const ones = await demoGame(one.page);
    // the notice's button: the other tab's game, shown here (and this tab's copy kept in storage)
    await Promise.all([one.page.waitForEvent('load'), one.page.click('[data-action=tabs-show]')]);
    await ready(one.page);
    // (the state compared: this tab speaks Spanish, the other the browser's language)
    assert.equal((await demoGame(one.page)).state, twos.state);
    assert.equal(await notice(one.page), null);
    // a side-4 game started in the second tab (it asks first: a game is in progress), played, reloaded
    await two.page.selectOption('[data-option=size]', '4');
    await two.page.click('#settings [type=submit]');
    await two.page.click('[data-confirm=abandon] [data-action=abandon]');
    await two.page.waitForFunction(
      () =>
        document
          .querySelector('#game')
          .shadowRoot.querySelector('steere-board')
          .shadowRoot.querySelectorAll('[data-cell]').length === 37,
    );
    await clickPlay(two.page, 3, random);
    const side4 = await demoGame(two.page);
    await reload(two.page);
    assert.deepEqual(await demoGame(two.page), side4);
    // the first tab's game (the one it adopted) is still its own after a reload, not the side-4 game
    await reload(one.page);
    assert.equal((await demoGame(one.page)).state, twos.state);
    // a third tab opens the game saved last
    const three = await page(context, '', phone);
    assert.equal((await demoGame(three.page)).state, side4.state);
    assert.notDeepEqual(ones.state, twos.state);
    for (const p of [one, two, three]) assert.deepEqual(p.errors, []);
  } finally {
    await context.close();
  }
});
