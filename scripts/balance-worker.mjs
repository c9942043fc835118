// A worker thread of `make balance` (scripts/balance.mjs): plays the chunks it is given with the package's
// simulate, through the lab's own code (www/lab/core.js), reporting progress as the lab page's workers do.
import { parentPort } from 'node:worker_threads';
import { simulate } from '../pkg/node.js';
import { playChunk } from '../www/lab/core.js';

parentPort.on('message', (chunk) => {
  const result = playChunk(simulate, chunk, (done) => parentPort.postMessage({ done }));
  parentPort.postMessage({ result });
});
