// The computer opponent, off the page's thread. Messages:
//   { type: 'init', wasm?: bytes }                    -> loads the engine (bytes are posted on file://)
//   { type: 'move' | 'cube', id, kind: 'match' | 'zola', state, level, seed } -> { id, result } | { id, error }
// `state` is the game's toJSON(); the answer is a move (chooseMove) or a cube action (cubeAction).
import init, * as api from '../pkg/steere_games.js';

let ready = null;
const queue = [];

function answer(msg) {
  try {
    const obj = msg.kind === 'match' ? api.Match.fromJSON(msg.state) : api.Zola.fromJSON(msg.state);
    const options = { level: msg.level };
    if (msg.seed !== undefined) options.seed = msg.seed;
    const bot = new api.Bot(options);
    const result = msg.type === 'cube' ? bot.cubeAction(obj) : bot.chooseMove(obj);
    self.postMessage({ id: msg.id, result });
  } catch (e) {
    self.postMessage({ id: msg.id, error: { code: e && e.code, message: e && e.message ? e.message : String(e) } });
  }
}

self.onmessage = (e) => {
  const msg = e.data;
  if (msg.type === 'init') {
    ready = init(msg.wasm ? { module_or_path: msg.wasm } : undefined).then(() => {
      for (const m of queue.splice(0)) answer(m);
    });
    ready.catch((err) => self.postMessage({ id: 0, error: { code: 'init', message: String(err) } }));
    return;
  }
  if (!ready) queue.push(msg);
  else ready.then(() => answer(msg));
};
