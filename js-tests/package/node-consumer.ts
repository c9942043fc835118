// A Node-only server, type-checked against the installed package with lib ES2022 and @types/node, without
// the DOM library (the Node entry's declarations must not need it).
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import init, { Jokerball, Zola, Match, Bot, simulate, memoryBytes, SteereError } from 'steere-games';
import type {
  SteereErrorCode,
  JokerballState,
  MatchState,
  Rolled,
  JokerballPlayed,
  JokerballGeometry,
  ZolaGeometry,
  JokerballBoard,
  ZolaBoard,
  SimulateResult,
  CubeAction,
} from 'steere-games';

await init();

/** A server-side game: dice from the server, moves from clients, state saved without the generator. */
const game = new Jokerball({ rules: '2025', seed: createHash('sha256').update('table-1').digest('hex') });
const rolled: Rolled = game.setDice(3, 4);
const skipped: ('man' | 'ball')[] = rolled.skipped;
const wanted: string | undefined = game.legalMoves()[0];
if (wanted !== undefined && game.isLegal(wanted)) {
  const played: JokerballPlayed = game.play(wanted);
  const path: string[] = played.path;
  console.log(path, played.goal ?? 'on the board', played.skipped);
}
const dests: string[] = game.dests('b3');
const saved: JokerballState = game.toJSON({ rng: false });
const restored = Jokerball.fromJSON(JSON.parse(JSON.stringify(saved)) as JokerballState);
const hex: JokerballGeometry = Jokerball.geometry(6);
const squares: ZolaGeometry = Zola.geometry(8);

const match = new Match({ game: 'zola', length: 3, cube: true });
const board: JokerballBoard | ZolaBoard = match.board();
const phase: 'roll' | 'man' | 'ball' | 'move' | 'over' = match.gamePhase;
const dice: { distance: number; direction: number } | null = match.dice;
const state: MatchState = match.toJSON();
const action: CubeAction = new Bot({ level: 'easy' }).cubeAction(match);
const sim: SimulateResult = simulate({ game: 'zola', games: 2, seed: 1 });
const bytes: number = memoryBytes();

try {
  restored.play('zz9-zz10');
} catch (e) {
  if (e instanceof SteereError) {
    const code: SteereErrorCode = e.code;
    console.log(code, e.message);
  }
}
restored.free();
game.free();
console.log(
  skipped,
  dests,
  hex.cells.length,
  squares.cells.length,
  board,
  phase,
  dice,
  state.variant,
  action,
  sim.games,
  bytes,
  readFileSync.name,
);
