// The demo page: a settings panel around <steere-game>, the package's own game element (board, dice,
// buttons, score, cube, log, computer opponent); an online match is played on a <steere-game> of its own
// (online.js), with the same records, replay and review. This file wires the panel, the URL, storage and
// taking back; the rules are the engine's alone.
import init, { Jokerball, Zola, Match } from '../pkg/steere_games.js';
import { WorkerBot } from '../pkg/board.js';
import { DEFAULTS, fromUrl, describe, readPanel, writePanel, enable, attributes } from './settings.js';
import { save, load } from './store.js';
import { TakeBack } from './undo.js';
import { Words, chooseLanguage, rememberLanguage, known } from './i18n.js';
import { Online, describePanel } from './online.js';
import { readRecord, recordOf, fileName, download, shareLink, unpack } from './records.js';
import { Replay } from './replay.js';
import { Analysis } from './analysis.js';

const $ = (sel) => document.querySelector(sel);
// The single-file build (scripts/offline.mjs) carries the wasm bytes and the worker's source.
const offline = globalThis.STEERE_OFFLINE;
const params = new URLSearchParams(location.search);
// the address a saved game belongs to: its query without ?lang= (a game goes on in another language)
const query = new URLSearchParams(location.search);
query.delete('lang');

const S = {
  settings: null,
  seed: null,
  serial: 0,
  query: query.toString() ? `?${query}` : '',
  game: null,
  undo: null,
  words: new Words(document),
  problems: [],
  online: null,
  replay: null,
  analysis: null,
};

/** The notice above the game: each ignored URL parameter, in the page's language. */
function showNotice() {
  const notice = $('#notice');
  notice.textContent = '';
  for (const line of describe(S.problems, (k, v) => S.words.t(k, v))) notice.append(Object.assign(document.createElement('p'), { textContent: line }));
  notice.hidden = !S.problems.length;
}

/**
 * Speaks language `l`: the page's texts, <html lang> (which <steere-game> follows at once, having no lang
 * of its own), the picker, the match-length list and the notice.
 */
function speak(l) {
  S.words.apply(l);
  document.documentElement.lang = l;
  $('#language').value = l;
  const single = $('[data-option=length]').options[0];
  if (single) single.text = S.words.t('single');
  showNotice();
  for (const el of document.querySelectorAll('[data-note]')) note(el, el.dataset.note, el.dataset.message);
  S.replay?.speak();
  S.analysis?.speak();
}

/** Shows text `key` (null: nothing) in `el`, with the engine's `message` put in; said again on a change of language. */
function note(el, key, message = '') {
  el.dataset.note = key ?? '';
  el.dataset.message = message;
  el.textContent = key ? S.words.t(key, { message }) : '';
  el.hidden = !key;
}

/** The seed of the current game: the URL's for the first, then derived from it (repeatable, each new). */
function seed() {
  if (S.seed === null) return null;
  return S.serial <= 1 ? S.seed : `${S.seed}/${S.serial}`;
}

function apply(el, s) {
  const a = attributes(s);
  for (const name of ['game', 'rules', 'size', 'rows', 'pie', 'length', 'cube', 'opponent', 'human', 'level']) {
    if (a[name] === undefined) el.removeAttribute(name);
    else el.setAttribute(name, a[name]);
  }
  if (seed() === null) el.removeAttribute('seed');
  else el.setAttribute('seed', seed());
}

/** The <steere-game> shown: the online match's while online, else the game played here. */
const shown = () => (S.online ? S.online.el : S.game);

function persist() {
  if (!S.game.game || S.online) return;
  save({ query: S.query, settings: S.settings, serial: S.serial, state: S.game.state, points: S.undo.points });
}

/**
 * The take-back button: in a single game only, when there is a turn to go back to; records off line; the
 * analysis (bar and hint) of what is shown now.
 */
function refresh() {
  const g = S.game.game;
  const match = !g || g instanceof Match;
  const btn = $('[data-action=undo]');
  btn.hidden = match || !!S.online || S.replay.open;
  btn.disabled = match || !S.undo.target();
  $('.records').hidden = !shown().game;
  $('[data-action=replay]').hidden = S.replay.open;
  S.analysis.follow();
}

/** Has anything been played in the current game or match (so that starting anew would lose it)? */
function inProgress() {
  if (S.online) return S.online.inProgress();
  const g = S.game.game;
  if (!g) return false;
  if (g instanceof Match) return g.phase !== 'match-over' && (g.gameNumber > 1 || g.history().length > 0 || g.phase !== 'playing' || !!g.dice);
  return g.phase !== 'over' && (g.history().length > 0 || !!g.dice);
}

/**
 * Online play (online.js): a match is drawn in place of the local game, which waits without its computer,
 * on a <steere-game> of its own, followed by the records and the analysis as the local one is.
 */
function goOnline() {
  if (S.replay.open) leaveReplay();
  S.analysis.reset();
  S.online?.stop();
  S.game.remove();
  const el = document.createElement('steere-game');
  el.id = 'online-game';
  el.addEventListener('steere-played', () => refresh());
  el.addEventListener('steere-gameover', () => S.analysis.review());
  S.online = new Online($('#mount'), S.words, el, refresh);
  refresh();
  return S.online;
}

/** Opens the replay view over the record `text`; throws (the view and the game unchanged) when it is bad. */
function replay(text, own = false) {
  const obj = readRecord(text);
  S.replay.close()?.free();
  S.replay.show(obj, own);
  note($('#record-note'), null);
  $('#mount').hidden = true;
  refresh();
}

/** Back to the game; `playOn`: the opened record's game becomes the game played here. */
function leaveReplay(playOn = false) {
  const obj = S.replay.close();
  $('#mount').hidden = false;
  if (location.hash.startsWith('#record=')) history.replaceState(history.state, '', location.pathname + location.search);
  if (playOn) {
    leaveOnline();
    const s = obj.toJSON({ rng: false });
    const g = s.game === 'match' ? s.current : s;
    const jb = g.game === 'jokerball';
    S.settings = { ...S.settings, game: g.game, length: s.game === 'match' ? String(s.match.length) : '1', cube: !!s.match?.cube };
    Object.assign(S.settings, jb ? { rules: g.rules, size: String(g.size) } : { 'zola-size': String(g.size), pie: !!g.pie });
    writePanel($('#settings'), S.settings);
    apply(S.game, S.settings);
    S.game.game = obj;
    S.undo.points = [];
    S.undo.note();
    persist();
  } else obj?.free();
  refresh();
}

/** The record of what is shown (the replayed one, else the game's), or null with the reason said. */
function currentRecord() {
  try {
    return recordOf(S.replay.obj ?? shown().game);
  } catch (e) {
    note($('#record-note'), 'rec_cannotWrite', e.message);
    return null;
  }
}

/** The record in the address's #record=, shown in the replay view; a bad one is said, and nothing changes. */
async function fromFragment() {
  const value = /^#record=(.*)$/.exec(location.hash)?.[1];
  if (value === undefined) return;
  let text;
  try {
    text = await unpack(value);
  } catch {
    note($('#record-note'), 'rec_damagedLink');
    return;
  }
  try {
    replay(text);
  } catch (e) {
    note($('#record-note'), 'rec_badLink', e.message);
  }
}

function wireRecords() {
  const file = $('#record-file');
  const dialog = $('#paste');
  const said = $('#record-note');
  $('[data-action=replay]').addEventListener('click', () => {
    const text = currentRecord();
    if (text) replay(text, true);
  });
  $('[data-action=replay-close]').addEventListener('click', () => leaveReplay());
  $('[data-action=replay-play-on]').addEventListener('click', () => leaveReplay(true));
  $('[data-action=save-record]').addEventListener('click', () => {
    const text = currentRecord();
    if (text) download(text, fileName(S.replay.obj ?? shown().game));
  });
  $('[data-action=open-record]').addEventListener('click', () => file.click());
  file.addEventListener('change', async () => {
    const f = file.files[0];
    file.value = '';
    if (!f) return;
    try {
      replay(await f.text());
    } catch (e) {
      note(said, 'rec_badFile', e.message);
    }
  });
  $('[data-action=paste-record]').addEventListener('click', () => {
    note(dialog.querySelector('.error'), null);
    dialog.showModal();
  });
  dialog.querySelector('form').addEventListener('submit', (e) => {
    if (e.submitter?.value !== 'open') return;
    try {
      replay(dialog.querySelector('textarea').value);
    } catch (err) {
      e.preventDefault();
      note(dialog.querySelector('.error'), 'rec_badPaste', err.message);
    }
  });
  $('[data-action=share-record]').addEventListener('click', async () => {
    const text = currentRecord();
    if (!text) return;
    const link = await shareLink(text);
    const box = $('.share');
    const field = $('#share-link');
    field.value = link;
    box.hidden = false;
    let copied = true;
    try {
      await navigator.clipboard.writeText(link);
    } catch {
      copied = false;
      field.focus();
      field.select();
    }
    note(box.querySelector('.note'), copied ? 'rec_copied' : 'rec_copyByHand');
  });
  addEventListener('hashchange', fromFragment);
}

function leaveOnline() {
  if (!S.online) return;
  S.online.stop();
  S.online = null;
  history.replaceState(null, '', location.pathname);
  S.query = location.search;
  $('#mount').append(S.game);
}

async function newGame(s) {
  if (s.opponent === 'online') {
    // the panel's note says why when no match can be created here
    if (await describePanel($('#settings'), s, S.words)) await goOnline().create(s);
    return;
  }
  leaveOnline();
  if (S.replay.open) leaveReplay();
  S.analysis.reset();
  S.settings = s;
  S.serial++;
  apply(S.game, s);
  await S.game.start();
  S.undo.points = [];
  S.undo.note();
  refresh();
  persist();
}

/** A saved state this engine can restore (else the saved game is dropped). */
function restorable(state) {
  try {
    const cls = { jokerball: Jokerball, zola: Zola, match: Match }[state && state.game];
    cls.fromJSON(state).free();
    return true;
  } catch {
    return false;
  }
}

function wire(form) {
  const confirm = form.querySelector('[data-confirm=abandon]');
  form.addEventListener('change', (e) => {
    // the bar, once ticked or cleared, is chosen for good (before enable() shows its default)
    const bar = e.target.dataset.option === 'bar';
    if (bar) e.target.dataset.value = e.target.checked ? 'on' : 'off';
    enable(form);
    confirm.hidden = true;
    describePanel(form, readPanel(form), S.words);
    // the level applies at once, in the middle of a game too
    if (e.target.dataset.option === 'level') {
      S.settings = { ...S.settings, level: e.target.value };
      S.game.setAttribute('level', e.target.value);
      persist();
    }
    // so does the win chances bar
    if (bar) {
      S.settings = { ...S.settings, bar: e.target.dataset.value };
      persist();
      refresh();
    }
  });
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    if (inProgress()) {
      confirm.hidden = false;
      confirm.querySelector('[data-action=abandon]').focus();
    } else newGame(readPanel(form));
  });
  confirm.querySelector('[data-action=abandon]').addEventListener('click', () => {
    confirm.hidden = true;
    newGame(readPanel(form));
  });
  confirm.querySelector('[data-action=keep]').addEventListener('click', () => {
    confirm.hidden = true;
  });
  $('[data-action=undo]').addEventListener('click', () => {
    if (S.undo.undo()) {
      refresh();
      persist();
    }
  });
  for (const type of ['steere-played', 'steere-gameover']) {
    S.game.addEventListener(type, () => {
      S.undo.note();
      refresh();
      persist();
    });
  }
  S.game.addEventListener('steere-gameover', () => S.analysis.review());
  // the element's own New game and Next game buttons change the game without an event
  S.game.addEventListener('click', (e) => {
    const action = e.composedPath()[0].closest?.('button[data-action]')?.dataset.action;
    if (action === 'restart') S.analysis.reset();
    if (action === 'restart' || action === 'next-game') refresh();
  });
  // r rolls from anywhere on the page (inside the game element it already does), on any keyboard layout
  document.addEventListener('keydown', (e) => {
    if (S.online || S.replay.open || (e.key !== 'r' && e.code !== 'KeyR') || e.ctrlKey || e.metaKey || e.altKey || e.target !== document.body) return;
    const roll = S.game.shadowRoot.querySelector('[data-action=roll]');
    if (roll && !roll.disabled && !roll.hidden) roll.click();
  });
}

async function main() {
  // the language first, so that the page reads in it while the engine loads
  const asked = params.get('lang');
  if (asked !== null && !known(asked)) S.problems.push({ name: 'lang', value: asked });
  speak(chooseLanguage(asked));
  $('#language').addEventListener('change', (e) => {
    const l = e.target.value;
    rememberLanguage(l);
    const url = new URL(location.href);
    url.searchParams.set('lang', l);
    try {
      history.replaceState(history.state, '', url);
    } catch {
      // a page opened from file:// may not rewrite its address: the choice is remembered all the same
    }
    S.problems = S.problems.filter((p) => p.name !== 'lang');
    speak(l);
    // the online mode's texts: the panel's line and the Start button's label, and the match drawn
    if (document.body.dataset.ready === 'true') {
      const form = $('#settings');
      delete form.querySelector('[type=submit]').dataset.label; // the label as speak() has just said it
      describePanel(form, readPanel(form), S.words);
    }
    S.online?.speak();
  });

  if (offline) WorkerBot.inline(offline.worker, offline.wasm);
  await init(offline ? { module_or_path: offline.wasm } : undefined);
  const form = $('#settings');
  const length = form.querySelector('[data-option=length]');
  for (let i = 1; i <= 21; i++) length.add(new Option(i === 1 ? S.words.t('single') : String(i), String(i)));

  const { settings, seed: urlSeed, problems } = fromUrl(params);
  S.seed = urlSeed;
  S.problems.push(...problems);
  showNotice();

  const el = document.createElement('steere-game');
  el.id = 'game';
  const delay = params.get('botdelay');
  if (delay !== null && /^\d+$/.test(delay)) el.setAttribute('bot-delay', delay);
  S.game = el;
  S.undo = new TakeBack(el);
  S.replay = new Replay($('#replay'), S.words);
  S.analysis = new Analysis(document, S.words, {
    element: shown,
    settings: () => ({ ...S.settings, ...S.online?.settings }),
    active: () => !S.replay.open,
    openReplay: (text, game, step) => {
      replay(text, true);
      S.replay.go(game, step);
      // the replay is above the review: bring it into view at once (the keys step it from anywhere)
      $('#replay').scrollIntoView({ block: 'start' });
    },
  });
  const saved = load(S.query);
  if (saved && restorable(saved.state)) {
    S.settings = { ...DEFAULTS, ...saved.settings };
    S.serial = saved.serial || 1;
    apply(el, S.settings);
    el.state = saved.state;
    S.undo.points = saved.points || [];
  } else {
    S.settings = settings;
    S.serial = 1;
    apply(el, settings);
  }
  $('#mount').append(el);
  await new Promise(function wait(resolve) {
    if (el.game) resolve();
    else setTimeout(() => wait(resolve), 10);
  });
  // a match's link (?match=ID) opens online play; the game kept in this browser is left as it was
  const matchID = params.get('match');
  if (matchID) {
    const online = goOnline();
    online.join(matchID).then(() => {
      if (online.settings) writePanel(form, { ...S.settings, ...online.settings });
      describePanel(form, readPanel(form), S.words);
    });
  }
  writePanel(form, S.settings);
  describePanel(form, S.settings, S.words);
  wire(form);
  wireRecords();
  S.undo.note();
  refresh();
  persist();
  await fromFragment();
  document.body.dataset.ready = 'true';
  if (!offline && 'serviceWorker' in navigator && location.protocol.startsWith('http')) {
    navigator.serviceWorker.register('./sw.js').catch(() => {});
  }
}

main().catch((e) => {
  const n = $('#notice');
  n.textContent = S.words.t('loadFailed');
  n.hidden = false;
  throw e;
});
