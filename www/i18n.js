// The languages of the demo and of the balance lab: the one way a page of www/ looks its words up. A page
// speaks the language of ?lang= when it is one of its own, else the one picked before (the picker at the
// top, remembered for both pages), else the first of the browser's languages it has, else English; a tag
// counts by its primary subtag ('es-419' is Spanish). Its words: the page's own English in its HTML (each
// text marked data-t, data-t-html, data-t-label or data-t-title with its key), its catalogues (the demo's
// text-*.js, the lab's lab/text-*.js), and the board elements' catalogues (lang-*.js of the package) for
// the words both say. Which language a tag names, and the lookup and filling of a text, are the elements'
// own (lang.js of the package).
import { LANGS, known, pick, lookup, fill } from '../pkg/lang.js';

const KEY = 'steere-games:demo:lang';
// where a marked text goes: data-t the text, data-t-html the markup, the others an attribute
const MARKS = { t: 'textContent', tHtml: 'innerHTML', tLabel: 'aria-label', tTitle: 'title' };

export { known };

/** The language to speak, given the value of ?lang= (or null). */
export function chooseLanguage(asked) {
  let saved = null;
  try {
    saved = localStorage.getItem(KEY);
  } catch {
    // no storage: nothing was picked before
  }
  return pick([asked, saved, ...(navigator.languages ?? [])]);
}

export function rememberLanguage(l) {
  try {
    localStorage.setItem(KEY, l);
  } catch {
    // no storage: the choice lasts as long as the page
  }
}

/**
 * A page's words in its language: t(key, vars) for a text, apply(lang) for every marked text. `page`: the
 * page's catalogues by language ({ en, es, ru }: en the words its HTML does not hold).
 */
export class Words {
  constructor(doc, page) {
    this.doc = doc;
    this.page = page;
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
    const text = lookup(key, this.page[this.lang], LANGS[this.lang], this.english, this.page.en);
    return fill(text, (k) => (Array.isArray(vars[k]) ? this.t(...vars[k]) : String(vars[k] ?? '')));
  }

  apply(lang) {
    this.lang = lang;
    this.each((el, key, prop) => {
      if (prop in el) el[prop] = this.t(key);
      else el.setAttribute(prop, this.t(key));
    });
  }
}
