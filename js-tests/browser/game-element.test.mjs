// <steere-game> (API.md "Board elements"): attributes (a bad one reported beside a playable default),
// start(), game, state, its events, buttons enabled exactly when the rules allow, resignation confirmed,
// the pie rule against the computer, a whole Zola game by keyboard alone, bad objects never thrown.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { demo, drawn, rng, outDir, buttonsOn, checked } from './helpers.mjs';

const D = demo();

// Every event of the elements, as the page sees them (listeners in place before the elements connect).
const RECORD = `<script>window.events = [];
for (const t of ['steere-played', 'steere-gameover', 'steere-error', 'steere-move'])
  document.addEventListener(t, (e) => window.events.push({ type: t, target: e.target.localName, detail: JSON.parse(JSON.stringify(e.detail, (k, v) => (k === 'error' ? { code: v.code, message: v.message } : v))) }));
</script>`;

const buttons = (page, sel) =>
  page.$$eval(`${sel} >> button[data-action]`, (bs) =>
    Object.fromEntries(bs.filter((b) => !b.closest('[hidden]')).map((b) => [b.dataset.action, !b.disabled])),
  );
/** The lines of the log of `.g`: [class, player or '', text] each. */
const logLines = (page) =>
  page.$$eval('.g >> .log li', (li) => li.map((e) => [e.className, e.dataset.player ?? '', e.textContent]));
/** The log's first lines after Red doubles and Blue takes, in the first game. */
const DOUBLE_TAKEN = [
  ['head', '', 'Game 1'],
  ['cube', 'red', 'Red doubles'],
  ['cube', 'blue', 'Blue takes'],
];
const events = (page, type) => page.evaluate((type) => window.events.filter((e) => e.type === type), type);

test('bad attributes: steere-error for each, a message in the element, and a playable default game', async () => {
  await checked(
    D.element(
      `<steere-game class="g" size="5" rows="9" length="50" level="insane" opponent="robot" cube="maybe" bot-delay="0"></steere-game>`,
      { head: RECORD },
    ),
    async ({ page }) => {
      await drawn(page, '.g');
      const errs = await events(page, 'steere-error');
      assert.deepEqual(
        errs.map((e) => e.detail.error.code),
        Array(6).fill('invalid_option'),
      );
      const msg = await page.$eval('.g >> .msg', (m) => m.textContent);
      for (const a of ['size="5"', 'rows="9"', 'length="50"', 'level="insane"', 'opponent="robot"', 'cube="maybe"'])
        assert.ok(msg.includes(a), `${a} named in: ${msg}`);
      // the engine's reason travels in the event (English); the element words it by the error's code
      assert.ok(errs.some((e) => /size must be 4 or 6, not 5/.test(e.detail.error.message)));
      assert.match(msg, /size="5" was ignored \(a value that is not allowed here\)/);
      assert.match(msg, /opponent="robot" was ignored \(expected bot \| human \| remote\)/);
      // the default game: Jokerball side 6, a lone game against the computer, Red to roll
      assert.equal(await page.$$eval('.g >> [data-cell]', (c) => c.length), 91);
      assert.equal(await page.evaluate(() => document.querySelector('.g').game.constructor.name), 'Jokerball');
      assert.equal(
        await page.$eval('.g >> .seat', (s) => s.textContent),
        'You play Red against the computer (medium).',
      );
      await page.click('.g >> [data-action=roll]');
      assert.ok(
        (await page.$$eval('.g >> [data-target]', (c) => c.length)) > 0 ||
          (await page.evaluate(() => document.querySelector('.g').game.turn)) === 'blue',
      );
    },
  );
});

test('a freed game, a bad state, a bad object: steere-error and a message, nothing thrown; a good state or object plays', async () => {
  await checked(
    D.element(`<steere-game class="g" game="zola" opponent="human"></steere-game>`, { head: RECORD }),
    async ({ page }) => {
      await drawn(page, '.g');
      const out = await page.evaluate(async () => {
        const g = document.querySelector('.g');
        const tick = () => new Promise((r) => setTimeout(r, 30));
        const saved = g.state;
        g.state = { format: 1, game: 'zola', nonsense: true };
        await tick();
        const bad = window.events.filter((e) => e.type === 'steere-error').map((e) => e.detail.error.code);
        const kept = g.game.history().length === 0;
        g.game.free();
        const state = g.state;
        g.setAttribute('orientation', 'blue');
        await tick();
        const codes = window.events.filter((e) => e.type === 'steere-error').map((e) => e.detail.error.code);
        g.state = saved;
        await tick();
        const restored = g.game.legalMoves().length;
        const msg = g.shadowRoot.querySelector('.msg').hidden;
        // a page may hand the element an object to play; anything else is refused by steere-error
        const before = window.events.length;
        g.game = 5;
        await tick();
        const refused = window.events.slice(before).map((e) => e.detail.error?.code);
        const api = await window.steere();
        g.game = new api.Zola({ size: 8 });
        await tick();
        return {
          bad,
          kept,
          state,
          codes,
          restored,
          msg,
          refused,
          cells: window.boardRoot(g).querySelectorAll('[data-cell]').length,
        };
      });
      assert.deepEqual(out.refused, ['invalid_option']);
      assert.equal(out.cells, 64);
      assert.deepEqual(out.bad, ['parse_error']);
      assert.ok(out.kept);
      assert.equal(out.state, null);
      assert.ok(out.codes.includes('freed'));
      assert.equal(out.restored, 36);
      assert.equal(out.msg, true, 'the message goes once a game is restored');
    },
  );
});

test('a match with the cube through the buttons: enabled exactly when allowed; resign asks first; events and log', async () => {
  await checked(
    D.element(
      `<steere-game class="g" length="3" cube="on" opponent="human" size="4" seed="31" animation="0" style="width:900px"></steere-game>`,
      { head: RECORD },
    ),
    async ({ page }) => {
      await drawn(page, '.g');
      assert.deepEqual(await buttons(page, '.g'), buttonsOn('roll', 'double', 'resign'));
      await page.click('.g >> [data-action=double]');
      assert.deepEqual(await buttons(page, '.g'), buttonsOn('take', 'drop', 'resign'));
      assert.match(await page.$eval('.g >> .turn', (t) => t.textContent), /^Red doubles: Blue to take or drop$/);
      await page.click('.g >> [data-action=take]');
      assert.equal(await page.$eval('.g >> .cube', (c) => c.textContent), 'Cube 2, owned by Blue');
      assert.deepEqual(await buttons(page, '.g'), buttonsOn('roll', 'resign'));
      await page.click('.g >> [data-action=roll]');
      const played = await events(page, 'steere-played');
      assert.deepEqual(
        played.map((e) => [e.detail.player, e.detail.action]),
        [
          ['red', 'double'],
          ['blue', 'take'],
          ['red', 'roll'],
        ],
      );
      assert.ok(played[2].detail.dice.distance >= 1);
      // the log shows the cube actions with their colours
      assert.deepEqual((await logLines(page)).slice(0, 3), DOUBLE_TAKEN);
      // resigning asks first: cancel keeps the game, confirm ends it for the cube's value
      await page.click('.g >> [data-action=resign]');
      assert.ok(await page.isVisible('.g >> .confirm'));
      assert.match(await page.$eval('.g >> .confirm p', (p) => p.textContent), /Red loses 2 points/);
      await page.click('.g >> [data-action=cancel-resign]');
      assert.ok(await page.isHidden('.g >> .confirm'));
      assert.equal(await page.evaluate(() => document.querySelector('.g').game.phase), 'playing');
      await page.click('.g >> [data-action=resign]');
      await page.click('.g >> [data-action=confirm-resign]');
      const over = await events(page, 'steere-gameover');
      assert.equal(over.length, 1);
      assert.deepEqual(
        [over[0].detail.winner, over[0].detail.matchOver, over[0].detail.results],
        ['blue', false, [{ winner: 'blue', points: 2, cube: 2, how: 'resign' }]],
      );
      assert.equal(await page.getAttribute('.g >> [data-winner]', 'data-winner'), 'blue');
      assert.match(await page.$eval('.g >> .score', (s) => s.textContent), /Red 0 – Blue 2$/);
      assert.deepEqual(await buttons(page, '.g'), buttonsOn('next-game'));
      // the last game: Blue at 2 of 3 is the Crawford game, no double
      await page.click('.g >> [data-action=next-game]');
      assert.ok(await page.isVisible('.g >> .badge'));
      assert.equal(await page.$$eval('.g >> [data-winner]', (w) => w.length), 0);
      assert.equal((await buttons(page, '.g')).double, false);
      // no move was made on the board: no steere-move came out of the element
      assert.deepEqual(await events(page, 'steere-move'), []);
      assert.ok((await page.evaluate(() => window.events)).every((e) => e.target === 'steere-game'));
      await page.screenshot({ path: `${outDir}/game-element-match.png` });
    },
  );
});

test('pie rule against the computer: after a3xa4 it swaps and does not move; after a swap the person plays the other colour', async () => {
  // the computer (medium) swaps after a3xa4 (not after every first move: its evaluation decides); the
  // person then holds Blue and moves
  await checked(
    D.element(
      `<steere-game class="a" game="zola" pie="on" level="medium" seed="1" bot-delay="0" animation="0"></steere-game>
     <steere-game class="b" game="zola" pie="on" human="blue" level="easy" seed="1" bot-delay="0" animation="0"></steere-game>`,
      { head: RECORD },
    ),
    async ({ page }) => {
      await drawn(page, '.a');
      await page.click('.a >> [data-cell=a3]');
      await page.click('.a >> [data-cell=a4]');
      await page.waitForFunction(() => document.querySelector('.a').game.history().length === 2);
      await page.waitForTimeout(150);
      const a = await page.evaluate(() => {
        const g = document.querySelector('.a');
        return { history: g.game.history(), turn: g.game.turn, side: g.humanSide, swapped: g.game.swapped };
      });
      assert.deepEqual(a, { history: ['a3xa4', 'swap'], turn: 'blue', side: 'blue', swapped: true });
      assert.equal(
        await page.$eval('.a >> .seat', (s) => s.textContent),
        'You play Blue against the computer (medium).',
      );
      const targets = await page.$$eval('.a >> [data-target]', (c) =>
        c.map((e) => e.querySelector('[data-piece]')?.dataset.piece),
      );
      assert.ok(targets.length > 0 && targets.every((p) => p === 'blue'));
      assert.ok((await page.$eval('.a >> .turn', (t) => t.textContent)).startsWith('Blue to move'));
      // the person moves as Blue; the computer answers as Red
      const blue = await page.$eval('.a >> [data-target]', (e) => e.dataset.cell);
      await page.click(`.a >> [data-cell="${blue}"]`);
      await page.click('.a >> [data-target=move]');
      await page.waitForFunction(() => document.querySelector('.a').game.history().length === 4);
      const swaps = (await events(page, 'steere-played')).filter((e) => e.detail.action === 'swap');
      assert.deepEqual(
        swaps.map((e) => e.detail.player),
        ['blue'],
      );

      // the computer opens (the person plays Blue): the person may swap, and then plays Red
      await page.waitForFunction(() => document.querySelector('.b').game.history().length === 1);
      assert.equal((await buttons(page, '.b')).swap, true);
      await page.click('.b >> [data-action=swap]');
      await page.waitForFunction(() => document.querySelector('.b').game.history().length === 3);
      const b = await page.evaluate(() => {
        const g = document.querySelector('.b');
        return { last: g.game.history()[1], turn: g.game.turn, side: g.humanSide };
      });
      assert.deepEqual(b, { last: 'swap', turn: 'red', side: 'red' });
      assert.equal((await buttons(page, '.b')).swap, false);
      assert.ok((await page.$$eval('.b >> [data-target]', (c) => c.length)) > 0);
    },
  );
});

/** The cell a keyboard user is on (the board's one tab stop) in the game `sel`. */
const activeCell = (page, sel) =>
  page.evaluate((sel) => window.boardRoot(sel).querySelector('[tabindex="0"]').dataset.cell, sel);

/** Arrow keys from the active cell to `cell` on a Zola board seen from Red's side. */
async function walkTo(page, sel, cell) {
  const at = await activeCell(page, sel);
  const dx = cell.charCodeAt(0) - at.charCodeAt(0);
  const dy = Number(cell.slice(1)) - Number(at.slice(1));
  for (let i = 0; i < Math.abs(dx); i++) await page.keyboard.press(dx > 0 ? 'ArrowRight' : 'ArrowLeft');
  for (let i = 0; i < Math.abs(dy); i++) await page.keyboard.press(dy > 0 ? 'ArrowUp' : 'ArrowDown');
  assert.equal(await activeCell(page, sel), cell);
  assert.equal(
    await page.evaluate((sel) => window.boardRoot(sel).activeElement?.dataset.cell, sel),
    cell,
    'the cell has the focus',
  );
}

test('a whole Zola game against the computer by keyboard alone', async () => {
  await checked(
    D.element(
      `<p><a href="#top">a link before</a></p><steere-game class="g" game="zola" level="easy" seed="7" bot-delay="0" animation="0" style="width:700px"></steere-game>`,
      { head: RECORD },
    ),
    async ({ page }) => {
      await drawn(page, '.g');
      const random = rng(7);
      await page.focus('a');
      await page.keyboard.press('Tab');
      let moves = 0;
      for (let step = 0; step < 400; step++) {
        const s = await page.evaluate(() => {
          const g = document.querySelector('.g');
          const root = window.boardRoot(g);
          return {
            winner: g.shadowRoot.querySelector('[data-winner]')?.dataset.winner ?? null,
            turn: g.game.turn,
            targets: [...root.querySelectorAll('[data-target=select]')].map((e) => e.dataset.cell),
          };
        });
        if (s.winner) break;
        if (s.turn !== 'red' || !s.targets.length) {
          await page.waitForTimeout(15);
          continue;
        }
        await walkTo(page, '.g', s.targets[Math.floor(random() * s.targets.length)]);
        await page.keyboard.press('Enter');
        const dests = await page.$$eval('.g >> [data-target=move]', (c) => c.map((e) => e.dataset.cell));
        await walkTo(page, '.g', dests[Math.floor(random() * dests.length)]);
        await page.keyboard.press('Enter');
        moves++;
      }
      const winner = await page.getAttribute('.g >> [data-winner]', 'data-winner');
      assert.ok(winner === 'red' || winner === 'blue');
      assert.ok(moves > 3);
      const over = await events(page, 'steere-gameover');
      assert.deepEqual(
        over.map((e) => [e.detail.winner, e.detail.matchOver, e.detail.results[0].how]),
        [[winner, true, 'captured-all']],
      );
      // one steere-played per move by anyone, none for a pass; every record in the log with its colour
      const played = await events(page, 'steere-played');
      const history = await page.evaluate(() => document.querySelector('.g').game.history());
      assert.equal(played.length, history.filter((h) => h !== '-').length);
      const log = await page.$$eval('.g >> .log li[data-record]', (li) =>
        li.map((e) => [e.dataset.player, e.dataset.record]),
      );
      assert.deepEqual(
        log.map((l) => l[1]),
        history,
      );
      assert.deepEqual(
        log.filter((l) => l[1] !== '-').map((l) => l[0]),
        played.map((e) => e.detail.player),
      );
      assert.equal(await page.$$eval(`.g >> [data-piece=${winner === 'red' ? 'blue' : 'red'}]`, (c) => c.length), 0);
      await page.screenshot({ path: `${outDir}/game-element-zola-keyboard.png` });
    },
  );
});

test('WorkerBot from the board module: legal moves and cube actions off the page thread', async () => {
  await checked(D.element(''), async ({ page }) => {
    const r = await page.evaluate(async () => {
      const api = await window.steere();
      const { WorkerBot } = await import('/pkg/board.js');
      const bot = new WorkerBot({ level: 'easy', seed: 3 });
      const z = new api.Zola();
      const m = await bot.chooseMove(z);
      const match = new api.Match({ length: 3, cube: true, seed: 4 });
      const cube = await bot.cubeAction(match);
      const j = new api.Jokerball({ seed: 5 });
      let code = null;
      try {
        await bot.chooseMove(j); // phase 'roll': nothing to choose
      } catch (e) {
        code = `${e.name}:${e.code}`;
      }
      bot.terminate();
      return { legal: z.isLegal(m), cube, code };
    });
    assert.deepEqual(r, { legal: true, cube: r.cube, code: 'SteereError:wrong_phase' });
    assert.ok(['double', 'no-double'].includes(r.cube));
  });
});

test('WorkerBot.review spreads a Jokerball game over several workers with one progress, as Bot.review', async () => {
  await checked(D.element(''), async ({ page }) => {
    const r = await page.evaluate(async () => {
      // four cores: four workers, whatever the machine has
      Object.defineProperty(navigator, 'hardwareConcurrency', { value: 4, configurable: true });
      const [api, { WorkerBot }] = await Promise.all([window.steere(), import('/pkg/board.js')]);
      const g = new api.Jokerball({ seed: 9 });
      const b = new api.Bot({ level: 'easy', seed: 1 });
      while (g.phase !== 'over') {
        if (g.phase === 'roll') g.roll();
        else g.play(b.chooseMove(g));
      }
      const made = [];
      const Real = window.Worker;
      window.Worker = class extends Real {
        constructor(...a) {
          super(...a);
          made.push(1);
        }
      };
      const bot = new WorkerBot({ level: 'medium', seed: 2 });
      const seen = [];
      const spread = await bot.review(g, { onProgress: (done, total) => seen.push([done, total]) });
      bot.terminate();
      window.Worker = Real;
      const whole = new api.Bot({ level: 'medium', seed: 2 }).review(g);
      return { spread, whole, seen, workers: made.length, records: g.history().length };
    });
    assert.equal(r.workers, 4, 'four workers');
    assert.equal(r.spread.turns.length, r.records);
    assert.deepEqual(
      r.spread.turns.map((e) => [e.index, e.record]),
      r.whole.turns.map((e) => [e.index, e.record]),
    );
    const close = (a, b, what) => assert.ok(Math.abs(a - b) < 1e-6, `${what}: ${a} vs ${b}`);
    r.spread.turns.forEach((e, i) => {
      close(e.win, r.whole.turns[i].win, `win of ${e.index}`);
      close(e.luck, r.whole.turns[i].luck, `luck of ${e.index}`);
      close(e.error, r.whole.turns[i].error, `error of ${e.index}`);
    });
    for (const p of ['red', 'blue']) {
      for (const k of Object.keys(r.whole[p])) close(r.spread[p][k], r.whole[p][k], `${p} ${k}`);
      for (const k of Object.keys(r.whole[p]))
        close(r.spread.games[0][p][k], r.whole.games[0][p][k], `game 1 ${p} ${k}`);
    }
    // one progress: the parts' counts added, up to every record
    assert.deepEqual(r.seen.at(-1), [r.records, r.records]);
    assert.ok(r.seen.every(([d, t]) => d <= t) && r.seen.some(([d, t]) => d > 0 && d < t));
  });
});

test('bound to a remote state (opponent="remote"): actions are told by cancelable steere-action and steere-move, the element draws each state given, a watcher and disabled take none', async () => {
  await checked(
    D.element(
      `<steere-game class="g" opponent="remote" human="blue" animation="0" style="width:900px"></steere-game>`,
      { head: RECORD },
    ),
    async ({ page }) => {
      // the page's own engine object stands for the server: each state of it is given to the element
      await page.evaluate(async () => {
        const { Match } = await window.steere();
        window.m = new Match({ length: 3, cube: true, seed: 5, jokerball: { size: 4 } });
        window.sent = [];
        const g = document.querySelector('.g');
        for (const t of ['steere-action', 'steere-move']) {
          g.addEventListener(t, (e) => {
            e.preventDefault();
            window.sent.push([t, e.detail.player, e.detail.action ?? e.detail.move.notation]);
          });
        }
        g.state = window.m.toJSON();
      });
      await drawn(page, '.g');
      const give = (code) =>
        page.evaluate((c) => {
          new Function(c)();
          document.querySelector('.g').state = window.m.toJSON();
        }, code);
      // Red to act, the person here plays Blue: nothing on, no seat line, no New game; Blue's side at the bottom
      assert.deepEqual(await buttons(page, '.g'), buttonsOn('resign'));
      assert.ok(await page.isHidden('.g >> .seat'));
      assert.equal(await page.getAttribute('.g >> steere-board', 'orientation'), 'blue');
      // Red doubles on the "server": Blue is asked; Take is sent, not played
      await give('window.m.double()');
      assert.equal(await page.$eval('.g >> .turn', (t) => t.textContent), 'Red doubles: Blue to take or drop');
      assert.deepEqual(await buttons(page, '.g'), buttonsOn('take', 'drop', 'resign'));
      await page.click('.g >> [data-action=take]');
      assert.deepEqual(await page.evaluate(() => window.sent), [['steere-action', 'blue', 'take']]);
      assert.equal(
        await page.evaluate(() => document.querySelector('.g').game.phase),
        'double',
        'the cancelled take is not played',
      );
      // the take comes back as a new state: the log shows the match's own cube lines
      await give('window.m.take(); window.m.roll();');
      assert.equal(await page.$eval('.g >> .cube', (c) => c.textContent), 'Cube 2, owned by Blue');
      assert.deepEqual((await logLines(page)).slice(0, 3), DOUBLE_TAKEN);
      // Red moves on the "server" until Blue is to roll; then Blue's roll is sent
      await give('const b = window.m; while (b.turn === "red" && b.gamePhase !== "roll") b.play(b.legalMoves()[0]);');
      assert.deepEqual((await buttons(page, '.g')).roll, true);
      await page.click('.g >> [data-action=roll]');
      assert.deepEqual((await page.evaluate(() => window.sent)).at(-1), ['steere-action', 'blue', 'roll']);
      await give('window.m.roll()');
      // a move on the board: its target is drawn; the click sends it, the object stays as it was
      const target = page.locator('.g >> steere-board >> [data-target]').first();
      assert.ok(await target.isVisible());
      const before = await page.evaluate(() => document.querySelector('.g').game.position());
      const box = await target.boundingBox();
      assert.ok(box.width > 10 && box.height > 10);
      await target.click();
      const dest = page.locator('.g >> steere-board >> [data-target=move]').first();
      await dest.click();
      assert.deepEqual((await page.evaluate(() => window.sent)).at(-1)[0], 'steere-move');
      assert.equal(await page.evaluate(() => document.querySelector('.g').game.position()), before);
      // disabled: no target, no button on
      await page.evaluate(() => document.querySelector('.g').setAttribute('disabled', ''));
      assert.equal(await page.locator('.g >> steere-board >> [data-target]').count(), 0);
      assert.ok(Object.values(await buttons(page, '.g')).every((on) => !on));
      await page.evaluate(() => document.querySelector('.g').removeAttribute('disabled'));
      // a state that ends a game fires steere-gameover; Blue resigns through the buttons (asked first)
      await page.click('.g >> [data-action=resign]');
      await page.click('.g >> [data-action=confirm-resign]');
      assert.deepEqual((await page.evaluate(() => window.sent)).at(-1), ['steere-action', 'blue', 'resign']);
      assert.equal((await events(page, 'steere-gameover')).length, 0);
      await give('window.m.resign("blue")');
      const over = await events(page, 'steere-gameover');
      assert.deepEqual(
        over.map((e) => [e.detail.winner, e.detail.results.length]),
        [['red', 1]],
      );
      assert.equal(await page.getAttribute('.g >> [data-winner]', 'data-winner'), 'red');
      assert.deepEqual((await buttons(page, '.g'))['next-game'], true);
      // a watcher (human="none"): the same state, nothing to do
      await page.evaluate(() => document.querySelector('.g').setAttribute('human', 'none'));
      await give('');
      assert.ok(Object.values(await buttons(page, '.g')).every((on) => !on));
      assert.equal((await events(page, 'steere-played')).length, 0, 'states given from outside fire no steere-played');
    },
  );
});

test('one view() per drawing: the element, its board, its log and who acts share one call of the engine', async () => {
  await checked(D.element(`<steere-game class="g" opponent="human" animation="0"></steere-game>`), async ({ page }) => {
    await drawn(page, '.g');
    const counts = await page.evaluate(async () => {
      const { Match, Jokerball, Zola } = await window.steere();
      const g = document.querySelector('.g');
      const tick = () => new Promise((r) => setTimeout(r, 30));
      const j = new Jokerball({ seed: 3 });
      j.roll();
      const m = new Match({ length: 3, cube: true, seed: 4 });
      m.double();
      const out = [];
      for (const obj of [j, new Zola(), m]) {
        g.game = obj;
        await tick();
        let calls = 0;
        const view = obj.view.bind(obj);
        obj.view = () => {
          calls++;
          return view();
        };
        for (const c of ['red', 'blue']) {
          calls = 0;
          g.setAttribute('orientation', c);
          out.push(calls);
        }
      }
      return out;
    });
    // each redraw (turn line, buttons, board, dice, log, who acts) asks the engine's view once
    assert.deepEqual(counts, [1, 1, 1, 1, 1, 1]);
  });
});
