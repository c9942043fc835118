// <steere-game>'s attributes read into the options of a game or match (each judged by the engine, a bad
// one reported and left out), and the game or match made of them.
import { Jokerball, Zola, Match, Bot } from './engine.js';
import { LANGS, asError } from './common.js';

const seedValue = (v) => (/^\d+$/.test(v) && Number(v) < 2 ** 32 ? Number(v) : v);
const intValue = (v) => (/^-?\d+$/.test(v) ? Number(v) : v);

/** Attribute `name` of element `el`, trimmed; undefined when it is missing or blank. */
const get = (el, name) => el.getAttribute(name)?.trim() || undefined;

/**
 * Attribute `name` of element `el` as `convert` makes it, when the engine takes it (`tryIt` makes an object
 * of it); undefined when it is missing, or refused: reported then, the reason chosen by the engine's code.
 */
function engineSays(el, name, convert, tryIt) {
  const v = get(el, name);
  if (v === undefined) return undefined;
  const x = convert(v);
  try {
    tryIt(x).free();
    return x;
  } catch (e) {
    const err = asError(e);
    return el._badAttr(name, v, null, undefined, err.message, [`code_${err.code}`]);
  }
}

/** The options of element `el`'s attributes; a bad attribute is reported and left out. */
export function readOptions(el) {
  el._clear('attr:');
  // the message names the attribute; its reason is the values expected, or chosen by the engine's code
  const o = {};
  o.game = el._enum('game', ['jokerball', 'zola'], 'jokerball');
  o.opponent = el._enum('opponent', ['bot', 'human', 'remote'], 'bot');
  // bound to a remote state, the person here may only watch
  o.human = el._enum('human', o.opponent === 'remote' ? ['red', 'blue', 'none'] : ['red', 'blue'], 'red');
  o.cube = el._enum('cube', ['on', 'off'], 'off') === 'on';
  const pie = el.getAttribute('pie');
  o.pie = pie !== null && pie !== 'off';
  if (pie !== null && !['', 'on', 'off'].includes(pie.trim())) o.pie = el._badAttr('pie', pie, 'on | off', false);
  // the engine judges its own options
  const jb = o.game === 'jokerball';
  o.rules = jb ? engineSays(el, 'rules', String, (x) => new Jokerball({ rules: x })) : undefined;
  o.size = engineSays(el, 'size', intValue, (x) => (jb ? new Jokerball({ size: x }) : new Zola({ size: x })));
  o.rows = jb ? engineSays(el, 'rows', intValue, (x) => new Jokerball({ size: o.size, rows: x })) : undefined;
  o.first = engineSays(el, 'first', String, (x) => new Zola({ first: x }));
  o.seed = engineSays(el, 'seed', seedValue, (x) => new Jokerball({ seed: x }));
  o.length = engineSays(el, 'length', intValue, (x) => new Match({ length: x }));
  o.level = readLevel(el);
  if (o.pie && o.length !== undefined) o.pie = el._badAttr('pie', pie, null, false, LANGS.en.pieMatch, ['pieMatch']);
  return o;
}

/** The bot's level from element `el`'s `level` (medium when missing or bad). */
export function readLevel(el) {
  el._clear('attr:level');
  return engineSays(el, 'level', String, (level) => new Bot({ level })) ?? 'medium';
}

/** A new Match, Jokerball or Zola of options `o` (see readOptions; an option left out is undefined, its default). */
export function make(o) {
  const { game, rules, size, rows, first, seed, length, cube, pie } = o;
  if (length !== undefined) {
    const sub = game === 'jokerball' ? { jokerball: { rules, size, rows } } : { zola: { size } };
    return new Match({ game, length, cube, first, seed, ...sub });
  }
  if (game === 'zola') return new Zola({ size, pie, first });
  return new Jokerball({ rules, size, rows, first, seed });
}
