// The demo's settings: read from the URL (every value checked, by the engine where it is an engine
// option, and a bad one named in the page's language), shown in the panel, and turned into <steere-game>
// attributes.
import { Jokerball, Zola, Match, Bot } from '../pkg/steere_games.js';

export const DEFAULTS = {
  game: 'jokerball',
  rules: '2025',
  size: '6',
  rows: '2',
  'zola-size': '6',
  pie: false,
  length: '1',
  cube: false,
  opponent: 'bot',
  human: 'red',
  level: 'medium',
  // the win chances bar: 'on' or 'off' as chosen in the panel, else 'auto' (see barOn)
  bar: 'auto',
};

/** Is the win chances bar shown with settings `s`: as chosen, else only for two people at one screen. */
export const barOn = (s) => (s.bar === 'auto' ? s.opponent === 'human' : s.bar === 'on');

const number = (v) => (/^\d+$/.test(v) ? Number(v) : v);

/**
 * null when the engine accepts what `make` builds, else why not: a text of the catalogues ([key, vars]),
 * chosen by the error's code as the board elements do (the engine's own message is English).
 */
function engineSays(make) {
  try {
    make().free();
    return null;
  } catch (e) {
    return [`code_${e?.code ? e.code : 'invalid_option'}`];
  }
}

const oneOf = (list) => (v) => (list.includes(v) ? null : ['expected', { values: list.join(' | ') }]);
const onOff = oneOf(['on', 'off']);

// How each URL parameter is checked (given the settings read so far) and stored.
const CHECKS = {
  game: oneOf(['jokerball', 'zola']),
  rules: (v) => engineSays(() => new Jokerball({ rules: v })),
  size: (v, s) =>
    engineSays(() => (s.game === 'zola' ? new Zola({ size: number(v) }) : new Jokerball({ size: number(v) }))),
  'zola-size': (v) => engineSays(() => new Zola({ size: number(v) })),
  rows: (v, s) => engineSays(() => new Jokerball({ size: Number(s.size), rows: number(v) })),
  pie: onOff,
  length: (v) => engineSays(() => new Match({ length: number(v) })),
  cube: onOff,
  opponent: oneOf(['bot', 'human', 'online']),
  human: oneOf(['red', 'blue']),
  level: (v) => engineSays(() => new Bot({ level: v })),
  seed: (v) => engineSays(() => new Jokerball({ seed: number(v) })),
};

/** The URL parameters that set a game (the others: lang, botdelay, match). */
export const PARAMS = Object.keys(CHECKS);

/**
 * Settings from the URL's parameters, over `base` (the defaults, or the player's own choices). Returns
 * { settings, seed, problems }: each problem names a parameter that was ignored, its value and why
 * ([key, vars] of the catalogues); the value of `base` stands in for it. (`lang` is the page's business:
 * see i18n.js.)
 */
export function fromUrl(params, base = DEFAULTS) {
  const s = { ...DEFAULTS, ...base };
  const problems = [];
  let seed = null;
  for (const name of Object.keys(CHECKS)) {
    if (!params.has(name)) continue;
    const value = params.get(name);
    const why = CHECKS[name](value, s);
    if (why) {
      problems.push({ name, value, why, instead: name === 'size' && s.game === 'zola' ? s['zola-size'] : s[name] });
      continue;
    }
    if (name === 'seed') seed = value;
    else if (name === 'pie' || name === 'cube') s[name] = value === 'on';
    else if (name === 'size' && s.game === 'zola') s['zola-size'] = value;
    else s[name] = value;
  }
  return { settings: s, seed, problems };
}

/** One sentence per ignored parameter, in the words of `t(key, vars)` (i18n.js). */
export function describe(problems, t) {
  return problems.map((p) => {
    if (p.name === 'lang') return t('badLang', { value: p.value });
    const vars = { param: `${p.name}=${p.value}`, reason: p.why };
    if (p.instead === undefined) return t('problemNoEffect', vars);
    return t('problem', { ...vars, instead: `${p.name}=${p.instead === false ? 'off' : p.instead}` });
  });
}

const field = (form, name) => form.querySelector(`[data-option="${name}"]`);

export function readPanel(form) {
  const s = {};
  for (const k of Object.keys(DEFAULTS)) {
    const e = field(form, k);
    s[k] = k === 'bar' ? e.dataset.value || 'auto' : e.type === 'checkbox' ? e.checked : e.value;
  }
  return s;
}

export function writePanel(form, s) {
  for (const k of Object.keys(DEFAULTS)) {
    const e = field(form, k);
    if (k === 'bar') e.dataset.value = s.bar;
    else if (e.type === 'checkbox') e.checked = !!s[k];
    else if ([...e.options].some((o) => o.value === String(s[k]))) e.value = String(s[k]);
  }
  enable(form);
}

/** Greys out what does not apply to the chosen game; rows the engine refuses for the board are disabled. */
export function enable(form) {
  const s = readPanel(form);
  const jb = s.game === 'jokerball';
  const single = s.length === '1';
  field(form, 'rules').disabled = !jb;
  field(form, 'size').disabled = !jb;
  field(form, 'rows').disabled = !jb;
  field(form, 'zola-size').disabled = jb;
  // the pie rule is for a single Zola game; the cube for a match
  field(form, 'pie').disabled = jb || !single;
  field(form, 'length').disabled = !jb && s.pie;
  field(form, 'cube').disabled = single;
  // the colour of the person against the computer, or of the one who creates an online match
  field(form, 'human').disabled = s.opponent === 'human';
  field(form, 'level').disabled = s.opponent !== 'bot';
  field(form, 'bar').checked = barOn(s);
  const rows = field(form, 'rows');
  for (const o of rows.options)
    o.disabled = !!engineSays(() => new Jokerball({ size: Number(s.size), rows: Number(o.value) }));
  if (rows.selectedOptions[0]?.disabled) rows.value = [...rows.options].filter((o) => !o.disabled).pop().value;
}

/** The <steere-game> attributes for settings `s` (a lone game for length 1). */
export function attributes(s) {
  const jb = s.game === 'jokerball';
  // online play does not use the game element (online.js draws the match): it waits as two people's game
  const a = { game: s.game, opponent: s.opponent === 'online' ? 'human' : s.opponent, human: s.human, level: s.level };
  if (jb) Object.assign(a, { rules: s.rules, size: s.size, rows: s.rows });
  else a.size = s['zola-size'];
  if (s.length !== '1') Object.assign(a, { length: s.length, cube: s.cube ? 'on' : 'off' });
  else if (!jb && s.pie) a.pie = 'on';
  return a;
}
