// The demo's lobby view (www/lobby.js) as people use it: two Chromium contexts (separate localStorage) on
// the reference server (one process, in memory). Each enters a name; one presses Play anyone and waits,
// the other sees that open seat with the first's name, rating and clock, and pairs; both end in the same
// match, play by clicks, and see their rating change when a tiny clock ends it. Then, at 390 px in Spanish
// and Russian: a reload of a waiting page comes back to the waiting match, Cancel goes back to the lobby and
// the seat leaves the other page's list, and a listed seat's Play pairs the two. Screenshots in test-output/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { startServer } from './helpers.mjs';
import { launch, outDir, rng } from '../browser/helpers.mjs';
import { person as open, seen, until, choose, play, fits } from './lobby-pages.mjs';

let browser;
let server;
before(async () => {
  [browser, server] = await Promise.all([launch(), startServer({ args: ['--rate-players', '100'] })]);
});
after(async () => {
  await browser?.close();
  await server?.stop();
});
const person = (lang, options) => open(browser, server.url, lang, options);

test('two people pair by clicks in the lobby, play, and see their rating change when the clock ends the match', async (t) => {
  const t0 = Date.now();
  const ann = await person('en');
  const bob = await person('en');
  // a tiny clock (a free second a turn, a 6 s reserve): the match ends on time soon after the moves
  const clock = { clock: 'custom', custom: { delay: 1, reserve: 6, increment: 0 } };
  // a name with markup in it is text: shown as typed, never made into elements
  await choose(ann.page, { size: '4', ...clock, name: '<b>Ann</b>' });
  let a = await seen(ann.page);
  assert.equal(a.lobby.title, 'Play someone online');
  assert.equal(a.lobby.nameNote, 'A new name: you become a player of this server, rated 1500, when you first play.');
  assert.deepEqual(a.lobby.ratings, ['Jokerball: 1500 (no rated match yet)', 'Zola: 1500 (no rated match yet)']);
  assert.equal(
    a.lobby.anyoneNote,
    'Takes the oldest open seat of Jokerball, 2025 rules, side 4 with this clock (6 s, 1 s free a turn), or opens one for the next player.',
  );
  assert.equal(a.lobby.seatsTitle, 'Open seats: Jokerball, 2025 rules, side 4');
  assert.match(a.lobby.empty, /^No open seats of this game now/);

  // Ann presses Play anyone: no one is waiting, so her seat opens and she waits, Cancel at hand
  await ann.page.click('#lobby [data-action=play-anyone]');
  a = await until(ann.page, (d) => d.online?.waiting, 'the waiting state');
  assert.equal(
    a.online.waiting,
    'Waiting for an opponent: your seat is open in the lobby, and the first player to take it plays you.',
  );
  assert.equal(a.online.cancel, 'Cancel');
  assert.equal(a.focus, 'cancel-seek', 'the keyboard goes on at Cancel');
  assert.equal(a.lobby, null, 'the lobby view steps aside while waiting');
  assert.equal(a.online.link, false);
  assert.equal(a.online.seat, 'You play Red.');
  assert.deepEqual([a.online.roll, a.online.targets.length], [false, 0], 'nothing to play before an opponent comes');
  assert.match(a.url, /\/www\/\?match=[\w-]+$/, "the match's link (a reload opens it again)");

  // Bob sees her seat with her name, rating and clock
  await choose(bob.page, { size: '4', ...clock, name: 'Bob' });
  let b = await until(bob.page, (d) => d.lobby.seats.length === 1, "Ann's seat in Bob's list");
  assert.deepEqual(b.lobby.seats, [
    {
      match: a.online.match,
      player: '<b>Ann</b>',
      markup: 0,
      rating: '(1500)',
      clock: '6 s, 1 s free a turn',
      play: 'Play',
    },
  ]);
  assert.equal(
    await bob.page.getAttribute('#lobby .lb-seats button', 'aria-label'),
    'Play <b>Ann</b> (rating 1500), 6 s, 1 s free a turn',
  );
  // and presses Play anyone too: paired with her
  await bob.page.click('#lobby [data-action=play-anyone]');
  b = await until(bob.page, (d) => d.online?.version > 0 && d.online.turn, 'Bob in the match');
  assert.equal(b.online.match, a.online.match, 'both pages in the same match');
  assert.equal(b.online.seat, 'You play Blue.');
  assert.equal(b.online.against, 'Your opponent: <b>Ann</b>.');
  assert.equal(b.online.waiting, null);
  a = await until(ann.page, (d) => d.online.against && !d.online.waiting, 'Ann seeing Bob');
  assert.equal(a.online.against, 'Your opponent: Bob.');
  assert.equal(a.online.other, 'Blue is connected.');
  assert.equal(await ann.page.locator('section.online .against b').count(), 0);

  // a few moves by clicks
  const moves = await play([ann, bob], 4, rng(5));
  assert.equal(moves, 4);
  // then nobody moves: the clock of the player to act runs out, and both see the rating change (FIBS:
  // two newcomers of 1500, one game: 4 * 5 * (1 - 1/2) = 10)
  const ends = await Promise.all(
    [ann, bob].map((p) => until(p.page, (d) => d.online.rating, 'the rating change', 30000)),
  );
  const [winner, loser] = ends[0].online.outcome === 'You win!' ? ends : [ends[1], ends[0]];
  assert.equal(winner.online.outcome, 'You win!');
  assert.equal(loser.online.outcome, 'You lose.');
  assert.match(winner.online.winner, /wins on time$/);
  assert.equal(winner.online.rating, 'Your Jokerball rating: 1500 → 1510 (+10).');
  assert.equal(loser.online.rating, 'Your Jokerball rating: 1500 → 1490 (-10).');
  // the lobby comes back after the match, with the new rating
  const back = await until(
    ann.page,
    (d) => d.lobby && /\(1 rated match\)/.test(d.lobby.ratings[0]),
    "Ann's lobby with her new rating",
  );
  const annRating = back.lobby.ratings[0];
  assert.match(annRating, /^Jokerball: 1(510|490) \(1 rated match\)$/);
  // a new name is a new player (the server renames no one); the name used before comes back with its rating
  await ann.page.fill('#lobby-name', 'Ann');
  await ann.page.press('#lobby-name', 'Enter');
  let renamed = await until(
    ann.page,
    (d) => d.lobby.ratings[0] === 'Jokerball: 1500 (no rated match yet)',
    "the new name's ratings",
  );
  assert.match(
    renamed.lobby.nameNote,
    /^A new name is a new player, rated 1500 \(names cannot be changed on the server\)/,
  );
  await ann.page.fill('#lobby-name', '<b>Ann</b>');
  await ann.page.press('#lobby-name', 'Enter');
  renamed = await until(ann.page, (d) => d.lobby.ratings[0] === annRating, "the old name's rating back");
  assert.equal(renamed.lobby.nameNote, 'Your ratings on this server:');
  for (const p of [ann, bob]) fits(await seen(p.page));
  await ann.page.screenshot({ path: join(outDir, 'lobby-end-en.png') });
  await ann.page.locator('#lobby').screenshot({ path: join(outDir, 'lobby-after-en.png') });
  assert.deepEqual([...ann.errors, ...bob.errors], []);
  await Promise.all([ann.context.close(), bob.context.close()]);
  t.diagnostic(
    `paired, ${moves} moves, the end on time and the rating change in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
});

test("at 390 px in Spanish and Russian: a reload comes back to the waiting match, Cancel goes back to the lobby, a listed seat's Play pairs", async () => {
  const ana = await person('es', { phone: true });
  const boris = await person('ru', { phone: true });
  await choose(ana.page, { game: 'zola', name: 'Ana' });
  await choose(boris.page, { game: 'zola', name: 'Борис' });
  let a = await seen(ana.page);
  assert.equal(a.lobby.title, 'Jugar con alguien en línea');
  assert.deepEqual(a.lobby.ratings, [
    'Zola: 1500 (aún sin partidas puntuadas)',
    'Jokerball: 1500 (aún sin partidas puntuadas)',
  ]);
  let b = await seen(boris.page);
  assert.equal(b.lobby.title, 'Игра с кем-нибудь по сети');
  assert.match(b.lobby.empty, /^Сейчас свободных мест в этой игре нет/);
  for (const d of [a, b]) fits(d);
  await boris.page.locator('#lobby').screenshot({ path: join(outDir, 'lobby-empty-ru-390.png') });

  // Ana waits; a reload comes back to the same waiting match
  await ana.page.click('#lobby [data-action=play-anyone]');
  a = await until(ana.page, (d) => d.online?.waiting, 'Ana waiting');
  const first = a.online.match;
  assert.equal(
    a.online.waiting,
    'Esperando rival: tu puesto está libre en el vestíbulo, y quien lo ocupe primero juega contigo.',
  );
  assert.equal(a.online.cancel, 'Cancelar');
  fits(a);
  await ana.page.screenshot({ path: join(outDir, 'lobby-waiting-es-390.png') });
  await ana.page.reload();
  await ana.page.waitForSelector('body[data-ready="true"]', { state: 'attached', timeout: 30000 });
  a = await until(ana.page, (d) => d.online?.waiting, 'Ana waiting after the reload');
  assert.equal(a.online.match, first);
  assert.equal(a.online.seat, 'Juegas con Rojo.');

  // Boris sees her seat, in Russian
  b = await until(boris.page, (d) => d.lobby.seats.length === 1, "Ana's seat in Boris's list");
  assert.deepEqual(b.lobby.seats, [
    { match: first, player: 'Ana', markup: 0, rating: '(1500)', clock: 'без часов', play: 'Играть' },
  ]);
  assert.equal(b.lobby.seatsTitle, 'Свободные места: Zola 6×6');
  fits(b);
  await boris.page.locator('#lobby').screenshot({ path: join(outDir, 'lobby-seats-ru-390.png') });
  // the list is of the game chosen in the panel: another game, another list
  await boris.page.selectOption('[data-option=game]', 'jokerball');
  b = await until(
    boris.page,
    (d) => /^Свободные места: Jokerball/.test(d.lobby.seatsTitle) && d.lobby.empty,
    "Jokerball's list",
  );
  assert.deepEqual(b.lobby.seats, []);
  await boris.page.selectOption('[data-option=game]', 'zola');
  await until(boris.page, (d) => d.lobby.seats.length === 1, "Zola's list again");

  // Cancel: Ana is back in the lobby, and the seat leaves Boris's list
  await ana.page.click('section.online [data-action=cancel-seek]');
  a = await until(
    ana.page,
    (d) => d.lobby?.anyone && !d.online && d.focus === 'play-anyone',
    'Ana back in the lobby, at Play anyone',
  );
  assert.doesNotMatch(a.url, /match=/);
  assert.equal((await fetch(`${server.url}/games/zola/${first}`)).status, 404, 'the cancelled match is gone');
  b = await until(boris.page, (d) => d.lobby.seats.length === 0, "the seat gone from Boris's list", 10000);

  // by the keyboard now: Ana waits again (Enter on Play anyone); Boris tabs to that seat's Play, which
  // keeps the focus while the list is asked again, and presses Enter
  await ana.page.keyboard.press('Enter');
  a = await until(ana.page, (d) => d.online?.waiting, 'Ana waiting again');
  b = await until(
    boris.page,
    (d) => d.lobby.seats.length === 1 && d.lobby.seats[0].match === a.online.match,
    "the new seat in Boris's list",
    10000,
  );
  await boris.page.focus('#lobby [data-action=play-anyone]');
  await boris.page.keyboard.press('Tab');
  const playing = () => boris.page.evaluate(() => document.activeElement.dataset.match ?? null);
  assert.equal(await playing(), a.online.match, "Tab goes from Play anyone to the seat's Play");
  await boris.page.waitForTimeout(4500);
  assert.equal(await playing(), a.online.match, 'still there after the list was asked again');
  await boris.page.keyboard.press('Enter');
  b = await until(boris.page, (d) => d.online?.version > 0 && d.online.turn, 'Boris in the match');
  assert.equal(b.online.match, a.online.match);
  assert.equal(b.online.against, 'Ваш соперник: Ana.');
  a = await until(ana.page, (d) => d.online.against && !d.online.waiting, 'Ana seeing Boris');
  assert.equal(a.online.against, 'Tu rival: Борис.');
  const moves = await play([ana, boris], 2, rng(9));
  assert.equal(moves, 2);
  for (const p of [ana, boris]) {
    const d = await seen(p.page);
    assert.equal(d.online.records, 2);
    fits(d);
  }
  await ana.page.screenshot({ path: join(outDir, 'lobby-match-es-390.png') });
  await boris.page.screenshot({ path: join(outDir, 'lobby-match-ru-390.png') });
  assert.deepEqual([...ana.errors, ...boris.errors], []);
  await Promise.all([ana.context.close(), boris.context.close()]);
});
