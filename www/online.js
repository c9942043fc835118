// The demo's online opponent: a match on the reference server (`make online`), played by two browsers.
// One person creates the match and sends its link (?match=ID); the other opens it and takes the free seat.
// The board is a <steere-board> showing the engine object of the server's state (OnlineGame); a person's
// move is not played on it but sent to the server, which judges it, and the board shows what comes back.
// Each seat's credentials are kept in localStorage (Lobby), so a reload or a lost connection comes back to
// the same seat. Its words are the page's (www/text-*.js, keys online_*, and the board elements' catalogues).

// The page's words: i18n.js's Words, passed in by app.js (new Online(mount, words), describePanel(form, s,
// words)); speak() redraws in the language the page speaks now.
/** The online mode's own text `key` (online_key in www/text-*.js) in the page's language. */
const say = (words, key, vars) => words.t(`online_${key}`, vars);

const OTHER = { red: 'blue', blue: 'red' };
/** An error said to the person in words of the page: `text()` gives them in the page's language now. */
const plain = (text) => Object.assign(new Error(text()), { say: text });

// The games of the reference server (scripts/online.mjs, defaultGames), each with the demo settings it stands
// for and the factory call that makes the same game object as the server's.
function variants() {
  const out = [];
  for (const rules of ['2025', 'classic']) {
    for (const size of ['6', '4']) {
      const name = ['jokerball', rules === 'classic' ? 'classic' : '', size === '4' ? '4' : ''].filter(Boolean).join('-');
      out.push({ name, settings: { game: 'jokerball', rules, size, rows: '2', length: '1' }, make: (a) => a.jokerballGame({ rules, size: Number(size), name }) });
    }
  }
  for (const size of ['6', '8', '10']) {
    for (const pie of [false, true]) {
      const name = ['zola', size === '6' ? '' : size, pie ? 'pie' : ''].filter(Boolean).join('-');
      out.push({ name, settings: { game: 'zola', 'zola-size': size, pie, length: '1' }, make: (a) => a.zolaGame({ size: Number(size), pie, name }) });
    }
  }
  for (const length of ['3', '5', '7']) {
    for (const game of ['jokerball', 'zola']) {
      const name = `${game}-match-${length}`;
      const settings = { game, length, cube: true, ...(game === 'jokerball' ? { rules: '2025', size: '6', rows: '2' } : { 'zola-size': '6' }) };
      out.push({ name, settings, make: (a) => a.matchGame({ game, length: Number(length), cube: true, name }) });
    }
  }
  return out;
}
const VARIANTS = variants();

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

let games = null;
/** The server's game names (GET /games of boardgame.io's lobby): { names }, or { names: null } when there is no server. */
export function serverGames() {
  games ??= (async () => {
    try {
      if (!/^https?:$/.test(location.protocol)) throw new Error('not served');
      const res = await fetch(new URL('/games', location.href), { headers: { accept: 'application/json' } });
      const names = res.ok ? await res.json() : null;
      if (!Array.isArray(names) || !names.every((n) => typeof n === 'string')) throw new Error('no lobby');
      return { names };
    } catch {
      games = null; // asked again next time: the server may have been started since
      return { names: null };
    }
  })();
  return games;
}

/**
 * The line under the settings panel while the opponent chosen is "online": what Start does, or why it
 * cannot. Also names the submit button. Resolves to whether a match can be created.
 */
export async function describePanel(form, s, words) {
  const t = (key, vars) => say(words, key, vars);
  const submit = form.querySelector('[type=submit]');
  submit.dataset.label ??= submit.textContent;
  let note = form.querySelector('[data-online-note]');
  if (s.opponent !== 'online') {
    submit.textContent = submit.dataset.label;
    if (note) note.hidden = true;
    return false;
  }
  if (!note) {
    note = Object.assign(document.createElement('p'), { className: 'note' });
    note.dataset.onlineNote = '';
    note.setAttribute('role', 'status');
    submit.before(note);
  }
  note.hidden = false;
  submit.textContent = t('create');
  note.textContent = t('checking');
  const server = await serverGames();
  const r = server.names ? variantFor(s, server.names, words) : { why: t('needsServer') };
  note.textContent = r.why ?? t('offered');
  note.dataset.ok = r.why ? 'false' : 'true';
  return !r.why;
}

const CSS = `
.online { container-type: inline-size; }
.online .grid { display: grid; gap: 0.6rem; grid-template-columns: minmax(0, 1fr); }
@container (min-width: 620px) { .online .grid { grid-template-columns: minmax(0, 1fr) minmax(13rem, 16rem); } }
.online .main, .online .side { min-width: 0; }
.online p { margin: 0.25rem 0; }
.online .turn { font-weight: 600; min-height: 1.35em; }
.online [data-player]::before { content: ''; display: inline-block; width: 0.75em; height: 0.75em; margin-right: 0.35em;
  vertical-align: -0.05em; border: 1px solid rgb(0 0 0 / 0.5); }
.online [data-player=red]::before { background: var(--steere-red, #c8323c); border-radius: 50%; }
.online [data-player=blue]::before { background: var(--steere-blue, #2f5fb3); border-radius: 2px; }
.online .seat { font-weight: 600; }
.online .small { font-size: 0.85rem; opacity: 0.85; }
.online .share { display: flex; gap: 0.3rem; align-items: center; flex-wrap: wrap; font-size: 0.85rem; }
.online .share input { flex: 1 1 10rem; min-width: 0; font: 0.8rem ui-monospace, monospace; padding: 0.25rem; }
.online .bar { display: flex; flex-wrap: wrap; gap: 0.35rem; margin: 0.4rem 0; }
.online .bar button:not(:disabled)[data-action=roll], .online .bar button:not(:disabled)[data-action=next-game] {
  background: var(--wall, #3b3552); color: #fff; border-color: transparent; }
.online .winner { padding: 0.45rem 0.6rem; border-radius: 0.4rem; font-weight: 700; color: #fff; }
.online .winner[data-winner=red] { background: var(--steere-red, #c8323c); }
.online .winner[data-winner=blue] { background: var(--steere-blue, #2f5fb3); }
.online .refused, .online .problem { color: #a3141b; font-size: 0.9rem; }
.online .lost { background: #fff1c9; border-radius: 0.3rem; padding: 0.2rem 0.4rem; font-size: 0.9rem; }
.online .confirm { border: 1px solid #a3141b; border-radius: 0.4rem; padding: 0.4rem; margin: 0.4rem 0; }
.online ol { margin: 0.3rem 0; padding-left: 0; list-style: none; max-height: 16rem; overflow-y: auto; font: 0.85rem/1.4 ui-monospace, monospace; }
.online li.head { font: 600 0.85rem system-ui, sans-serif; margin-top: 0.3rem; }
.online li.partial { opacity: 0.6; }
.online li.cube, .online li.result { font-style: italic; }
.online .n { display: inline-block; min-width: 2.2em; opacity: 0.6; }
`;

const HTML = `<div class="grid"><div class="main">
<p class="turn" aria-live="polite"></p>
<steere-board></steere-board>
</div><div class="side">
<p class="seat"></p>
<p class="what small"></p>
<div class="share"><label for="online-link"></label><input id="online-link" readonly><button type="button" data-action="copy"></button></div>
<div class="bar" role="toolbar">
<button type="button" data-action="roll" aria-keyshortcuts="r"></button><button type="button" data-action="swap"></button><button type="button" data-action="double"></button><button type="button" data-action="take"></button><button type="button" data-action="drop"></button><button type="button" data-action="resign"></button><button type="button" data-action="next-game"></button>
</div>
<div class="confirm" role="alertdialog" hidden><p></p><button type="button" data-action="confirm-resign"></button> <button type="button" data-action="cancel-resign"></button></div>
<p class="winner" role="status" hidden></p>
<p class="refused" role="alert" hidden></p>
<p class="problem" role="alert" hidden></p>
<p class="lost" role="status" hidden></p>
<p class="pending small" hidden></p>
<p class="other small"></p>
<p class="score small"></p>
<ol class="log"></ol>
</div></div>`;

// The modules of online play, loaded when a match is opened: the adapter and the browser client of the
// package (their bare import of 'steere-games' is mapped by index.html), and boardgame.io's browser
// build that the reference server makes.
async function modules() {
  const at = (path) => new URL(path, import.meta.url).href;
  const [adapter, client, bgio] = await Promise.all([
    import(at('../pkg/boardgameio.js')),
    import(at('../pkg/boardgameio-client.js')),
    import(new URL('/vendor/boardgameio.js', location.href).href),
  ]);
  return { adapter, ...client, Client: bgio.Client, SocketIO: bgio.SocketIO };
}

/** The online mode: one match, drawn in `mount` in place of the local game. */
export class Online {
  constructor(mount, words) {
    this.words = words;
    if (!document.getElementById('online-css')) {
      document.head.append(Object.assign(document.createElement('style'), { id: 'online-css', textContent: CSS }));
    }
    this.root = Object.assign(document.createElement('section'), { className: 'online', innerHTML: HTML });
    mount.append(this.root);
    this.q = (s) => this.root.querySelector(s);
    this.board = this.q('steere-board');
    this.online = null;
    this.variant = null;
    this.stateKey = null;
    this.pending = null;
    this.refusal = null;
    this.confirming = false;
    this.events = []; // cube actions seen here (a state does not record them): { game, at, player, action }
    this.view = null;
    this.version = 0; // states received (data-version: a test waits on it)
    this.speak();
    this.root.addEventListener('click', (e) => {
      const b = e.target.closest('button[data-action]');
      if (b && !b.disabled) this.action(b.dataset.action);
    });
    // A person's move on the board goes to the server; the board is redrawn from what comes back.
    this.board.addEventListener('steere-move', (e) => {
      e.preventDefault();
      this.send('play', e.detail.move.notation);
    });
    this.onKey = (e) => {
      if (e.key !== 'r' || e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.target !== document.body && !this.root.contains(e.target)) return;
      if (this.view && this.view.state && this.kind() === 'jokerball') {
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
      const m = await modules();
      const lobby = new m.Lobby({ server: location.origin, gameName: r.variant.name });
      const matchID = await lobby.create();
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
      const variant = VARIANTS.find((v) => v.name === info.gameName && server.names.includes(v.name));
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
    return { ...this.variant.settings, opponent: 'online', ...(this.seat ? { human: this.seat === '1' ? 'blue' : 'red' } : {}) };
  }

  /** A match under way (leaving it asks first; its link still comes back to it). */
  inProgress() {
    return !!(this.view && this.view.synced && !this.view.over && this.view.seat !== null);
  }

  stop() {
    document.removeEventListener('keydown', this.onKey);
    clearTimeout(this.pendingTimer);
    this.unsubscribe?.();
    this.online?.stop();
    const obj = this.board.game;
    this.board.game = null;
    obj?.free();
    this.root.remove();
  }

  fail(e) {
    this.failure = e;
    const p = this.q('.problem');
    const message = e && e.message ? e.message : String(e);
    p.textContent = e && e.say ? e.say() : this.t('failed', { message });
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
    const code = this.view && this.view.synced && !this.view.connected ? 'offline' : this.online.move(name, ...args);
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

  action(name) {
    if (name === 'copy') {
      const input = this.q('#online-link');
      input.select();
      navigator.clipboard?.writeText(this.link).then(
        () => (this.q('[data-action=copy]').textContent = this.t('copied')),
        () => {},
      );
      return;
    }
    if (name === 'resign') {
      this.confirming = true;
      this.draw();
      this.q('[data-action=confirm-resign]').focus();
      return;
    }
    if (name === 'cancel-resign' || name === 'confirm-resign') {
      this.confirming = false;
      if (name === 'confirm-resign') this.send('resign');
      else this.draw();
      return;
    }
    const moves = { roll: ['roll'], swap: ['play', 'swap'], double: ['double'], take: ['take'], drop: ['drop'], 'next-game': ['nextGame'] };
    if (moves[name]) this.send(...moves[name]);
  }

  /** A change from the client: a new state is put on the board as a new engine object. */
  update(v) {
    this.view = v;
    if (v.connected && this.refusal === 'offline') this.refusal = null;
    if (v.state) {
      const k = JSON.stringify(v.state);
      if (k !== this.stateKey) {
        this.noteCube(this.stateKey === null ? null : JSON.parse(this.stateKey), v.state);
        this.stateKey = k;
        this.root.dataset.version = String(++this.version);
        this.pending = null;
        this.refusal = null;
        clearTimeout(this.pendingTimer);
        const old = this.board.game;
        this.board.game = this.online.engine();
        old?.free();
      }
    }
    this.draw();
  }

  /** Doubles and takes are not in the state's history: the log shows those seen from this page. */
  noteCube(before, after) {
    if (!before || after.game !== 'match') return;
    const a = after.match;
    const b = before.match;
    const at = after.current.history.length;
    if (a.pendingDouble && !b.pendingDouble) this.events.push({ game: a.gameNumber, at, player: a.pendingDouble, action: 'double' });
    if (!a.pendingDouble && b.pendingDouble && a.gameNumber === b.gameNumber && a.results.length === b.results.length) {
      this.events.push({ game: a.gameNumber, at, player: OTHER[b.pendingDouble], action: 'take' });
    }
  }

  /** The online mode's own text `key` in the page's language. */
  t(key, vars) {
    return say(this.words, key, vars);
  }

  /** A word of the board elements' catalogues (colours, buttons, score, results) in the page's language. */
  word(key, vars) {
    return this.words.t(key, vars);
  }

  /** 'point' or 'points' in the page's language, for `n` points. */
  unit(n) {
    return this.word(`point_${new Intl.PluralRules(this.words.lang).select(n)}`);
  }

  /** Says every text again in the page's language (after a language change). */
  speak() {
    this.root.setAttribute('aria-label', this.t('region'));
    this.q('[data-action=copy]').textContent = this.t('copy');
    this.q('.share label').textContent = this.t('shareLabel');
    if (!this.view) this.q('.turn').textContent = this.failure ? '' : this.t('connecting');
    if (this.failure) this.fail(this.failure);
    this.logKey = null;
    this.draw();
  }

  draw() {
    const v = this.view;
    if (!v) return;
    const lost = this.q('.lost');
    lost.hidden = !(v.synced && !v.connected);
    lost.textContent = this.t('lost');
    const obj = this.board.game;
    if (!v.synced || !obj) return;
    const G = v.G;
    const why = (name, ...args) => this.m.adapter.whyIllegal(G, v.seat, name, ...args);
    const name = (p) => this.word(p);
    const match = v.state.game === 'match' ? obj : null;
    const kind = this.kind();
    const phase = match ? obj.gamePhase : obj.phase;
    const mine = v.colour;
    const actor = match ? (obj.phase === 'double' ? OTHER[obj.pendingDouble] : obj.phase === 'playing' ? obj.turn : null) : v.over ? null : obj.turn;
    const seatColour = v.seat === '1' ? 'blue' : 'red';

    // the board: the person's colour at the bottom; targets only on the person's turn, not while a move is on its way
    this.board.setAttribute('orientation', v.seat === null ? 'red' : seatColour);
    const live = v.myTurn && !this.pending && v.connected;
    this.board.setAttribute('interactive', live && mine ? mine : '');
    this.board.refresh();

    // who plays what
    const seat = this.q('.seat');
    seat.textContent = v.seat === null ? this.t('watching') : this.t('youPlay', { player: name(mine) });
    if (mine) seat.dataset.player = mine;
    else delete seat.dataset.player;
    this.q('.what').textContent = this.t('variant', { id: this.matchID, game: this.describe() });

    // whose turn
    const turn = this.q('.turn');
    let line = '';
    if (match && obj.phase === 'double') {
      const doubler = obj.pendingDouble;
      line = actor === mine ? this.t('yourAnswer', { player: name(doubler) }) : doubler === mine ? this.t('theirAnswer', { player: name(actor) }) : this.t('doubled', { player: name(doubler), other: name(actor) });
    } else if (match && obj.phase === 'game-over') line = this.t('gameOver');
    else if (actor) {
      const step = { roll: 'Roll', man: 'Man', ball: 'Ball' }[phase] ?? 'Move';
      line = actor === mine ? this.t(`your${step}`) : this.t(`their${step}`, { player: name(actor) });
    }
    turn.textContent = line;
    if (actor) turn.dataset.player = actor;
    else delete turn.dataset.player;

    // the buttons: each enabled when the engine would take that move from this seat now
    const on = (action, shown, move) => {
      const b = this.q(`[data-action=${action}]`);
      b.hidden = !shown;
      b.disabled = !shown || !!this.pending || !v.connected || move() !== null;
    };
    const labels = { roll: 'roll', swap: 'swap', double: 'double', take: 'take', drop: 'drop', resign: 'resign', 'next-game': 'nextGame' };
    for (const [action, k] of Object.entries(labels)) this.q(`[data-action=${action}]`).textContent = this.word(k);
    this.q('[data-action=confirm-resign]').textContent = this.word('yesResign');
    this.q('[data-action=cancel-resign]').textContent = this.word('noResign');
    const seated = v.seat !== null;
    on('roll', seated && kind === 'jokerball' && !v.over, () => why('roll'));
    on('swap', seated && !match && kind === 'zola' && v.state.pie === true, () => why('play', 'swap'));
    on('double', seated && !!match, () => why('double'));
    on('take', seated && !!match, () => why('take'));
    on('drop', seated && !!match, () => why('drop'));
    on('resign', seated && !!match && !this.confirming, () => why('resign'));
    on('next-game', seated && !!match, () => why('nextGame'));
    const confirm = this.q('.confirm');
    const canResign = seated && match && why('resign') === null;
    confirm.hidden = !(this.confirming && canResign);
    if (!confirm.hidden) {
      const points = obj.cube ? obj.cube.value : 1;
      confirm.firstChild.textContent = this.t('confirmResign', { points, unit: this.unit(points) });
    }

    // the winner
    const results = match ? obj.results : obj.winner ? [{ winner: obj.winner, points: 1, how: kind === 'zola' ? 'captured-all' : 'goal' }] : [];
    const over = match ? obj.phase === 'game-over' || obj.phase === 'match-over' : v.over;
    const r = over ? results[results.length - 1] : null;
    const winner = this.q('.winner');
    winner.hidden = !r;
    if (r) {
      winner.dataset.winner = r.winner;
      let text = this.result(r, !!match);
      if (match && obj.phase === 'match-over') text += '. ' + this.word('winsMatch', { player: name(obj.winner), red: obj.score.red, blue: obj.score.blue });
      const decided = match ? (obj.phase === 'match-over' ? obj.winner : null) : r.winner;
      if (decided && mine) text += `. ${this.t(decided === mine ? 'youWin' : 'youLose')}`;
      winner.textContent = text;
    } else delete winner.dataset.winner;

    // a refusal, and a move on its way
    const refused = this.q('.refused');
    refused.hidden = !this.refusal;
    if (this.refusal) {
      refused.dataset.code = this.refusal;
      refused.textContent = this.t('refused', { reason: this.t(this.refusal, { player: actor ? name(actor) : '' }) });
    }
    const pending = this.q('.pending');
    pending.hidden = !this.pending;
    pending.textContent = this.t('sending');

    // the other seat
    const other = this.q('.other');
    const otherSeat = v.seat === '0' ? '1' : v.seat === '1' ? '0' : null;
    const p = otherSeat === null ? null : v.players.find((x) => String(x.id) === otherSeat);
    other.hidden = !p || !v.connected; // what the server last said of the other seat is stale while away
    if (p) {
      const vars = { player: name(OTHER[mine]) };
      other.textContent = !p.name ? this.t('notJoined', vars) : p.isConnected === false ? this.t('away', vars) : this.t('here', vars);
    }
    this.q('.share').hidden = v.seat === null;

    // score and cube
    const score = this.q('.score');
    if (match) {
      const c = obj.cube;
      const cube = !c ? this.word('noCube') : c.owner ? this.word('cubeOwned', { value: c.value, owner: name(c.owner) }) : this.word('cube', { value: c.value });
      score.textContent = `${this.word('match', { length: obj.length, game: obj.gameNumber })}: ${this.word('score', obj.score)}. ${cube}${obj.crawford ? `. ${this.word('crawford')}` : ''}`;
    } else score.textContent = this.word('lone');
    this.drawLog(obj, match, v.state, results);
  }

  describe() {
    const s = this.variant.settings;
    const one = (game) =>
      game === 'jokerball'
        ? this.t('jokerball', { rules: s.rules, size: s.size })
        : this.t(s.pie ? 'zolaPie' : 'zola', { size: s['zola-size'] });
    return s.length === '1' ? one(s.game) : this.t('match', { length: s.length, game: one(s.game) });
  }

  result(r, inMatch) {
    const vars = { player: this.word(r.winner), points: r.points, unit: this.unit(r.points), how: this.word(`how_${r.how}`) };
    return this.word(inMatch ? 'winsPoints' : 'wins', vars);
  }

  /** The log: every record with the colour that made it, cube actions seen here, the turn under way, results. */
  drawLog(obj, match, state, results) {
    const items = [];
    const g = match ? state.current : state;
    if (match) {
      for (let i = 0; i < obj.gameNumber - 1; i++) {
        items.push({ kind: 'head', text: this.word('gameNo', { game: i + 1 }) });
        if (results[i]) items.push({ kind: 'result', player: results[i].winner, text: this.result(results[i], true) });
      }
      items.push({ kind: 'head', text: this.word('gameNo', { game: obj.gameNumber }) });
    }
    const hist = g.history;
    const over = g.phase === 'over';
    const who = [];
    if (g.game === 'zola') {
      let p = g.first ?? 'red';
      for (const rec of hist) {
        who.push(p);
        if (rec !== 'swap') p = OTHER[p];
      }
    } else {
      let p = over ? obj.turn : OTHER[obj.turn];
      for (let i = hist.length - 1; i >= 0; i--) {
        who[i] = p;
        p = OTHER[p];
      }
    }
    const events = this.events.filter((e) => !match || e.game === obj.gameNumber);
    const cube = (e) => items.push({ kind: 'cube', player: e.player, text: this.word(e.action === 'double' ? 'didDouble' : 'didTake', { player: this.word(e.player) }) });
    hist.forEach((rec, i) => {
      for (const e of events) if (e.at === i) cube(e);
      items.push({ kind: 'record', player: who[i], n: i + 1, rec, text: rec });
    });
    for (const e of events) if (e.at === hist.length) cube(e);
    if (g.game === 'jokerball' && g.turn && !over) {
      const tr = g.turn;
      items.push({ kind: 'partial', player: obj.turn, n: hist.length + 1, text: `${tr.dice.distance}/${tr.dice.direction} ${tr.man ?? '…'}${tr.man ? ' …' : ''}` });
    }
    const r = match ? (results.length >= obj.gameNumber ? results[obj.gameNumber - 1] : null) : results[0];
    if (r) items.push({ kind: 'result', player: r.winner, text: this.result(r, !!match) });
    const k = JSON.stringify(items);
    if (k === this.logKey) return;
    this.logKey = k;
    const ol = this.q('.log');
    ol.setAttribute('aria-label', this.word('log'));
    ol.textContent = '';
    for (const it of items) {
      const li = document.createElement('li');
      li.className = it.kind;
      if (it.player) li.dataset.player = it.player;
      if (it.rec) li.dataset.record = it.rec;
      if (it.n) li.append(Object.assign(document.createElement('span'), { className: 'n', textContent: `${it.n}.` }));
      li.append(it.text);
      ol.append(li);
    }
    ol.scrollTop = ol.scrollHeight;
  }
}
