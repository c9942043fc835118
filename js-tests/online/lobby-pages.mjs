// The demo's lobby view and online match as a person sees and works them, for the lobby's browser tests
// (lobby-demo.test.mjs in one process, lobby-demo-cluster.test.mjs on two): a person's page, what it
// shows, and clicks that choose a game, pair and play.
import assert from 'node:assert/strict';
import { newPage } from '../browser/helpers.mjs';

/**
 * A person: a browser context of their own whose language is `lang` (a match's link has no ?lang=, so a
 * reload speaks the browser's), the demo of the server at `url` at a phone's width or a desktop's.
 */
export async function person(browser, url, lang, { phone = false } = {}) {
  const context = await browser.newContext({
    locale: lang,
    ...(phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : {}),
  });
  const { page, errors } = await newPage(context);
  if (phone) await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${url}/www/?lang=${lang}`);
  await page.waitForSelector('body[data-ready="true"]', { state: 'attached', timeout: 30000 });
  return { context, page, errors };
}

/** The lobby view and the online match's lines as seen on the screen (null: not shown). */
export const seen = (page) =>
  page.evaluate(() => {
    const shows = (e) => !!e && !e.closest('[hidden]') && e.getClientRects().length > 0;
    const text = (root, sel) => {
      const e = root?.querySelector(sel);
      return shows(e) ? e.textContent : null;
    };
    const l = document.querySelector('#lobby');
    const lobby = shows(l)
      ? {
          title: text(l, 'h2'),
          name: l.querySelector('#lobby-name').value,
          nameNote: text(l, '.lb-name-note'),
          ratings: [...l.querySelectorAll('.lb-ratings li')].map((li) => li.textContent),
          anyone:
            shows(l.querySelector('[data-action=play-anyone]')) &&
            !l.querySelector('[data-action=play-anyone]').disabled,
          anyoneNote: text(l, '.lb-anyone-note'),
          seatsTitle: text(l, '.lb-seats-title'),
          seats: [...l.querySelectorAll('.lb-seats li')].map((li) => ({
            match: li.dataset.match,
            player: li.querySelector('.lb-player').textContent,
            markup: li.querySelector('.lb-player').children.length,
            rating: li.querySelector('.lb-rating').textContent,
            clock: li.querySelector('.lb-clock').textContent,
            play: shows(li.querySelector('button')) ? li.querySelector('button').textContent : null,
          })),
          empty: text(l, '.lb-empty'),
          status: text(l, '.lb-status') || null,
          problem: text(l, '.lb-problem'),
        }
      : null;
    const s = document.querySelector('section.online');
    const g = s?.querySelector('steere-game');
    const r = g?.isConnected ? g.shadowRoot : null;
    const board = r?.querySelector('steere-board');
    const targets = [...(board?.shadowRoot.querySelectorAll('[data-target]') ?? [])].filter(shows).map((e) => ({
      sel: `section.online steere-board >> ${e.dataset.cell ? `[data-cell="${e.dataset.cell}"]` : `[data-goal="${e.dataset.goal}"]`}`,
      kind: e.dataset.target,
      goal: !!e.dataset.goal,
    }));
    const online = s
      ? {
          match: s.dataset.match ?? null,
          version: Number(s.dataset.version || 0),
          seat: text(s, '.seat'),
          waiting: text(s, '.waiting p'),
          cancel: text(s, '[data-action=cancel-seek]'),
          against: text(s, '.against'),
          other: text(s, '.other'),
          outcome: text(s, '.outcome'),
          rating: text(s, '.rating'),
          link: shows(s.querySelector('.invite')),
          turn: text(r, '.turn'),
          winner: text(r, '.winner'),
          roll: shows(r?.querySelector('[data-action=roll]')) && !r.querySelector('[data-action=roll]').disabled,
          targets,
          records: [...(r?.querySelectorAll('.log li[data-record]') ?? [])].length,
        }
      : null;
    return {
      lobby,
      online,
      focus: document.activeElement?.dataset?.action ?? null,
      width: document.documentElement.scrollWidth,
      inner: innerWidth,
      url: location.href,
    };
  });

export async function until(page, pred, what, ms = 20000) {
  for (const end = Date.now() + ms; ; await page.waitForTimeout(50)) {
    const d = await seen(page);
    if (pred(d)) return d;
    assert.ok(Date.now() <= end, `timed out waiting for ${what}; seen: ${JSON.stringify(d)}`);
  }
}

/** The panel set to a game against a person online, and the lobby view's name entered. */
export async function choose(page, { game = 'jokerball', size, clock = 'casual', custom, name }) {
  await page.selectOption('[data-option=game]', game);
  if (size) await page.selectOption('[data-option=size]', size);
  await page.selectOption('[data-option=opponent]', 'online');
  await page.selectOption('#clock', clock);
  if (custom) {
    for (const [k, v] of Object.entries(custom)) await page.fill(`#clock-${k}`, String(v));
    await page.dispatchEvent('#clock-increment', 'change');
  }
  await until(page, (d) => d.lobby?.anyone, 'the lobby view with Play anyone');
  await page.fill('#lobby-name', name);
  await page.press('#lobby-name', 'Enter');
}

/** One click of the person to act: Roll, else a highlighted target (goals first). True when a move was sent. */
export async function step(page, o, random) {
  if (o.roll) {
    await page.click('section.online [data-action=roll]');
    return true;
  }
  const moves = o.targets.filter((t) => t.kind === 'move');
  const pool = moves.length ? (moves.some((t) => t.goal) ? moves.filter((t) => t.goal) : moves) : o.targets;
  if (!pool.length) return false;
  const t = pool[Math.floor(random() * pool.length)];
  await page.click(t.sel);
  return t.kind === 'move';
}

/** Plays `n` moves by clicks, each awaited on both pages (or until the game is over). */
export async function play(people, n, random) {
  let moves = 0;
  while (moves < n) {
    const ds = await Promise.all(people.map((p) => seen(p.page)));
    if (ds.some((d) => d.online.winner)) return moves;
    const i = ds.findIndex((d) => d.online.roll || d.online.targets.length > 0);
    if (i < 0) {
      await people[0].page.waitForTimeout(40);
      continue;
    }
    const before = ds.map((d) => d.online.version);
    if (await step(people[i].page, ds[i].online, random)) {
      moves++;
      await Promise.all(
        people.map((p, k) => until(p.page, (d) => d.online.version > before[k], `move ${moves} on page ${k}`)),
      );
    }
  }
  return moves;
}

export const fits = (d) => assert.ok(d.width <= d.inner, `no horizontal overflow: ${d.width} > ${d.inner}`);
