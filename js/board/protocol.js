// The messages between WorkerBot (worker-bot.js) and the computer's worker (../worker.js), and the one
// answer to a request, which the worker gives and WorkerBot gives itself where no worker can start.
//   to the worker:   { type: 'init', wasm? }         load the engine (a single-file build posts the bytes)
//                    { id, type, state, options, args? }  type: the Bot method ('chooseMove', 'cubeAction',
//                                                    'evaluate', 'hint', 'review', 'rolloutPart'); state: a
//                                                    toJSON() of a Jokerball, Zola or Match; options: the
//                                                    Bot's; args: the method's options (without onProgress)
//                                                    and further arguments
//   from the worker: { type: 'ready' } | { type: 'failed', message } | { id, result }
//                    | { id, error: { code, message } }
//                    | { id, progress: [done, total] } (while a review or rollout runs)
import { Jokerball, Zola, Match, Bot } from './engine.js';

/** The class of each game's toJSON() `game`. */
export const CLASSES = { jokerball: Jokerball, zola: Zola, match: Match };

const text = (e) => String(e?.message || e);

export const ready = () => ({ type: 'ready' });
export const failed = (e) => ({ type: 'failed', message: text(e) });

/**
 * The worker's answer to request `data`, each message given to post(): { id, progress } as the work
 * goes on, then { id, result }, or { id, error } when think() throws.
 */
export function reply(data, post) {
  const { id } = data;
  try {
    post({ id, result: think(data, (...done) => post({ id, progress: done })) });
  } catch (e) {
    post({ id, error: { code: e?.code, message: text(e) } });
  }
}

/**
 * The Bot's answer to request `req` ({ type, state, options, args }): bot[type](game, { ...args[0],
 * onProgress }, ...the other args); onProgress(done, total) as Bot.review's.
 */
export function think({ type, state, options, args = [] }, onProgress) {
  let obj;
  let bot;
  try {
    obj = CLASSES[state.game].fromJSON(state);
    bot = new Bot(options);
    return bot[type](obj, { ...args[0], onProgress }, ...args.slice(1));
  } finally {
    obj?.free();
    bot?.free();
  }
}
