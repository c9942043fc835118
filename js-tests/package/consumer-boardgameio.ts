// Compiled with `tsc --strict --noEmit` against the installed package and boardgame.io 0.50: the games
// of steere-games/boardgameio are boardgame.io games, and the browser client takes boardgame.io's pieces.
import { Server, FlatFile, SocketIO as ServerSocketIO } from 'boardgame.io/server';
import { Client } from 'boardgame.io/client';
import { SocketIO } from 'boardgame.io/multiplayer';
import type { Game } from 'boardgame.io';
import { jokerballGame, zolaGame, matchGame, engineOf, whyIllegal, checkState } from 'steere-games/boardgameio';
import type { SteereG, RefusalCode, SeatID } from 'steere-games/boardgameio';
import { OnlineGame, Lobby, matchLink } from 'steere-games/boardgameio/client';
import type { OnlineView, Seat } from 'steere-games/boardgameio/client';
import type { JokerballState, Jokerball, Match } from 'steere-games';
import {
  CheckedStorage,
  MemoryStore,
  RedisPubSub,
  LocalPubSub,
  guardSockets,
  PlayerLobby,
  MemoryLobbyStore,
  PostgresLobbyStore,
} from 'steere-games/boardgameio/server';
import type { SeekPage, PairedSeat, LobbyPlayer, RatedResult } from 'steere-games/boardgameio/server';

const jokerball = jokerballGame({ rules: '2025', size: 4, name: 'jokerball-4' });
const zola = zolaGame({ size: 8, pie: true });
const match = matchGame({ game: 'zola', length: 5, cube: true });
const asGame: Game = jokerball;
const server = Server({ games: [jokerball, zola, match], db: new FlatFile({ dir: '/tmp/x' }) });
const client = Client({
  game: match,
  multiplayer: SocketIO({ server: 'http://localhost:8000' }),
  matchID: 'm',
  playerID: '0',
});

const G: SteereG<JokerballState> = jokerball.setup({});
const engine: Jokerball = engineOf(G);
const m: Match = engineOf(match.setup({}));
const code: RefusalCode | null = whyIllegal(G, '0', 'play', 'a1-a2');
const refused: boolean = checkState(zola, G) !== null;

const online = new OnlineGame({
  Client,
  SocketIO,
  game: jokerball,
  server: 'http://localhost:8000',
  matchID: 'm',
  playerID: '0',
  credentials: 'c',
});
online.subscribe((view: OnlineView) => {
  const seat: SeatID | null = view.toAct;
  console.log(seat, view.myTurn, view.refused?.code, view.state?.game);
});
const sent: string | null = online.play('a1-a2') ?? online.roll();
const lobby = new Lobby({ server: 'http://localhost:8000', gameName: 'jokerball-4' });
async function join(id: string): Promise<Seat> {
  const seat = await lobby.rejoin(id, { playerName: 'me' });
  console.log(matchLink(id, 'http://localhost:8000/www/'));
  return seat;
}
console.log(asGame, server, client, engine, m, code, refused, sent, join);

// A site's own server on several processes: the checked storage over any storage, the pub/sub, the guard.
const games = [jokerball, zola, match];
const checked = new CheckedStorage(new FlatFile({ dir: '/tmp/x' }), games, {
  log: (line: string) => console.log(line),
});
const inMemory = new CheckedStorage(new MemoryStore(), games);
const redisPubSub = new RedisPubSub({ url: 'redis://127.0.0.1:6379' });
const cluster = Server({
  games,
  db: checked,
  transport: new ServerSocketIO({ pubSub: checked.publishAfterWrite(redisPubSub) }),
});
guardSockets(cluster, games, checked);
const single = Server({
  games,
  db: inMemory,
  transport: new ServerSocketIO({ pubSub: inMemory.publishAfterWrite(new LocalPubSub()) }),
});
guardSockets(single, games, inMemory);
const stored: Promise<void> = checked
  .fetch('m', { state: true })
  .then(({ state }) => (state ? checked.setState('m', { ...state, _stateID: state._stateID + 1 }) : undefined));
console.log(server, client, asGame, engine, m, code, refused, stored, checked.stats.conflicts, redisPubSub.connect());

// The lobby: players, seeks, pairing and ratings, with a site's own accounts or tokens.
const players = new PlayerLobby({
  games,
  storage: inMemory,
  store: new MemoryLobbyStore(),
  authenticate: (request) =>
    typeof request.headers['x-user'] === 'string' ? { playerID: request.headers['x-user'], name: 'Ada' } : null,
  rateLimits: { players: { points: 5, duration: 60 }, pair: null },
});
const installed: Promise<PlayerLobby> = players.install(single);
const page: Promise<SeekPage> = players.seeks('jokerball');
const seat: Promise<PairedSeat> = players.pair({ id: 'ada', name: 'Ada' }, 'jokerball');
const onPostgres = new PlayerLobby({
  games,
  storage: checked,
  store: new PostgresLobbyStore({ url: 'postgres://localhost/db' }),
  redis: 'redis://127.0.0.1:6379',
});
const shown = (p: LobbyPlayer): string => `${p.name}: ${p.ratings.zola?.rating ?? 1500}`;
const rated = (r: RatedResult): number => r.winner.after.rating - r.winner.before.rating;
console.log(installed, page, seat, onPostgres.stats.rated, shown, rated, checked.onEnd);
