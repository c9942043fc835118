// Finished games and matches the browser tests open from records, made in Node by the engine's bot.
import assert from 'node:assert/strict';
import { Match, Zola, Bot } from '../../pkg/node.js';

/**
 * A finished match to 3 with the cube on side 4, played in Node by the bot but for Red's double at the very
 * start (taken), which a review marks: its record, and its review by a bot at `level`.
 */
export function cubeMatch(level = 'medium') {
  const m = new Match({ game: 'jokerball', length: 3, cube: true, seed: 4, jokerball: { size: 4 } });
  m.double();
  m.take();
  const bot = new Bot({ level: 'easy', seed: 2 });
  for (let n = 0; m.phase !== 'match-over' && n < 5000; n++) {
    if (m.phase === 'game-over') m.nextGame();
    else if (m.phase === 'double') bot.cubeAction(m) === 'take' ? m.take() : m.drop();
    else if (m.gamePhase === 'roll') bot.cubeAction(m) === 'double' ? m.double() : m.roll();
    else m.play(bot.chooseMove(m));
  }
  assert.equal(m.phase, 'match-over');
  const text = m.toRecord();
  const review = new Bot({ level }).review(m);
  for (const x of [m, bot]) x.free();
  return { text, review };
}

/**
 * A finished 6x6 Zola game of two easy bots (every seventh move the first legal one), which an easy review
 * marks: its record, that review, and its moves (history()).
 */
export function zolaGame() {
  const z = new Zola({ size: 6 });
  const bots = [new Bot({ level: 'easy', seed: 3 }), new Bot({ level: 'easy', seed: 4 })];
  for (let n = 0; z.phase !== 'over' && n < 400; n++)
    z.play(n % 7 === 3 ? z.legalMoves()[0] : bots[n % 2].chooseMove(z));
  assert.equal(z.phase, 'over');
  const text = z.toRecord();
  const review = new Bot({ level: 'easy' }).review(z);
  const history = z.history();
  for (const x of [z, ...bots]) x.free();
  return { text, review, history };
}
