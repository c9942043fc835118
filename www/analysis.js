// The demo's analysis of the game being played, all of it by the engine's bot off the page's thread
// (WorkerBot of the package): the win chances bar (Bot.evaluate after every roll, move and cube action),
// the hint (Bot.hint: the best turns, the first drawn on the board) and, after each game, the review
// (Bot.review: a chart of the chances, each player's luck and errors, the marked turns opening the replay).
// Each has its own worker, so that a long review never holds up the bar or a hint; an answer that comes
// back after the game has moved on is dropped, and an error is said in a line, never thrown.
import { Match } from '../pkg/steere_games.js';
import { WorkerBot } from '../pkg/board.js';
import { plural, spoken, percent } from '../pkg/lang.js';
import { barOn } from './settings.js';
import { recordOf } from './records.js';

const CUBE = new Set(['double', 'no-double', 'take', 'drop']);
// The bands of the performance rating (PR = 500 x the mean error per decision, in chances of winning),
// the demo's own, named after the bands backgammon players give theirs: the upper bound of each.
const BANDS = [[5, 'world'], [8, 'expert'], [12, 'advanced'], [18, 'intermediate'], [26, 'casual'], [35, 'beginner']];
/** The band of a rating: world, expert, advanced, intermediate, casual, beginner or awful. */
export const band = (pr) => BANDS.find(([top]) => pr < top)?.[1] ?? 'awful';
const CUBE_WORD = { double: 'double', 'no-double': 'rv_noDouble', take: 'take', drop: 'drop' };
// the bar: the learned evaluation itself (calibrated, and at once)
const BAR_LEVEL = 'easy';
const SVG = 'http://www.w3.org/2000/svg';

/**
 * The review's level: the game's (the settings' level; a Jokerball review costs about a hint per turn),
 * but 'easy' on the Zola boards above 6×6, whose long games a search would take minutes over.
 */
function reviewLevel(obj, level) {
  const s = obj.toJSON({ rng: false });
  const g = s.game === 'match' ? s.current : s;
  return g.game === 'zola' && g.size > 6 ? 'easy' : level;
}

function el(name, attrs = {}, parent = null, ns = null) {
  const e = ns ? document.createElementNS(ns, name) : document.createElement(name);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'text') e.textContent = v;
    else e.setAttribute(k, v);
  }
  parent?.append(e);
  return e;
}

export class Analysis {
  /**
   * `root`: the document; `words`: the page's Words; `page`: what the page knows: element() (the
   * <steere-game> shown, local or online), settings(), active() (a game is shown: no replay open) and
   * openReplay(text, game, step) (the replay of a record at game index `game`, `step` records played).
   */
  constructor(root, words, page) {
    this.words = words;
    this.page = page;
    const $ = (s) => root.querySelector(s);
    this.el = {
      bar: $('.winbar'),
      barNote: $('.wb-note'),
      hintRow: $('.hint-row'),
      hintBtn: $('[data-action=hint]'),
      hints: $('.hints'),
      hintNote: $('.hint-note'),
      review: $('#review'),
      what: $('.rv-what'),
      progress: $('.rv-progress'),
      count: $('.rv-count'),
      error: $('.rv-error'),
      body: $('.rv-body'),
      chart: $('.rv-chart svg'),
      marks: $('.rv-marks'),
      games: $('.rv-games'),
      none: $('.rv-none'),
      again: $('[data-action=review]'),
    };
    this.bots = { bar: new WorkerBot({ level: BAR_LEVEL }), hint: new WorkerBot(), review: new WorkerBot() };
    this.n = { bar: 0, hint: 0, review: 0 };
    this.chances = null;
    this.hinted = null; // { list, phase } of the hint shown
    this.reviewing = false;
    this.rv = null; // { match, level, text, progress, result } of the review shown
    this.notes = {}; // [key, message] of each line that says a failure
    this.el.hintBtn.addEventListener('click', () => this.hint());
    $('[data-action=review-close]').addEventListener('click', () => this.reset());
    this.el.again.addEventListener('click', () => this.review());
    this.el.marks.addEventListener('click', (e) => {
      const b = e.target.closest('button[data-step]');
      if (!b || !this.rv?.text) return;
      try {
        const entry = this.rv.result.turns.filter((x) => x.mark)[Number(b.dataset.n)];
        this.page.openReplay(this.rv.text, Number(b.dataset.game), Number(b.dataset.step), CUBE.has(entry.record) ? null : entry);
      } catch (err) {
        this.say('review', 'an_failed', err.message);
      }
    });
  }

  t(key, vars) {
    return this.words.t(key, vars);
  }

  /** A Jokerball turn or Zola move as a person reads it: a part skipped ('-') in words, 'a1-c3, no ball move'. */
  turn(move) {
    return spoken(this.words.lang, move);
  }

  /** A chance as a percentage in the page's language: `digits` decimals, `sign` for a gain or loss. */
  pct(x, digits = 0, sign = false) {
    return percent(this.words.lang, x, digits, sign ? 'exceptZero' : 'auto');
  }

  /** Shows a failure `key` (with the engine's message) in line `name`, or clears it (key null). */
  say(name, key, message = '') {
    const line = { bar: this.el.barNote, hint: this.el.hintNote, review: this.el.error }[name];
    this.notes[name] = key && [key, message];
    line.textContent = key ? this.t(key, { message }) : '';
    line.hidden = !key;
  }

  /** The game changed (a roll, a move, a cube action, a new game, a take-back) or what is shown did. */
  follow() {
    this.n.hint++;
    this.hinted = null;
    this.el.hints.textContent = '';
    this.say('hint', null);
    const g = this.page.element()?.game;
    if (g) this.page.element().hint = null;
    this.el.hintRow.hidden = !g || !this.page.active() || !this.help();
    this.el.hintBtn.disabled = !this.hintable();
    this.offer();
    this.bar();
  }

  /** The button that reviews the game shown: there when it is over (a match: a game of it) and no review is shown. */
  offer() {
    const g = this.page.element()?.game;
    const over = !!g && (g instanceof Match ? g.phase.endsWith('over') : g.phase === 'over');
    this.el.again.hidden = !over || !!this.rv || !this.page.active();
  }

  /** Whether the game shown allows computer help now (not while a game against a person is on: no-help). */
  help() {
    return this.page.element()?.help !== false;
  }

  // -- the bar

  async bar() {
    const g = this.page.element()?.game;
    const on = !!g && this.page.active() && barOn(this.page.settings()) && this.help();
    this.el.bar.hidden = !on;
    const n = ++this.n.bar;
    if (!on) return;
    try {
      const chances = await this.bots.bar.evaluate(g);
      if (n !== this.n.bar) return;
      this.chances = chances;
      this.say('bar', null);
      this.drawBar();
    } catch (e) {
      if (n === this.n.bar) this.say('bar', 'an_failed', e.message);
    }
  }

  drawBar() {
    const c = this.chances;
    for (const row of this.el.bar.querySelectorAll('.wb-row')) {
      const scope = row.dataset.scope;
      const ch = scope === 'game' ? c : c?.match;
      row.hidden = !ch;
      if (!ch) continue;
      row.querySelector('.wb-red').style.width = `${ch.red * 100}%`;
      row.querySelector('.wb-blue').style.width = `${ch.blue * 100}%`;
      row.querySelector('[data-player=red]').textContent = this.pct(ch.red);
      row.querySelector('[data-player=blue]').textContent = this.pct(ch.blue);
      const vars = { red: this.pct(ch.red), blue: this.pct(ch.blue) };
      row.querySelector('.wb-track').setAttribute('aria-label', this.t(scope === 'game' ? 'wb_gameLabel' : 'wb_matchLabel', vars));
    }
  }

  // -- the hint

  /** The phase of the current game when a person is to choose a turn or move now, else null. */
  choosing() {
    const elem = this.page.element();
    const g = elem?.game;
    if (!g || !this.page.active() || !this.help()) return null;
    // who acts now and what is awaited, as the engine says (a double's answer or the roll is no choice)
    const a = g.toAct;
    if (!a || !['man', 'ball', 'move'].includes(a.awaits)) return null;
    const side = elem.humanSide;
    return side === null || a.player === side ? a.awaits : null;
  }

  hintable() {
    try {
      return this.choosing() !== null;
    } catch {
      return false;
    }
  }

  async hint() {
    const elem = this.page.element();
    const phase = this.choosing();
    if (!phase) return;
    const n = ++this.n.hint;
    this.el.hintBtn.disabled = true;
    this.el.hints.textContent = '';
    this.say('hint', 'hint_thinking');
    this.bots.hint.level = this.page.settings().level;
    try {
      const list = await this.bots.hint.hint(elem.game);
      if (n !== this.n.hint) return;
      this.say('hint', null);
      this.hinted = { list: list.slice(0, 3), phase };
      this.drawHints();
      if (list.length) elem.hint = list[0].cells;
    } catch (e) {
      if (n === this.n.hint) this.say('hint', 'an_failed', e.message);
    } finally {
      if (n === this.n.hint) this.el.hintBtn.disabled = !this.hintable();
    }
  }

  drawHints() {
    const ol = this.el.hints;
    ol.textContent = '';
    for (const [i, h] of (this.hinted?.list ?? []).entries()) {
      const li = el('li', {}, ol);
      el('span', { class: 'mv', text: this.turn(h.move) }, li);
      li.append(': ');
      el('span', { class: 'pc', text: this.pct(h.win, 1) }, li);
      if (i === 0) li.title = this.t('hint_drawn');
    }
  }

  // -- the review

  /** Reviews the game just finished (a match: every game of it so far, with its cube decisions). */
  async review() {
    const g = this.page.element()?.game;
    if (!g) return;
    const n = ++this.n.review;
    if (this.reviewing) this.bots.review.terminate();
    let text = null;
    try {
      text = recordOf(g);
    } catch {
      // no record: the marked turns cannot open the replay, the rest is shown all the same
    }
    const level = reviewLevel(g, this.page.settings().level);
    const match = g instanceof Match;
    this.rv = { match, over: !match || g.phase === 'match-over', games: match ? g.games.length : 1, level, text, progress: [0, 0], result: null };
    this.reviewing = true;
    this.say('review', null);
    this.el.review.hidden = false;
    this.offer();
    this.drawReview();
    // kept as begun: a reload computes it again
    this.page.keep?.(this.rv);
    this.bots.review.level = level;
    try {
      const result = await this.bots.review.review(g, {
        onProgress: (done, total) => {
          if (n !== this.n.review) return;
          this.rv.progress = [done, total];
          this.drawProgress();
        },
      });
      if (n !== this.n.review) return;
      this.rv.result = result;
      this.drawReview();
      // the review belongs to its game: kept with it (a reload shows it again without computing it)
      this.page.keep?.(this.rv);
    } catch (e) {
      if (n === this.n.review) this.say('review', 'an_failed', e.message);
    } finally {
      if (n === this.n.review) {
        this.reviewing = false;
        this.el.progress.hidden = true;
      }
    }
  }

  /** Dismisses the review (a review still running is stopped), and forgets the one kept with the game. */
  reset() {
    this.n.review++;
    if (this.reviewing) this.bots.review.terminate();
    this.reviewing = false;
    if (this.rv) this.page.keep?.(null);
    this.rv = null;
    this.el.review.hidden = true;
    this.offer();
  }

  /** Shows again a review kept with its game (`rv` as given to the page's keep()). */
  show(rv) {
    this.n.review++;
    this.reviewing = false;
    this.rv = rv;
    this.say('review', null);
    this.el.review.hidden = false;
    this.offer();
    this.drawReview();
  }

  drawProgress() {
    const [done, total] = this.rv.progress;
    const p = this.el.progress.querySelector('progress');
    p.max = Math.max(total, 1);
    p.value = done;
    this.el.count.textContent = this.t('rv_progress', { done, total: total || '…' });
  }

  drawReview() {
    const rv = this.rv;
    if (!rv) return;
    const r = rv.result;
    const games = rv.games;
    this.el.what.textContent = this.t(rv.match ? (rv.over ? 'rv_ofMatchDone' : 'rv_ofMatch') : 'rv_ofGame', { level: [rv.level], games, unit: [plural(this.words.lang, 'rv_game', games)] });
    this.el.progress.hidden = !!r || !this.reviewing;
    this.drawProgress();
    this.el.body.hidden = !r;
    if (!r) return;
    const moves = r.turns.filter((e) => !CUBE.has(e.record));
    this.drawChart(moves);
    const dice = moves.some((e) => e.luck !== null);
    const cube = r.turns.length > moves.length;
    const over = r.red.wins + r.blue.wins > 0;
    const num = (x, digits) => new Intl.NumberFormat(this.words.lang, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(x);
    const show = {
      luck: (t) => this.pct(t.luck, 1, true),
      error: (t) => this.pct(t.error, 1),
      moves: (t) => num(t.moves, 0),
      cubeError: (t) => this.pct(t.cubeError, 1),
      cubes: (t) => num(t.cubes, 0),
      errorRate: (t) => this.pct(t.errorRate, 2),
      rating: (t) => this.t('rv_ratingValue', { rating: num(t.rating, 1), band: this.t(`rv_band_${band(t.rating)}`) }),
      // with average dice: a number of games, so between none and the games played (the luck-corrected sum
      // goes below 0 or above when a player's luck was worth more than the games won or lost)
      adjusted: (t) => this.t('rv_adjustedValue', { wins: num(t.wins, 0), adjusted: num(Math.min(Math.max(t.adjusted, 0), r.red.wins + r.blue.wins), 2) }),
    };
    for (const row of this.el.body.querySelectorAll('[data-total]')) {
      const k = row.dataset.total;
      row.hidden = (k === 'luck' && !dice) || ((k === 'cubes' || k === 'cubeError') && !cube) || (k === 'adjusted' && (!dice || !over));
      const cells = row.querySelectorAll('td');
      ['red', 'blue'].forEach((p, i) => {
        cells[i].textContent = show[k](r[p]);
      });
    }
    // a match: each game's rating
    const per = this.el.games;
    per.textContent = '';
    per.hidden = r.games.length < 2;
    if (r.games.length > 1) {
      r.games.forEach((g, i) => {
        el('li', { text: this.t('rv_games', { game: i + 1, red: num(g.red.rating, 1), blue: num(g.blue.rating, 1) }) }, per);
      });
    }
    const ol = this.el.marks;
    ol.textContent = '';
    const marked = r.turns.filter((e) => e.mark);
    for (const [n, e] of marked.entries()) {
      const cube = CUBE.has(e.record);
      const b = el('button', { type: 'button', 'data-n': String(n), 'data-game': String(e.game - 1), 'data-step': String(cube ? e.index - 1 : e.index), 'data-player': e.player }, el('li', {}, ol));
      b.disabled = !rv.text;
      const where = rv.match ? `${this.t('gameNo', { game: e.game })} · ` : '';
      el('span', { class: 'where', text: `${where}${e.index}.` }, b);
      el('span', { class: 'rec', text: cube ? this.t(CUBE_WORD[e.record]) : this.turn(e.record) }, b);
      el('b', { class: 'mark', text: e.mark }, b);
      el('span', { class: 'lost', text: this.pct(-e.error, 1, true) }, b);
      // the move played and the best, each with its chance, in words on the button (not a tooltip)
      const best = cube ? this.t(CUBE_WORD[e.best]) : this.turn(e.best);
      const cmp = el('span', { class: 'cmp' }, b);
      el('span', { class: 'played', text: this.t('rv_played', { win: this.pct(e.win, 1) }) }, cmp);
      cmp.append(' · ');
      el('span', { class: 'best', text: this.t('rv_best', { best, win: this.pct(e.bestWin, 1) }) }, cmp);
    }
    this.el.none.hidden = marked.length > 0;
  }

  /**
   * The chart: Red's chance after each move as a line over a red area (Blue's chance the blue area
   * above it), the 50% line, the games of a match divided.
   */
  drawChart(moves) {
    const svg = this.el.chart;
    svg.textContent = '';
    const [L, R, T, B] = [34, 314, 8, 108];
    const n = moves.length;
    const x = (i) => (n > 1 ? L + (i * (R - L)) / (n - 1) : (L + R) / 2);
    const y = (p) => B - p * (B - T);
    const pts = moves.map((e, i) => [x(i), y(e.player === 'red' ? e.win : 1 - e.win)]);
    const line = pts.map(([a, b], i) => `${i ? 'L' : 'M'}${a.toFixed(1)} ${b.toFixed(1)}`).join(' ');
    el('rect', { x: L, y: T, width: R - L, height: B - T, class: 'rv-blue' }, svg, SVG);
    if (n) el('path', { d: `${line} L${pts[n - 1][0].toFixed(1)} ${B} L${pts[0][0].toFixed(1)} ${B} Z`, class: 'rv-red' }, svg, SVG);
    for (const p of [1, 0.5, 0]) {
      if (p === 0.5) el('line', { x1: L, x2: R, y1: y(p), y2: y(p), class: 'rv-half' }, svg, SVG);
      el('text', { x: L - 4, y: y(p) + 3, 'text-anchor': 'end', class: 'rv-axis', text: this.pct(p) }, svg, SVG);
    }
    moves.forEach((e, i) => {
      if (i && e.game !== moves[i - 1].game) el('line', { x1: x(i - 0.5), x2: x(i - 0.5), y1: T, y2: B, class: 'rv-sep' }, svg, SVG);
    });
    if (n) el('path', { d: line, class: 'rv-line' }, svg, SVG);
    moves.forEach((e, i) => {
      if (e.mark) el('circle', { cx: pts[i][0], cy: pts[i][1], r: 3, class: 'rv-dot', 'data-player': e.player }, svg, SVG);
    });
  }

  /** Says everything shown again in the page's language. */
  speak() {
    if (this.chances) this.drawBar();
    this.drawHints();
    this.drawReview();
    for (const [name, note] of Object.entries(this.notes)) if (note) this.say(name, ...note);
  }
}
