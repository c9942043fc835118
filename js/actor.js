// Who acts now, in one place for the board elements (bundled into board.js through board/infer.js), the
// boardgame.io adapter and its browser client (which import this file beside them in the package): the
// player to move, or the one to answer a pending double; null once the game (a match: the game, or the
// match) is over. It reads the object's phase, so it needs no class of the engine. The engine will say
// it itself (issue 25, item 4); this function is then replaced by that method.
/** The player who must act now on a Jokerball, Zola or Match (its answerer during a double), or null. */
export function actor(obj) {
  const phase = obj.phase;
  if (phase === 'double') return obj.pendingDouble === 'red' ? 'blue' : 'red';
  return phase === 'over' || phase === 'game-over' || phase === 'match-over' ? null : obj.turn;
}
