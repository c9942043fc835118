// A lone game's JSON state keeps the text that 0.2 wrote when the games held their record tags: states
// saved then (tags before annotations) load, give back the same tags, and write the same text again.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Jokerball, Zola } from '../pkg/node.js';
import { code } from './error-codes.mjs';

// Written by 0.2's package (a Zola game read from a record with two tags and an annotated line; a
// Jokerball game with an event tag, an annotated turn and its dice generator).
const ZOLA_02 =
  '{"format":1,"game":"zola","size":6,"pie":false,"first":"red","start":null,"history":["a1xa2"],' +
  '"position":"brbrbr/rbrbrb/brbrbr/rbrbrb/rrbrbr/1brbrb b","turn":"blue","phase":"move",' +
  '"swapped":false,"winner":null,"tags":{"Red":"Ana \\"A\\"","Opening":"x"},' +
  '"annotations":[{"game":1,"line":0,"mark":"!","comment":"first"}]}';
const JOKERBALL_02 =
  '{"format":1,"game":"jokerball","rules":"2025","size":6,' +
  '"start":"bbbbbb/bbbbbbb/8/9/10/5o5/10/9/8/rrrrrrr/rrrrrr r","history":["1/3 b1-c1 f6>g6"],' +
  '"turn":null,"phase":"roll","position":"bbbbbb/bbbbbbb/8/9/4o5/11/10/9/r7/1rrrrrr/rrrrrr b",' +
  '"winner":null,"rng":{"key":"bec56b0d2022839fbcbc8a08336d816b9d284602baf9b462023ee3aebe3a579d",' +
  '"word":0},"tags":{"Event":"E"},"annotations":[{"game":1,"line":0,"mark":"?"}]}';

test('a Zola state saved by 0.2 loads with its tags and is written again byte for byte', () => {
  const z = Zola.fromJSON(JSON.parse(ZOLA_02));
  assert.deepEqual(z.tags, { Red: 'Ana "A"', Opening: 'x' });
  assert.equal(z.annotations.length, 1);
  assert.equal(JSON.stringify(z.toJSON()), ZOLA_02);
  assert.match(z.toRecord(), /\[Red "Ana \\"A\\""\]\n/);
  const copy = z.clone();
  assert.equal(JSON.stringify(copy.toJSON()), ZOLA_02);
  copy.free();
  z.free();
});

test('a Jokerball state saved by 0.2 loads with its tags and is written again byte for byte', () => {
  const j = Jokerball.fromJSON(JSON.parse(JOKERBALL_02));
  assert.deepEqual(j.tags, { Event: 'E' });
  assert.equal(JSON.stringify(j.toJSON()), JOKERBALL_02);
  const withoutRng = JOKERBALL_02.replace(/"rng":\{[^}]*\}/, '"rng":null');
  assert.notEqual(withoutRng, JOKERBALL_02);
  assert.equal(JSON.stringify(j.toJSON({ rng: false })), withoutRng);
  j.free();
});

test('the tags of a lone state are checked wherever they stand, and a game without tags writes none', () => {
  const saved = JSON.parse(ZOLA_02);
  const { tags, ...rest } = saved;
  const moved = Zola.fromJSON({ tags, ...rest });
  assert.equal(JSON.stringify(moved.toJSON()), ZOLA_02);
  moved.free();
  const bare = Zola.fromJSON(rest);
  assert.deepEqual(bare.tags, {});
  assert.equal('tags' in bare.toJSON(), false);
  bare.free();
  assert.equal(
    code(() => Zola.fromJSON({ ...saved, tags: { Result: 'red' } })),
    'parse_error',
  );
  assert.equal(
    code(() => Zola.fromJSON({ ...saved, tags: 'x' })),
    'parse_error',
  );
});
