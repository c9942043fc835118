// The replay view: the position after each record of a game or match, drawn on a <steere-board> without
// `interactive` (so it takes no move), with the game's lines, the current record marked, a counter
// "12 / 57", a game selector for a match, and first / back / forward / last (buttons and the keys
// Home, Left, Right, End), the record's marks and comments beside their lines, and a Review of a finished
// game. Positions are the engine's: a lone game's replayTo(step), a match's game
// replayed from its setup (the static replay); each draws the last turn's dice from its own view().
import { Jokerball, Zola, Match } from '../pkg/steere_games.js';
import { pointUnit, spoken } from '../pkg/lang.js';
import { Try } from './try.js';

/** The rows of men a Jokerball game (its JSON `g`) started with, when it started from a standard setup. */
export function rowsOf(g) {
  // the pieces as the engine reads them (board()), whoever moves first
  const pieces = (game) => {
    const text = JSON.stringify(game.board());
    game.free();
    return text;
  };
  const start = pieces(new Jokerball({ rules: g.rules, position: g.start }));
  for (let rows = 1; rows < g.size; rows++) {
    if (pieces(new Jokerball({ rules: g.rules, size: g.size, rows })) === start) return String(rows);
  }
  return null;
}

/**
 * The games of `obj` (a Jokerball, Zola or Match): for each its number, its records, its log lines
 * (the engine's LogEntry: records with their movers, cube actions, the result), its result and
 * at(step), a new game with its first `step` records played.
 */
function gamesOf(obj) {
  if (!(obj instanceof Match)) {
    const { log, result } = obj.view();
    return [{ number: 1, history: obj.history(), lines: log, result, at: (step) => obj.replayTo(step) }];
  }
  // a match's games start from its standard setup, each with its own first player
  const s = obj.toJSON({ rng: false });
  const g = s.current;
  const options = g.game === 'jokerball' ? { rules: g.rules, size: g.size, rows: Number(rowsOf(g)) } : { size: g.size };
  const cls = g.game === 'jokerball' ? Jokerball : Zola;
  // a game whose records are unknown (a match restored from a format-1 state) cannot be replayed
  return obj.games
    .filter((x) => x.history)
    .map((x) => ({
      ...x,
      lines: x.log,
      at: (step) => cls.replay(x.history.slice(0, step), { ...options, first: x.first }),
    }));
}

export class Replay {
  /** `root`: the view's element (index.html's #replay); `words`: the page's Words (i18n.js). */
  constructor(root, words) {
    this.root = root;
    this.words = words;
    this.obj = null;
    this.own = false;
    this.games = [];
    this.at = [0, 0]; // [game index, records played]
    this.board = null;
    this.shown = null;
    this.onLeave = null;
    const $ = (s) => root.querySelector(s);
    this.el = { count: $('.rp-count'), pick: $('.rp-game'), log: $('.rp-log'), place: $('.rp-board') };
    // moves tried on a copy of the position shown (try.js)
    this.trial = new Try(root, this);
    const moves = {
      'replay-first': () => this.go(this.at[0], 0),
      'replay-back': () => this.step(-1),
      'replay-forward': () => this.step(1),
      'replay-last': () => this.go(this.at[0], Infinity),
    };
    for (const [action, fn] of Object.entries(moves)) $(`[data-action=${action}]`).addEventListener('click', fn);
    this.el.pick.addEventListener('change', (e) => this.go(Number(e.target.value), 0));
    this.el.log.addEventListener('click', (e) => {
      const li = e.target.closest('li[data-step]');
      if (li) this.go(this.at[0], Number(li.dataset.step));
    });
    const keys = { ArrowLeft: 'replay-back', ArrowRight: 'replay-forward', Home: 'replay-first', End: 'replay-last' };
    document.addEventListener('keydown', (e) => {
      const t = e.target;
      // a text field, a list or the board (whose arrows move between cells) keeps its own keys
      if (
        root.hidden ||
        this.trial.open ||
        !keys[e.key] ||
        e.defaultPrevented ||
        e.ctrlKey ||
        e.metaKey ||
        e.altKey ||
        t.closest?.('input, textarea, select, steere-board, dialog')
      )
        return;
      e.preventDefault();
      moves[keys[e.key]]();
    });
  }

  get open() {
    return !this.root.hidden;
  }

  /**
   * Shows `obj` from its start, keeping it until close() (which the caller calls first). `own`: the
   * page's own game, else an opened record.
   */
  show(obj, own) {
    this.obj = obj;
    this.own = own;
    this.games = gamesOf(obj);
    this.at = [0, 0];
    this.board = document.createElement('steere-board');
    this.el.place.append(this.board);
    this.root.hidden = false;
    this.speak();
    this.go(0, 0);
  }

  /** Leaves the view; returns the object shown (the caller's to keep or free). */
  close() {
    const obj = this.obj;
    this.trial.close();
    this.leave();
    this.shown?.free();
    this.board?.remove();
    Object.assign(this, { obj: null, board: null, shown: null, games: [] });
    this.root.hidden = true;
    return obj;
  }

  /** Is the object shown finished (a lone game over; a match over, or between games), so that it can be reviewed? */
  get finished() {
    const o = this.obj;
    return !!o && (o instanceof Match ? o.phase.endsWith('over') : o.phase === 'over');
  }

  /** Is the object shown an opened record a person may play on from? */
  get playable() {
    const o = this.obj;
    return !!o && !this.own && (o instanceof Match ? o.phase !== 'match-over' : o.phase !== 'over');
  }

  /** One record forward or back, across the games of a match. */
  step(delta) {
    const [g, i] = this.at;
    const n = this.games[g].history.length;
    if (i + delta < 0 && g > 0) this.go(g - 1, Infinity);
    else if (i + delta > n && g + 1 < this.games.length) this.go(g + 1, 0);
    else this.go(g, i + delta);
  }

  /** The position after `step` records of game `g` (clamped). */
  go(g, step) {
    const game = this.games[g];
    const i = Math.max(0, Math.min(step, game.history.length));
    const pos = game.at(i);
    // the board draws the last turn's dice and ball line from the game's view()
    this.board.game = pos;
    this.shown?.free();
    this.shown = pos;
    this.at = [g, i];
    this.marked = null;
    this.draw();
    this.leave();
  }

  /**
   * The mark shown is left (a step, another mark, the view closed): onLeave(), set by whoever shows more of it, once.
   */
  leave() {
    const fn = this.onLeave;
    this.onLeave = null;
    fn?.();
  }

  /**
   * The match shown as it stood after `step` records of its game `g` (a Match, the caller's to free): the
   * games before it, the cube as that game's actions before then left it, no double pending. The engine
   * checks the state (Match.fromJSON); throws its error when it cannot be.
   */
  matchAt(g, step) {
    const s = this.obj.toJSON({ rng: false });
    const past = s.log.past;
    const game = this.games[g];
    const actions = (g < past.length ? past[g].actions : s.log.actions).filter((a) => a.at < step);
    const results = s.match.results.slice(0, g);
    const score = { red: 0, blue: 0 };
    for (const r of results) score[r.winner] += r.points;
    let cube = s.match.cube && { value: 1, owner: null };
    for (const a of actions) if (a.kind === 'take') cube = { value: cube.value * 2, owner: a.player };
    const lone = game.at(step);
    const current = lone.toJSON({ rng: false });
    lone.free();
    const { forfeit, ...match } = s.match;
    const crawford = { crawford: game.crawford, postCrawford: past.slice(0, g).some((p) => p.crawford) };
    // the record's marks and comments are of lines this match has not reached: left out
    delete s.annotations;
    const state = {
      ...s,
      match: { ...match, ...crawford, cube, score, results, gameNumber: game.number, pendingDouble: null },
      current,
      log: { ...s.log, past: past.slice(0, g), actions },
    };
    return Match.fromJSON(state);
  }

  /**
   * Marks the turn just shown (its record the current line) as the review's entry `e` says (`words`: the
   * page's Analysis, which says a choice and a chance). A cube decision: the position it was taken in, as
   * shown, its line (when it has one) the current line. A move: the board shows the position the move was
   * chosen in, with that turn's dice, the move played drawn as the last move and the best as a hint (each in
   * its own colour, the board's --steere-last and --steere-hint), and the line under the board says both
   * with their chances; the board is described by that line for screen readers. The cells are the engine's
   * (the position after the move's lastMove, and `e.bestCells`).
   */
  mark(e, words) {
    // a cube decision: the position it was taken in (the board as it stands), its line marked
    if (words.isCube(e.record)) {
      this.marked = { e, words, played: null };
      return this.draw();
    }
    const after = this.shown;
    const { lastDice: d, lastMove } = after.view();
    const before = this.games[this.at[0]].at(this.at[1] - 1);
    if (d) before.setDice(d.distance, d.direction);
    this.board.game = this.shown = before;
    after.free();
    const cells = e.best !== e.record && e.bestCells.length ? e.bestCells : null;
    // the marks belong to the position the board draws: set once a board just made has drawn it
    const b = this.board;
    const put = () => {
      if (!b.shadowRoot?.querySelector('[data-cell]')) return requestAnimationFrame(put);
      b.played = lastMove?.cells;
      b.hint = cells;
    };
    put();
    this.marked = { e, words, played: lastMove?.cells ?? [] };
    this.draw();
  }

  /** The place under the marked line where the page says more of the marked turn (emptied at each step). */
  detailBox() {
    return this.root.querySelector('.rp-detail');
  }

  /** The texts of the view in the page's language now. */
  speak() {
    const t = (k, v) => this.words.t(k, v);
    this.el.pick.textContent = '';
    for (const [i, g] of this.games.entries()) this.el.pick.add(new Option(t('gameNo', { game: g.number }), String(i)));
    this.el.pick.hidden = !(this.obj instanceof Match);
    if (this.obj) this.draw(true);
  }

  /** A log line other than a record in words: a cube action or resignation, or the result of `game`. */
  line(e, game) {
    const t = (k, v) => this.words.t(k, v);
    if (e.kind !== 'result') return t(`did${e.kind[0].toUpperCase()}${e.kind.slice(1)}`, { player: [e.player] });
    const r = game.result;
    const how = [`how_${r.how}`];
    if (!('points' in r)) return t('wins', { player: [r.winner], how });
    return t('winsPoints', { player: [r.winner], points: r.points, unit: [pointUnit(this.words.lang, r.points)], how });
  }

  draw(again = false) {
    const [g, i] = this.at;
    const game = this.games[g];
    const n = game.history.length;
    this.el.count.textContent = `${i} / ${n}`;
    this.el.pick.value = String(g);
    const last = g + 1 === this.games.length;
    const can = {
      'replay-first': i > 0,
      'replay-back': i > 0 || g > 0,
      'replay-forward': i < n || !last,
      'replay-last': i < n,
    };
    for (const [action, on] of Object.entries(can)) this.root.querySelector(`[data-action=${action}]`).disabled = !on;
    const ol = this.el.log;
    if (again || ol.dataset.game !== String(g)) {
      ol.dataset.game = String(g);
      ol.textContent = '';
      let k = 0;
      const notes = new Map(this.obj.annotations.filter((a) => a.game === game.number).map((a) => [a.line, a]));
      for (const [j, e] of game.lines.entries()) {
        const li = document.createElement('li');
        li.dataset.player = e.player;
        if (e.kind === 'record') {
          k++;
          li.dataset.record = e.text;
          li.append(
            Object.assign(document.createElement('span'), { className: 'n', textContent: `${k}.` }),
            spoken(this.words.lang, e.text),
          );
        } else {
          li.className = e.kind === 'result' ? 'result' : 'cube';
          li.dataset.kind = e.kind;
          li.textContent = this.line(e, game);
        }
        // the record's mark and comment of this line (RULES 4.3), beside it
        const note = notes.get(j);
        if (note) {
          li.classList.add('noted');
          const span = Object.assign(document.createElement('span'), { className: 'rp-note' });
          if (note.mark) span.append(Object.assign(document.createElement('b'), { textContent: note.mark }));
          if (note.comment)
            span.append(
              Object.assign(document.createElement('span'), { className: 'rp-comment', textContent: note.comment }),
            );
          li.append(' ', span);
        }
        li.dataset.step = String(k);
        ol.append(li);
      }
    }
    const m = this.marked;
    for (const li of ol.querySelectorAll('[aria-current]')) li.removeAttribute('aria-current');
    // the line now: the marked cube decision's own line (a no-double has none), else the record just played
    const cube = m?.words.isCube(m.e.record) ? m.e.record : null;
    const now =
      (cube && ol.querySelector(`li[data-kind="${cube}"][data-step="${i}"]`)) ||
      ol.querySelector(`li[data-record][data-step="${i}"]`);
    now?.setAttribute('aria-current', 'step');
    ol.scrollTop = now ? now.offsetTop - ol.clientHeight / 2 : 0;
    this.root.querySelector('[data-action=replay-play-on]').hidden = !this.playable;
    this.root.querySelector('[data-action=replay-review]').hidden = !this.finished;
    const line = this.root.querySelector('.rp-marked');
    line.hidden = !m;
    this.detailBox().hidden = !m;
    // the rollout of the mark (analysis.js) goes with it
    if (!m) this.root.querySelector('.rp-roll').hidden = true;
    if (!m) this.detailBox().textContent = '';
    if (m) {
      const t = (k, v) => this.words.t(k, v);
      line.querySelector('.rp-played').textContent = t('rp_played', {
        move: m.words.choice(m.e.record),
        win: m.words.pct(m.e.win, 1),
      });
      line.querySelector('.rp-best').textContent =
        m.e.best === m.e.record
          ? t('rp_bestSame')
          : t('rp_best', { move: m.words.choice(m.e.best), win: m.words.pct(m.e.bestWin, 1) });
      this.board.setAttribute('aria-describedby', 'rp-marked');
    } else {
      this.board.removeAttribute('aria-describedby');
    }
  }
}
