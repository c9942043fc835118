// <steere-board> (API.md "Board elements"): several boards on a page, a display-only position, bad input
// (a bad string, a bad attribute, a freed object, an object of another copy of the module) reported by
// steere-error and never thrown, the cancelable steere-move, targets drawn (computed fill, not only
// attributes), theming by custom properties and parts, animation and reduced motion, dragging, labels.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { demo, drawn, outDir, bind, checked } from './helpers.mjs';

const D = demo();

const ZOLA6 = 'brbrbr/rbrbrb/brbrbr/rbrbrb/brbrbr/rbrbrb r';
const JB4 = 'bbbb/bbbbb/6/3o3/6/rrrrr/rrrr r';

/**
 * Runs `test` as checked does, on an element page with `body` (and `options`, as elementPage takes them),
 * its board of class "b" bound to the object `make` (as in bind) and drawn.
 */
const onBoard = (body, make, test, options) =>
  checked(
    D.element(body, options).then(async (opened) => {
      await bind(opened.page, '.b', make);
      await drawn(opened.page, '.b');
      return opened;
    }),
    test,
  );

const fills = (page, sel, cells) =>
  page.evaluate(
    ({ sel, cells }) => {
      const root = window.boardRoot(sel);
      return cells.map((c) => getComputedStyle(root.querySelector(`[data-cell="${c}"] .shape`)).fill);
    },
    { sel, cells },
  );

test('two boards on one page: each its own game, no ids; a move on one leaves the other alone', async () => {
  await checked(
    D.element(
      `<div style="display:flex;gap:8px"><steere-board class="one" interactive="red blue" animation="0" style="width:420px"></steere-board>
     <steere-board class="two" interactive="red blue" animation="0" style="width:420px"></steere-board></div>`,
    ),
    async ({ page }) => {
      await bind(page, '.one', 'new api.Zola()');
      await bind(page, '.two', 'new api.Jokerball({ seed: 3, size: 4 })');
      await drawn(page, '.one');
      assert.equal(await page.$$eval('.one >> [data-cell]', (c) => c.length), 36);
      assert.equal(await page.$$eval('.two >> [data-cell]', (c) => c.length), 37);
      assert.equal(await page.$$eval('.two >> [data-goal]', (c) => c.length), 2);
      // no element ids anywhere in the shadow trees (so nothing clashes between boards)
      const ids = await page.evaluate(() =>
        ['.one', '.two'].map((s) => window.boardRoot(s).querySelectorAll('[id]').length),
      );
      assert.deepEqual(ids, [0, 0]);
      const before = await page.evaluate(() => window.games['.two'].position());
      await page.click('.one >> [data-cell=a1]');
      await page.click('.one >> [data-cell=a2]');
      assert.deepEqual(await page.evaluate(() => window.games['.one'].history()), ['a1xa2']);
      assert.equal(await page.evaluate(() => window.games['.two'].position()), before);
      assert.equal(await page.$eval('.one >> [data-cell=a2] [data-piece]', (p) => p.dataset.piece), 'red');
      await page.screenshot({ path: `${outDir}/elements-two-boards.png` });
    },
  );
});

test('a display-only position: pieces where the string puts them, nothing to click; a bad string fires steere-error and shows no pieces', async () => {
  await checked(
    D.element(
      `<steere-board class="z" position="${ZOLA6}" style="width:300px"></steere-board>
     <steere-board class="j" position="${JB4}" interactive="red" style="width:300px"></steere-board>
     <steere-board class="bad" style="width:300px"></steere-board>`,
    ),
    async ({ page }) => {
      await drawn(page, '.j');
      assert.equal(await page.$$eval('.z >> [data-piece]', (c) => c.length), 36);
      assert.equal(await page.$eval('.z >> [data-cell=a1] [data-piece]', (p) => p.dataset.piece), 'red');
      assert.equal(await page.$$eval('.j >> [data-piece=blue]', (c) => c.length), 9);
      assert.equal(await page.$$eval('.j >> [data-cell=d4] [data-piece=ball]', (c) => c.length), 1);
      // a position has no dice: nothing is clickable, even for an interactive side
      assert.equal(await page.$$eval('[data-target]', (c) => c.length), 0);
      assert.equal(await page.$eval('.z', (b) => b.getAttribute('data-game')), 'zola');

      const seen = await page.evaluate(async () => {
        const b = document.querySelector('.bad');
        const got = [];
        b.addEventListener('steere-error', (e) =>
          got.push({ name: e.detail.error.name, code: e.detail.error.code, bubbles: e.bubbles, composed: e.composed }),
        );
        b.position = 'rrr/bbb/zz r';
        await new Promise((r) => setTimeout(r, 50));
        return got;
      });
      assert.deepEqual(seen, [{ name: 'SteereError', code: 'parse_error', bubbles: true, composed: true }]);
      assert.equal((await page.$$eval('.bad >> [data-cell]', (c) => c.length)) > 0, true);
      assert.equal(await page.$$eval('.bad >> [data-piece]', (c) => c.length), 0);
      assert.match(await page.$eval('.bad >> [part=message]', (m) => m.textContent), /Something went wrong/);
      // a good string afterwards clears the message
      await page.evaluate((p) => (document.querySelector('.bad').position = p), ZOLA6);
      await page.waitForFunction(() => window.boardRoot('.bad').querySelectorAll('[data-piece]').length === 36);
      assert.ok(await page.$eval('.bad >> [part=message]', (m) => m.hidden));
    },
  );
});

test('bad input never throws in the page: bad attributes, a freed object, an object of another copy of the module', async () => {
  await checked(
    D.element(`<steere-board class="b" interactive="red" style="width:300px"></steere-board>`),
    async ({ page }) => {
      await drawn(page, '.b');
      const codes = await page.evaluate(async () => {
        const b = document.querySelector('.b');
        const got = [];
        b.addEventListener('steere-error', (e) => got.push(e.detail.error.code));
        const tick = () => new Promise((r) => setTimeout(r, 30));
        b.setAttribute('orientation', 'sideways');
        await tick();
        b.setAttribute('animation', 'fast');
        await tick();
        b.setAttribute('interactive', 'green');
        await tick();
        const api = await window.steere();
        const z = new api.Zola();
        b.game = z;
        await tick();
        z.free();
        b.refresh();
        await tick();
        // another copy of the package's module (another URL), initialised by itself
        const other = await import('/pkg/steere_games.js?copy');
        await other.default();
        b.game = new other.Zola();
        await tick();
        b.game = 42;
        await tick();
        return {
          got,
          message: window.boardRoot('.b').querySelector('[part=message]').textContent,
          pieces: window.boardRoot('.b').querySelectorAll('[data-piece]').length,
        };
      });
      assert.deepEqual(codes.got, ['invalid_option', 'invalid_option', 'invalid_option', 'freed', 'invalid_option']);
      assert.match(codes.message, /sideways/);
      assert.match(codes.message, /not a Jokerball, Zola or Match/);
      assert.equal(codes.pieces, 0);
      // play() without a game throws as play does (a SteereError), and only there
      const thrown = await page.evaluate(() => {
        try {
          const b = document.createElement('steere-board');
          b.play('a1xa2');
        } catch (e) {
          return `${e.name}:${e.code}`;
        }
        return null;
      });
      assert.equal(thrown, 'SteereError:wrong_phase');
    },
  );
});

test('steere-move is cancelable: preventDefault leaves the game untouched; steere-played follows a move', async () => {
  await onBoard(
    `<steere-board class="b" interactive="red blue" animation="0" style="width:360px"></steere-board>`,
    'new api.Zola()',
    async ({ page }) => {
      await page.evaluate(() => {
        const b = document.querySelector('.b');
        window.log = [];
        window.veto = true;
        b.addEventListener('steere-move', (e) => {
          window.log.push(['move', e.detail.move.notation, e.detail.player, e.cancelable]);
          if (window.veto) e.preventDefault();
        });
        b.addEventListener('steere-played', (e) =>
          window.log.push(['played', e.detail.move.notation, e.detail.player, e.detail.phase, e.detail.position]),
        );
      });
      const before = await page.evaluate(() => window.games['.b'].position());
      await page.click('.b >> [data-cell=a1]');
      assert.equal(await page.$eval('.b >> [data-cell=a1]', (c) => c.hasAttribute('data-selected')), true);
      await page.click('.b >> [data-cell=b1]');
      assert.deepEqual(await page.evaluate(() => window.log), [['move', 'a1xb1', 'red', true]]);
      assert.equal(await page.evaluate(() => window.games['.b'].position()), before);
      assert.deepEqual(await page.evaluate(() => window.games['.b'].history()), []);
      assert.equal(await page.$eval('.b >> [data-cell=b1] [data-piece]', (p) => p.dataset.piece), 'blue');
      // allowed this time
      await page.evaluate(() => (window.veto = false));
      await page.click('.b >> [data-cell=a1]');
      await page.click('.b >> [data-cell=b1]');
      const log = await page.evaluate(() => window.log);
      assert.deepEqual(log[2].slice(0, 4), ['played', 'a1xb1', 'red', 'move']);
      assert.equal(log[2][4], await page.evaluate(() => window.games['.b'].position()));
      assert.equal(await page.$eval('.b >> [data-cell=b1] [data-piece]', (p) => p.dataset.piece), 'red');
      // the last move is marked, and the mark is drawn
      assert.deepEqual(await page.$$eval('.b >> [data-last]', (c) => c.map((e) => e.dataset.cell).sort()), [
        'a1',
        'b1',
      ]);
      const [last, plain] = await fills(page, '.b', ['b1', 'c3']);
      assert.notEqual(last, plain);
    },
  );
});

test('targets are highlighted by their computed fill (Zola and Jokerball, goals too), selection differs again', async () => {
  await checked(
    D.element(
      `<steere-board class="z" interactive="red" style="width:360px"></steere-board><steere-board class="j" interactive="red" style="width:360px"></steere-board>`,
    ),
    async ({ page }) => {
      await bind(page, '.z', 'new api.Zola()');
      // Jokerball: a position where a red man on the top row can leave through Blue's goal (RULES 1.5)
      await bind(
        page,
        '.j',
        "(() => { const g = new api.Jokerball({ position: '1r2/5/6/3o3/6/5/4 r', seed: 1 }); g.setDice(1, 5); return g; })()",
      );
      await drawn(page, '.j');
      const target = await page.$eval('.z >> [data-target]', (e) => e.dataset.cell);
      const nonTarget = await page.$eval('.z >> [data-cell]:not([data-target])', (e) => e.dataset.cell);
      const expected = await page.evaluate(() => {
        // the theme's target colour, resolved by the browser
        const probe = document.createElement('div');
        probe.style.color = 'var(--steere-target, #f5c430)';
        document.querySelector('.z').shadowRoot.append(probe);
        const c = getComputedStyle(probe).color;
        probe.remove();
        return c;
      });
      const [t, n] = await fills(page, '.z', [target, nonTarget]);
      assert.equal(t, expected);
      assert.notEqual(n, expected);
      // every target of both boards is drawn in the target colour; no other cell is
      for (const sel of ['.z', '.j']) {
        const all = await page.evaluate((sel) => {
          const root = window.boardRoot(sel);
          return [...root.querySelectorAll('[data-cell],[data-goal]')].map((e) => ({
            target: e.hasAttribute('data-target'),
            fill: getComputedStyle(e.querySelector('.shape, rect')).fill,
          }));
        }, sel);
        for (const c of all) assert.equal(c.fill === expected, c.target);
      }
      // selecting the man: his destinations (Blue's goal among them) become targets, he is drawn apart
      await page.click('.j >> [data-cell=g5]');
      assert.equal(await page.$eval('.j >> [data-goal=blue]', (g) => g.getAttribute('data-target')), 'move');
      const goalFill = await page.evaluate(
        () => getComputedStyle(window.boardRoot('.j').querySelector('[data-goal=blue] rect')).fill,
      );
      assert.equal(goalFill, expected);
      const [sel] = await fills(page, '.j', ['g5']);
      assert.notEqual(sel, expected);
      assert.match(await page.getAttribute('.j >> [data-cell=g5]', 'aria-label'), /^g5, red man, target, selected$/);
      await page.click('.j >> [data-goal=blue]');
      assert.equal(await page.evaluate(() => window.games['.j'].phase), 'ball');
      assert.equal(await page.$$eval('.j >> [data-piece=red]', (c) => c.length), 0);
      await page.screenshot({ path: `${outDir}/elements-targets.png` });
    },
  );
});

test('theming: custom properties and ::part change what is drawn', async () => {
  await checked(
    D.element(
      `<div class="dark" style="--steere-red: rgb(0, 128, 0); --steere-cell: rgb(10, 20, 30)">
       <steere-board class="b" position="${ZOLA6}" style="width:300px"></steere-board></div>
     <steere-board class="plain" position="${ZOLA6}" style="width:300px"></steere-board>`,
      { head: '<style>.b::part(piece) { stroke: rgb(255, 0, 255); }</style>' },
    ),
    async ({ page }) => {
      await drawn(page, '.plain');
      const look = (sel) =>
        page.evaluate((sel) => {
          const root = window.boardRoot(sel);
          const red = root.querySelector('[data-piece=red]');
          const cell = root.querySelector('[data-cell=b1] .shape');
          return {
            red: getComputedStyle(red).fill,
            stroke: getComputedStyle(red).stroke,
            cell: getComputedStyle(cell).fill,
          };
        }, sel);
      const themed = await look('.b');
      const plain = await look('.plain');
      assert.equal(themed.red, 'rgb(0, 128, 0)');
      assert.equal(themed.cell, 'rgb(10, 20, 30)');
      assert.equal(themed.stroke, 'rgb(255, 0, 255)');
      assert.notEqual(plain.red, themed.red);
      assert.notEqual(plain.stroke, themed.stroke);
    },
  );
});

test('animation: a man slides, the ball runs, a capture fades; none with prefers-reduced-motion or animation="0"', async () => {
  for (const [motion, attrs, expectAnimations] of [
    ['no-preference', '', true],
    ['reduce', '', false],
    ['no-preference', 'animation="0"', false],
  ]) {
    await onBoard(
      `<steere-board class="b" interactive="red" ${attrs} style="width:360px"></steere-board>`,
      '(() => { const g = new api.Jokerball({ seed: 1, size: 4 }); g.setDice(2, 3); return g; })()',
      async ({ page }) => {
        const from = await page.$eval('.b >> [data-target=select]', (e) => e.dataset.cell);
        await page.click(`.b >> [data-cell="${from}"]`);
        await page.click('.b >> [data-target=move]');
        const man = await page.evaluate(() => window.boardRoot('.b').getAnimations().length);
        assert.equal(man > 0, expectAnimations, `${motion} ${attrs}: ${man} animations after a man move`);
        if (expectAnimations) {
          await page.evaluate(() => document.querySelector('.b').animationDone);
          assert.equal(await page.evaluate(() => window.boardRoot('.b').getAnimations().length), 0);
          // the ball runs: an animation with one keyframe per cell of its path (and its start)
          const ball = await page.evaluate(() => {
            const b = document.querySelector('.b');
            const m = window.games['.b'].legalMovesVerbose()[0];
            b.play(m.notation);
            return {
              frames: window.boardRoot('.b').getAnimations()[0].effect.getKeyframes().length,
              path: m.path.length,
            };
          });
          assert.equal(ball.frames, ball.path + 1);
          await page.evaluate(() => document.querySelector('.b').animationDone);
        }
      },
      { reducedMotion: motion },
    );
  }
  // a capture: the captured checker fades while the capturer slides
  await onBoard(
    `<steere-board class="b" interactive="red" style="width:360px"></steere-board>`,
    'new api.Zola()',
    async ({ page }) => {
      const kinds = await page.evaluate(() => {
        document.querySelector('.b').play('a1xa2');
        return window
          .boardRoot('.b')
          .getAnimations()
          .map((a) =>
            a.effect
              .getKeyframes()
              .map((k) => k.opacity ?? null)
              .join(),
          );
      });
      assert.deepEqual(kinds.sort(), [',', '1,0']);
    },
  );
});

test('a piece can be dragged onto its destination', async () => {
  await onBoard(
    `<steere-board class="b" interactive="red" animation="0" style="width:360px"></steere-board>`,
    'new api.Zola()',
    async ({ page }) => {
      const a = await page.locator('.b >> [data-cell=a1]').boundingBox();
      const b = await page.locator('.b >> [data-cell=b1]').boundingBox();
      await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
      await page.mouse.down();
      await page.mouse.move(a.x + a.width / 2 + 20, a.y + a.height / 2, { steps: 4 });
      await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 4 });
      await page.mouse.up();
      assert.deepEqual(await page.evaluate(() => window.games['.b'].history()), ['a1xb1']);
      assert.equal(await page.$$eval('.b >> [data-selected]', (c) => c.length), 0);
    },
  );
});

test('keyboard and screen readers: one tab stop, arrows, Enter, Escape; labels, dice and a polite live region', async () => {
  await onBoard(
    `<button>before</button><steere-board class="b" interactive="red" animation="0" style="width:360px"></steere-board><button>after</button>`,
    '(() => { const g = new api.Jokerball({ seed: 2, size: 4 }); g.setDice(1, 4); return g; })()',
    async ({ page }) => {
      assert.equal(await page.$$eval('.b >> [tabindex="0"]', (c) => c.length), 1);
      const focused = () =>
        page.evaluate(() => window.boardRoot('.b').activeElement?.getAttribute('data-cell') ?? null);
      await page.focus('text=before');
      await page.keyboard.press('Tab');
      const first = await focused();
      assert.ok(first, 'Tab enters the board');
      await page.keyboard.press('Tab');
      assert.equal(await page.evaluate(() => document.activeElement.textContent), 'after');
      await page.keyboard.press('Shift+Tab');
      assert.equal(await focused(), first);
      // the first tab stop is a target (a man that can move); Enter selects it and goes to a destination
      assert.ok(await page.$eval(`.b >> [data-cell="${first}"]`, (c) => c.hasAttribute('data-target')));
      await page.keyboard.press('Enter');
      assert.ok(await page.$eval(`.b >> [data-cell="${first}"]`, (c) => c.hasAttribute('data-selected')));
      const dest = await focused();
      assert.equal(await page.$eval(`.b >> [data-cell="${dest}"]`, (c) => c.dataset.target), 'move');
      assert.match(
        await page.evaluate(() => window.boardRoot('.b').querySelector('[aria-live=polite]').textContent),
        /selected/,
      );
      await page.keyboard.press('Escape');
      assert.equal(await page.$$eval('.b >> [data-selected]', (c) => c.length), 0);
      // arrows walk the board: Right moves along a row
      await page.keyboard.press('ArrowRight');
      const right = await focused();
      assert.notEqual(right, dest);
      assert.equal(right[0], dest[0], 'same row letter');
      await page.keyboard.press('ArrowLeft');
      assert.equal(await focused(), dest);
      assert.equal(await page.$$eval('.b >> [tabindex="0"]', (c) => c.length), 1);
      // select and move by keyboard alone
      await page.keyboard.press('Home');
      const home = await focused();
      assert.ok(home);
      await page.evaluate((c) => window.boardRoot('.b').querySelector(`[data-cell="${c}"]`).focus(), first);
      await page.keyboard.press('Enter');
      await page.keyboard.press('Enter');
      assert.equal(await page.evaluate(() => window.games['.b'].phase), 'ball');
      assert.match(
        await page.evaluate(() => window.boardRoot('.b').querySelector('[aria-live=polite]').textContent),
        /^Red: man [a-g]\d to [a-g]\d/,
      );
      // labels: "b3, red man, target"-style, dice as an image with a text label
      const labels = await page.$$eval('.b >> [data-cell]', (c) => c.map((e) => e.getAttribute('aria-label')));
      assert.ok(
        labels.every((l) =>
          /^[a-g]\d, (empty|red man|blue man|the ball)(, target)?(, selected)?(, last move)?$/.test(l),
        ),
        labels.join('\n'),
      );
      assert.ok(labels.some((l) => /, the ball, selected$/.test(l)));
      const dice = await page.$eval('.b >> [part=dice]', (d) => ({
        role: d.getAttribute('role'),
        label: d.getAttribute('aria-label'),
      }));
      assert.equal(dice.role, 'img');
      assert.match(dice.label, /^Dice: distance 1, direction 4, the ball goes up and (right|left)$/);
    },
  );
});

test('320 px wide: the board keeps its aspect ratio and the page does not scroll sideways', async () => {
  await checked(
    D.element(
      `<steere-board class="j" position="${JB4}"></steere-board><steere-game class="g" game="zola" opponent="human"></steere-game>`,
      { viewport: { width: 320, height: 700 } },
    ),
    async ({ page }) => {
      await drawn(page, '.g');
      const box = await page.locator('.j').boundingBox();
      assert.ok(box.width >= 300 && box.width <= 304, `board ${box.width} px wide`);
      const vb = await page.evaluate(() => {
        const { width, height } = window.boardRoot('.j').querySelector('svg').viewBox.baseVal;
        return { width, height };
      });
      const svgBox = await page.evaluate(() =>
        window.boardRoot('.j').querySelector('svg').getBoundingClientRect().toJSON(),
      );
      assert.ok(Math.abs(svgBox.height / svgBox.width - vb.height / vb.width) < 0.01);
      assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= 320);
      await page.screenshot({ path: `${outDir}/elements-320.png`, fullPage: true });
    },
  );
});
