// The computer opponent and its analysis off the page's thread (used by WorkerBot, worker-bot.js):
// the messages and the answer are protocol.js's, shared with WorkerBot.
import { init } from './engine.js';
import { reply, ready as isReady, failed } from './protocol.js';

let ready;

self.onmessage = ({ data }) => {
  if (data.type === 'init') {
    ready = init(data.wasm ? { module_or_path: data.wasm } : undefined);
    ready.then(
      () => self.postMessage(isReady()),
      (e) => self.postMessage(failed(e)),
    );
  } else {
    ready.then(() => reply(data, (m) => self.postMessage(m)));
  }
};
