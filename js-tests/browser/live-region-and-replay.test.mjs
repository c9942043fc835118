// What a new player found (issue 35), each checked as seen or heard: a match's link on the demo server (no
// online server) shows no empty link box and names no fixed address, also in the panel's note; the live
// region says each move in words, once, and the winner after the move that won; the replay's log keeps each
// record on one line ("2/6 b4xc4, no ball move"); a reviewed turn opened in the replay draws the best move
// on the position it was chosen in; desktop and phone, en, es, ru. Screenshots: live-region-and-replay-*.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { demo, outDir, playGame, rng, ready } from './helpers.mjs';

const D = demo();

const NEEDS = {
  en: /start it with make online, then open this page at the address it prints/,
  es: /abre esta página en la dirección que indica/,
  ru: /откройте эту страницу по адресу/,
};

for (const [lang, viewport] of [
  ['en', { width: 1280, height: 900 }],
  ['es', { width: 390, height: 844 }],
  ['ru', { width: 390, height: 844 }],
]) {
  test(`?match= on the demo server (${lang}, ${viewport.width} px): the reason said, no empty link box, no fixed address`, () =>
    D.within(`?match=abc123&lang=${lang}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.waitForFunction(() => document.querySelector('.online .problem:not([hidden])'));
      const seen = await page.evaluate(() => {
        const shown = (e) =>
          !!e &&
          !e.closest('[hidden]') &&
          getComputedStyle(e).display !== 'none' &&
          e.getBoundingClientRect().height > 0;
        return {
          problem: document.querySelector('.online .problem').textContent,
          invite: shown(document.querySelector('.online .invite')),
          copy: shown(document.querySelector('.online [data-action=copy]')),
        };
      });
      assert.match(seen.problem, NEEDS[lang]);
      assert.doesNotMatch(seen.problem, /localhost:8000/);
      assert.deepEqual([seen.invite, seen.copy], [false, false], 'no link box and no Copy without a match');
      // the panel's note with "online" chosen says the same
      await page.selectOption('[data-option=opponent]', 'online');
      await page.waitForFunction(() => document.querySelector('[data-online-note]')?.dataset.ok === 'false');
      const note = await page.textContent('[data-online-note]');
      assert.match(note, NEEDS[lang]);
      assert.doesNotMatch(note, /localhost:8000/);
      await page.screenshot({ path: join(outDir, `live-region-and-replay-match-${lang}.png`) });
    }));
}

// What a screen reader is given: the text of each live region of the game (through its shadow roots) as it
// stands once a task has changed it, in order.
const HEAR = `<script>window.heard = [];
customElements.whenDefined('steere-game').then(() => {
  const g = document.querySelector('steere-game');
  const roots = [g.shadowRoot, g.shadowRoot.querySelector('steere-board').shadowRoot];
  const live = '[aria-live], [role=status], [role=alert], [role=log]';
  const o = new MutationObserver((records) => {
    const changed = new Set(records.map((r) => (r.target.nodeType === 1 ? r.target : r.target.parentElement).closest(live)).filter(Boolean));
    for (const e of changed) if (!e.closest('[hidden]') && e.textContent) window.heard.push({ cls: e.className, text: e.textContent });
  });
  for (const r of roots) o.observe(r, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['hidden'] });
});
</script>`;

// each language's words for a move: '<player>: <piece> <cell> <to a cell | into the goal>[, capturing]'
const MOVE = {
  en: /^(Red|Blue): (man|ball) [a-g]\d (to [a-g]\d|into the goal)(, capturing)?/,
  es: /^(Rojo|Azul): (ficha|balón) [a-g]\d (a [a-g]\d|a la portería)(, con captura)?/,
  ru: /^(Красные|Синие): (фишка|мяч) [a-g]\d (на [a-g]\d|в ворота)(, со взятием)?/,
};
const GOAL = { en: 'into the goal', es: 'a la portería', ru: 'в ворота' };

for (const [lang, viewport] of [
  ['en', { width: 1280, height: 900 }],
  ['es', { width: 390, height: 844 }],
  ['ru', { width: 390, height: 844 }],
]) {
  test(`the live region (${lang}, ${viewport.width} px): each move in words and once, the winner after the move that won`, async () => {
    const { context, page, errors } = await D.element(
      `<steere-game game="jokerball" size="4" opponent="human" seed="3" animation="0" lang="${lang}"></steere-game>`,
      { head: HEAR, viewport },
    );
    await page.waitForFunction(() => document.querySelector('steere-game').game);
    const { winner } = await playGame(page, { random: rng(5) });
    const heard = await page.evaluate(() => window.heard);
    const won = await page.$eval('steere-game >> .winner', (e) => e.textContent);
    // no move said in notation ('a2-b2', 'b4>off', 'c3xd4')
    for (const h of heard) assert.doesNotMatch(h.text, /[a-g]\d[->x]([a-g]\d|off)/, h.text);
    const said = heard.filter((h) => MOVE[lang].test(h.text));
    assert.ok(said.length > 5, `moves said: ${said.length}`);
    // once each: no announcement repeats the one before it in the same region
    for (let i = 1; i < heard.length; i++)
      assert.ok(
        heard[i].text !== heard[i - 1].text || heard[i].cls !== heard[i - 1].cls,
        `said twice: ${heard[i].text}`,
      );
    // the winner is said once, in the same words as the move that won and after it
    const told = heard.filter((h) => h.text.includes(won));
    assert.equal(told.length, 1, JSON.stringify(told));
    assert.match(told[0].text, MOVE[lang]);
    assert.ok(told[0].text.includes(GOAL[lang]) && told[0].text.endsWith(`. ${won}`), told[0].text);
    assert.ok(['red', 'blue'].includes(winner));
    await page.screenshot({ path: join(outDir, `live-region-and-replay-live-${lang}.png`) });
    assert.deepEqual(errors, []);
    await context.close();
  });
}

const NO_BALL = { en: 'no ball move', es: 'sin mover el balón', ru: 'без хода мячом' };

for (const [lang, width] of [
  ['en', 1280],
  ['es', 1280],
  ['es', 390],
  ['ru', 390],
]) {
  test(`the replay's log (${lang}, ${width} px): each record on one line, "${NO_BALL[lang]}" unbroken, nothing cut`, async () => {
    const { context, page, errors } = await D.open(`?size=4&opponent=human&seed=3&lang=${lang}`, {
      width,
      height: 900,
    });
    await page.waitForFunction(() => document.querySelector('#game')?.game);
    await ready(page);
    await playGame(page, { random: rng(5) });
    await page.click('[data-action=replay]');
    await page.waitForSelector('.rp-log li[data-record]');
    // (a line the review marked carries its comment on a row of its own below it: the record's own rows
    // are the line's less that comment's)
    const lines = await page.$$eval('.rp-log li[data-record]', (lis) =>
      lis.map((li) => {
        const comment = li.querySelector('.rp-comment');
        const below = comment ? comment.getBoundingClientRect().height : 0;
        return {
          text: li.textContent,
          rows: (li.getBoundingClientRect().height - below) / parseFloat(getComputedStyle(li).lineHeight),
          cut:
            li.scrollWidth > li.clientWidth + 1 || (comment !== null && comment.scrollWidth > comment.clientWidth + 1),
        };
      }),
    );
    assert.ok(
      lines.some((l) => l.text.includes(NO_BALL[lang])),
      'this seeded game has a ball move skipped',
    );
    for (const l of lines)
      assert.ok(l.rows < 1.5 && !l.cut, `${l.text}: ${l.rows.toFixed(1)} lines${l.cut ? ', cut' : ''}`);
    assert.equal(
      await page.$eval('.rp-log', (ol) => ol.scrollWidth <= ol.clientWidth + 1),
      true,
      'no sideways scrolling',
    );
    await page
      .locator('#replay')
      .screenshot({ path: join(outDir, `live-region-and-replay-replay-${lang}-${width}.png`) });
    assert.deepEqual(errors, []);
    await context.close();
  });
}

for (const [lang, width] of [
  ['en', 1280],
  ['es', 390],
  ['ru', 390],
]) {
  test(`a reviewed turn in the replay (${lang}, ${width} px): the best move drawn on the position before the move, with its dice`, async () => {
    const { context, page, errors } = await D.open(`?size=4&opponent=human&seed=3&level=easy&lang=${lang}`, {
      width,
      height: 900,
    });
    await page.waitForFunction(() => document.querySelector('#game')?.game);
    await playGame(page, { random: rng(5) });
    await page.locator('.rv-marks button').first().waitFor({ timeout: 60000 });
    const step = Number(await page.locator('.rv-marks button').first().getAttribute('data-step'));
    await page.locator('.rv-marks button').first().click();
    await page.locator('#replay').waitFor({ state: 'visible' });
    await page.waitForFunction(() =>
      document.querySelector('#replay steere-board')?.shadowRoot.querySelector('[data-hint]'),
    );
    const seen = await page.evaluate((step) => {
      const root = document.querySelector('#replay steere-board').shadowRoot;
      const cells = [...root.querySelectorAll('[data-cell]')];
      const drawn = cells
        .map((c) => `${c.dataset.cell}${c.querySelector('[data-piece]')?.dataset.piece ?? ''}`)
        .join(' ');
      // the engine's positions before and after the record, and the dice it was played with
      const game = document.querySelector('#game').game;
      const text = (g) => {
        const b = g.board();
        const at = new Map([...b.men.map((m) => [m.cell, m.player]), [b.ball, 'ball']]);
        const out = cells.map((c) => `${c.dataset.cell}${at.get(c.dataset.cell) ?? ''}`).join(' ');
        const dice = g.view().lastDice;
        g.free();
        return { out, dice };
      };
      const before = text(game.replayTo(step - 1));
      const after = text(game.replayTo(step));
      return {
        drawn,
        before: before.out,
        after: after.out,
        dice: root.querySelector('[part=dice]').getAttribute('aria-label'),
        turnDice: after.dice,
        hinted: cells.filter((c) => c.hasAttribute('data-hint')).map((c) => !!c.querySelector('[data-piece]')),
        played: cells.filter((c) => c.hasAttribute('data-last')).length,
        count: document.querySelector('.rp-count').textContent,
      };
    }, step);
    assert.notEqual(seen.before, seen.after);
    assert.equal(seen.drawn, seen.before, 'the position the move was chosen in');
    assert.ok(seen.hinted.some(Boolean), 'the best move starts from a piece drawn');
    assert.ok(seen.played > 0, 'the move played drawn too');
    assert.ok(
      seen.dice.includes(String(seen.turnDice.distance)) && seen.dice.includes(String(seen.turnDice.direction)),
      seen.dice,
    );
    assert.match(seen.count, new RegExp(`^${step} / `));
    await page
      .locator('#replay')
      .screenshot({ path: join(outDir, `live-region-and-replay-best-${lang}-${width}.png`) });
    assert.deepEqual(errors, []);
    await context.close();
  });
}
