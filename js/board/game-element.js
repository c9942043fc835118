// <steere-game>: a whole game or match for a page (board, dice, buttons, score, cube, log and the
// computer). The element holds the object played, its options, errors and language, the actions and the
// computer's turns; its attributes are read by game-options.js, it is drawn by game-view.js.
import { Match, SteereError } from './engine.js';
import {
  tell,
  moveWords,
  OTHER,
  Base,
  failed,
  checkObject,
  phaseOf,
  allOver,
  actor,
  upgrade,
  listen,
  viewOf,
  drawing,
  fire,
} from './common.js';
import { readOptions, readLevel, make } from './game-options.js';
import { GAME_HTML, DID, texts, drawGame, ofGame } from './game-view.js';
import { CLASSES } from './protocol.js';
import { drawClocks } from './clock.js';
import { focusOn } from './input.js';
import { WorkerBot } from './worker-bot.js';

/** A whole game or match for a page: board, dice, buttons, score, cube, log and the computer. */
export class SteereGame extends Base {
  static observedAttributes = ['orientation', 'level', 'lang', 'animation', 'disabled', 'no-help'];

  constructor() {
    super(GAME_HTML);
    const root = this.shadowRoot;
    this._board = this._q('steere-board');
    this._langOf = [this._q('.wrap')];
    this._obj = null; // the object played
    this._token = 0; // a new object, a resignation or leaving the page voids the computer's step under way
    // set with each object played (_use): _o, its options; _over, the results told; _notice, the status line
    // the inner board's steere-move goes out as the game's (the page may cancel it); its other events stay
    // inside, the game tells the page in its own words
    const b = this._board;
    b.addEventListener('steere-played', (e) => {
      e.stopPropagation();
      this._tell(e.detail.player, e.detail.move);
      this._render();
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
      if (
        (e.key === 'r' || e.code === 'KeyR') &&
        !e.ctrlKey &&
        !e.metaKey &&
        !e.altKey &&
        !this._q('[data-action=roll]').disabled
      ) {
        e.preventDefault();
        this._action('roll', true);
      }
    });
    texts(this);
  }

  connectedCallback() {
    upgrade(this, 'state', 'game', 'online');
    listen(this, true);
    // a page whose timers were held back in the background shows the clocks right when it comes back
    this._vis ??= () => this._clock();
    document.addEventListener('visibilitychange', this._vis);
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
    document.removeEventListener('visibilitychange', this._vis);
    clearTimeout(this._tick);
    this._token++;
    this._bot?.terminate();
    this._bot = null;
  }

  attributeChangedCallback(name) {
    this._setLang();
    if (!this._o) return;
    if (name === 'level') this._o.level = readLevel(this);
    this._render();
  }

  /** The words of the buttons and regions, and the inner board's, in the language now spoken. */
  _relabel() {
    texts(this);
    this._board._relang();
  }

  /** The object played: a Match when `length` is given, else a lone Jokerball or Zola. */
  get game() {
    return this._obj;
  }
  /** Plays this object from now on (a Jokerball, Zola or Match of this copy of the package). */
  set game(obj) {
    const use = () => {
      let kind;
      try {
        checkObject(obj);
        kind = obj.view().game;
      } catch (e) {
        return this._fail('game', e);
      }
      const o = readOptions(this);
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
      this._fail('game', e);
      return null;
    }
  }
  set state(s) {
    if (this._ready) this._restore(s);
    else this._pending = s;
  }

  /** The review (bot.review's) shown in the log's marked lines, or null. */
  get review() {
    return this._rv ?? null;
  }
  /**
   * Shows a review of the game played in the log: each marked entry on its line. null removes it; one that
   * is not of this game's moves is refused (steere-error, invalid_option) and the one shown stays.
   */
  set review(r) {
    const use = () => {
      let ok;
      try {
        ok = !r || ofGame(this, r);
      } catch {
        // not a review (no game shown, or no turns that are bot.review's)
      }
      // each refusal is told (an earlier one's message goes first)
      this._clear('review');
      if (!ok)
        return this._fail('review', new SteereError('invalid_option', 'the review is not of the moves of this game'));
      this._rv = r || null;
      this._render();
    };
    if (this._ready && this._obj) use();
    else this._whenReady(use);
  }

  /** Cells of the board drawn as a hint until the position changes (see the board's hint). */
  set hint(cells) {
    this._board.hint = this.help ? cells : null;
  }

  /**
   * What a remote game's server says besides its state (OnlineGame's view(): clock, serverOffsetMs, away,
   * claimAt, canClaim, over, winner, reason, seat): the clocks, Claim the win and an end by the server are
   * drawn from it. null: none.
   */
  get online() {
    return this._on ?? null;
  }
  set online(v) {
    this._on = v;
    this._render();
  }

  /** Whether computer help (a hint, win chances) may be shown now: not while a `no-help` game is on. */
  get help() {
    if (!this.hasAttribute('no-help') || !this._obj || this._on?.over) return true;
    return allOver(this._obj);
  }

  _clock() {
    if (this._o && this.isConnected) {
      try {
        drawClocks(this);
      } catch (e) {
        this._fail('game', e);
      }
    }
  }

  /** The side a person plays against the computer now (a Zola swap exchanges it), or null. */
  get humanSide() {
    return this._o ? this._humanSide() : null;
  }

  /** A new game or match from the attributes. */
  start() {
    return this._whenReady(() => this._start());
  }

  _start() {
    const o = readOptions(this);
    let obj;
    // a game its attributes cannot make: the default one, and the message stays until a start succeeds
    try {
      obj = make(o);
      this._clear('start');
    } catch (e) {
      this._fail('start', e);
      obj = make({ game: o.game });
    }
    this._clear('state');
    this._use(obj, o);
  }

  _restore(s) {
    let obj;
    try {
      const cls = CLASSES[s?.game];
      if (!cls) throw new SteereError('parse_error', 'not a state of steere-games');
      obj = cls.fromJSON(s);
    } catch (e) {
      this._fail('state', e, failed(e, 'badState'));
      return;
    }
    this._clear('state');
    const o = readOptions(this);
    o.game = obj.view().game;
    // bound to a remote state: each new state goes on from the one shown (which the element made)
    const old = this._obj;
    const follow = o.opponent === 'remote' && this._o?.opponent === 'remote' && !!old;
    this._use(obj, o, follow);
    if (follow && old === this._made) old.free();
    this._made = obj;
  }

  _use(obj, o, follow) {
    this._token++;
    this._obj = obj;
    this._o = o;
    this._confirm &&= follow;
    this._notice = [];
    this._cubeAsked = null;
    // a review belongs to its game: gone with a new game, a restored state (a take-back); a remote game's
    // next state goes on from the one shown and keeps it
    if (!follow) this._rv = null;
    this._clear('review');
    this._clear('game');
    this._clear('bot');
    this._clear('board');
    try {
      if (!follow) this._over = this._results().length;
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

  _humanSide() {
    if (this._o.opponent === 'human' || this._o.human === 'none') return null;
    // (only Zola swaps)
    return this._obj.swapped ? OTHER[this._o.human] : this._o.human;
  }

  /** Whether a person here plays (not disabled, not only watching a remote game). */
  _person() {
    return (
      !this.hasAttribute('disabled') && !this._on?.over && (this._o.opponent !== 'remote' || this._humanSide() !== null)
    );
  }

  /** The results of a match's games, or a lone game's result (once it is won) as a list of one. */
  _results() {
    const obj = this._obj;
    if (obj instanceof Match) return obj.results;
    const r = viewOf(obj).result;
    return r ? [{ ...r, points: 1, cube: 1 }] : [];
  }

  // -- actions

  /** A person's click or key: each action is told first by a cancelable event (steere-action, steere-move). */
  _action(name, keyboard) {
    const who = actor(this._obj);
    if (name === 'restart') return this._start();
    if (name.endsWith('resign')) this._confirm = name === 'resign';
    if (name === 'resign' || name === 'cancel-resign') {
      this._render();
      if (this._confirm) this._q('[data-action=confirm-resign]').focus();
      return;
    }
    const action = { 'confirm-resign': 'resign', 'next-game': 'nextGame' }[name] ?? name;
    // claimWin is the server's move: the page sends it (and cancels the event)
    if (action === 'claimWin') return this._emit('steere-action', { player: this._humanSide(), action }, true);
    const player = action === 'resign' ? (this._humanSide() ?? who) : who;
    const swap = name === 'swap' && this._obj.legalMovesVerbose().find((m) => m.kind === 'swap');
    const go = swap
      ? this._emit('steere-move', { move: swap, player }, true)
      : this._emit('steere-action', { player, action }, true);
    if (go) this._do(action, player, keyboard);
    this._render();
  }

  /** Applies an action of `who` (a person's, or the computer's roll and cube answers). */
  _do(action, who, keyboard) {
    const m = this._match();
    try {
      if (action === 'roll') {
        const { distance, direction, skipped } = this._obj.roll();
        const dice = { distance, direction };
        this._note([['rolled', { player: [who], ...dice }], this._skips(who, skipped)]);
        this._emit('steere-played', { player: who, action, dice });
        if (keyboard) this._render(() => focusOn(this._board, this._board._active));
      } else if (action === 'swap') {
        this._tell(who, this._board.play('swap'));
      } else if (action === 'nextGame') {
        m.nextGame();
        this._notice = [];
      } else {
        // double, take, drop, resign
        m[action](...(action === 'resign' ? [who] : []));
        if (action === 'resign') this._token++;
        this._acted(who, action);
      }
    } catch (e) {
      this._fail('game', e);
    }
  }

  /**
   * Tells action `action` of `player` (a swap, a cube action, a resignation) in the status line and by steere-played.
   */
  _acted(player, action) {
    this._note([[DID[action], { player: [player] }]]);
    this._emit('steere-played', { player, action });
  }

  /** Tells move `played` of `player` (a swap as an action) in the status line and by steere-played. */
  _tell(player, move) {
    if (move.kind === 'swap') return this._acted(player, 'swap');
    const notes = [['played', { player: [player], move: moveWords(move) }], this._skips(player, move.skipped)];
    if (!move.skipped) {
      // Zola: a side without a legal move passes at once: the last line of the log is the other's pass
      const { game, log, toAct } = this._obj.view();
      const e = log.at(-1);
      if (game === 'zola' && e?.kind === 'record' && e.player !== player && toAct?.player !== OTHER[player])
        notes.push(['pass', { player: [OTHER[player]] }]);
    }
    this._note(notes);
    this._emit('steere-played', { player, move });
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

  /** Fires event `type` with `detail` and the object's phase; false when it was cancelable and cancelled. */
  _emit(type, detail, cancelable = false) {
    let phase = null;
    try {
      phase = this._obj.phase;
    } catch {
      // a freed object: the event goes out without it
    }
    return fire(this, type, { ...detail, phase }, cancelable);
  }

  _render(after) {
    // (the options are set with the object played)
    if (!this._o) return;
    // one view() for the drawing, the results and who acts (read before any listener of the events)
    let all;
    let who;
    try {
      drawing(this._obj, () => {
        drawGame(this);
        all = this._results();
        who = actor(this._obj);
      });
      this._clear('game');
    } catch (e) {
      this._fail('game', e);
      return;
    }
    after?.();
    // a game's end is told once (steere-gameover; a lone game has its result once it is over); a listener
    // of it may change the game: who acts is then asked again
    if (all.length > this._over) {
      this._over = all.length;
      this._emit('steere-gameover', { winner: all.at(-1).winner, results: all, matchOver: allOver(this._obj) });
      who = actor(this._obj);
    }
    this._schedule(who);
  }

  // -- the computer

  /** What the computer's step starts from: the object played and its whole state. */
  _stamp() {
    return this._token + JSON.stringify(this._obj.toJSON());
  }

  /** Starts the computer's step when `a`, who acts now, is not a person here (in a game against it). */
  _schedule(a) {
    if (this._busy || this._o.opponent !== 'bot' || a === null || a === this._humanSide() || !this.isConnected) return;
    this._busy = true;
    this._botStep()
      .catch((e) => this._fail('bot', e))
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
    // the level may have changed since the last step, the seed with a new game
    this._bot ??= new WorkerBot();
    this._bot.level = this._o.level;
    this._bot.seed = this._o.seed;
    const m = this._match();
    const who = actor(this._obj);
    // the cube: the answer to a double, or whether to double at the start of a turn (asked once a turn)
    if (m && (m.phase === 'double' || (viewOf(m).atTurnStart && this._cubeAsked !== stamp && m.canDouble()))) {
      this._cubeAsked = stamp;
      const a = await this._bot.cubeAction(m);
      if (!still()) return;
      // 'take' or 'drop' to a double; 'double' or 'no-double' at a turn's start
      if (a !== 'no-double') return this._do(a, who);
    }
    if (phaseOf(this._obj) === 'roll') return this._do('roll', who);
    const mv = await this._bot.chooseMove(this._obj);
    if (!still()) return;
    // drawn, as the computer's other steps, once the step is over (_schedule)
    this._tell(who, this._board.play(mv));
  }
}
