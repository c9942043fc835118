// steere-games/boardgameio/client: a browser's side of online play against a boardgame.io server that runs
// the games of steere-games/boardgameio. OnlineGame wraps a boardgame.io client: it exposes the state, sends
// moves, and says why a move was refused (boardgame.io's clients are never told: the reason is computed here
// with whyIllegal before anything is sent). Lobby creates and joins matches through the server's lobby API
// and keeps each seat's credentials (in localStorage by default), so that a reload rejoins the match.
// boardgame.io itself is passed in ({ Client, SocketIO }): this module imports none of it.
import { engineOf, whyIllegal, claimableAt } from './boardgameio.js';

// The seat ('0' or '1') to act in a state, the colour a seat holds, and the winner's seat, from the engine
// (who acts: the engine's toAct, the one definition the adapter and the board elements use too).
function read(G, seat) {
  const engine = engineOf(G);
  try {
    const isMatch = G.state.game === 'match';
    const swapped = isMatch ? false : engine.swapped === true;
    const seatOf = (colour) => ((colour === 'red') !== swapped ? '0' : '1');
    const colour = seat === '0' || seat === '1' ? ((seat === '0') !== swapped ? 'red' : 'blue') : null;
    const over = engine.phase === (isMatch ? 'match-over' : 'over');
    const who = engine.toAct?.player ?? null;
    return { colour, toAct: who === null ? null : seatOf(who), over, winner: over ? seatOf(engine.winner) : null };
  } finally {
    engine.free();
  }
}

/** One seat (or a spectator) of one match, over a boardgame.io socket.io client. */
export class OnlineGame {
  /**
   * @param {object} o
   *   Client, SocketIO: boardgame.io's (from 'boardgame.io/client' and 'boardgame.io/multiplayer');
   *   game: the same game object as the server's (jokerballGame(...) etc.); server: the server's URL;
   *   matchID; playerID ('0', '1', or null for a spectator); credentials (from the lobby's join).
   */
  constructor({ Client, SocketIO, game, server, matchID, playerID = null, credentials }) {
    this.playerID = playerID;
    this.matchID = matchID;
    this.refused = null;
    this.pending = null; // the last move sent: { name, args, stateID, game (its G.state's JSON), tries }
    this.listeners = new Set();
    this.serverOffsetMs = null; // estimated server clock minus Date.now(), from the clocks' `since`
    this.client = Client({
      game,
      // The match's ID rides on the connection (`?matchID=`), so that a cluster's proxy can send both seats
      // of a match to one process (docs/online.md, "Several processes: PostgreSQL and Redis"); one server
      // ignores it.
      multiplayer: SocketIO({ server, socketOpts: { query: { matchID } } }),
      matchID,
      playerID: playerID === null ? undefined : playerID,
      credentials,
      numPlayers: 2,
      debug: false,
    });
    this.unsubscribe = this.client.subscribe(() => this.notify());
  }

  /** Connects to the server; the state arrives with the first update. */
  start() {
    this.client.start();
    return this;
  }

  /** Disconnects for good. */
  stop() {
    this.unsubscribe();
    this.client.stop();
    this.listeners.clear();
  }

  /** Calls fn(view) now and at every change (state, connection, refusal); returns the unsubscriber. */
  subscribe(fn) {
    this.listeners.add(fn);
    fn(this.view());
    return () => this.listeners.delete(fn);
  }

  notify() {
    this.estimateOffset();
    this.resendStale();
    const view = this.view();
    for (const fn of [...this.listeners]) fn(view);
  }

  // The server's clock against ours: a clock's `since` and a seat's `away` are the server's time of the write
  // that sent them, so at their arrival the server's clock read at least that; the largest such bound seen
  // is the estimate (short by the one-way latency at most).
  estimateOffset() {
    const G = this.G;
    const stamps = [G?.clock?.since, G?.away?.['0'], G?.away?.['1']].filter((t) => typeof t === 'number' && t > 0);
    if (stamps.length === 0) return;
    const newest = Math.max(...stamps);
    if (newest === this.lastStamp) return;
    this.lastStamp = newest;
    const bound = newest - Date.now();
    if (this.serverOffsetMs === null || bound > this.serverOffsetMs) this.serverOffsetMs = bound;
  }

  // A move is sent with the number of the state it was made on; the server refuses it when another write
  // came first. Writes that change only the seats' presence or the clock's start (G.away, G.clock: a seat
  // reconnecting) leave the game as it was, so a move refused for one of them is sent again, on the new
  // state, when it is still legal there: the person made it on the same game. Any move changes the game's
  // state (G.state), so an update with the same game and a later number means the move was not applied.
  resendStale() {
    const p = this.pending;
    const s = this.client.getState();
    if (!p || !s || s._stateID <= p.stateID) return;
    this.pending = null;
    if (JSON.stringify(s.G.state) !== p.game || p.tries >= 3 || s.ctx.gameover) return;
    if (whyIllegal(s.G, this.playerID, p.name, ...p.args) !== null) return;
    this.pending = { ...p, stateID: s._stateID, tries: p.tries + 1 };
    this.client.moves[p.name](...p.args);
  }

  /** The server's time now, as estimated here. */
  serverNow() {
    return Date.now() + (this.serverOffsetMs ?? 0);
  }

  /** boardgame.io's G ({ state, clock?, away? }), or null before the first update. */
  get G() {
    const s = this.client.getState();
    return s ? s.G : null;
  }

  /**
   * What a page draws: { synced, connected, G, state (the engine's JSON), seat, colour, toAct, myTurn,
   * over, winner (a seat), reason (how it ended: 'goal', 'captured-all', 'drop', 'resign', 'time',
   * 'abandoned'), players (the lobby's names and connections), refused, clock (G.clock or null),
   * serverOffsetMs (the server's time is Date.now() + serverOffsetMs), away ({ '0', '1' }: since when each
   * seat has had no connection, server ms, or null), claimAt (the server time from which this seat may claim
   * the win, or null), canClaim }.
   */
  view() {
    const s = this.client.getState();
    const G = s ? s.G : null;
    const away = G?.away ? { 0: G.away['0'] ?? null, 1: G.away['1'] ?? null } : { 0: null, 1: null };
    const time = {
      clock: G?.clock ? G.clock : null,
      serverOffsetMs: this.serverOffsetMs ?? 0,
      away,
      claimAt: null,
      canClaim: false,
      reason: s?.ctx.gameover ? (s.ctx.gameover.reason ?? null) : null,
    };
    const base = {
      ...time,
      synced: s !== null,
      connected: s ? s.isConnected === true : false,
      G: s ? s.G : null,
      state: s ? s.G.state : null,
      seat: this.playerID,
      colour: null,
      toAct: null,
      myTurn: false,
      over: false,
      winner: null,
      players: Array.isArray(this.client.matchData) ? this.client.matchData : [],
      refused: this.refused,
    };
    if (!s) return base;
    try {
      const r = read(s.G, this.playerID);
      const claimAt = claimableAt(G, this.playerID);
      const canClaim = claimAt !== null && this.serverNow() >= claimAt;
      return { ...base, ...r, myTurn: r.toAct !== null && r.toAct === this.playerID, claimAt, canClaim };
    } catch {
      return base;
    }
  }

  /** A new engine object of the current state (Jokerball, Zola or Match) for a board; free() it when done. */
  engine() {
    const G = this.G;
    return G ? engineOf(G) : null;
  }

  /**
   * Sends a move when it is legal now and returns null; otherwise sends nothing, records the refusal in
   * `refused` ({ move, args, code }) and returns its code: a SteereError code, 'not_your_turn', or
   * 'not_connected' before the first update.
   */
  move(name, ...args) {
    const G = this.G;
    // A claim is judged at the server's time as estimated here (whyIllegal would read this machine's clock).
    const claim =
      name === 'claimWin' && G !== null
        ? this.view().canClaim
          ? null
          : (whyIllegal(G, this.playerID, name) ?? 'not_abandoned')
        : undefined;
    const code =
      G === null ? 'not_connected' : claim !== undefined ? claim : whyIllegal(G, this.playerID, name, ...args);
    if (code !== null) {
      this.refused = { move: name, args, code };
      this.notify();
      return code;
    }
    this.refused = null;
    const s = this.client.getState();
    this.pending = { name, args, stateID: s._stateID, game: JSON.stringify(G.state), tries: 0 };
    this.client.moves[name](...args);
    return null;
  }

  roll() {
    return this.move('roll');
  }
  play(move) {
    return this.move('play', typeof move === 'object' && move !== null ? move.notation : move);
  }
  double() {
    return this.move('double');
  }
  take() {
    return this.move('take');
  }
  drop() {
    return this.move('drop');
  }
  resign() {
    return this.move('resign');
  }
  nextGame() {
    return this.move('nextGame');
  }
  /** Claims the win of a casual game whose player to act has been away `abandonMs` ('not_abandoned' before). */
  claimWin() {
    return this.move('claimWin');
  }
}

/** The lobby of a server, for one game name, keeping each joined seat's credentials. */
export class Lobby {
  /**
   * @param {object} o server: the server's URL; gameName: the game's name on the server; storage: where
   *   seats are kept (default localStorage, when there is one); fetch (default the global fetch); token: a
   *   player's token of the reference server's lobby (POST /players), sent with every request as
   *   `Authorization: Bearer <token>` (a seat joined with it is that player's).
   */
  constructor({
    server,
    gameName,
    storage = globalThis.localStorage,
    fetch = (...a) => globalThis.fetch(...a),
    token = null,
  }) {
    this.server = String(server).replace(/\/+$/, '');
    this.gameName = gameName;
    this.storage = storage || null;
    this.fetch = fetch;
    this.token = token || null;
  }

  /** A request to `path` of the server (`/games/<gameName>` put before it unless `root`). */
  async request(method, path, body, { root = false } = {}) {
    const fetch = this.fetch; // called unbound: a browser's fetch refuses another `this`
    const headers = body === undefined ? {} : { 'content-type': 'application/json' };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    const res = await fetch(`${this.server}${root ? '' : `/games/${encodeURIComponent(this.gameName)}`}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) {
      const text = await res.text().catch(() => '');
      const err = new Error(`lobby: ${method} ${path}: ${res.status} ${text}`.trim());
      err.status = res.status;
      try {
        err.code = JSON.parse(text).error; // the reference server's lobby: a stable code
      } catch {
        // not JSON: no code
      }
      throw err;
    }
    return res.json();
  }

  keep(matchID, seat) {
    if (this.storage) this.storage.setItem(this.key(matchID), JSON.stringify(seat));
  }

  key(matchID) {
    return `steere-games:${this.server}:${this.gameName}:${matchID}`;
  }

  /** The seat this browser holds in a match: { playerID, credentials } or null. */
  seat(matchID) {
    if (!this.storage) return null;
    try {
      const v = JSON.parse(this.storage.getItem(this.key(matchID)) || 'null');
      return v && (v.playerID === '0' || v.playerID === '1') && typeof v.credentials === 'string' ? v : null;
    } catch {
      return null;
    }
  }

  /**
   * Creates a match; resolves to its ID. `clock`: its time control ({ delayMs, reserveMs, incrementMs? }),
   * null for a casual match, undefined for the game's own (API "Clocks and abandoned games").
   */
  async create({ unlisted = true, clock } = {}) {
    const body = { numPlayers: 2, unlisted };
    if (clock !== undefined) body.setupData = { clock };
    const { matchID } = await this.request('POST', '/create', body);
    return matchID;
  }

  /** The lobby's view of a match: { matchID, players: [{ id, name?, isConnected? }], gameover?, ... }. */
  match(matchID) {
    return this.request('GET', `/${encodeURIComponent(matchID)}`);
  }

  /** Takes a seat ('0', '1', or the first free one) and keeps its credentials; resolves to the seat. */
  async join(matchID, { playerName = 'player', playerID } = {}) {
    const body = { playerName };
    if (playerID !== undefined) body.playerID = playerID;
    const { playerID: id, playerCredentials } = await this.request(
      'POST',
      `/${encodeURIComponent(matchID)}/join`,
      body,
    );
    const seat = { playerID: String(id), credentials: playerCredentials };
    this.keep(matchID, seat);
    return seat;
  }

  /** The kept seat of a match, or a newly joined one: what a page does when it opens a match's link. */
  async rejoin(matchID, options) {
    return this.seat(matchID) || this.join(matchID, options);
  }

  /** Creates a match and takes seat '0' (Red at the start); resolves to { matchID, playerID, credentials }. */
  async createAndJoin({ clock, ...options } = {}) {
    const matchID = await this.create({ clock });
    const seat = await this.join(matchID, { ...options, playerID: '0' });
    return { matchID, ...seat };
  }

  /**
   * Quick pairing of the reference server's lobby (POST /pair, with the token): the oldest open seat of
   * another player of this game and time control, else a new match with seat '0' taken and open to the
   * next. Keeps the seat; resolves to { matchID, playerID, credentials }.
   */
  async pair({ clock } = {}) {
    const body = { gameName: this.gameName };
    if (clock !== undefined) body.setupData = { clock };
    const { matchID, playerID, credentials } = await this.request('POST', '/pair', body, { root: true });
    const seat = { playerID: String(playerID), credentials };
    this.keep(matchID, seat);
    return { matchID, ...seat };
  }

  /** Cancels this player's open seat of `matchID` (DELETE /seeks/<matchID>, with the token): the match goes. */
  async cancel(matchID) {
    const r = await this.request('DELETE', `/seeks/${encodeURIComponent(matchID)}`, undefined, { root: true });
    if (this.storage) this.storage.removeItem(this.key(matchID));
    return r;
  }
}

/** The link that opens a match: `base` with ?match=ID. */
export function matchLink(matchID, base = globalThis.location ? globalThis.location.href : 'http://localhost/') {
  const url = new URL(base);
  url.searchParams.set('match', matchID);
  return url.toString();
}
