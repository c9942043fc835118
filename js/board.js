// steere-games/board: the custom elements <steere-board> and <steere-game>, and WorkerBot.
// They draw what the engine describes (cells, legal moves, paths, goals, skipped phases) and hold no
// rules of their own. No dependency but the package; every word comes from a catalogue (lang-en.js,
// lang-es.js, lang-ru.js), in the language of the element (see language()).
import init, { Jokerball, Zola, Match, Bot, SteereError } from './steere_games.js';
import en from './lang-en.js';
import es from './lang-es.js';
import ru from './lang-ru.js';

const NS = 'http://www.w3.org/2000/svg';
const OTHER = { red: 'blue', blue: 'red' };
const SQ3 = Math.sqrt(3);
const R = 10; // a hexagon's radius, in SVG units
const S = 20; // a square's side
const CODES = ['invalid_option', 'parse_error', 'game_over', 'wrong_phase', 'illegal_move', 'cube_not_allowed', 'freed'];
const Base = globalThis.HTMLElement ?? class {};
const LANGS = { en, es, ru };
const NOT_OBJECT = 'not a Jokerball, Zola or Match object of this copy of steere-games';

let loading;
/** Loads the wasm once; resolves at once when the page has done it already. */
const engine = () => (loading ??= init().then(() => {}));

/** The text of `key` in catalogue `cat` (English when missing), with `{name}` filled from `vars`. */
function say(cat, key, vars) {
  const text = cat[key] ?? en[key] ?? key;
  return vars ? text.replace(/\{(\w+)\}/g, (_, k) => (k in vars ? vars[k] : '')) : text;
}

/**
 * A message [key, vars] in language `l`. A value that is itself a message is put in translated (a
 * player's name, a reason), and `{unit}` agrees in number with `{points}`.
 */
function tell(l, [key, vars = {}]) {
  const v = {};
  for (const k in vars) v[k] = Array.isArray(vars[k]) ? tell(l, vars[k]) : vars[k];
  if ('points' in v) v.unit = say(LANGS[l], `point_${new Intl.PluralRules(l).select(v.points)}`);
  return say(LANGS[l], key, v);
}

/** 'en', 'es' or 'ru' for a language tag, by its primary subtag ('es-419' is 'es'); else null. */
function known(tag) {
  const p = tag.split(/[-_]/)[0].trim().toLowerCase();
  return Object.hasOwn(LANGS, p) ? p : null;
}

/**
 * The language an element speaks: its own `lang`, else the nearest ancestor's (out through shadow roots),
 * else the first of navigator.languages that has a catalogue, else English. A tag without one: English.
 */
function language(el) {
  for (let n = el; n; n = n.getRootNode().host) {
    const at = n.closest('[lang]:not([lang=""])');
    if (at) return known(at.getAttribute('lang')) ?? 'en';
  }
  for (const t of globalThis.navigator?.languages ?? []) if (known(t)) return known(t);
  return 'en';
}

// Connected elements hear of any change of a `lang` in the page (and of the browser's languages).
const speakers = new Set();
let watcher;
function listen(el, on) {
  if (!on) return speakers.delete(el);
  speakers.add(el);
  if (watcher || !globalThis.MutationObserver) return;
  const all = () => {
    for (const e of speakers) e._relang();
  };
  watcher = new MutationObserver(all);
  watcher.observe(document, { attributes: true, attributeFilter: ['lang'], subtree: true });
  addEventListener('languagechange', all);
}

/** What an element shows for an error: the catalogue's sentence, the reason chosen by the error's code. */
const failed = (error, key = 'error', vars) => [key, { ...vars, reason: [`code_${error.code}`] }];

function svg(name, attrs, parent) {
  const e = document.createElementNS(NS, name);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  parent?.append(e);
  return e;
}

function attr(el, name, value) {
  if (value === null || value === undefined || value === false) el.removeAttribute(name);
  else el.setAttribute(name, value === true ? '' : value);
}

/** Any thrown value as a SteereError (the elements' events always carry one). */
function asError(e) {
  if (e instanceof SteereError) return e;
  return new SteereError(CODES.includes(e?.code) ? e.code : 'invalid_option', String(e?.message ?? e));
}

const kindOf = (obj) =>
  obj instanceof Match ? 'match' : obj instanceof Jokerball ? 'jokerball' : obj instanceof Zola ? 'zola' : null;

/** Makes a property set before the element was defined go through the class's setter. */
function upgrade(el, ...names) {
  for (const n of names) {
    if (Object.prototype.hasOwnProperty.call(el, n)) {
      const v = el[n];
      delete el[n];
      el[n] = v;
    }
  }
}

const reducedMotion = () => globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

// ---- geometry: where everything is drawn -------------------------------------------------------

const layouts = new Map();

/** Cell centres, goal zones and the view box of a board, in the order the cells are read. */
function layout(kind, size, flip) {
  const key = `${kind}${size}${flip}`;
  if (layouts.has(key)) return layouts.get(key);
  const f = flip ? -1 : 1;
  const cells = [];
  const goals = [];
  let w;
  let h;
  if (kind === 'jokerball') {
    const geo = Jokerball.geometry(size);
    for (const c of geo.cells) {
      const x = f * SQ3 * R * (c.q + c.r / 2);
      cells.push({ name: c.name, x, y: f * 1.5 * R * c.r, alt: (((c.q - c.r) % 3) + 3) % 3 === 0 });
    }
    const at = new Map(cells.map((c) => [c.name, c]));
    for (const player of ['red', 'blue']) {
      const row = geo.goals[player].map((n) => at.get(n));
      const xs = row.map((c) => c.x);
      const y = row[0].y;
      const out = Math.sign(y);
      const x0 = Math.min(...xs) - (SQ3 * R) / 2;
      const x1 = Math.max(...xs) + (SQ3 * R) / 2;
      const top = out > 0 ? y + R + 1 : y - R - 10;
      goals.push({ player, x: x0, y: top, w: x1 - x0, h: 9, cx: (x0 + x1) / 2, cy: top + 4.5, out });
    }
    w = SQ3 * R * (size - 0.5) + 2;
    h = 1.5 * R * (size - 1) + R + 11;
  } else {
    const geo = Zola.geometry(size);
    const mid = (size - 1) / 2;
    for (const c of geo.cells) {
      cells.push({ name: c.name, x: f * (c.x - mid) * S, y: -f * (c.y - mid) * S, alt: (c.x + c.y) % 2 === 0 });
    }
    w = (size * S) / 2 + 3;
    h = w;
  }
  cells.sort((a, b) => a.y - b.y || a.x - b.x);
  const L = { kind, size, cells, goals, w, h, at: new Map(cells.map((c) => [c.name, c])) };
  layouts.set(key, L);
  return L;
}

function hexPoints(cx, cy, r, turn) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 3) * i + turn;
    pts.push(`${(cx + r * Math.cos(a)).toFixed(2)},${(cy + r * Math.sin(a)).toFixed(2)}`);
  }
  return pts.join(' ');
}

/** A piece drawn at (x, y): a disc for Red, a rounded square for Blue, a starred disc for the ball. */
function drawPiece(kind, x, y, parent) {
  if (kind === 'red') return svg('circle', { cx: x, cy: y, r: 6.2, class: 'p red', part: 'piece', 'data-piece': 'red' }, parent);
  if (kind === 'blue') {
    const a = { x: x - 5.5, y: y - 5.5, width: 11, height: 11, rx: 1.6, class: 'p blue', part: 'piece', 'data-piece': 'blue' };
    return svg('rect', a, parent);
  }
  const g = svg('g', { class: 'p ball', part: 'piece', 'data-piece': 'ball' }, parent);
  svg('circle', { cx: x, cy: y, r: 6 }, g);
  const pts = [];
  for (let i = 0; i < 10; i++) {
    const a = (Math.PI / 5) * i - Math.PI / 2;
    const r = i % 2 ? 1.8 : 4.3;
    pts.push(`${(x + r * Math.cos(a)).toFixed(2)},${(y + r * Math.sin(a)).toFixed(2)}`);
  }
  svg('polygon', { points: pts.join(' ') }, g);
  return g;
}

const BOARD_CSS = `
:host { display: block; min-width: 240px; position: relative; -webkit-tap-highlight-color: transparent; }
:host([hidden]) { display: none; }
[hidden] { display: none !important; }
svg { display: block; width: 100%; height: auto; outline: none; touch-action: none; user-select: none; -webkit-user-select: none; }
.frame { fill: var(--steere-board, #3b3552); }
[data-cell] { fill: var(--steere-cell, #ede6d3); outline: none; }
[data-cell].alt { fill: var(--steere-cell-alt, #d8cdae); }
[data-cell][data-last] { fill: var(--steere-last, #b8d3e8); }
[data-cell][data-hint] { fill: var(--steere-hint, #9ad99b); }
[data-hint] .shape { stroke: var(--steere-hint-line, #137a3a); stroke-width: 1.5; }
[data-cell][data-target] { fill: var(--steere-target, #f5c430); cursor: pointer; }
[data-cell][data-selected] { fill: var(--steere-selected, #e8862a); }
.shape { fill: inherit; stroke: rgb(0 0 0 / 0.2); stroke-width: 0.5; }
[data-cell]:focus-visible .shape, [data-goal]:focus-visible rect { stroke: var(--steere-focus, #000); stroke-width: 1.8; }
.dot { fill: rgb(0 0 0 / 0.3); display: none; pointer-events: none; }
[data-target=move] .dot { display: inline; }
.coord { fill: var(--steere-text, #2a2638); opacity: 0.55; font: 4.2px system-ui, sans-serif; pointer-events: none; }
.p { stroke: rgb(0 0 0 / 0.55); stroke-width: 0.8; }
.p.red { fill: var(--steere-red, #c8323c); }
.p.blue { fill: var(--steere-blue, #2f5fb3); }
.ball circle { fill: var(--steere-ball, #fff); stroke: #111; stroke-width: 0.9; }
.ball polygon { fill: #111; stroke: none; }
[data-goal] { outline: none; }
[data-goal] rect { fill: inherit; }
[data-goal=red] { fill: color-mix(in srgb, var(--steere-red, #c8323c) 35%, var(--steere-cell, #ede6d3)); }
[data-goal=blue] { fill: color-mix(in srgb, var(--steere-blue, #2f5fb3) 35%, var(--steere-cell, #ede6d3)); }
[data-goal][data-target] { fill: var(--steere-target, #f5c430); cursor: pointer; }
.label { fill: var(--steere-text, #2a2638); font: 5px system-ui, sans-serif; pointer-events: none; }
.die rect { fill: var(--steere-distance, #6b3fa0); }
.die.way rect { fill: var(--steere-direction, #2e8b57); }
.die text { fill: #fff; font: 700 10px system-ui, sans-serif; }
.dice[data-empty] { opacity: 0.3; }
.arrow, .way-arrow { fill: var(--steere-direction, #2e8b57); pointer-events: none; }
.arrow { opacity: 0.9; stroke: #fff; stroke-width: 0.6; }
.way-arrow { fill: var(--steere-direction, #2e8b57); }
.anim { pointer-events: none; }
.msg { margin: 0.3rem 0; color: #a3141b; font: 0.9rem system-ui, sans-serif; }
.sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
`;

// ---- <steere-board> ------------------------------------------------------------------------------

/** A board: shows a bound Jokerball, Zola or Match (or a position string) and lets a person move. */
export class SteereBoard extends Base {
  static get observedAttributes() {
    return ['position', 'orientation', 'interactive', 'coordinates', 'animation', 'lang'];
  }

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    root.innerHTML = `<style>${BOARD_CSS}</style><svg part="svg" role="group" tabindex="-1"></svg><p class="msg" part="message" role="alert" hidden></p><div class="sr" role="status" aria-live="polite"></div>`;
    this._svg = root.querySelector('svg');
    this._msg = root.querySelector('.msg');
    this._live = root.querySelector('.sr');
    this._l = 'en';
    this._cat = en;
    this._obj = null; // the bound object
    this._own = null; // the object made from `position`
    this._ownOf = null;
    this._selected = null;
    this._active = null; // the cell (or goal) holding the one tab stop
    this._last = null; // { key, moves, position } of the moves this board saw played
    this._anims = [];
    this._built = '';
    this._v = null;
    this._errors = new Map();
    this._ways = new Map();
    this._svg.addEventListener('click', (e) => this._onClick(e));
    this._svg.addEventListener('keydown', (e) => this._onKey(e));
    this._svg.addEventListener('pointerdown', (e) => this._onDown(e));
    this._svg.addEventListener('pointermove', (e) => this._onMove(e));
    this._svg.addEventListener('pointerup', (e) => this._onUp(e));
    this._svg.addEventListener('pointercancel', () => this._endDrag());
    this._svg.addEventListener('focusin', (e) => {
      const k = this._keyOf(e.target);
      if (k) this._active = k;
    });
  }

  connectedCallback() {
    upgrade(this, 'game', 'position', 'orientation', 'coordinates', 'animation');
    listen(this, true);
    this._setLang();
    engine().then(
      () => {
        this._ready = true;
        this._render();
      },
      (e) => this._error('engine', asError(e), ['loadFailed']),
    );
  }

  disconnectedCallback() {
    listen(this, false);
  }

  attributeChangedCallback() {
    if (this._ready) this._render();
    else this._setLang();
  }

  /** The language spoken now: 'en', 'es' or 'ru' (see `lang`). */
  get language() {
    return this._l;
  }

  /** Takes the language the element should speak now (see language()); true when it changed. */
  _setLang() {
    const l = language(this);
    for (const e of [this._svg, this._msg, this._live]) e.setAttribute('lang', l);
    if (l === this._l) return false;
    this._l = l;
    this._cat = LANGS[l];
    this._showErrors();
    return true;
  }

  _relang() {
    if (this._setLang() && this._ready) this._render();
  }

  /** The Jokerball, Zola or Match shown, or null. */
  get game() {
    return this._obj;
  }
  set game(obj) {
    this._obj = obj ?? null;
    this._selected = null;
    this._last = null;
    if (this._ready) this._render();
  }

  get position() {
    return this.getAttribute('position');
  }
  set position(p) {
    attr(this, 'position', p ?? null);
  }
  get orientation() {
    return this._enum('orientation', ['red', 'blue'], 'red');
  }
  set orientation(v) {
    attr(this, 'orientation', v);
  }
  get coordinates() {
    return this._enum('coordinates', ['inside', 'hidden'], 'inside');
  }
  set coordinates(v) {
    attr(this, 'coordinates', v);
  }
  get animation() {
    const a = this.getAttribute('animation');
    if (a === null || a === '') return this._clear('animation', 250);
    const n = Number(a);
    if (!/^\d+$/.test(a.trim()) || n > 60000) return this._badAttr('animation', a, '0…60000', 250);
    return this._clear('animation', n);
  }
  set animation(v) {
    attr(this, 'animation', v === null || v === undefined ? null : String(v));
  }

  /** Settles when the moves being drawn have finished moving. */
  get animationDone() {
    return Promise.all(this._anims.map((a) => a.finished.catch(() => {}))).then(() => {});
  }

  /** Cells drawn as a hint (names) until the position changes; null: none. */
  set hint(cells) {
    this._hint = cells && [new Set(cells), this._v?.position];
    this.refresh();
  }

  /** Redraws after the bound object was changed from outside. */
  refresh() {
    if (this._ready) this._render();
  }

  /** Plays `move` on the bound object, animated; returns and throws as the object's play does. */
  play(move) {
    const obj = this._source();
    if (!obj) throw new SteereError('wrong_phase', 'no game is bound to this board');
    return this._apply(obj, move);
  }

  // -- reading attributes

  _enum(name, allowed, fallback) {
    const v = this.getAttribute(name);
    if (v === null || v === '') return this._clear(name, fallback);
    if (allowed.includes(v)) return this._clear(name, v);
    return this._badAttr(name, v, allowed.join(' | '), fallback);
  }

  _players() {
    const v = this.getAttribute('interactive');
    if (v === null) return this._clear('interactive', []);
    const list = v.split(/\s+/).filter(Boolean);
    if (list.every((p) => p === 'red' || p === 'blue')) return this._clear('interactive', list);
    return this._badAttr('interactive', v, 'red | blue | red blue', []);
  }

  _clear(source, value) {
    if (this._errors.delete(source)) this._showErrors();
    return value;
  }

  _badAttr(name, value, values, fallback) {
    const err = new SteereError('invalid_option', `${name}="${value}": expected ${values}`);
    this._error(name, err, ['badAttribute', { name, value, reason: ['expected', { values }] }]);
    return fallback;
  }

  /**
   * Records an error of `source`, fires steere-error once for it and shows its message: `msg` (a
   * catalogue message), by default the one chosen by the error's code.
   */
  _error(source, error, msg = failed(error)) {
    const id = JSON.stringify(msg) + error.message;
    if (this._errors.get(source)?.id === id) return;
    this._errors.set(source, { id, msg });
    this._showErrors();
    this.dispatchEvent(new CustomEvent('steere-error', { detail: { error }, bubbles: true, composed: true }));
  }

  _showErrors() {
    this._msg.textContent = [...this._errors.values()].map((e) => tell(this._l, e.msg)).join(' ');
    this._msg.hidden = this._errors.size === 0;
  }

  _say(text) {
    this._live.textContent = text;
  }

  // -- the object shown

  _source() {
    if (this._obj !== null) return this._obj;
    const p = this.getAttribute('position');
    if (p !== this._ownOf) {
      this._clear('position');
      this._own?.free();
      this._own = null;
      this._ownOf = p;
      this._last = null;
      if (p) {
        try {
          this._own = new Jokerball({ position: p });
        } catch (e1) {
          try {
            this._own = new Zola({ position: p });
          } catch (e2) {
            // the error of the game the string looks like (odd row counts: Jokerball)
            const rows = p.split(' ')[0].split('/').length;
            this._error('position', asError(rows % 2 ? e1 : e2));
          }
        }
      }
    }
    return this._own;
  }

  /** What the board needs to know of the object, read once per drawing. */
  _view(obj) {
    if (!kindOf(obj)) throw new SteereError('invalid_option', NOT_OBJECT);
    const match = obj instanceof Match ? obj : null;
    const board = obj.board();
    const kind = 'ball' in board ? 'jokerball' : 'zola';
    const position = obj.position();
    const rows = position.split(' ')[0].split('/').length;
    const phase = match ? obj.gamePhase : obj.phase;
    const turn = obj.turn;
    const open = phase !== 'over' && (!match || match.phase === 'playing');
    const moves = open && this._players().includes(turn) ? obj.legalMovesVerbose().filter((m) => m.kind !== 'swap') : [];
    const dice = kind === 'jokerball' ? obj.dice : null;
    return { obj, match, kind, size: kind === 'jokerball' ? (rows + 1) / 2 : rows, board, position, phase, turn, moves, dice };
  }

  _render() {
    this._setLang();
    let v = null;
    let obj = null;
    try {
      obj = this._source();
      if (obj) v = this._view(obj);
      this._clear('game');
    } catch (e) {
      const err = asError(e);
      this._error(this._obj ? 'game' : 'position', err, obj && !kindOf(obj) ? ['notObject'] : failed(err));
    }
    this._v = v;
    this._draw(v);
    return v;
  }

  // -- drawing

  _build(kind, size, flip, coords) {
    const L = layout(kind, size, flip);
    const s = this._svg;
    s.textContent = '';
    s.setAttribute('viewBox', `${-L.w} ${-L.h} ${2 * L.w} ${2 * L.h}`);
    if (kind === 'jokerball') {
      const a = 1.5 * R * (size - 1) + R + 1.5;
      svg('polygon', { points: hexPoints(0, 0, (2 * a) / SQ3, 0), class: 'frame' }, s);
    } else {
      svg('rect', { x: -L.w, y: -L.h, width: 2 * L.w, height: 2 * L.h, rx: 2, class: 'frame' }, s);
    }
    this._goals = new Map();
    for (const g of L.goals) {
      const el = svg('g', { 'data-goal': g.player, part: 'goal', role: 'button', tabindex: '-1' }, s);
      svg('rect', { x: g.x, y: g.y, width: g.w, height: g.h, rx: 2.5 }, el);
      const t = svg('text', { x: g.cx, y: g.cy + 1.8, 'text-anchor': 'middle', class: 'label' }, el);
      this._goals.set(`goal:${g.player}`, { el, g, t });
    }
    this._cells = new Map();
    const layer = svg('g', {}, s);
    for (const c of L.cells) {
      const el = svg('g', { 'data-cell': c.name, part: 'cell', role: 'button', tabindex: '-1' }, layer);
      if (c.alt) el.classList.add('alt');
      if (kind === 'jokerball') svg('polygon', { points: hexPoints(c.x, c.y, R - 0.35, Math.PI / 6), class: 'shape' }, el);
      else svg('rect', { x: c.x - S / 2, y: c.y - S / 2, width: S, height: S, class: 'shape' }, el);
      svg('circle', { cx: c.x, cy: c.y, r: 2.2, class: 'dot' }, el);
      let coord = null;
      if (coords) {
        const at = kind === 'jokerball' ? { x: c.x, y: c.y + 1.5 } : { x: c.x - S / 2 + 1.2, y: c.y - S / 2 + 4.6 };
        coord = svg('text', { ...at, 'text-anchor': kind === 'jokerball' ? 'middle' : 'start', class: 'coord' }, el);
        coord.textContent = c.name;
      }
      this._cells.set(c.name, { el, c, coord, piece: null, pieceEl: null });
    }
    this._arrow = svg('polygon', { class: 'arrow', hidden: '' }, s);
    this._animLayer = svg('g', { class: 'anim' }, s);
    this._dice = null;
    if (kind === 'jokerball') {
      const d = svg('g', { class: 'dice', part: 'dice', role: 'img' }, s);
      const y = -L.h + 1;
      const die = (x, cls) => {
        const g = svg('g', { class: `die ${cls}` }, d);
        svg('rect', { x, y, width: 16, height: 16, rx: 3 }, g);
        const t = svg('text', { x: x + 8, y: y + 11.5, 'text-anchor': 'middle' }, g);
        return t;
      };
      const dist = die(-L.w + 1, 'dist');
      const way = die(L.w - 17, 'way');
      const arrow = svg('polygon', { class: 'way-arrow', points: '-4,-1.3 1,-1.3 1,-3.6 5,0 1,3.6 1,1.3 -4,1.3' }, d);
      this._dice = { g: d, dist, way, arrow, ax: L.w - 9, ay: y + 24 };
    }
    this._layout = L;
    this._flip = flip;
  }

  _draw(v) {
    const cat = this._cat;
    const flip = this.orientation === 'blue';
    const coords = this.coordinates === 'inside';
    // every attribute is read here, so that a bad value is reported when it is set
    void this.animation;
    void this._players();
    let kind = v?.kind;
    let size = v?.size;
    if (!v) {
      // no object (or a bad one): the board without pieces, of the size the position string suggests
      const rows = (this.getAttribute('position') ?? '').split(' ')[0].split('/').length;
      if (this._built && !this.getAttribute('position')) [kind, size] = this._built.split(':');
      else if ([6, 8, 10].includes(rows)) [kind, size] = ['zola', rows];
      else [kind, size] = ['jokerball', rows === 7 ? 4 : 6];
      size = Number(size);
    }
    const key = `${kind}:${size}:${flip}:${coords}`;
    if (key !== this._built) {
      this._build(kind, size, flip, coords);
      this._built = key;
    }
    this._svg.setAttribute('aria-label', say(cat, v ? kind : 'noPieces'));
    attr(this, 'data-game', kind);
    attr(this, 'data-turn', v?.turn ?? null);
    attr(this, 'data-phase', v ? v.phase : null);

    const pieces = new Map();
    if (v) {
      for (const p of v.board.men ?? v.board.checkers) pieces.set(p.cell, p.player);
      if (v.board.ball) pieces.set(v.board.ball, 'ball');
    }
    this._pieces = pieces;

    // what can be clicked now: pieces with moves, and the selected piece's (or the ball's) destinations
    const targets = new Map();
    let selected = null;
    const moves = v?.moves ?? [];
    if (moves.length && v.phase === 'ball') {
      selected = v.board.ball;
      for (const m of moves) targets.set(destKey(m), 'move');
    } else if (moves.length) {
      if (!moves.some((m) => m.from === this._selected)) this._selected = null;
      selected = this._selected;
      for (const m of moves) targets.set(m.from, 'select');
      if (selected) for (const m of moves) if (m.from === selected) targets.set(destKey(m), 'move');
    } else {
      this._selected = null;
    }
    this._targets = targets;
    const last = this._lastCells(v);
    const [cells, at] = this._hint ?? [];
    const hint = at === v?.position ? cells : null;

    for (const [name, cell] of this._cells) {
      const p = pieces.get(name) ?? null;
      if (cell.piece !== p) {
        cell.pieceEl?.remove();
        cell.pieceEl = p ? drawPiece(p, cell.c.x, cell.c.y, null) : null;
        if (cell.pieceEl) cell.el.insertBefore(cell.pieceEl, kind === 'jokerball' ? null : cell.coord);
        cell.piece = p;
        if (cell.coord && kind === 'jokerball') attr(cell.coord, 'hidden', !!p);
      }
      const tg = targets.get(name);
      const sel = selected === name;
      const was = last.has(name);
      attr(cell.el, 'data-target', tg);
      attr(cell.el, 'data-selected', sel);
      attr(cell.el, 'data-last', was);
      attr(cell.el, 'data-hint', !!hint?.has(name));
      cell.el.setAttribute('part', ['cell', tg && 'target', sel && 'selected', was && 'last'].filter(Boolean).join(' '));
      const what = !p || p === 'ball' ? p || 'empty' : `${kind === 'jokerball' ? 'man' : 'checker'}_${p}`;
      const label = [say(cat, what, { cell: name })];
      if (tg) label.push(say(cat, 'target'));
      if (sel) label.push(say(cat, 'selected'));
      if (was) label.push(say(cat, 'last'));
      cell.el.setAttribute('aria-label', label.join(', '));
    }
    for (const [k, { el, g, t }] of this._goals) {
      const tg = targets.get(k);
      attr(el, 'data-target', tg);
      el.setAttribute('part', tg ? 'goal target' : 'goal');
      const label = say(cat, `goal_${g.player}`);
      t.textContent = label;
      el.setAttribute('aria-label', tg ? `${label}, ${say(cat, 'target')}` : label);
    }

    this._drawDice(v);
    this._roving();
  }

  /** The dice and the ball's direction (Jokerball): read from the engine's legal ball moves. */
  _drawDice(v) {
    const d = this._dice;
    this._arrow.setAttribute('hidden', '');
    if (!d) return;
    const cat = this._cat;
    const dice = v?.dice;
    attr(d.g, 'data-empty', !dice);
    d.dist.textContent = dice ? String(dice.distance) : '';
    d.way.textContent = dice ? String(dice.direction) : '';
    attr(d.arrow, 'hidden', true);
    if (!dice) {
      d.g.setAttribute('aria-label', say(cat, 'noDice'));
      return;
    }
    const way = this._way(v);
    const vars = { distance: dice.distance, direction: dice.direction };
    if (!way) {
      d.g.setAttribute('aria-label', say(cat, 'dice', vars));
      return;
    }
    const [dx, dy] = way;
    const deg = (Math.atan2(dy, dx) * 180) / Math.PI;
    vars.way = say(cat, `way${(Math.round(deg / 60) + 6) % 6}`);
    d.g.setAttribute('aria-label', say(cat, 'diceWay', vars));
    attr(d.arrow, 'hidden', false);
    d.arrow.setAttribute('transform', `translate(${d.ax} ${d.ay}) rotate(${deg.toFixed(1)})`);
    // an arrow from the ball, one cell long, along its line
    const ball = this._layout.at.get(v.board.ball);
    if (ball) {
      const len = Math.hypot(dx, dy);
      const [ux, uy] = [dx / len, dy / len];
      const pt = (a, b) => `${(ball.x + ux * a - uy * b).toFixed(2)},${(ball.y + uy * a + ux * b).toFixed(2)}`;
      this._arrow.setAttribute('points', [pt(6.5, -1.2), pt(11, -1.2), pt(11, -3.2), pt(15.5, 0), pt(11, 3.2), pt(11, 1.2), pt(6.5, 1.2)].join(' '));
      this._arrow.removeAttribute('hidden');
    }
  }

  /**
   * The ball's direction in drawing units, from the engine: the first step of a legal ball move (in
   * phase 'man', on a copy after one of the legal man moves). Null when no ball move shows it.
   */
  _way(v) {
    const key = `${v.position} ${v.dice.distance}/${v.dice.direction} ${v.phase}`;
    if (this._ways.has(key)) return this._ways.get(key);
    const at = this._layout.at;
    const from = (moves, ball) => {
      for (const m of moves) {
        const first = m.kind === 'ball' && at.get(m.path[0]);
        if (first) return [first.x - at.get(ball).x, first.y - at.get(ball).y];
      }
      return null;
    };
    let way = null;
    let copy = null;
    try {
      if (v.phase === 'ball') way = from(v.obj.legalMovesVerbose(), v.board.ball);
      else if (v.phase === 'man') {
        copy = v.match ? v.obj.game : v.obj.clone();
        for (const m of copy.legalMovesVerbose()) {
          const c = copy.clone();
          try {
            c.play(m.notation);
            if (c.phase === 'ball') way = from(c.legalMovesVerbose(), c.board().ball);
          } finally {
            c.free();
          }
          if (way) break;
        }
      }
    } finally {
      copy?.free();
    }
    if (this._ways.size > 64) this._ways.clear();
    this._ways.set(key, way);
    return way;
  }

  /** The cells of the last turn's moves: those this board played, else read from the last record. */
  _lastCells(v) {
    const out = new Set();
    if (!v) return out;
    if (this._last && this._last.position === v.position) {
      for (const m of this._last.moves) {
        if (m.from) out.add(m.from);
        if (m.to && m.to !== 'off') out.add(m.to);
      }
      return out;
    }
    const h = v.obj.history();
    const rec = h[h.length - 1];
    if (!rec) return out;
    // records name cells between the move signs: '3/4 b1-d1 f6>f8', 'c3xd3'
    for (const part of rec.split(' ').filter((x) => /[a-z]\d/.test(x))) {
      for (const c of part.split(/[-x>]/)) if (this._layout.at.has(c)) out.add(c);
    }
    return out;
  }

  _roving() {
    const all = this._focusables();
    const first = this._selected ?? [...this._targets.keys()].find((k) => all.has(k));
    // while the focus is elsewhere, the tab stop waits on something that can be played
    const away = !this.shadowRoot.activeElement && first && !this._targets.has(this._active);
    if (!all.has(this._active) || away) this._active = first ?? this._layout.cells[0].name;
    for (const [k, el] of all) el.setAttribute('tabindex', k === this._active ? '0' : '-1');
  }

  _focusables() {
    const m = new Map();
    for (const [k, c] of this._cells) m.set(k, c.el);
    for (const [k, g] of this._goals) m.set(k, g.el);
    return m;
  }

  _point(key) {
    if (key.startsWith('goal:')) {
      const g = this._goals.get(key).g;
      return { x: g.cx, y: g.cy };
    }
    return this._layout.at.get(key);
  }

  _keyOf(el) {
    const t = el?.closest?.('[data-cell],[data-goal]');
    if (!t) return null;
    return t.dataset.cell ?? `goal:${t.dataset.goal}`;
  }

  // -- input

  _onClick(e) {
    if (this._dragged) {
      this._dragged = false;
      return;
    }
    this._choose(this._keyOf(e.target), false);
  }

  _onKey(e) {
    const dirs = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
    const all = this._focusables();
    if (dirs[e.key]) {
      e.preventDefault();
      const next = this._neighbour(this._active, ...dirs[e.key]);
      if (next) this._focus(next);
    } else if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      const keys = [...all.keys()].filter((k) => !k.startsWith('goal:'));
      this._focus(e.key === 'Home' ? keys[0] : keys[keys.length - 1]);
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      this._choose(this._active, true);
    } else if (e.key === 'Escape' && this._selected) {
      e.preventDefault();
      this._selected = null;
      this._say(say(this._cat, 'dropped'));
      this._render();
    }
  }

  /** The nearest cell or goal from `key` in screen direction (dx, dy), within a 45-degree cone. */
  _neighbour(key, dx, dy) {
    const from = this._point(key);
    let best = null;
    let score = Infinity;
    for (const k of this._focusables().keys()) {
      const p = this._point(k);
      const vx = p.x - from.x;
      const vy = p.y - from.y;
      const along = vx * dx + vy * dy;
      const across = Math.abs(vx * dy - vy * dx);
      if (along <= 0.5 || across > along + 0.5) continue;
      const s = along + 2 * across;
      if (s < score) [best, score] = [k, s];
    }
    return best;
  }

  _focus(key) {
    this._active = key;
    this._roving();
    this._focusables().get(key)?.focus();
  }

  /** A click, Enter or drop on `key`: select a piece, let it go, or play the move it completes. */
  _choose(key, keyboard) {
    const v = this._render();
    const moves = v?.moves ?? [];
    const sel = v?.phase === 'ball' ? v.board.ball : this._selected;
    const m = sel && moves.find((x) => x.from === sel && destKey(x) === key);
    if (m) return this._attempt(v, m, keyboard);
    if (key && key !== this._selected && moves.some((x) => x.from === key)) {
      this._selected = key;
      const dests = moves.filter((x) => x.from === key).map(destKey);
      this._say(say(this._cat, 'picked', { cell: key, count: dests.length }));
      this._render();
      if (keyboard) this._focus(dests[0]);
    } else if (this._selected) {
      this._selected = null;
      this._say(say(this._cat, 'dropped'));
      this._render();
    }
  }

  _attempt(v, m, keyboard) {
    const player = v.turn;
    const detail = { move: m, player };
    this._selected = null;
    const go = this.dispatchEvent(new CustomEvent('steere-move', { detail, bubbles: true, composed: true, cancelable: true }));
    if (!go) {
      this._render();
      return;
    }
    let played;
    try {
      played = this._apply(v.obj, m.notation);
    } catch (e) {
      this._error('game', asError(e));
      this._render();
      return;
    }
    // a keyboard user goes on from the next target (the ball's, after a man), else from where the piece went
    if (keyboard) this._focus([...this._targets.keys()][0] ?? destKey(m));
    let position = null;
    let phase = null;
    try {
      position = v.obj.position();
      phase = v.obj.phase;
    } catch {
      // freed by a listener: the move was played all the same
    }
    this.dispatchEvent(
      new CustomEvent('steere-played', { detail: { move: played, player, position, phase }, bubbles: true, composed: true }),
    );
  }

  /** Plays a move on `obj`, remembers it for the last-move mark, redraws and animates it. */
  _apply(obj, move) {
    const before = this._pieces ?? new Map();
    const turnKey = (kindOf(obj) === 'match' ? `${obj.gameNumber}:` : '') + obj.history().length;
    const player = obj.turn;
    const played = obj.play(move);
    if (this._last?.key !== turnKey) this._last = { key: turnKey, moves: [] };
    this._last.moves.push(played);
    this._last.position = obj.position();
    this._render();
    this._say(tell(this._l, ['played', { player: [player], move: played.notation }]));
    this._animate(played, before);
    return played;
  }

  // -- animation: a man or checker slides along its path, the ball runs its path, a capture fades

  _duration() {
    return reducedMotion() ? 0 : this.animation;
  }

  _animate(played, before) {
    // a new move ends the drawing of the last one at once
    for (const a of this._anims) a.finish();
    for (const end of this._ends ?? []) end();
    this._anims = [];
    this._ends = [];
    this._temp = [];
    const ms = this._duration();
    const kind = played.from && before.get(played.from);
    if (!ms || !kind || !this._layout) return;
    const L = this._layout;
    const cells = [played.from, ...(played.path ?? [played.to])];
    const pts = [];
    for (const c of cells) {
      if (c !== 'off') pts.push(L.at.get(c));
      else {
        // off the board: on past the last cell, into the goal zone
        const g = this._goals.get(`goal:${played.goal}`)?.g;
        const p = pts[pts.length - 1];
        const q = pts.length > 1 ? pts[pts.length - 2] : null;
        const y = g ? g.cy : p.y;
        const x = q && q.y !== p.y ? p.x + ((p.x - q.x) * (y - p.y)) / (p.y - q.y) : p.x;
        pts.push({ x, y });
      }
    }
    if (pts.some((p) => !p)) return;
    const layer = this._animLayer;
    if (played.capture && before.get(played.to)) {
      const victim = drawPiece(before.get(played.to), 0, 0, layer);
      victim.removeAttribute('data-piece');
      victim.removeAttribute('part');
      this._temp.push(victim);
      const at = `translate(${pts[pts.length - 1].x}px, ${pts[pts.length - 1].y}px)`;
      this._anims.push(victim.animate([{ transform: at, opacity: 1 }, { transform: at, opacity: 0 }], { duration: ms, fill: 'forwards' }));
    }
    const ghost = drawPiece(kind, 0, 0, layer);
    ghost.removeAttribute('data-piece');
    ghost.removeAttribute('part');
    const real = played.to !== 'off' ? this._cells.get(played.to)?.pieceEl : null;
    if (real) real.style.visibility = 'hidden';
    const frames = pts.map((p) => ({ transform: `translate(${p.x}px, ${p.y}px)` }));
    if (played.to === 'off') frames[frames.length - 1].opacity = 0;
    const a = ghost.animate(frames, { duration: ms * Math.min(2, 0.75 + pts.length / 8), easing: 'ease-in-out', fill: 'forwards' });
    this._anims.push(a);
    const temp = [...this._temp, ghost];
    this._temp = [];
    const done = () => {
      for (const e of temp) e.remove();
      if (real) real.style.visibility = '';
    };
    this._ends.push(done);
    a.finished.then(done, done);
  }

  // -- dragging a piece onto a target

  _onDown(e) {
    this._dragged = false;
    if (e.button !== 0) return;
    const key = this._keyOf(e.target);
    const v = this._v;
    if (!key || !v?.moves.length) return;
    const own = v.phase === 'ball' ? key === v.board.ball : v.moves.some((m) => m.from === key);
    if (own) this._drag = { key, x: e.clientX, y: e.clientY, id: e.pointerId, ghost: null };
  }

  _onMove(e) {
    const d = this._drag;
    if (!d || e.pointerId !== d.id) return;
    if (!d.ghost) {
      if (Math.hypot(e.clientX - d.x, e.clientY - d.y) < 6) return;
      this._svg.setPointerCapture?.(e.pointerId);
      if (this._v.phase !== 'ball' && this._selected !== d.key) {
        this._selected = d.key;
        this._render();
      }
      const cell = this._cells.get(d.key);
      d.real = cell.pieceEl;
      d.ghost = drawPiece(cell.piece, 0, 0, this._animLayer);
      d.ghost.removeAttribute('data-piece');
      if (d.real) d.real.style.visibility = 'hidden';
    }
    const m = this._svg.getScreenCTM();
    if (!m) return;
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
    d.ghost.setAttribute('transform', `translate(${p.x} ${p.y})`);
  }

  _onUp(e) {
    const d = this._drag;
    if (!d || e.pointerId !== d.id) return;
    const moved = !!d.ghost;
    this._endDrag();
    if (!moved) return;
    this._dragged = true;
    const under = this.shadowRoot.elementFromPoint(e.clientX, e.clientY);
    const key = this._keyOf(under);
    if (key && this._targets.get(key) === 'move') this._choose(key, false);
  }

  _endDrag() {
    const d = this._drag;
    this._drag = null;
    if (d?.ghost) {
      d.ghost.remove();
      if (d.real) d.real.style.visibility = '';
    }
  }
}

/** Where a move ends, as the board names it: a cell, or the goal zone it leaves through. */
const destKey = (m) => (m.to === 'off' ? `goal:${m.goal}` : m.to);

// ---- WorkerBot ----------------------------------------------------------------------------------

let inlineWorker = null;
const restore = (state) => ({ jokerball: Jokerball, zola: Zola, match: Match })[state.game].fromJSON(state);

/**
 * The computer opponent in a Web Worker (worker.js beside this file); answers are promises. Where no
 * worker can start, it thinks on the page's thread instead, one decision at a time.
 */
export class WorkerBot {
  /** For a single-file build: start workers from this source, posting them the wasm bytes. */
  static inline(code, wasm) {
    inlineWorker = { code, wasm };
  }

  constructor(options = {}) {
    this.level = options.level ?? 'medium';
    this.seed = options.seed;
    this._worker = null;
    this._local = false;
    this._n = 0;
    this._waiting = new Map();
  }

  /** A legal move of the current phase, chosen off the page's thread. */
  chooseMove(gameOrMatch) {
    return this._ask('chooseMove', gameOrMatch);
  }

  /** 'double' | 'no-double' | 'take' | 'drop', as Bot.cubeAction. */
  cubeAction(match) {
    return this._ask('cubeAction', match);
  }

  /** Each player's chances, as Bot.evaluate. */
  evaluate(gameOrMatch) {
    return this._ask('evaluate', gameOrMatch);
  }

  /** Every choice ranked, as Bot.hint. */
  hint(gameOrMatch) {
    return this._ask('hint', gameOrMatch);
  }

  /** The review of the game or match, as Bot.review; onProgress(done, total) as the worker reports it. */
  review(gameOrMatch, options) {
    return this._ask('review', gameOrMatch, options?.onProgress);
  }

  /** Stops the worker; answers still awaited are refused. */
  terminate() {
    this._worker?.terminate();
    this._worker = null;
    for (const r of this._waiting.values()) r.reject(new SteereError('wrong_phase', 'the bot was terminated'));
    this._waiting.clear();
  }

  _ask(type, obj, onProgress) {
    let state;
    try {
      state = obj.toJSON();
    } catch (e) {
      return Promise.reject(asError(e));
    }
    const options = { level: this.level };
    if (this.seed !== undefined && this.seed !== null) options.seed = this.seed;
    return new Promise((resolve, reject) => {
      const req = { id: ++this._n, type, state, options, onProgress, resolve, reject };
      this._start();
      if (this._local) {
        setTimeout(() => this._think(req), 0);
      } else {
        this._waiting.set(req.id, req);
        this._worker.postMessage({ id: req.id, type, state, options });
      }
    });
  }

  _start() {
    if (this._worker || this._local) return;
    try {
      if (inlineWorker) {
        this._worker = new Worker(URL.createObjectURL(new Blob([inlineWorker.code], { type: 'text/javascript' })));
      } else {
        this._worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
      }
    } catch {
      this._local = true;
      return;
    }
    this._worker.onmessage = ({ data }) => {
      if (data.type === 'failed') return this._fallback();
      const req = this._waiting.get(data.id);
      if (!req) return;
      if (data.progress) return req.onProgress?.(...data.progress);
      this._waiting.delete(data.id);
      if (data.error) req.reject(asError(data.error));
      else req.resolve(data.result);
    };
    this._worker.onerror = (e) => {
      e.preventDefault();
      this._fallback();
    };
    this._worker.postMessage({ type: 'init', wasm: inlineWorker?.wasm });
  }

  _fallback() {
    this._worker?.terminate();
    this._worker = null;
    this._local = true;
    const reqs = [...this._waiting.values()];
    this._waiting.clear();
    for (const r of reqs) setTimeout(() => this._think(r), 0);
  }

  _think(req) {
    let obj;
    let bot;
    try {
      obj = restore(req.state);
      bot = new Bot(req.options);
      req.resolve(bot[req.type](obj, { onProgress: req.onProgress }));
    } catch (e) {
      req.reject(asError(e));
    } finally {
      obj?.free();
      bot?.free();
    }
  }
}

// ---- <steere-game> ------------------------------------------------------------------------------

const GAME_CSS = `
:host { display: block; min-width: 240px; color: var(--steere-text, #2a2638); font: 1rem/1.35 system-ui, sans-serif; }
:host([hidden]) { display: none; }
[hidden] { display: none !important; }
.wrap { container-type: inline-size; }
.grid { display: grid; gap: 0.6rem; grid-template-columns: minmax(0, 1fr); }
@container (min-width: 620px) { .grid { grid-template-columns: minmax(0, 1fr) minmax(13rem, 16rem); } }
.main, .side { min-width: 0; }
steere-board::part(message) { display: none; }
p { margin: 0.25rem 0; }
.turn { font-weight: 600; min-height: 1.35em; }
.turn[data-player=red]::before, .turn[data-player=blue]::before, li[data-player]::before {
  content: ''; display: inline-block; width: 0.75em; height: 0.75em; margin-right: 0.35em; vertical-align: -0.05em;
  border: 1px solid rgb(0 0 0 / 0.5); }
.turn[data-player=red]::before, li[data-player=red]::before { background: var(--steere-red, #c8323c); border-radius: 50%; }
.turn[data-player=blue]::before, li[data-player=blue]::before { background: var(--steere-blue, #2f5fb3); border-radius: 2px; }
.status { min-height: 1.35em; font-size: 0.9rem; opacity: 0.85; }
.seat { font-size: 0.9rem; }
.bar { display: flex; flex-wrap: wrap; gap: 0.35rem; margin: 0.4rem 0; }
button { font: inherit; font-size: 0.95rem; padding: 0.4rem 0.75rem; border-radius: 0.35rem; border: 1px solid #77718c;
  background: #fff; color: #1d1a29; cursor: pointer; }
button:disabled { opacity: 0.4; cursor: default; }
button[data-action=roll]:not(:disabled), button[data-action=next-game]:not(:disabled), button[data-action=restart],
button[data-action=confirm-resign] { background: var(--steere-board, #3b3552); color: #fff; border-color: transparent; }
.confirm { border: 1px solid #a3141b; border-radius: 0.4rem; padding: 0.4rem; margin: 0.4rem 0; }
.winner { padding: 0.45rem 0.6rem; border-radius: 0.4rem; font-weight: 700; color: #fff; }
.winner[data-winner=red] { background: var(--steere-red, #c8323c); }
.winner[data-winner=blue] { background: var(--steere-blue, #2f5fb3); }
.info { font-size: 0.9rem; }
.badge { background: var(--steere-target, #f5c430); color: #1d1a29; border-radius: 0.3rem; padding: 0 0.3rem; }
ol { margin: 0.3rem 0; padding-left: 0; list-style: none; max-height: 16rem; overflow-y: auto;
  font: 0.85rem/1.4 ui-monospace, monospace; }
li.head { font: 600 0.85rem system-ui, sans-serif; margin-top: 0.3rem; }
li.partial { opacity: 0.6; }
li.cube, li.result { font-style: italic; }
.n { display: inline-block; min-width: 2.2em; opacity: 0.6; }
.msg { color: #a3141b; font-size: 0.9rem; }
`;

const GAME_HTML = `<style>${GAME_CSS}</style><div class="wrap"><div class="grid">
<div class="main"><p class="turn"></p><steere-board part="board" exportparts="svg, cell, piece, goal, dice, target, selected, last, message: board-message"></steere-board></div>
<div class="side">
<p class="seat"></p>
<div class="bar" role="toolbar">
<button data-action="roll" part="button" aria-keyshortcuts="r"></button><button data-action="double" part="button"></button><button data-action="take" part="button"></button><button data-action="drop" part="button"></button><button data-action="swap" part="button"></button><button data-action="resign" part="button"></button><button data-action="next-game" part="button"></button><button data-action="restart" part="button"></button>
</div>
<div class="confirm" role="alertdialog" hidden><p></p><button data-action="confirm-resign" part="button"></button> <button data-action="cancel-resign" part="button"></button></div>
<p class="winner" part="winner" role="status" hidden></p>
<p class="status"></p>
<div class="info"><p class="score"></p><p><span class="cube"></span> <span class="badge" hidden></span></p></div>
<ol class="log" part="log"></ol>
<p class="msg" part="message" role="alert" hidden></p>
</div></div></div>`;

const seedValue = (v) => (/^\d+$/.test(v) && Number(v) < 2 ** 32 ? Number(v) : v);
const intValue = (v) => (/^-?\d+$/.test(v) ? Number(v) : v);
const clean = (o) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

/** A whole game or match for a page: board, dice, buttons, score, cube, log and the computer. */
export class SteereGame extends Base {
  static get observedAttributes() {
    return ['orientation', 'level', 'lang', 'animation'];
  }

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    root.innerHTML = GAME_HTML;
    this._l = 'en';
    this._cat = en;
    this._q = (s) => root.querySelector(s);
    this._board = this._q('steere-board');
    this._obj = null;
    this._o = null;
    this._token = 0;
    this._errors = new Map();
    this._busy = false;
    this._past = [];
    this._events = [];
    this._over = 0;
    this._confirm = false;
    this._notice = [];
    for (const b of root.querySelectorAll('button')) b.type = 'button';
    // the inner board's events stay inside; the game tells the page in its own words
    const b = this._board;
    b.addEventListener('steere-move', (e) => e.stopPropagation());
    b.addEventListener('steere-played', (e) => {
      e.stopPropagation();
      this._played(e.detail.player, e.detail.move);
    });
    b.addEventListener('steere-error', (e) => {
      e.stopPropagation();
      // the board's own words (it names a bad attribute); its message is not shown inside the game
      this._fail('board', e.detail.error, () => b._msg.textContent);
    });
    root.addEventListener('click', (e) => {
      const btn = e.target.closest?.('button[data-action]');
      if (btn && !btn.disabled) this._action(btn.dataset.action, e.detail === 0);
    });
    root.addEventListener('keydown', (e) => {
      // r rolls, on any keyboard layout (a Russian one types к there)
      if ((e.key === 'r' || e.code === 'KeyR') && !e.ctrlKey && !e.metaKey && !e.altKey && !this._q('[data-action=roll]').disabled) {
        e.preventDefault();
        this._action('roll', true);
      }
    });
    this._texts();
  }

  connectedCallback() {
    upgrade(this, 'state', 'game');
    listen(this, true);
    this._setLang();
    this._whenReady(() => {
      if (this._pending !== undefined) {
        const s = this._pending;
        this._pending = undefined;
        this._restore(s);
      } else if (!this._obj) this._start();
      else this._render();
    });
  }

  disconnectedCallback() {
    listen(this, false);
    this._token++;
    this._bot?.terminate();
    this._bot = null;
  }

  attributeChangedCallback(name) {
    this._setLang();
    if (!this._o) return;
    if (name === 'level') this._o.level = this._level();
    this._render();
  }

  /** The language spoken now: 'en', 'es' or 'ru' (see `lang`). */
  get language() {
    return this._l;
  }

  /** Takes the language the element should speak now (see language()); true when it changed. */
  _setLang() {
    const l = language(this);
    this._q('.wrap').setAttribute('lang', l);
    if (l === this._l) return false;
    this._l = l;
    this._cat = LANGS[l];
    this._texts();
    this._board._relang();
    this._showErrors();
    return true;
  }

  _relang() {
    if (this._setLang()) this._render();
  }

  /** The object played: a Match when `length` is given, else a lone Jokerball or Zola. */
  get game() {
    return this._obj;
  }
  /** Plays this object from now on (a Jokerball, Zola or Match of this copy of the package). */
  set game(obj) {
    const use = () => {
      let kind = null;
      try {
        kind = kindOf(obj) && ('ball' in obj.board() ? 'jokerball' : 'zola');
      } catch (e) {
        this._fail('game', asError(e));
        return;
      }
      if (!kind) {
        this._fail('game', new SteereError('invalid_option', NOT_OBJECT), ['notObject']);
        return;
      }
      const o = this._attrs();
      o.game = kind;
      this._use(obj, o);
    };
    if (this._ready) use();
    else this._whenReady(use);
  }

  /** The played object's toJSON(); set it to restore a game or match. */
  get state() {
    try {
      return this._obj ? this._obj.toJSON() : null;
    } catch (e) {
      this._fail('game', asError(e));
      return null;
    }
  }
  set state(s) {
    if (this._ready) this._restore(s);
    else this._pending = s;
  }

  /** Cells of the board drawn as a hint until the position changes (see the board's hint). */
  set hint(cells) {
    this._board.hint = cells;
  }

  /** The side a person plays against the computer now (a Zola swap exchanges it), or null. */
  get humanSide() {
    return this._o ? this._humanSide() : null;
  }

  /** A new game or match from the attributes. */
  start() {
    return this._whenReady(() => this._start());
  }

  _whenReady(fn) {
    return engine().then(
      () => {
        this._ready = true;
        fn();
      },
      (e) => this._fail('engine', asError(e), ['loadFailed']),
    );
  }

  // -- attributes

  _attrs() {
    this._clearErrors('attr:');
    const get = (n) => {
      const v = this.getAttribute(n);
      return v === null || v.trim() === '' ? undefined : v.trim();
    };
    // the message names the attribute; its reason is the values expected, or chosen by the engine's code
    const bad = (n, v, why, reason) =>
      this._fail(`attr:${n}`, new SteereError('invalid_option', `${n}="${v}": ${why}`), ['badAttribute', { name: n, value: v, reason }]);
    const oneOf = (n, list, fallback) => {
      const v = get(n);
      if (v === undefined) return fallback;
      if (list.includes(v)) return v;
      const values = list.join(' | ');
      bad(n, v, `expected ${values}`, ['expected', { values }]);
      return fallback;
    };
    // the engine judges its own options
    const engineSays = (n, convert, tryIt) => {
      const v = get(n);
      if (v === undefined) return undefined;
      const x = convert(v);
      try {
        const made = tryIt(x);
        made.free();
        return x;
      } catch (e) {
        const err = asError(e);
        bad(n, v, err.message, [`code_${err.code}`]);
        return undefined;
      }
    };
    const o = {};
    o.game = oneOf('game', ['jokerball', 'zola'], 'jokerball');
    o.opponent = oneOf('opponent', ['bot', 'human'], 'bot');
    o.human = oneOf('human', ['red', 'blue'], 'red');
    o.cube = oneOf('cube', ['on', 'off'], 'off') === 'on';
    const pie = this.getAttribute('pie');
    o.pie = pie !== null && pie !== 'off';
    if (pie !== null && !['', 'on', 'off'].includes(pie.trim())) {
      bad('pie', pie, 'expected on | off', ['expected', { values: 'on | off' }]);
      o.pie = false;
    }
    const jb = o.game === 'jokerball';
    o.rules = jb ? engineSays('rules', String, (x) => new Jokerball({ rules: x })) : undefined;
    o.size = engineSays('size', intValue, (x) => (jb ? new Jokerball({ size: x }) : new Zola({ size: x })));
    o.rows = jb ? engineSays('rows', intValue, (x) => new Jokerball(clean({ size: o.size, rows: x }))) : undefined;
    o.first = engineSays('first', String, (x) => new Zola({ first: x }));
    o.seed = engineSays('seed', seedValue, (x) => new Jokerball({ seed: x }));
    o.length = engineSays('length', intValue, (x) => new Match({ length: x }));
    o.level = this._level();
    if (o.pie && o.length !== undefined) {
      bad('pie', pie, 'no pie rule in a match', ['pieMatch']);
      o.pie = false;
    }
    return o;
  }

  _level() {
    const v = this.getAttribute('level');
    this._clearErrors('attr:level');
    if (v === null || v === '') return 'medium';
    try {
      new Bot({ level: v }).free();
      return v;
    } catch (e) {
      const err = asError(e);
      this._fail('attr:level', err, ['badAttribute', { name: 'level', value: v, reason: [`code_${err.code}`] }]);
      return 'medium';
    }
  }

  _make(o) {
    const { game, rules, size, rows, first, seed, length, cube, pie } = o;
    if (length !== undefined) {
      const sub = game === 'jokerball' ? { jokerball: clean({ rules, size, rows }) } : { zola: clean({ size }) };
      return new Match(clean({ game, length, cube, first, seed, ...sub }));
    }
    if (game === 'zola') return new Zola(clean({ size, pie, first }));
    return new Jokerball(clean({ rules, size, rows, first, seed }));
  }

  _start() {
    const o = this._attrs();
    let obj;
    try {
      obj = this._make(o);
    } catch (e) {
      this._fail('start', asError(e));
      obj = this._make({ game: o.game });
    }
    this._clearErrors('start');
    this._clearErrors('state');
    this._use(obj, o);
  }

  _restore(s) {
    let obj;
    try {
      const cls = { jokerball: Jokerball, zola: Zola, match: Match }[s?.game];
      if (!cls) throw new SteereError('parse_error', 'not a state of steere-games');
      obj = cls.fromJSON(s);
    } catch (e) {
      const err = asError(e);
      this._fail('state', err, failed(err, 'badState'));
      return;
    }
    this._clearErrors('state');
    const o = this._attrs();
    o.game = 'ball' in obj.board() ? 'jokerball' : 'zola';
    this._use(obj, o);
  }

  _use(obj, o) {
    this._token++;
    this._obj = obj;
    this._o = o;
    this._past = [];
    this._events = [];
    this._confirm = false;
    this._notice = [];
    this._cubeAsked = null;
    this._clearErrors('game');
    this._clearErrors('bot');
    this._clearErrors('board');
    if (this._bot) {
      this._bot.level = o.level;
      this._bot.seed = o.seed;
    }
    try {
      this._over = this._results().length;
    } catch {
      this._over = 0;
    }
    this._board.game = obj;
    this._render();
  }

  // -- who acts

  _match() {
    return this._obj instanceof Match ? this._obj : null;
  }

  /** The player who must act now (the answerer of a pending double), or null when the game is over. */
  _actor() {
    const m = this._match();
    if (m) return m.phase === 'double' ? OTHER[m.pendingDouble] : m.phase === 'playing' ? m.turn : null;
    return this._obj.phase === 'over' ? null : this._obj.turn;
  }

  _humanSide() {
    if (this._o.opponent === 'human') return null;
    const swapped = this._obj instanceof Zola && this._obj.swapped;
    return swapped ? OTHER[this._o.human] : this._o.human;
  }

  _humanActs() {
    const a = this._actor();
    return a !== null && (this._o.opponent === 'human' || a === this._humanSide());
  }

  _results() {
    const m = this._match();
    if (m) return m.results;
    const w = this._obj.winner;
    return w ? [{ winner: w, points: 1, cube: 1, how: this._obj instanceof Zola ? 'captured-all' : 'goal' }] : [];
  }

  // -- actions

  _action(name, keyboard) {
    const m = this._match();
    const who = this._actor();
    try {
      if (name === 'roll') {
        const r = this._obj.roll();
        this._note([['rolled', { player: [who], distance: r.distance, direction: r.direction }], this._skips(who, r.skipped)]);
        this._emit('steere-played', { player: who, action: 'roll', dice: { distance: r.distance, direction: r.direction } });
        if (keyboard) this._render(() => this._board._focus(this._board._active));
      } else if (name === 'double' || name === 'take' || name === 'drop') {
        m[name]();
        this._cube(who, name);
      } else if (name === 'resign') {
        this._confirm = true;
        this._render();
        this._q('[data-action=confirm-resign]').focus();
        return;
      } else if (name === 'confirm-resign') {
        this._confirm = false;
        const loser = this._humanSide() ?? who;
        m.resign(loser);
        this._token++;
        this._cube(loser, 'resign');
      } else if (name === 'cancel-resign') {
        this._confirm = false;
      } else if (name === 'swap') {
        this._board.play('swap');
        this._note([['didSwap', { player: [who] }]]);
        this._emit('steere-played', { player: who, action: 'swap' });
      } else if (name === 'next-game') {
        this._past[m.gameNumber - 1] = this._entries();
        m.nextGame();
        this._notice = [];
      } else if (name === 'restart') {
        this._start();
        return;
      }
    } catch (e) {
      this._fail('game', asError(e));
    }
    this._render();
  }

  _cube(player, action) {
    const m = this._match();
    this._events.push({ game: m.gameNumber, at: m.history().length, player, action });
    const key = { double: 'didDouble', take: 'didTake', drop: 'didDrop', resign: 'didResign' }[action];
    this._note([[key, { player: [player] }]]);
    this._emit('steere-played', { player, action });
  }

  /** After a move on the board (a person's or the computer's). */
  _played(player, move) {
    const obj = this._obj;
    if (move.kind === 'swap') {
      this._note([['didSwap', { player: [player] }]]);
      this._emit('steere-played', { player, action: 'swap' });
      this._render();
      return;
    }
    const notes = [['played', { player: [player], move: move.notation }], this._skips(player, move.skipped)];
    if (!move.skipped) {
      // Zola: a side without a legal move passes at once, recorded as '-'
      const h = obj.history();
      if (h[h.length - 1] === '-' && !this._actorIs(OTHER[player])) notes.push(['pass', { player: [OTHER[player]] }]);
    }
    this._note(notes);
    this._emit('steere-played', { player, move });
    this._render();
  }

  _actorIs(p) {
    try {
      return this._actor() === p;
    } catch {
      return false;
    }
  }

  _skips(who, skipped) {
    if (!skipped?.length) return null;
    const key = skipped.length === 2 ? 'skipTurn' : skipped[0] === 'man' ? 'skipMan' : 'skipBall';
    return [key, { player: [who] }];
  }

  /** The status line: messages, kept untranslated so that a change of language translates them too. */
  _note(parts) {
    this._notice = parts.filter(Boolean);
    this._board._say(this._noticeText());
  }

  _noticeText() {
    return this._notice.map((m) => tell(this._l, m)).join('. ');
  }

  _emit(type, detail) {
    let phase = null;
    try {
      phase = this._obj.phase;
    } catch {
      // a freed object: the event goes out without it
    }
    this.dispatchEvent(new CustomEvent(type, { detail: { ...detail, phase }, bubbles: true, composed: true }));
  }

  /** Records an error; `msg` is a catalogue message (by default chosen by the error's code) or a function. */
  _fail(source, error, msg = failed(error)) {
    const id = (msg.call ? msg() : JSON.stringify(msg)) + error.message;
    const again = this._errors.get(source)?.id === id;
    this._errors.set(source, { id, msg });
    this._showErrors();
    if (!again) this.dispatchEvent(new CustomEvent('steere-error', { detail: { error }, bubbles: true, composed: true }));
  }

  _clearErrors(prefix) {
    let changed = false;
    for (const k of [...this._errors.keys()]) {
      if (k.startsWith(prefix)) changed = this._errors.delete(k) || changed;
    }
    if (changed) this._showErrors();
  }

  _showErrors() {
    const el = this._q('.msg');
    el.textContent = [...this._errors.values()].map(({ msg }) => (msg.call ? msg() : tell(this._l, msg))).join(' ').trim();
    el.hidden = !el.textContent;
  }

  // -- drawing

  _texts() {
    const labels = { roll: 'roll', double: 'double', take: 'take', drop: 'drop', swap: 'swap', resign: 'resign', 'next-game': 'nextGame', restart: 'newGame', 'confirm-resign': 'yesResign', 'cancel-resign': 'noResign' };
    for (const [action, key] of Object.entries(labels)) this._q(`[data-action=${action}]`).textContent = say(this._cat, key);
    this._q('.bar').setAttribute('aria-label', say(this._cat, 'actions'));
    this._q('.log').setAttribute('aria-label', say(this._cat, 'log'));
  }

  _render(after) {
    if (!this._obj || !this._o) return;
    try {
      this._draw();
      this._clearErrors('game');
    } catch (e) {
      this._fail('game', asError(e));
      return;
    }
    after?.();
    this._gameOver();
    this._schedule();
  }

  _draw() {
    this._setLang();
    const t = (key, vars) => tell(this._l, [key, vars]);
    const obj = this._obj;
    const m = this._match();
    const o = this._o;
    const zola = o.game === 'zola';
    const actor = this._actor();
    const human = this._humanActs();
    const side = this._humanSide();
    const b = this._board;
    const orient = this.getAttribute('orientation');
    attr(b, 'orientation', orient ?? (o.opponent === 'bot' ? o.human : 'red'));
    attr(b, 'interactive', o.opponent === 'human' ? 'red blue' : side);
    attr(b, 'animation', this.getAttribute('animation'));
    b.refresh();

    const phase = m ? m.gamePhase : obj.phase;
    // whose turn
    const turn = this._q('.turn');
    attr(turn, 'data-player', actor);
    let line = '';
    if (m && m.phase === 'double') line = t('doubled', { player: [m.pendingDouble], other: [actor] });
    else if (actor && !human && o.opponent === 'bot') line = t('thinking', { player: [actor] });
    else if (actor) line = t({ roll: 'toRoll', man: 'toMan', ball: 'toBall' }[phase] ?? 'toMove', { player: [actor] });
    turn.textContent = line;
    this._q('.seat').textContent = o.opponent === 'human' ? t('twoPlay') : t('youPlay', { player: [side], level: [o.level] });
    this._q('.status').textContent = this._noticeText();

    // buttons: enabled exactly when the rules allow the action and a person is to take it
    const playing = !m || m.phase === 'playing';
    const btn = (action, on, shown = true) => {
      const el = this._q(`[data-action=${action}]`);
      el.disabled = !on;
      el.hidden = !shown;
    };
    const cube = !!(m && m.cube);
    const live = m && (m.phase === 'playing' || m.phase === 'double');
    const pie = !m && zola && obj.toJSON().pie;
    btn('roll', human && playing && !zola && phase === 'roll', !zola);
    btn('double', human && cube && m.phase === 'playing' && m.canDouble(), cube);
    btn('take', human && cube && m.phase === 'double', cube);
    btn('drop', human && cube && m.phase === 'double', cube);
    btn('swap', human && pie && obj.legalMoves().includes('swap'), pie);
    btn('resign', !!live && !this._confirm, !!m);
    btn('next-game', !!m && m.phase === 'game-over', !!m);
    btn('restart', true, !m ? phase === 'over' : m.phase === 'match-over');
    const confirm = this._q('.confirm');
    confirm.hidden = !(this._confirm && live);
    if (this._confirm && live) {
      const loser = side ?? actor;
      const points = m.cube ? m.cube.value : 1;
      confirm.firstChild.textContent = t('confirmResign', { player: [loser], points });
    }

    // the winner
    const results = this._results();
    const winner = this._q('.winner');
    const over = m ? m.phase === 'game-over' || m.phase === 'match-over' : phase === 'over';
    const r = over ? results[results.length - 1] : null;
    winner.hidden = !r;
    attr(winner, 'data-winner', r ? r.winner : null);
    if (r) {
      let text = tell(this._l, this._resultLine(r).text);
      if (m && m.phase === 'match-over') text += '. ' + t('winsMatch', { player: [m.winner], red: m.score.red, blue: m.score.blue });
      winner.textContent = text;
    }

    // score and cube
    const score = this._q('.score');
    const badge = this._q('.badge');
    if (m) {
      score.textContent = `${t('match', { length: m.length, game: m.gameNumber })}: ${t('score', m.score)}`;
      const c = m.cube;
      this._q('.cube').textContent = !c ? t('noCube') : c.owner ? t('cubeOwned', { value: c.value, owner: [c.owner] }) : t('cube', { value: c.value });
      badge.textContent = t('crawford');
      badge.hidden = !m.crawford;
    } else {
      score.textContent = t('lone');
      this._q('.cube').textContent = '';
      badge.hidden = true;
    }
    this._drawLog();
  }

  /** The current game's lines: records with who made them, cube actions, the half-played turn, the result. */
  _entries() {
    const obj = this._obj;
    const m = this._match();
    const hist = obj.history();
    const state = obj.toJSON();
    const g = m ? state.current : state;
    // who made each record: records alternate, except that the side to move keeps the move after a swap
    const who = new Array(hist.length);
    const over = (m ? m.gamePhase : obj.phase) === 'over';
    if (g.game === 'zola' && !m) {
      let p = g.first;
      hist.forEach((rec, i) => {
        who[i] = p;
        if (rec !== 'swap') p = OTHER[p];
      });
    } else {
      let p = over ? obj.turn : OTHER[obj.turn];
      for (let i = hist.length - 1; i >= 0; i--) {
        who[i] = p;
        p = OTHER[p];
      }
    }
    const events = this._events.filter((e) => !m || e.game === m.gameNumber);
    const out = [];
    const cubeLine = (e) => {
      const key = { double: 'didDouble', take: 'didTake', drop: 'didDrop', resign: 'didResign' }[e.action];
      out.push({ kind: 'cube', player: e.player, text: [key, { player: [e.player] }] });
    };
    hist.forEach((rec, i) => {
      for (const e of events) if (e.at === i) cubeLine(e);
      out.push({ kind: 'record', player: who[i], n: i + 1, rec, text: rec });
    });
    // cube actions come before a turn's dice; a resignation may come after them
    for (const e of events) if (e.at === hist.length && e.action !== 'resign') cubeLine(e);
    if (g.game === 'jokerball' && g.turn && !over) {
      const t = g.turn;
      const p = obj.turn;
      out.push({ kind: 'partial', player: p, n: hist.length + 1, text: `${t.dice.distance}/${t.dice.direction} ${t.man ?? '…'}${t.man ? ' …' : ''}` });
    }
    for (const e of events) if (e.at === hist.length && e.action === 'resign') cubeLine(e);
    const results = this._results();
    const r = m ? (m.results.length >= m.gameNumber ? m.results[m.gameNumber - 1] : null) : results[0];
    if (r) out.push(this._resultLine(r));
    return out;
  }

  /** A result line; its text, as the other lines' but the records, is a message translated when drawn. */
  _resultLine(r) {
    const vars = { player: [r.winner], points: r.points, how: [`how_${r.how}`] };
    return { kind: 'result', player: r.winner, text: [this._match() ? 'winsPoints' : 'wins', vars] };
  }

  _drawLog() {
    const ol = this._q('.log');
    const m = this._match();
    const items = [];
    const head = (n) => items.push({ kind: 'head', text: ['gameNo', { game: n }] });
    if (m) {
      for (let i = 0; i < m.gameNumber - 1; i++) {
        head(i + 1);
        if (this._past[i]) items.push(...this._past[i]);
        else if (m.results[i]) items.push(this._resultLine(m.results[i]));
      }
      head(m.gameNumber);
    }
    items.push(...this._entries());
    const key = JSON.stringify([this._l, items]);
    if (key === this._logKey) return;
    this._logKey = key;
    ol.textContent = '';
    for (const it of items) {
      const li = document.createElement('li');
      li.className = it.kind;
      if (it.player) li.dataset.player = it.player;
      if (it.kind === 'record') li.dataset.record = it.rec;
      if (it.n) {
        const n = document.createElement('span');
        n.className = 'n';
        n.textContent = `${it.n}.`;
        li.append(n);
      }
      li.append(Array.isArray(it.text) ? tell(this._l, it.text) : it.text);
      ol.append(li);
    }
    ol.scrollTop = ol.scrollHeight;
  }

  _gameOver() {
    const results = this._results();
    if (results.length <= this._over) return;
    this._over = results.length;
    const m = this._match();
    const r = results[results.length - 1];
    this._emit('steere-gameover', { winner: r.winner, results, matchOver: m ? m.phase === 'match-over' : true });
  }

  // -- the computer

  _stamp() {
    const m = this._match();
    const obj = this._obj;
    return [this._token, m?.phase, m?.gameNumber, m ? m.gamePhase : obj.phase, obj.turn, obj.history().length, obj.position()].join('|');
  }

  _schedule() {
    const a = this._actor();
    if (this._busy || this._o.opponent !== 'bot' || a === null || a === this._humanSide() || !this.isConnected) return;
    this._busy = true;
    this._botStep()
      .catch((e) => this._fail('bot', asError(e)))
      .finally(() => {
        this._busy = false;
        this._render();
      });
  }

  async _botStep() {
    const stamp = this._stamp();
    const still = () => this._stamp() === stamp;
    const wait = Number(this.getAttribute('bot-delay') ?? 400) || 0;
    await new Promise((r) => setTimeout(r, wait));
    await this._board.animationDone;
    if (!still()) return;
    this._bot ??= new WorkerBot({ level: this._o.level, seed: this._o.seed });
    this._bot.level = this._o.level;
    const m = this._match();
    const who = this._actor();
    if (m && m.phase === 'double') {
      const a = await this._bot.cubeAction(m);
      if (!still()) return;
      m[a === 'take' ? 'take' : 'drop']();
      this._cube(who, a === 'take' ? 'take' : 'drop');
      return;
    }
    const phase = m ? m.gamePhase : this._obj.phase;
    const turnStart = phase === 'roll' || phase === 'move';
    if (m && turnStart && this._cubeAsked !== stamp && m.canDouble()) {
      this._cubeAsked = stamp;
      const a = await this._bot.cubeAction(m);
      if (!still()) return;
      if (a === 'double') {
        m.double();
        this._cube(who, 'double');
        return;
      }
    }
    if (phase === 'roll') {
      this._action('roll', false);
      return;
    }
    const mv = await this._bot.chooseMove(this._obj);
    if (!still()) return;
    const played = this._board.play(mv);
    this._played(who, played);
  }
}

if (globalThis.customElements) {
  if (!customElements.get('steere-board')) customElements.define('steere-board', SteereBoard);
  if (!customElements.get('steere-game')) customElements.define('steere-game', SteereGame);
}
