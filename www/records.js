// Records (docs/records.md) in the demo: reading one with the right class, its file name, and the share
// link's fragment (#record=, the record deflated and written in base64url).
import { Jokerball, Zola, Match, recordType } from '../pkg/steere_games.js';

// a decompressed fragment may not grow past the largest record the engine reads
const MAX = 1 << 20;

/**
 * The Jokerball, Zola or Match a record holds, at its end, with fresh dice for going on. Throws the
 * engine's SteereError (its parse_error message names the line).
 */
export function readRecord(text) {
  const { game, match } = recordType(text);
  const cls = match ? Match : game === 'zola' ? Zola : Jokerball;
  return cls.fromRecord(text, { seed: crypto.getRandomValues(new Uint32Array(1))[0] });
}

/** Today's date, its parts joined by `sep`: 2026.12.03 */
function today(sep) {
  const d = new Date();
  return [d.getFullYear(), d.getMonth() + 1, d.getDate()].map((n) => String(n).padStart(2, '0')).join(sep);
}

/** 'jokerball-2026-12-03.txt', 'zola-match-2026-12-03.txt': the game, a match or not, and today. */
export function fileName(obj) {
  const s = obj.toJSON({ rng: false });
  const kind = s.game === 'match' ? `${s.variant}-match` : s.game;
  return `${kind}-${today('-')}.txt`;
}

/** The record of `obj`, dated today unless it has a date of its own. */
export function recordOf(obj) {
  if (obj.tags?.Date) return obj.toRecord();
  return obj.toRecord({ Date: today('.') });
}

/** Offers `text` as a download named `name`. */
export function download(text, name) {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

/** The bytes `stream` makes of `bytes`; more than MAX of them throws. */
async function through(bytes, stream) {
  const reader = new Blob([bytes]).stream().pipeThrough(stream).getReader();
  const parts = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > MAX) {
      reader.cancel();
      throw new RangeError('too long');
    }
    parts.push(value);
  }
  return new Uint8Array(await new Blob(parts).arrayBuffer());
}

/** The share fragment's value: `text` deflated (raw), in base64url without padding. */
export async function pack(text) {
  const bytes = await through(new TextEncoder().encode(text), new CompressionStream('deflate-raw'));
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The record in a fragment value made by pack(); throws when it is not one. */
export async function unpack(value) {
  if (!/^[\w-]+$/.test(value)) throw new TypeError('not base64url');
  const bin = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(await through(bytes, new DecompressionStream('deflate-raw')));
}

/** The share link of `text`: this page's address without its query, with #record=. */
export async function shareLink(text) {
  const url = new URL(location.href);
  url.search = '';
  url.hash = `record=${await pack(text)}`;
  return url.href;
}
