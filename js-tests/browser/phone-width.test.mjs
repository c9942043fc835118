// What a new player sees on a phone (375x740), in each language: faults found by walking the demo as a
// newcomer would, each checked on what is drawn.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { demo as demoServer, playGame, rng, gameState, ready } from './helpers.mjs';

const d = demoServer();
const PHONE = { width: 375, height: 740 };

for (const lang of ['en', 'es', 'ru']) {
  test(`${lang}: at phone width the result of a finished game is in the turn line above the board, seen without scrolling`, async () => {
    const { context, page, errors } = await d.open(`?lang=${lang}&size=4&opponent=human&seed=5`, PHONE);
    const r = await playGame(page, { random: rng(11) });
    await page.evaluate(() => scrollTo(0, 0));
    const s = await page.evaluate(() => {
      const root = document.querySelector('steere-game').shadowRoot;
      const turn = root.querySelector('.turn');
      const box = turn.getBoundingClientRect();
      const board = root.querySelector('steere-board').getBoundingClientRect();
      return {
        turn: turn.textContent,
        player: turn.dataset.player,
        winner: root.querySelector('.winner').textContent,
        box: { top: box.top, bottom: box.bottom, height: box.height, right: box.right },
        boardTop: board.top,
        colour: getComputedStyle(turn).color,
        hidden: getComputedStyle(turn).visibility === 'hidden' || getComputedStyle(turn).display === 'none',
      };
    });
    assert.ok(s.winner.length > 0, 'the winner line is written');
    assert.equal(s.turn, s.winner, 'the turn line says who won');
    assert.equal(s.player, r.winner, "the turn line's mark is the winner's colour");
    assert.ok(!s.hidden && s.box.height > 0, 'the turn line is drawn');
    assert.ok(
      s.box.top >= 0 && s.box.bottom <= PHONE.height,
      `the result is on the first screen (${JSON.stringify(s.box)})`,
    );
    assert.ok(s.box.bottom <= s.boardTop + 1, 'above the board');
    assert.ok(s.box.right <= PHONE.width, 'not cut off at the right');
    assert.deepEqual(errors, []);
    await context.close();
  });
}

// The same game (seed 5, the same clicks): its 7th turn skips the ball ('2/6 b4xc4 -' in the notation).
const SKIPPED = { en: '2/6 b4xc4, no ball move', es: '2/6 b4xc4, sin mover el balón', ru: '2/6 b4xc4, без хода мячом' };
const HOW_TO = { en: 'How to play', es: 'Cómo se juega', ru: 'Как играть' };
const REVIEW = { en: 'Review', es: 'Revisión', ru: 'Разбор' };

/** The box of `sel` in the page (null when it is not drawn), and its text. */
const seen = (page, sel) =>
  page.evaluate((sel) => {
    const e = document.querySelector(sel);
    const r = e?.getBoundingClientRect();
    return e && r.height > 0 && getComputedStyle(e).display !== 'none'
      ? { top: r.top, bottom: r.bottom, left: r.left, right: r.right, text: e.textContent }
      : null;
  }, sel);

for (const lang of ['en', 'es', 'ru']) {
  test(`${lang}: at 360 px How to play and the review are a tap away from the top; a skipped ball reads as words in the log and the replay`, async () => {
    const PH = { width: 360, height: 740 };
    const { context, page, errors } = await d.open(`?lang=${lang}&size=4&opponent=human&seed=5`, PH);
    // the header's links, on the first screen: How to play now, the review only once there is one
    const how = await seen(page, '.jump [href="#help"]');
    assert.equal(how?.text, HOW_TO[lang]);
    assert.ok(
      how.top >= 0 && how.bottom <= PH.height && how.right <= PH.width,
      `How to play is on the first screen (${JSON.stringify(how)})`,
    );
    assert.equal(await seen(page, '.jump [href="#review"]'), null, 'no review link before a game has a review');
    const help = await seen(page, '#help');
    assert.ok(help.top > PH.height, 'the help itself is far down the page');
    await page.evaluate(() => (document.querySelector('#help').open = false));
    await page.click('.jump [href="#help"]');
    await page.waitForFunction(() => Math.abs(document.querySelector('#help').getBoundingClientRect().top) < 2);
    assert.equal(await page.evaluate(() => document.querySelector('#help').open), true, 'the link opens How to play');
    await page.evaluate(() => scrollTo(0, 0));

    await playGame(page, { random: rng(11) });
    await page.evaluate(() => scrollTo(0, 0));
    await page.waitForSelector('#review:not([hidden])', { state: 'attached' });
    const rv = await seen(page, '.jump [href="#review"]');
    assert.equal(rv?.text, REVIEW[lang]);
    assert.ok(
      rv.top >= 0 && rv.bottom <= PH.height && rv.right <= PH.width,
      `the review's link is on the first screen (${JSON.stringify(rv)})`,
    );
    assert.ok((await seen(page, '#review')).top > PH.height, 'the review itself is below the first screen');
    // the links and the language picker take two lines of the header at most; the picker keeps its name
    const head = await page.evaluate(() => ({
      height: document.querySelector('header').getBoundingClientRect().height,
      picker: document.querySelector('#language').labels[0].textContent.trim(),
    }));
    assert.ok(head.height <= 90, `the header is ${head.height}px high`);
    assert.ok(head.picker.length > 0, 'the picker has its label');
    await page.click('.jump [href="#review"]');
    await page.waitForFunction(() => Math.abs(document.querySelector('#review').getBoundingClientRect().top) < 2);

    // the log: the notation stays in the record, the skipped ball is said in words
    const log = await page.evaluate(() =>
      [...document.querySelector('steere-game').shadowRoot.querySelectorAll('.log li[data-record]')].map((li) => ({
        record: li.dataset.record,
        text: li.textContent,
      })),
    );
    assert.deepEqual(log[6], { record: '2/6 b4xc4 -', text: `7.${SKIPPED[lang]}` });
    for (const l of log) assert.ok(!l.text.endsWith(' -') && !l.text.includes(' - '), `no bare '-' in ${l.text}`);
    // the replay's log says it the same way
    await page.click('[data-action=replay]');
    const line = await page.locator('.rp-log li[data-record="2/6 b4xc4 -"]').textContent();
    assert.equal(line, `7.${SKIPPED[lang]}`);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test(`${lang}: after a reload the last turn's dice are still drawn, as the engine's log has them`, async () => {
    const PH = { width: 360, height: 740 };
    const { context, page, errors } = await d.open(`?lang=${lang}&size=4&opponent=human&seed=5`, PH);
    const dice = () =>
      page.evaluate(() => {
        const g = document
          .querySelector('steere-game')
          .shadowRoot.querySelector('steere-board')
          .shadowRoot.querySelector('[part=dice]');
        const [dist, way] = g.querySelectorAll('text');
        return {
          label: g.getAttribute('aria-label'),
          past: g.hasAttribute('data-past'),
          empty: g.hasAttribute('data-empty'),
          dist: dist.textContent,
          way: way.textContent,
          opacity: getComputedStyle(g).opacity,
        };
      });
    // Red's whole first turn by clicks: roll, a man and where it goes, then where the ball stops
    await page.click('[data-action=roll]');
    while ((await gameState(page)).turn === 'red') {
      const s = await gameState(page);
      await page.click((s.targets.find((t) => t.kind === 'move') ?? s.targets[0]).sel);
    }
    const before = await dice();
    const record = (await gameState(page)).records[0];
    await page.reload();
    await ready(page);
    await page.waitForFunction(() => document.querySelector('steere-game').game);
    const after = await dice();
    assert.equal((await gameState(page)).records[0], record, 'the game went on after the reload');
    assert.deepEqual([after.dist, after.way], [before.dist, before.way], `the dice of ${record} are drawn`);
    assert.ok(after.dist !== '' && !after.empty && after.past, "drawn as the past turn's");
    assert.equal(after.opacity, before.opacity, 'as faint as before the reload');
    assert.ok(after.label.includes(after.dist) && after.label.includes(after.way), after.label);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test(`${lang}: the win chances bar is never drawn empty: it shows once its chances are known`, async () => {
    const { context, page, errors } = await d.open(`?lang=${lang}&size=4&opponent=human&length=3&cube=on`, {
      width: 360,
      height: 740,
    });
    const rows = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('.wb-row')].map((r) => ({
          shown: !r.closest('[hidden]') && getComputedStyle(r).visibility === 'visible',
          nums: [...r.querySelectorAll('.wb-num')].map((n) => n.textContent),
          red: r.querySelector('.wb-red').getBoundingClientRect().width,
          blue: r.querySelector('.wb-blue').getBoundingClientRect().width,
        })),
      );
    const check = (list) => {
      for (const r of list)
        if (r.shown)
          assert.ok(
            r.nums.every((t) => t !== '') && r.red > 0 && r.blue > 0,
            `a row drawn with its chances: ${JSON.stringify(r)}`,
          );
    };
    check(await rows());
    await page.waitForFunction(() => document.querySelector('.wb-row[data-scope=match] .wb-num').textContent !== '');
    const now = await rows();
    check(now);
    assert.ok(
      now.every((r) => r.shown),
      'both rows, game and match, shown once known',
    );
    assert.deepEqual(errors, []);
    await context.close();
  });
}

for (const lang of ['en', 'es', 'ru']) {
  test(`${lang}: a checker that may be captured is drawn as a place to go (the target dot over it), unlike one to pick`, async () => {
    const { context, page, errors } = await d.open(`?lang=${lang}&game=zola&opponent=human&seed=2`, {
      width: 360,
      height: 740,
    });
    await page.click('steere-game >> [data-cell="b6"]');
    const cells = await page.evaluate(() => {
      const root = document.querySelector('steere-game').shadowRoot.querySelector('steere-board').shadowRoot;
      return [...root.querySelectorAll('[data-target]')].map((c) => {
        const dot = c.querySelector('.dot');
        const piece = c.querySelector('[data-piece]');
        const d = dot.getBoundingClientRect();
        const p = piece?.getBoundingClientRect();
        return {
          cell: c.dataset.cell,
          kind: c.dataset.target,
          dot: getComputedStyle(dot).display !== 'none' && d.width > 0,
          over: !!piece && !!(piece.compareDocumentPosition(dot) & Node.DOCUMENT_POSITION_FOLLOWING),
          inside: !!p && d.left >= p.left && d.right <= p.right && d.top >= p.top && d.bottom <= p.bottom,
          ring: getComputedStyle(dot).stroke,
        };
      });
    });
    const moves = cells.filter((c) => c.kind === 'move');
    assert.deepEqual(moves.map((c) => c.cell).sort(), ['b5', 'c6'], "b6's captures");
    for (const c of moves)
      assert.ok(
        c.dot && c.over && c.inside && c.ring === 'rgb(255, 255, 255)',
        `the dot drawn over the checker on ${JSON.stringify(c)}`,
      );
    for (const c of cells.filter((x) => x.kind === 'select'))
      assert.ok(!c.dot, `no dot on a checker to pick: ${c.cell}`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

for (const lang of ['en', 'es', 'ru']) {
  test(`${lang}: in the replay, Play on (the replayed game in place of yours) reads unlike keeping your game, and Replay is named as the view it opens`, async () => {
    const PH = { width: 360, height: 740 };
    const { context, page, errors } = await d.open(`?lang=${lang}&size=4&opponent=human&seed=5`, PH);
    // a game in progress, then its replay, and Play on asked
    await page.click('[data-action=roll]');
    const replayLabel = await page.locator('[data-action=replay]').textContent();
    await page.click('[data-action=replay]');
    const region = await page.locator('#replay').getAttribute('aria-label');
    assert.equal(replayLabel, region, 'the button says the name of the view it opens');
    const closeLabel = await page.locator('[data-action=replay-close]').textContent();
    assert.ok(closeLabel.toLowerCase().includes(region.toLowerCase()), `${closeLabel} closes the ${region}`);
    const labels = await page.evaluate(() => {
      const all = [...document.querySelectorAll('button')].concat([
        ...document.querySelector('steere-game').shadowRoot.querySelectorAll('button'),
      ]);
      const by = (a) => all.find((b) => b.dataset.action === a).textContent.trim();
      return {
        playOn: by('replay-play-on'),
        keep: by('keep'),
        offerKeep: by('offer-keep'),
        playOnKeep: by('play-on-keep'),
        cancel: by('cancel-resign'),
      };
    });
    for (const k of ['keep', 'offerKeep', 'playOnKeep', 'cancel'])
      assert.notEqual(labels.playOn, labels[k], `Play on and ${k} read alike: ${labels.playOn}`);
    // Play on and Close replay on the phone: both drawn whole, inside the page
    const boxes = await page.evaluate(() =>
      ['replay-play-on', 'replay-close'].map((a) => {
        const b = document.querySelector(`[data-action=${a}]`);
        const r = b.getBoundingClientRect();
        return { a, left: r.left, right: r.right, cut: b.scrollWidth > b.clientWidth };
      }),
    );
    for (const b of boxes) assert.ok(b.left >= 0 && b.right <= PH.width && !b.cut, JSON.stringify(b));
    assert.deepEqual(errors, []);
    await context.close();
  });
}

/** Plays the whole turn of the side to act by clicks (roll, a man, where it goes, the ball), at `page`. */
async function oneTurn(page) {
  const who = (await gameState(page)).turn;
  await page.click('[data-action=roll]');
  while ((await gameState(page)).turn === who) {
    const s = await gameState(page);
    await page.click((s.targets.find((t) => t.kind === 'move') ?? s.targets[0]).sel);
  }
}

test("a shared link opened in a new page over a game in progress: the replay shows the link's record, and closing it finds the game as it was, also after a reload", async () => {
  const PH = { width: 360, height: 740 };
  const { context, page, errors } = await d.open('?size=4&opponent=human&seed=5', PH);
  await oneTurn(page);
  await page.click('[data-action=share-record]');
  await page.waitForFunction(() => document.querySelector('#share-link').value.includes('#record='));
  const link = await page.inputValue('#share-link');
  await oneTurn(page);
  const played = (await gameState(page)).records;
  assert.equal(played.length, 2);
  // the link, in a new page of the same browser (which keeps the game of two turns)
  const other = await context.newPage();
  await other.setViewportSize(PH);
  await other.goto(link);
  await ready(other);
  await other.waitForSelector('#replay:not([hidden])');
  assert.equal(await other.locator('.rp-count').textContent(), '0 / 1', "the link's record: one turn");
  assert.deepEqual(
    await other.locator('.rp-log li[data-record]').evaluateAll((l) => l.map((li) => li.dataset.record)),
    played.slice(0, 1),
  );
  assert.equal(await other.locator('#mount').isVisible(), false, 'the replay in place of the game');
  await other.click('[data-action=replay-close]');
  const s = await gameState(other);
  assert.deepEqual(s.records, played, 'the game in progress, both turns');
  const board = await other.evaluate(() => document.querySelector('steere-game').getBoundingClientRect().height);
  assert.ok(board > 300, 'drawn');
  await other.reload();
  await ready(other);
  assert.equal(await other.locator('#replay').isVisible(), false, 'a reload goes on with the game, not the link');
  assert.deepEqual((await gameState(other)).records, played);
  assert.deepEqual(errors, []);
  await context.close();
});
