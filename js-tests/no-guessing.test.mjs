// The front end asks the engine instead of guessing the rules (issue 25, item 4): no file of js/ or www/
// reads notation, records, positions or hints with a regular expression, or plays trial moves on a copy
// of a game to learn a rule. Every regular expression of those files must be one of the text patterns
// listed here (URLs, catalogue fillers, attribute numbers, base64url), and `.clone()` is called only
// where a copy is the working object of a real move (the boardgame.io adapter) or is not a game (the
// service worker's responses). A new pattern or copy fails here until it is judged and listed. A text
// is cut with split('<literal>') only where listed too: a record, move or position cut on its spaces or
// slashes is a guess at the notation (the replay's records, the board's last dice, issue 25 item 4).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join, dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

// file -> the regular expressions (their source) it may hold, each a text pattern reading no notation
const ALLOWED = {
  'js/online/boardgameio-client.js': ['\\/+$'], // a server address's trailing slashes
  'js/online/boardgameio.js': ['^[A-Za-z0-9_.-]{1,64}$'], // a factory's name
  'js/lang/lang.js': ['[-_]', '\\{(\\w+)\\}'], // a language tag's parts; {name} in a catalogue's text
  // control characters in a name or id; a bearer token (base64url); a seeks cursor
  'js/online/lobby-server.js': ['[\\p{Cc}\\p{Cs}]', '^Bearer ([A-Za-z0-9_-]{1,64})$', '^\\d{1,15}$'],
  'js/steere_error.js': ['^(__|constructor$)'], // the names of an object's methods
  'js/board/board-element.js': ['^\\d+$', '\\s+'], // an attribute's number; a list attribute's words
  'js/board/game-options.js': ['^\\d+$', '^-?\\d+$'], // attribute numbers
  'www/app.js': ['^#record=(.*)$', '^\\d+$'], // the share link's fragment; a URL parameter's number
  'www/i18n.js': ['[A-Z]'], // a dataset name written as an attribute
  'www/online.js': ['^https?:$'], // the page's protocol
  'www/records.js': ['\\+', '\\/', '=+$', '^[\\w-]+$', '-', '_'], // base64url
  'www/settings.js': ['^\\d+$'], // a URL parameter's number
  'www/sw.js': ['from\\s*[\'"](\\.\\/snippets\\/[^\'"]+)[\'"]'], // the glue's imports
};
// file -> the strings it may split a text on (split('x')), each cutting no notation
const SPLITS = {
  'js/board/draw.js': [':'], // the board's own key 'kind:size'
  'js/online/boardgameio-server.js': ['\\n'], // an error message's first line
  'js/online/lobby-server.js': ['\\n', '/'], // an error message's first line; a request's URL path
};
// what still reads notation by splitting it, each a leftover to move into the engine
const LEFT = {
  'js/board/infer.js': [' ', '/'], // the rows of a position string no game reads: the empty board drawn for it
  'js/lang/lang.js': [' '], // spoken(): a record's or hint's skipped parts ('-') said in words
};
// file -> how many `.clone()` calls it may make, and why
const CLONES = {
  'js/online/boardgameio.js': 2, // the copy a move is played on, kept only if the move is legal
  'www/sw.js': 1, // a fetched Response, cached
  'www/try.js': 1, // the copy of a replay's position that a person tries moves on (the game is never touched)
};

function files(dir) {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.js') ? [join(dir, e.name)] : [],
  );
}

/**
 * A file's code scanned once, as JavaScript reads it: `code` without comments and with each string
 * literal emptied, `regexes` the source of each regular expression literal (a slash where an operand
 * is expected) and of each RegExp() call, and `splits` the string literal given to each split() call
 * (as written, escapes kept).
 */
export function scan(text) {
  let code = '';
  const regexes = [];
  const splits = [];
  let prev = ''; // the last significant character or word of the code, to tell a regex from a division
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    const two = text.slice(i, i + 2);
    if (two === '//') {
      i = text.indexOf('\n', i);
      if (i < 0) break;
    } else if (two === '/*') {
      i = text.indexOf('*/', i + 2) + 2;
      if (i < 2) break;
    } else if (c === "'" || c === '"' || c === '`') {
      let j = i + 1;
      while (j < text.length && text[j] !== c) j += text[j] === '\\' ? 2 : 1;
      if (/\.split\s*\(\s*$/.test(code)) splits.push(text.slice(i + 1, j));
      code += c + c;
      prev = c;
      i = j + 1;
    } else if (
      c === '/' &&
      (prev === '' || /[=(,:[!&|?{};+\-*%<>~^]$/.test(prev) || /^(return|typeof|case|in|of)$/.test(prev))
    ) {
      let j = i + 1;
      let cls = false;
      while (j < text.length && (cls || text[j] !== '/') && text[j] !== '\n') {
        if (text[j] === '\\') j++;
        else if (text[j] === '[') cls = true;
        else if (text[j] === ']') cls = false;
        j++;
      }
      regexes.push(text.slice(i + 1, j));
      j++;
      while (/[a-z]/.test(text[j] ?? '')) j++;
      code += '/r/';
      prev = 'r';
      i = j;
    } else {
      code += c;
      if (/\w/.test(c)) {
        let j = i;
        while (j < text.length && /[\w$]/.test(text[j])) j++;
        prev = text.slice(i, j);
        code += text.slice(i + 1, j);
        i = j;
        continue;
      }
      if (!/\s/.test(c)) prev = c;
      i++;
    }
  }
  for (const m of code.matchAll(/\bRegExp\s*\(/g)) regexes.push(`RegExp() at ${m.index}`);
  return { code, regexes, splits };
}

const sources = [...files('js'), ...files('www')].map((f) => [
  relative(root, join(root, f)).split('\\').join('/'),
  readFileSync(join(root, f), 'utf8'),
]);

test('every regular expression of js/ and www/ is a listed text pattern, none reads notation', () => {
  const found = [];
  for (const [file, text] of sources) {
    for (const r of scan(text).regexes) if (!(ALLOWED[file] ?? []).includes(r)) found.push(`${file}: /${r}/`);
  }
  assert.deepEqual(found, []);
});

test('no record, move or position is cut on its spaces or slashes but the leftovers listed', () => {
  const found = [];
  for (const [file, text] of sources) {
    const ok = [...(SPLITS[file] ?? []), ...(LEFT[file] ?? [])];
    for (const x of scan(text).splits) if (!ok.includes(x)) found.push(`${file}: split('${x}')`);
  }
  assert.deepEqual(found, []);
  // a leftover moved into the engine leaves the list
  for (const [file, left] of Object.entries(LEFT)) {
    const splits = scan(sources.find(([f]) => f === file)[1]).splits;
    for (const x of left) assert.ok(splits.includes(x), `${file} no longer splits on '${x}': take it off LEFT`);
  }
});

test('no trial moves on copies: .clone() only where listed', () => {
  const found = [];
  for (const [file, text] of sources) {
    const n = (scan(text).code.match(/\.clone\s*\(/g) ?? []).length;
    if (n !== (CLONES[file] ?? 0)) found.push(`${file}: ${n} .clone() calls`);
  }
  assert.deepEqual(found, []);
});

test('the check finds what it is for', () => {
  // the guesses it replaced: a record's cells, a start position's mover, a header, a hint's cells
  const old = [
    'for (const c of part.split(/[-x>]/)) if (isCell(c)) out.add(c);',
    'const p = g.start.replace(/[rb]$/, first[0]);',
    'const cls = /^\\[Length /m.test(header) ? Match : Jokerball;',
    'return part.match(/[a-z]\\d+/g) ?? [];',
    "const re = new RegExp('wins');",
    "x = a / b / c; // a division, not a pattern: '/x/'",
  ];
  assert.deepEqual(
    old.map((line) => scan(line).regexes.length),
    [1, 1, 1, 1, 1, 0],
  );
  // the splits it replaced: a record's dice and moves (the replay, the board after a reload)
  const cut = [
    "const [dice, ...moves] = rec.split(' ');",
    'rec.text.split(\' \')[0].split( "/" ).map(Number)',
    "x.split(y); 'a.split(\\' \\')'",
  ];
  assert.deepEqual(
    cut.map((line) => scan(line).splits),
    [[' '], [' ', '/'], []],
  );
  assert.equal(scan("const c = copy.clone(); // c.clone()\nx = 'y.clone()';").code.match(/\.clone\s*\(/g).length, 1);
});
