// steere-games/board: the custom elements <steere-board> and <steere-game>, and WorkerBot.
// They draw what the engine describes (cells, legal moves, paths, goals, skipped phases) and hold no
// rules of their own. No dependency but the package; every word comes from a catalogue (lang-en.js,
// lang-es.js, lang-ru.js), in the language of the element (lang.js).
//
// This is the entry; the rooms are in board/ (scripts/finish-pkg.mjs bundles them into the shipped
// board.js): board-element.js, game-element.js (with game-options.js, game-view.js), layout.js (cells to
// SVG units), draw.js (SVG), animate.js, input.js (pointer and keyboard), infer.js (what the engine
// cannot say: the empty board of an unreadable position string, a match's earlier games as log lines),
// worker-bot.js and protocol.js (its messages, shared with worker.js), common.js (what they share); the
// languages are ../lang.js, shared with the demo.
import { SteereBoard } from './board/board-element.js';
import { SteereGame } from './board/game-element.js';

export { SteereBoard, SteereGame };
export { WorkerBot } from './board/worker-bot.js';

if (globalThis.customElements) {
  if (!customElements.get('steere-board')) customElements.define('steere-board', SteereBoard);
  if (!customElements.get('steere-game')) customElements.define('steere-game', SteereGame);
}
