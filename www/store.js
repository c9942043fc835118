// Keeps the games in this browser, written after every move, so that they survive a reload, a crash of the
// tab and a link: every game with its settings, its seed, the played object's state, the take-back points
// and its review, under an id of its own (localStorage, shared by the tabs); which game of each kind
// (jokerball, zola) was saved last, and which kind; and the choices that hold for every game (the win
// chances bar, the level).
// Each tab notes in its sessionStorage (its own, kept over a reload) the id of its game of each kind, its
// kind shown last, and the version of each game it read or wrote. A tab never writes over a game that
// another tab saved after it read it: it goes on with a copy under a new id, and says so (saveGame's
// answer, and the `storage` event through onOverwrite before that).
const KEY = 'steere-games:demo:v4';
// the games kept before: one per kind (v3), or one address and its game (v2), taken over once
const V3 = 'steere-games:demo:v3';
const OLD = 'steere-games:demo:v2';
const TAB = 'steere-games:demo:tab';
// games kept at most (the oldest saved go first, never one that a tab's session names as its own now)
const MAX = 12;

const newId = () => Math.random().toString(36).slice(2, 10) + Date.now().toString(36);

function read(store, key) {
  try {
    return JSON.parse(store.getItem(key) || 'null');
  } catch {
    return null;
  }
}

/** The kept games as stored: { current, latest: { kind: id }, games: { id: entry }, prefs }. */
function stored() {
  const empty = { current: null, latest: {}, games: {}, prefs: {} };
  const kept = read(localStorage, KEY);
  if (kept && typeof kept.games === 'object' && kept.games && typeof kept.latest === 'object' && kept.latest)
    return { ...empty, ...kept, prefs: { ...kept.prefs } };
  // taken over: the games of v3 (one per kind), else v2's one game
  const v3 = read(localStorage, V3);
  const old = read(localStorage, OLD);
  const byKind =
    v3 && typeof v3.games === 'object' && v3.games
      ? v3.games
      : old?.settings?.game && old.state
        ? { [old.settings.game]: old }
        : {};
  const all = { ...empty, current: v3?.current ?? old?.settings?.game ?? null, prefs: { ...v3?.prefs } };
  for (const [kind, e] of Object.entries(byKind)) {
    if (!e?.state) continue;
    const id = newId();
    all.games[id] = {
      settings: e.settings,
      seed: e.seed,
      serial: e.serial,
      state: e.state,
      points: e.points,
      review: e.review,
      id,
      stamp: id,
    };
    all.latest[kind] = id;
  }
  return all;
}

/** This tab's own: { current (kind), ids: { kind: id }, seen: { id: stamp } }. */
function tab() {
  const t = read(sessionStorage, TAB);
  return { current: t?.current ?? null, ids: { ...t?.ids }, seen: { ...t?.seen } };
}

function keepTab(t) {
  try {
    sessionStorage.setItem(TAB, JSON.stringify(t));
  } catch {
    // no session storage: a reload finds the game saved last
  }
}

/**
 * Everything kept, as this tab sees it: { current (the kind shown last here, else in any tab), games:
 * { kind: entry } (this tab's own game of each kind, else the one saved last), prefs }. `read`: the page
 * loads them (each game's version is noted as the one this tab read).
 */
export function loadAll(read = false) {
  const all = stored();
  const t = tab();
  const games = {};
  for (const kind of new Set([...Object.keys(all.latest), ...Object.keys(t.ids)])) {
    const id = all.games[t.ids[kind]] ? t.ids[kind] : all.latest[kind];
    const entry = all.games[id];
    if (!entry) continue;
    games[kind] = entry;
    if (!read) continue;
    t.ids[kind] = id;
    t.seen[id] = entry.stamp;
  }
  if (read) keepTab(t);
  return { current: t.current ?? all.current, games, prefs: all.prefs };
}

function write(all) {
  // the oldest games beyond MAX go, but never one that is the latest of its kind
  const ids = Object.keys(all.games).sort((a, b) => (all.games[b].at ?? 0) - (all.games[a].at ?? 0));
  const latest = new Set(Object.values(all.latest));
  for (const id of ids.slice(MAX)) if (!latest.has(id)) delete all.games[id];
  try {
    localStorage.setItem(KEY, JSON.stringify(all));
  } catch {
    // storage full or disabled: the page still plays, it only forgets on reload
  }
}

/**
 * Keeps `entry` ({ settings, seed, serial, state, points, review }) as this tab's game of its kind, the one
 * shown; `fresh`: a new game (an id of its own). When another tab has saved this game since this tab read
 * it, this tab's game is kept as a copy under a new id, the other tab's untouched, and the other's id is
 * returned (else null).
 */
export function saveGame(entry, fresh = false) {
  const kind = entry.settings.game;
  const all = stored();
  const t = tab();
  let id = fresh ? null : t.ids[kind];
  const other = id && overtaken(all, t, id) ? id : null;
  const kept = id && all.games[id];
  t.current = kind;
  // nothing changed (a page loaded, a choice made again): nothing written, the game is not made the latest
  if (
    kept &&
    !other &&
    JSON.stringify({ ...kept, id: undefined, stamp: undefined, at: undefined }) === JSON.stringify(entry)
  ) {
    keepTab(t);
    return null;
  }
  if (!id || other) id = newId();
  const stamp = newId();
  all.games[id] = { ...entry, id, stamp, at: Date.now() };
  all.latest[kind] = id;
  all.current = kind;
  write(all);
  t.ids[kind] = id;
  t.seen[id] = stamp;
  keepTab(t);
  return other;
}

/** Has another tab saved game `id` since tab `t` read or wrote it? */
const overtaken = (all, t, id) => !!all.games[id] && id in t.seen && all.games[id].stamp !== t.seen[id];

/** The id of this tab's game of kind `kind` when another tab has saved it since this tab read it, else null. */
export function otherTab(kind) {
  const t = tab();
  const id = t.ids[kind];
  return id && overtaken(stored(), t, id) ? id : null;
}

/** Makes the game `id` (its latest version) this tab's own game, the one shown (the page then reloads). */
export function adopt(id) {
  const entry = stored().games[id];
  if (!entry) return;
  const t = tab();
  const kind = entry.settings.game;
  t.ids[kind] = id;
  t.seen[id] = entry.stamp;
  t.current = kind;
  keepTab(t);
}

/** Calls `f(id)` when another tab saves this tab's game of the kind shown (its id, as otherTab gives). */
export function onOtherTab(f) {
  addEventListener('storage', (e) => {
    const kind = tab().current;
    const id = e.key === KEY && kind && otherTab(kind);
    if (id) f(id);
  });
}

/** Keeps the choices `prefs` ({ bar, level }) for every game. */
export function savePrefs(prefs) {
  const all = stored();
  all.prefs = { ...all.prefs, ...prefs };
  write(all);
}
