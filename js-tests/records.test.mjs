// Records of games and matches through the built package (RULES 4; API.md "Records" and "Match"):
// toRecord / fromRecord of every class, tags, the games of a match and its format-2 JSON, refusals
// naming their line, and random games and matches of every variant written, read and written again.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { deflateRawSync } from 'node:zlib';
import { Jokerball, Zola, Match, SteereError, recordType } from '../pkg/node.js';
import { code } from './error-codes.mjs';
import { prng } from './prng.mjs';

function error(fn) {
  try {
    fn();
  } catch (e) {
    assert.ok(e instanceof SteereError, `not a SteereError: ${e}`);
    return e;
  }
  assert.fail('did not throw');
}

// The example of RULES 4: a 3-point Jokerball match with the cube, the second game on (tests/records_rules.rs
// reads it too).
const EXAMPLE = readFileSync(new URL('../tests/data/rules_4_example.txt', import.meta.url), 'utf8');

const ZOLA_PASS = `[Game "Zola"]
[Size "6"]
[Position "6/6/6/1b4/6/r5 r"]
[Result "*"]

Game 1
1. -
2. b3-a4
`;

test('the example of RULES 4 reads to the state it describes and writes back byte for byte', () => {
  const m = Match.fromRecord(EXAMPLE);
  assert.equal(m.length, 3);
  assert.deepEqual(m.score, { red: 1, blue: 0 });
  assert.equal(m.gameNumber, 2);
  assert.deepEqual(m.cube, { value: 1, owner: null });
  assert.equal(m.phase, 'playing');
  assert.equal(m.turn, 'red');
  assert.deepEqual(m.history(), ['6/2 j6-e1 f6>f11']);
  assert.deepEqual(m.results, [{ winner: 'red', points: 1, cube: 1, how: 'drop' }]);
  assert.deepEqual(m.tags, { Red: 'Ana', Blue: 'computer (easy)' });
  const games = m.games;
  assert.equal(games.length, 2);
  // each game's lines typed, with who made each (the current game's as its view() gives them)
  const rec = (player, step, text) => ({ kind: 'record', player, step, text });
  assert.deepEqual(games[0].log, [
    rec('red', 1, '4/5 b1-f5 f6>f10'),
    rec('blue', 2, '5/1 j9xf5 f10>g11'),
    rec('red', 3, '1/1 b7-c7 g11>f10'),
    rec('blue', 4, '3/6 j10-g10 -'),
    { kind: 'double', player: 'red', step: 4, text: 'Red doubles' },
    { kind: 'drop', player: 'blue', step: 4, text: 'Blue drops' },
    { kind: 'result', player: 'red', step: 4, text: 'Red wins 1 point' },
  ]);
  assert.deepEqual(games[1].log, m.view().log);
  for (const g of games) delete g.log;
  assert.deepEqual(games[0], {
    number: 1,
    first: 'red',
    crawford: false,
    history: ['4/5 b1-f5 f6>f10', '5/1 j9xf5 f10>g11', '1/1 b7-c7 g11>f10', '3/6 j10-g10 -'],
    lines: [
      '4/5 b1-f5 f6>f10',
      '5/1 j9xf5 f10>g11',
      '1/1 b7-c7 g11>f10',
      '3/6 j10-g10 -',
      'Red doubles',
      'Blue drops',
      'Red wins 1 point',
    ],
    result: { winner: 'red', points: 1, cube: 1, how: 'drop' },
  });
  assert.deepEqual(games[1], {
    number: 2,
    first: 'blue',
    crawford: false,
    history: ['6/2 j6-e1 f6>f11'],
    lines: ['6/2 j6-e1 f6>f11'],
    result: null,
  });
  assert.equal(m.toRecord(), EXAMPLE);
  // Tags given to toRecord overlay the match's own, without changing them.
  const text = m.toRecord({ Blue: 'Ben', Event: 'Club' });
  assert.match(text, /\[Red "Ana"\]\n\[Blue "Ben"\]\n\[Event "Club"\]\n\[Result "\*"\]\n/);
  assert.deepEqual(m.tags, { Red: 'Ana', Blue: 'computer (easy)' });
  // No seed: the game goes on only with setDice.
  assert.equal(
    code(() => m.roll()),
    'wrong_phase',
  );
  m.setDice(3, 3);
  const seeded = Match.fromRecord(EXAMPLE, { seed: 7 });
  assert.deepEqual(seeded.roll(), new Jokerball({ seed: 7 }).roll());
});

test('recordType names the game of a record and whether it is a match, from its header alone', () => {
  assert.deepEqual(recordType(EXAMPLE), { game: 'jokerball', match: true });
  const zola = new Zola({ size: 8, pie: true });
  zola.play(zola.legalMoves()[0]);
  assert.deepEqual(recordType(zola.toRecord()), { game: 'zola', match: false });
  const zm = new Match({ length: 3, game: 'zola' });
  assert.deepEqual(recordType(zm.toRecord()), { game: 'zola', match: true });
  assert.deepEqual(recordType(new Jokerball({ size: 4 }).toRecord()), { game: 'jokerball', match: false });
  // the body is not read: a broken move after a good header still names the class
  assert.deepEqual(recordType(zola.toRecord().replace(/\n1\. .*/, '\n1. z9-z10')), { game: 'zola', match: false });
  for (const bad of ['', 'hello', '[Game "Chess"]\n\n1. e4', 42, null, undefined, {}]) {
    assert.equal(
      code(() => recordType(bad)),
      'parse_error',
      String(bad),
    );
  }
});

test('a lone game keeps its tags (a plain object, part of toJSON, format 1); Zola passes and swaps', () => {
  const z = Zola.fromRecord(ZOLA_PASS);
  assert.deepEqual(z.history(), ['-', 'b3-a4']);
  assert.deepEqual(z.tags, {});
  assert.equal(z.toRecord(), ZOLA_PASS);
  const json = z.toJSON();
  assert.equal(json.format, 1);
  assert.equal('tags' in json, false);
  const tagged = Zola.fromRecord(ZOLA_PASS.replace('[Result', '[Red "A \\"q\\" \\\\"]\n[Result'));
  assert.deepEqual(tagged.tags, { Red: 'A "q" \\' });
  assert.deepEqual(tagged.toJSON().tags, { Red: 'A "q" \\' });
  const back = Zola.fromJSON(JSON.parse(JSON.stringify(tagged.toJSON())));
  assert.deepEqual(back.tags, tagged.tags);
  assert.equal(back.toRecord(), tagged.toRecord());
  // A pie game with a swap.
  const p = new Zola({ pie: true });
  p.play(p.legalMoves()[0]);
  p.play('swap');
  const text = p.toRecord({ Event: 'x' });
  assert.match(text, /\[Pie "on"\]\n\[Event "x"\]\n\[Result "\*"\]\n\nGame 1\n1\. [a-f]\d[-x][a-f]\d\n2\. swap\n$/);
  assert.deepEqual(Zola.fromRecord(text).toJSON(), { ...p.toJSON(), tags: { Event: 'x' } });
  // Tags in a JSON state are checked like a record's.
  for (const tags of [{ Result: 'red' }, { Red: 'a\nb' }, { red: 'x' }, { Red: 3 }, ['x'], 'x']) {
    assert.equal(
      code(() => Zola.fromJSON({ ...p.toJSON(), tags })),
      'parse_error',
      JSON.stringify(tags),
    );
  }
});

test('toRecord refuses derived tags, line breaks and malformed tags (invalid_option), changing nothing', () => {
  const g = new Jokerball({ seed: 1 });
  g.roll();
  const m = new Match({ length: 3, cube: true, seed: 2 });
  for (const obj of [g, new Zola(), m]) {
    const before = JSON.stringify(obj.toJSON());
    for (const bad of [
      { Game: 'x' },
      { Rules: '2025' },
      { Size: '6' },
      { Rows: '2' },
      { Pie: 'on' },
      { Length: '3' },
      { Cube: 'on' },
      { First: 'red' },
      { Position: 'x' },
      { Result: '*' },
      { Red: 'a\nb' },
      { Event: 'a\rb' },
      { red: 'x' },
      { 'A B': 'x' },
      { Date: '2026-12-03' },
      { Red: 1 },
      { Red: null },
      { Event: 'x'.repeat(4097) },
      'Red',
      ['Red'],
      42,
    ]) {
      assert.equal(
        code(() => obj.toRecord(bad)),
        'invalid_option',
        JSON.stringify(bad),
      );
    }
    assert.equal(JSON.stringify(obj.toJSON()), before);
    assert.equal(typeof obj.toRecord(), 'string');
    assert.equal(typeof obj.toRecord(null), 'string');
    assert.equal(typeof obj.toRecord({ Date: '2026.12.03', Opening: '' }), 'string');
  }
});

test('fromRecord refuses broken records with parse_error naming the line; the rest is untouched', () => {
  const lineOf = (fn) => {
    const e = error(fn);
    assert.equal(e.code, 'parse_error');
    const m = /^line (\d+): /.exec(e.message);
    assert.ok(m, e.message);
    return Number(m[1]);
  };
  const edit = (n, line) => {
    const lines = EXAMPLE.split('\n');
    if (line === null) lines.splice(n - 1, 1);
    else lines[n - 1] = line;
    return lines.join('\n');
  };
  // [line edited, its new text (null: the line removed), the line the error names]
  for (const [n, line, at] of [
    [2, '[Rules "2024"]', 2],
    [5, '[Length "22"]', 5],
    [7, '[Red "Ana"', 7],
    [12, '1. 4/5 b1-f5 f6>e6', 12],
    [14, '4. 1/1 b7-c7 g11>f10', 14],
    [16, 'Blue doubles', 16],
    [18, 'Red wins 2 points', 18],
    [18, null, 19],
    [9, '[Result "red"]', 9],
  ]) {
    assert.equal(
      lineOf(() => Match.fromRecord(edit(n, line))),
      at,
    );
  }
  assert.equal(
    lineOf(() => Match.fromRecord(EXAMPLE.replace(/\n/g, '\r\n').replace('Red doubles', 'Red redoubles'))),
    16,
  );
  assert.equal(
    lineOf(() => Jokerball.fromRecord(EXAMPLE)),
    5,
  );
  assert.equal(
    lineOf(() => Zola.fromRecord(EXAMPLE)),
    1,
  );
  assert.equal(
    lineOf(() => Zola.fromRecord(ZOLA_PASS.replace('1. -\n', ''))),
    7,
  );
  assert.equal(
    lineOf(() => Zola.fromRecord('')),
    1,
  );
  // Not a string, over 1 MiB: parse_error; bad options: invalid_option.
  for (const bad of [undefined, null, 42, {}, ['x'], Symbol('s'), 10n]) {
    for (const cls of [Jokerball, Match]) {
      assert.equal(
        code(() => cls.fromRecord(bad)),
        'parse_error',
      );
    }
  }
  const head = '[Game "Zola"]\n[Size "6"]\n[Pie "off"]\n\nGame 1\n';
  const fill = (bytes, ch = 'x') => `${head}; ${ch.repeat((bytes - head.length - 3) / Buffer.byteLength(ch))}\n`;
  assert.equal(Buffer.byteLength(fill(1 << 20)), 1 << 20);
  assert.equal(Zola.fromRecord(fill(1 << 20)).history().length, 0);
  assert.equal(
    code(() => Zola.fromRecord(fill((1 << 20) + 1))),
    'parse_error',
  );
  // Counted in bytes of UTF-8, not characters: 2-byte characters reach the limit at half the length.
  const wide = fill((1 << 20) + 2 + 2, 'é'.repeat(1));
  assert.ok(wide.length < 1 << 20);
  assert.equal(
    code(() => Zola.fromRecord(wide)),
    'parse_error',
  );
  assert.equal(
    code(() => Zola.fromRecord('x'.repeat(3 << 20))),
    'parse_error',
  );
  assert.equal(
    code(() => Jokerball.fromRecord(EXAMPLE, { seed: -1 })),
    'invalid_option',
  );
  assert.equal(
    code(() => Jokerball.fromRecord(EXAMPLE, { bogus: 1 })),
    'invalid_option',
  );
  assert.equal(
    code(() => Match.fromRecord(EXAMPLE, 'seed')),
    'invalid_option',
  );
});

test('a match keeps every game: double, take, drop and resign in their places, after nextGame too', () => {
  const m = new Match({ game: 'zola', length: 5, cube: true });
  m.play(m.legalMoves()[0]);
  m.double();
  m.take();
  m.play(m.legalMoves()[0]);
  m.resign('blue');
  let games = m.games;
  assert.equal(games.length, 1);
  assert.deepEqual(games[0].lines.slice(1), [
    'Blue doubles',
    'Red takes',
    games[0].history[1],
    'Blue resigns',
    'Red wins 2 points',
  ]);
  // the typed log holds the same lines in the same order, each with who made it
  assert.deepEqual(
    games[0].log.map((l) => l.text),
    games[0].lines,
  );
  assert.deepEqual(
    games[0].log.slice(1, 3).map((l) => [l.kind, l.player]),
    [
      ['double', 'blue'],
      ['take', 'red'],
    ],
  );
  m.nextGame();
  games = m.games;
  assert.equal(games.length, 2);
  assert.deepEqual(games[1], {
    number: 2,
    first: 'blue',
    crawford: false,
    history: [],
    lines: [],
    result: null,
    log: [],
  });
  m.play(m.legalMoves()[0]);
  m.double();
  m.drop();
  assert.deepEqual(m.games[1].lines.slice(1), ['Red doubles', 'Blue drops', 'Red wins 1 point']);
  const text = m.toRecord();
  assert.ok(text.endsWith('Red doubles\nBlue drops\nRed wins 1 point\n'), text);
  const back = Match.fromRecord(text);
  assert.deepEqual(back.toJSON(), m.toJSON());
  assert.deepEqual(back.games, m.games);
  // toJSON is format 2 and restores every game.
  const json = m.toJSON();
  assert.equal(json.format, 2);
  assert.equal(json.log.past.length, 1);
  assert.deepEqual(Match.fromJSON(JSON.parse(JSON.stringify(json))).games, m.games);
  // A format-1 state (only the current game) is still read; its earlier games are unknown.
  const old = { format: 1, game: 'match', variant: json.variant, match: json.match, current: json.current };
  const restored = Match.fromJSON(old);
  assert.equal(restored.games[0].history, null);
  assert.deepEqual(restored.games[0].lines, ['Red wins 2 points']);
  assert.deepEqual(restored.games[1].history, m.games[1].history);
  assert.equal(
    code(() => restored.toRecord()),
    'wrong_phase',
  );
  assert.equal(restored.toJSON().format, 2);
  assert.equal(
    code(() => Match.fromJSON(restored.toJSON()).toRecord()),
    'wrong_phase',
  );
  // A log that does not replay is refused.
  const bad = JSON.parse(JSON.stringify(json));
  bad.log.past[0].actions.pop();
  assert.equal(
    code(() => Match.fromJSON(bad)),
    'parse_error',
  );
  const badAt = JSON.parse(JSON.stringify(json));
  badAt.log.actions[0].at = 0;
  assert.equal(
    code(() => Match.fromJSON(badAt)),
    'parse_error',
  );
});

/** One random step of a lone game; false when it is over. */
function stepGame(r, g) {
  if (g.phase === 'over') return false;
  if (g.phase === 'roll') g.setDice(1 + r.int(g.toJSON().size), 1 + r.int(6));
  else g.play(r.pick(g.legalMoves()));
  return true;
}

/** One random step of a match: cube actions and resignations now and then; false when it is over. */
function stepMatch(r, m) {
  switch (m.phase) {
    case 'match-over':
      return false;
    case 'game-over':
      m.nextGame();
      return true;
    case 'double': {
      const k = r.int(5);
      if (k === 0) m.drop();
      else if (k === 1) m.resign(r.pick(['red', 'blue']));
      else m.take();
      return true;
    }
    default:
      if (m.canDouble() && r.int(6) === 0) m.double();
      else if (r.int(200) === 0) m.resign(r.pick(['red', 'blue']));
      else if (m.legalMoves().length === 0) m.setDice(1 + r.int(m.toJSON().current.size), 1 + r.int(6));
      else m.play(r.pick(m.legalMoves()));
      return true;
  }
}

const TAGS = [
  {},
  { Red: 'Ana', Blue: 'computer (hard)' },
  { Event: 'say "hi"', Site: 'a\\b', Date: '2026.12.03' },
  { Opening: 'Zoë ✓', Round: '' },
];

/** Whether a game (or a match's current game) is at the start of a turn: then a record holds all of it. */
function atTurnStart(json) {
  const g = json.current ?? json;
  return g.game === 'zola' || g.turn === null;
}

/** Writes, reads back, writes again; equal JSON at the start of a turn (the tags read back included). */
function roundTrip(cls, obj, tags) {
  const text = obj.toRecord(tags);
  const back = cls.fromRecord(text);
  assert.equal(back.toRecord(), text);
  assert.deepEqual(back.history(), obj.history());
  const json = obj.toJSON({ rng: false });
  const expected = { ...obj.tags, ...tags };
  assert.deepEqual(back.tags, expected);
  if (atTurnStart(json)) {
    const got = back.toJSON({ rng: false });
    delete got.tags;
    delete json.tags;
    assert.deepEqual(got, json, text);
  }
  if (cls === Match) assert.deepEqual(back.games, obj.games);
  // With CRLF, comments and blank lines in the body: the same record.
  const [head, body] = text.split(/\n\n(.*)/s);
  const noisy = `${head.replace(/\n/g, '\r\n')}\r\n\r\n; a comment\r\n${body.replace(/\n/g, '  ; note\r\n\r\n')}`;
  assert.equal(cls.fromRecord(noisy).toRecord(), text);
  back.free();
  return text;
}

test('random lone games of every variant: written, read and written again byte for byte', () => {
  const r = prng(16);
  for (let i = 0; i < 60; i += 1) {
    const size = r.pick([4, 6]);
    let g = new Jokerball({
      rules: r.pick(['2025', 'classic']),
      size,
      rows: 1 + r.int(size - 1),
      first: r.pick(['red', 'blue']),
      seed: i,
    });
    if (r.int(3) === 0) {
      for (let k = r.int(40); k > 0 && stepGame(r, g); ) k -= 1;
      while (g.phase === 'man' || g.phase === 'ball') stepGame(r, g);
      if (g.phase === 'roll') g = new Jokerball({ rules: g.toJSON().rules, position: g.position() });
    }
    for (let k = r.int(300); k > 0 && stepGame(r, g); ) k -= 1;
    roundTrip(Jokerball, g, r.pick(TAGS));
    g.free();
  }
  for (let i = 0; i < 60; i += 1) {
    const kind = r.int(4);
    let z;
    if (kind === 3) z = new Zola({ position: r.pick(['6/6/6/1b4/6/r5 r', '6/6/6/6/1b4/r5 b']) });
    else z = new Zola({ size: r.pick([6, 8, 10]), pie: kind === 1, first: r.pick(['red', 'blue']) });
    if (kind === 1) {
      z.play(r.pick(z.legalMoves()));
      if (r.int(2) === 0 && z.isLegal('swap')) z.play('swap');
    }
    if (kind === 2) {
      for (let k = 1 + r.int(30); k > 0 && stepGame(r, z); ) k -= 1;
      if (z.phase !== 'over') z = new Zola({ position: z.position() });
    }
    for (let k = r.int(200); k > 0 && stepGame(r, z); ) k -= 1;
    roundTrip(Zola, z, r.pick(TAGS));
    z.free();
  }
});

test('random matches of every variant (drops, resignations, pending doubles): written, read, written again', () => {
  const r = prng(2026);
  for (let i = 0; i < 50; i += 1) {
    const size = r.pick([4, 6]);
    const opts =
      i % 2 === 0
        ? { game: 'jokerball', jokerball: { rules: r.pick(['2025', 'classic']), size, rows: 1 + r.int(size - 1) } }
        : { game: 'zola', zola: { size: r.pick([6, 8, 10]) } };
    const m = new Match({
      ...opts,
      length: 1 + r.int(21),
      cube: r.int(4) !== 0,
      first: r.pick(['red', 'blue']),
      seed: i,
    });
    const steps = r.int(2) === 0 ? r.int(12) : r.int(1500);
    for (let k = steps; k > 0 && stepMatch(r, m); ) k -= 1;
    if (r.int(3) === 0 && m.canDouble()) m.double();
    const withTags = Match.fromJSON({ ...m.toJSON(), tags: r.pick(TAGS) });
    assert.deepEqual(withTags.games, m.games);
    roundTrip(Match, withTags, r.pick(TAGS));
    m.free();
    withTags.free();
  }
});

test('the record of a 21-point match played by random moves, and its deflate-raw + base64url length', (t) => {
  const r = prng(21);
  const m = new Match({ length: 21, cube: true, seed: 21 });
  while (m.phase !== 'match-over') {
    if (m.phase === 'game-over') m.nextGame();
    else if (m.phase === 'double') r.int(3) === 0 ? m.drop() : m.take();
    else if (m.canDouble() && r.int(8) === 0) m.double();
    else if (m.legalMoves().length === 0) m.roll();
    else m.play(r.pick(m.legalMoves()));
  }
  const text = m.toRecord();
  assert.equal(Match.fromRecord(text).toRecord(), text);
  const bytes = Buffer.byteLength(text);
  const packed = deflateRawSync(Buffer.from(text), { level: 9 }).toString('base64url');
  t.diagnostic(
    `21-point match: ${m.games.length} games, ${bytes} bytes, deflate-raw + base64url ${packed.length} characters`,
  );
  assert.ok(bytes < 1 << 20);
});

test('mutated records either read (and write back their own form) or throw parse_error naming a line', () => {
  const r = prng(99);
  const sources = [EXAMPLE, ZOLA_PASS, Match.fromRecord(EXAMPLE).toRecord({ Event: 'x' })];
  const pieces = [
    '\n',
    '\r\n',
    ' ',
    ';',
    '-',
    'x',
    '[',
    ']',
    '"',
    '\\',
    '.',
    '1',
    '9',
    'Game 2\n',
    'Red doubles\n',
    'Blue takes\n',
    'Red wins 1 point\n',
    '[Red "x"]\n',
    '[Size "4"]\n',
    '\u0000',
    'é',
    '💥',
  ];
  let read = 0;
  let refused = 0;
  for (let i = 0; i < 1500; i += 1) {
    let text = r.pick(sources);
    for (let n = 1 + r.int(3); n > 0; n -= 1) {
      const at = r.int(text.length + 1);
      const k = r.int(3);
      if (k === 0) text = text.slice(0, at) + r.pick(pieces) + text.slice(at);
      else if (k === 1) text = text.slice(0, at) + text.slice(at + 1 + r.int(8));
      else {
        const lines = text.split('\n');
        const a = r.int(lines.length);
        const b = r.int(lines.length);
        [lines[a], lines[b]] = [lines[b], lines[a]];
        text = lines.join('\n');
      }
    }
    for (const cls of [Jokerball, Zola, Match]) {
      let obj;
      try {
        obj = cls.fromRecord(text);
      } catch (e) {
        assert.ok(e instanceof SteereError, `${e}`);
        assert.equal(e.code, 'parse_error');
        const m = /^line (\d+): /.exec(e.message);
        assert.ok(m, e.message);
        const lines = text.replace(/\n$/, '').split('\n').length;
        assert.ok(Number(m[1]) >= 1 && Number(m[1]) <= lines, `${e.message} (${lines} lines)`);
        refused += 1;
        continue;
      }
      read += 1;
      const own = obj.toRecord();
      assert.equal(cls.fromRecord(own).toRecord(), own);
      obj.free();
    }
  }
  assert.ok(read > 20, `only ${read} read`);
  assert.ok(refused > 1000, `only ${refused} refused`);
});
