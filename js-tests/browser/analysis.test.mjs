// The demo's analysis (www/analysis.js) as a person sees it: the win chances bar (hidden against the
// computer until the setting is ticked, shown for two people; its segments as wide as the engine's
// chances, evaluated again in Node from the game's state; a match's own bar), the Hint button (the best
// turns with the engine's percentages, the best one drawn on the board in other colours), and after a game
// the review (its progress bar seen while it runs, the chart's line with a point per move, the totals and
// the marked turns as the engine's review in Node gives them, a marked turn opening the replay at that
// turn, a review dismissed by a new game staying away), by mouse and by keyboard, at desktop and phone
// widths and in English, Spanish and Russian. Screenshots: analysis-*.png in test-output/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { Jokerball, Match, Bot } from '../../pkg/node.js';
import { demo, playGame, rng, outDir, pct1 } from './helpers.mjs';
import en from '../../www/text-en.js';
import es from '../../www/text-es.js';
import ru from '../../www/text-ru.js';
import { LANGS } from '../../pkg/lang.js';

const D = demo();
const CUBE = new Set(['double', 'no-double', 'take', 'drop']);
const DESKTOP = { width: 1100, height: 900 };
const PHONE = { width: 390, height: 844 };

/** The game element's object restored in Node from its state (the engine's own figures come from it). */
async function restored(page) {
  const state = await page.evaluate(() => document.querySelector('steere-game').state);
  return (state.game === 'match' ? Match : Jokerball).fromJSON(state);
}

/** What the engine says of the game shown: Bot.evaluate at 'easy' (the bar's level). */
async function chances(page) {
  const g = await restored(page);
  const bot = new Bot({ level: 'easy' });
  try {
    return bot.evaluate(g);
  } finally {
    bot.free();
    g.free();
  }
}

/** The drawn widths of each bar's segments: { game: { red, blue, track }, match: ... | null }. */
const barWidths = (page) =>
  page.evaluate(() => {
    const row = (scope) => {
      const r = document.querySelector(`.wb-row[data-scope=${scope}]`);
      if (!r?.offsetWidth) return null;
      const w = (s) => r.querySelector(s).getBoundingClientRect().width;
      return {
        red: w('.wb-red'),
        blue: w('.wb-blue'),
        track: w('.wb-track'),
        text: r.textContent.replace(/\s+/g, ' ').trim(),
      };
    };
    return { game: row('game'), match: row('match') };
  });

/** Waits until the bar shows the engine's chances for the position shown, then checks the widths. */
async function barFollows(page, scopes = ['game']) {
  let last;
  for (let i = 0; i < 100; i++) {
    const e = await chances(page);
    last = { e, w: await barWidths(page) };
    const fits = scopes.every((s) => {
      const c = s === 'game' ? e : e.match;
      const w = last.w[s];
      // each segment's share of the bar is the engine's chance, to a pixel
      return w && Math.abs(w.red - c.red * w.track) <= 1.5 && Math.abs(w.blue - c.blue * w.track) <= 1.5;
    });
    if (fits) return last;
    await page.waitForTimeout(50);
  }
  assert.fail(`the bar does not follow the engine's chances: ${JSON.stringify(last)}`);
}

/** Presses Tab (at most `max` times) until the focused element matches `sel`; true when it did. */
async function tabTo(page, sel, max = 60) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((s) => document.activeElement?.matches(s), sel)) return true;
  }
  return false;
}

/** The fill and outline of every cell of the game's board, as computed. */
const cellLooks = (page) =>
  page.evaluate(() => {
    const root = document.querySelector('steere-game').shadowRoot.querySelector('steere-board').shadowRoot;
    const out = {};
    for (const c of root.querySelectorAll('[data-cell]')) {
      const s = getComputedStyle(c.querySelector('.shape'));
      out[c.dataset.cell] = `${s.fill} ${s.stroke} ${s.strokeWidth}`;
    }
    return out;
  });

test('the win chances bar: off against the computer until ticked (and remembered), on for two people; it follows the engine, and a match has its own', async () => {
  const { context, page, errors } = await D.open('?size=4&seed=3&botdelay=0', DESKTOP);
  assert.equal(await page.locator('.winbar').isVisible(), false, 'hidden against the computer by default');
  assert.equal(await page.isChecked('[data-option=bar]'), false);
  await page.check('[data-option=bar]');
  await page.locator('.winbar').waitFor({ state: 'visible' });
  let seen = await barFollows(page);
  assert.match(seen.w.game.text, /\d+%.*\d+%/);
  await page.click('steere-game >> [data-action=roll]');
  seen = await barFollows(page);
  // the choice is kept with the game: after a reload the bar is still on
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
  assert.equal(await page.isChecked('[data-option=bar]'), true);
  await page.locator('.winbar').waitFor({ state: 'visible' });
  await barFollows(page);
  await page.screenshot({ path: join(outDir, 'analysis-bar-desktop.png') });
  assert.deepEqual(errors, []);
  await context.close();

  // two people at one screen: on at once; a match shows the match's chances as a second bar
  const two = await D.open('?opponent=human&size=4&seed=4&length=3', PHONE);
  await two.page.locator('.winbar').waitFor({ state: 'visible' });
  assert.equal(await two.page.isChecked('[data-option=bar]'), true);
  await barFollows(two.page, ['game', 'match']);
  await two.page.click('steere-game >> [data-action=roll]');
  await barFollows(two.page, ['game', 'match']);
  await two.page.screenshot({ path: join(outDir, 'analysis-bar-phone.png') });
  assert.deepEqual(two.errors, []);
  await two.context.close();
});

test("Hint: only on a person's choice; by keyboard it lists the best turns with their chances and draws the best one on the board", async () => {
  const { context, page, errors } = await D.open('?size=4&seed=5&botdelay=0', DESKTOP);
  const hint = page.locator('[data-action=hint]');
  assert.equal(await hint.isDisabled(), true, 'nothing to choose before the roll');
  await page.click('steere-game >> [data-action=roll]');
  await page.waitForFunction(() => !document.querySelector('[data-action=hint]').disabled);
  const before = await cellLooks(page);
  const shotBefore = await page.locator('steere-game').screenshot();
  await page.focus('#language');
  assert.ok(await tabTo(page, '[data-action=hint]'), 'Tab reaches the Hint button');
  await page.keyboard.press('Enter');
  await page.locator('.hints li').first().waitFor();
  const items = await page.locator('.hints li').allTextContents();
  assert.ok(items.length >= 1 && items.length <= 3, items.join(' | '));
  for (const it of items) assert.match(it, /\d+\.\d%$/);
  // the engine's ranking at the game's level (medium), computed again in Node
  const g = await restored(page);
  const bot = new Bot({ level: 'medium' });
  const ranked = bot.hint(g);
  bot.free();
  g.free();
  assert.deepEqual(
    items.map((s) => s.replace(/\s+/g, ' ').trim()),
    // a part passed for want of a move is said in words, and a colon (no hyphen) sets the chance apart
    ranked
      .slice(0, 3)
      .map((h) => `${h.move.replace(/^- /, 'no man move, ').replace(/ -$/, ', no ball move')}: ${pct1(h.win)}`),
  );
  // the best turn's cells look different on the board now
  const after = await cellLooks(page);
  const cells = ranked[0].move.match(/[a-z]\d+/g);
  for (const c of cells) assert.notEqual(after[c], before[c], `cell ${c} is drawn as a hint`);
  const untouched = Object.keys(before).filter((c) => !cells.includes(c));
  for (const c of untouched) assert.equal(after[c], before[c], `cell ${c} is not part of the hint`);
  assert.ok(!shotBefore.equals(await page.locator('steere-game').screenshot()), 'the board looks different');
  await page.screenshot({ path: join(outDir, 'analysis-hint-desktop.png') });
  // picking the man keeps the hint; moving him (the hint's own man move) ends it: its list and its cells go
  await page.click(`steere-game >> [data-cell="${cells[0]}"]`);
  assert.equal(await page.locator('.hints li').count(), items.length);
  await page.click(`steere-game >> [data-cell="${cells[1]}"]`);
  await page.waitForFunction(() => !document.querySelector('.hints li'));
  const moved = await cellLooks(page);
  assert.notEqual(moved[cells[2]], after[cells[2]], 'the ball cell is no longer drawn as a hint');
  assert.deepEqual(errors, []);
  await context.close();
});

/** Plays a two people game of side 4 by clicks; `watch` records each progress the review shows. */
async function finishGame(page, seed) {
  await page.evaluate(() => {
    window.seenProgress = [];
    new MutationObserver(() => {
      const p = document.querySelector('.rv-progress progress');
      const r = p.getBoundingClientRect();
      window.seenProgress.push({ visible: r.width > 0 && r.height > 0, value: p.value, max: p.max });
    }).observe(document.querySelector('.rv-count'), { childList: true, characterData: true, subtree: true });
  });
  return playGame(page, { random: rng(seed) });
}

/** What the replay draws of a marked turn: the dice, the cells of the last move and of the hint, their fills. */
function replayMarks(page) {
  return page.evaluate(() => {
    const b = document.querySelector('#replay steere-board');
    const cells = (k) => [...b.shadowRoot.querySelectorAll(`[data-cell][${k}]`)].map((c) => c.dataset.cell).sort();
    // a cell of one move only (a cell of both is drawn as the best)
    const fill = (k, not) => {
      const c = b.shadowRoot.querySelector(`[data-cell][${k}]:not([${not}])`);
      return c && getComputedStyle(c).fill;
    };
    const swatch = (sel) => getComputedStyle(document.querySelector(sel), '::before').backgroundColor;
    return {
      dice: [...b.shadowRoot.querySelectorAll('.dice text')].map((t) => t.textContent),
      last: cells('data-last'),
      hint: cells('data-hint'),
      fill: { last: fill('data-last', 'data-hint'), hint: fill('data-hint', 'data-last') },
      // the move played is outlined wherever it is, also under the best move's colour
      outlined: [...b.shadowRoot.querySelectorAll('[data-cell]')]
        .filter((c) => getComputedStyle(c).filter.includes('drop-shadow'))
        .map((c) => c.dataset.cell)
        .sort(),
      swatch: { played: swatch('.rp-played'), best: swatch('.rp-best') },
      line: document.querySelector('.rp-marked').textContent,
      describedBy: b.getAttribute('aria-describedby'),
    };
  });
}

/** The cells of the best move of review entry `e`, as the engine's hint names them, in Node. */
async function bestCells(page, e) {
  const g = await restored(page);
  const history = g.history();
  const at = Jokerball.replay(history.slice(0, e.index - 1), { size: 4, first: g.view().log[0].player });
  const [dice, ...rest] = e.best.split(' ');
  const [d, r] = dice.split('/').map(Number);
  at.setDice(d, r);
  const bot = new Bot({ level: 'easy' });
  const cells = bot.hint(at).find((h) => h.move === rest.join(' ')).cells;
  for (const x of [g, at, bot]) x.free();
  return [...new Set(cells)].sort();
}

for (const [name, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
]) {
  test(`after a game (${name}): the review with its progress, chart, totals and marked turns opening the replay, in three languages`, async () => {
    const { context, page, errors } = await D.open('?opponent=human&size=4&seed=11', viewport);
    if (name === 'desktop') {
      // a review dismissed by a new game while it runs never comes back
      await finishGame(page, 1);
      await page.locator('#review').waitFor({ state: 'visible' });
      await page.click('steere-game >> [data-action=restart]');
      assert.equal(await page.locator('#review').isVisible(), false);
      await page.waitForTimeout(3000);
      assert.equal(await page.locator('#review').isVisible(), false, 'the stale review stays away');
    }
    await finishGame(page, 2);
    await page.locator('.rv-body').waitFor({ state: 'visible', timeout: 60000 });
    const seen = await page.evaluate(() => window.seenProgress);
    assert.ok(
      seen.some((s) => s.visible && s.value < s.max),
      `the progress bar was seen under way: ${JSON.stringify(seen.slice(0, 5))}`,
    );
    assert.equal(await page.locator('.rv-progress').isVisible(), false, 'and goes when the review is done');

    // the engine's review of the same game, in Node
    const g = await restored(page);
    const bot = new Bot({ level: 'medium' });
    const review = bot.review(g);
    bot.free();
    g.free();
    const moves = review.turns.filter((e) => !CUBE.has(e.record));
    const line = await page.evaluate(() => {
      const p = document.querySelector('.rv-chart path.rv-line');
      const r = p.getBoundingClientRect();
      return { d: p.getAttribute('d'), w: r.width, h: r.height };
    });
    assert.equal(line.d.match(/[ML]/g).length, moves.length, 'a point per move');
    assert.ok(line.w > 50 && line.h > 0, JSON.stringify(line));
    // the totals, as the engine gives them
    const totals = await page.evaluate(() =>
      Object.fromEntries(
        [...document.querySelectorAll('.rv-totals tbody tr')].map((tr) => [
          tr.dataset.total,
          [...tr.querySelectorAll('td')].map((td) => td.textContent),
        ]),
      ),
    );
    const num = (x, d) => x.toFixed(d);
    const BANDS = [
      [5, 'world'],
      [8, 'expert'],
      [12, 'advanced'],
      [18, 'intermediate'],
      [26, 'casual'],
      [35, 'beginner'],
    ];
    const band = (pr) => en[`rv_band_${BANDS.find(([top]) => pr < top)?.[1] ?? 'awful'}`];
    const both = (f) => ['red', 'blue'].map((p) => f(review[p]));
    assert.deepEqual(totals, {
      luck: both((t) => pct1(t.luck, 'en', true)),
      error: both((t) => pct1(t.error)),
      moves: both((t) => String(t.moves)),
      cubeError: both((t) => pct1(t.cubeError)),
      cubes: both((t) => String(t.cubes)),
      errorRate: both((t) =>
        new Intl.NumberFormat('en', { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
          t.errorRate,
        ),
      ),
      rating: both((t) => `${num(t.rating, 1)} (${band(t.rating)})`),
      adjusted: both((t) => `${t.wins} → ${num(t.adjusted, 2)}`),
    });
    // the rows shown: no cube in a lone game; the result with average dice once the game is over
    const shown = await page.evaluate(() =>
      [...document.querySelectorAll('.rv-totals tbody tr')]
        .filter((tr) => tr.checkVisibility())
        .map((tr) => tr.dataset.total),
    );
    assert.deepEqual(shown, ['luck', 'error', 'moves', 'errorRate', 'rating', 'adjusted']);
    assert.equal(review.red.wins + review.blue.wins, 1);
    // the marked turns
    const marked = review.turns.filter((e) => e.mark);
    assert.ok(marked.length > 0, 'this game has marked turns');
    const buttons = await page.locator('.rv-marks button').allTextContents();
    assert.equal(buttons.length, marked.length);
    // a turn's record as a person reads it: a skipped part ('-') in words
    const said = (rec) => {
      const [dice, man, ball] = rec.split(' ');
      return ball === undefined || (man !== '-' && ball !== '-')
        ? rec
        : `${dice} ${man === '-' ? 'no man move' : man}, ${ball === '-' ? 'no ball move' : ball}`;
    };
    marked.forEach((e, i) => {
      assert.ok(
        buttons[i].includes(`${e.index}.`) && buttons[i].includes(said(e.record)) && buttons[i].includes(e.mark),
        `${buttons[i]} is ${JSON.stringify(e)}`,
      );
      // the move played and the best, each with its chance, in words on the button, not in a tooltip
      assert.ok(
        buttons[i].includes(`played ${pct1(e.win)}`) && buttons[i].includes(`best ${said(e.best)}: ${pct1(e.bestWin)}`),
        buttons[i],
      );
    });
    const cmp = await page.locator('.rv-marks li:first-child .cmp').boundingBox();
    assert.ok(cmp && cmp.width > 0 && cmp.height > 0, 'the comparison is drawn');
    assert.equal(await page.locator('.rv-marks button[title]').count(), 0, 'no tooltip');
    await page.locator('#review').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(outDir, `analysis-review-${name}.png`) });

    // every text of the panel in Spanish and Russian, then back
    for (const [lang, words, elements] of [
      ['es', es, LANGS.es],
      ['ru', ru, LANGS.ru],
    ]) {
      await page.selectOption('#language', lang);
      const texts = await page.evaluate(() => ({
        title: document.querySelector('#rv-title').textContent,
        close: document.querySelector('[data-action=review-close]').textContent,
        what: document.querySelector('.rv-what').textContent,
        rows: [...document.querySelectorAll('.rv-totals tbody th')].map((th) => th.textContent),
        marked: document.querySelector('.review h3').textContent,
        caption: document.querySelector('.rv-chart figcaption').textContent,
        best: document.querySelector('.rv-marks .best').textContent,
        rating: document.querySelector('[data-total=rating] td').textContent,
        luck: document.querySelector('[data-total=luck] td').textContent,
      }));
      assert.equal(texts.title, words.rv_title);
      assert.equal(texts.close, words.rv_close);
      assert.deepEqual(
        texts.rows,
        ['rv_luck', 'rv_error', 'rv_moves', 'rv_cubeError', 'rv_cubes', 'rv_errorRate', 'rv_rating', 'rv_adjusted'].map(
          (k) => words[k],
        ),
      );
      assert.equal(texts.marked, words.rv_marked);
      assert.equal(texts.caption, words.rv_chart);
      assert.equal(texts.what, words.rv_ofGame.replace('{level}', elements.medium));
      assert.ok(texts.best.startsWith(elements.rv_best.split('{')[0]), texts.best);
      assert.ok(
        Object.keys(words).some((k) => k.startsWith('rv_band_') && texts.rating.endsWith(`(${words[k]})`)),
        texts.rating,
      );
      assert.equal(texts.luck, pct1(review.red.luck, lang, true));
      if (name === 'phone') await page.screenshot({ path: join(outDir, `analysis-review-phone-${lang}.png`) });
    }
    await page.selectOption('#language', 'en');

    // a marked turn, reached and opened by keyboard, shows the replay at that turn
    const e = marked[marked.length - 1];
    await page.focus('[data-action=review-close]');
    assert.ok(await tabTo(page, `.rv-marks li:nth-child(${marked.length}) button`), 'Tab reaches the marked turn');
    await page.keyboard.press('Enter');
    await page.locator('#replay').waitFor({ state: 'visible' });
    const n = await page.locator('.rp-log li[data-record]').count();
    assert.equal(await page.locator('.rp-count').textContent(), `${e.index} / ${n}`);
    assert.equal(await page.locator('.rp-log li[aria-current]').getAttribute('data-record'), e.record);
    // the replay shows that turn's dice and draws the move played (the last move) and the best (the hint),
    // each in its own colour, both said under the board, which that line describes
    const lastMarked = await replayMarks(page);
    const [d, r] = e.record.split(' ')[0].split('/');
    assert.deepEqual(lastMarked.dice, [d, r], 'the dice of the turn');
    assert.ok(lastMarked.last.length > 0, 'the move played is drawn');
    assert.equal(
      lastMarked.line,
      `Played: ${e.record} (${pct1(e.win)}) ${e.best === e.record ? 'the best.' : `best: ${e.best} (${pct1(e.bestWin)})`}`,
    );
    assert.equal(lastMarked.describedBy, 'rp-marked');
    if (e.best !== e.record) {
      assert.deepEqual(lastMarked.hint, await bestCells(page, e), 'the best move drawn, as the engine names its cells');
      assert.deepEqual(lastMarked.outlined, lastMarked.last, 'the move played outlined, all of it');
      assert.ok(lastMarked.fill.hint, JSON.stringify(lastMarked));
      if (lastMarked.fill.last) assert.notEqual(lastMarked.fill.last, lastMarked.fill.hint, 'two styles');
      assert.notEqual(
        lastMarked.swatch.played,
        lastMarked.swatch.best,
        'the line says which is which by the same colours',
      );
      assert.equal(lastMarked.swatch.best, lastMarked.fill.hint);
      if (lastMarked.fill.last) assert.equal(lastMarked.swatch.played, lastMarked.fill.last);
    }
    await page.screenshot({ path: join(outDir, `analysis-replay-marked-${name}.png`) });
    for (const [lang, words] of [
      ['es', es],
      ['ru', ru],
    ]) {
      await page.selectOption('#language', lang);
      const said = await replayMarks(page);
      assert.ok(said.line.startsWith(words.rp_played.split('{')[0]) && said.line.includes(e.record), said.line);
      assert.deepEqual(
        [said.hint, said.last, said.dice],
        [lastMarked.hint, lastMarked.last, lastMarked.dice],
        `the same drawing in ${lang}`,
      );
      if (name === 'phone') await page.screenshot({ path: join(outDir, `analysis-replay-marked-phone-${lang}.png`) });
    }
    await page.selectOption('#language', 'en');
    // and by mouse, another one
    const first = marked[0];
    await page.click('.rv-marks li:first-child button');
    assert.equal(await page.locator('.rp-count').textContent(), `${first.index} / ${n}`);
    // the replay is brought into view: its counter and the upper part of its board are on the screen
    const inView = await page.evaluate(() => {
      const box = (sel) => document.querySelector(sel).getBoundingClientRect();
      const [count, board] = [box('.rp-count'), box('.rp-board')];
      return { count: [count.top, count.bottom], board: [board.top, board.bottom], height: innerHeight };
    });
    const { count, board, height } = inView;
    assert.ok(count[1] > 0 && count[0] < height && board[0] < height - 100 && board[1] > 100, JSON.stringify(inView));
    await page.screenshot({ path: join(outDir, `analysis-replay-${name}.png`) });
    if (name === 'desktop') {
      // the review belongs to its game: a reload shows it again at once, without computing it anew
      await page.reload();
      await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
      assert.equal(await page.locator('.rv-body').isVisible(), true, 'the review is back at once');
      assert.equal(await page.locator('.rv-progress').isVisible(), false, 'nothing is computed again');
      assert.equal(await page.locator('.rv-marks button').count(), marked.length);
      // Take back reopens the game: its review goes, also after a reload
      await page.click('[data-action=undo]');
      assert.equal(await page.locator('#review').isVisible(), false, 'Take back removes the review');
      await page.reload();
      await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
      await page.waitForTimeout(300);
      assert.equal(await page.locator('#review').isVisible(), false, 'and it is not kept');
    } else {
      // closing the review hides it
      await page.click('[data-action=review-close]');
      assert.equal(await page.locator('#review').isVisible(), false);
    }
    assert.deepEqual(errors, []);
    await context.close();
  });
}
