// <steere-game>'s drawing: its style and markup, the turn line, the seat, the buttons (enabled exactly
// when the rules allow the action and a person is to take it), the winner, score and cube, and the log.
import { say, tell, spoken, percent, attr, OTHER, actor as actorOf, viewOf, phaseOf, allOver } from './common.js';
import { drawClocks, seatColour } from './clock.js';

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
[data-player]::before {
  content: ''; display: inline-block; width: 0.75em; height: 0.75em; margin-right: 0.35em; vertical-align: -0.05em;
  border: 1px solid rgb(0 0 0 / 0.5); }
[data-player=red]::before { background: var(--steere-red, #c8323c); border-radius: 50%; }
[data-player=blue]::before { background: var(--steere-blue, #2f5fb3); border-radius: 2px; }
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
li[tabindex] { outline-offset: -2px; }
.rv { display: block; padding-left: 2.2em; }
.clocks { display: flex; flex-wrap: wrap; gap: 0 0.5rem; white-space: nowrap; }
[data-running] { background: #e4e0f0; font-weight: 600; }
[data-delay] { font-size: 0.85em; }
[data-low] { color: #c4121b; }
.msg { color: #a3141b; font-size: 0.9rem; }
`;

// every button is the part `button` (none submits a form: no form of the page reaches into the shadow root)
export const GAME_HTML = `<style>${GAME_CSS}</style><div class="wrap"><div class="grid">
<div class="main"><div class="clocks" part="clocks" hidden><p data-player="red"><span></span> <b data-clock="red"></b> <span data-delay="red"></span></p><p data-player="blue"><span></span> <b data-clock="blue"></b> <span data-delay="blue"></span></p></div><p class="turn"></p><steere-board part="board" exportparts="svg, cell, piece, goal, dice, target, selected, last, message: board-message"></steere-board></div>
<div class="side">
<p class="seat"></p>
<div class="bar" role="toolbar">
<button part="button" data-action="roll" aria-keyshortcuts="r"></button><button part="button" data-action="double"></button><button part="button" data-action="take"></button><button part="button" data-action="drop"></button><button part="button" data-action="swap"></button><button part="button" data-action="resign"></button><button part="button" data-action="next-game"></button><button part="button" data-action="restart"></button><button part="button" data-action="claimWin" hidden></button>
</div>
<p class="claim" role="status" hidden></p>
<div class="confirm" role="alertdialog" hidden><p></p><button part="button" data-action="confirm-resign"></button> <button part="button" data-action="cancel-resign"></button></div>
<p class="winner" part="winner" hidden></p>
<p class="status"></p>
<div class="info"><p class="score"></p><p><span class="cube"></span> <span class="badge" hidden></span></p></div>
<ol class="log" part="log"></ol>
<p class="msg" part="message" role="alert" hidden></p>
</div></div></div>`;

/** The buttons' and regions' words, in element `el`'s language. */
export function texts(el) {
  // each button's word: the catalogue's key of the same name as its action, but these
  const keys = {
    'next-game': 'nextGame',
    restart: 'newGame',
    'confirm-resign': 'yesResign',
    'cancel-resign': 'noResign',
  };
  for (const b of el.shadowRoot.querySelectorAll('[data-action]'))
    b.textContent = say(el._cat, keys[b.dataset.action] ?? b.dataset.action);
  el._q('.bar').setAttribute('aria-label', say(el._cat, 'actions'));
  el._q('.log').setAttribute('aria-label', say(el._cat, 'log'));
  for (const p of el._q('.clocks').children) p.firstChild.textContent = say(el._cat, p.dataset.player);
}

/** Draws element `el`: turn line, seat, buttons, confirmation, winner, score, cube, log (and its board). */
export function drawGame(el) {
  el._setLang();
  const t = (key, vars) => tell(el._l, [key, vars]);
  const obj = el._obj;
  const m = el._match();
  const o = el._o;
  const zola = o.game === 'zola';
  const on = el._on;
  // a game the server ended (on time, by abandonment) has no one to act, whatever its state says
  const actor = on?.over ? null : actorOf(obj);
  const side = el._humanSide();
  const b = el._board;
  const orient = el.getAttribute('orientation');
  const person = el._person();
  // whether a person here may act now (none may once the server ended the game: `person` is false then)
  const human = actor !== null && person && (o.opponent === 'human' || actor === side);
  // turned for the colour a person chose against the computer, else as for Red
  attr(b, 'orientation', orient ?? (side ? o.human : 'red'));
  attr(b, 'interactive', !person ? null : o.opponent === 'human' ? 'red blue' : side);
  attr(b, 'animation', el.getAttribute('animation'));
  if (!el.help) b.hint = null;
  b.refresh();

  const phase = phaseOf(obj);
  // whose turn
  const turn = el._q('.turn');
  attr(turn, 'data-player', actor);
  let line = '';
  if (m && m.phase === 'double') line = t('doubled', { player: [m.pendingDouble], other: [actor] });
  else if (actor && !human && o.opponent === 'bot') line = t('thinking', { player: [actor] });
  else if (actor) line = t({ roll: 'toRoll', man: 'toMan', ball: 'toBall' }[phase] ?? 'toMove', { player: [actor] });
  turn.textContent = line;
  const seat = el._q('.seat');
  seat.textContent =
    o.opponent === 'remote'
      ? ''
      : o.opponent === 'human'
        ? t('twoPlay')
        : t('youPlay', { player: [side], level: [o.level] });
  seat.hidden = !seat.textContent;
  el._q('.status').textContent = el._noticeText();

  // buttons: enabled exactly when the rules allow the action and a person is to take it
  const playing = !m || m.phase === 'playing';
  const btn = (action, on, shown = true) => {
    const button = el._q(`[data-action=${action}]`);
    button.disabled = !on;
    button.hidden = !shown;
  };
  const cube = !!m?.cube;
  const live = m && (m.phase === 'playing' || m.phase === 'double');
  const pie = !m && zola && obj.toJSON().pie;
  const answer = human && cube && m.phase === 'double';
  // (only Jokerball has a phase roll)
  btn('roll', human && playing && phase === 'roll', !zola);
  btn('double', human && cube && m.phase === 'playing' && m.canDouble(), cube);
  btn('take', answer, cube);
  btn('drop', answer, cube);
  btn('swap', human && pie && obj.legalMoves().includes('swap'), pie);
  btn('resign', person && !!live && !el._confirm, !!m);
  btn('next-game', person && !!m && m.phase === 'game-over', !!m);
  btn('restart', true, o.opponent !== 'remote' && allOver(obj));
  const confirm = el._q('.confirm');
  confirm.hidden = !(el._confirm && live && person);
  if (!confirm.hidden) {
    confirm.firstChild.textContent = t('confirmResign', { player: [side ?? actor], points: m.cube?.value ?? 1 });
  }

  // the winner
  const all = el._results();
  const winner = el._q('.winner');
  const over = m ? m.phase === 'game-over' || m.phase === 'match-over' : phase === 'over';
  const r = over
    ? all.at(-1)
    : on?.over && on.winner != null
      ? { winner: seatColour(el, on.winner), how: on.reason }
      : null;
  winner.hidden = !r;
  attr(winner, 'data-winner', r?.winner);
  if (r) {
    let text = tell(el._l, resultLine(el, r).text);
    if (m && allOver(m))
      text += `. ${t('winsMatch', { player: [m.winner], won: m.score[m.winner], lost: m.score[OTHER[m.winner]] })}`;
    winner.textContent = text;
    // said once, in the live region after what ended the game (a move, a drop, a resignation), alone when
    // the server ended it
    if (el._said !== text) b._say([over && el._noticeText(), text].filter(Boolean).join('. '));
    // the result also takes the turn line's place above the board, where a phone shows it without scrolling
    if (!line) {
      turn.textContent = text;
      attr(turn, 'data-player', r.winner);
    }
  }
  el._said = r && winner.textContent;

  // score and cube
  const score = el._q('.score');
  const badge = el._q('.badge');
  if (m) {
    score.textContent = `${t('match', { length: m.length, game: m.gameNumber })}: ${t('score', m.score)}`;
    const c = m.cube;
    el._q('.cube').textContent = !c
      ? t('noCube')
      : c.owner
        ? t('cubeOwned', { value: c.value, owner: [c.owner] })
        : t('cube', { value: c.value });
    badge.textContent = t('crawford');
    badge.hidden = !m.crawford;
  } else {
    score.textContent = t('lone');
    el._q('.cube').textContent = '';
    badge.hidden = true;
  }
  drawLog(el);
  drawClocks(el);
}

/** The catalogue's key of an action (a cube action, a resignation, a swap) as the log and the status line say it. */
export const DID = { double: 'didDouble', take: 'didTake', drop: 'didDrop', resign: 'didResign', swap: 'didSwap' };

/**
 * The lines of game `g` of a match (an entry of its `games`) or of the lone game: records with who made
 * them, cube actions, the half-played turn, the result: the engine's log (view().log for the current
 * game, the match's games[i].log for an earlier one).
 */
export function entries(el, g) {
  const obj = el._obj;
  const m = el._match();
  const now = !m || g.number === m.gameNumber;
  const lines = now ? viewOf(obj).log : g.log;
  const out = [];
  const later = [];
  const game = g?.number ?? 1;
  let k = 0;
  for (const l of lines) {
    if (l.kind === 'record')
      out.push({
        kind: 'record',
        player: l.player,
        n: ++k,
        text: l.text,
        at: [`${game} ${k} ${l.text}`, `${game} ${k} no-double`],
      });
    else if (l.kind !== 'result') {
      // cube actions come before a turn's dice (a review numbers them so); a resignation may come after them
      (l.kind === 'resign' ? later : out).push({
        kind: 'cube',
        player: l.player,
        text: [DID[l.kind], { player: [l.player] }],
        at: [`${game} ${k + 1} ${l.kind}`],
      });
    }
  }
  const state = now && obj.toJSON();
  const cur = m ? state.current : state;
  if (now && cur.game === 'jokerball' && cur.turn && phaseOf(obj) !== 'over') {
    const t = cur.turn;
    out.push({
      kind: 'partial',
      player: obj.turn,
      n: k + 1,
      text: `${t.dice.distance}/${t.dice.direction} ${t.man ? `${t.man} ` : ''}…`,
    });
  }
  out.push(...later);
  const r = m ? g.result : el._results()[0];
  if (r) out.push(resultLine(el, r));
  return out;
}

/** A result line; its text, as the other lines' but the records, is a message translated when drawn. */
export function resultLine(el, r) {
  const vars = { player: [r.winner], points: r.points, how: [`how_${r.how}`] };
  // an end on time or by abandonment ends a match too
  const by = r.how === 'time' || r.how === 'abandoned';
  return {
    kind: 'result',
    player: r.winner,
    text: [el._match() ? (by ? 'winsMatchBy' : 'winsPoints') : by ? 'winsBy' : 'wins', vars],
  };
}

/** The lines of the log: every game of a match (from the match's own lines), or the lone game's lines. */
export function logItems(el) {
  const m = el._match();
  return m
    ? m.games.flatMap((g) => [{ kind: 'head', text: ['gameNo', { game: g.number }] }, ...entries(el, g)])
    : entries(el);
}

// A review entry's place in the log: its game, the number of its record (of the record a cube decision
// comes before) and its record; a 'no-double', which has no line, is told on the line of the turn played.
const place = (e) => `${e.game} ${e.index} ${e.record}`;
const CUBE = new Set(['double', 'no-double', 'take', 'drop']);

/**
 * Whether review `r` (bot.review's) is of the game shown: each of its move entries is the record of that
 * number in that game of the log (lines played after the review have no entry, which is allowed).
 */
export function ofGame(el, r) {
  const have = logItems(el).flatMap((it) => it.at ?? []);
  return r.turns.every((e) => CUBE.has(e.record) || have.includes(place(e)));
}

const choice = (l, rec) => (CUBE.has(rec) ? tell(l, [rec === 'no-double' ? 'rv_noDouble' : rec]) : spoken(l, rec));

/**
 * A marked review entry as its line says it in language `l`: '?? played 41.0% · best 2/6 b4xc4, no ball move: 55.0%'.
 */
const marked = (l, e) =>
  `${e.mark} ${e.record === 'no-double' ? `${choice(l, e.record)}: ` : ''}${tell(l, ['rv_played', { win: percent(l, e.win, 1) }])} · ${tell(l, ['rv_best', { best: choice(l, e.best), win: percent(l, e.bestWin, 1) }])}`;

function span(li, cls, text) {
  const s = document.createElement('span');
  s.className = cls;
  s.textContent = text;
  li.append(s);
}

/** The log: every game's lines, with the review's word on each marked line (one tab stop each). */
export function drawLog(el) {
  const ol = el._q('.log');
  const items = logItems(el);
  const rv = {};
  for (const e of el._rv?.turns ?? []) if (e.mark) rv[place(e)] = [...(rv[place(e)] ?? []), marked(el._l, e)];
  for (const it of items) it.rv = it.at?.flatMap((a) => rv[a] ?? []);
  const key = JSON.stringify([el._l, items]);
  if (key === el._logKey) return;
  el._logKey = key;
  ol.textContent = '';
  for (const it of items) {
    const li = document.createElement('li');
    li.className = it.kind;
    if (it.player) li.dataset.player = it.player;
    if (it.kind === 'record') li.dataset.record = it.text;
    if (it.n) span(li, 'n', `${it.n}.`);
    const text = Array.isArray(it.text) ? tell(el._l, it.text) : spoken(el._l, it.text);
    li.append(text);
    // a marked line: the review's words on a line of their own, and the line a tab stop that says it all
    for (const note of it.rv ?? []) span(li, 'rv', note);
    if (it.rv?.length) {
      li.tabIndex = 0;
      li.setAttribute('aria-label', `${it.n ? `${it.n}. ` : ''}${text} ${it.rv.join(' ')}`);
    }
    ol.append(li);
  }
  ol.scrollTop = ol.scrollHeight;
}
