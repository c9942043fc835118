// Keeps the game in this browser (localStorage), so that it survives a reload: the settings, the played
// object's state and the take-back points. A different address (URL query) starts afresh.
const KEY = 'steere-games:demo:v2';

export function save(entry) {
  try {
    localStorage.setItem(KEY, JSON.stringify(entry));
  } catch {
    // storage full or disabled: the page still plays, it only forgets on reload
  }
}

/** What was saved for this address, or null. */
export function load(query) {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) || 'null');
    return saved && saved.query === query && saved.settings && saved.state ? saved : null;
  } catch {
    return null;
  }
}
