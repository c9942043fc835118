// The demo's records (README "Play in the browser", Records): save a record (a download that reads back in
// Node to the same record), open one by the file picker and by pasting, step the replay view by buttons
// and keys with the positions checked as drawn on its board against the engine's in Node, a board that
// takes no move while replaying, a match's games, Zola (with a swap) and a game from a position, playing
// on from an opened record, the share link there and back, and bad records and links said (naming the
// line) without changing anything. Screenshot: records-replay-phone.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { Jokerball, Zola, Match, Bot } from '../../pkg/node.js';
import { demo, ready, playGame, rng, outDir } from './helpers.mjs';

const D = demo();
const open = D.open;

// the colours the replay board draws its pieces in (the ball: its white disc)
const COLOURS = { 'rgb(200, 50, 60)': 'red', 'rgb(47, 95, 179)': 'blue', 'rgb(255, 255, 255)': 'ball' };

/**
 * What the replay board draws: for each piece shown, the cell whose drawn centre is nearest the piece's
 * drawn centre, and what the piece is by its computed colour. { cell: 'red' | 'blue' | 'ball' }.
 */
const drawn = (page) =>
  page.evaluate((colours) => {
    const root = document.querySelector('#replay steere-board').shadowRoot;
    const centre = (el) => {
      const r = el.getBoundingClientRect();
      return { x: r.x + r.width / 2, y: r.y + r.height / 2, w: r.width };
    };
    const cells = [...root.querySelectorAll('[data-cell]')].map((c) => ({
      name: c.dataset.cell,
      ...centre(c.querySelector('.shape')),
    }));
    const out = {};
    for (const p of root.querySelectorAll('[data-piece]')) {
      const at = centre(p);
      if (!at.w || getComputedStyle(p).display === 'none') continue;
      const near = cells.reduce((a, c) =>
        Math.hypot(c.x - at.x, c.y - at.y) < Math.hypot(a.x - at.x, a.y - at.y) ? c : a,
      );
      out[near.name] = colours[getComputedStyle(p.localName === 'g' ? p.querySelector('circle') : p).fill] ?? 'unknown';
    }
    return out;
  }, COLOURS);

/** The pieces of a Jokerball, Zola or Match, in the form drawn() reads. */
function pieces(g) {
  const b = g.board();
  const out = Object.fromEntries((b.men ?? b.checkers).map((m) => [m.cell, m.player]));
  if (b.ball) out[b.ball] = 'ball';
  return out;
}

/** The engine's position after `i` records of a side-4 Jokerball game. */
function expected(history, i) {
  const g = Jokerball.replay(history.slice(0, i), { size: 4 });
  const out = pieces(g);
  g.free();
  return out;
}

/** The replay view's counter, current record (and whether it is drawn highlighted) and buttons. */
const view = (page) =>
  page.evaluate(() => {
    const r = document.querySelector('#replay');
    const cur = r.querySelector('.rp-log li[aria-current]');
    const plain = r.querySelector('.rp-log li:not([aria-current])');
    return {
      shown: !r.hidden && !!r.offsetWidth,
      game: document.querySelector('#mount').hidden ? 'hidden' : 'shown',
      count: r.querySelector('.rp-count').textContent,
      current: cur?.dataset.record ?? null,
      highlighted: !!cur && getComputedStyle(cur).backgroundColor !== getComputedStyle(plain).backgroundColor,
      records: [...r.querySelectorAll('.rp-log li[data-record]')].map((li) => li.dataset.record),
      lines: [...r.querySelectorAll('.rp-log li')].map((li) => li.textContent),
      back: !r.querySelector('[data-action=replay-back]').disabled,
      forward: !r.querySelector('[data-action=replay-forward]').disabled,
    };
  });

const gameHistory = (page) => page.evaluate(() => document.querySelector('steere-game').game.history());

async function save(page) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.click('[data-action=save-record]')]);
  return { name: file.suggestedFilename(), text: readFileSync(await file.path(), 'utf8') };
}

/** Checks the position drawn after `i` of the records, and the counter and the record marked. */
async function at(page, history, i) {
  const v = await view(page);
  assert.equal(v.count, `${i} / ${history.length}`);
  assert.equal(v.current, i ? history[i - 1] : null);
  if (i) assert.ok(v.highlighted, 'the current record is drawn highlighted');
  assert.deepEqual(await drawn(page), expected(history, i), `the position after ${i} records`);
}

test('a game played by clicks: saved (the download reads back in Node), opened by the file picker and by pasting, replayed by buttons and keys on a board that takes no move', async () => {
  const { context, page, errors } = await open('?size=4&opponent=human&seed=21');
  const { winner } = await playGame(page, { random: rng(21) });
  const history = await gameHistory(page);
  assert.ok(history.length > 4);
  // the game's review done: every record saved from here on carries its marks (review-candidates.test.mjs)
  await page.locator('.rv-body').waitFor({ state: 'visible', timeout: 60000 });

  const { name, text } = await save(page);
  assert.match(name, /^jokerball-\d{4}-\d{2}-\d{2}\.txt$/);
  const back = Jokerball.fromRecord(text);
  assert.equal(back.toRecord(), text, 'the saved record reads back and writes again byte for byte');
  assert.deepEqual(back.history(), history);
  assert.equal(back.winner, winner);
  assert.match(text, /^\[Date "\d{4}\.\d{2}\.\d{2}"\]$/m);
  back.free();
  const path = join(outDir, 'records-game.txt');
  writeFileSync(path, text);

  // the file picker
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.click('[data-action=open-record]')]);
  await chooser.setFiles(path);
  await page.waitForSelector('#replay:not([hidden])');
  let v = await view(page);
  assert.equal(v.game, 'hidden');
  assert.deepEqual(v.records, history);
  assert.ok(!v.back && v.forward);
  assert.ok(await page.isHidden('[data-action=replay-play-on]'), 'a finished game is not played on');
  await at(page, history, 0);
  await page.click('[data-action=replay-forward]');
  await at(page, history, 1);
  await page.keyboard.press('ArrowRight');
  await at(page, history, 2);
  await page.keyboard.press('End');
  await at(page, history, history.length);
  assert.ok(!(await view(page)).forward);
  await page.keyboard.press('ArrowLeft');
  await at(page, history, history.length - 1);
  await page.click('[data-action=replay-back]');
  await at(page, history, history.length - 2);
  await page.keyboard.press('Home');
  await at(page, history, 0);
  await page.click('[data-action=replay-last]');
  await at(page, history, history.length);
  await page.click('[data-action=replay-first]');
  await at(page, history, 0);
  // a click on a record of the log goes to the position after it
  await page.click(`#replay .rp-log li[data-step="3"]`);
  await at(page, history, 3);

  // the board takes no move: a click on a man and on the cells around it selects nothing, moves nothing
  const before = await drawn(page);
  const man = Object.keys(before).find((c) => before[c] === 'red');
  for (const cell of [man, 'c3', 'c4', 'd4']) await page.click(`#replay steere-board >> [data-cell="${cell}"]`);
  assert.deepEqual(await drawn(page), before);
  assert.equal(
    await page.$$eval(
      '#replay steere-board >> [data-target], #replay steere-board >> [data-selected]',
      (e) => e.length,
    ),
    0,
  );
  assert.equal(await page.getAttribute('#replay steere-board', 'interactive'), null);

  // closing: back to the game, as it was
  await page.click('[data-action=replay-close]');
  v = await view(page);
  assert.equal(v.game, 'shown');
  assert.ok(!v.shown);
  assert.deepEqual(await gameHistory(page), history);

  // pasting
  await page.click('[data-action=paste-record]');
  await page.fill('#paste-text', text);
  await page.click('#paste button[value=open]');
  await page.waitForSelector('#replay:not([hidden])');
  assert.ok(!(await page.evaluate(() => document.querySelector('#paste').open)));
  assert.deepEqual((await view(page)).records, history);
  await page.keyboard.press('End');
  await at(page, history, history.length);
  // the replay's own Save writes the record shown, the same
  assert.equal((await save(page)).text, text);
  await page.click('[data-action=replay-close]');

  // the Replay button over the finished game: the same positions
  await page.click('[data-action=replay]');
  await page.keyboard.press('ArrowRight');
  await at(page, history, 1);
  assert.deepEqual(errors, []);
  await context.close();
});

/** A 3-point Jokerball match with the cube (side 4), played by the engine's bot: game 1 over, game 2 on. */
function matchRecord() {
  const m = new Match({ length: 3, cube: true, seed: 5, jokerball: { size: 4 } });
  const bot = new Bot({ level: 'easy', seed: 5 });
  let doubled = false;
  while (m.gameNumber < 2 || m.history().length < 6) {
    if (m.phase === 'game-over') m.nextGame();
    else if (m.phase === 'double') m.take();
    else if (m.gamePhase === 'roll' && !doubled && m.canDouble()) {
      m.double();
      doubled = true;
    } else if (m.gamePhase === 'roll') m.roll();
    else m.play(bot.chooseMove(m));
  }
  const text = m.toRecord({ Red: 'Ana', Blue: 'Ben' });
  const games = m.games.map((g) => g.history);
  m.free();
  return { text, games };
}

test("a match: a game selector and stepping across games, cube lines in the page's language; played on from the end; saved mid-turn up to the last record", async () => {
  const { text, games } = matchRecord();
  const { context, page, errors } = await open('?lang=es&opponent=human&seed=3');
  await page.click('[data-action=paste-record]');
  await page.fill('#paste-text', text);
  await page.click('#paste button[value=open]');
  await page.waitForSelector('#replay:not([hidden])');
  assert.deepEqual(await page.$$eval('.rp-game option', (o) => o.map((x) => x.textContent)), [
    'Partida 1',
    'Partida 2',
  ]);
  let v = await view(page);
  assert.deepEqual(v.records, games[0]);
  assert.ok(v.lines.includes('Rojo dobla') && v.lines.includes('Azul acepta'), v.lines.join(' | '));
  assert.ok(
    v.lines.some((l) => /^(Rojo|Azul) gana \d puntos?/.test(l)),
    'the result in Spanish',
  );
  // stepping past the end of game 1 goes to the start of game 2, and back
  await page.keyboard.press('End');
  assert.equal((await view(page)).count, `${games[0].length} / ${games[0].length}`);
  await page.keyboard.press('ArrowRight');
  v = await view(page);
  assert.equal(v.count, `0 / ${games[1].length}`);
  assert.deepEqual(v.records, games[1]);
  assert.equal(await page.inputValue('.rp-game'), '1');
  await page.keyboard.press('ArrowLeft');
  assert.equal((await view(page)).count, `${games[0].length} / ${games[0].length}`);
  await page.selectOption('.rp-game', '1');
  await page.keyboard.press('End');
  assert.ok(!(await view(page)).forward);
  // a lone game opened over it starts at its own beginning
  const lone = await page.evaluate(() => document.querySelector('steere-game').game.toRecord());
  await page.click('[data-action=paste-record]');
  await page.fill('#paste-text', lone);
  await page.click('#paste button[value=open]');
  assert.equal((await view(page)).count, '0 / 0');
  assert.ok(await page.isHidden('.rp-game'));
  await page.click('[data-action=paste-record]');
  await page.fill('#paste-text', text);
  await page.click('#paste button[value=open]');
  await page.selectOption('.rp-game', '1');
  await page.keyboard.press('End');

  // an opened match still on: played on here, from its end
  await page.click('[data-action=replay-play-on]');
  assert.equal((await view(page)).game, 'shown');
  const played = await page.evaluate(() => {
    const m = document.querySelector('steere-game').game;
    return { games: m.games.map((g) => g.history), length: m.length, tags: m.tags };
  });
  assert.deepEqual(played, { games, length: 3, tags: { Red: 'Ana', Blue: 'Ben' } });
  assert.equal(await page.inputValue('[data-option=length]'), '3');
  assert.ok(await page.isChecked('[data-option=cube]'));
  await page.click('[data-action=roll]');
  // in the middle of a turn: the record is written up to the last completed record
  const saved = await save(page);
  assert.match(saved.name, /^jokerball-match-\d{4}-\d{2}-\d{2}\.txt$/);
  const m = Match.fromRecord(saved.text);
  assert.deepEqual(
    m.games.map((g) => g.history),
    games,
  );
  assert.equal(m.toRecord(), text.replace('[Result', `[Date "${m.tags.Date}"]\n[Result`));
  m.free();
  assert.deepEqual(errors, []);
  await context.close();
});

test("Zola with a swap (pie rule), a Zola match and a Jokerball game from a position: the positions drawn are the engine's", async () => {
  const bot = new Bot({ level: 'easy', seed: 9 });
  const play = (g, turns) => {
    for (let i = 0; i < turns && g.phase !== 'over' && g.gamePhase !== 'over'; i++) {
      if (g.phase === 'roll' || g.gamePhase === 'roll') g.roll();
      else g.play(bot.chooseMove(g));
    }
    return g;
  };
  const zola = new Zola({ pie: true });
  zola.play('a1xa2');
  zola.play('swap');
  const position = '3b/bbb2/6/3o3/6/r4/rr2 b';
  const cases = [
    // [the object, its first position, the position after i records (when known apart from the page's way)]
    [play(zola, 20), new Zola(), (h, i) => Zola.replay(h.slice(0, i), { pie: true })],
    [play(new Match({ game: 'zola', length: 3, seed: 9, first: 'blue' }), 15), new Zola({ first: 'blue' })],
    [play(new Jokerball({ position, seed: 9 }), 30), new Jokerball({ position })],
  ];
  const { context, page, errors } = await open('?opponent=human');
  for (const [obj, start, after] of cases) {
    await page.click('[data-action=paste-record]');
    await page.fill('#paste-text', obj.toRecord());
    await page.click('#paste button[value=open]');
    await page.waitForSelector('#replay:not([hidden])');
    assert.deepEqual(await drawn(page), pieces(start));
    const history = obj.history();
    if (after) {
      for (let i = 1; i <= history.length; i++) {
        await page.keyboard.press('ArrowRight');
        const g = after(history, i);
        assert.deepEqual(await drawn(page), pieces(g), `after ${i} records`);
        g.free();
      }
    }
    if (obj instanceof Match) await page.selectOption('.rp-game', String(obj.gameNumber - 1));
    await page.keyboard.press('End');
    assert.equal((await view(page)).count, `${history.length} / ${history.length}`);
    assert.deepEqual(await drawn(page), pieces(obj));
    obj.free();
    start.free();
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('the share link: made in the page (deflate-raw in base64url, as Node reads it), copied or shown, and opened in another page to the same replay', async () => {
  const { context, page, errors } = await open('?size=4&opponent=human&seed=22');
  await playGame(page, { random: rng(22) });
  const history = await gameHistory(page);
  await page.locator('.rv-body').waitFor({ state: 'visible', timeout: 60000 });
  const { text } = await save(page);
  await page.click('[data-action=share-record]');
  await page.waitForSelector('.share:not([hidden])');
  const link = await page.inputValue('#share-link');
  // the page's address without its query; the record deflated (raw), in base64url without padding
  const [, fragment] = /^[^?#]*\/www\/#record=([\w-]+)$/.exec(link) ?? [];
  assert.ok(link.startsWith(`${D.base}/www/#record=`) && fragment, link);
  assert.equal(inflateRawSync(Buffer.from(fragment, 'base64url')).toString(), text);
  assert.match(await page.textContent('.share .note'), /clipboard/);

  const other = await open(link);
  await other.page.waitForSelector('#replay:not([hidden])');
  assert.deepEqual((await view(other.page)).records, history);
  await other.page.keyboard.press('End');
  await at(other.page, history, history.length);
  assert.equal((await save(other.page)).text, text);
  // closing the replay leaves the address without the record
  await other.page.click('[data-action=replay-close]');
  assert.equal(await other.page.evaluate(() => location.hash), '');
  assert.deepEqual(other.errors, []);
  await other.context.close();
  assert.deepEqual(errors, []);
  await context.close();
});

test("a bad record (file, paste) or link is said with the line it names, in the page's language, and changes nothing", async () => {
  const bad =
    '[Game "Jokerball"]\n[Rules "2025"]\n[Size "4"]\n[Rows "2"]\n\nGame 1\n1. 3/4 b4-c4 d4>e5\n2. 9/9 f4xc4 e5>e6\n';
  let message;
  try {
    Jokerball.fromRecord(bad);
  } catch (e) {
    message = e.message;
  }
  assert.match(message, /^line 8: /);
  const { context, page, errors } = await open('?size=4&opponent=human&seed=23');
  await page.click('[data-action=roll]');
  const state = () => page.evaluate(() => JSON.stringify(document.querySelector('steere-game').state));
  const was = await state();

  const path = join(outDir, 'records-bad.txt');
  writeFileSync(path, bad);
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.click('[data-action=open-record]')]);
  await chooser.setFiles(path);
  await page.waitForSelector('#record-note:not([hidden])');
  assert.equal(
    await page.textContent('#record-note'),
    `The file is not a record this page can read, and nothing was changed: ${message}`,
  );
  // the lead-in follows the page's language; the engine's message stays as it is
  await page.selectOption('#language', 'ru');
  assert.equal(
    await page.textContent('#record-note'),
    `Этот файл — не запись, которую страница может прочитать; ничего не изменилось: ${message}`,
  );
  await page.selectOption('#language', 'en');

  await page.click('[data-action=paste-record]');
  await page.fill('#paste-text', bad);
  await page.click('#paste button[value=open]');
  assert.ok(await page.evaluate(() => document.querySelector('#paste').open), 'the dialog stays open to mend the text');
  assert.equal(await page.textContent('#paste .error'), `This is not a record this page can read: ${message}`);
  await page.click('#paste button[value=cancel]');
  assert.ok(await page.isHidden('#replay'));
  assert.equal(await state(), was);

  // a link holding a bad record, and a link whose fragment is no record at all
  await page.goto(
    `${D.base}/www/?size=4&opponent=human&seed=23#record=${deflateRawSync(Buffer.from(bad)).toString('base64url')}`,
  );
  await ready(page);
  assert.equal(
    await page.textContent('#record-note'),
    `The link's record could not be read, and nothing was changed: ${message}`,
  );
  assert.ok(await page.isHidden('#replay'));
  assert.equal(await state(), was, 'the game kept in the browser is still there');
  for (const junk of ['AAAA', 'not*base64', '8_8_8_8_']) {
    await page.goto(`${D.base}/www/?size=4&opponent=human&seed=23#record=${junk}`);
    await ready(page);
    assert.match(await page.textContent('#record-note'), /^The link is damaged/);
    assert.ok(await page.isHidden('#replay'));
    assert.equal(await state(), was);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('the replay view on a 360-pixel phone, in Russian (screenshot)', async () => {
  const { text } = matchRecord();
  const { context, page, errors } = await open(
    `?lang=ru#record=${deflateRawSync(Buffer.from(text)).toString('base64url')}`,
    { width: 360, height: 740 },
  );
  await page.waitForSelector('#replay:not([hidden])');
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowLeft');
  const fits = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    board: document.querySelector('#replay steere-board').getBoundingClientRect().width,
    buttons: [...document.querySelectorAll('#replay button, .below button')]
      .filter((b) => b.offsetWidth)
      .map((b) => [b.textContent, b.scrollWidth <= b.clientWidth + 1, b.getBoundingClientRect().right <= innerWidth]),
  }));
  assert.ok(fits.page <= 360, `the page is ${fits.page} px wide`);
  assert.ok(fits.board > 300, `the board is ${fits.board} px wide`);
  for (const [label, inside, onScreen] of fits.buttons) assert.ok(inside && onScreen, `"${label}" fits`);
  await page.screenshot({ path: `${outDir}/records-replay-phone.png` });
  assert.deepEqual(errors, []);
  await context.close();
});
