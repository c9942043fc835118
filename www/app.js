// The demo page: plays Jokerball and Zola matches through the public API of the steere-games package.
import init, * as api from '../pkg/steere_games.js';
import { drawHex, drawSquare, ballDirection, ballPath, DIRS } from './board.js';

const { Match, Zola } = api;
const STORE = 'steere-games:demo:v1';
const OTHER = { red: 'blue', blue: 'red' };
const NAME = { red: 'Red', blue: 'Blue' };
const HOW = { goal: 'the ball went out', 'captured-all': 'every enemy captured', drop: 'double dropped', resign: 'resignation' };
// The computer's side when playing against it.
const BOT_SIDE = 'blue';

const $ = (sel) => document.querySelector(sel);
const opt = (name) => document.querySelector(`[data-option="${name}"]`);

// ---- settings ------------------------------------------------------------------------------
const DEFAULTS = {
  game: 'jokerball',
  rules: '2025',
  size: '6',
  rows: '2',
  'zola-size': '6',
  pie: false,
  length: '1',
  cube: false,
  opponent: 'bot', // a newcomer plays the computer; 'human' when the package has no Bot (see main)
  level: 'medium',
};

/** Settings from URL parameters (?game=zola&size=4&rules=classic&rows=3&opponent=bot ...). */
function settingsFromUrl(params) {
  const s = { ...DEFAULTS };
  const game = params.get('game');
  if (game === 'zola' || game === 'jokerball') s.game = game;
  const size = params.get('size');
  if (size) {
    if (s.game === 'zola') s['zola-size'] = size;
    else s.size = size;
  }
  for (const k of ['rules', 'rows', 'length', 'opponent', 'level']) if (params.get(k)) s[k] = params.get(k);
  if (params.get('zola-size')) s['zola-size'] = params.get('zola-size');
  for (const k of ['cube', 'pie']) if (params.has(k)) s[k] = params.get(k) !== 'off' && params.get(k) !== '0';
  return s;
}

function readPanel() {
  const s = {};
  for (const k of Object.keys(DEFAULTS)) {
    const e = opt(k);
    s[k] = e.type === 'checkbox' ? e.checked : e.value;
  }
  return s;
}

function writePanel(s) {
  for (const k of Object.keys(DEFAULTS)) {
    const e = opt(k);
    if (e.type === 'checkbox') e.checked = !!s[k];
    else if ([...(e.options || [])].some((o) => o.value === String(s[k]))) e.value = String(s[k]);
  }
  panelEnablement();
}

function panelEnablement() {
  const s = readPanel();
  const jb = s.game === 'jokerball';
  opt('rules').disabled = !jb;
  opt('size').disabled = !jb;
  opt('rows').disabled = !jb;
  opt('zola-size').disabled = jb;
  opt('pie').disabled = jb;
  // The pie rule is not available in a match (RULES 3.6): a Zola game with pie is a single game.
  const single = !jb && s.pie;
  opt('length').disabled = single;
  opt('cube').disabled = single;
  opt('level').disabled = s.opponent !== 'bot';
  // rows 1..size-1
  const n = Number(s.size);
  for (const o of opt('rows').options) o.disabled = Number(o.value) > n - 1;
  if (Number(opt('rows').value) > n - 1) opt('rows').value = String(n - 1);
}

// ---- session -------------------------------------------------------------------------------
// `S.match` is a Match, or `S.single` a Zola game with the pie rule. Everything else is view state.
const S = {
  match: null,
  single: null,
  settings: null,
  seed: null,
  serial: 0,
  query: '',
  selected: null,
  partial: null, // the man move played in the current, half-played Jokerball turn
  notice: '',
};

function seedFor() {
  if (S.seed === null) return undefined;
  const s = S.serial === 0 ? S.seed : `${S.seed}/${S.serial}`;
  return /^\d+$/.test(s) && Number(s) < 2 ** 32 ? Number(s) : s;
}

function newSession(settings) {
  const s = settings;
  const seed = seedFor();
  S.settings = s;
  S.selected = null;
  S.partial = null;
  S.notice = '';
  if (s.game === 'zola' && s.pie) {
    S.match = null;
    S.single = new Zola({ size: Number(s['zola-size']), pie: true });
  } else {
    const o = { game: s.game, length: Number(s.length), cube: !!s.cube };
    if (seed !== undefined) o.seed = seed;
    if (s.game === 'jokerball') o.jokerball = { rules: s.rules, size: Number(s.size), rows: Number(s.rows) };
    else o.zola = { size: Number(s['zola-size']) };
    S.match = new Match(o);
    S.single = null;
  }
  S.serial++;
}

const driver = () => S.match || S.single;
const game = () => (S.match ? S.match.game : S.single);

function save() {
  try {
    localStorage.setItem(
      STORE,
      JSON.stringify({
        query: S.query,
        settings: S.settings,
        serial: S.serial,
        partial: S.partial,
        kind: S.match ? 'match' : 'zola',
        state: driver().toJSON(),
      }),
    );
  } catch {
    // storage full or disabled: the page still plays, it just does not survive a reload
  }
}

function restore() {
  let saved;
  try {
    saved = JSON.parse(localStorage.getItem(STORE) || 'null');
  } catch {
    return false;
  }
  if (!saved || saved.query !== S.query || !saved.settings) return false;
  try {
    if (saved.kind === 'match') {
      S.match = Match.fromJSON(saved.state);
      S.single = null;
    } else {
      S.single = Zola.fromJSON(saved.state);
      S.match = null;
    }
  } catch {
    return false;
  }
  S.settings = { ...DEFAULTS, ...saved.settings };
  S.serial = saved.serial || 1;
  S.partial = saved.partial || null;
  return true;
}

// ---- who acts -------------------------------------------------------------------------------
function gameOver() {
  if (S.match) return S.match.phase === 'game-over' || S.match.phase === 'match-over';
  return S.single.phase === 'over';
}

/** The player who must act now (the answerer during a pending double), or null. */
function actor() {
  if (gameOver()) return null;
  if (S.match && S.match.phase === 'double') return OTHER[S.match.pendingDouble];
  return driver().turn;
}

const botPlays = () => S.settings.opponent === 'bot' && api.Bot !== undefined;
const humanActs = () => {
  const a = actor();
  return a !== null && !(botPlays() && a === BOT_SIDE);
};

// ---- actions --------------------------------------------------------------------------------
function guard(fn) {
  try {
    fn();
  } catch (e) {
    // every failure of the package is a SteereError with a code; show it, the state is unchanged
    S.notice = e && e.code ? `Refused (${e.code}): ${e.message}` : String(e);
  }
  S.selected = null;
  save();
  render();
}

function describeSkips(before, after, who) {
  const notes = [];
  if (S.settings.game === 'zola') {
    const added = after.history.slice(before.history.length);
    for (let i = 0; i < added.length; i++) if (added[i] === '-') notes.push('a side had no legal move and passed');
    return notes;
  }
  const g = after.game;
  if (before.phase === 'roll' && g.phase === 'ball' && g.turn === who) notes.push(`${NAME[who]} has no man move: skipped`);
  if (before.phase === 'roll' && g.turn !== who) notes.push(`${NAME[who]} has no man move and no ball move: turn passes`);
  if (before.phase === 'man' && g.phase !== 'ball' && g.phase !== 'over')
    notes.push(`${NAME[who]} has no ball move: skipped`);
  return notes;
}

function snapshot() {
  const g = game();
  return { phase: g.phase, history: driver().history(), game: g };
}

// Runs one action; after a roll or a move (`skips`), announces the phases the engine skipped.
function act(fn, label, skips = false) {
  const who = actor();
  const before = snapshot();
  guard(() => {
    const said = fn();
    if (typeof said === 'string') label = said;
    const after = snapshot();
    const notes = skips ? describeSkips(before, after, who) : [];
    S.notice = [label, ...notes].filter(Boolean).join('. ');
    if (after.history.length !== before.history.length || after.phase === 'roll') S.partial = null;
  });
}

function doRoll() {
  const who = actor();
  act(() => {
    const d = driver().roll();
    return `${NAME[who]} rolled ${d.distance}/${d.direction}`;
  }, '', true);
}

function doPlay(move) {
  const who = actor();
  act(() => {
    const v = driver().play(move);
    if (v.kind === 'man') S.partial = v.notation;
  }, `${NAME[who]} played ${move}`, true);
}

// ---- rendering ------------------------------------------------------------------------------
function targetsOf(g, moves) {
  const t = new Map();
  const offGoal = (m) => {
    if (m.kind === 'man') return 'goal-' + OTHER[g.turn];
    const dir = ballDirection(g.turn, g.dice.direction);
    return DIRS[dir][1] < 0 ? 'goal-blue' : 'goal-red';
  };
  const key = (m) => (m.to === 'off' ? offGoal(m) : m.to);
  const pieceMoves = moves.filter((m) => m.kind === 'man' || m.kind === 'move');
  if (pieceMoves.length) {
    if (S.selected && pieceMoves.some((m) => m.from === S.selected)) {
      for (const m of pieceMoves) if (m.from === S.selected) t.set(key(m), 'move');
      for (const m of pieceMoves) if (!t.has(m.from)) t.set(m.from, 'select');
    } else {
      for (const m of pieceMoves) t.set(m.from, 'select');
    }
  }
  for (const m of moves) if (m.kind === 'ball') t.set(key(m), 'move');
  return t;
}

function moveFor(target) {
  const g = game();
  const moves = driver().legalMovesVerbose();
  const t = targetsOf(g, moves);
  const kind = t.get(target);
  if (!kind) return null;
  if (kind === 'select') return { select: target };
  return (
    moves.find((m) => {
      if (m.kind === 'swap') return false;
      if ((m.kind === 'man' || m.kind === 'move') && m.from !== S.selected) return false;
      if (m.to === 'off') return target.startsWith('goal-');
      return m.to === target;
    }) || null
  );
}

function onTarget(target) {
  if (!humanActs()) return;
  const m = moveFor(target);
  if (!m) {
    if (S.selected) {
      S.selected = null;
      render();
    }
    return;
  }
  if (m.select) {
    S.selected = S.selected === m.select ? null : m.select;
    render();
    return;
  }
  doPlay(m.notation);
}

function dieFace(kind, value, player) {
  const d = $(`[data-die="${kind}"]`);
  if (value === null) {
    d.textContent = '–';
    d.setAttribute('aria-label', `${kind} die: not rolled`);
    return;
  }
  if (kind === 'distance') {
    d.textContent = String(value);
    d.setAttribute('aria-label', `distance die: ${value}`);
  } else {
    const dir = ballDirection(player, value);
    d.innerHTML = `${value}<span class="glyph">${DIRS[dir][2]}</span>`;
    d.setAttribute('aria-label', `direction die: ${value}, the ball goes ${dir}`);
  }
}

function render() {
  const g = game();
  const m = S.match;
  const jb = S.settings.game === 'jokerball';
  const board = $('#board');
  const human = humanActs();
  const moves = human ? driver().legalMovesVerbose() : [];
  const targets = human ? targetsOf(g, moves) : new Map();
  const over = gameOver();
  board.dataset.turn = g.turn;
  board.dataset.phase = over ? 'over' : g.phase;
  board.dataset.game = S.settings.game;
  if (m) board.dataset.matchPhase = m.phase;
  else delete board.dataset.matchPhase;
  const svg = $('#board svg');
  let pieces;
  if (jb) {
    const b = g.board();
    pieces = b.men;
    let arrow = null;
    if (g.dice && b.ball && !over) {
      // where the ball would go now along the direction die's line (after a man move it may change)
      const occupied = new Set(b.men.map((x) => x.cell));
      const dir = ballDirection(g.turn, g.dice.direction);
      const path = ballPath(Number(S.settings.size), occupied, b.ball, dir);
      const steps = path.cells.length + (path.end.startsWith('goal') ? 1 : 0);
      if (steps) arrow = { from: b.ball, dir, steps };
    }
    drawHex(svg, { n: Number(S.settings.size), men: b.men, ball: b.ball, targets, selected: S.selected, arrow });
    dieFace('distance', g.dice ? g.dice.distance : null, g.turn);
    dieFace('direction', g.dice ? g.dice.direction : null, g.turn);
    $('#dice').hidden = false;
  } else {
    const b = g.board();
    pieces = b.checkers;
    drawSquare(svg, { n: Number(S.settings['zola-size']), checkers: b.checkers, targets, selected: S.selected });
    $('#dice').hidden = true;
  }
  const count = { red: 0, blue: 0 };
  for (const p of pieces) count[p.player]++;
  $('#men-red').textContent = String(count.red);
  $('#men-blue').textContent = String(count.blue);

  // turn line and winner
  const w = $('#winner');
  const gw = over ? (m ? m.results[m.results.length - 1].winner : S.single.winner) : null;
  if (gw) {
    w.hidden = false;
    w.dataset.winner = gw;
    const how = m ? m.results[m.results.length - 1].how : 'captured-all';
    const pts = m ? m.results[m.results.length - 1].points : 1;
    w.textContent = `${NAME[gw]} wins the game (${HOW[how] || how}, ${pts} point${pts === 1 ? '' : 's'})${
      m && m.phase === 'match-over' ? ` and the match ${m.score.red}–${m.score.blue}` : ''
    }`;
  } else {
    w.hidden = true;
    delete w.dataset.winner;
  }
  const a = actor();
  const turn = $('#turn');
  turn.dataset.player = g.turn;
  if (over) turn.textContent = 'Game over';
  else if (m && m.phase === 'double') turn.textContent = `${NAME[m.pendingDouble]} doubles: ${NAME[a]} to take or drop`;
  else {
    const what = jb ? { roll: 'to roll', man: 'to move a man', ball: 'to move the ball' }[g.phase] : 'to move';
    turn.textContent = `${NAME[a]} ${what}${botPlays() && a === BOT_SIDE ? ' (computer thinking…)' : ''}`;
  }
  $('#status').textContent = S.notice;

  // move log
  const log = $('#log');
  log.textContent = '';
  const hist = driver().history();
  for (const h of hist) {
    const li = document.createElement('li');
    li.textContent = h;
    log.appendChild(li);
  }
  if (jb && g.dice && !over) {
    const li = document.createElement('li');
    li.className = 'partial';
    li.textContent = `${g.dice.distance}/${g.dice.direction} ${S.partial || (g.phase === 'ball' ? '-' : '…')}${
      g.phase === 'ball' ? ' …' : ''
    }`;
    log.appendChild(li);
  }
  log.scrollTop = log.scrollHeight;

  // match panel
  const btn = (name, on) => {
    $(`[data-action="${name}"]`).disabled = !on;
  };
  const humanTurn = human && a === driver().turn;
  btn('roll', humanTurn && jb && !over && g.phase === 'roll' && (!m || m.phase === 'playing'));
  btn('double', humanTurn && !!m && m.phase === 'playing' && m.canDouble());
  btn('take', human && !!m && m.phase === 'double');
  btn('drop', human && !!m && m.phase === 'double');
  btn('resign', human && !!m && (m.phase === 'playing' || m.phase === 'double'));
  btn('swap', humanTurn && moves.some((x) => x.kind === 'swap'));
  btn('next-game', !!m && m.phase === 'game-over');
  // buttons that cannot apply to this kind of game are hidden (and disabled)
  $('[data-action="swap"]').hidden = !S.single;
  $('[data-action="roll"]').hidden = !jb;
  for (const x of ['double', 'take', 'drop']) $(`[data-action="${x}"]`).hidden = !(m && m.cube);
  $('[data-action="next-game"]').hidden = !m;
  $('[data-action="resign"]').hidden = !m;
  $('[data-action="resign"]').textContent = a ? `Resign (${NAME[a]})` : 'Resign';
  if (m) {
    $('#score').textContent = `Game ${m.gameNumber} · match to ${m.length}: Red ${m.score.red} – Blue ${m.score.blue}`;
    const c = m.cube;
    $('#cube').textContent = c ? `Cube ${c.value}, ${c.owner ? `owned by ${NAME[c.owner]}` : 'centred'}` : 'No cube';
    $('#cube').dataset.value = c ? String(c.value) : '';
    $('#crawford').hidden = !m.crawford;
    $('#results').textContent = m.results
      .map((r, i) => `${i + 1}. ${NAME[r.winner]} +${r.points} (${HOW[r.how] || r.how})`)
      .join(' · ');
  } else {
    $('#results').textContent = '';
    $('#score').textContent = 'Single game with the pie rule (no match)';
    $('#cube').textContent = 'No cube';
    $('#crawford').hidden = true;
  }
  restoreFocus();
  scheduleBot();
}

let keyboardFocus = false;
function restoreFocus() {
  if (!keyboardFocus) return;
  // keyboard play: after each step, focus the first destination (or the first selectable piece)
  const t = document.querySelector('#board [data-target=move]') || document.querySelector('#board [data-target]');
  if (t) t.focus();
}

// ---- the computer opponent ------------------------------------------------------------------
let worker = null;
let botBusy = false;
let reqId = 0;
const pending = new Map();

function makeWorker() {
  const off = globalThis.STEERE_OFFLINE;
  let w;
  if (off) {
    // file://: module workers and fetches fail; a classic worker from a blob, with the wasm posted to it
    const url = URL.createObjectURL(new Blob([off.worker], { type: 'text/javascript' }));
    w = new Worker(url);
    w.postMessage({ type: 'init', wasm: off.wasm });
  } else {
    w = new Worker(new URL('./bot-worker.js', import.meta.url), { type: 'module' });
    w.postMessage({ type: 'init' });
  }
  w.onmessage = (e) => {
    const p = pending.get(e.data.id);
    if (!p) return;
    pending.delete(e.data.id);
    if (e.data.error) p.reject(e.data.error);
    else p.resolve(e.data.result);
  };
  w.onerror = (e) => {
    for (const p of pending.values()) p.reject({ code: 'worker', message: e.message });
    pending.clear();
  };
  return w;
}

function ask(kind) {
  if (!worker) worker = makeWorker();
  const id = ++reqId;
  const state = driver().toJSON();
  const s = S.settings;
  const seed = seedFor();
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    worker.postMessage({ type: kind, id, state, kind: S.match ? 'match' : 'zola', level: s.level, seed });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
let cubeAskedAt = null;

function scheduleBot() {
  if (!botPlays() || botBusy || actor() !== BOT_SIDE) return;
  botBusy = true;
  botStep()
    .catch((e) => {
      S.notice = `The computer failed: ${e && e.message ? e.message : String(e)}`;
    })
    .finally(() => {
      botBusy = false;
      render();
    });
}

async function botStep() {
  const delay = Number(new URLSearchParams(location.search).get('botdelay') ?? 350);
  const m = S.match;
  const stamp = () => `${S.serial}:${m ? m.gameNumber : 0}:${driver().history().length}:${game().phase}:${m ? m.phase : ''}`;
  const start = stamp();
  // an answer that arrives after the position changed (a new game, a resignation) is dropped
  const still = () => S.match === m && stamp() === start;
  await sleep(delay);
  if (!still()) return;
  if (m && m.phase === 'double') {
    const a = await ask('cube');
    if (still()) act(() => void (a === 'take' ? m.take() : m.drop()), `${NAME[BOT_SIDE]} (computer) ${a === 'take' ? 'takes' : 'drops'}`);
    return;
  }
  const g = game();
  const startOfTurn = S.settings.game === 'jokerball' ? g.phase === 'roll' : true;
  if (m && startOfTurn && m.canDouble() && cubeAskedAt !== start) {
    cubeAskedAt = start;
    const a = await ask('cube');
    if (!still()) return;
    if (a === 'double') {
      act(() => m.double(), `${NAME[BOT_SIDE]} (computer) doubles`);
      return;
    }
  }
  if (S.settings.game === 'jokerball' && g.phase === 'roll') {
    doRoll();
    return;
  }
  const mv = await ask('move');
  if (still()) doPlay(mv);
}

// ---- wiring ---------------------------------------------------------------------------------
function bind() {
  const board = $('#board');
  board.addEventListener('click', (e) => {
    keyboardFocus = false;
    const t = e.target.closest('[data-cell],[data-goal]');
    if (!t) {
      if (S.selected) {
        S.selected = null;
        render();
      }
      return;
    }
    onTarget(t.dataset.cell || 'goal-' + t.dataset.goal);
  });
  board.addEventListener('keydown', (e) => {
    const t = e.target.closest && e.target.closest('[data-cell],[data-goal]');
    if (t && (e.key === 'Enter' || e.key === ' ')) {
      e.preventDefault();
      keyboardFocus = true;
      onTarget(t.dataset.cell || 'goal-' + t.dataset.goal);
    }
  });
  document.addEventListener('keydown', (e) => {
    if (e.target.closest && e.target.closest('select,input,button')) return;
    if (e.key === 'Escape' && S.selected) {
      S.selected = null;
      render();
    } else if (e.key === 'r' && !$('[data-action="roll"]').disabled) {
      keyboardFocus = true;
      doRoll();
    }
  });
  const on = (name, fn) => $(`[data-action="${name}"]`).addEventListener('click', fn);
  on('roll', doRoll);
  on('double', () => act(() => S.match.double(), `${NAME[actor()]} doubles`));
  on('take', () => act(() => S.match.take(), `${NAME[actor()]} takes`));
  on('drop', () => act(() => S.match.drop(), `${NAME[actor()]} drops`));
  on('resign', () => {
    const who = actor();
    act(() => S.match.resign(who), `${NAME[who]} resigns`);
  });
  on('swap', () => doPlay('swap'));
  on('next-game', () => act(() => S.match.nextGame(), 'Next game'));
  on('new-game', () => {
    const s = readPanel();
    guard(() => newSession(s));
  });
  for (const k of Object.keys(DEFAULTS)) opt(k).addEventListener('change', panelEnablement);
  // the opponent and its level apply at once, also in the middle of a game
  for (const k of ['opponent', 'level']) {
    opt(k).addEventListener('change', () => {
      S.settings = { ...S.settings, [k]: opt(k).value };
      save();
      render();
    });
  }
}

async function main() {
  const off = globalThis.STEERE_OFFLINE;
  await init(off ? { module_or_path: off.wasm } : undefined);
  if (api.Bot === undefined) {
    // this build of the package has no computer opponent: offer none
    DEFAULTS.opponent = 'human';
    opt('opponent').value = 'human';
    opt('opponent').closest('label').hidden = true;
    opt('level').closest('label').hidden = true;
  }
  for (let i = 1; i <= 21; i++) opt('length').add(new Option(i === 1 ? '1 (single game)' : String(i), String(i)));
  const params = new URLSearchParams(location.search);
  S.query = location.search;
  const seed = params.get('seed');
  S.seed = seed === null ? null : seed;
  bind();
  if (!restore()) newSession(settingsFromUrl(params));
  writePanel(S.settings);
  render();
  document.body.dataset.ready = 'true';
  if (!off && 'serviceWorker' in navigator && location.protocol.startsWith('http')) {
    navigator.serviceWorker.register('./sw.js').catch(() => {});
  }
}

main().catch((e) => {
  const s = document.querySelector('#status');
  if (s) s.textContent = `The game engine failed to load: ${e && e.message ? e.message : e}`;
  throw e;
});
