// What the elements still work out for themselves where the engine has nothing to say (issue 25, item
// 4): the empty board drawn for a position string no game reads (by its rows), and the movers of a
// match's earlier games (the engine's view() gives the current game's log only).
import { OTHER } from './common.js';

/** The number of rows of a position string. */
const rowsOf = (position) => position.split(' ')[0].split('/').length;

/** Whether a position string that neither game reads looks like Jokerball's (odd row counts). */
export const looksLikeJokerball = (position) => rowsOf(position) % 2 === 1;

/** [kind, size] of the empty board drawn for a missing or bad position string, by its rows. */
export function guessBoard(position) {
  const rows = rowsOf(position ?? '');
  if ([6, 8, 10].includes(rows)) return ['zola', rows];
  return ['jokerball', rows === 7 ? 4 : 6];
}

/**
 * An earlier game of a match (an entry of its `games`) as log lines { kind, player, text }: its records,
 * whose movers alternate from the game's `first` (no swap in a match), with its cube actions and
 * resignation (`actions`, the MatchAction entries of the match's state) each after the records played
 * before it. The engine's view() gives the current game's log only.
 */
export function pastLines(g, actions) {
  let p = OTHER[g.first];
  const lines = (g.history ?? []).map((text) => ({ kind: 'record', player: (p = OTHER[p]), text }));
  for (const a of [...actions].reverse()) lines.splice(Math.min(a.at, g.history?.length ?? 0), 0, a);
  return lines;
}
