// What both elements and WorkerBot share: the engine's loading, errors as SteereError, the attribute
// helpers, the languages (../lang/lang.js, shared with the demo) and the watch on the page's languages.
import { init, Jokerball, Zola, Match, SteereError } from './engine.js';

import { LANGS, say, tell, language, plural, spoken, percent } from '../lang/lang.js';

export { LANGS, say, tell, language, plural, spoken, percent };

export const OTHER = { red: 'blue', blue: 'red' };

/** Fires event `type` with `detail` from element `el` (out of its shadow root); false when it was cancelled. */
export const fire = (el, type, detail, cancelable = false) =>
  el.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true, cancelable }));

/**
 * What both elements share: the shadow root, the language, the loading of the engine, and their errors by
 * source, each told once by steere-error and shown in `_msg`.
 */
export class Base extends (globalThis.HTMLElement ?? class {}) {
  /** An element whose shadow root holds `html`, with a `.msg` for the errors; English until connected. */
  constructor(html) {
    super();
    this.attachShadow({ mode: 'open' }).innerHTML = html;
    this._l = 'en';
    this._cat = LANGS.en;
    this._errors = new Map();
    this._msg = this._q('.msg');
  }

  /** The first element of the shadow root that matches `selector`. */
  _q(selector) {
    return this.shadowRoot.querySelector(selector);
  }

  /** The language spoken now: 'en', 'es' or 'ru' (see `lang`). */
  get language() {
    return this._l;
  }

  /**
   * Takes the language the element should speak now (see language()) and marks its parts `_langOf` with
   * it; when it changed, the element's own words are written again (`_relabel`); true when it changed.
   */
  _setLang() {
    const l = language(this);
    for (const e of this._langOf) e.setAttribute('lang', l);
    if (l === this._l) return false;
    this._l = l;
    this._cat = LANGS[l];
    this._relabel?.();
    this._showErrors();
    return true;
  }

  /** A `lang` of the page changed (listen()): redrawn when the element's language did. */
  _relang() {
    if (this._setLang() && this._ready) this._render();
  }

  /** Runs `fn` once the engine is loaded (at once when it is); tells when it could not be. */
  _whenReady(fn) {
    return engine().then(
      () => {
        this._ready = true;
        fn();
      },
      (e) => this._fail('engine', e, ['loadFailed']),
    );
  }

  /**
   * Records an error of `source` (any thrown value, as a SteereError), fires steere-error once for it and
   * shows its message: `msg`, a catalogue message (by default the one chosen by the error's code, or the
   * sentence of an object that is not of this copy of the package) or a function that gives the text.
   */
  _fail(source, thrown, msg) {
    const error = asError(thrown);
    msg ??= error.message === NOT_OBJECT ? ['notObject'] : failed(error);
    const id = (msg.call ? msg() : JSON.stringify(msg)) + error.message;
    const again = this._errors.get(source)?.id === id;
    this._errors.set(source, { id, msg });
    this._showErrors();
    if (!again) fire(this, 'steere-error', { error });
  }

  /** Forgets the errors of the sources that start with `prefix`; returns `value` (an attribute read well). */
  _clear(prefix, value) {
    let changed = false;
    // (a Map may lose its entries while its keys are walked)
    for (const k of this._errors.keys()) if (k.startsWith(prefix)) changed = this._errors.delete(k);
    if (changed) this._showErrors();
    return value;
  }

  /**
   * Tells the bad value of attribute `name` (source `attr:<name>`), the reason `why` in English and
   * `reason` in the catalogue's words (by default: the `values` expected); returns `fallback`.
   */
  _badAttr(name, value, values, fallback, why = `expected ${values}`, reason = ['expected', { values }]) {
    this._fail(`attr:${name}`, new SteereError('invalid_option', `${name}="${value}": ${why}`), [
      'badAttribute',
      { name, value, reason },
    ]);
    return fallback;
  }

  /**
   * Attribute `name` (trimmed) as `value` reads it (undefined: a bad value, reported as not one of
   * `expected`); `fallback` when it is missing, blank or bad.
   */
  _read(name, value, expected, fallback) {
    const v = this.getAttribute(name)?.trim();
    const x = v ? value(v) : fallback;
    return x === undefined ? this._badAttr(name, v, expected, fallback) : this._clear(`attr:${name}`, x);
  }

  /** Attribute `name`, one of `allowed` (`fallback` when it is missing, blank or not one of them). */
  _enum(name, allowed, fallback) {
    return this._read(name, (v) => (allowed.includes(v) ? v : undefined), allowed.join(' | '), fallback);
  }

  _showErrors() {
    const el = this._msg;
    el.textContent = [...this._errors.values()]
      .map(({ msg }) => (msg.call ? msg() : tell(this._l, msg)))
      .join(' ')
      .trim();
    el.hidden = !el.textContent;
  }
}
/** The English of the catalogue's text, for the message of a SteereError (which is always in English). */
export const NOT_OBJECT = LANGS.en.notObject;

let loading;
/** Loads the wasm once; resolves at once when the page has done it already. */
export const engine = () => (loading ??= init().then(() => {}));

/**
 * Any thrown value as a SteereError (the elements' events always carry one); its code is kept when it is one
 * of the package's codes, each of which the catalogues word (code_*).
 */
export function asError(e) {
  if (e instanceof SteereError) return e;
  return new SteereError(
    Object.hasOwn(LANGS.en, `code_${e?.code}`) ? e.code : 'invalid_option',
    String(e?.message ?? e),
  );
}

/** What an element shows for an error: the catalogue's sentence, the reason chosen by the error's code. */
export const failed = (error, key = 'error', vars) => [key, { ...vars, reason: [`code_${asError(error).code}`] }];

// One view() per drawing: while drawing(obj, fn) runs, every viewOf(obj) shares the first call's view
// (the object does not change while it is drawn); outside a drawing each viewOf asks the engine.
let shown = null;
/** The engine's view() of `obj`, read once per drawing. */
export const viewOf = (obj) => {
  if (shown?.obj !== obj) return obj.view();
  shown.view ??= obj.view();
  return shown.view;
};
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

/** Move `m` (as play() returns it) in words, a message: 'man b3 to d3', 'ball f9 into the goal'. */
export const moveWords = (m) =>
  m.kind === 'swap'
    ? ['swap']
    : [
        `mv_${m.kind}`,
        { from: m.from, to: m.to === 'off' ? ['mv_off'] : ['mv_to', { cell: m.to }], x: m.capture ? ['mv_x'] : '' },
      ];

/** Who must act now (the answerer of a pending double), or null: the engine's toAct. */
export const actor = (obj) => viewOf(obj).toAct?.player ?? null;

/** The phase of the game being played: a match's current game's, else the lone game's. */
export const phaseOf = (obj) => (obj instanceof Match ? obj.gamePhase : obj.phase);

/** Whether everything is over: the match, or the lone game. */
export const allOver = (obj) => obj.phase === (obj instanceof Match ? 'match-over' : 'over');

/** Throws the SteereError invalid_option when `obj` is no Jokerball, Zola or Match of this copy of the package. */
export function checkObject(obj) {
  if (![Jokerball, Zola, Match].some((c) => obj instanceof c)) throw new SteereError('invalid_option', NOT_OBJECT);
}

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
