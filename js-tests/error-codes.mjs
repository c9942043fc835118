// The error codes of the package, read from its TypeScript declarations: the union `SteereErrorCode` is
// emitted from the one list of codes (src/error.rs), so the tests do not restate it.
import { readFileSync } from 'node:fs';
import assert from 'node:assert/strict';
import { SteereError } from '../pkg/node.js';

const dts = readFileSync(new URL('../pkg/types.d.ts', import.meta.url), 'utf8');
const union = /^export type SteereErrorCode =([^;]*);/m.exec(dts);
if (!union) throw new Error('pkg/types.d.ts declares no SteereErrorCode');

/** Every code a SteereError may carry. */
export const CODES = new Set([...union[1].matchAll(/'([a-z_]+)'/g)].map((m) => m[1]));
if (CODES.size < 2) throw new Error(`SteereErrorCode lists too few codes: ${[...CODES]}`);

/** The code of the SteereError that `fn` throws (the test fails when it throws nothing else). */
export function code(fn) {
  try {
    fn();
  } catch (e) {
    assert.ok(e instanceof SteereError, `not a SteereError: ${e}`);
    return e.code;
  }
  assert.fail('no error thrown');
}
