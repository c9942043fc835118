// What both elements and WorkerBot share: the engine's loading, errors as SteereError, the attribute
// helpers, the languages (../lang.js, shared with the demo) and the watch on the page's languages.
import { init, Jokerball, Zola, Match, SteereError } from './engine.js';

export { LANGS, say, tell, language, plural, spoken } from '../lang.js';

export const OTHER = { red: 'blue', blue: 'red' };
export const Base = globalThis.HTMLElement ?? class {};
export const NOT_OBJECT = 'not a Jokerball, Zola or Match object of this copy of steere-games';
const CODES = ['invalid_option', 'parse_error', 'game_over', 'wrong_phase', 'illegal_move', 'cube_not_allowed', 'freed'];

let loading;
/** Loads the wasm once; resolves at once when the page has done it already. */
export const engine = () => (loading ??= init().then(() => {}));

/** Any thrown value as a SteereError (the elements' events always carry one). */
export function asError(e) {
  if (e instanceof SteereError) return e;
  return new SteereError(CODES.includes(e?.code) ? e.code : 'invalid_option', String(e?.message ?? e));
}

/** What an element shows for an error: the catalogue's sentence, the reason chosen by the error's code. */
export const failed = (error, key = 'error', vars) => [key, { ...vars, reason: [`code_${error.code}`] }];

// One view() per drawing: while drawing(obj, fn) runs, every viewOf(obj) shares the first call's view
// (the object does not change while it is drawn); outside a drawing each viewOf asks the engine.
let shown = null;
/** The engine's view() of `obj`, read once per drawing. */
export const viewOf = (obj) => (shown?.obj === obj ? (shown.view ??= obj.view()) : obj.view());
/** Runs `fn` as one drawing of `obj` (a drawing inside another is part of it). */
export function drawing(obj, fn) {
  if (shown) return fn();
  shown = { obj, view: null };
  try {
    return fn();
  } finally {
    shown = null;
  }
}

/** Who must act now (the answerer of a pending double), or null: the engine's toAct. */
export const actor = (obj) => viewOf(obj).toAct?.player ?? null;

export const kindOf = (obj) =>
  obj instanceof Match ? 'match' : obj instanceof Jokerball ? 'jokerball' : obj instanceof Zola ? 'zola' : null;

export function attr(el, name, value) {
  if (value === null || value === undefined || value === false) el.removeAttribute(name);
  else el.setAttribute(name, value === true ? '' : value);
}

/** Makes a property set before the element was defined go through the class's setter. */
export function upgrade(el, ...names) {
  for (const n of names) {
    if (Object.hasOwn(el, n)) {
      const v = el[n];
      delete el[n];
      el[n] = v;
    }
  }
}

// Connected elements hear of any change of a `lang` in the page (and of the browser's languages).
const speakers = new Set();
let watcher;
export function listen(el, on) {
  if (!on) return speakers.delete(el);
  speakers.add(el);
  if (watcher || !globalThis.MutationObserver) return;
  const all = () => {
    for (const e of speakers) e._relang();
  };
  watcher = new MutationObserver(all);
  watcher.observe(document, { attributes: true, attributeFilter: ['lang'], subtree: true });
  addEventListener('languagechange', all);
}
