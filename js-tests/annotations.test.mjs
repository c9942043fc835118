// Annotations of records through the built package (RULES 4.3; docs/api.md "annotations"): marks and
// {comments} read by fromRecord, written back by toRecord, kept by toJSON/fromJSON, set by
// setAnnotations with typed refusals; records without them unchanged.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Zola, Match } from '../pkg/node.js';
import { code } from './error-codes.mjs';

// The example of RULES 4: a 3-point Jokerball match with the cube (tests/data).
const EXAMPLE = readFileSync(new URL('../tests/data/rules_4_example.txt', import.meta.url), 'utf8');

function annotate(text, start, suffix) {
  return text.replace(new RegExp(`^(${start.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[^\\n]*)$`, 'm'), `$1${suffix}`);
}

test('RULES 4.3: a match record with marks and comments reads, keeps them and writes them back', () => {
  let text = annotate(EXAMPLE, '2. ', ' ?? {best j9-f9 0.62, played 0.48}');
  text = annotate(text, 'Red doubles', ' ?!');
  text = annotate(text, 'Blue drops', ' {a; b}');
  const m = Match.fromRecord(text);
  const lines = m.games[0].log;
  const ann = m.annotations;
  assert.equal(ann.length, 3);
  assert.deepEqual(ann[0], { game: 1, line: 1, mark: '??', comment: 'best j9-f9 0.62, played 0.48' });
  assert.equal(lines[ann[1].line].text, 'Red doubles');
  assert.deepEqual(ann[2], { game: 1, line: ann[1].line + 1, comment: 'a; b' });
  assert.equal(m.toRecord(), text);
  // Through the JSON state and back.
  const state = m.toJSON();
  assert.deepEqual(state.annotations, ann);
  const back = Match.fromJSON(state);
  assert.deepEqual(back.annotations, ann);
  assert.equal(back.toRecord(), text);
  // Without them: the record as before, and no key in the state.
  back.setAnnotations([]);
  assert.equal(back.toRecord(), EXAMPLE);
  assert.equal('annotations' in back.toJSON(), false);
  assert.deepEqual(Match.fromRecord(EXAMPLE).annotations, []);
});

test('setAnnotations refuses what is not an annotation of a line, with invalid_option, and changes nothing', () => {
  const z = new Zola({ size: 6 });
  for (let i = 0; i < 3; i++) z.play(z.legalMoves()[0]);
  z.setAnnotations([{ game: 1, line: 2, mark: '!' }]);
  for (const bad of [
    null,
    {},
    [{ game: 1, line: 3, mark: '?' }],
    [{ game: 2, line: 0, mark: '?' }],
    [{ game: 1, line: 0 }],
    [{ game: 1, line: 0, mark: '?!?' }],
    [{ game: 1, line: 0, comment: 'a}' }],
    [{ game: 1, line: 0, comment: 'a\nb' }],
    [{ game: 1, line: 0, mark: '?', extra: 1 }],
    [
      { game: 1, line: 0, mark: '?' },
      { game: 1, line: 0, mark: '!' },
    ],
  ]) {
    assert.equal(
      code(() => z.setAnnotations(bad)),
      'invalid_option',
      JSON.stringify(bad),
    );
  }
  assert.deepEqual(z.annotations, [{ game: 1, line: 2, mark: '!' }]);
  assert.match(z.toRecord(), /\n3\. \S+ !\n/);
  const again = Zola.fromJSON(z.toJSON());
  assert.deepEqual(again.annotations, z.annotations);
  // A state naming a line the game lacks is refused.
  const state = z.toJSON();
  state.annotations = [{ game: 1, line: 9, mark: '?' }];
  assert.equal(
    code(() => Zola.fromJSON(state)),
    'parse_error',
  );
});

test('RULES 4.3: malformed annotations are parse_error naming their line', () => {
  const n = EXAMPLE.split('\n').findIndex((l) => l.startsWith('1. ')) + 1;
  for (const suffix of [' ?!?', '  ?', ' {open', ' {a{b}', ' {a} b', '{a}']) {
    const text = annotate(EXAMPLE, '1. ', suffix);
    assert.equal(
      code(() => Match.fromRecord(text)),
      'parse_error',
    );
    try {
      Match.fromRecord(text);
    } catch (e) {
      assert.match(e.message, new RegExp(`^line ${n}: `), suffix);
    }
  }
  const result = annotate(EXAMPLE, 'Red wins 1 point', ' ??');
  assert.equal(
    code(() => Match.fromRecord(result)),
    'parse_error',
  );
});
