// steere-games/board: the custom elements <steere-board> and <steere-game>, WorkerBot, and OTHER (the
// other player of each, which the demo shares).
// They draw what the engine describes (cells, legal moves, paths, goals, skipped phases) and hold no
// rules of their own. No dependency but the package; every word comes from a catalogue (../lang/lang-en.js,
// lang-es.js, lang-ru.js), in the language of the element (../lang/lang.js, shared with the demo).
//
// This is the entry; scripts/finish-pkg.mjs bundles it with the rooms beside it into the shipped board.js:
// board-element.js, game-element.js (with game-options.js, game-view.js), layout.js (cells to SVG units),
// draw.js (SVG), animate.js, input.js (pointer and keyboard), infer.js (the one thing the engine cannot
// say: the empty board drawn for a position string that no game reads, by its rows), clock.js,
// worker-bot.js and protocol.js (its messages, shared with the bot's worker, worker.js, shipped as the
// package's worker.js), engine.js (the package's glue, loaded once) and common.js (what they share).
import { SteereBoard } from './board-element.js';
import { SteereGame } from './game-element.js';

export { SteereBoard, SteereGame };
export { WorkerBot } from './worker-bot.js';
export { OTHER } from './common.js';

if (globalThis.customElements) {
  if (!customElements.get('steere-board')) customElements.define('steere-board', SteereBoard);
  if (!customElements.get('steere-game')) customElements.define('steere-game', SteereGame);
}
