// A person's moves on a board: clicks, taps and drags of pieces onto targets (pointer), and the keyboard
// (one tab stop roving over the cells and goal zones, arrow keys to the cells next on screen, Enter or
// Space to choose, Escape to let a piece go). What a choice does is choose(): select, let go, or play.
import { say, plural } from './common.js';
import { drawPiece } from './draw.js';
import { destKey } from './layout.js';

/** Listens to board `b`'s SVG for the pointer and the keyboard. */
export function listenInput(b) {
  const s = b._svg;
  s.addEventListener('click', (e) => onClick(b, e));
  s.addEventListener('keydown', (e) => onKey(b, e));
  s.addEventListener('pointerdown', (e) => onDown(b, e));
  s.addEventListener('pointermove', (e) => onMove(b, e));
  s.addEventListener('pointerup', (e) => onUp(b, e));
  s.addEventListener('pointercancel', () => endDrag(b));
  s.addEventListener('focusin', (e) => {
    const k = keyOf(e.target);
    if (k) b._active = k;
  });
}

/** Every cell and goal zone of `b` that can take the focus, by key (a cell name, or goal:red / goal:blue). */
function focusables(b) {
  return new Map([...b._cells, ...b._goals].map(([k, { el }]) => [k, el]));
}

/** Puts board `b`'s one tab stop where it belongs after a drawing. */
export function roving(b) {
  const all = focusables(b);
  const first = b._selected ?? [...b._targets.keys()].find((k) => all.has(k));
  // while the focus is elsewhere, the tab stop waits on something that can be played
  const away = !b.shadowRoot.activeElement && first && !b._targets.has(b._active);
  if (!all.has(b._active) || away) b._active = first ?? b._layout.cells[0].name;
  for (const [k, el] of all) el.setAttribute('tabindex', k === b._active ? '0' : '-1');
}

/** Moves board `b`'s tab stop and the focus to `key`. */
export function focusOn(b, key) {
  b._active = key;
  roving(b);
  focusables(b).get(key)?.focus();
}

/** The centre of the cell or goal zone `key`. */
function point(b, key) {
  const g = b._goals.get(key)?.g;
  return g ? { x: g.cx, y: g.cy } : b._layout.at.get(key);
}

function keyOf(el) {
  const t = el?.closest?.('[data-cell],[data-goal]');
  if (!t) return null;
  return t.dataset.cell ?? `goal:${t.dataset.goal}`;
}

function onClick(b, e) {
  if (b._dragged) {
    b._dragged = false;
    return;
  }
  choose(b, keyOf(e.target), false);
}

function onKey(b, e) {
  const dirs = { ArrowUp: -1, ArrowDown: 1, ArrowLeft: -2, ArrowRight: 2 };
  const d = dirs[e.key];
  if (d) {
    e.preventDefault();
    // Up and Down keep to the column the walk started from: up-left then up-right goes straight up
    const col = b._col?.[0] === b._active ? b._col[1] : point(b, b._active).x;
    const next = neighbour(b, b._active, d, col);
    if (next) {
      focusOn(b, next);
      b._col = d % 2 ? [next, col] : null;
    }
  } else if (e.key === 'Home' || e.key === 'End') {
    e.preventDefault();
    // the first or last cell
    const keys = [...b._cells.keys()];
    focusOn(b, e.key === 'Home' ? keys[0] : keys.at(-1));
  } else if (e.key === 'Enter' || e.key === ' ') {
    e.preventDefault();
    choose(b, b._active, true);
  } else if (e.key === 'Escape' && b._selected) {
    e.preventDefault();
    letGo(b);
  }
}

/** Lets the selected piece go, and says so. */
function letGo(b) {
  b._selected = null;
  b._say(say(b._cat, 'dropped'));
  b._render();
}

/**
 * The cell or goal next to `key` on screen: for Left and Right (d = -2, 2) the next one along its row;
 * for Up and Down (d = -1, 1) one of the nearest row that way, the nearest to column `col` (of two as
 * near, the one nearer the middle of the board).
 */
function neighbour(b, key, d, col) {
  const from = point(b, key);
  let best = null;
  let score = Infinity;
  for (const k of focusables(b).keys()) {
    const p = point(b, k);
    const dx = (p.x - from.x) * Math.sign(d);
    const dy = (p.y - from.y) * d;
    const s =
      d % 2
        ? dy > 1
          ? dy * 1e4 + Math.abs(p.x - col) * 10 + Math.abs(p.x) / 100
          : Infinity
        : Math.abs(dy) < 1 && dx > 1
          ? dx
          : Infinity;
    if (s < score) [best, score] = [k, s];
  }
  return best;
}

/** A click, Enter or drop on `key`: select a piece, let it go, or play the move it completes. */
function choose(b, key, keyboard) {
  const v = b._render();
  const moves = v?.moves ?? [];
  const sel = v?.phase === 'ball' ? v.board.ball : b._selected;
  const m = sel && moves.find((x) => x.from === sel && destKey(x) === key);
  if (m) return b._attempt(v, m, keyboard);
  if (key && key !== b._selected && moves.some((x) => x.from === key)) {
    b._selected = key;
    const dests = moves.filter((x) => x.from === key).map(destKey);
    const count = dests.length;
    b._say(say(b._cat, 'picked', { cell: key, count, unit: say(b._cat, plural(b._l, 'dest', count)) }));
    b._render();
    if (keyboard) focusOn(b, dests[0]);
  } else if (b._selected) letGo(b);
}

// -- dragging a piece onto a target

function onDown(b, e) {
  b._dragged = false;
  const key = keyOf(e.target);
  // the main button on a piece that has moves (in the ball phase the ball's moves leave from its cell)
  if (e.button === 0 && key && b._v?.moves.some((m) => m.from === key))
    b._drag = { key, x: e.clientX, y: e.clientY, id: e.pointerId, ghost: null };
}

function onMove(b, e) {
  const d = b._drag;
  if (!d || e.pointerId !== d.id) return;
  if (!d.ghost) {
    if (Math.hypot(e.clientX - d.x, e.clientY - d.y) < 6) return;
    b._svg.setPointerCapture?.(e.pointerId);
    if (b._v.phase !== 'ball' && b._selected !== d.key) {
      b._selected = d.key;
      b._render();
    }
    const cell = b._cells.get(d.key);
    d.real = cell.pieceEl;
    d.ghost = drawPiece(cell.piece, 0, 0, b._animLayer, { part: 'piece' });
    if (d.real) d.real.style.visibility = 'hidden';
  }
  const m = b._svg.getScreenCTM();
  if (!m) return;
  const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
  d.ghost.setAttribute('transform', `translate(${p.x} ${p.y})`);
}

function onUp(b, e) {
  const d = b._drag;
  if (!d || e.pointerId !== d.id) return;
  const moved = !!d.ghost;
  endDrag(b);
  if (!moved) return;
  b._dragged = true;
  const key = keyOf(b.shadowRoot.elementFromPoint(e.clientX, e.clientY));
  if (key && b._targets.get(key) === 'move') choose(b, key, false);
}

function endDrag(b) {
  const d = b._drag;
  b._drag = null;
  if (d?.ghost) {
    d.ghost.remove();
    if (d.real) d.real.style.visibility = '';
  }
}
