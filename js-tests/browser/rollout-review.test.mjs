// Roll out in the review (issue 37 point 3): a marked Jokerball turn opened in the replay rolls out the
// candidates it lists (the move played among them), a cube decision of a match its three actions, by the
// page's own rollout bot, with a progress bar and a live line, a Stop that cancels and leaves the panel
// usable, and then each choice's chance with its ± (half the 95% interval), best first, the move played
// marked and the choices too close to the best to call said so. The numbers are checked against the
// engine's own rollout in Node with the settings the page says. Leaving the mark, closing the replay or
// reloading the page in the middle leaves it working. Zola has no Roll out. At 1280 px and 390 px, in en,
// es and ru, by clicks and by keyboard. Screenshots: rollout-review-*.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { Jokerball, Match, Bot } from '../../pkg/node.js';
import { cubeMatch, zolaGame } from './matches.mjs';
import { demo, ready, outDir, pct1 } from './helpers.mjs';
import en from '../../www/text-en.js';
import es from '../../www/text-es.js';
import ru from '../../www/text-ru.js';
import { LANGS } from '../../pkg/lang.js';

const D = demo();
const WIDE = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
// the settings the page says it rolls out with (its line under the button, checked below)
const SETTINGS = { trials: 2592, truncate: 10, player: 'easy', varianceReduction: false, seed: 1 };
// each language's words: the page's own, then the package's (as the page looks them up); English's button
// words are index.html's own
const WORDS = {
  en: { ...LANGS.en, ...en, rp_roll: 'Roll out', rp_rollStop: 'Stop' },
  es: { ...LANGS.es, ...es },
  ru: { ...LANGS.ru, ...ru },
};
const fill = (text, vars) => text.replace(/\{(\w+)\}/g, (_, k) => String(vars[k]));

const pm = (e, lang) => fill(WORDS[lang].rp_rollWin, { win: pct1(e.win, lang), half: pct1(1.96 * e.se, lang) });
const num = (x, lang) => new Intl.NumberFormat(lang).format(x);
const link = (text, query) => `${query}#record=${deflateRawSync(Buffer.from(text)).toString('base64url')}`;

/** A finished side-4 game played in Node by two bots, every fifth turn the first legal turn (so some are marked). */
function markedGame() {
  const g = new Jokerball({ size: 4, seed: 7 });
  const bots = [new Bot({ level: 'easy', seed: 3 }), new Bot({ level: 'easy', seed: 4 })];
  for (let n = 0; g.phase !== 'over' && n < 2000; n++) {
    if (g.phase === 'roll') g.roll();
    else if (g.phase === 'man' && n % 5 === 1) {
      const [man, ball] = g.legalTurns()[0].split(' ');
      if (man !== '-') g.play(man);
      if (g.phase === 'ball' && ball !== '-') g.play(ball);
    } else g.play(bots[n % 2].chooseMove(g));
  }
  for (const b of bots) b.free();
  assert.equal(g.phase, 'over');
  const review = new Bot({ level: 'easy' }).review(g);
  return { g, text: g.toRecord(), review };
}

/**
 * The candidates the page lists for review entry `e` of `g` (the best four of the hint at `level` and the
 * move played, ranked by the review's chance for it) and the engine's rollout of them in Node.
 */
function expectedTurn(g, e, level) {
  const first = g.view().log[0].player;
  const at = Jokerball.replay(g.history().slice(0, e.index - 1), { size: 4, first });
  const after = g.replayTo(e.index);
  const { lastDice: d, lastMove } = after.view();
  at.setDice(d.distance, d.direction);
  const bot = new Bot({ level });
  const list = bot
    .hint(at)
    .map((h) => (JSON.stringify(h.cells) === JSON.stringify(lastMove.cells) ? { ...h, win: e.win, played: true } : h))
    .sort((a, b) => b.win - a.win);
  const rank = list.findIndex((h) => h.played);
  const shown = [...list.slice(0, 4), ...(rank >= 4 ? [list[rank]] : [])];
  const result = bot.rollout(at, { ...SETTINGS, candidates: shown.map((h) => h.move) });
  for (const x of [at, after, bot]) x.free();
  return { played: list[rank].move, result };
}

/** What the rollout part of the replay shows. */
const rollShown = (page) =>
  page.evaluate(() => {
    const r = document.querySelector('.rp-roll');
    const seen = (s) => {
      const e = r.querySelector(s);
      return !!e && e.checkVisibility();
    };
    return {
      seen: r.checkVisibility(),
      go: seen('[data-action=rollout]') && !r.querySelector('[data-action=rollout]').disabled,
      stop: seen('[data-action=rollout-stop]'),
      progress: seen('.rp-roll-progress'),
      how: r.querySelector('.rp-roll-how').textContent,
      status: r.querySelector('.rp-roll-status').textContent,
      live: r.querySelector('.rp-roll-status').getAttribute('role'),
      rows: [...r.querySelectorAll('.rp-roll-list li')].map((li) => ({
        move: li.dataset.move,
        pc: li.querySelector('.pc').textContent,
        played: li.hasAttribute('data-played'),
        close: li.hasAttribute('data-close'),
        tag: li.querySelector('.tag').textContent,
        bg: getComputedStyle(li).backgroundColor,
      })),
      cube: [...r.querySelectorAll('.rp-roll-cube tr')].map((tr) => [
        tr.dataset.cube,
        tr.querySelector('th').textContent,
        tr.querySelector('.pc').textContent,
        tr.hasAttribute('data-right'),
        tr.hasAttribute('data-taken'),
      ]),
      caption: r.querySelector('.rp-roll-cube caption')?.textContent ?? null,
      verdict: r.querySelector('.rp-roll-verdict')?.textContent ?? null,
    };
  });

/** Nothing wider than the window, and the rollout's rows inside the page. */
async function fits(page) {
  const r = await page.evaluate(() => {
    const boxes = [
      ...document.querySelectorAll('.rp-roll, .rp-roll li, .rp-roll tr, .rp-roll button, .rp-roll progress'),
    ]
      .filter((e) => e.checkVisibility())
      .map((e) => e.getBoundingClientRect().right);
    const box = document.querySelector('.rp-roll');
    return {
      page: document.documentElement.scrollWidth,
      width: innerWidth,
      right: Math.max(0, ...boxes),
      roll: [box.scrollWidth, box.clientWidth],
    };
  });
  assert.ok(r.page <= r.width, `no sideways scrolling: ${JSON.stringify(r)}`);
  assert.ok(r.right <= r.width + 0.5, `every row on the screen: ${JSON.stringify(r)}`);
  assert.ok(r.roll[0] <= r.roll[1] + 1, `the rollout fits its box: ${JSON.stringify(r)}`);
}

/** Opens the review of the record shown in the replay and waits for it. */
async function reviewHere(page) {
  await page.focus('[data-action=replay-review]');
  await page.keyboard.press('Enter');
  await page.locator('.rv-body').waitFor({ state: 'visible', timeout: 120000 });
}

/** Starts a rollout by keyboard (focus and Enter) and waits until trials are being played. */
async function start(page) {
  await page.focus('[data-action=rollout]');
  await page.keyboard.press('Enter');
  await page.waitForFunction(
    () => {
      const p = document.querySelector('.rp-roll-progress progress');
      return p.checkVisibility() && p.value > 0 && p.value < p.max;
    },
    null,
    { timeout: 60000 },
  );
}

/**
 * Waits for the rollout to end (Roll out usable again) and checks it ended with its numbers (else says the line shown).
 */
async function done(page) {
  await page.waitForFunction(() => !document.querySelector('[data-action=rollout]').disabled, null, {
    timeout: 120000,
  });
  const status = await page.locator('.rp-roll-status').textContent();
  assert.equal(await page.locator('.rp-roll-verdict').count(), 1, `the rollout's numbers (the line says: ${status})`);
}

for (const [lang, viewport, name] of [
  ['en', WIDE, 'wide'],
  ['es', PHONE, 'phone'],
  ['ru', PHONE, 'phone'],
]) {
  test(`a marked turn (${lang}, ${viewport.width} px): Roll out shows progress, then every candidate with its ±, the move played marked; Stop cancels and the button works again`, async () => {
    const words = WORDS[lang];
    const { g, text, review } = markedGame();
    const i = review.turns.findIndex((e) => e.mark);
    assert.ok(i >= 0, 'a marked turn');
    const e = review.turns[i];
    const want = expectedTurn(g, e, 'easy');
    const { context, page, errors } = await D.open(link(text, `?lang=${lang}&opponent=human&level=easy`), viewport);
    try {
      await page.waitForSelector('#replay:not([hidden])');
      await reviewHere(page);
      await page.click(`.rv-marks button[data-turn="${i}"]`);
      await page.locator('.rp-cands li').first().waitFor({ timeout: 60000 });
      let s = await rollShown(page);
      assert.equal(s.seen && s.go && !s.stop && !s.progress, true, JSON.stringify(s));
      assert.equal(
        s.how,
        fill(words.rp_rollHow, { trials: num(SETTINGS.trials, lang), turns: SETTINGS.truncate }),
        'the settings said',
      );
      assert.equal(await page.locator('[data-action=rollout]').textContent(), words.rp_roll);

      // Roll out by keyboard: a progress bar with done / total and the live line, then Stop by a click
      await start(page);
      s = await rollShown(page);
      assert.equal(s.go, false, 'no second press while it runs');
      assert.equal(await page.locator('[data-action=rollout]').isDisabled(), true);
      assert.equal(s.stop && s.progress, true);
      assert.equal(s.live, 'status');
      assert.equal(s.status, words.rp_rollRunning);
      assert.match(
        await page.locator('.rp-roll-count').textContent(),
        new RegExp(`${num(SETTINGS.trials, lang).replace(/\s/g, '\\s')}`),
      );
      await page.locator('.rp-roll-progress').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(outDir, `rollout-review-progress-${lang}-${name}.png`) });
      await page.click('[data-action=rollout-stop]');
      await page.waitForFunction(() => !document.querySelector('[data-action=rollout]').disabled);
      s = await rollShown(page);
      assert.equal(s.stop || s.progress, false, 'Stop and the bar gone');
      assert.equal(s.rows.length, 0, 'no numbers from a stopped rollout');
      assert.match(s.status, new RegExp(`^${words.rp_rollStopped.split('{')[0]}`), s.status);
      assert.equal(
        await page.evaluate(() => document.activeElement?.dataset.action),
        'rollout',
        'the focus back on Roll out',
      );

      // again, to the end (Enter on the focused button)
      await page.keyboard.press('Enter');
      await done(page);
      s = await rollShown(page);
      assert.equal(s.status, fill(words.rp_rollDone, { trials: num(SETTINGS.trials, lang) }));
      const best = want.result.entries[0];
      const close = (x) => x !== best && x.high >= best.low;
      assert.deepEqual(
        s.rows.map((r) => [r.move, r.pc, r.played, r.close]),
        want.result.entries.map((x) => [x.move, pm(x, lang), x.move === want.played, close(x)]),
        'each candidate with its chance and ±, best first, as the engine rolls them out',
      );
      assert.equal(s.rows.filter((r) => r.played).length, 1, 'the move played among them');
      const played = s.rows.find((r) => r.played);
      assert.ok(played.tag.includes(words.rp_candPlayed));
      assert.ok(
        s.rows.filter((r) => !r.played).every((r) => r.bg !== played.bg),
        'the move played highlighted',
      );
      for (const r of s.rows.filter((x) => x.close)) assert.ok(r.tag.includes(words.rp_rollClose), r.tag);
      const lead = (await page.locator('.rp-roll-list li .mv').first().textContent()).trim();
      assert.equal(
        s.verdict,
        fill(want.result.entries.some(close) ? words.rp_rollBestClose : words.rp_rollBestClear, { move: lead }),
      );
      await fits(page);
      await page.locator('.rp-roll').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(outDir, `rollout-review-turn-${lang}-${name}.png`) });

      // stepping off the mark takes the rollout away; the mark opened again has none until asked
      await page.click('[data-action=replay-forward]');
      assert.equal(await page.locator('.rp-roll').isVisible(), false);
      assert.deepEqual(errors, []);
    } finally {
      g.free();
      await context.close();
    }
  });
}

test('closing the replay, opening another mark or reloading during a rollout leaves the page working (1280 px, en)', async () => {
  const { g, text, review } = markedGame();
  const marked = review.turns.map((e, i) => [e, i]).filter(([e]) => e.mark);
  assert.ok(marked.length > 1, 'two marked turns');
  const { context, page, errors } = await D.open(link(text, '?lang=en&opponent=human&level=easy'), WIDE);
  try {
    await page.waitForSelector('#replay:not([hidden])');
    await reviewHere(page);
    const open = async ([, i]) => {
      await page.click(`.rv-marks button[data-turn="${i}"]`);
      await page.locator('.rp-cands li').first().waitFor({ timeout: 60000 });
    };
    const ready0 = (s) =>
      assert.deepEqual(
        [s.go, s.stop, s.progress, s.status, s.rows.length],
        [true, false, false, '', 0],
        JSON.stringify(s),
      );
    // a reload in the middle (the record's link still the address): the page comes back, the mark ready
    await open(marked[0]);
    await start(page);
    await page.reload();
    await ready(page);
    await page.waitForSelector('#replay:not([hidden])');
    await reviewHere(page);
    await open(marked[0]);
    ready0(await rollShown(page));
    // another mark opened in the middle: its own panel, ready, nothing of the first
    await start(page);
    await open(marked[1]);
    ready0(await rollShown(page));
    // the replay closed in the middle, then the mark opened again from the review: ready, and it rolls out to the end
    await start(page);
    await page.click('[data-action=replay-close]');
    assert.equal(await page.locator('#replay').isVisible(), false);
    await open(marked[1]);
    ready0(await rollShown(page));
    await page.click('[data-action=rollout]');
    await done(page);
    const s = await rollShown(page);
    assert.ok(s.rows.length >= 2 && s.rows.some((r) => r.played), JSON.stringify(s.rows));
    assert.deepEqual(errors, []);
  } finally {
    g.free();
    await context.close();
  }
});

for (const [lang, viewport, name] of [
  ['en', WIDE, 'wide'],
  ['ru', PHONE, 'phone'],
]) {
  test(`a cube decision (${lang}, ${viewport.width} px): Roll out shows the three actions with their ± and the right one`, async () => {
    const words = WORDS[lang];
    const { text, review } = cubeMatch('easy');
    const i = review.turns.findIndex((e) => e.mark && e.record === 'double' && e.game === 1 && e.index === 1);
    assert.ok(i >= 0, 'the opening double is marked');
    // the decision's position: the match's start, Red to roll, as the engine rolls it out in Node
    const at = new Match({ game: 'jokerball', length: 3, cube: true, jokerball: { size: 4 } });
    const want = new Bot().rollout(at, { ...SETTINGS, cube: true });
    at.free();
    const by = Object.fromEntries(want.entries.map((x) => [x.move, x]));
    const answer = by['double-take'].win <= by['double-drop'].win ? by['double-take'] : by['double-drop'];
    const right = answer.win > by['no-double'].win ? answer : by['no-double'];
    const { context, page, errors } = await D.open(link(text, `?lang=${lang}&opponent=human&level=easy`), viewport);
    try {
      await page.waitForSelector('#replay:not([hidden])');
      await reviewHere(page);
      await page.locator(`.rv-marks button[data-turn="${i}"]`).scrollIntoViewIfNeeded();
      await page.click(`.rv-marks button[data-turn="${i}"]`);
      await page.locator('.rp-cube').waitFor();
      await page.click('[data-action=rollout]');
      await done(page);
      const s = await rollShown(page);
      const names = { 'no-double': 'rp_cubeNd', 'double-take': 'rp_cubeDt', 'double-drop': 'rp_cubeDp' };
      assert.deepEqual(
        s.cube,
        ['no-double', 'double-take', 'double-drop'].map((k) => [
          k,
          words[names[k]],
          pm(by[k], lang),
          by[k] === right,
          k === 'double-take',
        ]),
        'the three actions with their ±, the right one by the rollout, the one chosen (a double taken)',
      );
      assert.equal(s.caption, fill(words.rp_rollCubeOf, { player: words.red }));
      const other = right === by['no-double'] ? answer : by['no-double'];
      const closeCall = right.low <= other.high;
      assert.equal(
        s.verdict,
        fill(closeCall ? words.rp_rollCubeClose : words.rp_rollCubeRight, { action: words[names[right.move]] }),
      );
      await fits(page);
      await page.locator('.rp-roll').evaluate((d) => d.scrollIntoView({ block: 'end' }));
      await page.screenshot({ path: join(outDir, `rollout-review-cube-${lang}-${name}.png`) });
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
}

test('Zola has no dice: a marked Zola move has no Roll out (1280 px)', async () => {
  const { text, review } = zolaGame();
  const i = review.turns.findIndex((e) => e.mark && e.record !== 'swap');
  const { context, page, errors } = await D.open(link(text, '?opponent=human&level=easy'), WIDE);
  try {
    await page.waitForSelector('#replay:not([hidden])');
    await reviewHere(page);
    await page.click(`.rv-marks button[data-turn="${i}"]`);
    await page.locator('.rp-cands li').first().waitFor({ timeout: 60000 });
    assert.equal(await page.locator('[data-action=rollout]').isVisible(), false);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
