// The demo page: a settings panel around <steere-game>, the package's own game element (board, dice,
// buttons, score, cube, log, computer opponent); an online match is played on a <steere-game> of its own
// (online.js), with the same records, replay and review. This file wires the panel, the URL, storage and
// taking back; the rules are the engine's alone.
import init, { Jokerball, Zola, Match } from '../pkg/steere_games.js';
import { WorkerBot } from '../pkg/board.js';
import { DEFAULTS, PARAMS, fromUrl, describe, readPanel, writePanel, enable, attributes } from './settings.js';
import { loadAll, saveGame, savePrefs, adopt, onOtherTab } from './store.js';
import { TakeBack } from './undo.js';
import { Words, chooseLanguage, rememberLanguage, known } from './i18n.js';
import en from './text-en.js';
import es from './text-es.js';
import ru from './text-ru.js';
import { Online, describePanel } from './online.js';
import { LobbyView, lobbyMatch } from './lobby.js';
import { readRecord, recordOf, fileName, download, shareLink, unpack } from './records.js';
import { Replay, rowsOf } from './replay.js';
import { Analysis } from './analysis.js';

const $ = (sel) => document.querySelector(sel);
// The single-file build (scripts/offline.mjs) carries the wasm bytes and the worker's source.
const offline = globalThis.STEERE_OFFLINE;
const params = new URLSearchParams(location.search);

const S = {
  settings: null,
  seed: null,
  serial: 0,
  // the game an address asks for while a game in progress is kept in its place: { settings, seed, named }
  link: null,
  game: null,
  undo: null,
  words: new Words(document, { en, es, ru }),
  problems: [],
  online: null,
  replay: null,
  analysis: null,
  // the review of the finished game played here (Analysis's rv), kept with it in the browser
  review: null,
  // the next save is of a new game (an id of its own in store.js)
  fresh: false,
};

/** The notice above the game: each ignored URL parameter, in the page's language. */
function showNotice() {
  const notice = $('#notice');
  notice.textContent = '';
  for (const line of describe(S.problems, (k, v) => S.words.t(k, v)))
    notice.append(Object.assign(document.createElement('p'), { textContent: line }));
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

/** Keeps the game played here (after every move, and whenever it changes). */
function persist() {
  if (!S.game.game || S.online) return;
  const other = saveGame(
    {
      settings: S.settings,
      seed: S.seed,
      serial: S.serial,
      state: S.game.state,
      points: S.undo.points,
      review: S.review,
    },
    S.fresh,
  );
  S.fresh = false;
  if (other) tabs('tabs_copy', other);
}

/**
 * Another tab has saved the game shown here since this page read it (`key` tabs_newer), or had, and this
 * page's moves went to a copy of its own (tabs_copy): said above the game, with the other tab's game offered.
 */
function tabs(key, id) {
  const box = $('#tabs');
  note(box.querySelector('p'), key);
  box.dataset.id = id;
  box.hidden = false;
}

/** The address without the settings of a game: once a game is chosen here, a reload goes on with it. */
function plainAddress() {
  const url = new URL(location.href);
  for (const name of PARAMS) url.searchParams.delete(name);
  if (url.href === location.href) return;
  try {
    history.replaceState(history.state, '', url);
  } catch {
    // a page opened from file:// may not rewrite its address
  }
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
  // a copy being tried is not a game to review
  if (S.replay.trial.open) $('[data-action=review]').hidden = true;
  S.lobby?.sync();
}

/** Has anything been played in game or match `g`, not yet over (so that starting anew would lose it)? */
function playing(g) {
  if (g instanceof Match)
    return (
      g.phase !== 'match-over' && (g.gameNumber > 1 || g.history().length > 0 || g.phase !== 'playing' || !!g.dice)
    );
  return g.phase !== 'over' && (g.history().length > 0 || !!g.dice);
}

/** The game or match of a kept state, or null when this engine cannot restore it (the caller frees it). */
function revive(state) {
  try {
    return { jokerball: Jokerball, zola: Zola, match: Match }[state?.game].fromJSON(state);
  } catch {
    return null;
  }
}

/** Can this engine restore the kept `entry` (store.js)? Else it is dropped. */
function restorable(entry) {
  const g = entry?.settings && revive(entry.state);
  g?.free();
  return !!g;
}

/** Is the kept `entry` (store.js) a game in progress? */
function keptPlaying(entry) {
  const g = entry && revive(entry.state);
  const on = !!g && playing(g);
  g?.free();
  return on;
}

/**
 * Would a new game of kind `kind` lose a game in progress: the online match, the game played here, or the
 * one kept of that kind (a game of another kind is kept, and an address naming its kind finds it again)?
 */
function wouldLose(kind) {
  if (S.online?.inProgress()) return true;
  if (S.game.game && playing(S.game.game)) return true;
  return kind !== S.settings.game && keptPlaying(loadAll().games[kind]);
}

/** The kind of game of a game or match object: jokerball or zola. */
function kindOf(obj) {
  const s = obj.toJSON({ rng: false });
  return (s.game === 'match' ? s.current : s).game;
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
  // an open seat of the lobby cancelled: back to the game here, and to the lobby
  S.online.onLeave = () => {
    leaveOnline();
    refresh();
    S.lobby.back();
  };
  refresh();
  return S.online;
}

/** Opens the replay view over the record `text`; throws (the view and the game unchanged) when it is bad. */
function replay(text, own = false) {
  const obj = readRecord(text);
  $('[data-confirm=play-on]').hidden = true;
  S.replay.close()?.free();
  S.replay.show(obj, own);
  note($('#record-note'), null);
  $('#mount').hidden = true;
  refresh();
}

/** Back to the game; `playOn`: the opened record's game becomes the game played here. */
/**
 * Back to the game; `playOn`: the opened record's game becomes the game played here (the caller has asked
 * first when that would lose a game in progress), and the panel shows its settings.
 */
function leaveReplay(playOn = false) {
  $('[data-confirm=play-on]').hidden = true;
  const obj = S.replay.close();
  $('#mount').hidden = false;
  if (location.hash.startsWith('#record='))
    history.replaceState(history.state, '', location.pathname + location.search);
  if (playOn) {
    leaveOnline();
    hideOffer();
    S.analysis.reset();
    const s = obj.toJSON({ rng: false });
    const g = s.game === 'match' ? s.current : s;
    const jb = g.game === 'jokerball';
    S.settings = {
      ...S.settings,
      game: g.game,
      length: s.game === 'match' ? String(s.match.length) : '1',
      cube: !!s.match?.cube,
    };
    if (jb) Object.assign(S.settings, { rules: g.rules, size: String(g.size), rows: rowsOf(g) ?? S.settings.rows });
    else Object.assign(S.settings, { 'zola-size': String(g.size), pie: !!g.pie });
    writePanel($('#settings'), S.settings);
    apply(S.game, S.settings);
    S.game.game = obj;
    S.undo.points = [];
    S.undo.note();
    plainAddress();
    S.fresh = true;
    persist();
  } else obj?.free();
  refresh();
}

/**
 * The record of what is shown (the replayed one, else the game's), with the marks of its review when it
 * has been reviewed, or null with the reason said.
 */
function currentRecord() {
  try {
    return S.analysis.annotate(recordOf(S.replay.obj ?? shown().game));
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
  // a finished game opened as a record is reviewed as it is; the game played here, as the game here
  $('[data-action=replay-review]').addEventListener('click', () => {
    S.analysis.review(S.replay.own ? null : S.replay.obj);
    $('#review').scrollIntoView({ block: 'start' });
  });
  // playing on from a record asks first when a game in progress would be lost
  const ask = $('[data-confirm=play-on]');
  $('[data-action=replay-play-on]').addEventListener('click', () => {
    if (!wouldLose(kindOf(S.replay.obj))) return leaveReplay(true);
    ask.hidden = false;
    ask.querySelector('[data-action=play-on-abandon]').focus();
  });
  ask.querySelector('[data-action=play-on-abandon]').addEventListener('click', () => leaveReplay(true));
  ask.querySelector('[data-action=play-on-keep]').addEventListener('click', () => {
    ask.hidden = true;
  });
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
  const lang = new URLSearchParams(location.search).get('lang');
  history.replaceState(null, '', location.pathname + (lang ? `?lang=${encodeURIComponent(lang)}` : ''));
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
  hideOffer();
  S.analysis.reset();
  S.settings = s;
  S.serial++;
  S.fresh = true;
  apply(S.game, s);
  await S.game.start();
  S.undo.points = [];
  S.undo.note();
  refresh();
  plainAddress();
  persist();
}

/**
 * The address asks for another game than the one kept of its kind, which is in progress: the kept game
 * is shown, and the address's game offered above it (the player says whether to start it).
 */
function offer(link) {
  S.link = link;
  const box = $('#offer');
  note(box.querySelector('.offer-what'), 'linkAsks', link.named.join(', '));
  box.hidden = false;
}

function hideOffer() {
  S.link = null;
  $('#offer').hidden = true;
}

function wireOffer() {
  const box = $('#offer');
  box.querySelector('[data-action=offer-start]').addEventListener('click', async () => {
    const { settings, seed } = S.link;
    S.seed = seed;
    S.serial = 0;
    writePanel($('#settings'), settings);
    await newGame(settings);
  });
  // kept: the address no longer asks (a reload goes on with the game)
  box.querySelector('[data-action=offer-keep]').addEventListener('click', () => {
    hideOffer();
    plainAddress();
  });
}

/**
 * Does the address ask for another game than the kept `entry`: other settings (read over the entry's
 * own, so that a parameter it does not name changes nothing), or another seed?
 */
function asksOther(entry) {
  const { settings, seed } = fromUrl(params, entry.settings);
  const differ =
    JSON.stringify(attributes(settings)) !== JSON.stringify(attributes({ ...DEFAULTS, ...entry.settings }));
  return differ || (seed !== null && seed !== (entry.seed ?? null));
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
    // (both are the player's choices for every game, kept over links)
    if (e.target.dataset.option === 'level') {
      S.settings = { ...S.settings, level: e.target.value };
      S.game.setAttribute('level', e.target.value);
      savePrefs({ level: e.target.value });
      persist();
    }
    // so does the win chances bar
    if (bar) {
      S.settings = { ...S.settings, bar: e.target.dataset.value };
      savePrefs({ bar: e.target.dataset.value });
      persist();
      refresh();
    }
  });
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    if (wouldLose(readPanel(form).game)) {
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
      // the game reopens: its review goes
      S.analysis.reset();
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
    if (action === 'restart') {
      S.analysis.reset();
      S.fresh = true;
    }
    if (action === 'restart' || action === 'next-game') refresh();
  });
  // the header's link to How to play opens it, if it was closed
  $('.jump [href="#help"]').addEventListener('click', () => {
    $('#help').open = true;
  });
  // r rolls from anywhere on the page (inside the game element it already does), on any keyboard layout
  document.addEventListener('keydown', (e) => {
    if (
      S.online ||
      S.replay.open ||
      (e.key !== 'r' && e.code !== 'KeyR') ||
      e.ctrlKey ||
      e.metaKey ||
      e.altKey ||
      e.target !== document.body
    )
      return;
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

  // The game the address asks for, with the player's own choices (level, win chances bar) where it names none
  const kept = loadAll(true);
  const link = fromUrl(params, { ...DEFAULTS, ...(kept.prefs.level ? { level: kept.prefs.level } : {}) });
  if (kept.prefs.bar) link.settings.bar = kept.prefs.bar;
  S.problems.push(...link.problems);
  showNotice();
  const named = PARAMS.filter((n) => params.has(n));
  // The game kept of the kind the address names (naming no setting, the one shown last) goes on; if the
  // address asks for another game, it is offered, and started at once only when nothing would be lost.
  const kind = named.length ? link.settings.game : (kept.current ?? link.settings.game);
  let entry = kept.games[kind];
  const usable = restorable(entry);
  const asks = usable && named.length > 0 && asksOther(entry);
  const offered = asks && keptPlaying(entry);
  if (!usable || (asks && !offered)) entry = null;

  const el = document.createElement('steere-game');
  el.id = 'game';
  const delay = params.get('botdelay');
  if (delay !== null && /^\d+$/.test(delay)) el.setAttribute('bot-delay', delay);
  S.game = el;
  S.undo = new TakeBack(el);
  S.replay = new Replay($('#replay'), S.words);
  // moves tried on a copy of a replay's position: the analysis follows the copy, its bar on
  const trial = S.replay.trial;
  trial.onChange = refresh;
  S.analysis = new Analysis(document, S.words, {
    element: () => trial.target ?? shown(),
    settings: () => ({ ...S.settings, ...S.online?.settings, ...(trial.open ? { bar: 'on' } : {}) }),
    active: () => !S.replay.open || trial.open,
    // the review of the game played here is kept with it (not an online match's: persist() keeps none)
    keep: (rv) => {
      if (shown() !== S.game) return;
      S.review = rv;
      persist();
    },
    // the replay of a reviewed record (`own`: the game played here) at a reviewed turn, marked; returns it
    openReplay: (text, game, step, entry, own = true) => {
      replay(text, own);
      S.replay.go(game, step);
      // a reviewed move or cube decision: what was chosen and the best, drawn and said
      if (entry) S.replay.mark(entry, S.analysis);
      // the replay is above the review: bring it into view at once (the keys step it from anywhere)
      $('#replay').scrollIntoView({ block: 'start' });
      return S.replay;
    },
  });
  if (entry) {
    S.settings = { ...DEFAULTS, ...entry.settings, ...(kept.prefs.bar ? { bar: kept.prefs.bar } : {}) };
    S.seed = entry.seed ?? null;
    S.serial = entry.serial || 1;
    apply(el, S.settings);
    el.state = entry.state;
    S.undo.points = entry.points || [];
    S.review = entry.review ?? null;
  } else {
    S.settings = link.settings;
    S.seed = link.seed;
    S.serial = 1;
    S.fresh = true;
    apply(el, link.settings);
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
    online.lobby = lobbyMatch(matchID); // a match taken through the lobby here: its waiting state, its rating change
    online.join(matchID).then(() => {
      if (online.settings) writePanel(form, { ...S.settings, ...online.settings });
      describePanel(form, readPanel(form), S.words);
    });
  }
  writePanel(form, S.settings);
  describePanel(form, S.settings, S.words);
  wire(form);
  // the lobby of the server (lobby.js), under the panel while the opponent is a person online
  S.lobby = new LobbyView(form, S.words, {
    busy: () => !!S.online?.engaged(),
    open: (m, variant, matchID, seat, record) => {
      const online = goOnline();
      online.lobby = record;
      online.open(m, variant, matchID, seat);
    },
  });
  S.lobby.sync();
  wireRecords();
  wireOffer();
  onOtherTab((id) => tabs('tabs_newer', id));
  $('[data-action=tabs-show]').addEventListener('click', () => {
    adopt($('#tabs').dataset.id);
    location.reload();
  });
  if (offered) {
    const ignored = new Set(link.problems.map((p) => p.name));
    offer({
      settings: link.settings,
      seed: link.seed,
      named: named.filter((n) => !ignored.has(n)).map((n) => `${n}=${params.get(n)}`),
    });
  }
  S.undo.note();
  refresh();
  // the finished game's review, kept with it, is shown again as it was; one that a reload interrupted is
  // computed again
  if (S.review && S.game.game && !playing(S.game.game)) {
    if (S.review.result) S.analysis.show(S.review);
    else S.analysis.review();
  } else S.review = null;
  persist();
  await fromFragment();
  document.body.dataset.ready = 'true';
  if (!offline && 'serviceWorker' in navigator && location.protocol.startsWith('http')) {
    navigator.serviceWorker.register('./sw.js').catch(() => {});
  }
}

// a page brought back from the browser's memory (Back) may show a game played on since in another page:
// it is loaded afresh from the games kept
addEventListener('pageshow', (e) => {
  if (e.persisted) location.reload();
});

main().catch((e) => {
  const n = $('#notice');
  n.textContent = S.words.t('loadFailed');
  n.hidden = false;
  throw e;
});
