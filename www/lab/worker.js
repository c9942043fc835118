// A worker of the balance lab (lab.js): plays the chunks of games it is sent with the package's
// simulate, through the lab's own code (core.js), and reports the games done as it goes. Messages in:
// { type: 'init', wasm? } once (wasm: the module's bytes, where it cannot be fetched), then { id, chunk }.
// Out: { type: 'ready' } or { type: 'failed', message }, then { id, done } and { id, result } or
// { id, error }.
import init, { simulate } from '../../pkg/steere_games.js';
import { playChunk } from './core.js';

let ready;
self.onmessage = ({ data }) => {
  if (data.type === 'init') {
    ready = init(data.wasm ? { module_or_path: data.wasm } : undefined);
    ready.then(
      () => self.postMessage({ type: 'ready' }),
      (e) => self.postMessage({ type: 'failed', message: String(e?.message ?? e) }),
    );
    return;
  }
  ready.then(() => {
    const { id, chunk } = data;
    try {
      const result = playChunk(simulate, chunk, (done) => self.postMessage({ id, done }));
      self.postMessage({ id, result });
    } catch (e) {
      self.postMessage({ id, error: String(e?.message ?? e) });
    }
  });
};
