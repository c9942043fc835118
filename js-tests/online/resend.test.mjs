// OnlineGame sends a move again when the server refused it only because a presence write (a seat coming
// back, G.away; a clock started, G.clock) took its state number first: the game it was made on is unchanged,
// so the person's move still stands. boardgame.io's client is replaced by a recorder here, which delivers
// the server's updates in the order a test chooses (the race is not left to timing).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { adapter, root } from './helpers.mjs';

const { OnlineGame } = await import(join(root, 'pkg', 'boardgameio-client.js'));
const { jokerballGame, presence } = adapter;

const T0 = 1_796_000_000_000;
const game = jokerballGame();
const both = { 0: { taken: true, connected: true }, 1: { taken: true, connected: true } };
const G0 = game.setup({});

// A stand-in for boardgame.io's Client: records the moves sent with the state number they were made on.
function recorder() {
  const sent = [];
  const listeners = new Set();
  let state = null;
  const client = {
    getState: () => state,
    subscribe(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    start() {},
    stop() {},
    matchData: [],
    moves: new Proxy(
      {},
      {
        get:
          (_, name) =>
          (...args) =>
            sent.push({ name, args, stateID: state._stateID }),
      },
    ),
  };
  const deliver = (G, stateID, gameover) => {
    state = { G, ctx: { currentPlayer: '0', gameover }, _stateID: stateID, isConnected: true };
    for (const fn of [...listeners]) fn();
  };
  const online = new OnlineGame({
    Client: () => client,
    SocketIO: () => null,
    game,
    server: 'http://127.0.0.1:1',
    matchID: 'm',
    playerID: '0',
    credentials: 'c',
  });
  return { online, sent, deliver };
}

const awayOf = (G, seat) => presence(game, G, { ...both, [seat]: { taken: true, connected: false } }, T0);
const otherGame = (G) => ({ ...G, state: { ...G.state, history: ['4/5 b1-f1 f6>f10'] } });

test('a move overtaken by a presence write is sent again on the new state, once', () => {
  const { online, sent, deliver } = recorder();
  deliver(G0, 5);
  assert.equal(online.roll(), null);
  assert.deepEqual(sent, [{ name: 'roll', args: [], stateID: 5 }]);
  deliver(awayOf(G0, '1'), 6); // the other seat left: written before the roll, which the server then refused
  assert.deepEqual(sent.at(-1), { name: 'roll', args: [], stateID: 6 });
  assert.equal(sent.length, 2);
  deliver(otherGame(G0), 7); // the roll landed
  deliver({ ...otherGame(G0), away: { ...G0.away, 1: T0 } }, 8);
  assert.equal(sent.length, 2, 'nothing sent once the game has moved on');
});

test('a move is not sent again when the game changed (it landed, or another move came first)', () => {
  const { online, sent, deliver } = recorder();
  deliver(G0, 5);
  online.roll();
  deliver(otherGame(G0), 6);
  assert.equal(sent.length, 1);
});

test('an update of the state the move was made on, or an older one, sends nothing', () => {
  const { online, sent, deliver } = recorder();
  deliver(G0, 5);
  online.roll();
  deliver(G0, 5);
  deliver(G0, 4);
  assert.equal(sent.length, 1);
});

test('a move is sent again at most three times, and not once the game is over', () => {
  const { online, sent, deliver } = recorder();
  let G = G0;
  deliver(G, 5);
  online.roll();
  for (let id = 6; id <= 10; id++) {
    G = awayOf(id % 2 ? G0 : G, id % 2 ? '1' : '0');
    deliver(G, id);
  }
  assert.equal(sent.length, 4, 'the move and three more');

  const r = recorder();
  r.deliver(G0, 5);
  r.online.roll();
  r.deliver(awayOf(G0, '1'), 6, { winner: '1', reason: 'abandoned' });
  assert.equal(r.sent.length, 1);
});
