// Where everything is drawn: the board's cells, goal zones and view box in SVG units, from the engine's
// geometry (Jokerball's hexagons by axial coordinates, Zola's squares by column and row).
import { Jokerball, Zola } from './engine.js';

export const SQ3 = Math.sqrt(3);
export const R = 10; // a hexagon's radius, in SVG units
export const S = 20; // a square's side

const layouts = new Map();

/** The centre of the hexagon at axial coordinates (q, r), in SVG units; f is -1 on a board turned round. */
const axial = (q, r, f) => [f * SQ3 * R * (q + r / 2), f * 1.5 * R * r];

/** Cell centres, goal zones and the view box of a board, in the order the cells are read. */
export function layout(kind, size, flip) {
  const key = `${kind}${size}${flip}`;
  if (layouts.has(key)) return layouts.get(key);
  const f = flip ? -1 : 1;
  const jb = kind === 'jokerball';
  const geo = (jb ? Jokerball : Zola).geometry(size);
  const mid = (size - 1) / 2;
  const cells = geo.cells.map((c) => {
    if (!jb) return { name: c.name, x: f * (c.x - mid) * S, y: -f * (c.y - mid) * S, alt: (c.x + c.y) % 2 === 0 };
    const [x, y] = axial(c.q, c.r, f);
    return { name: c.name, x, y, alt: (((c.q - c.r) % 3) + 3) % 3 === 0 };
  });
  const at = new Map(cells.map((c) => [c.name, c]));
  // Jokerball's goal zones, beyond the goal rows and as wide as them
  const goals = [];
  for (const player of jb ? ['red', 'blue'] : []) {
    const row = geo.goals[player].map((n) => at.get(n));
    const xs = row.map((c) => c.x);
    const y = row[0].y;
    const x0 = Math.min(...xs) - (SQ3 * R) / 2;
    const x1 = Math.max(...xs) + (SQ3 * R) / 2;
    const top = y > 0 ? y + R + 1 : y - R - 10;
    goals.push({ player, x: x0, y: top, w: x1 - x0, h: 9, cx: (x0 + x1) / 2, cy: top + 4.5 });
  }
  const w = jb ? SQ3 * R * (size - 0.5) + 2 : (size * S) / 2 + 3;
  const h = jb ? 1.5 * R * (size - 1) + R + 11 : w;
  cells.sort((a, b) => a.y - b.y || a.x - b.x);
  const L = { cells, goals, w, h, at };
  layouts.set(key, L);
  return L;
}

// the engine's hex directions (HexDirection) as axial steps [q, r]
const AXIAL = { e: [1, 0], w: [-1, 0], ne: [1, -1], nw: [0, -1], se: [0, 1], sw: [-1, 1] };

/** One step in the named hex direction, in SVG units, as a board of that orientation draws it. */
export const hexStep = (dir, flip) => axial(...AXIAL[dir], flip ? -1 : 1);

/**
 * The `n` corners of a polygon around (cx, cy), as SVG points: corner i at angle 2πi/n + `turn`, at the
 * distance radii[i] (the radii taken in turn again when fewer than the corners).
 */
export function ring(cx, cy, n, radii, turn) {
  const pts = [];
  for (let i = 0; i < n; i++) {
    const a = ((2 * Math.PI) / n) * i + turn;
    const r = radii[i % radii.length];
    pts.push(`${(cx + r * Math.cos(a)).toFixed(2)},${(cy + r * Math.sin(a)).toFixed(2)}`);
  }
  return pts.join(' ');
}

/** The corners of a hexagon of radius r around (cx, cy), turned by `turn`, as SVG points. */
export const hexPoints = (cx, cy, r, turn) => ring(cx, cy, 6, [r], turn);

/** Where a move ends, as the board names it: a cell, or the goal zone it leaves through. */
export const destKey = (m) => (m.to === 'off' ? `goal:${m.goal}` : m.to);
