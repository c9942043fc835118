// The demo's online opponent: a match on the reference server (`make online`), played by two browsers.
// One person creates the match and sends its link (?match=ID); the other opens it and takes the free seat.
// The game is the page's <steere-game> (made by app.js, as for a game at one screen) bound to the server's
// state (opponent="remote"): after every update of the client (OnlineGame) the element is given the
// state; a person's move, roll or cube action is not played on it but sent to the server (the element's
// cancelable steere-move and steere-action), which judges it, and the element draws what comes back. So an
// online game has the same board, buttons, log, records, replay and review as any other. Each seat's
// credentials are kept in localStorage (Lobby), so a reload or a lost connection comes back to the same
// seat. This file adds the lines of online play (seat, opponent, link, connection, refusals) in the page's
// words (www/text-*.js, keys online_*).

// The page's words: i18n.js's Words, passed in by app.js (new Online(mount, words, game, changed),
// describePanel(form, s, words)); speak() redraws in the language the page speaks now.
/** The online mode's own text `key` (online_key in www/text-*.js) in the page's language. */
const say = (words, key, vars) => words.t(`online_${key}`, vars);

import { timeControl } from '../pkg/steere_games.js';
import { OTHER } from '../pkg/board.js';

const GAME_NAMES = { jokerball: 'Jokerball', zola: 'Zola' };
/** An error said to the person in words of the page: `text()` gives them in the page's language now. */
const plain = (text) => Object.assign(new Error(text()), { say: text });

// The games of the reference server (scripts/online.mjs, defaultGames), each with the demo settings it stands
// for and the factory call that makes the same game object as the server's.
function variants() {
  const out = [];
  for (const rules of ['2025', 'classic']) {
    for (const size of ['6', '4']) {
      const name = ['jokerball', rules === 'classic' ? 'classic' : '', size === '4' ? '4' : '']
        .filter(Boolean)
        .join('-');
      out.push({
        name,
        settings: { game: 'jokerball', rules, size, rows: '2', length: '1' },
        make: (a) => a.jokerballGame({ rules, size: Number(size), name }),
      });
    }
  }
  for (const size of ['6', '8', '10']) {
    for (const pie of [false, true]) {
      const name = ['zola', size === '6' ? '' : size, pie ? 'pie' : ''].filter(Boolean).join('-');
      out.push({
        name,
        settings: { game: 'zola', 'zola-size': size, pie, length: '1' },
        make: (a) => a.zolaGame({ size: Number(size), pie, name }),
      });
    }
  }
  for (const length of ['3', '5', '7']) {
    for (const game of ['jokerball', 'zola']) {
      const name = `${game}-match-${length}`;
      const settings = {
        game,
        length,
        cube: true,
        ...(game === 'jokerball' ? { rules: '2025', size: '6', rows: '2' } : { 'zola-size': '6' }),
      };
      out.push({ name, settings, make: (a) => a.matchGame({ game, length: Number(length), cube: true, name }) });
    }
  }
  return out;
}
const VARIANTS = variants();
/** The variant of a server game name, when the server offers it. */
export const variantNamed = (name, names) => VARIANTS.find((v) => v.name === name && names.includes(v.name)) ?? null;

/** The settings that pick a server game: those the panel shows for this game and match length. */
function key(s) {
  const single = s.length === '1';
  const parts = [s.game, s.length];
  if (s.game === 'jokerball') parts.push(s.rules, s.size, s.rows);
  else parts.push(s['zola-size'], single && !!s.pie);
  if (!single) parts.push(!!s.cube);
  return JSON.stringify(parts);
}

/** The server game for panel settings `s` among the server's `names`: { variant } or { why }. */
export function variantFor(s, names, words) {
  const t = (key, vars) => say(words, key, vars);
  const v = VARIANTS.find((x) => key({ ...s, ...x.settings }) === key(s) && names.includes(x.name));
  if (v) return { variant: v };
  const what = [];
  if (s.game === 'jokerball' && s.rows !== '2') what.push(t('rows', { rows: s.rows }));
  if (s.length !== '1' && !s.cube) what.push(t('noCube'));
  if (s.length !== '1' && what.length === 0) what.push(t('matchLength', { length: s.length }));
  if (what.length === 0) what.push(s.game);
  return { why: t('notOffered', { what: what.join(', ') }) };
}

// The time controls offered when a match is created (API "Clocks and abandoned games"): casual (no clock),
// backgammon's (12 s delay a turn and 2 minutes a point of the match, a lone game 2 minutes), 5 minutes and
// 5 seconds a turn, or the panel's own numbers (seconds), which the engine checks (timeControl).
const CLOCKS = {
  casual: () => null,
  backgammon: (s) => ({ delayMs: 12000, reserveMs: 120000 * Number(s.length), incrementMs: 0 }),
  blitz: () => ({ delayMs: 0, reserveMs: 300000, incrementMs: 5000 }),
  custom: (_s, form) => {
    const ms = (id) => Math.round(Number(form.querySelector(`#clock-${id}`).value) * 1000);
    return { delayMs: ms('delay'), reserveMs: ms('reserve'), incrementMs: ms('increment') };
  },
};

/**
 * The time control chosen in the settings panel `form` for settings `s`: { clock } (null: casual), or
 * { why } when the custom numbers are out of the engine's bounds.
 */
export function clockOf(form, s, words) {
  const pick = form.querySelector('#clock');
  const clock = (CLOCKS[pick?.value] ?? CLOCKS.casual)(s, form);
  try {
    return { clock: clock && timeControl(clock) };
  } catch {
    return { why: say(words, 'badClock') };
  }
}

let games = null;
/**
 * The server's game names (GET /games of boardgame.io's lobby): { names }, or { names: null } when there is no server.
 */
export function serverGames() {
  games ??= (async () => {
    try {
      if (!/^https?:$/.test(location.protocol)) throw new Error('not served');
      const res = await fetch(new URL('/games', location.href), { headers: { accept: 'application/json' } });
      const names = res.status === 200 ? await res.json() : null;
      if (!Array.isArray(names) || !names.every((n) => typeof n === 'string')) throw new Error('no lobby');
      return { names };
    } catch {
      games = null; // asked again next time: the server may have been started since
      return { names: null };
    }
  })();
  return games;
}

let asked = 0;
/**
 * The line under the settings panel while the opponent chosen is "online": what Start does, or why it
 * cannot. Also names the submit button, which stays disabled (the line, its description, says why) until
 * the server is found to offer the game. Resolves to whether a match can be created.
 */
export async function describePanel(form, s, words) {
  const t = (key, vars) => say(words, key, vars);
  const submit = form.querySelector('[type=submit]');
  submit.dataset.label ??= submit.textContent;
  // the time control: for an online match only, its own numbers for a custom one
  const pick = form.querySelector('#clock');
  if (pick) {
    pick.disabled = s.opponent !== 'online';
    form.querySelector('.custom-clock').hidden = pick.disabled || pick.value !== 'custom';
  }
  let note = form.querySelector('[data-online-note]');
  const mine = ++asked; // a later call (another setting chosen meanwhile) has the last word
  if (s.opponent !== 'online') {
    submit.textContent = submit.dataset.label;
    submit.disabled = false;
    submit.removeAttribute('aria-describedby');
    if (note) note.hidden = true;
    return false;
  }
  if (!note) {
    note = Object.assign(document.createElement('p'), { className: 'note', id: 'online-note' });
    note.dataset.onlineNote = '';
    note.setAttribute('role', 'status');
    submit.before(note);
  }
  note.hidden = false;
  submit.textContent = t('create');
  submit.disabled = true;
  submit.setAttribute('aria-describedby', note.id);
  note.textContent = t('checking');
  delete note.dataset.ok;
  const server = await serverGames();
  let r = server.names ? variantFor(s, server.names, words) : { why: t('needsServer') };
  if (!r.why) r = clockOf(form, s, words);
  if (mine !== asked) return !r.why;
  note.textContent = r.why ?? t('offered');
  note.dataset.ok = r.why ? 'false' : 'true';
  submit.disabled = !!r.why;
  return !r.why;
}

const CSS = `
.online .panel p { margin: 0.25rem 0; }
.online [data-player]::before { content: ''; display: inline-block; width: 0.75em; height: 0.75em; margin-right: 0.35em;
  vertical-align: -0.05em; border: 1px solid rgb(0 0 0 / 0.5); }
.online [data-player=red]::before { background: var(--steere-red, #c8323c); border-radius: 50%; }
.online [data-player=blue]::before { background: var(--steere-blue, #2f5fb3); border-radius: 2px; }
.online .seat { font-weight: 600; }
.online .small { font-size: 0.85rem; opacity: 0.85; }
.online .invite { display: flex; gap: 0.3rem; align-items: center; flex-wrap: wrap; font-size: 0.85rem; }
.online .invite input { flex: 1 1 10rem; min-width: 0; font: 0.8rem ui-monospace, monospace; padding: 0.25rem; }
.online .refused, .online .problem { color: #a3141b; font-size: 0.9rem; }
.online .lost { background: #fff1c9; border-radius: 0.3rem; padding: 0.2rem 0.4rem; font-size: 0.9rem; }
.online .waiting { display: flex; gap: 0.3rem 0.6rem; align-items: center; flex-wrap: wrap; background: #eef3fb; border-radius: 0.3rem; padding: 0.3rem 0.5rem; }
.online .waiting p { flex: 1 1 12rem; margin: 0; }
.online .rating { font-weight: 600; }
`;

const HTML = `<div class="panel">
<p class="turn" aria-live="polite"></p>
<p class="seat"></p>
<p class="what small"></p>
<p class="against" hidden></p>
<div class="waiting" hidden><p role="status"></p><button type="button" data-action="cancel-seek"></button></div>
<div class="invite" hidden><label for="online-link"></label><input id="online-link" readonly><button type="button" data-action="copy"></button></div>
<p class="other small"></p>
<p class="outcome" role="status" hidden></p>
<p class="rating" role="status" hidden></p>
<p class="refused" role="alert" hidden></p>
<p class="problem" role="alert" hidden></p>
<p class="lost" role="status" hidden></p>
<p class="pending small" hidden></p>
</div>`;

// The modules of online play, loaded when a match is opened: the adapter and the browser client of the
// package (their bare import of 'steere-games' is mapped by index.html), and boardgame.io's browser
// build that the reference server makes.
export async function modules() {
  const at = (path) => new URL(path, import.meta.url).href;
  const [adapter, client, bgio] = await Promise.all([
    import(at('../pkg/boardgameio.js')),
    import(at('../pkg/boardgameio-client.js')),
    import(new URL('/vendor/boardgameio.js', location.href).href),
  ]);
  return { adapter, ...client, Client: bgio.Client, SocketIO: bgio.SocketIO };
}

/**
 * The online mode: one match, drawn in `mount` in place of the local game, on `game` (a new
 * <steere-game> of the page, put in once the first state is there); `changed()` is called after each new
 * state (the page's records and analysis follow what is shown).
 */
export class Online {
  constructor(mount, words, game, changed = () => {}) {
    this.words = words;
    this.changed = changed;
    if (!document.getElementById('online-css')) {
      document.head.append(Object.assign(document.createElement('style'), { id: 'online-css', textContent: CSS }));
    }
    this.root = Object.assign(document.createElement('section'), { className: 'online', innerHTML: HTML });
    mount.append(this.root);
    this.q = (s) => this.root.querySelector(s);
    this.el = game;
    this.over = false;
    game.setAttribute('opponent', 'remote');
    // against a person: no hint, no win chances while the game is on
    game.setAttribute('no-help', '');
    game.setAttribute('human', 'none');
    this.online = null;
    this.variant = null;
    this.stateKey = null;
    this.pending = null;
    this.refusal = null;
    this.view = null;
    this.version = 0; // states received (data-version: a test waits on it)
    // a match of the lobby (lobby.js): { playerID, token, game, before } of this person, the seat theirs
    this.lobby = null;
    this.rating = null; // the rating change at the end: { before, after } or { unrated: true }
    this.lobbyNote = null;
    /** Called when this person leaves the match (an open seat cancelled): app.js goes back to the lobby. */
    this.onLeave = () => {};
    this.speak();
    this.root.addEventListener('click', (e) => {
      if (e.target.closest('button[data-action=copy]')) this.copy();
      if (e.target.closest('button[data-action=cancel-seek]')) this.cancel();
    });
    // A person's move or action on the element goes to the server; the element draws what comes back.
    game.addEventListener('steere-move', (e) => {
      e.preventDefault();
      this.send('play', e.detail.move.notation);
    });
    game.addEventListener('steere-action', (e) => {
      e.preventDefault();
      this.send(e.detail.action);
    });
    // r out of turn, or while away, is sent all the same: the refusal says why
    this.onKey = (e) => {
      if (e.defaultPrevented || e.key !== 'r' || e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.target !== document.body && !this.root.contains(e.target)) return;
      if (this.view?.state && this.view.seat !== null && this.kind() === 'jokerball') {
        e.preventDefault();
        this.send('roll');
      }
    };
    document.addEventListener('keydown', this.onKey);
  }

  /** Creates a match of settings `s` on the server, takes the seat of the colour chosen, and opens it. */
  async create(s) {
    try {
      const server = await serverGames();
      if (!server.names) throw plain(() => this.t('needsServer'));
      const r = variantFor(s, server.names, this.words);
      if (r.why) throw plain(() => variantFor(s, server.names, this.words).why);
      const { clock, why } = clockOf(document.getElementById('settings'), s, this.words);
      if (why) throw plain(() => this.t('badClock'));
      const m = await modules();
      const lobby = new m.Lobby({ server: location.origin, gameName: r.variant.name });
      const matchID = await lobby.create({ clock });
      const seat = await lobby.join(matchID, { playerName: 'host', playerID: s.human === 'blue' ? '1' : '0' });
      this.open(m, r.variant, matchID, seat);
    } catch (e) {
      this.fail(e);
    }
  }

  /** Opens the match of a link: the seat kept in this browser, else the free one, else a spectator's view. */
  async join(matchID) {
    try {
      const server = await serverGames();
      if (!server.names) throw plain(() => this.t('needsServer'));
      const m = await modules();
      // The lobby tells a match's game by its ID (the link carries only the ID).
      let info;
      try {
        info = await new m.Lobby({ server: location.origin, gameName: server.names[0] }).match(matchID);
      } catch (e) {
        if (e.status === 404) throw plain(() => this.t('noMatch', { id: matchID }));
        throw e;
      }
      const variant = variantNamed(info.gameName, server.names);
      if (!variant) throw new Error(`unknown game ${info.gameName}`);
      const lobby = new m.Lobby({ server: location.origin, gameName: variant.name });
      let seat = lobby.seat(matchID);
      if (!seat) {
        try {
          seat = await lobby.join(matchID, { playerName: 'guest' });
        } catch (e) {
          if (e.status !== 409) throw e;
          seat = { playerID: null }; // both seats taken: watch
        }
      }
      this.open(m, variant, matchID, seat);
    } catch (e) {
      this.fail(e);
    }
  }

  open(m, variant, matchID, seat) {
    this.m = m;
    this.variant = variant;
    this.matchID = matchID;
    this.seat = seat.playerID;
    // the seat's colour at the start: the element swaps it after a Zola swap, as the server does
    this.el.setAttribute('human', { 0: 'red', 1: 'blue' }[this.seat] ?? 'none');
    this.link = m.matchLink(matchID, location.origin + location.pathname);
    if (location.href !== this.link) history.replaceState(null, '', this.link);
    this.q('#online-link').value = this.link;
    this.online = new m.OnlineGame({
      Client: m.Client,
      SocketIO: m.SocketIO,
      game: variant.make(m.adapter),
      server: location.origin,
      matchID,
      ...seat,
    });
    this.unsubscribe = this.online.subscribe((v) => this.update(v));
    this.online.start();
    this.root.dataset.match = matchID;
  }

  /** The demo settings of the match's game (for the panel), or null before a match is open. */
  get settings() {
    if (!this.variant) return null;
    return {
      ...this.variant.settings,
      opponent: 'online',
      ...(this.seat ? { human: this.seat === '1' ? 'blue' : 'red' } : {}),
    };
  }

  /** Waiting in an open seat of the lobby for an opponent (Cancel gives it up). */
  waiting() {
    const v = this.view;
    if (!this.lobby || !v?.synced || !v.state || v.over || v.seat === null) return false;
    const other = v.players.find((x) => String(x.id) === (v.seat === '0' ? '1' : '0'));
    return !!other && !other.name;
  }

  /** Cancels the open seat (DELETE /seeks/<matchID>): the match goes, and so does this view. */
  async cancel() {
    const button = this.q('[data-action=cancel-seek]');
    if (button.disabled) return;
    button.disabled = true;
    this.lobbyNote = null;
    try {
      await new this.m.Lobby({ server: location.origin, gameName: this.variant.name, token: this.lobby.token }).cancel(
        this.matchID,
      );
      this.onLeave();
      return;
    } catch (e) {
      // paired meanwhile: the opponent's arrival is on its way
      this.lobbyNote = e.code === 'no_seek' ? ['pairedMeanwhile'] : ['cancelFailed', { message: e.message }];
    }
    button.disabled = false;
    this.draw();
  }

  /**
   * The rating change of a finished match of the lobby: GET /players/<id> until the game's rated matches
   * have grown past those counted when it was paired (the server rates the end right after storing it).
   */
  async rate() {
    const { playerID, game, before } = this.lobby;
    this.rating = { asking: true };
    for (let i = 0; i < 20 && this.root.isConnected; i++) {
      try {
        const res = await fetch(new URL(`/players/${encodeURIComponent(playerID)}`, location.href), {
          headers: { accept: 'application/json' },
        });
        const r = res.ok ? (await res.json()).ratings?.[game] : null;
        if (r && r.matches > before.matches) {
          this.rating = { game, before: before.rating, after: r.rating };
          this.draw();
          return;
        }
      } catch {
        // asked again
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    this.rating = { unrated: true };
    this.draw();
  }

  /** Holding a seat of a match not over: opening it, waiting for an opponent, or playing (the lobby steps aside). */
  engaged() {
    return !this.failure && this.seat !== null && !this.view?.over;
  }

  /** A match under way (leaving it asks first; its link still comes back to it). */
  inProgress() {
    return !!(this.view?.synced && !this.view.over && this.view.seat !== null);
  }

  stop() {
    document.removeEventListener('keydown', this.onKey);
    clearTimeout(this.pendingTimer);
    this.unsubscribe?.();
    this.online?.stop();
    this.root.remove();
  }

  fail(e) {
    this.failure = e;
    const p = this.q('.problem');
    const message = e?.message ? e.message : String(e);
    p.textContent = e?.say ? e.say() : this.t('failed', { message });
    p.hidden = false;
    this.q('.turn').textContent = '';
  }

  kind() {
    const s = this.view.state;
    return s.game === 'match' ? s.variant : s.game;
  }

  /** Sends a move; a refused one says why, in the words of whyIllegal's code. */
  send(name, ...args) {
    if (!this.online || this.pending) return;
    // while the connection is lost nothing is sent (socket.io would send it later, on a state gone by then)
    const code = this.view?.synced && !this.view.connected ? 'offline' : this.online.move(name, ...args);
    if (code !== null) {
      this.refusal = code;
    } else {
      this.refusal = null;
      this.pending = this.stateKey;
      // the server may refuse a move this page found legal (the other's move came first): try again later
      clearTimeout(this.pendingTimer);
      this.pendingTimer = setTimeout(() => {
        this.pending = null;
        this.draw();
      }, 5000);
    }
    this.draw();
  }

  copy() {
    this.q('#online-link').select();
    navigator.clipboard?.writeText(this.link).then(
      () => (this.q('[data-action=copy]').textContent = this.t('copied')),
      () => {},
    );
  }

  /** A change from the client: a new state is given to the element, which draws it. */
  update(v) {
    this.view = v;
    if (v.connected && this.refusal === 'offline') this.refusal = null;
    const k = v.state && JSON.stringify(v.state);
    if (k && k !== this.stateKey) {
      this.stateKey = k;
      this.pending = null;
      this.refusal = null;
      clearTimeout(this.pendingTimer);
      this.draw();
      this.el.state = v.state;
      // the first state: the element comes in (it restores the state as it connects)
      if (!this.el.isConnected) this.root.append(this.el);
      this.root.dataset.version = String(++this.version);
      setTimeout(() => this.changed());
    }
    // the clocks, the claim and an end the server made (on time, by abandonment) are drawn by the element
    this.el.online = v;
    if (v.over !== this.over) {
      this.over = v.over;
      setTimeout(() => this.changed()); // the analysis comes back once the game is over
    }
    this.draw();
  }

  /** The online mode's own text `key` in the page's language. */
  t(key, vars) {
    return say(this.words, key, vars);
  }

  /** Says every text again in the page's language (after a language change). */
  speak() {
    this.root.setAttribute('aria-label', this.t('region'));
    this.q('[data-action=copy]').textContent = this.t('copy');
    this.q('.invite label').textContent = this.t('shareLabel');
    if (this.failure) this.fail(this.failure);
    this.draw();
  }

  /** The lines of online play; the game itself is the element's. */
  draw() {
    const v = this.view;
    const synced = !!(v?.synced && v.state);
    this.q('.turn').textContent = synced || this.failure ? '' : this.t('connecting');
    if (!v) return;
    const lost = this.q('.lost');
    lost.hidden = !(v.synced && !v.connected);
    lost.textContent = this.t('lost');
    // nothing to click while a move is on its way, the server is away, or no opponent has come yet
    this.el.toggleAttribute('disabled', !!this.pending || !v.connected || this.waiting());
    if (!synced) return;
    const name = (p) => this.words.t(p);
    const mine = v.colour;

    // who plays what
    const seat = this.q('.seat');
    seat.textContent = v.seat === null ? this.t('watching') : this.t('youPlay', { player: name(mine) });
    if (mine) seat.dataset.player = mine;
    else delete seat.dataset.player;
    this.q('.what').textContent = this.t('variant', { id: this.matchID, game: this.describe() });

    // who won, for this person
    const outcome = this.q('.outcome');
    outcome.hidden = !(v.over && v.seat !== null);
    outcome.textContent = outcome.hidden ? '' : this.t(v.winner === v.seat ? 'youWin' : 'youLose');

    // a refusal (the player to act named: the seat to act holds this person's colour or the other), a move on its way
    const refused = this.q('.refused');
    refused.hidden = !this.refusal;
    if (this.refusal) {
      const actor = v.toAct === null || !mine ? null : v.toAct === v.seat ? mine : OTHER[mine];
      refused.dataset.code = this.refusal;
      refused.textContent = this.t('refused', { reason: this.t(this.refusal, { player: actor ? name(actor) : '' }) });
    }
    const pending = this.q('.pending');
    pending.hidden = !this.pending;
    pending.textContent = this.t('sending');

    // the other seat, and the link for it: gone once both seats are taken
    const other = this.q('.other');
    const otherSeat = v.seat === '0' ? '1' : v.seat === '1' ? '0' : null;
    const p = otherSeat === null ? null : v.players.find((x) => String(x.id) === otherSeat);
    other.hidden = !p || !v.connected; // what the server last said of the other seat is stale while away
    if (p) {
      const vars = { player: name(OTHER[mine]) };
      other.textContent = !p.name
        ? this.t('notJoined', vars)
        : p.isConnected === false
          ? this.t('away', vars)
          : this.t('here', vars);
    }
    this.q('.invite').hidden = !p || !!p.name || !!this.lobby;
    this.drawLobby(v, p);
  }

  /** The lines of a match of the lobby: waiting with Cancel, the opponent's name, the rating change. */
  drawLobby(v, p) {
    const waiting = this.waiting();
    const box = this.q('.waiting');
    box.hidden = !waiting;
    if (waiting) this.q('.other').hidden = true; // the waiting line says it
    const [key, vars] = this.lobbyNote ?? ['waiting'];
    box.querySelector('p').textContent = this.t(key, vars);
    const cancel = this.q('[data-action=cancel-seek]');
    cancel.textContent = this.t('cancel');
    if (waiting && this.lobby.focus) {
      this.lobby.focus = false; // the button pressed (Play anyone) has gone: the keyboard goes on here
      cancel.focus();
    }
    const against = this.q('.against');
    against.hidden = !(this.lobby && p?.name);
    against.textContent = against.hidden ? '' : this.t('against', { name: p.name }); // a name is text, never markup
    const line = this.q('.rating');
    const end = !!(this.lobby && v.over && v.seat !== null);
    if (end && !this.rating) this.rate();
    line.hidden = !end || !this.rating || this.rating.asking;
    if (line.hidden) return;
    if (this.rating.unrated) {
      line.textContent = this.t('unrated');
      return;
    }
    const { game, before, after } = this.rating;
    const num = (x, sign) =>
      new Intl.NumberFormat(this.words.lang, {
        maximumFractionDigits: 1,
        useGrouping: false,
        signDisplay: sign ? 'exceptZero' : 'auto',
      }).format(x);
    line.textContent = this.t('ratingChange', {
      game: GAME_NAMES[game],
      before: num(before),
      after: num(after),
      change: num(Math.round((after - before) * 10) / 10, true),
    });
  }

  describe() {
    return describeVariant(this.variant, this.words);
  }
}

/** A server game in words: "Jokerball, 2025 rules, side 6", "a match to 3 points with the cube (Zola 6×6)". */
export function describeVariant(variant, words) {
  const t = (key, vars) => say(words, key, vars);
  const s = variant.settings;
  const one = (game) =>
    game === 'jokerball'
      ? t('jokerball', { rules: s.rules, size: s.size })
      : t(s.pie ? 'zolaPie' : 'zola', { size: s['zola-size'] });
  return s.length === '1' ? one(s.game) : t('match', { length: s.length, game: one(s.game) });
}
