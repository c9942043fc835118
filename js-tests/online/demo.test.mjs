// The demo's online opponent (www/online.js), as two people use it: two Chromium contexts (separate
// localStorage) open the demo from the reference server; one creates a Jokerball match in the settings
// panel, the other opens its link, and they play a whole game by clicks (roll, then a man and the ball,
// each chosen among the highlighted targets). A second match: a reload rejoins the same seat in the middle
// of the game, and so does a lost connection (the server stopped and started again with its matches kept).
// And the demo as `make demo` serves it (no boardgame.io server): the online option says what it needs.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from './helpers.mjs';
import { launch, newPage, outDir, rng, buttonsOn } from '../browser/helpers.mjs';
import { serve } from '../../scripts/serve.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** A person: a browser context of their own and the demo page, with its errors collected. */
async function person(url) {
  const context = await browser.newContext();
  const { page, errors } = await newPage(context);
  await page.goto(url);
  await page.waitForSelector('body[data-ready="true"]', { state: 'attached', timeout: 30000 });
  return { context, page, errors };
}

/**
 * What the online section draws, as seen on the screen (an element counts when it is laid out with a
 * size, not hidden): its lines of online play, and its <steere-game>'s turn line, buttons, the board's
 * targets, winner, cube and log.
 */
const drawn = (page) =>
  page.evaluate(() => {
    const s = document.querySelector('section.online');
    if (!s) return null;
    const shows = (e) => !!e && e.getClientRects().length > 0 && e.getBoundingClientRect().width > 0;
    const text = (root, sel) => {
      const e = root?.querySelector(sel);
      return shows(e) ? e.textContent : null;
    };
    const game = s.querySelector('steere-game');
    const g = shows(game) ? game.shadowRoot : null;
    const board = g?.querySelector('steere-board');
    const box = board?.getBoundingClientRect();
    const targets = [...(board?.shadowRoot.querySelectorAll('[data-target]') ?? [])].filter(shows).map((e) => ({
      sel: `section.online steere-board >> ${e.dataset.cell ? `[data-cell="${e.dataset.cell}"]` : `[data-goal="${e.dataset.goal}"]`}`,
      kind: e.dataset.target,
      goal: !!e.dataset.goal,
      occupied: !!e.querySelector('[data-piece=red],[data-piece=blue]'),
    }));
    const buttons = Object.fromEntries(
      [...(g?.querySelectorAll('.bar button') ?? [])].filter(shows).map((b) => [b.dataset.action, !b.disabled]),
    );
    return {
      version: Number(s.dataset.version || 0),
      seat: text(s, '.seat'),
      other: text(s, '.other'),
      outcome: text(s, '.outcome'),
      refused: text(s, '.refused'),
      problem: text(s, '.problem'),
      lost: text(s, '.lost'),
      link: shows(s.querySelector('.invite')),
      board: box ? { width: box.width, height: box.height } : null,
      turn: text(g, '.turn'),
      winner: text(g, '.winner'),
      cube: text(g, '.cube'),
      buttons,
      targets,
      dice: board?.shadowRoot.querySelector('[part=dice]')?.getAttribute('aria-label') ?? null,
      log: [...(g?.querySelectorAll('.log li') ?? [])].map((li) => li.textContent),
      records: [...(g?.querySelectorAll('.log li[data-record]') ?? [])].map((li) => li.dataset.record),
    };
  });

/** Waits until what `page` draws satisfies `pred`. */
async function until(page, pred, what, ms = 20000) {
  const end = Date.now() + ms;
  for (;;) {
    const d = await drawn(page);
    if (d && pred(d)) return d;
    if (Date.now() > end)
      throw new Error(
        `timed out waiting for ${what}; drawn: ${JSON.stringify(d && { ...d, targets: d.targets.length })}`,
      );
    await page.waitForTimeout(40);
  }
}

/** Creates an online match from the settings panel by clicks; resolves to the link shown for the opponent. */
async function createMatch(page, { colour = 'red', size, length } = {}) {
  await page.selectOption('[data-option=opponent]', 'online');
  await page.selectOption('[data-option=human]', colour);
  if (size) await page.selectOption('[data-option=size]', size);
  if (length) {
    await page.selectOption('[data-option=length]', length);
    await page.check('[data-option=cube]');
  }
  await page.waitForSelector('[data-online-note][data-ok=true]', { timeout: 20000 });
  assert.equal(await page.textContent('[data-action=new-game]'), 'Create online match');
  assert.ok(await page.isEnabled('[data-action=new-game]'), 'enabled where the server offers the game');
  await page.click('[data-action=new-game]');
  const d = await until(page, (x) => x.version > 0 && x.turn, 'the new match');
  assert.ok(d.link, 'the link box is on the screen while the other seat is free');
  assert.ok(d.board && d.board.width > 200 && d.board.height > 150, `the board is drawn: ${JSON.stringify(d.board)}`);
  const link = await page.inputValue('#online-link');
  assert.match(link, /\/www\/\?match=[\w-]+$/);
  assert.equal(page.url(), link, 'the page shows the match at its link (a reload opens it again)');
  return link;
}

/**
 * One step of the person to act, by a click: Roll when it is on, else a highlighted target (a piece to
 * pick up, then where it goes; goals and captures preferred so that games stay short). Resolves to true
 * when the click sent a move (the state then changes on both pages).
 */
async function step(page, d, random) {
  if (d.buttons.roll) {
    await page.click('section.online [data-action=roll]');
    return true;
  }
  const moves = d.targets.filter((t) => t.kind === 'move');
  let pool = d.targets;
  if (moves.length) {
    pool = moves;
    const goals = moves.filter((t) => t.goal);
    const caps = moves.filter((t) => t.occupied);
    if (goals.length && random() < 0.7) pool = goals;
    else if (caps.length) pool = caps;
  }
  if (!pool.length) return false;
  const t = pool[Math.floor(random() * pool.length)];
  await page.click(t.sel);
  return t.kind === 'move';
}

/**
 * Plays on by clicks until `done(drawn)` holds on both pages: each time, the page whose person is to act
 * clicks, and every move is awaited on both pages. Resolves to the number of moves sent.
 */
async function playUntil(people, done, { random, maxMoves = 2000 } = {}) {
  let moves = 0;
  for (;;) {
    const ds = await Promise.all(people.map((p) => drawn(p.page)));
    if (ds.every(done)) return moves;
    // the person to act: a roll to make or targets on the board (the other page shows none)
    const i = ds.findIndex((d) => d.buttons.roll || d.targets.length > 0);
    if (i < 0) {
      await people[0].page.waitForTimeout(40);
      continue;
    }
    assert.ok(ds[1 - i].targets.length === 0 && !ds[1 - i].buttons.roll, 'only the person to act may act');
    const before = ds.map((d) => d.version);
    if (await step(people[i].page, ds[i], random)) {
      moves++;
      assert.ok(moves <= maxMoves, 'the game did not end');
      await Promise.all(
        people.map((p, k) => until(p.page, (d) => d.version > before[k], `move ${moves} on page ${k}`)),
      );
    }
  }
}

test('two people play a whole Jokerball game online by clicks on <steere-game>; then its record is saved, shared, replayed and reviewed', async (t) => {
  const server = await startServer();
  try {
    const host = await person(`${server.url}/www/`);
    const link = await createMatch(host.page, { size: '4' });
    let h = await drawn(host.page);
    assert.equal(h.seat, 'You play Red.');
    assert.equal(h.turn, 'Red to roll');
    assert.deepEqual(h.buttons, { roll: true });
    assert.equal(h.other, 'Blue has not joined yet: send them the link.');
    // the local game waits aside: one game element on the screen, the online match's
    assert.equal(await host.page.locator('steere-game:visible').count(), 1);

    const guest = await person(link);
    let g = await until(guest.page, (d) => d.version > 0 && d.turn, 'the guest in the match');
    assert.equal(g.seat, 'You play Blue.');
    assert.equal(g.turn, 'Red to roll');
    assert.deepEqual(g.buttons, { roll: false });
    assert.equal(g.targets.length, 0);
    assert.equal(g.link, false, 'both seats are taken: no link box for the guest');
    h = await until(host.page, (d) => d.other === 'Blue is connected.', 'the host seeing the guest');
    assert.equal(h.link, false, 'both seats are taken: the link box is gone');
    assert.equal(g.other, 'Red is connected.');
    // the guest's panel shows the match's game and their colour
    assert.equal(await guest.page.inputValue('[data-option=opponent]'), 'online');
    assert.equal(await guest.page.inputValue('[data-option=human]'), 'blue');

    // Blue presses r out of turn: nothing is sent, and the page says why (whyIllegal's not_your_turn)
    await guest.page.locator('body').press('r');
    g = await until(guest.page, (d) => d.refused, 'the refusal');
    assert.equal(g.refused, 'Not sent: it is not your turn (Red is to play).');
    assert.equal(await guest.page.getAttribute('section.online .refused', 'data-code'), 'not_your_turn');
    assert.equal((await drawn(host.page)).version, h.version, 'nothing reached the server');

    const people = [host, guest];
    const t0 = Date.now();
    const moves = await playUntil(people, (d) => d.winner !== null, { random: rng(7) });
    const ms = Date.now() - t0;
    [h, g] = await Promise.all(people.map((p) => drawn(p.page)));
    t.diagnostic(
      `a whole Jokerball game: ${moves} moves by clicks in ${(ms / 1000).toFixed(1)} s, ${h.records.length} records`,
    );
    // both pages draw the same end: the winner, who won for each person, and the same log
    const [winner, how] = /^(Red|Blue) wins the game \((.+)\)$/.exec(h.winner).slice(1);
    assert.equal(how, 'the ball went through the goal');
    assert.equal(g.winner, h.winner);
    assert.equal(h.outcome, winner === 'Red' ? 'You win!' : 'You lose.');
    assert.equal(g.outcome, winner === 'Blue' ? 'You win!' : 'You lose.');
    assert.deepEqual(g.log, h.log);
    assert.equal(h.log[h.log.length - 1], `${winner} wins the game (the ball went through the goal)`);
    assert.ok(h.records.length >= 2, 'the log lists the turns');
    for (const rec of h.records) assert.match(rec, /^\d\/\d( \S+)*$/, 'each record: the dice, the man, the ball');
    assert.equal(h.turn, h.winner, 'the turn line says who won');
    assert.deepEqual(h.buttons, { roll: false }, 'no Roll once the game is over');
    assert.equal(h.targets.length + g.targets.length, 0);
    assert.equal(h.link || g.link, false, 'the link box stays away after the game');
    // the server recorded the same winner
    const res = await fetch(`${server.url}/games/jokerball-4/${new URL(link).searchParams.get('match')}`);
    const info = await res.json();
    assert.deepEqual(info.gameover, { winner: winner === 'Red' ? '0' : '1', reason: 'goal' });

    // the review comes after the game, as at one screen
    const page = host.page;
    await page.locator('.rv-body').waitFor({ state: 'visible', timeout: 180000 });
    // every turn reviewed: the chart of the chances has a point per turn; the move decisions counted
    // (turns with more than one legal choice) are at most the turns
    const line = await page.locator('.rv-line').getAttribute('d');
    assert.equal(line.split(/[ML]/).length - 1, h.records.length, 'every turn reviewed');
    const decisions = await page.locator('.rv-totals tr[data-total=moves] td').allTextContents();
    const counted = decisions.map(Number).reduce((a, b) => a + b, 0);
    assert.ok(counted > 0 && counted <= h.records.length, `${counted} decisions in ${h.records.length} turns`);
    // Save record: the download holds the game's records and result
    for (const sel of ['[data-action=save-record]', '[data-action=share-record]', '[data-action=replay]']) {
      assert.ok(await page.locator(sel).isVisible(), `${sel} on the screen`);
    }
    const [file] = await Promise.all([page.waitForEvent('download'), page.click('[data-action=save-record]')]);
    assert.match(file.suggestedFilename(), /^jokerball-\d{4}-\d\d-\d\d\.txt$/);
    const text = readFileSync(await file.path(), 'utf8');
    assert.match(text, /^\[Game "Jokerball"\]/m);
    assert.match(text, /^\[Size "4"\]/m);
    assert.match(text, new RegExp(`^${winner} wins$`, 'm'));
    for (const rec of h.records) assert.ok(text.includes(rec), `${rec} in the record`);
    // the online game reviewed: its record carries the review's marks, each with the best move and the chance lost
    const marks = await page.locator('.rv-marks .mark').allTextContents();
    const noted = [...text.matchAll(/^\d+\. .* (\?\?|\?!|\?) \{best .* -\d\.\d{3}\}$/gm)].map((m) => m[1]);
    assert.ok(marks.length > 0, 'the game has marked turns');
    assert.deepEqual(noted, marks, 'the marks in the record');
    // Replay: the positions of the online game, its last one counted
    await page.click('[data-action=replay]');
    await page.locator('#replay').waitFor({ state: 'visible' });
    assert.equal(await page.locator('section.online').isVisible(), false, 'the replay in place of the game');
    assert.equal(await page.locator('.rp-count').textContent(), `0 / ${h.records.length}`);
    assert.deepEqual(
      await page.locator('.rp-log li[data-record]').evaluateAll((li) => li.map((e) => e.dataset.record)),
      h.records,
    );
    await page.click('[data-action=replay-last]');
    assert.equal(await page.locator('.rp-count').textContent(), `${h.records.length} / ${h.records.length}`);
    await page.click('[data-action=replay-close]');
    await page.locator('section.online').waitFor({ state: 'visible' });
    // Share link: opened in the guest's browser, it shows the same game in the replay view
    await page.click('[data-action=share-record]');
    await page.waitForFunction(() => document.querySelector('#share-link').value.includes('#record='));
    assert.ok(await page.locator('#share-link').isVisible(), 'the link is shown');
    const shared = await page.inputValue('#share-link');
    assert.match(shared, /#record=/);
    const reader = await person(shared);
    await reader.page.locator('#replay').waitFor({ state: 'visible' });
    assert.deepEqual(
      await reader.page.locator('.rp-log li[data-record]').evaluateAll((li) => li.map((e) => e.dataset.record)),
      h.records,
    );
    await host.page.screenshot({ path: join(outDir, 'online-demo-host.png') });
    await guest.page.screenshot({ path: join(outDir, 'online-demo-guest.png') });
    assert.deepEqual(host.errors, []);
    assert.deepEqual(guest.errors, []);
    assert.deepEqual(reader.errors, []);
    for (const p of [host, guest, reader]) await p.context.close();
  } finally {
    await server.stop();
  }
});

test('a match with the cube online: a double taken and a resignation through the buttons, drawn alike on both pages and for a watcher', async () => {
  const server = await startServer();
  try {
    const host = await person(`${server.url}/www/`);
    const link = await createMatch(host.page, { length: '3' });
    const guest = await person(link);
    let g = await until(guest.page, (d) => d.version > 0 && d.turn, 'the guest in the match');
    let h = await until(host.page, (d) => d.other === 'Blue is connected.', 'the host seeing the guest');
    assert.deepEqual(h.buttons, buttonsOn('roll', 'double', 'resign'));
    assert.deepEqual(g.buttons, buttonsOn('resign'));
    assert.equal(h.cube, 'Cube 1, centred');
    // Red doubles; Blue is asked and takes
    await host.page.click('section.online [data-action=double]');
    g = await until(guest.page, (d) => d.buttons.take, 'the double on the guest');
    assert.equal(g.turn, 'Red doubles: Blue to take or drop');
    assert.deepEqual(g.buttons, buttonsOn('take', 'drop', 'resign'));
    await guest.page.click('section.online [data-action=take]');
    h = await until(host.page, (d) => d.cube === 'Cube 2, owned by Blue' && d.buttons.roll, 'the take on the host');
    g = await until(guest.page, (d) => d.cube === 'Cube 2, owned by Blue', 'the take on the guest');
    // the log's cube lines are the match's own (its lines), the same on both pages
    assert.deepEqual(h.log, ['Game 1', 'Red doubles', 'Blue takes']);
    assert.deepEqual(g.log, h.log);
    // Blue resigns (asked first): Red wins 2 points; either may start the next game
    await guest.page.click('section.online [data-action=resign]');
    await guest.page.click('section.online [data-action=confirm-resign]');
    h = await until(host.page, (d) => d.winner, 'the resignation on the host');
    assert.equal(h.winner, 'Red wins 2 points (resignation)');
    g = await until(guest.page, (d) => d.buttons['next-game'], 'the end of game 1 on the guest');
    assert.deepEqual(g.log, ['Game 1', 'Red doubles', 'Blue takes', 'Blue resigns', 'Red wins 2 points (resignation)']);
    assert.deepEqual(h.log, g.log);
    // a third browser opening the link watches: the same match drawn, nothing to click, no link box
    const watcher = await person(link);
    const w = await until(watcher.page, (d) => d.version > 0 && d.winner, 'the watcher');
    assert.equal(w.seat, 'Both seats of this match are taken: you are watching it.');
    assert.deepEqual(w.log, g.log);
    assert.equal(w.winner, h.winner);
    assert.ok(Object.values(w.buttons).every((on) => !on) && w.targets.length === 0 && !w.link);
    await guest.page.click('section.online [data-action=next-game]');
    h = await until(host.page, (d) => d.log.includes('Game 2'), 'game 2 on the host');
    assert.match(h.turn, /^(Red|Blue) to roll$/);
    assert.deepEqual((await until(guest.page, (d) => d.log.includes('Game 2'), 'game 2 on the guest')).log, h.log);
    assert.deepEqual((await until(watcher.page, (d) => d.log.includes('Game 2'), 'game 2 on the watcher')).log, h.log);
    assert.deepEqual(host.errors, []);
    assert.deepEqual(guest.errors, []);
    assert.deepEqual(
      watcher.errors.filter((e) => !/status of 409/.test(e)),
      [],
      'only the refused join (both seats taken)',
    );
    for (const p of [host, guest, watcher]) await p.context.close();
  } finally {
    await server.stop();
  }
});

test('a reload, and a lost connection, come back to the same seat in the middle of a game', async () => {
  const db = mkdtempSync(join(tmpdir(), 'steere-online-demo-'));
  let server = await startServer({ db });
  try {
    // the creator chooses Blue this time: the link's opener plays Red
    const host = await person(`${server.url}/www/`);
    const link = await createMatch(host.page, { colour: 'blue' });
    const guest = await person(link);
    await until(
      guest.page,
      (d) => d.seat === 'You play Red.' && d.turn === 'Red to roll' && d.buttons.roll,
      'the guest as Red',
    );
    assert.equal((await drawn(host.page)).seat, 'You play Blue.');
    const people = [host, guest];
    const random = rng(11);
    await playUntil(people, (d) => d.records.length >= 2 || d.winner !== null, { random });
    const before = await drawn(guest.page);

    // a reload: the kept credentials take the same seat, the game is where it was
    await guest.page.reload();
    await guest.page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
    const after = await until(guest.page, (d) => d.version > 0 && d.turn, 'the reloaded page');
    assert.equal(after.seat, 'You play Red.');
    assert.deepEqual(after.log, before.log);
    assert.equal(after.turn, before.turn);
    assert.deepEqual(after.buttons, before.buttons);
    assert.deepEqual(after.targets, before.targets, 'the same targets on the board, on the same seat');
    assert.ok(after.board.width > 200 && after.board.height > 150);
    assert.equal(guest.page.url(), link);

    // a lost connection: the server stops, both pages say so, and when it is back they go on
    const port = new URL(server.url).port;
    await server.stop();
    await until(host.page, (d) => d.lost !== null, 'the lost connection on the host');
    const lost = await until(guest.page, (d) => d.lost !== null, 'the lost connection on the guest');
    assert.equal(lost.lost, 'The connection to the server is lost: reconnecting…');
    assert.equal(
      lost.targets.length + Object.values(lost.buttons).filter(Boolean).length,
      0,
      'nothing to click while the server is away',
    );
    await guest.page.locator('body').press('r');
    const away = await until(guest.page, (d) => d.refused, 'the refusal while away');
    assert.equal(away.refused, 'Not sent: the connection to the server is lost.');
    await host.page.screenshot({ path: join(outDir, 'online-demo-lost.png') });
    server = await startServer({ db, port: Number(port) });
    for (const p of people)
      await until(
        p.page,
        (d) => d.lost === null && (d.buttons.roll || d.targets.length > 0 || d.turn),
        'the reconnection',
        30000,
      );
    const back = await drawn(guest.page);
    assert.equal(back.seat, 'You play Red.');
    assert.equal(back.refused, null, 'the refusal goes with the connection back');
    assert.deepEqual(back.log, before.log);
    // and the game goes on from both seats
    const moves = await playUntil(people, (d) => d.records.length >= before.records.length + 2 || d.winner !== null, {
      random,
    });
    assert.ok(moves > 0);
    assert.deepEqual((await drawn(host.page)).log, (await drawn(guest.page)).log);
    assert.deepEqual(
      host.errors.filter((e) => !/WebSocket|ERR_CONNECTION_REFUSED|socket\.io/.test(e)),
      [],
    );
    assert.deepEqual(
      guest.errors.filter((e) => !/WebSocket|ERR_CONNECTION_REFUSED|socket\.io/.test(e)),
      [],
    );
    await host.context.close();
    await guest.context.close();
  } finally {
    await server.stop();
    rmSync(db, { recursive: true, force: true });
  }
});

test("served without a boardgame.io server (make demo), the online option says it needs make online, in the page's language", async () => {
  const { server, url } = await serve(0);
  try {
    const { context, page, errors } = await person(`${url}/www/`);
    await page.selectOption('[data-option=opponent]', 'online');
    await page.waitForSelector('[data-online-note][data-ok=false]', { timeout: 20000 });
    const note = await page.textContent('[data-online-note]');
    assert.match(note, /needs the reference server/);
    assert.match(note, /make online/);
    // Create is disabled, described by that line; the local game stays, no section of online play appears
    assert.ok(await page.isDisabled('[data-action=new-game]'));
    assert.equal(
      await page.getAttribute('[data-action=new-game]', 'aria-describedby'),
      await page.getAttribute('[data-online-note]', 'id'),
    );
    await page.click('[data-action=new-game]', { force: true });
    await page.waitForTimeout(300);
    assert.equal(await page.$('section.online'), null);
    assert.ok(await page.$('steere-game'));
    // another opponent: Start new game is enabled again
    await page.selectOption('[data-option=opponent]', 'bot');
    assert.ok(await page.isEnabled('[data-action=new-game]'));
    assert.equal(await page.textContent('[data-action=new-game]'), 'Start new game');
    // a match's link opened here says the same
    await page.goto(`${url}/www/?match=abc`);
    await page.waitForSelector('section.online .problem:not([hidden])', { timeout: 20000 });
    assert.match(await page.textContent('section.online .problem'), /make online/);
    // in the page's language: ?lang=es, and the picker's change says it again at once in Russian
    await page.goto(`${url}/www/?lang=es`);
    await page.waitForSelector('body[data-ready="true"]', { state: 'attached', timeout: 30000 });
    await page.selectOption('[data-option=opponent]', 'online');
    await page.waitForSelector('[data-online-note][data-ok=false]', { timeout: 20000 });
    assert.match(
      await page.textContent('[data-online-note]'),
      /^Para jugar en línea hace falta el servidor de referencia.*make online/,
    );
    assert.equal(await page.textContent('[data-action=new-game]'), 'Crear partida en línea');
    assert.ok(await page.isDisabled('[data-action=new-game]'));
    await page.selectOption('#language', 'ru');
    await page.waitForFunction(() => document.querySelector('[data-online-note]').textContent.startsWith('Для'), null, {
      timeout: 20000,
    });
    assert.match(await page.textContent('[data-online-note]'), /^Для игры онлайн нужен эталонный сервер.*make online/);
    assert.equal(await page.textContent('[data-action=new-game]'), 'Создать онлайн-партию');
    // the probe of the lobby finds none without an error in the console (GET /games: 204 here)
    assert.deepEqual(errors, []);
    await context.close();
  } finally {
    server.closeAllConnections();
    server.close();
  }
});
