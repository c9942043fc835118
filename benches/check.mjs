// Checks the hand-written JavaScript engine (benches/jokerball-js.mjs) against the package on random
// positions, so that the benchmark compares like with like: for positions reached by random play through
// the package, every distance die and a random direction, the man moves, then (after one man move played
// in both) the ball moves and finally the position after a ball move must agree exactly.
// Usage: node benches/check.mjs [positions]   (js-tests/bench-check.test.mjs runs it in `make test-js`).
import { Engine, Rng } from './jokerball-js.mjs';

function same(a, b) {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/**
 * One phase ('man' or 'ball') of a turn in both engines: when the package is in that phase, its legal
 * moves must be js's (`generate` fills js's list), and one of them, chosen by `rng`, is played in both;
 * else js must have none. Returns whether the phase was played. Throws naming `where` on a disagreement.
 */
function playPhase(name, trial, js, generate, rng, where) {
  generate();
  const jsMoves = js.notations();
  if (trial.phase !== name) {
    if (jsMoves.length !== 0)
      throw new Error(`${name} phase skipped by the package but not by js at ${where}: ${jsMoves}`);
    return false;
  }
  const pkgMoves = trial.legalMoves();
  if (!same(pkgMoves, jsMoves)) throw new Error(`${name} moves differ at ${where}: package ${pkgMoves} js ${jsMoves}`);
  const i = rng.below(pkgMoves.length);
  trial.play(pkgMoves[i]);
  generate();
  const mv = Array.from(js.list.subarray(0, js.len)).find((m) => js.notation(m) === pkgMoves[i]);
  js.apply(mv);
  return true;
}

/**
 * Compares the engines on `positions` random positions of each setup; returns the number of
 * comparisons made. Throws on the first disagreement, naming the position, dice and move lists.
 */
export function checkAgainstPackage(Jokerball, positions = 200, seed = 1) {
  const rng = new Rng(seed);
  const setups = [
    { rules: '2025', size: 6, rows: 2 },
    { rules: 'classic', size: 6, rows: 2 },
    { rules: '2025', size: 4, rows: 2 },
    { rules: '2025', size: 6, rows: 4 },
    { rules: 'classic', size: 4, rows: 3 },
  ];
  let comparisons = 0;
  for (const setup of setups) {
    const js = new Engine(setup.rules, setup.size);
    let seen = 0;
    let gameNo = 0;
    while (seen < positions) {
      const game = new Jokerball({ ...setup, first: gameNo % 2 ? 'blue' : 'red', seed: seed * 100000 + gameNo++ });
      while (game.phase !== 'over' && seen < positions) {
        // A position at the start of a turn: try every distance with a random direction.
        const pos = game.position();
        for (let d = 1; d <= setup.size; d++) {
          const face = rng.below(6) + 1;
          const where = `${setup.rules} ${pos} dice ${d}/${face}`;
          js.load(pos);
          const trial = game.clone();
          trial.setDice(d, face);
          playPhase('man', trial, js, () => js.manMoves(d), rng, where);
          if (playPhase('ball', trial, js, () => js.ballMoves(face), rng, where)) {
            js.endTurn();
            if (trial.phase === 'over') {
              const winner = js.winner === 0 ? 'red' : js.winner === 1 ? 'blue' : null;
              if (trial.winner !== winner) throw new Error(`winner differs at ${where}: ${trial.winner} ${winner}`);
            } else if (trial.position() !== js.position()) {
              throw new Error(`positions differ at ${where}: ${trial.position()} / ${js.position()}`);
            }
          }
          comparisons++;
        }
        seen++;
        // Go on with the game: roll and play uniformly random moves.
        game.roll();
        while (game.phase === 'man' || game.phase === 'ball') {
          const moves = game.legalMoves();
          game.play(moves[rng.below(moves.length)]);
        }
      }
    }
  }
  return comparisons;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { Jokerball } = await import('../pkg/node.js');
  const n = Number(process.argv[2] ?? 300);
  const count = checkAgainstPackage(Jokerball, n);
  console.log(`check: the JavaScript engine agrees with the package on ${count} position/dice pairs`);
}
