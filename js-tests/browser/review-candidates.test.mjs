// The deeper review (issue 37, points 3 and 4, the demo's side): a marked turn opened in the replay lists the
// best candidates of its roll with their chances, the move played among them and marked; a cube decision
// opens at its own position and line with its three actions (no double, double/take, double/drop) in
// chances of winning the match, the right one and the one chosen; each lucky or unlucky roll has its luck
// in words; a reviewed game's record carries the review's marks as annotations, which a record opened again
// shows beside its lines; a finished game opened from a record or a share link is reviewed from the replay.
// At 1280 px and 390 px, in en, es and ru, by clicks and by keyboard. Screenshots: review-candidates-*.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { Jokerball, Zola, Match, Bot } from '../../pkg/node.js';
import { cubeMatch, zolaGame } from './matches.mjs';
import { demo, ready, playGame, rng, outDir, pct1, reviewHalfWay } from './helpers.mjs';
import en from '../../www/text-en.js';
import es from '../../www/text-es.js';
import ru from '../../www/text-ru.js';
import { LANGS } from '../../pkg/lang.js';

const D = demo();
const WORDS = { en, es, ru };
const WIDE = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const CUBE = new Set(['double', 'no-double', 'take', 'drop']);

/** The words a roll's luck is given, written out here from the thresholds the page documents (0.15, 0.06). */
function luckKey(luck) {
  if (luck >= 0.15) return 'rv_veryLucky';
  if (luck >= 0.06) return 'rv_lucky';
  if (luck <= -0.15) return 'rv_veryUnlucky';
  if (luck <= -0.06) return 'rv_unlucky';
  return null;
}

async function tabTo(page, sel, max = 80) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((s) => document.activeElement?.matches(s), sel)) return true;
  }
  return false;
}

/** Nothing of the page is wider than the window (no sideways scrolling), and the replay's detail fits its box. */
async function fits(page) {
  const r = await page.evaluate(() => {
    const d = document.querySelector('.rp-detail');
    const boxes = [...document.querySelectorAll('.rp-detail li, .rp-detail tr, .rv-rolls button, .rv-marks button')]
      .filter((e) => e.checkVisibility())
      .map((e) => e.getBoundingClientRect().right);
    return {
      page: document.documentElement.scrollWidth,
      width: innerWidth,
      detail: d ? [d.scrollWidth, d.clientWidth] : null,
      right: Math.max(0, ...boxes),
    };
  });
  assert.ok(r.page <= r.width, `no sideways scrolling: ${JSON.stringify(r)}`);
  assert.ok(r.right <= r.width + 0.5, `every row on the screen: ${JSON.stringify(r)}`);
  if (r.detail) assert.ok(r.detail[0] <= r.detail[1] + 1, `the detail fits: ${JSON.stringify(r)}`);
}

/** The Jokerball game shown, rebuilt in Node from its state. */
async function gameHere(page) {
  const state = await page.evaluate(() => document.querySelector('#game').state);
  return Jokerball.fromJSON(state);
}

/** The best candidates of review entry `e` of `g`, as the engine's hint at `level` ranks them on its position. */
function candidates(g, e, level) {
  const history = g.history();
  const first = g.view().log[0].player;
  const at = Jokerball.replay(history.slice(0, e.index - 1), { size: 4, first });
  const after = g.replayTo(e.index);
  const { lastDice: d, lastMove } = after.view();
  at.setDice(d.distance, d.direction);
  const bot = new Bot({ level });
  const hints = bot.hint(at);
  for (const x of [at, after, bot]) x.free();
  // the move played with the review's chance for it, ranked by it among the others
  const list = hints
    .map((h) => (JSON.stringify(h.cells) === JSON.stringify(lastMove.cells) ? { ...h, win: e.win, played: true } : h))
    .sort((a, b) => b.win - a.win);
  return { list, rank: list.findIndex((h) => h.played) };
}

async function save(page) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.click('[data-action=save-record]')]);
  return readFileSync(await file.path(), 'utf8');
}

/** The replay's log lines that carry a record's mark and comment: [its text without them, the mark, the comment]. */
const notes = (page) =>
  page.$$eval('#replay .rp-log li.noted', (lis) =>
    lis.map((li) => [
      li.dataset.record ?? li.dataset.kind,
      li.querySelector('.rp-note b')?.textContent ?? '',
      li.querySelector('.rp-comment')?.textContent ?? '',
    ]),
  );

for (const [lang, viewport, name] of [
  ['en', WIDE, 'wide'],
  ['es', PHONE, 'phone'],
  ['ru', PHONE, 'phone'],
]) {
  test(`a game played here (${lang}, ${viewport.width} px): a marked turn's candidates with the move played, the luck in words, the record carrying the marks and opened again with them`, async () => {
    const words = WORDS[lang];
    const { context, page, errors } = await D.open(`?opponent=human&size=4&seed=11&lang=${lang}`, viewport);
    try {
      await playGame(page, { random: rng(2) });
      await page.locator('.rv-body').waitFor({ state: 'visible', timeout: 90000 });
      const review = await page.evaluate(() => JSON.parse(localStorage.getItem('steere-games:demo:v4')));
      const rv = Object.values(review.games).find((g) => g.review?.result).review;
      const turns = rv.result.turns;
      const marked = turns.filter((e) => e.mark);
      assert.ok(marked.length > 0, 'the game has marked turns');

      // each roll's luck in words, in the page's language: the lucky and unlucky rolls listed
      const lucky = turns.filter((e) => luckKey(e.luck));
      assert.ok(lucky.length > 0, 'some rolls are lucky or unlucky');
      const rolls = await page.$$eval('.rv-rolls button', (bs) => bs.map((b) => b.textContent));
      assert.equal(rolls.length, lucky.length);
      lucky.forEach((e, i) => {
        const said = words.rv_luckWord
          .replace('{luck}', pct1(e.luck, lang, true))
          .replace('{word}', words[luckKey(e.luck)]);
        assert.ok(rolls[i].includes(`${e.index}.`) && rolls[i].includes(said), `${rolls[i]} has ${said}`);
      });
      // the words' colour is a second sign: one for the lucky, another for the unlucky
      const colours = await page.$$eval('.rv-rolls .luck', (s) =>
        s.map((x) => [x.dataset.luck.includes('nlucky'), getComputedStyle(x).color]),
      );
      const of = (bad) => new Set(colours.filter(([b]) => b === bad).map(([, c]) => c));
      assert.ok(of(true).size <= 1 && of(false).size <= 1, JSON.stringify(colours));
      if (of(true).size && of(false).size) assert.notDeepEqual([...of(true)], [...of(false)]);
      await fits(page);
      await page.locator('.rv-rolls-part').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(outDir, `review-candidates-rolls-${lang}-${name}.png`) });

      // a marked move, reached by Tab and opened by Enter: its candidates, the move played marked
      const i = turns.indexOf(marked[0]);
      const e = marked[0];
      await page.focus('[data-action=review-close]');
      assert.ok(await tabTo(page, `.rv-marks button[data-turn="${i}"]`), 'Tab reaches the marked turn');
      await page.keyboard.press('Enter');
      await page.locator('.rp-cands li').first().waitFor({ timeout: 60000 });
      const g = await gameHere(page);
      const { list, rank } = candidates(g, e, rv.level);
      const shown = await page.$$eval('.rp-cands li:not(.gap)', (lis) =>
        lis.map((li) => ({
          rank: li.querySelector('.rk').textContent,
          pc: li.querySelector('.pc').textContent,
          played: li.hasAttribute('data-played'),
          tag: li.querySelector('.tag')?.textContent ?? null,
          bg: getComputedStyle(li).backgroundColor,
        })),
      );
      const expected = list.slice(0, 4).map((_, k) => k);
      if (rank >= 4) expected.push(rank);
      assert.deepEqual(
        shown.map((s) => [s.rank, s.pc, s.played]),
        expected.map((k) => [`${k + 1}.`, pct1(list[k].win, lang), k === rank]),
        'the best four with their chances, the move played among them or last with its rank',
      );
      assert.ok(rank >= 0, 'the move played is found among the choices');
      const played = shown.find((s) => s.played);
      assert.equal(played.tag, words.rp_candPlayed);
      assert.ok(
        shown.filter((s) => !s.played).every((s) => s.bg !== played.bg),
        'the move played is highlighted',
      );
      assert.equal(
        await page.locator('.rp-cands-title').textContent(),
        words.rp_cands.replace('{n}', String(Math.min(4, list.length))).replace('{total}', String(list.length)),
      );
      // its own roll's luck in words on the marked line of the review
      if (luckKey(e.luck))
        assert.ok(
          (await page.locator(`.rv-marks button[data-turn="${i}"]`).textContent()).includes(words[luckKey(e.luck)]),
        );
      await fits(page);
      await page.locator('.rp-marked').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(outDir, `review-candidates-candidates-${lang}-${name}.png`) });
      if (lang === 'en') {
        // said again in another language, the same candidates
        await page.selectOption('#language', 'ru');
        assert.equal(
          await page.locator('.rp-cands-title').textContent(),
          ru.rp_cands.replace('{n}', String(Math.min(4, list.length))).replace('{total}', String(list.length)),
        );
        assert.equal(await page.locator('.rp-cands li[data-played] .tag').textContent(), ru.rp_candPlayed);
        assert.deepEqual(
          await page.$$eval('.rp-cands li:not(.gap) .pc', (x) => x.map((e) => e.textContent)),
          expected.map((k) => pct1(list[k].win, 'ru')),
        );
        await page.selectOption('#language', 'en');
      }
      // stepping on leaves the mark: the candidates go with it
      await page.click('[data-action=replay-forward]');
      assert.equal(await page.locator('.rp-detail').isVisible(), false);
      await page.click('[data-action=replay-close]');

      if (lang === 'en') {
        // a reload keeps the finished review: shown again at once, and the record still carries its marks
        await page.reload();
        await ready(page);
        assert.equal(await page.locator('.rv-body').isVisible(), true, 'the review is back at once');
        assert.equal(await page.locator('.rv-marks li').count(), marked.length);
      }

      // the record saved carries the marks as annotations: the mark and the best move with the chance lost
      const text = await save(page);
      const back = Jokerball.fromRecord(text);
      const log = back.view().log;
      const want = marked.map((m) => ({
        game: 1,
        line: log.findIndex((l) => l.kind === 'record' && l.step === m.index),
        mark: m.mark,
        comment: `best ${m.best} ${(-m.error).toFixed(3)}`,
      }));
      assert.deepEqual(back.annotations, want);
      for (const m of marked)
        assert.ok(
          text.includes(`${m.index}. ${m.record} ${m.mark} {best ${m.best} ${(-m.error).toFixed(3)}}\n`),
          `the line of ${m.index} in the record`,
        );
      assert.equal(back.history().join(' '), g.history().join(' '), 'the same game');
      back.free();
      g.free();

      // opened again from the file: the marks and comments beside their lines
      const path = join(outDir, `review-candidates-${lang}.txt`);
      writeFileSync(path, text);
      const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.click('[data-action=open-record]')]);
      await chooser.setFiles(path);
      await page.waitForSelector('#replay:not([hidden])');
      assert.deepEqual(
        await notes(page),
        marked.map((m) => [m.record, m.mark, `best ${m.best} ${(-m.error).toFixed(3)}`]),
      );
      await fits(page);
      await page.locator('.rp-log li.noted').first().scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(outDir, `review-candidates-notes-${lang}-${name}.png`) });
      // and reviewed again from the replay: the same marks
      assert.equal(
        await page.locator('[data-action=replay-review]').textContent(),
        lang === 'en' ? 'Review this game' : words.rp_review,
      );
      await page.click('[data-action=replay-review]');
      await page.locator('.rv-body').waitFor({ state: 'visible', timeout: 90000 });
      await page.waitForFunction((n) => document.querySelectorAll('.rv-marks li').length === n, marked.length, {
        timeout: 60000,
      });
      // the record's own marks and comments are said with the turns reviewed again
      const said = await page.$$eval('.rv-marks button', (bs) =>
        bs.map((b) => [b.dataset.turn, b.querySelector('.noted')?.textContent ?? null]),
      );
      const recorded = (m) =>
        (lang === 'en' ? en : words).rv_recorded.replace(
          '{note}',
          `${m.mark} {best ${m.best} ${(-m.error).toFixed(3)}}`,
        );
      assert.deepEqual(
        said.map(([, t]) => t),
        marked.map(recorded),
      );
      await fits(page);
      await page.locator('.rv-marks').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(outDir, `review-candidates-again-${lang}-${name}.png`) });
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
}

test('a reload in the middle of a review computes it again, and the record saved then carries its marks (390 px)', async () => {
  const { context, page, errors } = await D.open('?opponent=human&size=4&seed=11&level=hard', PHONE);
  try {
    await playGame(page, { random: rng(2) });
    await reviewHalfWay(page);
    await page.reload();
    await ready(page);
    await page.locator('.rv-body').waitFor({ state: 'visible', timeout: 120000 });
    const marks = await page.$$eval('.rv-marks .mark', (b) => b.map((x) => x.textContent));
    assert.ok(marks.length > 0);
    const text = await save(page);
    const back = Jokerball.fromRecord(text);
    assert.deepEqual(
      back.annotations.map((a) => a.mark),
      marks,
      'the marks of the review, in the record',
    );
    assert.ok(
      back.annotations.every((a) => /^best \S.* -\d\.\d{3}$/.test(a.comment)),
      JSON.stringify(back.annotations),
    );
    back.free();
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

for (const [lang, viewport, name] of [
  ['en', WIDE, 'wide'],
  ['ru', PHONE, 'phone'],
  ['es', PHONE, 'phone'],
]) {
  test(`a match opened from a share link (${lang}, ${viewport.width} px): reviewed from the replay, a cube decision opens at its position with its three actions, and the record keeps the cube marks`, async () => {
    const words = WORDS[lang];
    const { text, review } = cubeMatch();
    const link = `?lang=${lang}&opponent=human#record=${deflateRawSync(Buffer.from(text)).toString('base64url')}`;
    const { context, page, errors } = await D.open(link, viewport);
    try {
      await page.waitForSelector('#replay:not([hidden])');
      // a record has no marks yet
      assert.deepEqual(await notes(page), []);
      // the finished match is reviewed from the replay, by keyboard
      await page.focus('[data-action=replay-review]');
      await page.keyboard.press('Enter');
      await page.locator('.rv-body').waitFor({ state: 'visible', timeout: 120000 });
      const marked = review.turns.map((e, i) => [e, i]).filter(([e]) => e.mark);
      assert.equal(await page.locator('.rv-marks li').count(), marked.length, 'the marks of the engine review');
      const cubes = marked.filter(([e]) => CUBE.has(e.record));
      assert.ok(
        cubes.some(([e]) => e.record === 'double'),
        'the early double is marked',
      );

      for (const [e, i] of cubes) {
        await page.click(`.rv-marks button[data-turn="${i}"]`);
        await page.locator('.rp-cube').waitFor();
        // the position of the decision: the records played before it, its own line the current one
        const where = await page.evaluate(() => ({
          count: document.querySelector('.rp-count').textContent,
          game: document.querySelector('.rp-game').value,
          current: document.querySelector('.rp-log li[aria-current]')?.dataset.kind ?? null,
          currentText: document.querySelector('.rp-log li[aria-current]')?.textContent ?? null,
        }));
        assert.match(where.count, new RegExp(`^${e.index - 1} / \\d+$`));
        assert.equal(where.game, String(e.game - 1));
        assert.equal(where.current, e.record, `${e.record}: its line is the current one (${where.currentText})`);
        const rows = await page.$$eval('.rp-cube tr', (trs) =>
          trs.map((tr) => ({
            k: tr.dataset.cube,
            th: tr.querySelector('th').textContent,
            pc: tr.querySelector('.pc').textContent,
            right: tr.hasAttribute('data-right'),
            taken: tr.hasAttribute('data-taken'),
            bg: getComputedStyle(tr).backgroundColor,
          })),
        );
        const c = e.cube;
        const double = Math.min(c.doubleTake, c.doubleDrop);
        const right = double > c.noDouble ? (c.doubleTake <= c.doubleDrop ? 'dt' : 'dp') : 'nd';
        const answer =
          e.record === 'double'
            ? review.turns.find(
                (x) => x.game === e.game && x.index === e.index && (x.record === 'take' || x.record === 'drop'),
              ).record
            : e.record;
        const taken = e.record === 'no-double' ? 'nd' : answer === 'take' ? 'dt' : 'dp';
        assert.deepEqual(
          rows.map((r) => [r.k, r.th, r.pc, r.right, r.taken]),
          [
            ['nd', words.rp_cubeNd, pct1(c.noDouble, lang), right === 'nd', taken === 'nd'],
            ['dt', words.rp_cubeDt, pct1(c.doubleTake, lang), right === 'dt', taken === 'dt'],
            ['dp', words.rp_cubeDp, pct1(c.doubleDrop, lang), right === 'dp', taken === 'dp'],
          ],
        );
        assert.notEqual(
          rows.find((r) => r.taken).bg,
          rows.find((r) => !r.taken).bg,
          'the action chosen is highlighted',
        );
        const doubler = e.record === 'take' || e.record === 'drop' ? (e.player === 'red' ? 'blue' : 'red') : e.player;
        assert.equal(
          await page.locator('.rp-cube caption').textContent(),
          words.rp_cubeOf.replace('{player}', LANGS[lang][doubler]),
        );
        // the line under the board says the decision in words
        const line = await page.locator('.rp-marked').textContent();
        assert.ok(line.includes(LANGS[lang][e.record === 'no-double' ? 'rv_noDouble' : e.record]), line);
        await fits(page);
        await page.locator('.rp-detail').evaluate((d) => d.scrollIntoView({ block: 'end' }));
        await page.screenshot({ path: join(outDir, `review-candidates-cube-${e.record}-${lang}-${name}.png`) });
      }

      // the record of the reviewed match carries the marks of its cube lines and moves
      const saved = await save(page);
      const back = Match.fromRecord(saved);
      const logs = new Map(back.games.map((g) => [g.number, g.log]));
      const want = marked
        .map(([e]) => ({
          e,
          line: logs
            .get(e.game)
            .findIndex((l) =>
              CUBE.has(e.record)
                ? l.kind === e.record && l.step === e.index - 1
                : l.kind === 'record' && l.step === e.index,
            ),
        }))
        .filter(({ line }) => line >= 0)
        .map(({ e, line }) => ({
          game: e.game,
          line,
          mark: e.mark,
          comment: `best ${e.best} ${(-e.error).toFixed(3)}`,
        }));
      assert.ok(
        want.some((a) => a.comment.startsWith('best no-double')),
        'a cube line annotated',
      );
      assert.deepEqual(back.annotations, want);
      back.free();
      assert.ok(saved.includes(`Red doubles ? {best no-double `), saved.slice(0, 400));
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
}

test('a Zola record opened from a link: reviewed from the replay, a marked move lists its candidates (no dice, no luck words)', async () => {
  const { text, review, history } = zolaGame();
  const { context, page, errors } = await D.open(
    `?opponent=human&level=easy#record=${deflateRawSync(Buffer.from(text)).toString('base64url')}`,
    WIDE,
  );
  try {
    await page.waitForSelector('#replay:not([hidden])');
    await page.click('[data-action=replay-review]');
    await page.locator('.rv-body').waitFor({ state: 'visible', timeout: 120000 });
    const i = review.turns.findIndex((e) => e.mark && e.record !== 'swap');
    assert.ok(i >= 0, 'a marked move');
    assert.equal(await page.locator('.rv-rolls-part').isVisible(), false, 'no dice, no lucky rolls');
    assert.equal(await page.locator('.rv-marks .luck').count(), 0);
    await page.click(`.rv-marks button[data-turn="${i}"]`);
    await page.locator('.rp-cands li').first().waitFor({ timeout: 60000 });
    const e = review.turns[i];
    const at = Zola.replay(history.slice(0, e.index - 1), { size: 6 });
    const bot = new Bot({ level: 'easy' });
    const list = bot
      .hint(at)
      .map((h) => (h.move === e.record ? { ...h, win: e.win, played: true } : h))
      .sort((a, b) => b.win - a.win);
    for (const x of [at, bot]) x.free();
    const rank = list.findIndex((h) => h.played);
    const shown = await page.$$eval('.rp-cands li:not(.gap)', (lis) =>
      lis.map((li) => [li.querySelector('.mv').textContent, li.hasAttribute('data-played')]),
    );
    const expected = [0, 1, 2, 3, ...(rank >= 4 ? [rank] : [])];
    assert.deepEqual(
      shown,
      expected.map((k) => [list[k].move, k === rank]),
    );
    await fits(page);
    await page.locator('.rp-marked').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(outDir, 'review-candidates-zola-wide.png') });
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('a match where Red never doubles (390 px, en): a marked no-double opens at its turn with its three actions, and the record carries it on the line of the turn then played', async () => {
  const m = new Match({ game: 'jokerball', length: 3, cube: true, seed: 1, jokerball: { size: 4 } });
  const bot = new Bot({ level: 'easy', seed: 2 });
  for (let n = 0; m.phase !== 'match-over' && n < 5000; n++) {
    if (m.phase === 'game-over') m.nextGame();
    else if (m.phase === 'double') bot.cubeAction(m) === 'take' ? m.take() : m.drop();
    else if (m.gamePhase === 'roll') m.roll();
    else m.play(bot.chooseMove(m));
  }
  const text = m.toRecord();
  const review = new Bot({ level: 'medium' }).review(m);
  for (const x of [m, bot]) x.free();
  const nd = review.turns.map((e, i) => [e, i]).filter(([e]) => e.mark && e.record === 'no-double');
  assert.ok(nd.length > 0, 'a marked no-double');
  const { context, page, errors } = await D.open(
    `?opponent=human#record=${deflateRawSync(Buffer.from(text)).toString('base64url')}`,
    PHONE,
  );
  try {
    await page.waitForSelector('#replay:not([hidden])');
    await page.click('[data-action=replay-review]');
    await page.locator('.rv-body').waitFor({ state: 'visible', timeout: 120000 });
    const [e, i] = nd[0];
    await page.locator(`.rv-marks button[data-turn="${i}"]`).scrollIntoViewIfNeeded();
    await page.click(`.rv-marks button[data-turn="${i}"]`);
    await page.locator('.rp-cube').waitFor();
    assert.match(await page.locator('.rp-count').textContent(), new RegExp(`^${e.index - 1} / \\d+$`));
    assert.equal(await page.locator('.rp-game').inputValue(), String(e.game - 1));
    // no line of its own: the record played last is the current line, in view in the log
    const current = await page.evaluate(() => {
      const li = document.querySelector('.rp-log li[aria-current]');
      const [a, b] = [li.getBoundingClientRect(), li.parentElement.getBoundingClientRect()];
      return {
        step: li.dataset.step,
        record: !!li.dataset.record,
        seen: a.top >= b.top - 1 && a.bottom <= b.bottom + 1,
      };
    });
    assert.deepEqual(current, { step: String(e.index - 1), record: true, seen: true });
    const rows = await page.$$eval('.rp-cube tr', (trs) =>
      trs.map((tr) => [
        tr.dataset.cube,
        tr.querySelector('.pc').textContent,
        tr.hasAttribute('data-right'),
        tr.hasAttribute('data-taken'),
      ]),
    );
    const c = e.cube;
    const right = c.doubleTake <= c.doubleDrop ? 'dt' : 'dp';
    assert.deepEqual(rows, [
      ['nd', pct1(c.noDouble), false, true],
      ['dt', pct1(c.doubleTake), right === 'dt', false],
      ['dp', pct1(c.doubleDrop), right === 'dp', false],
    ]);
    await page.locator('.rp-detail').evaluate((d) => d.scrollIntoView({ block: 'end' }));
    await fits(page);
    await page.screenshot({ path: join(outDir, 'review-candidates-cube-no-double-en-phone.png') });
    // the record: each marked no-double on the line of the turn then played, with that turn's own mark
    const back = Match.fromRecord(await save(page));
    for (const [x] of nd) {
      const line = back.games[x.game - 1].log.findIndex((l) => l.kind === 'record' && l.step === x.index);
      const a = back.annotations.find((y) => y.game === x.game && y.line === line);
      const move = review.turns.find((y) => y.game === x.game && y.index === x.index && !CUBE.has(y.record));
      const parts = [
        `no-double, best double ${(-x.error).toFixed(3)}`,
        ...(move.mark ? [`best ${move.best} ${(-move.error).toFixed(3)}`] : []),
      ];
      assert.equal(a?.comment, parts.join('; '));
      assert.equal(a.mark, move.mark && move.error > x.error ? move.mark : x.mark);
    }
    back.free();
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
