// The drawing of a move as it is played: a man or checker slides along its path, the ball runs its path
// (into the goal zone when it leaves the board), a captured piece fades. Web Animations, none when the
// user prefers reduced motion or the board's `animation` is 0.
import { drawPiece } from './draw.js';

const reducedMotion = () => globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/** Animates `played` on board `b`, whose pieces before the move were `before` (cell -> piece). */
export function animate(b, played, before) {
  // a new move ends the drawing of the last one at once
  for (const a of b._anims) a.finish();
  b._end?.();
  b._anims = [];
  b._end = null;
  const ms = reducedMotion() ? 0 : b.animation;
  const kind = played.from && before.get(played.from);
  if (!ms || !kind || !b._layout) return;
  const L = b._layout;
  const cells = [played.from, ...(played.path ?? [played.to])];
  const pts = [];
  for (const c of cells) {
    if (c !== 'off') pts.push(L.at.get(c));
    else {
      // off the board: on past the last cell, into the goal zone
      const g = b._goals.get(`goal:${played.goal}`)?.g;
      const p = pts.at(-1);
      const q = pts.at(-2);
      const y = g ? g.cy : p.y;
      const x = q && q.y !== p.y ? p.x + ((p.x - q.x) * (y - p.y)) / (p.y - q.y) : p.x;
      pts.push({ x, y });
    }
  }
  if (pts.some((p) => !p)) return;
  const layer = b._animLayer;
  // the moving copies, no part of the board, removed at the end
  const temp = [];
  if (played.capture && before.get(played.to)) {
    const victim = drawPiece(before.get(played.to), 0, 0, layer, {});
    temp.push(victim);
    const at = `translate(${pts.at(-1).x}px, ${pts.at(-1).y}px)`;
    b._anims.push(
      victim.animate(
        [
          { transform: at, opacity: 1 },
          { transform: at, opacity: 0 },
        ],
        { duration: ms, fill: 'forwards' },
      ),
    );
  }
  const ghost = drawPiece(kind, 0, 0, layer, {});
  temp.push(ghost);
  const real = played.to !== 'off' ? b._cells.get(played.to)?.pieceEl : null;
  if (real) real.style.visibility = 'hidden';
  const frames = pts.map((p) => ({ transform: `translate(${p.x}px, ${p.y}px)` }));
  if (played.to === 'off') frames.at(-1).opacity = 0;
  const a = ghost.animate(frames, {
    duration: ms * Math.min(2, 0.75 + pts.length / 8),
    easing: 'ease-in-out',
    fill: 'forwards',
  });
  b._anims.push(a);
  const done = () => {
    for (const e of temp) e.remove();
    if (real) real.style.visibility = '';
  };
  b._end = done;
  a.finished.then(done, done);
}
