// Two Chromium browsers (separate contexts: separate localStorage) play a Zola game through the reference
// server with steere-games/boardgameio/client and the server's /vendor/boardgameio.js, without a bundler:
// one creates the match, the other opens its link, a refused move says why, and a reload in the middle of
// the game rejoins the same seat.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from './helpers.mjs';
import { launch } from '../browser/helpers.mjs';

// The test page comes from the browser's route, not from 127.0.0.1, so Chromium would count its socket to
// the server as local network access and block the WebSocket (socket.io would fall back to polling).
const NO_LOCAL_NETWORK_CHECKS = ['--disable-features=LocalNetworkAccessChecks'];

// The test page: served by the browser's own route at /online-test.html of the server's origin, so that
// its modules come from the server (/pkg/, /vendor/).
const PAGE = `<!doctype html><meta charset="utf-8"><title>online</title><link rel="icon" href="data:,">
<script type="importmap">{ "imports": {
  "steere-games": "/pkg/steere_games.js",
  "steere-games/boardgameio": "/pkg/boardgameio.js",
  "steere-games/boardgameio/client": "/pkg/boardgameio-client.js" } }</script>
<script type="module">
  import init from 'steere-games';
  import { Client, SocketIO } from '/vendor/boardgameio.js';
  import { zolaGame } from 'steere-games/boardgameio';
  import { OnlineGame, Lobby, matchLink } from 'steere-games/boardgameio/client';
  await init();
  const game = zolaGame({ size: 6, name: 'zola' });
  const lobby = new Lobby({ server: location.origin, gameName: game.name });
  let matchID = new URL(location.href).searchParams.get('match');
  let seat;
  if (matchID) seat = await lobby.rejoin(matchID);
  else {
    ({ matchID, ...seat } = await lobby.createAndJoin({ playerName: 'host' }));
    history.replaceState(null, '', matchLink(matchID)); // a reload opens the same match
  }
  const online = new OnlineGame({ Client, SocketIO, game, server: location.origin, matchID, ...seat }).start();
  window.online = online;
  window.link = matchLink(matchID);
  online.subscribe((v) => { window.view = v; });
  // Plays the first capture (else the first move) when it is this page's turn; returns what move() said.
  window.playOne = () => {
    const e = online.engine();
    const moves = e.legalMoves();
    e.free();
    const caps = moves.filter((m) => m.includes('x'));
    return online.play((caps.length ? caps : moves)[0]);
  };
  document.body.dataset.ready = 'true';
</script>`;

let server;
let browser;

before(async () => {
  server = await startServer();
  browser = await launch(NO_LOCAL_NETWORK_CHECKS);
});

after(async () => {
  if (browser) await browser.close();
  if (server) await server.stop();
});

async function open(context, url) {
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.route(
    (u) => u.pathname === '/online-test.html',
    (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: PAGE }),
  );
  await page.goto(url);
  await page.waitForFunction(() => window.view?.synced, null, { timeout: 20000 });
  return { page, errors };
}

const view = (page) =>
  page.evaluate(() => {
    const { G, ...rest } = window.view;
    return rest;
  });

test('two browsers play a Zola game; a refusal says why; a reload rejoins the seat', async () => {
  const host = await browser.newContext();
  const guest = await browser.newContext();
  const a = await open(host, `${server.url}/online-test.html`);
  const link = await a.page.evaluate(() => window.link);
  assert.match(link, /\/online-test\.html\?match=/);
  const b = await open(guest, link);
  const pages = { 0: a, 1: b };
  assert.equal((await view(a.page)).seat, '0');
  assert.equal((await view(b.page)).seat, '1');
  assert.equal((await view(a.page)).colour, 'red');
  // Blue tries to move first: not sent, and the page knows why.
  assert.equal(await b.page.evaluate(() => window.playOne()), 'not_your_turn');
  assert.equal((await view(b.page)).refused.code, 'not_your_turn');
  assert.equal(await a.page.evaluate(() => window.online.play('zz9-zz10')), 'parse_error');
  assert.equal(await a.page.evaluate(() => window.online.roll()), 'invalid_option');
  let moves = 0;
  let reloaded = false;
  for (;;) {
    const v = await view(a.page);
    if (v.over) break;
    assert.ok(moves++ < 500, 'the game did not end');
    const seat = v.toAct;
    const { page } = pages[seat];
    const before = v.state.history.length;
    assert.equal(await page.evaluate(() => window.playOne()), null);
    for (const p of [a.page, pages['1'].page]) {
      await p.waitForFunction((n) => window.view.state.history.length > n, before, { timeout: 10000 });
    }
    if (moves === 10 && !reloaded) {
      // The host reloads: the kept credentials take the same seat back, and the game is where it was.
      reloaded = true;
      const history = (await view(a.page)).state.history;
      await a.page.reload();
      await a.page.waitForFunction(() => window.view?.synced, null, { timeout: 20000 });
      const after = await view(a.page);
      assert.equal(after.seat, '0');
      assert.deepEqual(after.state.history, history);
      // The server records the seat's absence and its return (G.away, each a stored state of its own): a
      // move made before both are in would be on an old state, refused and shown so (a person makes it again).
      for (const p of [a.page, b.page])
        await p.waitForFunction(() => window.view.away && window.view.away['0'] === null, null, { timeout: 10000 });
      await a.page.waitForTimeout(500);
    }
  }
  const end = [await view(a.page), await view(b.page)];
  assert.ok(reloaded);
  assert.equal(end[0].winner, end[1].winner);
  assert.ok(end[0].winner === '0' || end[0].winner === '1');
  assert.deepEqual(a.errors, []);
  assert.deepEqual(b.errors, []);
  await host.close();
  await guest.close();
});
