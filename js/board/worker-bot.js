// WorkerBot: the computer opponent in a Web Worker (the package's worker.js), its answers as promises.
// The messages, and the answer given on the page's thread where no worker starts, are protocol.js's.
import { SteereError, Bot } from './engine.js';
import { asError } from './common.js';
import { think } from './protocol.js';

let inlineWorker = null;

/** The workers a review or rollout is spread over: navigator.hardwareConcurrency, at most 4. */
const workers = () => Math.min(globalThis.navigator?.hardwareConcurrency || 1, 4);

/** The object's toJSON(), any exception it throws as a SteereError. */
function json(obj) {
  try {
    return obj.toJSON();
  } catch (e) {
    throw asError(e);
  }
}

/**
 * The computer opponent in a Web Worker (worker.js beside this file); answers are promises. Where no
 * worker can start, it thinks on the page's thread instead, one decision at a time.
 */
export class WorkerBot {
  /** For a single-file build: start workers from this source, posting them the wasm bytes. */
  static inline(code, wasm) {
    inlineWorker = { code, wasm };
  }

  constructor(options = {}) {
    this.level = options.level ?? 'medium';
    this.seed = options.seed;
    // and, unset until the first request: _worker, or _local when no worker could start
    this._n = 0; // the last request's id
    this._waiting = new Map(); // the requests sent to the worker, by id
  }

  /** A legal move of the current phase, chosen off the page's thread. */
  async chooseMove(gameOrMatch) {
    return this._send('chooseMove', json(gameOrMatch));
  }

  /** 'double' | 'no-double' | 'take' | 'drop', as Bot.cubeAction. */
  async cubeAction(match) {
    return this._send('cubeAction', json(match));
  }

  /** Each player's chances, as Bot.evaluate. */
  async evaluate(gameOrMatch) {
    return this._send('evaluate', json(gameOrMatch));
  }

  /** Every choice ranked, as Bot.hint. */
  async hint(gameOrMatch) {
    return this._send('hint', json(gameOrMatch));
  }

  /**
   * The review of the game or match, as Bot.review; onProgress(done, total) as the workers report it.
   * A lone Jokerball game is spread over several workers (_spread): each reviews a run of its turns
   * (Bot.reviewRuns), and the runs' reviews are joined (Bot.joinReviews).
   */
  async review(gameOrMatch, options) {
    const state = json(gameOrMatch);
    let runs = null;
    try {
      runs = Bot.reviewRuns(gameOrMatch, Math.min(workers(), Math.floor(state.history.length / 6)));
    } catch {}
    const reviews = await this._spread('review', runs?.map((run) => [run.state]) ?? [[state]], options?.onProgress);
    return runs ? Bot.joinReviews(reviews, runs) : reviews[0];
  }

  /**
   * A rollout, as Bot.rollout, spread over several workers (_spread): each plays a part of the trials
   * (bot.rolloutPart), and the parts are joined here (bot.joinRollout), the same numbers as one Bot's.
   * options.signal (an AbortSignal) cancels it: the workers stop, as terminate() stops them. Options
   * that are not an object (null and undefined are the defaults) are refused as Bot.rollout refuses them.
   */
  async rollout(gameOrMatch, options) {
    options ??= {};
    if (typeof options !== 'object' || Array.isArray(options)) {
      throw new SteereError('invalid_option', 'rollout options must be an object');
    }
    const { onProgress, signal, ...settings } = options;
    const state = json(gameOrMatch);
    const n = workers();
    const stop = () => this.terminate();
    const parts = this._spread(
      'rolloutPart',
      Array.from({ length: n }, (_, k) => [state, [settings, k, n]]),
      onProgress,
    );
    // once the parts are asked for, so that a signal aborted already refuses them too
    signal?.addEventListener('abort', stop);
    if (signal?.aborted) stop();
    try {
      // the bot's level and seed do not count here: the parts name the candidates
      return think({ type: 'joinRollout', state, options: {}, args: [settings, await parts] });
    } finally {
      signal?.removeEventListener('abort', stop);
    }
  }

  /**
   * The jobs, each [state, args] of a request `type`, sent to this worker and helpers, one each (helpers
   * started as needed, with this bot's level and seed); onProgress(done, total) summed over them all,
   * once every job has said its total (so that the total never grows while it runs).
   */
  _spread(type, jobs, onProgress) {
    const done = jobs.map(() => null);
    this._helpers ??= [];
    return Promise.all(
      jobs.map(([state, args], i) => {
        if (i) this._helpers[i - 1] ??= new WorkerBot();
        const bot = i ? this._helpers[i - 1] : this;
        bot.level = this.level;
        bot.seed = this.seed;
        return bot._send(
          type,
          state,
          (...d) => {
            done[i] = d;
            if (!done.includes(null)) onProgress?.(...done.reduce((a, x) => [a[0] + x[0], a[1] + x[1]], [0, 0]));
          },
          args,
        );
      }),
    );
  }

  /** Stops the worker (and a review's helpers); answers still awaited are refused. */
  terminate() {
    for (const h of this._helpers ?? []) h.terminate();
    this._stop((r) => r.reject(new SteereError('wrong_phase', 'the bot was terminated')));
  }

  /** Stops the worker and gives each request still waiting for it to `each`. */
  _stop(each) {
    this._worker?.terminate();
    this._worker = null;
    const reqs = [...this._waiting.values()];
    this._waiting.clear();
    reqs.forEach(each);
  }

  _send(type, state, onProgress, args) {
    // a request (protocol.js), with the Bot's options (a seed not set, undefined or null, is the Bot's default)
    const message = { id: ++this._n, type, state, options: { level: this.level, seed: this.seed }, args };
    return new Promise((resolve, reject) => {
      const req = { ...message, onProgress, resolve, reject };
      this._start();
      if (this._local) {
        setTimeout(() => this._think(req), 0);
      } else {
        this._waiting.set(req.id, req);
        this._worker.postMessage(message);
      }
    });
  }

  _start() {
    if (this._worker || this._local) return;
    try {
      if (inlineWorker) {
        this._worker = new Worker(URL.createObjectURL(new Blob([inlineWorker.code], { type: 'text/javascript' })));
      } else {
        // the shipped board.js (this file bundled) has the worker beside it
        this._worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
      }
    } catch {
      this._local = true;
      return;
    }
    // the worker's messages (protocol.js): it could not load the engine, or a request's progress or answer
    // ('ready' has no id, and nothing is waiting for an id already answered)
    this._worker.onmessage = ({ data }) => {
      if (data.type === 'failed') return this._fallback();
      const req = this._waiting.get(data.id);
      if (!req) return;
      if (data.progress) return req.onProgress?.(...data.progress);
      this._waiting.delete(data.id);
      if (data.error) req.reject(asError(data.error));
      else req.resolve(data.result);
    };
    this._worker.onerror = (e) => {
      e.preventDefault();
      this._fallback();
    };
    this._worker.postMessage({ type: 'init', wasm: inlineWorker?.wasm });
  }

  _fallback() {
    this._local = true;
    this._stop((r) => setTimeout(() => this._think(r), 0));
  }

  _think(req) {
    try {
      req.resolve(think(req, req.onProgress));
    } catch (e) {
      req.reject(asError(e));
    }
  }
}
