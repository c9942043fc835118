// SVG rendering of the two boards. Pure functions of plain data: no engine calls here.
// Jokerball (RULES 1.1-1.2): pointy-topped hex cells in rows, axial (q, r), r grows downwards,
// Red's goal is the bottom side, Blue's goal the top side. Zola (RULES 2.1): a square board, rank 1 at the bottom.

const SVG = 'http://www.w3.org/2000/svg';
const SQ3 = Math.sqrt(3);
const R = 10; // hex radius in SVG units

/** Board directions (RULES 1.1) as axial steps, with an arrow glyph for the dice. */
export const DIRS = {
  E: [1, 0, '→'],
  W: [-1, 0, '←'],
  NE: [1, -1, '↗'],
  NW: [0, -1, '↖'],
  SE: [0, 1, '↘'],
  SW: [-1, 1, '↙'],
};
const BALL_DIR = {
  red: [null, 'SW', 'W', 'NW', 'NE', 'E', 'SE'],
  blue: [null, 'NE', 'E', 'SE', 'SW', 'W', 'NW'],
};

/** The board direction the ball takes for `player` with direction die face `d` (RULES 1.6). */
export function ballDirection(player, d) {
  return BALL_DIR[player][d];
}

function el(name, attrs, parent) {
  const e = document.createElementNS(SVG, name);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (parent) parent.appendChild(e);
  return e;
}

/** Jokerball cell name of axial (q, r) on side n (RULES 1.2). */
export function hexName(n, q, r) {
  return String.fromCharCode(97 + (n - 1 - r)) + (q + n);
}

/** Axial coordinates of a Jokerball cell name, or null. */
export function hexCoords(n, name) {
  const m = /^([a-k])(\d+)$/.exec(name);
  if (!m) return null;
  return [Number(m[2]) - n, n - 1 - (m[1].charCodeAt(0) - 97)];
}

function onHex(n, q, r) {
  return Math.max(Math.abs(q), Math.abs(r), Math.abs(q + r)) <= n - 1;
}

function hexCentre(q, r) {
  return [SQ3 * R * (q + r / 2), 1.5 * R * r];
}

// corners of a hexagon: pointy-topped by default (cells), flat-topped with offset 0 (the board outline)
function hexPoints(cx, cy, rad, offset = -30) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 180) * (60 * i + offset);
    pts.push((cx + rad * Math.cos(a)).toFixed(2) + ',' + (cy + rad * Math.sin(a)).toFixed(2));
  }
  return pts.join(' ');
}

/**
 * Where the ball would go from `ball` along board direction `dir`, given the occupied cells:
 * { cells: [names passed], end: 'goal-red' | 'goal-blue' | 'wall' | 'blocked' }.
 */
export function ballPath(n, occupied, ball, dir) {
  const [dq, dr] = DIRS[dir];
  let [q, r] = hexCoords(n, ball);
  const cells = [];
  for (;;) {
    q += dq;
    r += dr;
    if (!onHex(n, q, r)) {
      if (r < -(n - 1)) return { cells, end: 'goal-blue' };
      if (r > n - 1) return { cells, end: 'goal-red' };
      return { cells, end: 'wall' };
    }
    const name = hexName(n, q, r);
    if (occupied.has(name)) return { cells, end: 'blocked' };
    cells.push(name);
  }
}

function piece(g, kind, cx, cy, s) {
  // Pieces differ by shape as well as colour: red = disc, blue = square, ball = white star-marked disc.
  if (kind === 'red') {
    el('circle', { cx, cy, r: s * 0.62, class: 'piece red', 'data-piece': 'red' }, g);
  } else if (kind === 'blue') {
    const h = s * 0.55;
    el(
      'rect',
      { x: cx - h, y: cy - h, width: 2 * h, height: 2 * h, rx: s * 0.12, class: 'piece blue', 'data-piece': 'blue' },
      g,
    );
  } else {
    const b = el('g', { class: 'piece ball', 'data-piece': 'ball' }, g);
    el('circle', { cx, cy, r: s * 0.6 }, b);
    const pts = [];
    for (let i = 0; i < 10; i++) {
      const a = (Math.PI / 5) * i - Math.PI / 2;
      const rr = i % 2 ? s * 0.2 : s * 0.45;
      pts.push((cx + rr * Math.cos(a)).toFixed(2) + ',' + (cy + rr * Math.sin(a)).toFixed(2));
    }
    el('polygon', { points: pts.join(' '), class: 'star' }, b);
  }
}

function cellLabel(name, who) {
  return who ? `${name}, ${who === 'ball' ? 'the ball' : who + ' piece'}` : `${name}, empty`;
}

/**
 * Draws a Jokerball board into `svg`.
 * view: { n, men: [{cell, player}], ball, targets: Map(name|'goal-red'|'goal-blue' -> kind),
 *         selected, arrow: { from, dir, steps } | null, last: [cells] }
 */
export function drawHex(svg, view) {
  const { n } = view;
  svg.textContent = '';
  const w = SQ3 * R * n + 4;
  const top = 1.5 * R * (n - 1) + R;
  svg.setAttribute('viewBox', `${-w} ${-top - 12} ${2 * w} ${2 * top + 24}`);
  const who = new Map();
  for (const m of view.men) who.set(m.cell, m.player);
  if (view.ball) who.set(view.ball, 'ball');

  // walls: the big hexagon's outline behind the cells
  el('polygon', { points: hexPoints(0, 0, ((1.5 * (n - 1) + 1) * R * 2) / SQ3 + 2, 0), class: 'wall' }, svg);

  // the goals: open top and bottom sides
  const gw = SQ3 * R * (n / 2) + R;
  for (const [goal, y, label] of [
    ['blue', -top - 11, "Blue's goal"],
    ['red', top + 1, "Red's goal"],
  ]) {
    const g = el('g', { class: `goal goal-${goal}`, 'data-goal': goal, 'aria-label': label, role: 'button' }, svg);
    el('rect', { x: -gw, y, width: 2 * gw, height: 10, rx: 3 }, g);
    const t = el('text', { x: 0, y: y + 6.8, 'text-anchor': 'middle' }, g);
    t.textContent = label;
    markTarget(g, view.targets.get('goal-' + goal), label);
  }

  const cells = el('g', { class: 'cells' }, svg);
  const centres = new Map();
  for (let r = -(n - 1); r <= n - 1; r++) {
    for (let q = -(n - 1); q <= n - 1; q++) {
      if (!onHex(n, q, r)) continue;
      const name = hexName(n, q, r);
      const [cx, cy] = hexCentre(q, r);
      centres.set(name, [cx, cy]);
      const g = el('g', { class: 'cell', 'data-cell': name, role: 'button', 'aria-label': cellLabel(name, who.get(name)) }, cells);
      el('polygon', { points: hexPoints(cx, cy, R - 0.4), class: 'hex' }, g);
      if (view.last && view.last.includes(name)) g.classList.add('last');
      if (view.selected === name) g.classList.add('selected');
      const p = who.get(name);
      if (p) piece(g, p, cx, cy, R);
      else {
        const t = el('text', { x: cx, y: cy + 2, class: 'coord', 'text-anchor': 'middle' }, g);
        t.textContent = name;
      }
      markTarget(g, view.targets.get(name), cellLabel(name, p));
    }
  }

  if (view.arrow) {
    // from the ball, `steps` cells along the direction (one more than the board reaches: into the goal)
    const a = view.arrow;
    const from = centres.get(a.from);
    const [vx, vy] = hexCentre(DIRS[a.dir][0], DIRS[a.dir][1]);
    if (from) {
      const to = [from[0] + a.steps * vx, from[1] + a.steps * vy];
      el('line', { x1: from[0], y1: from[1], x2: to[0], y2: to[1], class: 'arrow', 'marker-end': 'url(#arrowhead)' }, svg);
    }
  }
  defs(svg);
}

function defs(svg) {
  const d = el('defs', {}, svg);
  const m = el('marker', { id: 'arrowhead', markerWidth: 6, markerHeight: 6, refX: 4, refY: 3, orient: 'auto' }, d);
  el('path', { d: 'M0,0 L6,3 L0,6 z', class: 'arrowhead' }, m);
}

function markTarget(g, kind, label) {
  if (!kind) return;
  g.setAttribute('data-target', kind);
  g.setAttribute('tabindex', '0');
  g.classList.add('target', 'target-' + kind);
  g.setAttribute('aria-label', `${label}: ${kind === 'select' ? 'select' : 'move here'}`);
}

/** Zola square name of file x, rank y (both from 0). */
export function squareName(x, y) {
  return String.fromCharCode(97 + x) + (y + 1);
}

/**
 * Draws a Zola board into `svg`.
 * view: { n, checkers: [{cell, player}], targets: Map(name -> kind), selected, last: [cells] }
 */
export function drawSquare(svg, view) {
  const { n } = view;
  const S = 20;
  svg.textContent = '';
  svg.setAttribute('viewBox', `-12 -4 ${n * S + 16} ${n * S + 16}`);
  const who = new Map();
  for (const c of view.checkers) who.set(c.cell, c.player);
  const cells = el('g', { class: 'cells' }, svg);
  for (let y = n - 1; y >= 0; y--) {
    for (let x = 0; x < n; x++) {
      const name = squareName(x, y);
      const px = x * S;
      const py = (n - 1 - y) * S;
      const p = who.get(name);
      const g = el('g', { class: 'cell', 'data-cell': name, role: 'button', 'aria-label': cellLabel(name, p) }, cells);
      // the distance rings of Zola: shade by distance to the centre
      const D = (2 * x - (n - 1)) ** 2 + (2 * y - (n - 1)) ** 2;
      const shade = Math.round(92 - (D / (2 * (n - 1) ** 2)) * 22);
      el('rect', { x: px, y: py, width: S, height: S, class: 'sq', style: `fill:hsl(40 35% ${shade}%)` }, g);
      if (view.last && view.last.includes(name)) g.classList.add('last');
      if (view.selected === name) g.classList.add('selected');
      if (p) piece(g, p, px + S / 2, py + S / 2, S / 2);
      markTarget(g, view.targets.get(name), cellLabel(name, p));
    }
  }
  for (let i = 0; i < n; i++) {
    const f = el('text', { x: i * S + S / 2, y: n * S + 9, class: 'coord', 'text-anchor': 'middle' }, svg);
    f.textContent = String.fromCharCode(97 + i);
    const r = el('text', { x: -6, y: (n - 1 - i) * S + S / 2 + 2, class: 'coord', 'text-anchor': 'middle' }, svg);
    r.textContent = String(i + 1);
  }
}
