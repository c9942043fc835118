// Compiled with `tsc --strict --noEmit` against the installed package: the board module's types.
import { type SteereBoard, type SteereGame, WorkerBot } from 'steere-games/board';
import type { SteereMoveDetail, SteereGameOverDetail, SteereLanguage } from 'steere-games/board';
import { Zola, Match, Jokerball } from 'steere-games';
import type { RolloutResult } from 'steere-games';

const board: SteereBoard = document.createElement('steere-board');
const game: SteereGame = document.createElement('steere-game');
const found: SteereBoard | null = document.querySelector('steere-board');
board.game = new Zola();
board.orientation = 'blue';
board.coordinates = 'hidden';
board.animation = 0;
board.position = null;
board.refresh();
const played = board.play('a1xa2');
const notation: string = played.notation;
board.addEventListener('steere-move', (e) => {
  const d: SteereMoveDetail = e.detail;
  if (d.player === 'red') e.preventDefault();
  console.log(d.move.from);
});
board.addEventListener('steere-error', (e) => console.log(e.detail.error.code));
game.addEventListener('steere-gameover', (e) => {
  const d: SteereGameOverDetail = e.detail;
  console.log(d.winner, d.matchOver, d.results.length);
});
game.addEventListener('steere-played', (e) => {
  if ('action' in e.detail) console.log(e.detail.action);
  else console.log(e.detail.move.notation);
});
const state = game.state;
if (state) game.state = state;
const side: 'red' | 'blue' | null = game.humanSide;
game.lang = 'es';
board.lang = 'es-419';
const spoken: SteereLanguage = game.language;
const boardSpeaks: 'en' | 'es' | 'ru' = board.language;
game.game = new Zola({ size: 8 });
void game.start().then(() => console.log(game.game?.position()));
const bot = new WorkerBot({ level: 'easy', seed: 1 });
void bot.chooseMove(new Zola()).then((m: string) => console.log(m));
void bot.cubeAction(new Match({ length: 3, cube: true })).then((a) => console.log(a === 'double'));
// a review shown in the game's log, and taken away
void bot.review(game.game ?? new Zola()).then((r) => {
  game.review = r;
  const marks: string[] = (game.review?.turns ?? []).map((t) => t.mark);
  game.review = null;
  console.log(marks);
});
// a rollout over the workers, with its progress, and cancelled
const stop = new AbortController();
void bot
  .rollout(new Jokerball({ seed: 1 }), {
    trials: 72,
    truncate: 2,
    seed: 'x',
    signal: stop.signal,
    onProgress: (done: number, total: number) => console.log(done / total),
  })
  .then(
    (r: RolloutResult) => console.log(r.entries[0]?.win),
    (e: unknown) => console.log(e),
  );
stop.abort();
bot.terminate();
console.log(found, notation, side, spoken, boardSpeaks);
