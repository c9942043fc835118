// The board's drawing in SVG: its style, the frame, cells, goal zones and dice built once per board
// (kind, size, orientation, coordinates), then each drawing's pieces, targets, marks, labels and the
// ball's direction.
import { say, attr } from './common.js';
import { layout, hexPoints, ring, destKey, hexStep, SQ3, R, S } from './layout.js';
import { guessBoard } from './infer.js';

const NS = 'http://www.w3.org/2000/svg';

export const BOARD_CSS = `
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
.shape { stroke: rgb(0 0 0 / 0.2); stroke-width: 0.5; }
[data-cell]:focus-visible .shape, [data-goal]:focus-visible rect { stroke: var(--steere-focus, #000); stroke-width: 1.8; }
.dot { fill: rgb(0 0 0 / 0.3); display: none; pointer-events: none; }
[data-target=move] .dot { display: inline; }
.p + .dot { fill: rgb(0 0 0 / 0.6); stroke: #fff; stroke-width: 0.8; }
.coord { fill: var(--steere-text, #2a2638); fill-opacity: 0.8; stroke: var(--steere-cell, #ede6d3); stroke-width: 1.1px; stroke-linejoin: round; paint-order: stroke; font: 4.6px system-ui, sans-serif; pointer-events: none; }
@media (max-width: 480px) { .coord { font-size: max(4.6px, var(--f)); } }
.p { stroke: rgb(0 0 0 / 0.55); stroke-width: 0.8; }
.p.red { fill: var(--steere-red, #c8323c); }
.p.blue { fill: var(--steere-blue, #2f5fb3); }
.ball circle { fill: var(--steere-ball, #fff); stroke: #111; stroke-width: 0.9; }
.ball polygon { fill: #111; stroke: none; }
[data-goal] { outline: none; }
[data-goal=red] { fill: color-mix(in srgb, var(--steere-red, #c8323c) 35%, var(--steere-cell, #ede6d3)); }
[data-goal=blue] { fill: color-mix(in srgb, var(--steere-blue, #2f5fb3) 35%, var(--steere-cell, #ede6d3)); }
[data-goal][data-target] { fill: var(--steere-target, #f5c430); cursor: pointer; }
.label { fill: var(--steere-text, #2a2638); font: 5px system-ui, sans-serif; pointer-events: none; }
.die rect { fill: var(--steere-distance, #6b3fa0); }
.die.way rect { fill: var(--steere-direction, #2e8b57); }
.die text { fill: #fff; font: 700 10px system-ui, sans-serif; }
.dice[data-empty] { opacity: 0.3; }
.dice[data-past] { opacity: 0.75; }
.arrow, .way-arrow { fill: var(--steere-direction, #2e8b57); pointer-events: none; }
.arrow { opacity: 0.9; stroke: #fff; stroke-width: 0.6; }
.anim { pointer-events: none; }
.msg { margin: 0.3rem 0; color: #a3141b; font: 0.9rem system-ui, sans-serif; }
.sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
`;

/** A new SVG element `name` with `attrs`, appended to `parent` when given. */
export function svg(name, attrs, parent) {
  const e = document.createElementNS(NS, name);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  parent?.append(e);
  return e;
}

/**
 * A piece drawn at (x, y): a disc for Red, a rounded square for Blue, a starred disc for the ball. `marks`:
 * its attributes besides its shape; a piece of the board is the part `piece` and says what it is.
 */
export function drawPiece(kind, x, y, parent, marks = { part: 'piece', 'data-piece': kind }) {
  if (kind === 'red') return svg('circle', { cx: x, cy: y, r: 6.2, class: 'p red', ...marks }, parent);
  if (kind === 'blue')
    return svg('rect', { x: x - 5.5, y: y - 5.5, width: 11, height: 11, rx: 1.6, class: 'p blue', ...marks }, parent);
  const g = svg('g', { class: 'p ball', ...marks }, parent);
  svg('circle', { cx: x, cy: y, r: 6 }, g);
  // a five-pointed star, a point up
  svg('polygon', { points: ring(x, y, 10, [4.3, 1.8], -Math.PI / 2) }, g);
  return g;
}

/** Builds board `b`'s SVG afresh: frame, goal zones, cells (with coordinates), arrows and dice. */
function build(b, kind, size, flip, coords) {
  const L = layout(kind, size, flip);
  const s = b._svg;
  s.textContent = '';
  s.setAttribute('viewBox', `${-L.w} ${-L.h} ${2 * L.w} ${2 * L.h}`);
  if (kind === 'jokerball') {
    const a = 1.5 * R * (size - 1) + R + 1.5;
    svg('polygon', { points: hexPoints(0, 0, (2 * a) / SQ3, 0), class: 'frame' }, s);
  } else {
    svg('rect', { x: -L.w, y: -L.h, width: 2 * L.w, height: 2 * L.h, rx: 2, class: 'frame' }, s);
  }
  b._goals = new Map();
  for (const g of L.goals) {
    const el = svg('g', { 'data-goal': g.player, part: 'goal', role: 'button', tabindex: '-1' }, s);
    svg('rect', { x: g.x, y: g.y, width: g.w, height: g.h, rx: 2.5 }, el);
    const t = svg('text', { x: g.cx, y: g.cy + 1.8, 'text-anchor': 'middle', class: 'label' }, el);
    b._goals.set(`goal:${g.player}`, { el, g, t });
  }
  b._cells = new Map();
  const layer = svg('g', {}, s);
  // the cells' names, drawn over pieces, dots and arrows (kept clear of them by a halo of the cell's colour);
  // at a phone's width (BOARD_CSS's media query) in --f, about 12 px on a board 380 px wide whatever its size
  const names = svg('g', { style: `--f:${L.w * 0.068}px` });
  for (const c of L.cells) {
    const el = svg('g', { 'data-cell': c.name, part: 'cell', role: 'button', tabindex: '-1' }, layer);
    if (c.alt) el.classList.add('alt');
    if (kind === 'jokerball')
      svg('polygon', { points: hexPoints(c.x, c.y, R - 0.35, Math.PI / 6), class: 'shape' }, el);
    else svg('rect', { x: c.x - S / 2, y: c.y - S / 2, width: S, height: S, class: 'shape' }, el);
    svg('circle', { cx: c.x, cy: c.y, r: 2.2, class: 'dot' }, el);
    if (coords) {
      const at =
        kind === 'jokerball'
          ? { x: c.x, y: c.y + 7.7, 'text-anchor': 'middle' }
          : { x: c.x - S / 2 + 1.2, y: c.y - S / 2 + 1, 'dominant-baseline': 'hanging' };
      svg('text', { ...at, class: 'coord' }, names).textContent = c.name;
    }
    b._cells.set(c.name, { el, c, piece: null, pieceEl: null });
  }
  // the ball's arrow, one cell long, drawn pointing right and turned the ball's way from the ball's centre
  b._arrow = svg(
    'polygon',
    { class: 'arrow', points: '6.5,-1.2 11,-1.2 11,-3.2 15.5,0 11,3.2 11,1.2 6.5,1.2', hidden: '' },
    s,
  );
  b._animLayer = svg('g', { class: 'anim' }, s);
  s.append(names);
  b._dice = null;
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
    b._dice = { g: d, dist, way, arrow, ax: L.w - 9, ay: y + 24 };
  }
  b._layout = L;
}

/**
 * Draws the view `v` of board `b` (null: the board without pieces): pieces, what can be clicked now,
 * the last move, the hint, every label, the dice.
 */
export function draw(b, v) {
  const cat = b._cat;
  const flip = b.orientation === 'blue';
  const coords = b.coordinates === 'inside';
  // every attribute is read here, so that a bad value is reported when it is set
  void b.animation;
  void b._players();
  let kind = v?.kind;
  let size = v?.size;
  if (!v) {
    // no object (or a bad one): the board without pieces, of the size the position string suggests
    if (b._built && !b.getAttribute('position')) [kind, size] = b._built.split(':');
    else [kind, size] = guessBoard(b.getAttribute('position'));
    size = Number(size);
  }
  const key = `${kind}:${size}:${flip}:${coords}`;
  if (key !== b._built) {
    build(b, kind, size, flip, coords);
    b._built = key;
  }
  b._svg.setAttribute('aria-label', say(cat, v ? kind : 'noPieces'));
  attr(b, 'data-game', kind);
  attr(b, 'data-turn', v?.turn);
  attr(b, 'data-phase', v?.phase);

  const pieces = new Map();
  if (v) {
    for (const p of v.board.men ?? v.board.checkers) pieces.set(p.cell, p.player);
    if (v.board.ball) pieces.set(v.board.ball, 'ball');
  }
  b._pieces = pieces;

  // what can be clicked now: pieces with moves, and the selected piece's (or the ball's) destinations
  // (in the ball phase the ball is the piece selected, its moves leaving from its cell)
  const targets = new Map();
  const moves = v?.moves ?? [];
  const ball = moves.length && v.phase === 'ball';
  if (!ball && !moves.some((m) => m.from === b._selected)) b._selected = null;
  const selected = ball ? v.board.ball : b._selected;
  if (!ball) for (const m of moves) targets.set(m.from, 'select');
  for (const m of moves) if (m.from === selected) targets.set(destKey(m), 'move');
  b._targets = targets;
  const last = lastCells(b, v);
  const [cells, at] = b._hint ?? [];
  const hint = at === v?.position ? cells : null;

  for (const [name, cell] of b._cells) {
    const { el } = cell;
    const p = pieces.get(name) ?? null;
    if (cell.piece !== p) {
      cell.pieceEl?.remove();
      cell.pieceEl = p ? drawPiece(p, cell.c.x, cell.c.y, null) : null;
      // under the target dot: a piece that may be captured is marked as a place to go, not one to pick
      if (cell.pieceEl) el.insertBefore(cell.pieceEl, el.querySelector('.dot'));
      cell.piece = p;
    }
    const tg = targets.get(name);
    const sel = selected === name;
    const was = last.has(name);
    attr(el, 'data-target', tg);
    attr(el, 'data-selected', sel);
    attr(el, 'data-last', was);
    attr(el, 'data-hint', !!hint?.has(name));
    // its marks, each a part of the same name and said by the catalogue's word of that key
    const marks = [tg && 'target', sel && 'selected', was && 'last'].filter(Boolean);
    el.setAttribute('part', ['cell', ...marks].join(' '));
    const what = !p || p === 'ball' ? p || 'empty' : `${kind === 'jokerball' ? 'man' : 'checker'}_${p}`;
    el.setAttribute('aria-label', [say(cat, what, { cell: name }), ...marks.map((k) => say(cat, k))].join(', '));
  }
  for (const [k, { el, g, t }] of b._goals) {
    const tg = targets.get(k);
    attr(el, 'data-target', tg);
    el.setAttribute('part', tg ? 'goal target' : 'goal');
    const label = say(cat, `goal_${g.player}`);
    t.textContent = label;
    el.setAttribute('aria-label', tg ? `${label}, ${say(cat, 'target')}` : label);
  }

  drawDice(b, v);
}

/**
 * The dice and the ball's direction for them (Jokerball), as the engine gives it (view().ball): drawn
 * beside the green die and from the ball also when the ball cannot move that way.
 */
function drawDice(b, v) {
  const d = b._dice;
  b._arrow.setAttribute('hidden', '');
  if (!d) return;
  const cat = b._cat;
  const dice = v?.dice;
  const line = dice && v.ball;
  attr(d.g, 'data-empty', !dice);
  attr(d.g, 'data-past', !!v?.last);
  d.dist.textContent = dice?.distance ?? '';
  d.way.textContent = dice?.direction ?? '';
  attr(d.arrow, 'hidden', !line);
  const vars = { distance: dice?.distance, direction: dice?.direction };
  if (line) {
    const [dx, dy] = hexStep(line.direction, b.orientation === 'blue');
    const deg = (Math.atan2(dy, dx) * 180) / Math.PI;
    vars.way = say(cat, `way${(Math.round(deg / 60) + 6) % 6}`);
    const turn = `rotate(${deg.toFixed(1)})`;
    d.arrow.setAttribute('transform', `translate(${d.ax} ${d.ay}) ${turn}`);
    // the arrow from the ball along its line (for the dice of the turn being played)
    const ball = !v.last && b._layout.at.get(v.board.ball);
    attr(b._arrow, 'data-blocked', line.blocked);
    if (ball) {
      b._arrow.setAttribute('transform', `translate(${ball.x} ${ball.y}) ${turn}`);
      b._arrow.removeAttribute('hidden');
    }
  }
  d.g.setAttribute('aria-label', say(cat, !dice ? 'noDice' : line ? 'diceWay' : 'dice', vars));
}

/** The cells of the last turn's moves: those board `b` played, else those the engine names (view().lastMove). */
function lastCells(b, v) {
  if (!v) return new Set();
  return new Set(b._last?.position === v.position ? b._last.cells : v.view.lastMove?.cells);
}
