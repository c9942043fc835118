// <steere-board>: a board that shows a bound Jokerball, Zola or Match (or a position string) and lets a
// person move. The element holds its attributes, errors, language and the object shown; the drawing is
// draw.js's, the moves' animation animate.js's, the pointer and keyboard input.js's.
import { Jokerball, Zola, Match, SteereError } from './engine.js';
import { tell, moveWords, Base, checkObject, phaseOf, attr, upgrade, listen, viewOf, drawing, fire } from './common.js';
import { BOARD_CSS, draw } from './draw.js';
import { animate } from './animate.js';
import { listenInput, roving, focusOn } from './input.js';
import { looksLikeJokerball } from './infer.js';
import { destKey } from './layout.js';

/** A board: shows a bound Jokerball, Zola or Match (or a position string) and lets a person move. */
export class SteereBoard extends Base {
  static observedAttributes = ['position', 'orientation', 'interactive', 'coordinates', 'animation', 'lang'];

  constructor() {
    super(
      `<style>${BOARD_CSS}</style><svg part="svg" role="group" tabindex="-1"></svg><p class="msg" part="message" role="alert" hidden></p><div class="sr" role="status" aria-live="polite"></div>`,
    );
    this._svg = this._q('svg');
    this._live = this._q('.sr');
    this._langOf = [this._svg, this._msg, this._live];
    this._obj = null; // the bound object
    // and, unset until needed: _own, the object made from `position` (_ownOf); _selected; _active, the cell
    // (or goal) holding the one tab stop; _last, { key, cells, position } of the moves this board saw played
    // in the turn; _built, the key of the SVG built; _v, the view drawn
    this._anims = [];
    listenInput(this);
  }

  connectedCallback() {
    upgrade(this, 'game', 'position', 'orientation', 'coordinates', 'animation');
    listen(this, true);
    this._setLang();
    this._whenReady(() => this._render());
  }

  disconnectedCallback() {
    listen(this, false);
  }

  attributeChangedCallback() {
    if (this._ready) this._render();
    else this._setLang();
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
    return this._read('animation', (a) => (/^\d+$/.test(a) && +a <= 60000 ? +a : undefined), '0…60000', 250);
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

  /** Cells drawn as the last move (names) until the position changes, in place of the engine's; null: none. */
  set played(cells) {
    this._last = { cells: cells ?? [], position: this._v?.position };
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

  _players() {
    const every = (list) => (list.every((p) => p === 'red' || p === 'blue') ? list : undefined);
    return this._read('interactive', (v) => every(v.split(/\s+/).filter(Boolean)), 'red | blue | red blue', []);
  }

  /** Says `text` in the live region (once: the same text again is not said again). */
  _say(text) {
    if (this._live.textContent !== text) this._live.textContent = text;
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
            // the error of the game the string looks like
            this._fail('position', looksLikeJokerball(p) ? e1 : e2);
          }
        }
      }
    }
    return this._own;
  }

  /** What the board needs to know of the object, read once per drawing. */
  _view(obj) {
    checkObject(obj);
    const match = obj instanceof Match ? obj : null;
    const board = obj.board();
    const view = viewOf(obj);
    const kind = view.game;
    const position = obj.position();
    const phase = phaseOf(obj);
    const turn = obj.turn;
    const open = phase !== 'over' && (!match || match.phase === 'playing');
    const moves =
      open && this._players().includes(turn) ? obj.legalMovesVerbose().filter((m) => m.kind !== 'swap') : [];
    let dice = kind === 'jokerball' ? obj.dice : null;
    let ball = view.ball;
    // the dice of the turn just played stay drawn, with the ball's line for them, until the next roll
    const last = !dice && !!view.lastDice;
    if (last) ({ lastDice: dice, lastBall: ball } = view);
    return { obj, kind, size: view.size, view, board, position, phase, turn, moves, dice, ball, last };
  }

  _render() {
    this._setLang();
    let v = null;
    let obj = null;
    try {
      obj = this._source();
      if (obj) v = drawing(obj, () => this._view(obj));
      this._clear('game');
    } catch (e) {
      this._fail(this._obj ? 'game' : 'position', e);
    }
    this._v = v;
    draw(this, v);
    roving(this);
    return v;
  }

  // -- a move chosen on the board

  _attempt(v, m, keyboard) {
    const player = v.turn;
    const detail = { move: m, player };
    this._selected = null;
    const go = fire(this, 'steere-move', detail, true);
    if (!go) {
      this._render();
      return;
    }
    let played;
    try {
      played = this._apply(v.obj, m.notation);
    } catch (e) {
      this._fail('game', e);
      this._render();
      return;
    }
    // a keyboard user goes on from the next target (the ball's, after a man), else from where the piece went
    if (keyboard) focusOn(this, [...this._targets.keys()][0] ?? destKey(m));
    let position = null;
    let phase = null;
    try {
      position = v.obj.position();
      phase = v.obj.phase;
    } catch {
      // freed by a listener: the move was played all the same
    }
    fire(this, 'steere-played', { move: played, player, position, phase });
  }

  /** Plays a move on `obj`, remembers it for the last-move mark, redraws and animates it. */
  _apply(obj, move) {
    const before = this._pieces ?? new Map();
    // the turn: its number in the game (and the game's in a match)
    const turnKey = `${obj.gameNumber}:${obj.history().length}`;
    const player = obj.turn;
    const played = obj.play(move);
    if (this._last?.key !== turnKey) this._last = { key: turnKey, cells: [] };
    // the cells the move left and reached ('off' for a goal, none for a swap: no cell of the board)
    this._last.cells.push(played.from, played.to);
    this._last.position = obj.position();
    this._render();
    this._say(tell(this._l, ['played', { player: [player], move: moveWords(played) }]));
    animate(this, played, before);
    return played;
  }
}
