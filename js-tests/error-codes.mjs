// The error codes of the package, read from its TypeScript declarations: the union `SteereErrorCode` is
// emitted from the one list of codes (src/error.rs), so the tests do not restate it.
import { readFileSync } from 'node:fs';

const dts = readFileSync(new URL('../pkg/types.d.ts', import.meta.url), 'utf8');
const union = /^export type SteereErrorCode =([^;]*);/m.exec(dts);
if (!union) throw new Error('pkg/types.d.ts declares no SteereErrorCode');

/** Every code a SteereError may carry. */
export const CODES = new Set([...union[1].matchAll(/'([a-z_]+)'/g)].map((m) => m[1]));
if (CODES.size < 2) throw new Error(`SteereErrorCode lists too few codes: ${[...CODES]}`);
