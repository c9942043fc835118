// The demo's lobby view (the reference server's players, open seats and quick pairing: docs/online.md
// "Players, pairing and ratings"): shown under the settings panel while the opponent chosen is "a person
// online" and the server has the lobby. A name (kept in this browser with the player's id and token), the
// player's ratings, the open seats of the game chosen in the panel with their creators' names, ratings and
// time controls (oldest first, each with Play), and Play anyone (quick pairing with the panel's clock). A
// seat taken opens the match as the online mode does (online.js, Online.open), the seat kept by the
// package's Lobby, so a reload comes back to it; waiting for an opponent, the match's panel says so with
// Cancel.
//
// Names: the API has no renaming, so each name is a player of its own. Every name used in this browser is
// kept with its id and token: a new name registers a new player (rated 1500) when it first plays, and a
// name used before comes back with its ratings. Names are shown as text only (textContent).
import { serverGames, variantFor, clockOf, modules, describeVariant, variantNamed } from './online.js';
import { readPanel } from './settings.js';
import { plural } from '../pkg/lang.js';

const say = (words, key, vars) => words.t(`lobby_${key}`, vars);
const KEY = () => `steere-games:demo:lobby:${location.origin}`;
const POLL_MS = 4000;
const GAME_NAMES = { jokerball: 'Jokerball', zola: 'Zola' };
const START = { rating: 1500, experience: 0, matches: 0 };
/** The server's rule for a name (trimmed): 1 to 24 characters, none a control character or a lone surrogate. */
const nameOk = (name) => {
  const chars = [...name];
  return (
    chars.length >= 1 &&
    chars.length <= 24 &&
    chars.every((ch) => {
      const c = ch.codePointAt(0);
      return c >= 0x20 && !(c >= 0x7f && c <= 0x9f) && !(c >= 0xd800 && c <= 0xdfff);
    })
  );
};

/**
 * What this browser keeps of the lobby: { name, players: { name: { playerID, token } }, matches: { matchID: record } }.
 */
function load() {
  try {
    const v = JSON.parse(localStorage.getItem(KEY()) || 'null');
    if (v && typeof v === 'object')
      return { name: typeof v.name === 'string' ? v.name : '', players: v.players ?? {}, matches: v.matches ?? {} };
  } catch {
    // nothing kept, or no storage
  }
  return { name: '', players: {}, matches: {} };
}
function save(v) {
  // the last 30 matches are enough to come back to one
  const ids = Object.keys(v.matches);
  for (const id of ids.slice(0, Math.max(0, ids.length - 30))) delete v.matches[id];
  try {
    localStorage.setItem(KEY(), JSON.stringify(v));
  } catch {
    // no storage: the name lasts as long as the page
  }
}

/**
 * The record of a match taken through the lobby in this browser, or null: { playerID, token, game, before }
 * (the player's rating R of the game before it, for the change shown at its end).
 */
export function lobbyMatch(matchID) {
  return load().matches[matchID] ?? null;
}

let probe = null;
/** Does the server have the lobby (GET /seeks answers a list)? Asked once, again after a failure. */
function hasLobby(names) {
  probe ??= (async () => {
    try {
      const res = await fetch(new URL(`/seeks?game=${encodeURIComponent(names[0])}`, location.href), {
        headers: { accept: 'application/json' },
      });
      const body = res.ok ? await res.json() : null;
      if (!Array.isArray(body?.seeks)) throw new Error('no lobby');
      return true;
    } catch {
      probe = null;
      return false;
    }
  })();
  return probe;
}

/** An error of a lobby request: `status`, the server's `code`, its message. */
async function ask(method, path, { body, token } = {}) {
  const headers = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(new URL(path, location.href), {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json().catch(() => null);
  if (!res.ok)
    throw Object.assign(new Error(json?.message ?? `${res.status}`), { status: res.status, code: json?.error });
  return json;
}

const CSS = `
.lobby { background: var(--panel, #fff); border-radius: 0.5rem; padding: 0.5rem 0.75rem; margin-bottom: 0.6rem; box-shadow: 0 1px 2px rgba(0, 0, 0, 0.08); }
.lobby p { margin: 0.3rem 0; }
.lobby .small { font-size: 0.85rem; opacity: 0.85; }
.lobby .lb-name { display: flex; flex-wrap: wrap; align-items: center; gap: 0.3rem 0.5rem; }
.lobby .lb-name input { flex: 1 1 9rem; min-width: 0; font: inherit; padding: 0.3rem 0.4rem; }
.lobby ul { list-style: none; margin: 0.3rem 0; padding: 0; }
.lobby .lb-ratings li { font-variant-numeric: tabular-nums; }
.lobby [data-action=play-anyone] { background: var(--wall, #3b3552); color: #fff; border-color: transparent; margin: 0.2rem 0; }
.lobby .lb-seats li { display: flex; flex-wrap: wrap; align-items: center; gap: 0.1rem 0.5rem; padding: 0.3rem 0; border-top: 1px solid rgb(0 0 0 / 0.1); }
.lobby .lb-who { flex: 1 1 8rem; min-width: 0; overflow-wrap: anywhere; }
.lobby .lb-player { font-weight: 600; }
.lobby .lb-rating { font-variant-numeric: tabular-nums; }
.lobby .lb-clock { flex: 1 1 100%; order: 3; font-size: 0.85rem; opacity: 0.85; }
.lobby .lb-problem { color: #a3141b; font-size: 0.9rem; }
`;

const HTML = `<h2 id="lobby-title"></h2>
<div class="lb-name"><label for="lobby-name"></label><input id="lobby-name" maxlength="24" autocomplete="nickname" spellcheck="false" aria-describedby="lobby-name-note"></div>
<p class="lb-name-note small" id="lobby-name-note"></p>
<ul class="lb-ratings"></ul>
<button type="button" data-action="play-anyone" aria-describedby="lobby-anyone-note"></button>
<p class="lb-anyone-note small" id="lobby-anyone-note"></p>
<p class="lb-status" role="status"></p>
<p class="lb-problem" role="alert" hidden></p>
<h3 class="lb-seats-title" id="lobby-seats-title"></h3>
<ul class="lb-seats" aria-labelledby="lobby-seats-title"></ul>
<p class="lb-empty small" hidden></p>`;

/**
 * The lobby view, put after the settings panel `form`. `busy()`: a match of this page is under way or
 * waiting (the view then steps aside); `open(m, variant, matchID, seat, record)`: a seat was taken, the
 * page opens its match (the record is lobbyMatch's).
 */
export class LobbyView {
  constructor(form, words, { busy, open }) {
    this.form = form;
    this.words = words;
    this.busy = busy;
    this.open = open;
    if (!document.getElementById('lobby-css'))
      document.head.append(Object.assign(document.createElement('style'), { id: 'lobby-css', textContent: CSS }));
    this.root = Object.assign(document.createElement('section'), {
      className: 'lobby',
      id: 'lobby',
      innerHTML: HTML,
      hidden: true,
    });
    this.root.setAttribute('aria-labelledby', 'lobby-title');
    form.after(this.root);
    this.q = (s) => this.root.querySelector(s);
    this.rows = new Map(); // matchID -> its <li>
    this.seeks = [];
    this.me = null; // GET /players/<id> of the name's player
    this.status = null; // [key, vars] of the line under Play anyone
    this.problem = null;
    this.working = false;
    this.shown = false;
    this.asked = 0;
    const kept = load();
    this.q('#lobby-name').value = kept.name;
    this.q('#lobby-name').addEventListener('change', () => this.rename());
    // Enter in the name field keeps the name (it does not start anything)
    this.q('#lobby-name').addEventListener('keydown', (e) => {
      if (e.key === 'Enter') {
        e.preventDefault();
        this.rename();
      }
    });
    this.q('[data-action=play-anyone]').addEventListener('click', () => this.playAnyone());
    this.q('.lb-seats').addEventListener('click', (e) => {
      const b = e.target.closest('button[data-match]');
      if (b) this.playSeat(b.dataset.match);
    });
    form.addEventListener('change', () => this.sync(true));
    document.getElementById('language')?.addEventListener('change', () => this.speak());
    // the list follows the server: every few seconds while shown, and at once when the page comes back
    this.timer = setInterval(() => this.shown && document.visibilityState === 'visible' && this.refresh(), POLL_MS);
    addEventListener('focus', () => this.shown && this.refresh());
    document.addEventListener(
      'visibilitychange',
      () => this.shown && document.visibilityState === 'visible' && this.refresh(),
    );
    this.speak();
  }

  t(key, vars) {
    return say(this.words, key, vars);
  }

  /** The panel's choice now: { s, variant?, clock?, why? }. */
  choice() {
    const s = readPanel(this.form);
    const names = this.names ?? [];
    const r = variantFor(s, names, this.words);
    if (r.why) return { s, why: r.why };
    const c = clockOf(this.form, s, this.words);
    return c.why ? { s, variant: r.variant, why: c.why } : { s, variant: r.variant, clock: c.clock };
  }

  /**
   * Shown or not (the panel's opponent, the server's lobby, a match of this page); refreshed when it comes
   * into view, or at once when `now` (the panel's game changed).
   */
  async sync(now = false) {
    const mine = ++this.asked;
    if (now) this.stale = true; // kept until a refresh, whichever call of sync() has the last word
    let show = readPanel(this.form).opponent === 'online' && !this.busy();
    if (show) {
      const { names } = await serverGames();
      this.names = names;
      show = !!names && (await hasLobby(names)) && !this.busy();
    }
    if (mine !== this.asked) return;
    const was = this.shown;
    this.root.hidden = !show;
    this.shown = show;
    if (show && (this.stale || !was)) {
      this.stale = false;
      await this.refresh();
    }
  }

  /** Back from a match (an open seat cancelled): the view again, the keyboard at Play anyone. */
  async back() {
    await this.sync();
    if (this.shown) this.q('[data-action=play-anyone]').focus();
  }

  /** The name's player ({ playerID, token }) kept in this browser, or null. */
  identity() {
    const kept = load();
    return kept.players[kept.name] ?? null;
  }

  /** The name of the field, kept (trimmed); its player, if it had one here, comes back with its ratings. */
  rename() {
    const name = this.q('#lobby-name').value.trim();
    const kept = load();
    if (nameOk(name) && name !== kept.name) {
      kept.name = name;
      save(kept);
      this.me = null;
      this.refresh();
    }
    this.draw();
  }

  /**
   * The name's player, registered now (POST /players) if this browser has none for it; null when the name is not one.
   */
  async player() {
    this.rename();
    const name = this.q('#lobby-name').value.trim();
    if (!nameOk(name)) {
      this.problem = ['badName'];
      this.draw();
      this.q('#lobby-name').focus();
      return null;
    }
    const known = load().players[name];
    if (known) return known;
    const { playerID, token } = await ask('POST', '/players', { body: { name } });
    const kept = load();
    kept.players[name] = { playerID, token };
    kept.name = name;
    save(kept);
    return kept.players[name];
  }

  /** A player unknown to the server (one started again in memory forgets its players): registered again. */
  forget(name) {
    const kept = load();
    delete kept.players[name];
    save(kept);
  }

  /** The rating R of `game` of a player (1500 before any rated match). */
  async ratingOf(playerID, game) {
    const p = await ask('GET', `/players/${encodeURIComponent(playerID)}`);
    return { ...START, ...(p.ratings?.[game] ?? {}) };
  }

  /**
   * Takes a seat by `take(lobby)` (Play anyone: pair; Play: that seat's join) as the name's player, and
   * opens its match. A token the server no longer knows registers the name again, once.
   */
  async take(variant, take, status) {
    if (this.working) return;
    // the button pressed goes while the match opens: the keyboard goes on in the match's panel
    const focused = this.root.contains(document.activeElement);
    this.working = true;
    this.problem = null;
    this.status = [status];
    this.draw();
    try {
      const m = await modules();
      for (let again = true; ; again = false) {
        const me = await this.player();
        if (!me) {
          this.status = null;
          return;
        }
        const game = variant.settings.game;
        try {
          const before = await this.ratingOf(me.playerID, game);
          const lobby = new m.Lobby({ server: location.origin, gameName: variant.name, token: me.token });
          const { matchID, ...seat } = await take(lobby);
          const record = { playerID: me.playerID, token: me.token, game, before };
          const kept = load();
          kept.matches[matchID] = record;
          save(kept);
          this.status = null;
          this.open(m, variant, matchID, seat, { ...record, focus: focused });
          return;
        } catch (e) {
          if (!again || !(e.code === 'bad_token' || e.code === 'no_player')) throw e;
          this.forget(load().name);
        }
      }
    } catch (e) {
      this.status = null;
      this.problem =
        e.code === 'bad_name'
          ? ['badName']
          : e.status === 429
            ? ['rateLimited']
            : e.status === 409
              ? ['taken']
              : e.status === 404 && e.code !== 'unknown_game'
                ? ['gone']
                : ['failed', { message: e.message }];
      this.refresh();
    } finally {
      this.working = false;
      this.draw();
    }
  }

  /** Play anyone: quick pairing in the panel's game and clock. */
  playAnyone() {
    const c = this.choice();
    if (c.why) {
      this.problem = ['why', { why: c.why }];
      this.draw();
      return;
    }
    return this.take(c.variant, (lobby) => lobby.pair({ clock: c.clock }), 'pairing');
  }

  /** Play on one open seat: boardgame.io's join with the token (the seat is the player's). */
  playSeat(matchID) {
    const seek = this.seeks.find((x) => x.matchID === matchID);
    const variant = seek && variantNamed(seek.gameName, this.names ?? []);
    if (!variant) return;
    const name = () => this.q('#lobby-name').value.trim();
    return this.take(
      variant,
      async (lobby) => ({ matchID, ...(await lobby.join(matchID, { playerName: name() })) }),
      'joining',
    );
  }

  /** The open seats of the chosen game (every page of them, up to 200) and the player's ratings, asked again. */
  async refresh() {
    this.refreshing = (this.refreshing ?? 0) + 1;
    const mine = this.refreshing;
    const c = this.choice();
    const me = this.identity();
    try {
      const seeks = [];
      if (c.variant) {
        let after = null;
        do {
          const page = await ask(
            'GET',
            `/seeks?game=${encodeURIComponent(c.variant.name)}${after ? `&after=${encodeURIComponent(after)}` : ''}`,
          );
          seeks.push(...page.seeks);
          after = page.next;
        } while (after && seeks.length < 200);
      }
      let player = null;
      if (me) {
        try {
          player = await ask('GET', `/players/${encodeURIComponent(me.playerID)}`);
        } catch (e) {
          if (e.code === 'no_player') this.forget(load().name);
          else throw e;
        }
      }
      if (mine !== this.refreshing) return;
      this.seeks = seeks;
      this.me = player;
      this.listed = c.variant ?? null;
      if (this.problem?.[0] === 'unreachable') this.problem = null;
    } catch (e) {
      if (mine !== this.refreshing) return;
      this.problem = ['unreachable', { message: e.message }];
    }
    this.draw();
  }

  /** Says every text again in the page's language. */
  speak() {
    this.q('#lobby-title').textContent = this.t('title');
    this.q('.lb-name label').textContent = this.t('name');
    this.q('[data-action=play-anyone]').textContent = this.t('playAnyone');
    this.draw();
  }

  clockWords(clock) {
    if (!clock) return this.t('clockNone');
    const s = (ms) => Math.round(ms / 1000);
    const r = s(clock.reserveMs);
    const time =
      r % 60 === 0
        ? this.t('min', { n: r / 60 })
        : r > 60
          ? this.t('minSec', { m: Math.floor(r / 60), s: r % 60 })
          : this.t('sec', { n: r });
    const parts = [time];
    if (clock.delayMs) parts.push(this.t('delay', { s: s(clock.delayMs) }));
    if (clock.incrementMs) parts.push(this.t('increment', { s: s(clock.incrementMs) }));
    return parts.join(', ');
  }

  draw() {
    const whole = (x) =>
      new Intl.NumberFormat(this.words.lang, { maximumFractionDigits: 0, useGrouping: false }).format(x);
    const kept = load();
    const name = this.q('#lobby-name').value.trim();
    const c = this.choice();
    const game = c.s.game;

    // the name: a new one is a new player; one used before in this browser comes back with its ratings
    const others = Object.keys(kept.players).filter((n) => n !== name);
    const known = !!kept.players[name];
    this.q('.lb-name-note').textContent = !name
      ? this.t('nameFirst')
      : known
        ? this.t('nameKnown')
        : others.length
          ? this.t('nameNewAgain')
          : this.t('nameNew');

    // the ratings, the chosen game's first
    const ratings = this.q('.lb-ratings');
    ratings.textContent = '';
    const mine = known && this.me ? (this.me.ratings ?? {}) : {};
    for (const g of [game, game === 'jokerball' ? 'zola' : 'jokerball']) {
      const r = mine[g];
      const li = document.createElement('li');
      li.textContent = r
        ? this.t('rating', {
            game: GAME_NAMES[g],
            rating: whole(r.rating),
            matches: [plural(this.words.lang, 'lobby_matches', r.matches), { n: r.matches }],
          })
        : this.t('ratingNew', { game: GAME_NAMES[g], rating: whole(START.rating) });
      ratings.append(li);
    }

    // Play anyone
    const anyone = this.q('[data-action=play-anyone]');
    anyone.disabled = this.working || !!c.why;
    this.q('.lb-anyone-note').textContent =
      c.why ?? this.t('anyoneNote', { game: describeVariant(c.variant, this.words), clock: this.clockWords(c.clock) });
    const status = this.q('.lb-status');
    status.textContent = this.status ? this.t(...this.status) : '';
    const problem = this.q('.lb-problem');
    problem.hidden = !this.problem;
    problem.textContent = this.problem ? this.t(...this.problem) : '';

    // the open seats of the game listed, oldest first; a row kept while its seat is open (a focused Play stays focused)
    const listed = this.listed && c.variant && this.listed.name === c.variant.name ? this.listed : null;
    this.q('.lb-seats-title').textContent = this.t('seats', {
      game: listed
        ? describeVariant(listed, this.words)
        : c.variant
          ? describeVariant(c.variant, this.words)
          : game === 'zola'
            ? 'Zola'
            : 'Jokerball',
    });
    const list = this.q('.lb-seats');
    const seeks = listed ? this.seeks : [];
    const open = new Set(seeks.map((x) => x.matchID));
    for (const [id, li] of this.rows) {
      if (!open.has(id)) {
        li.remove();
        this.rows.delete(id);
      }
    }
    const me = this.identity();
    seeks.forEach((seek, i) => {
      let li = this.rows.get(seek.matchID);
      if (!li) {
        li = document.createElement('li');
        li.innerHTML =
          '<span class="lb-who"><span class="lb-player"></span> <span class="lb-rating"></span></span><span class="lb-clock"></span><button type="button"></button>';
        li.querySelector('button').dataset.match = seek.matchID;
        li.dataset.match = seek.matchID;
        this.rows.set(seek.matchID, li);
      }
      if (list.children[i] !== li) list.insertBefore(li, list.children[i] ?? null);
      const own = !!me && seek.player.playerID === me.playerID;
      const clock = this.clockWords(seek.setupData?.clock);
      const rating = whole(seek.player.rating);
      li.toggleAttribute('data-mine', own);
      // text, never markup
      li.querySelector('.lb-player').textContent = own
        ? this.t('yourSeat', { name: seek.player.name })
        : seek.player.name;
      li.querySelector('.lb-rating').textContent = `(${rating})`;
      li.querySelector('.lb-clock').textContent = clock;
      const b = li.querySelector('button');
      b.hidden = own;
      b.disabled = this.working;
      b.textContent = this.t('play');
      b.setAttribute('aria-label', this.t('playLabel', { name: seek.player.name, rating, clock }));
    });
    const empty = this.q('.lb-empty');
    empty.hidden = !!seeks.length || !listed; // said once the chosen game's list is in
    empty.textContent = this.t('empty');
  }
}
