// The languages of the board elements and of the demo page (www/i18n.js): the three catalogues, which
// language a tag names, which of several tags is spoken, and a text looked up and filled in. Shipped as
// the package's lang.js, bundled with the catalogues beside it (lang-en.js, lang-es.js, lang-ru.js).
import en from './lang-en.js';
import es from './lang-es.js';
import ru from './lang-ru.js';

/** The board elements' catalogues by language. */
export const LANGS = { en, es, ru };

/** 'en', 'es' or 'ru' for a language tag, by its primary subtag ('es-419' is 'es'); else null. */
export function known(tag) {
  const p = String(tag ?? '')
    .split(/[-_]/)[0]
    .trim()
    .toLowerCase();
  return Object.hasOwn(LANGS, p) ? p : null;
}

/** The first of `tags` that names a language with a catalogue, else English. */
export function pick(tags) {
  for (const t of tags) if (known(t)) return known(t);
  return 'en';
}

/** The text of `key` in the first of `catalogues` that has one, else the key itself. */
export function lookup(key, ...catalogues) {
  for (const c of catalogues) if (c[key] != null) return c[key];
  return key;
}

/** `text` with each `{name}` replaced by value(name). */
export const fill = (text, value) => text.replace(/\{(\w+)\}/g, (_, k) => value(k));

/** The catalogue key of `key`'s plural form for `n` in language `l` (point_one, dest_few, ...). */
export const plural = (l, key, n) => `${key}_${new Intl.PluralRules(l).select(n)}`;

/** The catalogue key of the unit for `n` points in language `l` (point_one, point_few, ...). */
export const pointUnit = (l, n) => plural(l, 'point', n);

/** The text of `key` in catalogue `cat` (English when missing), with `{name}` filled from `vars`. */
export function say(cat, key, vars) {
  const text = lookup(key, cat, en);
  return vars ? fill(text, (k) => (k in vars ? vars[k] : '')) : text;
}

/**
 * A message [key, vars] in language `l`. A value that is itself a message is put in translated (a
 * player's name, a reason), and `{unit}` agrees in number with `{points}`.
 */
export function tell(l, [key, vars = {}]) {
  const v = {};
  for (const k in vars) v[k] = Array.isArray(vars[k]) ? tell(l, vars[k]) : vars[k];
  if ('points' in v) v.unit = say(LANGS[l], pointUnit(l, v.points));
  return say(LANGS[l], key, v);
}

/** A chance `x` (0 to 1) as a percentage in language `l` with `digits` decimals (`signDisplay` as Intl's). */
export const percent = (l, x, digits = 0, signDisplay) =>
  new Intl.NumberFormat(l, {
    style: 'percent',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    signDisplay,
  }).format(x);

/**
 * A turn or move as the engine writes it (a record '2/6 b4xc4 -', a hint's 'b4xc4 -', a Zola move), as a
 * person reads it in language `l`: each part skipped ('-', which reads as a minus sign) in words, the
 * ball's part being the last: '2/6 b4xc4, no ball move'; a lone '-' (a Zola pass) 'passes'.
 */
export function spoken(l, move) {
  const parts = move.split(' ');
  if (!parts.includes('-')) return move;
  const cat = LANGS[l];
  if (parts.length === 1) return say(cat, 'passes');
  const words = parts.map((p, i) => (p === '-' ? say(cat, i === parts.length - 1 ? 'noBall' : 'noMan') : p));
  // a turn record begins with its dice, which stay apart from its moves
  const dice = parts.length > 2 ? `${words.shift()} ` : '';
  return dice + words.join(', ');
}

/**
 * The language an element speaks: its own `lang`, else the nearest ancestor's (out through shadow roots),
 * else the first of navigator.languages that has a catalogue, else English. A tag without one: English.
 */
export function language(el) {
  for (let n = el; n; n = n.getRootNode().host) {
    const at = n.closest('[lang]:not([lang=""])');
    if (at) return known(at.getAttribute('lang')) ?? 'en';
  }
  return pick(globalThis.navigator?.languages ?? []);
}
