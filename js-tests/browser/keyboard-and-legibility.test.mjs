// What a person sees and hears, measured in the browser at desktop and phone widths and in the three
// languages (issue 26): arrow keys go to the cells next on screen and reach every cell; the keyboard's
// announcement and the demo's texts agree in number and put the winner's score first; every cell's name is
// inside its cell and on top of pieces, dots and arrows; no select's text is cut off; the dice of the turn
// just played stay drawn (the computer's too) and the replay draws each turn's dice.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { demo, elementPage, bind, outDir, redToRoll, checked } from './helpers.mjs';

const D = demo();
const LANGS = ['en', 'es', 'ru'];
const DESKTOP = { width: 1100, height: 900 };
const PHONE = { width: 375, height: 740 };
const openDemo = (query, viewport) => D.open(query, viewport);

/** The drawn box (px) of every cell's shape and goal zone of the board `sel`, by key. */
const boxes = (page, sel) =>
  page.evaluate((sel) => {
    const out = {};
    for (const e of window.boardRoot(sel).querySelectorAll('[data-cell], [data-goal]')) {
      const r = e.querySelector('.shape, rect').getBoundingClientRect();
      out[e.dataset.cell ?? `goal:${e.dataset.goal}`] = {
        x: r.x + r.width / 2,
        y: r.y + r.height / 2,
        w: r.width,
        h: r.height,
      };
    }
    return out;
  }, sel);

const focused = (page, sel) =>
  page.evaluate((sel) => {
    const a = window.boardRoot(sel).activeElement;
    return a?.dataset.cell ?? (a?.dataset.goal ? `goal:${a.dataset.goal}` : null);
  }, sel);

const focusKey = (page, sel, key) =>
  page.evaluate(
    ({ sel, key }) => {
      const [attr, v] = key.startsWith('goal:') ? ['data-goal', key.slice(5)] : ['data-cell', key];
      window.boardRoot(sel).querySelector(`[${attr}="${v}"]`).focus();
    },
    { sel, key },
  );

const BACK = { ArrowUp: 'ArrowDown', ArrowDown: 'ArrowUp', ArrowLeft: 'ArrowRight', ArrowRight: 'ArrowLeft' };

for (const [what, make, cells, hex, orientation] of [
  ['Jokerball side 6', 'new api.Jokerball({ size: 6 })', 91, true, 'red'],
  ['Jokerball side 6 seen from Blue', 'new api.Jokerball({ size: 6 })', 91, true, 'blue'],
  ['Jokerball side 4', 'new api.Jokerball({ size: 4 })', 37, true, 'red'],
  ['Zola 8×8', 'new api.Zola({ size: 8 })', 64, false, 'red'],
]) {
  test(`arrow keys on ${what}: each to a cell next on screen, back again with the opposite key, every cell reached`, async () => {
    await checked(
      elementPage(
        D.browser,
        D.base,
        `<steere-board class="b" orientation="${orientation}" style="width:520px"></steere-board>`,
      ),
      async ({ page }) => {
        await bind(page, '.b', make);
        const box = await boxes(page, '.b');
        const start = await page.evaluate(() => window.boardRoot('.b').querySelector('[tabindex="0"]').dataset.cell);
        const seen = new Set([start]);
        const queue = [start];
        const bad = [];
        while (queue.length) {
          const from = queue.shift();
          for (const key of Object.keys(BACK)) {
            await focusKey(page, '.b', from);
            await page.keyboard.press(key);
            const to = await focused(page, '.b');
            if (to === from) continue; // the board's edge
            // pressing the opposite key at once comes back
            await page.keyboard.press(BACK[key]);
            const back = await focused(page, '.b');
            if (back !== from) bad.push(`${from} ${key} ${to}, then ${BACK[key]} ${back}`);
            if (!seen.has(to)) {
              seen.add(to);
              queue.push(to);
            }
            if (from.startsWith('goal:') || to.startsWith('goal:')) continue;
            // measured on the drawn cells: the next cell that way, touching this one
            const [a, b] = [box[from], box[to]];
            const [dx, dy] = [b.x - a.x, b.y - a.y];
            const vertical = key === 'ArrowUp' || key === 'ArrowDown';
            const sign = key === 'ArrowUp' || key === 'ArrowLeft' ? -1 : 1;
            const ok = vertical
              ? Math.sign(dy) === sign &&
                Math.abs(dy) > 0.6 * a.h &&
                Math.abs(dy) < 1.1 * a.h &&
                Math.abs(dx) < 0.6 * a.w &&
                (!hex || Math.abs(dx) > 0.4 * a.w)
              : Math.sign(dx) === sign && Math.abs(dy) < 0.5 && Math.abs(dx) < 1.15 * a.w;
            if (!ok)
              bad.push(
                `${from} ${key} ${to}: moved ${dx.toFixed(1)}, ${dy.toFixed(1)} px on cells ${a.w.toFixed(1)} × ${a.h.toFixed(1)}`,
              );
          }
        }
        assert.deepEqual(bad, []);
        assert.equal([...seen].filter((k) => !k.startsWith('goal:')).length, cells, 'every cell reached by arrow keys');
        if (hex) assert.equal([...seen].filter((k) => k.startsWith('goal:')).length, 2, 'and both goals');
        // Up, Up from the bottom row's middle goes up-left then up-right: straight up the screen
        const cellsDrawn = Object.keys(box).filter((k) => !k.startsWith('goal:'));
        const low = Math.max(...cellsDrawn.map((k) => box[k].y));
        const mid = (Math.min(...cellsDrawn.map((k) => box[k].x)) + Math.max(...cellsDrawn.map((k) => box[k].x))) / 2;
        const bottom = cellsDrawn
          .filter((k) => Math.abs(box[k].y - low) < 1)
          .sort((a, b) => Math.abs(box[a].x - mid) - Math.abs(box[b].x - mid))[0];
        await focusKey(page, '.b', bottom);
        const walk = [bottom];
        for (let i = 0; i < 4; i++) {
          await page.keyboard.press('ArrowUp');
          walk.push(await focused(page, '.b'));
        }
        const xs = walk.map((k) => box[k].x);
        assert.ok(
          Math.abs(xs[2] - xs[0]) < 1 && Math.abs(xs[4] - xs[0]) < 1,
          `Up, Up keeps to the column: ${walk.join(' ')}`,
        );
      },
    );
  });
}

test('the keyboard announcement of a selected man or ball agrees with the number of destinations, in each language', async () => {
  await checked(
    elementPage(
      D.browser,
      D.base,
      `<steere-board class="b" interactive="red blue" animation="0" style="width:420px"></steere-board>`,
    ),
    async ({ page }) => {
      await bind(page, '.b', 'new api.Jokerball({ size: 6, seed: 3 })');
      // positions of a game played on where a man or the ball has 1, 2 to 4, and 5 or more destinations
      const found = await page.evaluate(async () => {
        const api = await window.steere();
        const out = {};
        const g = new api.Jokerball({ size: 6, seed: 3 });
        for (let t = 0; t < 300 && Object.keys(out).length < 3 && g.phase !== 'over'; t++) {
          g.roll();
          // the men of the side to move, and the ball in its phase
          const ball = () => (g.phase === 'ball' ? [g.board().ball] : []);
          const pieces =
            g.phase === 'man'
              ? g
                  .board()
                  .men.filter((x) => x.player === g.turn)
                  .map((x) => x.cell)
              : [];
          const check = (cells) => {
            for (const cell of cells) {
              const n = g.dests(cell).length;
              const k = n === 1 ? 'one' : n >= 2 && n <= 4 ? 'few' : n >= 5 && n <= 20 ? 'many' : null;
              if (k && !out[k]) out[k] = { state: JSON.stringify(g.toJSON()), cell, n };
            }
          };
          check(pieces);
          check(ball());
          const turns = g.legalTurns();
          for (const mv of (turns[t % turns.length] ?? '').split(' ')) {
            if (mv && mv !== '-' && g.phase !== 'roll' && g.phase !== 'over') g.play(mv);
            check(ball());
          }
        }
        g.free();
        return out;
      });
      assert.deepEqual(Object.keys(found).sort(), ['few', 'many', 'one']);
      const want = {
        en: { one: 'destination', few: 'destinations', many: 'destinations' },
        es: { one: 'destino posible', few: 'destinos posibles', many: 'destinos posibles' },
        ru: { one: 'ход', few: 'хода', many: 'ходов' },
      };
      for (const [form, { state, cell, n }] of Object.entries(found)) {
        await bind(page, '.b', `api.Jokerball.fromJSON(${state})`);
        for (const l of LANGS) {
          await page.evaluate((l) => document.querySelector('.b').setAttribute('lang', l), l);
          await focusKey(page, '.b', cell);
          await page.keyboard.press('Enter');
          const said = await page.evaluate(
            () => window.boardRoot('.b').querySelector('[aria-live=polite]').textContent,
          );
          assert.ok(said.startsWith(cell) && said.endsWith(`: ${n} ${want[l][form]}`), `${l}, ${n}: "${said}"`);
          await page.keyboard.press('Escape');
        }
      }
    },
  );
});

/**
 * Every cell's name on the board `sel`: shown, inside its cell's drawn box, and the topmost thing at its
 * centre (no piece, target dot or arrow over it). Returns the problems and the names' smallest height.
 */
const namesSeen = (page, sel) =>
  page.evaluate((sel) => {
    const root = window.boardRoot(sel);
    // the names take no clicks (the cell under them does): let them be found by elementFromPoint here
    const probe = document.createElement('style');
    probe.textContent = '.coord { pointer-events: auto !important; }';
    root.append(probe);
    const bad = [];
    let height = Infinity;
    const cells = [...root.querySelectorAll('[data-cell]')];
    for (const c of cells) {
      const name = c.dataset.cell;
      const label = [...root.querySelectorAll('.coord')].find((t) => t.textContent === name);
      if (!label || getComputedStyle(label).display === 'none' || getComputedStyle(label).visibility !== 'visible') {
        bad.push(`${name}: no name shown`);
        continue;
      }
      const t = label.getBoundingClientRect();
      const b = c.querySelector('.shape').getBoundingClientRect();
      height = Math.min(height, t.height);
      if (t.left < b.left - 0.5 || t.right > b.right + 0.5 || t.top < b.top - 0.5 || t.bottom > b.bottom + 0.5)
        bad.push(`${name}: name outside its cell`);
      const top = root.elementFromPoint(t.x + t.width / 2, t.y + t.height / 2);
      if (top !== label) bad.push(`${name}: covered by ${top?.getAttribute('class') ?? top?.localName}`);
    }
    probe.remove();
    return { bad, height, cells: cells.length };
  }, sel);

for (const [width, min] of [
  [240, 4],
  [900, 12],
]) {
  test(`every cell's name legible, occupied or not, with target dots and the ball's arrow drawn: ${width} px wide`, async () => {
    await checked(
      elementPage(
        D.browser,
        D.base,
        `<steere-board class="j6" interactive="red" animation="0" style="width:${width}px"></steere-board>
       <steere-board class="j4" orientation="blue" style="width:${width}px"></steere-board>
       <steere-board class="z6" style="width:${width}px"></steere-board>
       <steere-board class="z10" style="width:${width}px"></steere-board>`,
        { viewport: { width: Math.max(width + 40, 400), height: 1000 } },
      ),
      async ({ page }) => {
        // side 6 with the dice rolled and a man selected: his target dots and the ball's arrow are drawn
        await bind(
          page,
          '.j6',
          '(() => { const g = new api.Jokerball({ size: 6, seed: 4 }); g.setDice(5, 2); return g; })()',
        );
        await bind(page, '.j4', 'new api.Jokerball({ size: 4 })');
        await bind(page, '.z6', 'new api.Zola({ size: 6 })');
        await bind(page, '.z10', 'new api.Zola({ size: 10 })');
        const man = await page.$eval('.j6 >> [data-target=select]', (e) => e.dataset.cell);
        await page.click(`.j6 >> [data-cell="${man}"]`);
        assert.ok((await page.$$eval('.j6 >> [data-target=move]', (c) => c.length)) > 0, 'target dots drawn');
        assert.equal(
          await page.$eval('.j6 >> .arrow', (a) => a.hasAttribute('hidden')),
          false,
          "the ball's arrow drawn",
        );
        for (const [sel, n] of [
          ['.j6', 91],
          ['.j4', 37],
          ['.z6', 36],
          ['.z10', 100],
        ]) {
          await page.locator(sel).scrollIntoViewIfNeeded();
          const r = await namesSeen(page, sel);
          assert.equal(r.cells, n);
          assert.deepEqual(r.bad, [], sel);
          assert.ok(r.height >= min, `${sel}: names ${r.height.toFixed(1)} px high`);
        }
        await page.locator('.j6').screenshot({ path: join(outDir, `legibility-names-j6-${width}.png`) });
        await page.locator('.z10').screenshot({ path: join(outDir, `legibility-names-z10-${width}.png`) });
      },
    );
  });
}

// At a phone's width the names were drawn about 6 px tall (issue 35): a player reading the log or a hint
// looks for "f9" on the board, so they are drawn larger there rather than hidden (a phone has no hover).
for (const [l, query] of [
  ['en', 'game=jokerball&size=6'],
  ['es', 'game=zola&size=10'],
  ['ru', 'game=jokerball&size=6'],
]) {
  test(`cell names legible at 390 px: at least 9 px of ink as drawn (${l}, ${query})`, async () => {
    await checked(openDemo(`?lang=${l}&${query}`, { width: 390, height: 844 }), async ({ page }) => {
      await page.waitForFunction(() =>
        document.querySelector('#game')?.shadowRoot.querySelector('steere-board')?.shadowRoot.querySelector('.coord'),
      );
      // each name's glyphs measured on a canvas at the size the board draws them (its font scaled by the SVG)
      const ink = await page.evaluate(() => {
        const board = document.querySelector('#game').shadowRoot.querySelector('steere-board');
        const svg = board.shadowRoot.querySelector('svg');
        const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
        const ctx = document.createElement('canvas').getContext('2d');
        let min = Infinity;
        for (const t of board.shadowRoot.querySelectorAll('.coord')) {
          const s = getComputedStyle(t);
          ctx.font = `${parseFloat(s.fontSize) * scale}px ${s.fontFamily}`;
          const m = ctx.measureText(t.textContent);
          min = Math.min(min, m.actualBoundingBoxAscent + m.actualBoundingBoxDescent);
        }
        return min;
      });
      assert.ok(ink >= 9, `names ${ink.toFixed(1)} px tall`);
      await page.locator('#game').screenshot({ path: join(outDir, `legibility-names-390-${l}.png`) });
    });
  });
}

for (const l of LANGS) {
  test(`no text of a select cut off (${l}), desktop and phone`, async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      await checked(openDemo(`?lang=${l}`, viewport), async ({ page }) => {
        const cut = await page.evaluate(() => {
          const out = [];
          let checked = 0;
          for (const s of document.querySelectorAll('select')) {
            if (!s.offsetParent) continue;
            const have = s.getBoundingClientRect().width;
            for (const o of s.options) {
              // the width the select takes when it is free to fit this option's text alone
              const c = s.cloneNode(false);
              c.append(new Option(o.text));
              c.style.cssText = 'width:auto;max-width:none;min-width:0;position:absolute;visibility:hidden';
              s.parentNode.append(c);
              const need = c.getBoundingClientRect().width;
              c.remove();
              checked++;
              if (need > have + 0.5) out.push(`"${o.text}" needs ${need.toFixed(1)} px, has ${have.toFixed(1)}`);
            }
          }
          return { out, checked };
        });
        assert.ok(cut.checked > 25, `${cut.checked} options checked`);
        assert.deepEqual(cut.out, [], `${l} at ${viewport.width} px`);
        await page
          .locator('#settings')
          .screenshot({ path: join(outDir, `legibility-settings-${l}-${viewport.width}.png`) });
      });
    }
  });
}

test("a match's winner is named with the winner's score first, in each language", async () => {
  await checked(
    elementPage(
      D.browser,
      D.base,
      `<steere-game class="g" opponent="human" length="3" animation="0" style="width:700px"></steere-game>`,
    ),
    async ({ page }) => {
      await page.waitForFunction(() => document.querySelector('.g').game, null, { timeout: 20000 });
      // the side to act resigns each game until the match is over
      for (
        let i = 0;
        i < 6 && (await page.evaluate(() => document.querySelector('.g').game.phase)) !== 'match-over';
        i++
      ) {
        if (i) await page.click('.g >> [data-action=next-game]');
        await page.click('.g >> [data-action=resign]');
        await page.click('.g >> [data-action=confirm-resign]');
      }
      const { winner, score } = await page.evaluate(() => {
        const m = document.querySelector('.g').game;
        return { winner: m.winner, score: m.score };
      });
      const [won, lost] = [score[winner], score[winner === 'red' ? 'blue' : 'red']];
      assert.ok(won === 3 && lost < 3, JSON.stringify(score));
      const name = {
        en: { red: 'Red wins', blue: 'Blue wins' },
        es: { red: 'Rojo gana', blue: 'Azul gana' },
        ru: { red: 'Красные выигрывают', blue: 'Синие выигрывают' },
      };
      const match = { en: 'the match', es: 'el match', ru: 'матч' };
      for (const l of LANGS) {
        await page.evaluate((l) => document.querySelector('.g').setAttribute('lang', l), l);
        const text = await page.textContent('.g >> .winner');
        assert.ok(text.endsWith(`${name[l][winner]} ${match[l]} ${won}–${lost}`), `${l}: ${text}`);
      }
    },
  );
});

test('the review counts the games of a match in the right number, in each language (desktop, phone)', async () => {
  for (const viewport of [DESKTOP, PHONE]) {
    await checked(openDemo('?length=3&opponent=human', viewport), async ({ page }) => {
      await page.click('steere-game >> [data-action=resign]');
      await page.click('steere-game >> [data-action=confirm-resign]');
      const want = { en: /\(1 game, /, es: /\(1 partida, /, ru: /\(1 партия, / };
      for (const l of LANGS) {
        await page.selectOption('#language', l);
        await page.waitForFunction(
          (re) => new RegExp(re).test(document.querySelector('.review').textContent),
          want[l].source,
          { timeout: 20000 },
        );
      }
    });
  }
});

test('hints: a skipped part in words and the chance set apart by a colon, in each language (desktop, phone)', async () => {
  // seed 2: the best turn of Red's first roll moves a man and no ball ('b4-c4 -' in the notation)
  const skipped = { en: 'b4-c4, no ball move: ', es: 'b4-c4, sin mover el balón: ', ru: 'b4-c4, без хода мячом: ' };
  for (const l of LANGS) {
    await checked(openDemo(`?lang=${l}&size=4&seed=2&botdelay=0`, l === 'es' ? PHONE : DESKTOP), async ({ page }) => {
      await page.click('steere-game >> [data-action=roll]');
      await page.waitForFunction(() => !document.querySelector('[data-action=hint]').disabled);
      await page.click('[data-action=hint]');
      await page.locator('.hints li').first().waitFor();
      const items = await page.locator('.hints li').allTextContents();
      assert.ok(items[0].startsWith(skipped[l]), items[0]);
      for (const it of items) {
        assert.match(it, /^[a-g]\d.*: \d+[.,]\d\s?%$/u, it);
        assert.doesNotMatch(it, /(^|\s)-(\s|$)/, `${it}: a lone "-"`);
      }
      await page.locator('.hint-row').screenshot({ path: join(outDir, `legibility-hint-${l}.png`) });
    });
  }
});

/** The dice drawn on the demo's board: the two numbers, and the dice's opacity. */
const diceShown = (page, sel = 'steere-game') =>
  page.evaluate((sel) => {
    const el = document.querySelector(sel);
    const root =
      el.localName === 'steere-game' ? el.shadowRoot.querySelector('steere-board').shadowRoot : el.shadowRoot;
    const g = root.querySelector('[part=dice]');
    const [dist, way] = [...g.querySelectorAll('text')].map((t) => t.textContent);
    return { dice: dist && way ? `${dist}/${way}` : null, opacity: Number(getComputedStyle(g).opacity) };
  }, sel);

for (const [viewport, l] of [
  [DESKTOP, 'en'],
  [PHONE, 'ru'],
]) {
  test(`the computer's dice stay drawn until the next roll, and the replay draws each turn's dice (${viewport.width} px, ${l})`, async () => {
    await checked(openDemo(`?lang=${l}&size=4&seed=9&botdelay=0`, viewport), async ({ page }) => {
      const state = () =>
        page.evaluate(() => {
          const g = document.querySelector('steere-game').game;
          return { turn: g.turn, phase: g.phase, history: g.history() };
        });
      for (let turn = 0; turn < 3; turn++) {
        await page.click('steere-game >> [data-action=roll]');
        // the person's turn: any man, any destination, then the ball
        for (let i = 0; i < 6 && (await state()).turn === 'red' && (await state()).phase !== 'roll'; i++) {
          const t = await page.$$eval('steere-game >> [data-target]', (c) =>
            c.map((e) => [e.dataset.target, e.dataset.cell ?? null, e.dataset.goal ?? null]),
          );
          const pick = t.find((x) => x[0] === 'move') ?? t[0];
          if (!pick) break;
          await page.click(`steere-game >> ${pick[1] ? `[data-cell="${pick[1]}"]` : `[data-goal="${pick[2]}"]`}`);
        }
        // the computer's whole turn, then Red to roll: the computer's dice are still drawn
        await redToRoll(page);
        const s = await state();
        if (s.phase === 'over') break;
        const last = s.history[s.history.length - 1];
        const shown = await diceShown(page);
        assert.equal(shown.dice, last.split(' ')[0], `the computer's dice after its turn ${last}`);
        assert.ok(shown.opacity >= 0.7, `drawn plainly (opacity ${shown.opacity})`);
        if (turn === 0)
          await page.locator('steere-game').screenshot({ path: join(outDir, `legibility-dice-${viewport.width}.png`) });
      }
      // the replay: each position shows the dice of the turn that led to it (none at the start)
      const history = (await state()).history;
      await page.click('[data-action=replay]');
      await page.waitForSelector('#replay:not([hidden]) steere-board');
      assert.equal(await page.textContent('.rp-count'), `0 / ${history.length}`);
      assert.equal((await diceShown(page, '#replay steere-board')).dice, null);
      for (const rec of history) {
        await page.click('[data-action=replay-forward]');
        assert.equal((await diceShown(page, '#replay steere-board')).dice, rec.split(' ')[0], rec);
      }
      await page.locator('#replay').screenshot({ path: join(outDir, `legibility-replay-dice-${viewport.width}.png`) });
    });
  });
}
