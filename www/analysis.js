// The demo's analysis of the game being played, all of it by the engine's bot off the page's thread
// (WorkerBot of the package): the win chances bar (Bot.evaluate after every roll, move and cube action),
// the hint (Bot.hint: the best turns, the first drawn on the board) and, after each game, the review
// (Bot.review: a chart of the chances, each player's luck and errors, the marked turns and the luckiest and
// unluckiest rolls opening the replay, where a marked turn shows its best candidates and a cube decision its
// three actions). A review also writes its marks into the records saved, shared or downloaded (annotate()).
// Each has its own worker, so that a long review never holds up the bar or a hint; an answer that comes
// back after the game has moved on is dropped, and an error is said in a line, never thrown.
import { Match, Jokerball } from '../pkg/steere_games.js';
import { WorkerBot, OTHER } from '../pkg/board.js';
import { plural, spoken, percent } from '../pkg/lang.js';
import { barOn } from './settings.js';
import { recordOf, readRecord } from './records.js';

const CUBE = new Set(['double', 'no-double', 'take', 'drop']);
// The bands of the performance rating (PR = 500 x the mean error per decision, in chances of winning),
// the demo's own, named after the bands backgammon players give theirs: the upper bound of each.
const BANDS = [
  [5, 'world'],
  [8, 'expert'],
  [12, 'advanced'],
  [18, 'intermediate'],
  [26, 'casual'],
  [35, 'beginner'],
];
/** The band of a rating: world, expert, advanced, intermediate, casual, beginner or awful. */
export const band = (pr) => BANDS.find(([top]) => pr < top)?.[1] ?? 'awful';
/** Who doubled in a cube entry of the review: its mover, or for a take or a drop the other player. */
const doublerOf = (e) => (e.record === 'take' || e.record === 'drop' ? OTHER[e.player] : e.player);
const CUBE_WORD = { double: 'double', 'no-double': 'rv_noDouble', take: 'take', drop: 'drop' };
// The luck of a roll in words, by the review's luck (the mover's chance of winning the game that the dice
// thrown gave, or took, against an average roll): at least 0.15 either way is very lucky / very unlucky (a
// sixth of the game won or lost by the dice alone), at least 0.06 lucky / unlucky, less than that no word
// (most rolls of a game: about average). The same for every level and board.
const VERY_LUCKY = 0.15;
const LUCKY = 0.06;
/** The catalogue key of the words for a roll's luck (rv_veryLucky, rv_lucky, rv_unlucky, rv_veryUnlucky), or null. */
export function luckWord(luck) {
  if (typeof luck !== 'number' || Math.abs(luck) < LUCKY) return null;
  const very = Math.abs(luck) >= VERY_LUCKY;
  if (luck > 0) return very ? 'rv_veryLucky' : 'rv_lucky';
  return very ? 'rv_veryUnlucky' : 'rv_unlucky';
}
// how many of the best candidates a marked turn lists
const CANDIDATES = 4;
// A rollout of a marked turn or cube decision (Roll out in the replay), with the settings that gave the
// narrowest interval for the time, measured in Chromium on a shared 2-core machine (README, "The demo"):
// truncated trials without variance reduction (its look at every roll costs about 20 times the trial at
// 'easy'); cut after 10 turns they agreed with trials played to the end within their noise, where 7 turns
// read about 2 points low. 2592 trials (a multiple of 36): about 13 s from a side-6 middle game.
const ROLLOUT_SETTINGS = { trials: 2592, truncate: 10, player: 'easy', varianceReduction: false, seed: 1 };
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
      rolls: $('.rv-rolls'),
      rollsPart: $('.rv-rolls-part'),
      games: $('.rv-games'),
      none: $('.rv-none'),
      again: $('[data-action=review]'),
    };
    // the rollouts' own bot, reused from one rollout to the next (a stopped one is terminated: it starts again)
    this.bots = {
      bar: new WorkerBot({ level: BAR_LEVEL }),
      hint: new WorkerBot(),
      review: new WorkerBot(),
      roll: new WorkerBot({ level: 'easy' }),
    };
    this.n = { bar: 0, hint: 0, review: 0 };
    this.chances = null;
    this.hinted = null; // { list, phase } of the hint shown
    this.reviewing = false;
    // { match, level, plain, text, record, progress, result } of the review shown: `plain` the record
    // reviewed, `text` the same with the review's marks (annotate()), `record` a review of an opened record
    this.rv = null;
    this.opened = null; // { e, replay } of the marked turn shown in the replay, with its candidates
    this.n.detail = 0;
    // { o, running, ctl, cube, moves, played, progress, result, stopped, failed } of the rollout shown
    this.roll = null;
    this.n.roll = 0;
    const r = $('.rp-roll');
    this.el.roll = {
      box: r,
      go: r.querySelector('[data-action=rollout]'),
      stop: r.querySelector('[data-action=rollout-stop]'),
      how: r.querySelector('.rp-roll-how'),
      bar: r.querySelector('.rp-roll-progress'),
      count: r.querySelector('.rp-roll-count'),
      status: r.querySelector('.rp-roll-status'),
      out: r.querySelector('.rp-roll-out'),
    };
    this.el.roll.go.addEventListener('click', () => this.rollout());
    this.el.roll.stop.addEventListener('click', () => this.roll?.ctl.abort());
    this.notes = {}; // [key, message] of each line that says a failure
    this.el.hintBtn.addEventListener('click', () => this.hint());
    $('[data-action=review-close]').addEventListener('click', () => this.reset());
    this.el.again.addEventListener('click', () => this.review());
    const open = (e) => {
      const b = e.target.closest('button[data-step]');
      if (!b || !this.rv?.text) return;
      try {
        const entry = this.rv.result.turns[Number(b.dataset.turn)];
        const replay = this.page.openReplay(
          this.rv.text,
          Number(b.dataset.game),
          Number(b.dataset.step),
          entry,
          !this.rv.record,
        );
        if (replay) this.detail(entry, replay);
      } catch (err) {
        this.say('review', 'an_failed', err.message);
      }
    };
    this.el.marks.addEventListener('click', open);
    this.el.rolls.addEventListener('click', open);
  }

  t(key, vars) {
    return this.words.t(key, vars);
  }

  /** A Jokerball turn or Zola move as a person reads it: a part skipped ('-') in words, 'a1-c3, no ball move'. */
  turn(move) {
    return spoken(this.words.lang, move);
  }

  /** Whether a review's record is a cube decision (double, no-double, take, drop). */
  isCube(record) {
    return CUBE.has(record);
  }

  /** A review's choice as a person reads it: a cube decision in words, else a turn or move. */
  choice(record) {
    return CUBE.has(record) ? this.t(CUBE_WORD[record]) : this.turn(record);
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
      row
        .querySelector('.wb-track')
        .setAttribute('aria-label', this.t(scope === 'game' ? 'wb_gameLabel' : 'wb_matchLabel', vars));
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

  /**
   * Reviews the game just finished (a match: every game of it so far, with its cube decisions), or `obj`,
   * the finished game of a record opened in the replay (not kept with the game played here).
   */
  async review(obj = null) {
    const g = obj ?? this.page.element()?.game;
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
    this.rv = {
      match,
      over: !match || g.phase === 'match-over',
      games: match ? g.games.length : 1,
      level,
      plain: text,
      text,
      record: !!obj,
      noted: notedLines(g),
      progress: [0, 0],
      result: null,
    };
    this.reviewing = true;
    this.say('review', null);
    this.el.review.hidden = false;
    this.offer();
    this.drawReview();
    // kept as begun: a reload computes it again
    this.keep();
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
      this.rv.text = withNotes(this.rv.plain, result);
      this.drawReview();
      // the review belongs to its game: kept with it (a reload shows it again without computing it)
      this.keep();
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
    if (this.rv && !this.rv.record) this.page.keep?.(null);
    this.rv = null;
    this.el.review.hidden = true;
    this.offer();
  }

  /** Keeps the review with the game played here (the page's keep()); a record's review is not kept. */
  keep() {
    if (!this.rv.record) this.page.keep?.(this.rv);
  }

  /**
   * The record `text` with the marks of the review shown written in as annotations, when the review is of
   * that record (as it was reviewed); else `text` as it is.
   */
  annotate(text) {
    const rv = this.rv;
    return rv?.result && rv.text && (rv.plain ?? rv.text) === text ? rv.text : text;
  }

  /** Shows again a review kept with its game (`rv` as given to the page's keep()). */
  show(rv) {
    this.n.review++;
    this.reviewing = false;
    // a review kept before the records carried its marks: its record is the one reviewed
    if (rv.result && rv.text && rv.plain === undefined) {
      rv.plain = rv.text;
      try {
        rv.text = withNotes(rv.plain, rv.result);
      } catch {
        rv.text = rv.plain;
      }
    }
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
    this.el.what.textContent = this.t(rv.match ? (rv.over ? 'rv_ofMatchDone' : 'rv_ofMatch') : 'rv_ofGame', {
      level: [rv.level],
      games,
      unit: [plural(this.words.lang, 'rv_game', games)],
    });
    this.el.progress.hidden = !!r || !this.reviewing;
    this.drawProgress();
    this.el.body.hidden = !r;
    if (!r) return;
    const moves = r.turns.filter((e) => !CUBE.has(e.record));
    this.drawChart(moves);
    const dice = moves.some((e) => e.luck !== null);
    const cube = r.turns.length > moves.length;
    const over = r.red.wins + r.blue.wins > 0;
    const num = (x, digits) =>
      new Intl.NumberFormat(this.words.lang, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(
        x,
      );
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
      adjusted: (t) =>
        this.t('rv_adjustedValue', {
          wins: num(t.wins, 0),
          adjusted: num(Math.min(Math.max(t.adjusted, 0), r.red.wins + r.blue.wins), 2),
        }),
    };
    for (const row of this.el.body.querySelectorAll('[data-total]')) {
      const k = row.dataset.total;
      row.hidden =
        (k === 'luck' && !dice) ||
        ((k === 'cubes' || k === 'cubeError') && !cube) ||
        (k === 'adjusted' && (!dice || !over));
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
        el(
          'li',
          { text: this.t('rv_games', { game: i + 1, red: num(g.red.rating, 1), blue: num(g.blue.rating, 1) }) },
          per,
        );
      });
    }
    const ol = this.el.marks;
    ol.textContent = '';
    const marked = r.turns.map((e, i) => [e, i]).filter(([e]) => e.mark);
    for (const [e, i] of marked) {
      const b = this.turnButton(ol, e, i);
      el('b', { class: 'mark', text: e.mark }, b);
      el('span', { class: 'lost', text: this.pct(-e.error, 1, true) }, b);
      // the move played and the best, each with its chance, in words on the button (not a tooltip)
      const cmp = el('span', { class: 'cmp' }, b);
      el('span', { class: 'played', text: this.t('rv_played', { win: this.pct(e.win, 1) }) }, cmp);
      cmp.append(' · ');
      el(
        'span',
        { class: 'best', text: this.t('rv_best', { best: this.choice(e.best), win: this.pct(e.bestWin, 1) }) },
        cmp,
      );
      this.luckSpan(e, cmp);
      // what the record reviewed already said of this line (an earlier review's marks, a person's note)
      const note = (rv.noted ?? []).find(
        (n) =>
          n.game === e.game &&
          (n.kind === 'record'
            ? !CUBE.has(e.record) && n.step === e.index
            : n.kind === e.record && n.step === e.index - 1),
      );
      if (note)
        el(
          'span',
          {
            class: 'noted',
            text: this.t('rv_recorded', {
              note: [note.mark, note.comment && `{${note.comment}}`].filter(Boolean).join(' '),
            }),
          },
          b,
        );
    }
    this.el.none.hidden = marked.length > 0;
    // the rolls that helped or hurt most, each with its luck in words
    const rolls = this.el.rolls;
    rolls.textContent = '';
    const lucky = r.turns.map((e, i) => [e, i]).filter(([e]) => luckWord(e.luck));
    for (const [e, i] of lucky) this.luckSpan(e, this.turnButton(rolls, e, i));
    this.el.rollsPart.hidden = lucky.length === 0;
  }

  /** A button of the list `ol` opening entry `e` (index `i` of the review's turns) in the replay: where and what. */
  turnButton(ol, e, i) {
    const cube = CUBE.has(e.record);
    const rv = this.rv;
    const b = el(
      'button',
      {
        type: 'button',
        'data-turn': String(i),
        'data-game': String(e.game - 1),
        'data-step': String(cube ? e.index - 1 : e.index),
        'data-player': e.player,
      },
      el('li', {}, ol),
    );
    b.disabled = !rv.text;
    const where = rv.match ? `${this.t('gameNo', { game: e.game })} · ` : '';
    el('span', { class: 'where', text: `${where}${e.index}.` }, b);
    el('span', { class: 'rec', text: this.choice(e.record) }, b);
    return b;
  }

  /** The luck of entry `e`'s roll, with its words when it has some, in `parent` (nothing for a move without dice). */
  luckSpan(e, parent) {
    if (typeof e.luck !== 'number') return;
    const word = luckWord(e.luck);
    const luck = this.pct(e.luck, 1, true);
    if (parent.classList.contains('cmp')) parent.append(' · ');
    el(
      'span',
      {
        class: 'luck',
        'data-luck': word ?? '',
        text: word ? this.t('rv_luckWord', { luck, word: [word] }) : this.t('rv_luckOnly', { luck }),
      },
      parent,
    );
  }

  // -- a marked turn in the replay

  /**
   * Under the replay (`replay`, showing entry `e` marked): a move's best candidates for the same dice, the
   * move played among them, computed by the review's bot on the position when opened; a cube decision's
   * three actions, the right one and the one taken.
   */
  detail(e, replay) {
    this.endRoll();
    this.opened = { e, replay, list: null, failed: null };
    this.n.detail++;
    // leaving the mark (a step, another mark, the replay closed) stops its rollout
    replay.onLeave = () => this.endRoll();
    if (CUBE.has(e.record)) this.drawDetail();
    else this.candidates(this.opened);
  }

  async candidates(o) {
    const n = this.n.detail;
    this.drawDetail();
    // the position the move was chosen in, with its dice (Replay.mark), read by the worker at once
    this.bots.review.level = this.rv?.level ?? this.page.settings().level;
    try {
      const list = await this.bots.review.hint(o.replay.shown);
      if (n !== this.n.detail) return;
      o.list = list;
    } catch (err) {
      if (n !== this.n.detail) return;
      o.failed = err.message;
    }
    this.drawDetail();
  }

  /**
   * The candidates of the marked turn `o` ranked, the move played among them with the review's chance: { list, rank }.
   */
  ranked(o) {
    const played = o.replay.marked.played ?? [];
    const same = (cells) => cells.length === played.length && cells.every((c, i) => c === played[i]);
    const at = o.list.findIndex((h) => same(h.cells));
    const list = o.list.map((h, i) => (i === at ? { ...h, win: o.e.win, played: true } : h));
    // a stable sort: equal chances keep the engine's order
    list.sort((a, b) => b.win - a.win);
    return { list, rank: list.findIndex((h) => h.played) };
  }

  /** The candidates the detail lists: the best few, and the move played when it is not among them. */
  shownCandidates(o) {
    const { list, rank } = this.ranked(o);
    return [...list.slice(0, CANDIDATES), ...(rank >= CANDIDATES ? [list[rank]] : [])];
  }

  drawDetail() {
    this.drawRoll();
    const o = this.opened;
    if (!o?.replay.marked || o.replay.marked.e !== o.e) return;
    const box = o.replay.detailBox();
    box.textContent = '';
    if (CUBE.has(o.e.record)) return this.drawCube(o, box);
    if (o.failed) return void el('p', { class: 'rp-wait', text: this.t('an_failed', { message: o.failed }) }, box);
    if (!o.list) return void el('p', { class: 'rp-wait', text: this.t('rp_candWait') }, box);
    // the move played among them: the candidate drawing the same cells as the move played (the engine's
    // lastMove and hint cells name a choice the same way), with the review's own chance for it (the review
    // looks at the move played as deeply as at the best; the hint, only at its best few), ranked by it
    const { list, rank } = this.ranked(o);
    el(
      'p',
      {
        class: 'rp-cands-title',
        text: this.t('rp_cands', { n: Math.min(CANDIDATES, list.length), total: list.length }),
      },
      box,
    );
    const ol = el('ol', { class: 'rp-cands' }, box);
    const row = (h, i) => {
      const li = el('li', {}, ol);
      if (i === rank) li.dataset.played = '';
      el('span', { class: 'rk', text: `${i + 1}.` }, li);
      el('span', { class: 'mv', text: this.turn(h.move) }, li);
      el('span', { class: 'pc', text: this.pct(h.win, 1) }, li);
      if (i === rank) el('span', { class: 'tag', text: this.t('rp_candPlayed') }, li);
    };
    list.slice(0, CANDIDATES).forEach(row);
    if (rank >= CANDIDATES) {
      if (rank > CANDIDATES) el('li', { class: 'gap', 'aria-hidden': 'true', text: '…' }, ol);
      row(list[rank], rank);
    }
  }

  /**
   * The action a cube decision `e` took: 'nd', 'dt' or 'dp' (a double: as it was answered), or null when the review
   * does not say.
   */
  cubeTaken(e) {
    if (e.record !== 'double') return { 'no-double': 'nd', take: 'dt', drop: 'dp' }[e.record];
    const reply = this.rv?.result?.turns.find(
      (x) => x.game === e.game && x.index === e.index && (x.record === 'take' || x.record === 'drop'),
    );
    return reply ? (reply.record === 'take' ? 'dt' : 'dp') : null;
  }

  /** A cube decision's three actions in the doubler's chances of winning the match, the right one and the one taken. */
  drawCube(o, box) {
    const e = o.e;
    const c = e.cube;
    if (!c) return void el('p', { class: 'rp-wait', text: this.t('rp_cubeUnknown') }, box);
    const doubler = doublerOf(e);
    const double = Math.min(c.doubleTake, c.doubleDrop);
    // right: as the review judges it (doubling when it gains over not doubling; a double taken when taking
    // leaves the taker more than dropping)
    const answer = c.doubleTake <= c.doubleDrop ? 'dt' : 'dp';
    const right = double > c.noDouble ? answer : 'nd';
    const taken = this.cubeTaken(e) ?? answer;
    const table = el('table', { class: 'rp-cube' }, box);
    el('caption', { text: this.t('rp_cubeOf', { player: [doubler] }) }, table);
    const body = el('tbody', {}, table);
    for (const [k, key, win] of [
      ['nd', 'rp_cubeNd', c.noDouble],
      ['dt', 'rp_cubeDt', c.doubleTake],
      ['dp', 'rp_cubeDp', c.doubleDrop],
    ]) {
      const tr = el('tr', { 'data-cube': k }, body);
      if (k === right) tr.dataset.right = '';
      if (k === taken) tr.dataset.taken = '';
      el('th', { scope: 'row', text: this.t(key) }, tr);
      el('td', { class: 'pc', text: this.pct(win, 1) }, tr);
      const tags = [k === right && this.t('rp_cubeRight'), k === taken && this.t('rp_cubeTaken')].filter(Boolean);
      el('td', { class: 'tag', text: tags.join(' · ') }, tr);
    }
  }

  // -- a rollout of the marked turn or cube decision

  /**
   * Whether the marked entry shown can be rolled out now: a Jokerball turn once its candidates are listed, a cube
   * decision of a match.
   */
  rollable() {
    const o = this.opened;
    const r = o?.replay;
    if (!r?.obj || r.marked?.e !== o.e || !(r.shown instanceof Jokerball)) return false;
    return CUBE.has(o.e.record) ? r.obj instanceof Match : !!o.list?.length && !!r.marked.played;
  }

  /** Rolls out the candidates shown (the move played among them) or the cube decision, by the rollouts' bot. */
  async rollout() {
    const o = this.opened;
    if (!this.rollable() || this.roll?.running) return;
    const n = ++this.n.roll;
    const cube = CUBE.has(o.e.record);
    const ctl = new AbortController();
    const r = {
      o,
      running: true,
      ctl,
      cube,
      moves: null,
      played: null,
      progress: [0, ROLLOUT_SETTINGS.trials],
      result: null,
      stopped: false,
      failed: null,
    };
    this.roll = r;
    let match = null;
    try {
      let pos = o.replay.shown;
      const options = { ...ROLLOUT_SETTINGS };
      if (cube) {
        // the doubler's decision, at the start of the turn it was taken (or not) in
        const step = o.e.index - 1;
        pos = match = o.replay.matchAt(o.replay.at[0], step);
        options.cube = true;
      } else {
        const shown = this.shownCandidates(o);
        r.moves = shown.map((h) => h.move);
        r.played = shown.find((h) => h.played)?.move ?? null;
        options.candidates = r.moves;
      }
      this.drawRoll();
      this.el.roll.status.textContent = this.t('rp_rollRunning');
      const onProgress = (done, total) => {
        if (n !== this.n.roll) return;
        r.progress = [done, total];
        this.drawRollProgress();
      };
      const result = await this.bots.roll.rollout(pos, { ...options, signal: ctl.signal, onProgress });
      if (n === this.n.roll) r.result = result;
    } catch (err) {
      if (n === this.n.roll) {
        if (ctl.signal.aborted) r.stopped = true;
        else r.failed = err.message;
      }
    } finally {
      match?.free();
      if (n === this.n.roll) {
        r.running = false;
        // the Stop button goes: the focus it had goes back to Roll out
        const focused = document.activeElement === this.el.roll.stop;
        this.drawRoll(true);
        if (focused) this.el.roll.go.focus();
      }
    }
  }

  /** Stops a rollout running and forgets the one shown (the mark is left or another opened). */
  endRoll() {
    this.n.roll++;
    this.roll?.ctl.abort();
    this.roll = null;
    this.drawRoll();
  }

  drawRollProgress() {
    const r = this.roll;
    const [done, total] = r.progress;
    const p = this.el.roll.bar.querySelector('progress');
    p.max = Math.max(total, 1);
    p.value = done;
    this.el.roll.count.textContent = this.t('rp_rollCount', { done: this.num(done), total: this.num(total) });
  }

  num(x) {
    return new Intl.NumberFormat(this.words.lang).format(x);
  }

  /** The rollout's part of the replay's detail; `said`: the status line is said again (the rollout ended). */
  drawRoll(said = false) {
    const x = this.el.roll;
    const on = this.rollable();
    x.box.hidden = !on;
    const r = on && this.roll?.o === this.opened ? this.roll : null;
    const running = !!r?.running;
    x.go.disabled = !on || running;
    x.stop.hidden = !running;
    x.stop.disabled = !running;
    x.how.textContent = this.t('rp_rollHow', {
      trials: this.num(ROLLOUT_SETTINGS.trials),
      turns: ROLLOUT_SETTINGS.truncate,
    });
    x.bar.hidden = !running;
    if (running) this.drawRollProgress();
    x.out.textContent = '';
    if (!r) {
      x.status.textContent = '';
      return;
    }
    const [done, total] = r.progress;
    let status = this.t('rp_rollRunning');
    if (r.stopped) status = this.t('rp_rollStopped', { done: this.num(done), total: this.num(total) });
    else if (r.failed) status = this.t('an_failed', { message: r.failed });
    else if (r.result) status = this.t('rp_rollDone', { trials: this.num(r.result.trials) });
    if (said || x.status.textContent !== status) x.status.textContent = status;
    if (!r.result) return;
    if (r.cube) this.drawRollCube(r, x.out);
    else this.drawRollTurns(r, x.out);
  }

  /** A chance and its ± (half the 95% interval) as the page says them. */
  pm(e) {
    return this.t('rp_rollWin', { win: this.pct(e.win, 1), half: this.pct(1.96 * e.se, 1) });
  }

  drawRollTurns(r, box) {
    const entries = r.result.entries;
    const best = entries[0];
    // an interval that overlaps the best's: too close to call
    const close = (e) => e !== best && e.high >= best.low;
    el('p', { class: 'rp-roll-title', text: this.t('rp_rollOf') }, box);
    const ol = el('ol', { class: 'rp-cands rp-roll-list' }, box);
    entries.forEach((e, i) => {
      const li = el('li', { 'data-move': e.move }, ol);
      if (e.move === r.played) li.dataset.played = '';
      if (close(e)) li.dataset.close = '';
      el('span', { class: 'rk', text: `${i + 1}.` }, li);
      el('span', { class: 'mv', text: this.turn(e.move) }, li);
      el('span', { class: 'pc', text: this.pm(e) }, li);
      const tags = [e.move === r.played && this.t('rp_candPlayed'), close(e) && this.t('rp_rollClose')].filter(Boolean);
      el('span', { class: 'tag', text: tags.join(' · ') }, li);
    });
    const any = entries.some(close);
    el(
      'p',
      {
        class: 'rp-roll-verdict',
        text: this.t(any ? 'rp_rollBestClose' : 'rp_rollBestClear', { move: this.turn(best.move) }),
      },
      box,
    );
  }

  drawRollCube(r, box) {
    const e = r.o.e;
    const by = Object.fromEntries(r.result.entries.map((x) => [x.move, x]));
    const [nd, dt, dp] = [by['no-double'], by['double-take'], by['double-drop']];
    // right by the rollout, as the review judges it: the double answered as the taker does best, against no double
    const answer = dt.win <= dp.win ? dt : dp;
    const right = answer.win > nd.win ? answer : nd;
    const other = right === nd ? answer : nd;
    const close = right.low <= other.high;
    const doubler = doublerOf(e);
    const taken = { nd: 'no-double', dt: 'double-take', dp: 'double-drop' }[this.cubeTaken(e)];
    const table = el('table', { class: 'rp-cube rp-roll-cube' }, box);
    el('caption', { text: this.t('rp_rollCubeOf', { player: [doubler] }) }, table);
    const body = el('tbody', {}, table);
    const names = { 'no-double': 'rp_cubeNd', 'double-take': 'rp_cubeDt', 'double-drop': 'rp_cubeDp' };
    for (const x of [nd, dt, dp]) {
      const tr = el('tr', { 'data-cube': x.move }, body);
      if (x === right) tr.dataset.right = '';
      if (x.move === taken) tr.dataset.taken = '';
      el('th', { scope: 'row', text: this.t(names[x.move]) }, tr);
      el('td', { class: 'pc', text: this.pm(x) }, tr);
      const tags = [x === right && this.t('rp_cubeRight'), x.move === taken && this.t('rp_cubeTaken')].filter(Boolean);
      el('td', { class: 'tag', text: tags.join(' · ') }, tr);
    }
    el(
      'p',
      {
        class: 'rp-roll-verdict',
        text: this.t(close ? 'rp_rollCubeClose' : 'rp_rollCubeRight', { action: [names[right.move]] }),
      },
      box,
    );
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
    if (n)
      el(
        'path',
        { d: `${line} L${pts[n - 1][0].toFixed(1)} ${B} L${pts[0][0].toFixed(1)} ${B} Z`, class: 'rv-red' },
        svg,
        SVG,
      );
    for (const p of [1, 0.5, 0]) {
      if (p === 0.5) el('line', { x1: L, x2: R, y1: y(p), y2: y(p), class: 'rv-half' }, svg, SVG);
      el('text', { x: L - 4, y: y(p) + 3, 'text-anchor': 'end', class: 'rv-axis', text: this.pct(p) }, svg, SVG);
    }
    moves.forEach((e, i) => {
      if (i && e.game !== moves[i - 1].game)
        el('line', { x1: x(i - 0.5), x2: x(i - 0.5), y1: T, y2: B, class: 'rv-sep' }, svg, SVG);
    });
    if (n) el('path', { d: line, class: 'rv-line' }, svg, SVG);
    moves.forEach((e, i) => {
      if (e.mark)
        el('circle', { cx: pts[i][0], cy: pts[i][1], r: 3, class: 'rv-dot', 'data-player': e.player }, svg, SVG);
    });
  }

  /** Says everything shown again in the page's language. */
  speak() {
    if (this.chances) this.drawBar();
    this.drawHints();
    this.drawReview();
    this.drawDetail();
    for (const [name, note] of Object.entries(this.notes)) if (note) this.say(name, ...note);
  }
}

/**
 * The annotated lines of `obj` (a game or match), each `{ game, kind, step, mark, comment }` as its log says the line.
 */
function notedLines(obj) {
  const list = obj.annotations;
  if (!list.length) return [];
  const logs = new Map(obj instanceof Match ? obj.games.map((g) => [g.number, g.log]) : [[1, obj.view().log]]);
  return list.flatMap((a) => {
    const l = logs.get(a.game)?.[a.line];
    return l ? [{ game: a.game, kind: l.kind, step: l.step, mark: a.mark ?? '', comment: a.comment ?? '' }] : [];
  });
}

/**
 * The annotations of the review's marks (`turns`) on the lines of `obj` (the object reviewed): each marked
 * record or cube line gets the mark and a comment in a stable technical form, the best choice and the chance
 * lost, `best 3/4 b2-c3 f6>g7 -0.082` (a cube line: `best no-double -0.031`). A no-double has no line of its
 * own: it goes on the line of the turn then played (as the game's log says it), `no-double, best double
 * -0.031`, joined to that turn's own comment by `; ` when the turn is marked too, the mark the worse one's.
 */
function reviewNotes(obj, turns) {
  const logs = new Map(obj instanceof Match ? obj.games.map((g) => [g.number, g.log]) : [[1, obj.view().log]]);
  const notes = new Map(); // `${game} ${line}` -> { game, line, parts: [[error, mark, comment]] }
  for (const e of turns) {
    const log = e.mark && logs.get(e.game);
    if (!log) continue;
    const cube = CUBE.has(e.record) && e.record !== 'no-double';
    // a record's line has the record's number; a cube line the number of records played before it
    const line = log.findIndex((l) =>
      cube ? l.kind === e.record && l.step === e.index - 1 : l.kind === 'record' && l.step === e.index,
    );
    if (line < 0) continue;
    const key = `${e.game} ${line}`;
    if (!notes.has(key)) notes.set(key, { game: e.game, line, parts: [] });
    const what = e.record === 'no-double' ? 'no-double, best' : 'best';
    notes.get(key).parts.push([e.error, e.mark, `${what} ${e.best} ${(-e.error).toFixed(3)}`]);
  }
  return [...notes.values()].map(({ game, line, parts }) => ({
    game,
    line,
    mark: parts.reduce((a, b) => (b[0] > a[0] ? b : a))[1],
    comment: parts.map((p) => p[2]).join('; '),
  }));
}

/**
 * The record `text` with the marks of its review (`result`) written in as annotations, in place of those the
 * record had on the same lines (the others are kept). Null stays null.
 */
function withNotes(text, result) {
  if (!text) return text;
  const obj = readRecord(text);
  try {
    const notes = reviewNotes(obj, result.turns);
    const mine = new Set(notes.map((a) => `${a.game} ${a.line}`));
    obj.setAnnotations([...obj.annotations.filter((a) => !mine.has(`${a.game} ${a.line}`)), ...notes]);
    return obj.toRecord();
  } finally {
    obj.free();
  }
}
