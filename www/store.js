// Keeps the games in this browser (localStorage), written after every move, so that they survive a reload,
// a crash of the tab and a link: one game per kind (jokerball, zola), each with its settings, its seed,
// the played object's state and the take-back points; which kind was shown last; and the choices that
// hold for every game (the win chances bar, the level).
const KEY = 'steere-games:demo:v3';
// the one game kept before (an address and its game), taken over once
const OLD = 'steere-games:demo:v2';

/** Everything kept: { current (the kind shown last, or null), games: { kind: entry }, prefs }. */
export function loadAll() {
  const empty = { current: null, games: {}, prefs: {} };
  try {
    const kept = JSON.parse(localStorage.getItem(KEY) || 'null');
    if (kept && typeof kept.games === 'object' && kept.games) return { ...empty, ...kept, prefs: { ...kept.prefs } };
    const old = JSON.parse(localStorage.getItem(OLD) || 'null');
    const kind = old?.settings?.game;
    if (kind && old.state) return { ...empty, current: kind, games: { [kind]: { settings: old.settings, serial: old.serial, state: old.state, points: old.points } } };
  } catch {
    // unreadable: nothing kept
  }
  return empty;
}

function write(change) {
  try {
    const all = change(loadAll());
    localStorage.setItem(KEY, JSON.stringify(all));
  } catch {
    // storage full or disabled: the page still plays, it only forgets on reload
  }
}

/** Keeps `entry` ({ settings, seed, serial, state, points }) as the game of its kind, the one shown. */
export function saveGame(entry) {
  const kind = entry.settings.game;
  write((all) => ({ ...all, current: kind, games: { ...all.games, [kind]: entry } }));
}

/** Keeps the choices `prefs` ({ bar, level }) for every game. */
export function savePrefs(prefs) {
  write((all) => ({ ...all, prefs: { ...all.prefs, ...prefs } }));
}
