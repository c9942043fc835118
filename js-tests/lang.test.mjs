// The catalogues: the board elements' (js/lang/lang-en.js, lang-es.js, lang-ru.js) have the same keys, no
// more, no fewer, the same {placeholders} per key, and a sentence for every error code; the demo's
// (www/text-*.js, with index.html's English) translate every text the page marks, with the same
// placeholders and, in the how-to-play, the same markup; the balance lab's (www/lab/text-*.js, with
// lab/index.html's English) translate every text of the lab. The shipped copies in pkg/ are the same texts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import en from '../js/lang/lang-en.js';
import es from '../js/lang/lang-es.js';
import ru from '../js/lang/lang-ru.js';
import pageEn from '../www/text-en.js';
import pageEs from '../www/text-es.js';
import pageRu from '../www/text-ru.js';
import labEn from '../www/lab/text-en.js';
import labEs from '../www/lab/text-es.js';
import labRu from '../www/lab/text-ru.js';
import { CODES } from './error-codes.mjs';

const placeholders = (text) => [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort();
const sorted = (o) => Object.keys(o).sort();

for (const [name, cat] of Object.entries({ es, ru })) {
  test(`lang-${name}.js has exactly the keys of lang-en.js, each with the same placeholders`, () => {
    assert.deepEqual(sorted(cat), sorted(en), 'missing or extra keys');
    for (const key of Object.keys(en)) {
      assert.equal(typeof cat[key], 'string', key);
      assert.ok(cat[key].trim().length > 0, `${key} is empty`);
      assert.deepEqual(placeholders(cat[key]), placeholders(en[key]), `placeholders of ${key}`);
    }
  });

  test(`lang-${name}.js is translated: not English but in names, notation and numbers`, () => {
    // keys whose text may be the same in every language (names of games, a move as written, a Zola move
    // in words: its cells and the words put in)
    const same = new Set(['played', 'mv_move']);
    const alike = Object.keys(en).filter((k) => !same.has(k) && cat[k] === en[k]);
    assert.deepEqual(alike, []);
  });
}

test('lang-en.js: a sentence for every error code, and every plural form', () => {
  for (const code of CODES) assert.ok(en[`code_${code}`], `no message for the code ${code}`);
  for (const form of ['one', 'few', 'many', 'other']) assert.ok(en[`point_${form}`], `no point_${form}`);
  for (const text of Object.values(en)) assert.doesNotMatch(text, /\{\W|\{\}/, 'a broken placeholder');
});

test('the package ships the three catalogues with the same texts', async () => {
  const { LANGS } = await import('../pkg/lang.js');
  assert.deepEqual(Object.keys(LANGS), ['en', 'es', 'ru']);
  for (const [name, cat] of Object.entries({ en, es, ru })) assert.deepEqual(LANGS[name], cat, `pkg/lang.js, ${name}`);
});

// ---- the demo page

const html = readFileSync(new URL('../www/index.html', import.meta.url), 'utf8');
/** Every key index.html marks (data-t, data-t-html, data-t-label, data-t-title) with its English. */
const marked = new Map([...html.matchAll(/data-t(?:-html|-label|-title)?="(\w+)"/g)].map((m) => [m[1], m[0]]));
const helpEn = /<div data-t-html="help">([\s\S]*?)<\/div>/.exec(html)[1];
const tags = (markup) => {
  const n = {};
  for (const m of markup.matchAll(/<(\w+)[\s>]/g)) n[m[1]] = (n[m[1]] ?? 0) + 1;
  return n;
};

test("the demo marks its texts and the elements' catalogues hold the words both say", () => {
  assert.ok(marked.size > 20, `only ${marked.size} marked texts in index.html`);
  for (const key of ['red', 'blue', 'easy', 'medium', 'hard', 'newGame']) assert.ok(marked.has(key) && key in en, key);
});

for (const [name, page] of Object.entries({ es: pageEs, ru: pageRu })) {
  test(`www/text-${name}.js translates every marked text of index.html and every key of text-en.js`, () => {
    const want = [...new Set([...[...marked.keys()].filter((k) => !(k in en)), ...Object.keys(pageEn)])].sort();
    assert.deepEqual(sorted(page), want);
    for (const key of Object.keys(pageEn)) assert.deepEqual(placeholders(page[key]), placeholders(pageEn[key]), key);
    for (const [key, text] of Object.entries(page)) assert.ok(text.trim().length > 0, `${key} is empty`);
  });

  test(`www/text-${name}.js: the how-to-play has the markup of the English one (links, keys, lists, headings)`, () => {
    assert.deepEqual(tags(page.help), tags(helpEn));
    assert.deepEqual(
      [...page.help.matchAll(/href="([^"]+)"/g)].map((m) => m[1]),
      [...helpEn.matchAll(/href="([^"]+)"/g)].map((m) => m[1]),
    );
    // the buttons named in it are the buttons as the page labels them in that language
    const cat = { es, ru }[name];
    for (const [, label] of page.help.matchAll(/<kbd>([^<]+)<\/kbd>/g)) {
      if (['Tab', 'Esc', 'r', 'Enter', 'Intro'].includes(label)) continue;
      assert.ok(
        Object.values(cat).includes(label) || Object.values(page).includes(label),
        `<kbd>${label}</kbd> is no button of the page`,
      );
    }
  });
}

test('spoken: a skipped part of a turn in words, the notation otherwise as written', async () => {
  const { spoken } = await import('../js/lang/lang.js');
  // records (dice first) and hints (moves only); a Zola pass
  assert.equal(spoken('en', '2/6 b4xc4 -'), '2/6 b4xc4, no ball move');
  assert.equal(spoken('en', '3/5 - d4>d6'), '3/5 no man move, d4>d6');
  assert.equal(spoken('en', '3/2 - -'), '3/2 no man move, no ball move');
  assert.equal(spoken('en', 'b4xc4 -'), 'b4xc4, no ball move');
  assert.equal(spoken('es', '- d4>d6'), 'sin mover ficha, d4>d6');
  assert.equal(spoken('ru', '-'), 'пас');
  // nothing skipped: as the engine wrote it (a man's move to a1-c3 keeps its dash)
  for (const m of ['2/3 b3-d3 f6>h6', 'a1-c3 d4>off', 'b6xc6', 'swap']) assert.equal(spoken('ru', m), m);
});

// ---- the balance lab: its own words, every one translated (none borrowed from the elements)

const labHtml = readFileSync(new URL('../www/lab/index.html', import.meta.url), 'utf8');
const labMarked = [...labHtml.matchAll(/data-t="(\w+)"/g)].map((m) => m[1]);

for (const [name, page] of Object.entries({ es: labEs, ru: labRu })) {
  test(`www/lab/text-${name}.js translates every marked text of lab/index.html and every key of lab/text-en.js`, () => {
    assert.ok(labMarked.length > 20, `only ${labMarked.length} marked texts in lab/index.html`);
    // plural keys (rows_one, rows_other) in the forms of the language
    const plurals = (keys) => keys.filter((k) => !/_(?:one|few|many|other)$/.test(k));
    const want = [...new Set([...labMarked, ...Object.keys(labEn)])].sort();
    assert.deepEqual(plurals(sorted(page)), plurals(want));
    for (const key of Object.keys(labEn).filter((k) => k in page)) {
      assert.deepEqual(placeholders(page[key]), placeholders(labEn[key]), key);
    }
    for (const [key, text] of Object.entries(page)) assert.ok(text.trim().length > 0, `${key} is empty`);
  });
}
