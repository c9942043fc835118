// What the elements still work out for themselves where the engine has nothing to say (issue 25, item
// 4): the empty board drawn for a position string no game reads (by its rows).

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
