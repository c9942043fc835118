// Draws the diagrams of docs/rules.md (docs/diagrams/*.svg) from the built package: every board comes
// from Jokerball.geometry / Zola.geometry, every piece from a position string read by the engine
// (board()), every arrow from the engine's legal moves (legalMovesVerbose(), with their paths). Nothing
// about the rules is written here, so a diagram cannot disagree with the code.
//
//   node scripts/diagrams.mjs               writes docs/diagrams/*.svg (needs `make pkg` first)
//   node scripts/diagrams.mjs --png [dir]   also renders each to PNG in dir (default test-output/diagrams)
//                                           with Chromium, for looking at them
//   node scripts/diagrams.mjs --check       fails if a committed diagram differs from a fresh one
import { writeFileSync, readFileSync, mkdirSync, existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Jokerball, Zola } from '../pkg/node.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, 'docs', 'diagrams');

const SQ3 = Math.sqrt(3);
const R = 18; // a hex cell's radius
const S = 40; // a Zola square's side
const PAD = 12;
const INK = {
  red: '#c4302b',
  redEdge: '#6e1512',
  blue: '#2456a6',
  blueEdge: '#0f2650',
  cell: '#f3ecd9',
  cellEdge: '#b8ab8a',
  dark: '#e2d6b8',
  wall: '#4a4238',
  goalRed: '#f2c2bf',
  goalBlue: '#bfd0f0',
  text: '#3a352c',
  name: '#8b826c',
  from: '#f7d774',
  dest: '#a9dca3',
  capture: '#f3a17a',
  arrow: '#1d7a3a',
  ball: '#1d5fa8',
};
const f1 = (x) => Number(x.toFixed(1));
const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

// ---------------------------------------------------------------- position strings from pieces

/** A Jokerball position string with `pieces` ({ cell: 'r' | 'b' | 'o' }) and `toMove` ('r' | 'b'):
 * the rows of the geometry from the top, each from its leftmost cell, empty runs as numbers. */
function jokerballPosition(size, pieces, toMove) {
  const rows = new Map();
  for (const c of Jokerball.geometry(size).cells) {
    if (!rows.has(c.r)) rows.set(c.r, []);
    rows.get(c.r).push(c);
  }
  const text = [...rows.keys()]
    .sort((a, b) => a - b)
    .map((r) =>
      runLength(
        rows
          .get(r)
          .sort((a, b) => a.q - b.q)
          .map((c) => pieces[c.name] ?? ''),
      ),
    )
    .join('/');
  return `${text} ${toMove}`;
}

/** A Zola position string: ranks from the top, files from a. */
function zolaPosition(size, pieces, toMove) {
  const cells = Zola.geometry(size).cells;
  const ranks = [];
  for (let y = size - 1; y >= 0; y -= 1) {
    const row = cells.filter((c) => c.y === y).sort((a, b) => a.x - b.x);
    ranks.push(runLength(row.map((c) => pieces[c.name] ?? '')));
  }
  return `${ranks.join('/')} ${toMove}`;
}

function runLength(marks) {
  let out = '';
  let run = 0;
  for (const m of marks) {
    if (m) {
      if (run) out += run;
      run = 0;
      out += m;
    } else run += 1;
  }
  return run ? out + run : out;
}

// ---------------------------------------------------------------- Jokerball drawing

function hexCorners(x, y, rad) {
  const pts = [];
  for (let i = 0; i < 6; i += 1) {
    const a = (Math.PI / 180) * (60 * i - 30);
    pts.push(`${f1(x + rad * Math.cos(a))},${f1(y + rad * Math.sin(a))}`);
  }
  return pts.join(' ');
}

/** The pieces: red discs, blue squares (shape as well as colour), the ball a white disc with a star. */
function pieceSvg(kind, x, y, rad) {
  if (kind === 'red') {
    return `<circle cx="${f1(x)}" cy="${f1(y)}" r="${f1(rad)}" fill="${INK.red}" stroke="${INK.redEdge}" stroke-width="1.2"/>`;
  }
  if (kind === 'blue') {
    const h = rad * 0.9;
    return `<rect x="${f1(x - h)}" y="${f1(y - h)}" width="${f1(2 * h)}" height="${f1(2 * h)}" rx="2.5" fill="${INK.blue}" stroke="${INK.blueEdge}" stroke-width="1.2"/>`;
  }
  const star = [];
  for (let i = 0; i < 10; i += 1) {
    const a = (Math.PI / 5) * i - Math.PI / 2;
    const rr = i % 2 ? rad * 0.22 : rad * 0.5;
    star.push(`${f1(x + rr * Math.cos(a))},${f1(y + rr * Math.sin(a))}`);
  }
  return (
    `<circle cx="${f1(x)}" cy="${f1(y)}" r="${f1(rad)}" fill="#fff" stroke="#222" stroke-width="1.4"/>` +
    `<polygon points="${star.join(' ')}" fill="#222"/>`
  );
}

function arrowDefs() {
  return (
    `<defs><marker id="head" viewBox="0 0 10 10" refX="7" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="${INK.arrow}"/></marker>` +
    `<marker id="headBall" viewBox="0 0 10 10" refX="7" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="${INK.ball}"/></marker></defs>`
  );
}

/**
 * One Jokerball board as an SVG fragment with its size.
 * opts: { size, position, names ('all' | 'pieces' | 'none'), marks: { cell: 'from'|'dest'|'capture' },
 *         arrows: [{ from, path, colour, label }], title }
 */
function jokerballBoard(opts) {
  const { size, position } = opts;
  const geo = Jokerball.geometry(size);
  const game = new Jokerball({ position, size });
  const board = game.board();
  game.free();
  const at = new Map(geo.cells.map((c) => [c.name, [SQ3 * R * (c.q + c.r / 2), 1.5 * R * c.r]]));
  const who = new Map(board.men.map((m) => [m.cell, m.player]));
  if (board.ball) who.set(board.ball, 'ball');
  const xs = [...at.values()].map((p) => p[0]);
  const ys = [...at.values()].map((p) => p[1]);
  const goalH = 16;
  const titleH = opts.title ? 22 : 0;
  const minX = Math.min(...xs) - R * 1.2;
  const maxX = Math.max(...xs) + R * 1.2;
  const top = Math.min(...ys) - R - goalH - 2;
  const bottom = Math.max(...ys) + R + goalH + 2;
  const dx = -minX;
  const dy = -top + titleH;
  const P = (name) => {
    const [x, y] = at.get(name);
    return [x + dx, y + dy];
  };
  const parts = [];
  if (opts.title) {
    parts.push(
      `<text x="${f1((maxX - minX) / 2)}" y="15" text-anchor="middle" font-size="14" font-weight="600" fill="${INK.text}">${esc(opts.title)}</text>`,
    );
  }
  // The goals: a band along the top row (Blue's goal) and the bottom row (Red's goal).
  const band = (cells, y0, fill, label) => {
    const cx = cells.map((c) => P(c)[0]);
    const x0 = Math.min(...cx) - (SQ3 * R) / 2;
    const x1 = Math.max(...cx) + (SQ3 * R) / 2;
    parts.push(
      `<rect x="${f1(x0)}" y="${f1(y0)}" width="${f1(x1 - x0)}" height="${goalH - 2}" rx="3" fill="${fill}"/>`,
    );
    parts.push(
      `<text x="${f1((x0 + x1) / 2)}" y="${f1(y0 + goalH - 6)}" text-anchor="middle" font-size="10" fill="${INK.text}">${label}</text>`,
    );
  };
  band(geo.goals.blue, P(geo.goals.blue[0])[1] - R - goalH, INK.goalBlue, "Blue's goal");
  band(geo.goals.red, P(geo.goals.red[0])[1] + R + 2, INK.goalRed, "Red's goal");
  // The walls: the board's outline behind the cells.
  for (const c of geo.cells) {
    const [x, y] = P(c.name);
    parts.push(`<polygon points="${hexCorners(x, y, R + 2.2)}" fill="${INK.wall}"/>`);
  }
  for (const c of geo.cells) {
    const [x, y] = P(c.name);
    const fill = opts.marks?.[c.name] ? INK[opts.marks[c.name]] : INK.cell;
    parts.push(
      `<polygon points="${hexCorners(x, y, R - 0.4)}" fill="${fill}" stroke="${INK.cellEdge}" stroke-width="0.8"/>`,
    );
  }
  for (const c of geo.cells) {
    const [x, y] = P(c.name);
    const piece = who.get(c.name);
    if (piece) parts.push(pieceSvg(piece, x, y, R * 0.62));
    const names = opts.names ?? 'all';
    if (names === 'all' || (names === 'pieces' && piece)) {
      const colour = piece === 'red' || piece === 'blue' ? '#fff' : piece === 'ball' ? '#222' : INK.name;
      const ty = piece === 'ball' ? y + R * 0.95 : y + 3.5;
      if (piece === 'ball') {
        parts.push(
          `<text x="${f1(x)}" y="${f1(ty)}" text-anchor="middle" font-size="8" fill="${INK.text}">${c.name}</text>`,
        );
      } else {
        parts.push(
          `<text x="${f1(x)}" y="${f1(ty)}" text-anchor="middle" font-size="9.5" fill="${colour}">${c.name}</text>`,
        );
      }
    }
  }
  for (const a of opts.arrows ?? []) parts.push(arrowSvg(a, P));
  return { width: maxX - minX, height: bottom - top + titleH, body: parts.join('\n') };
}

/** An arrow from a cell along a move's path (its last entry may be 'off': one step beyond the board). */
function arrowSvg(a, P) {
  const pts = [P(a.from)];
  for (const c of a.path) {
    if (c === 'off') {
      const [x0, y0] = pts.length > 1 ? pts[pts.length - 2] : pts[0];
      const [x1, y1] = pts[pts.length - 1];
      pts.push([x1 + (x1 - x0) * 1.15, y1 + (y1 - y0) * 1.15]);
    } else pts.push(P(c));
  }
  // Start at the piece's edge and stop short of the last centre, so pieces stay readable.
  const shorten = (p, q, by) => {
    const d = Math.hypot(q[0] - p[0], q[1] - p[1]);
    return [q[0] - ((q[0] - p[0]) * by) / d, q[1] - ((q[1] - p[1]) * by) / d];
  };
  const n = pts.length;
  pts[0] = shorten(pts[1], pts[0], R * 0.55);
  if (a.path[a.path.length - 1] !== 'off') pts[n - 1] = shorten(pts[n - 2], pts[n - 1], R * 0.45);
  const colour = a.colour ?? INK.arrow;
  const head = colour === INK.ball ? 'headBall' : 'head';
  const d = pts.map(([x, y], i) => `${i ? 'L' : 'M'}${f1(x)},${f1(y)}`).join(' ');
  let out = `<path d="${d}" fill="none" stroke="${colour}" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round" marker-end="url(#${head})"${a.dashed ? ' stroke-dasharray="5 4"' : ''}/>`;
  if (a.label !== undefined) {
    const [x, y] = pts[n - 1];
    const [px, py] = pts[n - 2];
    const d2 = Math.hypot(x - px, y - py);
    const lx = x + ((x - px) / d2) * 9;
    const ly = y + ((y - py) / d2) * 9;
    out +=
      `<circle cx="${f1(lx)}" cy="${f1(ly)}" r="7.5" fill="#fff" stroke="${colour}" stroke-width="1.2"/>` +
      `<text x="${f1(lx)}" y="${f1(ly + 3.6)}" text-anchor="middle" font-size="10" font-weight="700" fill="${colour}">${esc(a.label)}</text>`;
  }
  return out;
}

// ---------------------------------------------------------------- Zola drawing

/** One Zola board: opts { size, position, marks, arrows, circleFrom, title }. */
function zolaBoard(opts) {
  const { size, position } = opts;
  const cells = Zola.geometry(size).cells;
  const game = new Zola({ position });
  const who = new Map(game.board().checkers.map((c) => [c.cell, c.player]));
  game.free();
  const titleH = opts.title ? 22 : 0;
  const P = (name) => {
    const c = cells.find((k) => k.name === name);
    return [PAD + c.x * S + S / 2, titleH + PAD + (size - 1 - c.y) * S + S / 2];
  };
  const parts = [];
  const w = size * S + 2 * PAD;
  if (opts.title) {
    parts.push(
      `<text x="${f1(w / 2)}" y="15" text-anchor="middle" font-size="14" font-weight="600" fill="${INK.text}">${esc(opts.title)}</text>`,
    );
  }
  parts.push(
    `<rect x="${PAD - 3}" y="${titleH + PAD - 3}" width="${size * S + 6}" height="${size * S + 6}" fill="${INK.wall}"/>`,
  );
  for (const c of cells) {
    const [x, y] = P(c.name);
    const fill = opts.marks?.[c.name] ? INK[opts.marks[c.name]] : (c.x + c.y) % 2 ? INK.cell : INK.dark;
    parts.push(`<rect x="${f1(x - S / 2)}" y="${f1(y - S / 2)}" width="${S}" height="${S}" fill="${fill}"/>`);
  }
  if (opts.circleFrom) {
    const [x, y] = P(opts.circleFrom);
    const cx = PAD + (size * S) / 2;
    const cy = titleH + PAD + (size * S) / 2;
    parts.push(
      `<circle cx="${f1(cx)}" cy="${f1(cy)}" r="${f1(Math.hypot(x - cx, y - cy))}" fill="none" stroke="#7a6f58" stroke-width="1.3" stroke-dasharray="4 3"/>`,
    );
    parts.push(`<circle cx="${f1(cx)}" cy="${f1(cy)}" r="2.5" fill="#7a6f58"/>`);
  }
  for (const c of cells) {
    const [x, y] = P(c.name);
    const piece = who.get(c.name);
    if (piece) parts.push(pieceSvg(piece, x, y, S * 0.33));
    parts.push(
      `<text x="${f1(x)}" y="${f1(y + 3.5)}" text-anchor="middle" font-size="10" fill="${piece ? '#fff' : INK.name}">${c.name}</text>`,
    );
  }
  for (const a of opts.arrows ?? []) {
    const from = P(a.from);
    const to = P(a.path[a.path.length - 1]);
    const d = Math.hypot(to[0] - from[0], to[1] - from[1]);
    const ux = (to[0] - from[0]) / d;
    const uy = (to[1] - from[1]) / d;
    const x0 = from[0] + ux * S * 0.36;
    const y0 = from[1] + uy * S * 0.36;
    const x1 = to[0] - ux * S * 0.3;
    const y1 = to[1] - uy * S * 0.3;
    parts.push(
      `<path d="M${f1(x0)},${f1(y0)} L${f1(x1)},${f1(y1)}" stroke="${a.colour ?? INK.arrow}" stroke-width="2.6" stroke-linecap="round" marker-end="url(#head)"${a.dashed ? ' stroke-dasharray="5 4"' : ''}/>`,
    );
  }
  return { width: w, height: size * S + 2 * PAD + titleH, body: parts.join('\n') };
}

// ---------------------------------------------------------------- composing and writing

/** Boards side by side in one SVG document, with a <title> for screen readers. */
function svgDocument(title, boards, gap = 24) {
  const width = boards.reduce((s, b) => s + b.width, 0) + gap * (boards.length - 1) + 2 * PAD;
  const height = Math.max(...boards.map((b) => b.height)) + 2 * PAD;
  let x = PAD;
  const groups = boards.map((b) => {
    const g = `<g transform="translate(${f1(x)},${PAD})">\n${b.body}\n</g>`;
    x += b.width + gap;
    return g;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${f1(width)} ${f1(height)}" width="${Math.round(width)}" height="${Math.round(height)}" font-family="Helvetica, Arial, sans-serif" role="img">
<title>${esc(title)}</title>
<rect width="100%" height="100%" fill="#fff"/>
${arrowDefs()}
${groups.join('\n')}
</svg>
`;
}

/** The engine's legal moves of the piece on `cell`, as arrows (and marks for their destinations). */
function movesOf(game, cell, colour) {
  const moves = game.legalMovesVerbose().filter((m) => m.from === cell);
  const marks = { [cell]: 'from' };
  for (const m of moves) if (m.to !== 'off') marks[m.to] = m.capture ? 'capture' : 'dest';
  const arrows = moves.map((m) => ({ from: cell, path: m.path ?? [m.to], colour }));
  return { moves: moves.map((m) => m.notation), marks, arrows };
}

const diagrams = {};
// The moves each diagram shows, printed for the text of docs/rules.md.
const shown = {};

// 1-2. The starting positions with every cell's name.
diagrams['jokerball-start.svg'] = svgDocument(
  'Jokerball, side 6, the starting position: Red at the bottom, Blue at the top, the ball on f6; every cell named',
  [jokerballBoard({ size: 6, position: new Jokerball({ size: 6 }).position() })],
);
diagrams['jokerball-start-side4.svg'] = svgDocument(
  'Jokerball, side 4, the starting position with two rows each; the ball on d4',
  [jokerballBoard({ size: 4, position: new Jokerball({ size: 4 }).position() })],
);

// 3. The direction die: for each face, the line the ball takes, from Red's side and from Blue's.
function directionBoard(toMove, title) {
  const position = jokerballPosition(4, { d4: 'o' }, toMove);
  const arrows = [];
  for (let face = 1; face <= 6; face += 1) {
    const g = new Jokerball({ size: 4, position });
    g.setDice(1, face); // no men: the man phase is passed at once
    const ball = g.legalMovesVerbose().filter((m) => m.kind === 'ball' && m.to !== 'off');
    const longest = ball.reduce((a, b) => (b.path.length > a.path.length ? b : a));
    arrows.push({ from: 'd4', path: longest.path.slice(0, 2), label: String(face), colour: INK.ball });
    g.free();
  }
  return jokerballBoard({ size: 4, position, names: 'none', arrows, title });
}
diagrams['jokerball-direction-die.svg'] = svgDocument(
  'The direction die: the line the ball takes for each face, when Red moves (left) and when Blue moves (right)',
  [directionBoard('r', 'Red to move'), directionBoard('b', 'Blue to move')],
);

// 4. A man's moves under the 2025 rules, distance die 3.
{
  const position = jokerballPosition(
    4,
    { b2: 'r', d2: 'o', a1: 'b', b4: 'b', d5: 'b', c4: 'r', f5: 'b', a4: 'r' },
    'r',
  );
  const g = new Jokerball({ size: 4, position });
  g.setDice(3, 1);
  const { moves, marks, arrows } = movesOf(g, 'b2');
  g.free();
  diagrams['jokerball-man-moves.svg'] = svgDocument(
    `Red's man on b2 with a 3 on the distance die (2025 rules): ${moves.join(', ')}`,
    [jokerballBoard({ size: 4, position, names: 'all', marks, arrows })],
  );
  shown.man = moves;
}

// 5. A friendly man in the way: 2025 (stops short, no capture of one's own) against classic.
{
  const position = jokerballPosition(4, { b2: 'r', d2: 'r', c4: 'b', b1: 'b', f6: 'o', e6: 'b', a4: 'r' }, 'r');
  const boards = [];
  const lists = {};
  for (const rules of ['2025', 'classic']) {
    const g = new Jokerball({ size: 4, position, rules });
    g.setDice(3, 1);
    const { moves, marks, arrows } = movesOf(g, 'b2');
    g.free();
    lists[rules] = moves;
    boards.push(
      jokerballBoard({
        size: 4,
        position,
        names: 'all',
        marks,
        arrows,
        title: `rules '${rules}': ${moves.join(', ')}`,
      }),
    );
  }
  diagrams['jokerball-rule-sets.svg'] = svgDocument(
    `The same position and a 3 on the distance die under both rule sets. 2025: ${lists['2025'].join(', ')}. classic: ${lists.classic.join(', ')}`,
    boards,
  );
  shown.rules = lists;
}

// 6. The ball's moves: every stopping cell along the die's line, and the goal when the line is clear.
{
  const position = jokerballPosition(4, { c3: 'o', a4: 'r', b5: 'r', f6: 'b', g5: 'b' }, 'r');
  const boards = [];
  const lists = {};
  for (const face of [4, 6]) {
    const g = new Jokerball({ size: 4, position });
    g.setDice(1, face);
    if (g.phase === 'man') g.play('b5-c6');
    const ball = g.legalMovesVerbose().filter((m) => m.kind === 'ball');
    const after = g.position();
    g.free();
    const marks = { c3: 'from' };
    for (const m of ball) if (m.to !== 'off') marks[m.to] = 'dest';
    const longest = ball.reduce((a, b) => (b.path.length > a.path.length ? b : a));
    lists[face] = ball.map((m) => m.notation);
    boards.push(
      jokerballBoard({
        size: 4,
        position: after,
        names: 'all',
        marks,
        arrows: [{ from: 'c3', path: longest.path, colour: INK.ball }],
        title: `direction die ${face}: ${lists[face].join(', ')}`,
      }),
    );
  }
  diagrams['jokerball-ball-moves.svg'] = svgDocument(
    `Red's ball moves after the man move b5-c6: with a 4 the ball may stop on any empty cell before the blue man; with a 6 the line is clear to Red's own goal, so leaving the board there (a loss) is also a choice`,
    boards,
  );
  shown.ball = lists;
}

// 7. A man leaving the board through the opponent's goal.
{
  const position = jokerballPosition(4, { e5: 'r', d4: 'o', g6: 'b', a2: 'b' }, 'r');
  const g = new Jokerball({ size: 4, position });
  g.setDice(4, 1);
  const { moves, marks, arrows } = movesOf(g, 'e5');
  g.free();
  diagrams['jokerball-man-off.svg'] = svgDocument(
    `Red's man on e5 with a 4: ${moves.join(', ')}; the man that leaves through Blue's goal is out of the game`,
    [jokerballBoard({ size: 4, position, names: 'all', marks, arrows })],
  );
  shown.off = moves;
}

// 8. Zola's start.
diagrams['zola-start.svg'] = svgDocument(
  'Zola, 6x6, the starting position: the board full, a red checker on a1 and the colours alternating',
  [zolaBoard({ size: 6, position: new Zola({ size: 6 }).position() })],
);

// 9. Zola moves: steps away from the centre, captures that do not end farther from it.
{
  const position = zolaPosition(
    6,
    { b5: 'r', a6: 'r', c6: 'b', e5: 'b', d3: 'b', b1: 'b', e2: 'r', f4: 'b', c1: 'r' },
    'r',
  );
  const z = new Zola({ position });
  const { moves, marks, arrows } = movesOf(z, 'b5');
  z.free();
  diagrams['zola-moves.svg'] = svgDocument(
    `Red's checker on b5: ${moves.join(', ')}. A step must end outside the dashed circle (farther from the centre); a capture must end on it or inside it, so c6 and b1 cannot be taken`,
    [zolaBoard({ size: 6, position, marks, arrows, circleFrom: 'b5' })],
  );
  shown.zola = moves;
}

const args = process.argv.slice(2);
if (args.includes('--check')) {
  const stale = Object.entries(diagrams).filter(
    ([name, svg]) => !existsSync(join(outDir, name)) || readFileSync(join(outDir, name), 'utf8') !== svg,
  );
  if (stale.length) {
    console.error(`diagrams: out of date: ${stale.map(([n]) => n).join(', ')} (run node scripts/diagrams.mjs)`);
    process.exit(1);
  }
  console.log(`diagrams: ${Object.keys(diagrams).length} up to date`);
} else {
  mkdirSync(outDir, { recursive: true });
  for (const [name, svg] of Object.entries(diagrams)) writeFileSync(join(outDir, name), svg);
  console.log(`diagrams: wrote ${Object.keys(diagrams).length} files to docs/diagrams`);
  console.log(JSON.stringify(shown));
}

const png = args.indexOf('--png');
if (png >= 0) {
  const dir = args[png + 1] && !args[png + 1].startsWith('--') ? args[png + 1] : join(root, 'test-output', 'diagrams');
  mkdirSync(dir, { recursive: true });
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage({ deviceScaleFactor: 2 });
    for (const [name, svg] of Object.entries(diagrams)) {
      await page.setContent(`<!doctype html><body style="margin:0">${svg}</body>`);
      await page.locator('svg').screenshot({ path: join(dir, name.replace(/\.svg$/, '.png')) });
    }
  } finally {
    await browser.close();
  }
  console.log(`diagrams: PNG copies in ${dir}`);
}
