// Trying moves from a replay's position (issue 37): "Try moves" opens a copy of the position the replay
// shows on a board that takes moves for both sides, with the dice to choose or roll (Jokerball), and the
// page's analysis (analysis.js: the win chances bar and the hint, by the same WorkerBot calls) following
// the copy instead of the game; "Back to the game" drops the copy and shows the replay again at the same
// step. The game played here, the replayed object and what the browser keeps (store.js) are never touched:
// the copy is the engine's clone() of the replay's position.
import { Jokerball } from '../pkg/steere_games.js';

export class Try {
  /** `root`: the replay view (index.html's #replay); `replay`: its Replay, whose `shown` position is copied. */
  constructor(root, replay) {
    this.root = root;
    this.replay = replay;
    this.copy = null;
    this.board = null;
    // what the page's analysis reads while trying: the copy as a <steere-game> offers its game (both sides
    // played by the person, help allowed), its hint drawn on the copy's board
    this.target = null;
    /** Called when the copy changed, was opened or was closed (the page redraws its analysis). */
    this.onChange = () => {};
    const $ = (s) => root.querySelector(s);
    this.el = {
      box: $('.rp-try'),
      place: $('.try-board'),
      dice: $('.try-dice'),
      distance: $('.try-distance'),
      direction: $('.try-direction'),
      error: $('.try-error'),
    };
    $('[data-action=try-open]').addEventListener('click', () => this.start());
    $('[data-action=try-back]').addEventListener('click', () => this.back());
    $('[data-action=try-set]').addEventListener('click', () =>
      this.dice(Number(this.el.distance.value), Number(this.el.direction.value)),
    );
    $('[data-action=try-roll]').addEventListener('click', () => this.dice(die(this.copy.view().size), die(6)));
    // the direction die has six faces whatever the board
    fill(this.el.direction, 6);
  }

  /** Is a copy being tried? */
  get open() {
    return !!this.copy;
  }

  /** Opens a copy of the position the replay shows. */
  start() {
    const shown = this.replay.shown;
    if (!shown || this.copy) return;
    this.copy = shown.clone();
    const board = document.createElement('steere-board');
    board.setAttribute('interactive', 'red blue');
    board.setAttribute('aria-describedby', 'try-note');
    board.game = this.copy;
    board.addEventListener('steere-played', () => this.changed());
    this.board = board;
    this.target = { game: this.copy, humanSide: null, help: true };
    Object.defineProperty(this.target, 'hint', { set: (cells) => (board.hint = cells) });
    this.el.place.append(board);
    fill(this.el.distance, this.copy.view().size);
    this.root.dataset.trying = '';
    this.el.box.hidden = false;
    this.changed();
    this.root.querySelector('[data-action=try-back]').focus();
  }

  /** Back to the replay, at the step it was at. */
  back() {
    if (!this.copy) return;
    this.close();
    this.onChange();
    this.root.querySelector('[data-action=try-open]').focus();
  }

  /** Drops the copy (the replay closing does it too). */
  close() {
    if (!this.copy) return;
    this.board.game = null;
    this.board.remove();
    this.copy.free();
    this.copy = this.board = this.target = null;
    delete this.root.dataset.trying;
    this.el.box.hidden = true;
  }

  /** Throws the dice `distance` and `direction` on the copy, at a turn's start (Jokerball). */
  dice(distance, direction) {
    try {
      this.copy.setDice(distance, direction);
      this.el.error.hidden = true;
    } catch (e) {
      this.el.error.textContent = e.message;
      this.el.error.hidden = false;
    }
    this.board.refresh();
    this.changed();
  }

  /** The dice controls for the copy now (only at a Jokerball turn's start), and the page's analysis. */
  changed() {
    const jb = this.copy instanceof Jokerball;
    this.el.dice.hidden = !jb;
    const on = jb && this.copy.phase === 'roll';
    for (const c of this.el.dice.querySelectorAll('select, button')) c.disabled = !on;
    const d = jb && this.copy.dice;
    if (d) {
      this.el.distance.value = String(d.distance);
      this.el.direction.value = String(d.direction);
    }
    this.onChange();
  }
}

/** A die of `faces` faces thrown: 1 to faces, from the browser's random numbers. */
function die(faces) {
  const [x] = crypto.getRandomValues(new Uint32Array(1));
  return 1 + (x % faces);
}

/** The options 1 to `n` of a select (kept when it has them already). */
function fill(select, n) {
  if (select.options.length === n) return;
  select.textContent = '';
  for (let i = 1; i <= n; i++) select.add(new Option(String(i), String(i)));
}
