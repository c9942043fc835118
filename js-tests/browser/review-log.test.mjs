// A review given to <steere-game> (its `review` property, docs/api.md "The review in the log"): a game
// played to its end in Node (the bot at 'easy' for Red, seeded random moves for Blue, so that Blue errs),
// reviewed there with Bot.review and handed to the element with its state. At desktop and 360 px widths
// and in English, Spanish and Russian: each marked line shows in text the mark, the chance of the move
// played and the best move with its chance, inside the log's box, reached by Tab, its aria-label saying the
// same; a match's cube lines carry their own; removing the review, start(), a restored state clear it; a
// review of another game is refused (steere-error, invalid_option) and the one shown stays; a review of
// the game's first turns is kept while the game goes on; a Zola game's moves are marked on their lines too.
// Screenshots: review-log-*.png in test-output/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { Jokerball, Zola, Match, Bot } from '../../pkg/node.js';
import { LANGS } from '../../pkg/lang.js';
import { demo, drawn, rng, outDir, pct1 } from './helpers.mjs';

const D = demo();
const WIDTHS = { desktop: { width: 1100, height: 900 }, phone: { width: 360, height: 760 } };
const CUBE_WORD = { 'no-double': 'rv_noDouble', double: 'double', take: 'take', drop: 'drop' };

/** A Jokerball game played to its end: the bot ('easy') plays Red, seeded random moves Blue. */
function playedGame(seed, turns = Infinity) {
  const bot = new Bot({ level: 'easy', seed });
  const random = rng(seed);
  const g = new Jokerball({ seed });
  while (g.phase !== 'over' && g.history().length < turns) {
    if (g.phase === 'roll') g.roll();
    else if (g.turn === 'red') g.play(bot.chooseMove(g));
    else {
      const moves = g.legalMoves();
      g.play(moves[Math.floor(random() * moves.length)]);
    }
  }
  bot.free();
  return g;
}

const review = (obj) => {
  const bot = new Bot({ level: 'easy' });
  const r = bot.review(obj);
  bot.free();
  return r;
};

// What a marked line should say, written here from the catalogue's words and Intl (not the element's code).
function expected(l, e) {
  const words = LANGS[l];
  const pct = (x) => pct1(x, l);
  // a turn: its dice, then its man and ball parts, a part skipped ('-') in words and the parts apart by commas
  const move = (m) => {
    if (CUBE_WORD[m]) return words[CUBE_WORD[m]];
    const [dice, ...parts] = m.split(' ');
    if (!parts.includes('-')) return m;
    return `${dice} ${parts.map((p, i) => (p !== '-' ? p : i === parts.length - 1 ? words.noBall : words.noMan)).join(', ')}`;
  };
  const played = words.rv_played.replace('{win}', pct(e.win));
  const best = words.rv_best.replace('{best}', move(e.best)).replace('{win}', pct(e.bestWin));
  return `${e.mark} ${e.record === 'no-double' ? `${words.rv_noDouble}: ` : ''}${played} · ${best}`;
}

/** The log's lines as drawn: text, marked notes, aria-label, tab stop, boxes (the log's and each note's). */
const lines = (page) =>
  page.evaluate(() => {
    const ol = document.querySelector('.g').shadowRoot.querySelector('.log');
    const box = (e) => {
      const r = e.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
    };
    return {
      log: box(ol),
      scrollsSideways: ol.scrollWidth > ol.clientWidth,
      items: [...ol.children].map((li) => ({
        kind: li.className,
        record: li.dataset.record ?? null,
        notes: [...li.querySelectorAll('.rv')].map((s) => s.innerText),
        label: li.getAttribute('aria-label'),
        tab: li.tabIndex,
        text: li.innerText,
        box: box(li),
        noteBoxes: [...li.querySelectorAll('.rv')].map(box),
      })),
    };
  });

/** Tabs from the element's last button through the page: the log lines that take the focus, in order. */
async function tabStops(page, n) {
  await page.evaluate(() => {
    const g = document.querySelector('.g');
    const buttons = [...g.shadowRoot.querySelectorAll('button')].filter((b) => !b.closest('[hidden]') && !b.disabled);
    buttons[buttons.length - 1].focus();
  });
  const seen = [];
  for (let i = 0; i < n + 20 && seen.length < n; i++) {
    await page.keyboard.press('Tab');
    const at = await page.evaluate(() => {
      const g = document.querySelector('.g');
      const li = g.shadowRoot.activeElement;
      if (document.activeElement !== g || li?.localName !== 'li') return null;
      const r = li.getBoundingClientRect();
      const o = li.parentElement.getBoundingClientRect();
      return { label: li.getAttribute('aria-label'), inside: r.top >= o.top - 0.5 && r.bottom <= o.bottom + 0.5 };
    });
    if (at) seen.push(at);
  }
  return seen;
}

const within = (inner, outer) =>
  inner.top >= outer.top - 0.5 &&
  inner.bottom <= outer.bottom + 0.5 &&
  inner.left >= outer.left - 0.5 &&
  inner.right <= outer.right + 0.5;

const game = playedGame(11);
const state = game.toJSON();
const rv = review(game);
const marked = rv.turns.filter((e) => e.mark);

test('the game reviewed has marked turns (the test has something to show)', () => {
  assert.equal(game.phase, 'over');
  assert.ok(marked.length >= 3, `${marked.length} marked turns`);
});

for (const [width, viewport] of Object.entries(WIDTHS)) {
  for (const l of ['en', 'es', 'ru']) {
    test(`${width}, ${l}: each marked line says the mark, the move played's chance and the best move's, reached by Tab`, async () => {
      const { context, page, errors } = await D.element(`<steere-game class="g" opponent="human"></steere-game>`, {
        viewport,
        lang: l,
      });
      await drawn(page, '.g');
      await page.evaluate(
        ({ state, rv }) => {
          const g = document.querySelector('.g');
          g.state = state;
          g.review = rv;
        },
        { state, rv },
      );
      const drawnLog = await lines(page);
      const records = drawnLog.items.filter((i) => i.kind === 'record');
      assert.deepEqual(
        records.map((i) => i.record),
        game.history(),
      );
      // one note on each marked turn's line, none elsewhere
      for (const [n, item] of records.entries()) {
        const e = rv.turns[n];
        assert.equal(e.record, item.record);
        if (!e.mark) {
          assert.deepEqual(item.notes, [], `line ${n + 1} has no mark`);
          assert.equal(item.label, null);
          assert.equal(item.tab, -1);
          continue;
        }
        assert.deepEqual(item.notes, [expected(l, e)]);
        assert.ok(item.text.includes(expected(l, e)), item.text);
        assert.ok(item.label.startsWith(`${n + 1}. `) && item.label.endsWith(expected(l, e)), item.label);
        assert.equal(item.tab, 0);
      }
      assert.equal(drawnLog.scrollsSideways, false, 'the notes wrap inside the log');
      // Tab reaches every marked line in order; each focused line is scrolled into the log's box, whole
      const stops = await tabStops(page, marked.length);
      assert.deepEqual(
        stops.map((s) => s.label),
        records.filter((i) => i.notes.length).map((i) => i.label),
      );
      assert.ok(
        stops.every((s) => s.inside),
        'each marked line is inside the log when focused',
      );
      // the last marked line, focused: its note drawn inside its line and the log, not clipped
      const focused = await lines(page);
      const last = focused.items.filter((i) => i.notes.length).at(-1);
      assert.ok(within(last.box, focused.log), JSON.stringify([last.box, focused.log]));
      for (const b of last.noteBoxes) assert.ok(within(b, last.box) && b.bottom > b.top, JSON.stringify(b));
      const g = await page.$('.g');
      await g.screenshot({ path: join(outDir, `review-log-${width}-${l}.png`) });
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
}

test("removing the review, start() and a restored state clear it; another game's review is refused; a review of the first turns stays", async () => {
  const { context, page, errors } = await D.element(`<steere-game class="g" opponent="human"></steere-game>`, {
    head: `<script>window.errs = []; document.addEventListener('steere-error', (e) => window.errs.push({ code: e.detail.error.code, name: e.detail.error.name }));</script>`,
  });
  await drawn(page, '.g');
  const other = playedGame(12);
  const earlier = playedGame(11, 10);
  const out = await page.evaluate(
    async ({ state, rv, otherRv, earlyState, earlyRv }) => {
      const g = document.querySelector('.g');
      const root = g.shadowRoot;
      const notes = () => root.querySelectorAll('.log .rv').length;
      const stops = () => root.querySelectorAll('.log li[tabindex]').length;
      const r = {};
      g.state = state;
      g.review = rv;
      r.shown = [notes(), stops(), g.review === rv];
      g.review = null;
      r.removed = [notes(), stops(), g.review];
      g.review = rv;
      // another game's review: refused, the one shown stays, a message in the element
      g.review = otherRv;
      r.refused = [notes(), g.review === rv, [...window.errs], !root.querySelector('.msg').hidden];
      g.review = { turns: 'nonsense' };
      g.review = 5;
      r.nonsense = [window.errs.length, g.review === rv];
      // a restored state (a take-back sets one) clears it, and the message with it
      g.state = earlyState;
      r.restored = [notes(), g.review, root.querySelector('.msg').hidden];
      // the review of the game's first ten turns, given to the game at its end: kept, the later lines bare
      g.state = state;
      g.review = earlyRv;
      const lis = [...root.querySelectorAll('.log li[data-record]')];
      r.early = [g.review === earlyRv, lis.slice(10).some((li) => li.querySelector('.rv')), notes()];
      await g.start();
      r.started = [notes(), g.review];
      return r;
    },
    { state, rv, otherRv: review(other), earlyState: earlier.toJSON(), earlyRv: review(earlier) },
  );
  const n = marked.length;
  assert.deepEqual(out.shown, [n, n, true]);
  assert.deepEqual(out.removed, [0, 0, null]);
  assert.deepEqual(out.refused, [n, true, [{ code: 'invalid_option', name: 'SteereError' }], true]);
  assert.equal(out.nonsense[0], 3, 'each bad review tells a steere-error');
  assert.equal(out.nonsense[1], true);
  assert.deepEqual(out.restored, [0, null, true]);
  const earlyMarked = review(earlier).turns.filter((e) => e.mark).length;
  assert.deepEqual(out.early, [true, false, earlyMarked]);
  assert.ok(earlyMarked > 0);
  assert.deepEqual(out.started, [0, null]);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a match: the marked cube decisions on the lines of the double and the drop, in each language', async () => {
  const m = new Match({ length: 3, cube: true, seed: 5 });
  m.double();
  m.drop();
  const mrv = review(m);
  const cube = mrv.turns.filter((e) => e.mark);
  assert.deepEqual(
    cube.map((e) => e.record),
    ['double', 'drop'],
  );
  const { context, page, errors } = await D.element(
    `<steere-game class="g" opponent="human" length="3" cube="on"></steere-game>`,
    { viewport: WIDTHS.phone },
  );
  await drawn(page, '.g');
  for (const l of ['en', 'es', 'ru']) {
    const got = await page.evaluate(
      ({ state, mrv, l }) => {
        const g = document.querySelector('.g');
        g.lang = l;
        g.state = state;
        g.review = mrv;
        return [...g.shadowRoot.querySelectorAll('.log li.cube')].map((li) => [
          li.dataset.player,
          [...li.querySelectorAll('.rv')].map((s) => s.innerText),
          li.tabIndex,
        ]);
      },
      { state: m.toJSON(), mrv, l },
    );
    assert.deepEqual(got, [
      ['red', [expected(l, cube[0])], 0],
      ['blue', [expected(l, cube[1])], 0],
    ]);
  }
  const g = await page.$('.g');
  await g.screenshot({ path: join(outDir, 'review-log-match-ru.png') });
  assert.deepEqual(errors, []);
  await context.close();
});

test('a Zola game: its marked moves (passes counted as records) on their lines', async () => {
  const bot = new Bot({ level: 'easy', seed: 3 });
  const random = rng(3);
  const z = new Zola({ size: 6 });
  while (z.phase !== 'over') {
    const moves = z.legalMoves();
    z.play(z.turn === 'red' ? bot.chooseMove(z) : moves[Math.floor(random() * moves.length)]);
  }
  bot.free();
  const zrv = review(z);
  const zmarked = zrv.turns.filter((e) => e.mark);
  assert.ok(zmarked.length > 0);
  const { context, page, errors } = await D.element(
    `<steere-game class="g" game="zola" opponent="human"></steere-game>`,
    { lang: 'es' },
  );
  await drawn(page, '.g');
  const got = await page.evaluate(
    ({ state, zrv }) => {
      const g = document.querySelector('.g');
      g.state = state;
      g.review = zrv;
      return [...g.shadowRoot.querySelectorAll('.log li[data-record]')].map((li) => [
        li.dataset.record,
        [...li.querySelectorAll('.rv')].map((s) => s.innerText),
      ]);
    },
    { state: z.toJSON(), zrv },
  );
  assert.deepEqual(
    got.map(([r]) => r),
    z.history(),
  );
  assert.deepEqual(
    got.map(([, notes]) => notes),
    zrv.turns.map((e) => (e.mark ? [expected('es', e)] : [])),
  );
  assert.deepEqual(errors, []);
  await context.close();
});
