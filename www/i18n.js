// The demo's languages. The page speaks the language of ?lang= when it is one of its own, else the one
// picked before (the picker at the top), else the first of the browser's languages it has, else English;
// a tag counts by its primary subtag ('es-419' is Spanish). Its words: index.html's English (each text
// marked data-t, data-t-html, data-t-label or data-t-title with its key), text-*.js, and the board
// elements' catalogues (lang-*.js of the package) for the words both say.
import en from '../pkg/lang-en.js';
import es from '../pkg/lang-es.js';
import ru from '../pkg/lang-ru.js';
import pageEn from './text-en.js';
import pageEs from './text-es.js';
import pageRu from './text-ru.js';

const WORDS = { en: [pageEn, en], es: [pageEs, es], ru: [pageRu, ru] };
const KEY = 'steere-games:demo:lang';
// where a marked text goes: data-t the text, data-t-html the markup, the others an attribute
const MARKS = { t: 'textContent', tHtml: 'innerHTML', tLabel: 'aria-label', tTitle: 'title' };

/** 'en', 'es' or 'ru' for a language tag, by its primary subtag; else null. */
export function known(tag) {
  const p = String(tag ?? '').split(/[-_]/)[0].trim().toLowerCase();
  return Object.hasOwn(WORDS, p) ? p : null;
}

/** The language to speak, given the value of ?lang= (or null). */
export function chooseLanguage(asked) {
  let saved = null;
  try {
    saved = localStorage.getItem(KEY);
  } catch {
    // no storage: nothing was picked before
  }
  for (const tag of [asked, saved, ...(navigator.languages ?? [])]) if (known(tag)) return known(tag);
  return 'en';
}

export function rememberLanguage(l) {
  try {
    localStorage.setItem(KEY, l);
  } catch {
    // no storage: the choice lasts as long as the page
  }
}

/** The page's words in its language: t(key, vars) for a text, apply(lang) for every marked text. */
export class Words {
  constructor(doc) {
    this.doc = doc;
    this.lang = 'en';
    // index.html's own English, read before anything is translated
    this.english = {};
    this.each((el, key, prop) => (this.english[key] ??= prop in el ? el[prop] : el.getAttribute(prop)));
  }

  each(fn) {
    for (const [mark, prop] of Object.entries(MARKS)) {
      const attr = `data-${mark.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
      for (const el of this.doc.querySelectorAll(`[${attr}]`)) fn(el, el.dataset[mark], prop);
    }
  }

  /** The text of `key`, with `{name}` filled from `vars`; a value [key, vars] is a text of its own. */
  t(key, vars = {}) {
    const [page, elements] = WORDS[this.lang];
    const text = page[key] ?? elements[key] ?? this.english[key] ?? pageEn[key] ?? key;
    return text.replace(/\{(\w+)\}/g, (_, k) => (Array.isArray(vars[k]) ? this.t(...vars[k]) : String(vars[k] ?? '')));
  }

  apply(lang) {
    this.lang = lang;
    this.each((el, key, prop) => {
      if (prop in el) el[prop] = this.t(key);
      else el.setAttribute(prop, this.t(key));
    });
  }
}
