// The computer opponent and its analysis off the page's thread (used by WorkerBot in board.js). Messages in:
//   { type: 'init', wasm?: bytes }          loads the engine (a single-file build posts the bytes)
//   { id, type, state, options }            type: the Bot method ('chooseMove', 'cubeAction', 'evaluate',
//                                           'hint', 'review'); state: a toJSON() of a Jokerball, Zola or Match
// out: { type: 'ready' } | { type: 'failed', message } | { id, result } | { id, error: { code, message } }
//      | { id, progress: [done, total] } (while a review runs).
import init, { Jokerball, Zola, Match, Bot } from './steere_games.js';

const classes = { jokerball: Jokerball, zola: Zola, match: Match };
let ready;

function answer({ id, type, state, options }) {
  let obj;
  let bot;
  try {
    obj = classes[state.game].fromJSON(state);
    bot = new Bot(options);
    self.postMessage({ id, result: bot[type](obj, { onProgress: (...progress) => self.postMessage({ id, progress }) }) });
  } catch (e) {
    self.postMessage({ id, error: { code: e && e.code, message: String((e && e.message) || e) } });
  } finally {
    obj?.free();
    bot?.free();
  }
}

self.onmessage = ({ data }) => {
  if (data.type === 'init') {
    ready = init(data.wasm ? { module_or_path: data.wasm } : undefined);
    ready.then(
      () => self.postMessage({ type: 'ready' }),
      (e) => self.postMessage({ type: 'failed', message: String((e && e.message) || e) }),
    );
  } else {
    ready.then(() => answer(data));
  }
};
