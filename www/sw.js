// Service worker: after one visit the page plays offline. Network first (so a rebuilt package is picked
// up at once), the cache when the network fails. The page (its texts in every language), the engine, the
// board elements with their catalogues and the computer's worker are cached at install, and so is the
// balance lab (lab/ with its modules, its words and its worker; lab.html, its old address, too).
const CACHE = 'steere-games-demo-v12';
const PAGE = [
  './',
  './index.html',
  './app.js',
  './settings.js',
  './store.js',
  './undo.js',
  './online.js',
  './lobby.js',
  './records.js',
  './replay.js',
  './try.js',
  './analysis.js',
  './i18n.js',
  './text-en.js',
  './text-es.js',
  './text-ru.js',
  './style.css',
  './manifest.webmanifest',
  './icon.svg',
  './lab.html',
  './lab/',
  './lab/index.html',
  './lab/lab.js',
  './lab/lab.css',
  './lab/core.js',
  './lab/charts.js',
  './lab/text-en.js',
  './lab/text-es.js',
  './lab/text-ru.js',
  './lab/worker.js',
];
const OWN = [new URL('./', location.href).href, new URL('../pkg/', location.href).href];
const PKG = [
  '../pkg/steere_games.js',
  '../pkg/steere_games_bg.wasm',
  '../pkg/board.js',
  '../pkg/lang.js',
  '../pkg/worker.js',
];

async function precache() {
  const cache = await caches.open(CACHE);
  await cache.addAll(PAGE.concat(PKG));
  // the package's glue imports helper modules from pkg/snippets/<hash>/...: cache what it names
  const glue = await (await cache.match('../pkg/steere_games.js')).text();
  const extra = new Set(
    [...glue.matchAll(/from\s*['"](\.\/snippets\/[^'"]+)['"]/g)].map((m) => `../pkg/${m[1].slice(2)}`),
  );
  if (extra.size) await cache.addAll([...extra]);
}

self.addEventListener('install', (e) => {
  e.waitUntil(precache().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (e) => {
  e.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (e) => {
  const req = e.request;
  // only the demo's own files (www/ and pkg/): an online server's lobby, sockets and /vendor/ stay network-only
  if (req.method !== 'GET' || !OWN.some((dir) => req.url.startsWith(dir))) return;
  e.respondWith(
    fetch(req)
      .then((res) => {
        if (res.ok) {
          const copy = res.clone();
          caches.open(CACHE).then((c) => c.put(req, copy));
        }
        return res;
      })
      .catch(() => caches.match(req, { ignoreSearch: true }).then((hit) => hit || Response.error())),
  );
});
