// The messages between WorkerBot (worker-bot.js) and the computer's worker (../worker.js), and the one
// answer to a request, which the worker gives and WorkerBot gives itself where no worker can start.
//   to the worker:   { type: 'init', wasm? }         load the engine (a single-file build posts the bytes)
//                    { id, type, state, options }    type: the Bot method ('chooseMove', 'cubeAction',
//                                                    'evaluate', 'hint', 'review'); state: a toJSON() of a
//                                                    Jokerball, Zola or Match; options: the Bot's
//   from the worker: { type: 'ready' } | { type: 'failed', message } | { id, result }
//                    | { id, error: { code, message } } | { id, progress: [done, total] } (while a review runs)
import { Jokerball, Zola, Match, Bot } from './engine.js';

/** The class of each game's toJSON() `game`. */
export const CLASSES = { jokerball: Jokerball, zola: Zola, match: Match };

const text = (e) => String(e?.message || e);

export const initRequest = (wasm) => ({ type: 'init', wasm });
export const request = (id, type, state, options) => ({ id, type, state, options });
export const ready = () => ({ type: 'ready' });
export const failed = (e) => ({ type: 'failed', message: text(e) });
export const result = (id, value) => ({ id, result: value });
export const progress = (id, done) => ({ id, progress: done });
export const error = (id, e) => ({ id, error: { code: e?.code, message: text(e) } });

/** The Bot's answer to request `req` ({ type, state, options }); onProgress(done, total) as Bot.review's. */
export function think({ type, state, options }, onProgress) {
  let obj;
  let bot;
  try {
    obj = CLASSES[state.game].fromJSON(state);
    bot = new Bot(options);
    return bot[type](obj, { onProgress });
  } finally {
    obj?.free();
    bot?.free();
  }
}

/**
 * Reads a message from the worker: on.failed() when it could not load the engine, on.progress(id,
 * [done, total]) during a review, on.answer(id, error, result) at the end of a request.
 */
export function read(data, on) {
  if (data.type === 'failed') return on.failed();
  if (data.type === 'ready') return;
  if (data.progress) return on.progress(data.id, data.progress);
  on.answer(data.id, data.error, data.result);
}
