// The demo page served by scripts/serve.mjs (issue 6): whole games by clicks only, reload survival,
// keyboard play, the phone width. Every test fails on any console error or page error.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { demo, ready, playGame, gameState, rng, outDir } from './helpers.mjs';

const D = demo();

// these tests play both sides by clicks (the computer is the page's default opponent)
const open = (query, viewport) => D.open(`${query}${query.includes('opponent=') ? '' : '&opponent=human'}`, viewport);

const logLines = async (page) => (await gameState(page)).records;
const boardAttr = (page, name) => page.getAttribute('steere-game >> steere-board', name);

test('serve.mjs: / redirects to /www/, wasm served as application/wasm; only /www/ and /pkg/ are served', async () => {
  const { base } = D;
  const r = await fetch(`${base}/`, { redirect: 'manual' });
  assert.equal(r.status, 302);
  assert.equal(r.headers.get('location'), '/www/');
  const w = await fetch(`${base}/pkg/steere_games_bg.wasm`);
  assert.equal(w.headers.get('content-type'), 'application/wasm');
  const js = await fetch(`${base}/www/app.js`);
  assert.match(js.headers.get('content-type'), /^text\/javascript/);
  assert.equal((await fetch(`${base}/www/nothing-here`)).status, 404);
  assert.equal((await fetch(`${base}/%2e%2e/%2e%2e/etc/passwd`)).status, 404);
  for (const path of [
    '/.git/config',
    '/.git/HEAD',
    '/README.md',
    '/Cargo.toml',
    '/src/lib.rs',
    '/scripts/serve.mjs',
    '/pkg/.gitignore',
    '/www/../.git/config',
    '/www/%2e%2e/README.md',
  ]) {
    assert.equal((await fetch(`${base}${path}`)).status, 404, path);
  }
  for (const path of ['/pkg/board.js', '/pkg/worker.js', '/pkg/lang.js', '/www/app.js'])
    assert.equal((await fetch(`${base}${path}`)).status, 200, path);
});

test('Jokerball (RULES 1), side 6, person against person: a whole game by clicks', async () => {
  const { context, page, errors } = await open('?seed=21');
  assert.equal(await page.$$eval('[data-cell]', (c) => c.length), 91);
  assert.equal(await page.$$eval('[data-piece=red]', (c) => c.length), 13);
  assert.equal(await page.$$eval('[data-piece=blue]', (c) => c.length), 13);
  assert.equal(await page.$$eval('[data-cell=f6] [data-piece=ball]', (c) => c.length), 1);
  assert.equal(await boardAttr(page, 'data-phase'), 'roll');
  assert.equal(await boardAttr(page, 'data-turn'), 'red');
  // nothing to click before the dice are rolled
  assert.equal(await page.$$eval('[data-target]', (c) => c.length), 0);
  await page.click('[data-action=roll]');
  // the dice are shown, with the ball's direction
  assert.match((await gameState(page)).dice, /^Dice: distance [1-6], direction [1-6]/);
  const { winner, clicks, notices } = await playGame(page, { random: rng(21) });
  assert.ok(winner === 'red' || winner === 'blue');
  assert.equal(await boardAttr(page, 'data-phase'), 'over');
  assert.equal(await page.$$eval('[data-target]', (c) => c.length), 0);
  // every record in RULES 1.9 notation
  const log = await logLines(page);
  assert.ok(log.length > 0 && clicks > log.length);
  for (const rec of log) assert.match(rec, /^[1-6]\/[1-6] (-|[a-k]\d+[-x]([a-k]\d+|off)) (-|[a-k]\d+>([a-k]\d+|off))$/);
  assert.match(log[log.length - 1], />off$/);
  // phases without moves are shown, not skipped silently (RULES 1.4)
  const said = notices.join('\n');
  if (log.some((r) => / -$/.test(r))) assert.match(said, /has no ball move: skipped/);
  if (log.some((r) => / - /.test(r))) assert.match(said, /has no man move/);
  assert.ok(
    log.some((r) => / -$/.test(r) || / - /.test(r)),
    'this seeded game has a skipped phase',
  );
  await page.screenshot({ path: `${outDir}/jokerball-served.png` });
  assert.deepEqual(errors, []);
  await context.close();
});

test('Jokerball side 4, classic, 3 rows: selection, deselection by a click elsewhere, goals as targets', async () => {
  const { context, page, errors } = await open('?seed=4&size=4&rules=classic&rows=3');
  assert.equal(await page.$$eval('[data-cell]', (c) => c.length), 37);
  assert.equal(await page.$$eval('[data-piece=red]', (c) => c.length), 4 + 5 + 6);
  assert.equal(
    await page.$$eval('[data-goal]', (c) =>
      c
        .map((e) => e.dataset.goal)
        .sort()
        .join(),
    ),
    'blue,red',
  );
  await page.click('[data-action=roll]');
  if ((await boardAttr(page, 'data-phase')) === 'man') {
    const first = await page.$eval('[data-target=select]', (e) => e.dataset.cell);
    await page.click(`[data-cell="${first}"]`);
    assert.ok((await page.$$eval('[data-target=move]', (c) => c.length)) > 0);
    assert.equal(await page.$eval('[data-selected]', (e) => e.dataset.cell), first);
    // a click on the board outside the targets lets go of the man
    await page.click('steere-game >> svg', { position: { x: 2, y: 2 } });
    assert.equal(await page.$$eval('[data-selected]', (c) => c.length), 0);
    assert.equal(await page.$$eval('[data-target=move]', (c) => c.length), 0);
  }
  const { winner } = await playGame(page, { random: rng(4) });
  assert.ok(winner);
  assert.deepEqual(errors, []);
  await context.close();
});

test('Zola (RULES 2), person against person: a whole game by clicks', async () => {
  const { context, page, errors } = await open('?seed=5&game=zola');
  assert.equal(await page.$$eval('[data-cell]', (c) => c.length), 36);
  assert.equal(await page.$eval('[data-cell=a1] [data-piece]', (e) => e.dataset.piece), 'red');
  assert.equal(await boardAttr(page, 'data-phase'), 'move');
  // RULES 2.3: 36 moves from the start, from every red checker that has one
  assert.ok((await page.$$eval('[data-target=select]', (c) => c.length)) > 0);
  assert.ok(await page.isDisabled('[data-action=roll]'));
  const { winner } = await playGame(page, { random: rng(5) });
  assert.ok(winner);
  assert.equal(await page.$$eval(`[data-piece=${winner === 'red' ? 'blue' : 'red'}]`, (c) => c.length), 0);
  for (const rec of await logLines(page)) assert.match(rec, /^([a-f][1-6][-x][a-f][1-6]|-)$/);
  await page.screenshot({ path: `${outDir}/zola-served.png` });
  assert.deepEqual(errors, []);
  await context.close();
});

test('Zola with the pie rule: swap offered once, after the first move (RULES 2.2)', async () => {
  const { context, page, errors } = await open('?seed=6&game=zola&pie=on');
  assert.ok(await page.isDisabled('[data-action=swap]'));
  assert.ok(await page.isDisabled('[data-option=length]'));
  await page.click('[data-target=select]');
  await page.click('[data-target=move]');
  assert.ok(await page.isEnabled('[data-action=swap]'));
  await page.click('[data-action=swap]');
  assert.deepEqual((await logLines(page)).slice(-1), ['swap']);
  assert.ok(await page.isDisabled('[data-action=swap]'));
  // the side to move is unchanged by a swap
  assert.equal(await boardAttr(page, 'data-turn'), 'blue');
  assert.deepEqual(errors, []);
  await context.close();
});

test("the game survives a reload (localStorage through the element's state)", async () => {
  const { context, page, errors } = await open('?seed=8&size=4');
  const random = rng(8);
  for (let i = 0; i < 12; i++) {
    if (await page.isEnabled('[data-action=roll]')) await page.click('[data-action=roll]');
    else {
      const t = await page.$$('[data-target]');
      await t[Math.floor(random() * t.length)].click();
    }
  }
  const snap = async () => {
    const s = await gameState(page);
    const pieces = await page.$$eval('[data-cell]', (cells) =>
      cells.map((c) => c.dataset.cell + (c.querySelector('[data-piece]')?.dataset.piece ?? '')),
    );
    const log = await page.$$eval('steere-game >> .log li', (li) => li.map((e) => e.textContent));
    return { log, turn: s.turn, phase: s.phase, pieces, dice: s.dice };
  };
  const before = await snap();
  assert.ok(before.log.length > 0);
  await page.reload();
  await ready(page);
  assert.deepEqual(await snap(), before);
  // a different game in the URL starts that game instead
  await page.goto(`${D.base}/www/?seed=8&game=zola`);
  await ready(page);
  assert.equal(await boardAttr(page, 'data-game'), 'zola');
  assert.deepEqual(errors, []);
  await context.close();
});

test('keyboard play: r rolls and takes the focus to a target on the board, Enter picks it; cells carry labels', async () => {
  const { context, page, errors } = await open('?seed=9&size=4');
  await page.focus('body');
  await page.keyboard.press('r');
  assert.notEqual(await boardAttr(page, 'data-phase'), 'roll');
  const focusedTarget = () =>
    page.evaluate(
      () =>
        document.querySelector('steere-game').shadowRoot.querySelector('steere-board').shadowRoot.activeElement?.dataset
          ?.target ?? null,
    );
  for (let i = 0; i < 6 && (await logLines(page)).length === 0; i++) {
    assert.ok(await focusedTarget(), 'a target has the focus');
    await page.keyboard.press('Enter');
  }
  assert.equal((await logLines(page)).length, 1);
  const label = await page.getAttribute('[data-cell=d4]', 'aria-label');
  assert.match(label, /^d4/);
  for (const a of ['roll', 'double', 'take', 'drop', 'resign', 'next-game', 'new-game', 'undo']) {
    assert.ok((await page.textContent(`[data-action=${a}]`)).trim().length > 0);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('a 360-pixel phone: the board fits, no sideways scrolling', async () => {
  for (const q of ['?seed=10', '?seed=10&game=zola']) {
    const { context, page, errors } = await open(q, { width: 360, height: 740 });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 360, `page is ${width} px wide`);
    const box = await page.$eval('steere-game >> svg', (s) => s.getBoundingClientRect().width);
    assert.ok(box > 300 && box <= 360, `board is ${box} px wide`);
    await page.screenshot({ path: `${outDir}/phone-${q.includes('zola') ? 'zola' : 'jokerball'}.png`, fullPage: true });
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('the panel starts the game it shows (game, size, rows, rules, Zola size, length, cube)', async () => {
  const { context, page, errors } = await open('?seed=12');
  // Zola options are off while Jokerball is chosen, and the other way round
  assert.ok(await page.isDisabled('[data-option=zola-size]'));
  await page.selectOption('[data-option=game]', 'zola');
  assert.ok(await page.isDisabled('[data-option=rules]'));
  assert.ok(await page.isEnabled('[data-option=zola-size]'));
  await page.selectOption('[data-option=zola-size]', '8');
  await page.click('[data-action=new-game]');
  assert.equal(await page.$$eval('[data-cell]', (c) => c.length), 64);
  assert.equal(await boardAttr(page, 'data-game'), 'zola');
  await page.selectOption('[data-option=game]', 'jokerball');
  await page.selectOption('[data-option=size]', '4');
  // rows 1..size-1 (RULES 1.3), as the engine says
  assert.ok(await page.$eval('[data-option=rows] option[value="4"]', (o) => o.disabled));
  assert.ok(await page.$eval('[data-option=rows] option[value="3"]', (o) => !o.disabled));
  await page.selectOption('[data-option=rows]', '3');
  await page.selectOption('[data-option=rules]', 'classic');
  await page.selectOption('[data-option=length]', '7');
  await page.check('[data-option=cube]');
  await page.click('[data-action=new-game]');
  assert.equal(await page.$$eval('[data-cell]', (c) => c.length), 37);
  assert.equal(await page.$$eval('[data-piece=blue]', (c) => c.length), 15);
  const s = await gameState(page);
  assert.match(s.score, /^Match to 7 · game 1: Red 0 – Blue 0$/);
  assert.equal(s.cube, 'Cube 1, centred');
  assert.equal(
    await page.$$eval('[data-option=length] option', (o) => o.map((x) => Number(x.value)).join()),
    Array.from({ length: 21 }, (_, i) => i + 1).join(),
  );
  assert.deepEqual(errors, []);
  await context.close();
});
