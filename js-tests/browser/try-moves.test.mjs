// Trying moves from a replay's position (www/try.js, issue 37), by clicks and keyboard, at 1280 and 390
// px, in English, Spanish and Russian: a replay opened, "Try moves" shows a copy of its position, the dice
// set by their controls and rolled, a move played on the copy, the win chances bar and the hint following
// the copy; "Back to the game" shows the replay again at the same step; the game and what the browser keeps
// are byte for byte as before, also after a reload in the middle of trying. Screenshots:
// test-output/try-moves-<lang>-<width>.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { demo, clickPlay, playGame, rng, outDir } from './helpers.mjs';
import es from '../../www/text-es.js';
import ru from '../../www/text-ru.js';

const D = demo();
const TRY = '#replay .try-board steere-board';
// the English of the page's texts is index.html's own
const EN = {
  try_open: 'Try moves',
  try_back: 'Back to the game',
  try_set: 'Set the dice',
  try_roll: 'Roll',
  try_distance: 'Distance die',
};
const WORDS = { en: EN, es, ru };

/** What a person sees of the page: the game's state and the browser's storage (to compare), and the try view. */
const seen = (page) =>
  page.evaluate((sel) => {
    const shownAt = (s) => {
      const e = document.querySelector(s);
      return (
        !!e && getComputedStyle(e).display !== 'none' && e.getBoundingClientRect().height > 0 && !e.closest('[hidden]')
      );
    };
    const board = document.querySelector(sel);
    const copy = board?.game;
    const width = (p) => document.querySelector(`.winbar [data-scope=game] .wb-${p}`).style.width;
    return {
      game: JSON.stringify(document.querySelector('#game').state),
      storage: JSON.stringify(
        Object.fromEntries(
          Object.keys(localStorage)
            .sort()
            .map((k) => [k, localStorage.getItem(k)]),
        ),
      ),
      trying: shownAt('#replay .rp-try'),
      replayBoard: shownAt('#replay .rp-board'),
      count: document.querySelector('.rp-count').textContent,
      bar: shownAt('.winbar') ? `${width('red')} ${width('blue')}` : null,
      barText: document.querySelector('.winbar [data-scope=game] .wb-num[data-player=red]').textContent,
      hintOn: shownAt('[data-action=hint]') && !document.querySelector('[data-action=hint]').disabled,
      hints: [...document.querySelectorAll('.hints li')].map((li) => li.textContent),
      hinted: board ? board.shadowRoot.querySelectorAll('[data-cell][data-hint]').length : 0,
      phase: copy?.phase ?? null,
      dice: copy?.dice ?? null,
      diceSaid: board?.shadowRoot.querySelector('[part=dice]')?.getAttribute('aria-label') ?? null,
      records: copy ? copy.history().length : null,
      targets: board
        ? [...board.shadowRoot.querySelectorAll('[data-target]')].map((e) => [e.dataset.cell, e.dataset.target])
        : [],
      focus: document.activeElement?.dataset.action ?? null,
      overflow: document.documentElement.scrollWidth - window.innerWidth,
      texts: Object.fromEntries(
        ['try-open', 'try-back', 'try-set', 'try-roll'].map((a) => [
          a,
          document.querySelector(`[data-action=${a}]`).textContent,
        ]),
      ),
      distance: document.querySelector('.try-dice label span').textContent,
    };
  }, TRY);

/** Waits until `f(seen)` holds (the analysis answers from its workers). */
async function until(page, f, what) {
  for (let i = 0; i < 300; i++) {
    const s = await seen(page);
    if (f(s)) return s;
    await page.waitForTimeout(50);
  }
  assert.fail(`never: ${what}`);
}

/** A move on the copy's board by clicks: a piece (or the ball) picked, then one of its destinations. */
async function playOnCopy(page) {
  const s = await seen(page);
  const move = s.targets.find(([, kind]) => kind === 'move');
  if (!move) {
    const [pick] = s.targets.find(([, kind]) => kind === 'select') ?? [];
    assert.ok(pick, `something to pick: ${JSON.stringify(s.targets)}`);
    await page.click(`${TRY} >> [data-cell="${pick}"]`);
  }
  const t = await seen(page);
  const [to] = t.targets.find(([, kind]) => kind === 'move') ?? [];
  assert.ok(to, `a destination: ${JSON.stringify(t.targets)}`);
  await page.click(`${TRY} >> [data-cell="${to}"]`);
}

for (const [lang, width] of [
  ['en', 1280],
  ['es', 390],
  ['ru', 1280],
  ['ru', 390],
]) {
  test(`try moves on a copy (${lang}, ${width} px): dice, a move, chances and hint; back at the same step; the game unchanged`, async () => {
    await D.within(
      `?opponent=human&seed=7&lang=${lang}`,
      async ({ page }) => {
        const w = WORDS[lang];
        await clickPlay(page, 18, rng(lang.length + width));
        const before = await seen(page);
        // the replay, by its button and the keys: the last position, then one back
        await page.click('[data-action=replay]');
        await page.waitForSelector('#replay:not([hidden])');
        await page.keyboard.press('End');
        await page.keyboard.press('ArrowLeft');
        const at = (await seen(page)).count;
        assert.match(at, /^\d+ \/ \d+$/);

        // Try moves, by the keyboard
        await page.focus('[data-action=try-open]');
        await page.keyboard.press('Enter');
        let s = await until(page, (x) => x.trying && x.bar, 'the copy with its chances');
        assert.ok(!s.replayBoard, 'the copy in place of the replay');
        assert.equal(s.focus, 'try-back');
        assert.deepEqual(s.texts, {
          'try-open': w.try_open,
          'try-back': w.try_back,
          'try-set': w.try_set,
          'try-roll': w.try_roll,
        });
        assert.equal(s.distance, w.try_distance);
        assert.equal(s.phase, 'roll', 'a turn start: the dice to set');
        assert.ok(!s.hintOn, 'no hint before the dice');
        assert.ok(s.overflow <= 0, `fits ${width} px`);
        // the arrows are the copy's board's now, not the replay's
        await page.keyboard.press('ArrowLeft');
        assert.equal((await seen(page)).count, at);

        // the dice chosen: 3 and 5, set by the button
        await page.selectOption('.try-distance', '3');
        await page.selectOption('.try-direction', '5');
        await page.click('[data-action=try-set]');
        s = await until(page, (x) => x.phase === 'man' && x.bar && x.bar !== before.bar, 'the dice set');
        assert.deepEqual(s.dice, { distance: 3, direction: 5 });
        assert.ok(s.diceSaid.includes('3') && s.diceSaid.includes('5'), s.diceSaid);
        const barDice = (await until(page, (x) => x.hintOn, 'the hint offered')).bar;

        // the hint for the copy: listed, and drawn on the copy's board
        await page.click('[data-action=hint]');
        s = await until(page, (x) => x.hints.length > 0 && x.hinted > 0, 'the hint');
        await page.locator('section.play').screenshot({ path: join(outDir, `try-moves-${lang}-${width}.png`) });

        // a move on the copy, by clicks: the chances follow it
        await playOnCopy(page);
        s = await until(page, (x) => x.phase !== 'man' && x.bar !== barDice, 'the chances after the move');
        assert.equal(s.hints.length, 0, 'the hint was of the position before');
        // through to the next turn's start, then the dice rolled
        for (let i = 0; i < 3 && s.phase !== 'roll'; i++) {
          await playOnCopy(page);
          s = await until(page, (x) => x.phase !== s.phase || x.records !== s.records, 'a move played');
        }
        assert.ok(['roll', 'over'].includes(s.phase), `the turn played through: ${s.phase}`);
        if (s.phase === 'roll') {
          await page.click('[data-action=try-roll]');
          s = await until(page, (x) => x.dice, 'the dice rolled');
          assert.ok(s.dice.distance >= 1 && s.dice.distance <= 6 && s.dice.direction >= 1 && s.dice.direction <= 6);
        }

        // back to the replay, at the same step
        await page.click('[data-action=try-back]');
        s = await seen(page);
        assert.ok(!s.trying && s.replayBoard);
        assert.equal(s.count, at);
        assert.equal(s.focus, 'try-open');
        assert.equal(s.bar, null, 'no bar over the replay');
        // the keys step the replay again
        await page.keyboard.press('ArrowLeft');
        assert.notEqual((await seen(page)).count, at);
        await page.click('[data-action=replay-close]');
        const after = await seen(page);
        assert.equal(after.game, before.game, 'the game unchanged');
        assert.equal(after.storage, before.storage, 'what the browser keeps unchanged');
      },
      { viewport: { width, height: 900 } },
    );
  });
}

test('a reload while trying shows the game as it was', async () => {
  await D.within(
    '?opponent=human&seed=8&size=4',
    async ({ page }) => {
      await clickPlay(page, 12, rng(8));
      const before = await seen(page);
      await page.click('[data-action=replay]');
      await page.keyboard.press('End');
      await page.click('[data-action=try-open]');
      await until(page, (x) => x.trying, 'trying');
      await page.selectOption('.try-distance', '2');
      await page.click('[data-action=try-set]');
      await until(page, (x) => x.phase === 'man', 'the dice set');
      await playOnCopy(page);
      await until(page, (x) => x.phase !== 'man', 'a move tried');
      await page.reload();
      await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
      await page.waitForFunction(() => document.querySelector('#game')?.game);
      const after = await seen(page);
      assert.equal(after.game, before.game, 'the game as it was');
      assert.equal(after.storage, before.storage);
      assert.ok(await page.isHidden('#replay'));
    },
    { viewport: { width: 1280, height: 900 } },
  );
});

test("a review's marked turn: the copy is the position the move was chosen in, with its dice; the game unchanged", async () => {
  await D.within(
    '?opponent=human&size=4&seed=11',
    async ({ page }) => {
      await playGame(page, { random: rng(2) });
      await page.locator('.rv-body').waitFor({ state: 'visible', timeout: 60000 });
      const before = await seen(page);
      // the first marked move (not a cube decision), opened in the replay
      const entry = await page.evaluate(() => {
        const b = [...document.querySelectorAll('.rv-marks button')].find((x) =>
          /^\d/.test(x.querySelector('.rec').textContent),
        );
        b.click();
        return { n: b.dataset.n, step: Number(b.dataset.step) };
      });
      await page.waitForSelector('#replay:not([hidden])');
      const record = await page.evaluate(
        (step) => document.querySelector(`#replay .rp-log li[data-record][data-step="${step}"]`).dataset.record,
        entry.step,
      );
      const at = (await seen(page)).count;
      await page.click('[data-action=try-open]');
      let s = await until(page, (x) => x.trying && x.bar && x.hintOn, 'the copy with its chances and hint');
      // the turn's dice, the move not yet played: the same choice to make again
      const [distance, direction] = record.split(' ')[0].split('/').map(Number);
      assert.deepEqual(s.dice, { distance, direction });
      assert.equal(s.phase, 'man');
      assert.equal(s.records, entry.step - 1);
      // the dice controls wait for the next turn's start
      assert.ok(await page.locator('[data-action=try-set]').isDisabled());
      await page.keyboard.press('Tab');
      await page.click('[data-action=hint]');
      s = await until(page, (x) => x.hints.length > 0 && x.hinted > 0, 'the hint');
      await playOnCopy(page);
      await until(page, (x) => x.phase !== 'man', 'another move tried');
      await page.click('[data-action=try-back]');
      s = await seen(page);
      assert.equal(s.count, at);
      assert.ok(s.replayBoard && !s.trying);
      await page.click('[data-action=replay-close]');
      const after = await seen(page);
      assert.equal(after.game, before.game);
      assert.equal(after.storage, before.storage);
    },
    { viewport: { width: 1280, height: 900 } },
  );
});
