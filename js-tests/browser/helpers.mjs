// Shared helpers of the browser tests: Debian's Chromium through playwright-core, the demo server on a
// free port, a console/page-error collector, and a seeded click-only player.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '../../scripts/serve.mjs';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const outDir = join(root, 'test-output');
mkdirSync(outDir, { recursive: true });

export const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The buttons of a game with the cube (their data-action), in the order the bar shows them. */
export const MATCH_BUTTONS = ['roll', 'double', 'take', 'drop', 'resign', 'next-game'];

/** Which of MATCH_BUTTONS are on when `on` (names of them) are on and the others off. */
export function buttonsOn(...on) {
  for (const name of on) assert.ok(MATCH_BUTTONS.includes(name), `no button ${name}`);
  return Object.fromEntries(MATCH_BUTTONS.map((name) => [name, on.includes(name)]));
}

/**
 * A share as the demo and the elements write it, from Intl (not their code): percent with one decimal in
 * `lang`; `sign`: + or - before it (none for zero).
 */
export const pct1 = (x, lang = 'en', sign = false) =>
  new Intl.NumberFormat(lang, {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
    signDisplay: sign ? 'exceptZero' : 'auto',
  }).format(x);

/** Waits (30 s at most) for the demo's game to be over or at Red's roll: the computer's turn (Blue's) is done. */
export const redToRoll = (page) =>
  page.waitForFunction(
    () => {
      const g = document.querySelector('steere-game').game;
      return g.phase === 'over' || (g.turn === 'red' && g.phase === 'roll');
    },
    null,
    { timeout: 30000 },
  );

/** Waits (60 s at most) for the demo's review to be half way: some moves reviewed, not all. */
export const reviewHalfWay = (page) =>
  page.waitForFunction(
    () => {
      const p = document.querySelector('.rv-progress progress');
      return p.value > 0 && p.value < p.max;
    },
    null,
    { timeout: 60000 },
  );

/** Debian's Chromium, headless; `extra` switches come after the common ones. */
export function launch(extra = []) {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: [...ARGS, ...extra] });
}

export async function startServer() {
  return serve(0);
}

export function stopServer(server) {
  if (!server) return;
  server.closeAllConnections();
  server.close();
}

/** A page that records every console error and page error into `errors`. */
export async function newPage(context) {
  const page = await context.newPage();
  const errors = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  await page.setViewportSize({ width: 1100, height: 900 });
  return { page, errors };
}

/**
 * Runs `body({ page, errors, context })` on the page `opening` gives (a promise of what open, element or
 * elementPage return), then checks that the page logged no error (but those `allow`, a regular expression,
 * matches) and closes its context, also when `body` fails.
 */
export async function checked(opening, body, { allow } = {}) {
  const { context, page, errors } = await opening;
  try {
    await body({ page, errors, context });
    assert.deepEqual(allow ? errors.filter((e) => !allow.test(e)) : errors, []);
  } finally {
    await context.close();
  }
}

export async function ready(page) {
  await page.waitForSelector('body[data-ready="true"]', { timeout: 20000, state: 'attached' });
}

/**
 * The demo for a test file: starts the server and the browser before its tests and stops them after.
 * Returns { base, browser, open(address, viewport, contextOptions), within(address, body, options),
 * element(body, options) }: open gives a
 * new context's page at the demo's `address` (a query such as '?size=4', or a whole URL), ready, with its
 * errors collected; element gives an elementPage (below) of that server.
 */
export function demo() {
  const d = { base: null, browser: null, server: null };
  before(async () => {
    ({ server: d.server, url: d.base } = await startServer());
    d.browser = await launch();
  });
  after(async () => {
    await d.browser?.close();
    stopServer(d.server);
  });
  d.open = async (address, viewport, contextOptions = {}) => {
    const context = await d.browser.newContext(contextOptions);
    const { page, errors } = await newPage(context);
    if (viewport) await page.setViewportSize(viewport);
    await page.goto(address.startsWith('http') ? address : `${d.base}/www/${address}`);
    await ready(page);
    return { context, page, errors };
  };
  // within(address, body, { allow, viewport }): opens `address` as open does (in `viewport`, if given), runs
  // `body({ page, errors, context })`, then checks that the page logged no error (but those `allow`, a regular
  // expression, matches) and closes the context, also when `body` fails.
  d.within = (address, body, options) => checked(d.open(address, options?.viewport), body, options);
  d.element = (body, options) => elementPage(d.browser, d.base, body, options);
  return d;
}

/** A small seeded generator of numbers in [0, 1), so the test's own choices repeat. */
export { rng } from '../prng.mjs';

/**
 * What the page's <steere-game> shows: turn and phases, the clickable targets (with whether a piece stands
 * there), the winner, which buttons a click would work on, the status line and the log's records.
 */
export async function gameState(page, sel = 'steere-game') {
  return page.evaluate((sel) => {
    const g = document.querySelector(sel);
    const root = g.shadowRoot;
    const b = root.querySelector('steere-board');
    const targets = [...b.shadowRoot.querySelectorAll('[data-target]')].map((e) => ({
      sel: `${sel} >> ${e.dataset.cell ? `[data-cell="${e.dataset.cell}"]` : `[data-goal="${e.dataset.goal}"]`}`,
      kind: e.dataset.target,
      occupied: !!e.querySelector('[data-piece=red],[data-piece=blue]'),
      goal: !!e.dataset.goal,
    }));
    const on = (a) => {
      const x = root.querySelector(`[data-action=${a}]`);
      return !!x && !x.disabled && !x.closest('[hidden]');
    };
    const obj = g.game;
    return {
      turn: b.dataset.turn,
      phase: b.dataset.phase,
      matchPhase: obj && 'score' in obj ? obj.phase : undefined,
      targets,
      winner: root.querySelector('[data-winner]')?.dataset.winner ?? null,
      canRoll: on('roll'),
      canTake: on('take'),
      buttons: Object.fromEntries(
        ['roll', 'double', 'take', 'drop', 'swap', 'resign', 'next-game'].map((a) => [a, on(a)]),
      ),
      status: root.querySelector('.status').textContent,
      turnLine: root.querySelector('.turn').textContent,
      score: root.querySelector('.score').textContent,
      cube: root.querySelector('.cube').textContent,
      crawford: !root.querySelector('.badge').hidden,
      records: [...root.querySelectorAll('.log li[data-record]')].map((li) => li.dataset.record),
      dice: b.shadowRoot.querySelector('[part=dice]')?.getAttribute('aria-label') ?? null,
    };
  }, sel);
}

/**
 * Plays the current game to its end by clicks only: roll when the roll button is on, else click a
 * [data-target] (chosen by `random`, preferring goals and captures when `greedy` so games stay short).
 * Takes any double offered to it. When the computer is to act, waits. Returns { winner, clicks, notices (the
 * status lines seen) }.
 */
export async function playGame(page, { random, greedy = true, maxSteps = 6000 }) {
  let clicks = 0;
  const notices = new Set();
  for (let step = 0; step < maxSteps; step++) {
    const s = await gameState(page);
    notices.add(s.status);
    if (s.winner) return { winner: s.winner, clicks, notices: [...notices] };
    if (s.canTake) {
      // a double offered to the clicking player (by the computer): take it
      await page.click('[data-action=take]');
      clicks++;
      continue;
    }
    if (s.canRoll) {
      await page.click('[data-action=roll]');
      clicks++;
      continue;
    }
    if (!s.targets.length) {
      // the computer is thinking (or the page is about to update)
      await page.waitForTimeout(20);
      continue;
    }
    const moves = s.targets.filter((t) => t.kind === 'move');
    let pool = s.targets;
    if (moves.length) {
      pool = moves;
      if (greedy) {
        const goals = moves.filter((t) => t.goal);
        const caps = moves.filter((t) => t.occupied);
        if (goals.length && random() < 0.7) pool = goals;
        else if (caps.length) pool = caps;
      }
    }
    const t = pool[Math.floor(random() * pool.length)];
    await page.click(t.sel);
    clicks++;
  }
  throw new Error('the game did not end within the step budget');
}

/**
 * The demo's game: `clicks` clicks of a person at this screen: roll when the button is on, else a target (a move
 * first).
 */
export async function clickPlay(page, clicks, random) {
  for (let i = 0; i < clicks; i++) {
    const s = await gameState(page);
    if (s.winner) return;
    if (s.canRoll) {
      await page.click('steere-game >> [data-action=roll]');
      continue;
    }
    const moves = s.targets.filter((t) => t.kind === 'move');
    const pool = moves.length ? moves : s.targets;
    if (!pool.length) {
      await page.waitForTimeout(20);
      continue;
    }
    await page.click(pool[Math.floor(random() * pool.length)].sel);
  }
}

/**
 * The demo's game as drawn (#game): the log's lines (whose, which record or line), the pieces on the cells, the score's
 * numbers, and its state.
 */
export const demoGame = (page) =>
  page.evaluate(() => {
    const g = document.querySelector('#game');
    const board = g.shadowRoot.querySelector('steere-board').shadowRoot;
    return {
      game: board.host.dataset.game ?? g.getAttribute('game'),
      log: [...g.shadowRoot.querySelectorAll('.log li')].map(
        (li) => `${li.dataset.player ?? ''} ${li.dataset.record ?? li.className}`,
      ),
      pieces: [...board.querySelectorAll('[data-cell]')]
        .map((c) => c.dataset.cell + (c.querySelector('[data-piece]')?.dataset.piece ?? ''))
        .join(' '),
      score: g.shadowRoot.querySelector('.score').textContent.replace(/\D+/g, ' ').trim(),
      // Jokerball: the dice as said, and whether the green die's arrow is seen (its style and box)
      dice: (() => {
        const d = board.querySelector('[part=dice]');
        const a = board.querySelector('.way-arrow');
        if (!d || !a) return null;
        const st = getComputedStyle(a);
        const box = a.getBoundingClientRect();
        const seen =
          !a.closest('[hidden]') &&
          st.display !== 'none' &&
          st.visibility !== 'hidden' &&
          box.width > 3 &&
          box.height > 3;
        return `${d.getAttribute('aria-label')} | ${seen ? 'arrow' : 'no arrow'}`;
      })(),
      state: JSON.stringify(g.state),
    };
  });

// In element pages: boardRoot(sel) is the shadow root of a steere-board, or of the one inside a steere-game;
// steere() is the package's module, its wasm initialised (a test never makes an object before that: the
// board module's own init may still be loading on a busy machine).
const BOARD_ROOT = `window.boardRoot = (sel) => { const el = typeof sel === 'string' ? document.querySelector(sel) : sel;
  return el.localName === 'steere-game' ? el.shadowRoot.querySelector('steere-board').shadowRoot : el.shadowRoot; };
  window.steere = async () => { const api = await import('/pkg/steere_games.js'); await api.default(); return api; };`;

/**
 * A page of the demo server's origin whose HTML is `body` (served by the browser's routing, so any markup
 * can be tried), with the board module loaded from /pkg/. Waits until the elements are defined. `lang` is
 * the page's <html lang> (null: none), `locale` the browser's language (navigator.languages).
 */
export async function elementPage(
  browser,
  base,
  body,
  { viewport, reducedMotion, head = '', locale, lang = 'en' } = {},
) {
  const context = await browser.newContext({
    ...(reducedMotion ? { reducedMotion } : {}),
    ...(locale ? { locale } : {}),
  });
  const { page, errors } = await newPage(context);
  if (viewport) await page.setViewportSize(viewport);
  const path = `/www/__elements-${Math.random().toString(36).slice(2)}.html`;
  await page.route(`${base}${path}`, (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><html${lang === null ? '' : ` lang="${lang}"`}><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>elements</title><link rel="icon" href="data:,"><script>${BOARD_ROOT}</script>${head}</head><body style="margin:8px;font-family:sans-serif">${body}<script type="module">import '/pkg/board.js'; document.body.dataset.ready = 'true';</script></body></html>`,
    }),
  );
  await page.goto(`${base}${path}`);
  await ready(page);
  return { context, page, errors };
}

/** Waits until the element `sel` (a steere-board or steere-game) has drawn its cells. */
export async function drawn(page, sel) {
  await page.waitForFunction(
    (s) => {
      const el = document.querySelector(s);
      const board = el?.localName === 'steere-game' ? el.shadowRoot.querySelector('steere-board') : el;
      return board?.shadowRoot?.querySelector('[data-cell]') && (el.localName !== 'steere-game' || el.game);
    },
    sel,
    { timeout: 20000 },
  );
}

/**
 * Binds a new engine object to the board `sel` (a steere-board, or the one in a steere-game): `make` is
 * evaluated in the page with the package's module as `api`; the object is kept as window.games[sel].
 */
export async function bind(page, sel, make) {
  await page.waitForFunction((sel) => window.boardRoot(sel).querySelector('[data-cell]'), sel, { timeout: 20000 });
  await page.evaluate(
    async ({ sel, make }) => {
      const api = await window.steere();
      const obj = new Function('api', `return ${make}`)(api);
      document.querySelector(sel).game = obj;
      window.games ??= {};
      window.games[sel] = obj;
    },
    { sel, make },
  );
}

/**
 * A context of `browser` that refuses every request that is not file://, data: or blob: and notes it in
 * `requests` (so "no network" is checked, not assumed), with a page of it (its errors collected).
 */
export async function offlineContext(browser) {
  const context = await browser.newContext();
  const requests = [];
  await context.route(/^(?!file:|data:|blob:)/, (route) => {
    requests.push(route.request().url());
    route.abort();
  });
  const { page, errors } = await newPage(context);
  return { context, requests, page, errors };
}
