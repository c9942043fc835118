// The ball's direction for the dice rolled is drawn also when the ball cannot move (issue 26, fault 3):
// Blue rolls 2/2 (east for Blue) with a red man beside the ball that way. The arrow beside the green die
// and the arrow from the ball are seen (computed style, a box of their size, a screenshot), and the
// dice's label says the way, at desktop and phone width, before the man move and after it (the ball
// phase passed, the dice kept until the next roll), and after a reload or in a replay, where the board
// did not see the roll. The direction is the engine's (view().ball, then view().lastBall).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { demo, bind, drawn, outDir } from './helpers.mjs';

const D = demo();

// side 4, the ball on d4 and a red man on d5 beside it to the east; Blue to roll
const BLOCKED = 'bbbb/bbbbb/6/3or2/6/rrrrr/rrr1 b';

/** What a person sees of the board `sel`'s arrows and dice: visibility, boxes, the dice's label. */
const seen = (page, sel) =>
  page.$eval(sel, (b) => {
    const r = b.shadowRoot;
    const box = (e) => {
      if (!e) return null;
      const s = getComputedStyle(e);
      const q = e.getBoundingClientRect();
      return {
        shown: !e.closest('[hidden]') && s.display !== 'none' && s.visibility !== 'hidden' && Number(s.opacity) > 0,
        fill: s.fill,
        w: q.width,
        h: q.height,
        x: q.x + q.width / 2,
        y: q.y + q.height / 2,
      };
    };
    const ball = r.querySelector('[data-cell=d4]').getBoundingClientRect();
    return {
      die: box(r.querySelector('.way-arrow')),
      arrow: box(r.querySelector('.arrow')),
      blocked: r.querySelector('.arrow').getAttribute('data-blocked'),
      ball: { x: ball.x + ball.width / 2, y: ball.y + ball.height / 2, w: ball.width },
      label: r.querySelector('[part=dice]').getAttribute('aria-label'),
      green: r.querySelector('.die.way')?.textContent,
      past: r.querySelector('[part=dice]').getAttribute('data-past'),
    };
  });

for (const [name, width] of [
  ['desktop', 900],
  ['phone', 360],
]) {
  test(`the ball's direction drawn when the ball is blocked: ${name} (${width} px)`, async () => {
    const { context, page, errors } = await D.element(
      `<steere-board class="b" interactive="red blue" animation="0" style="width:${Math.min(width - 40, 600)}px"></steere-board>`,
      {
        viewport: { width, height: 900 },
      },
    );
    await bind(
      page,
      '.b',
      `(() => { const g = new api.Jokerball({ size: 4, position: '${BLOCKED}' }); g.setDice(2, 2); return g; })()`,
    );
    await drawn(page, '.b');
    const line = await page.evaluate(() => window.games['.b'].view().ball);
    assert.deepEqual(line, { direction: 'e', blocked: true });
    const s = await seen(page, '.b');
    assert.match(s.green, /^2/);
    assert.ok(s.die.shown && s.die.w > 3 && s.die.h > 3, `the die's arrow seen: ${JSON.stringify(s.die)}`);
    assert.notEqual(s.die.fill, 'none');
    assert.ok(s.arrow.shown && s.arrow.w > 3, `the ball's arrow seen: ${JSON.stringify(s.arrow)}`);
    // it starts at the ball and points east (to the right, the board seen from Red's side)
    assert.ok(s.arrow.x > s.ball.x && Math.abs(s.arrow.y - s.ball.y) < s.ball.w / 4, JSON.stringify(s));
    assert.equal(s.blocked, '');
    assert.equal(s.label, 'Dice: distance 2, direction 2, the ball goes right');
    await page.locator('.b').screenshot({ path: join(outDir, `ball-line-blocked-${name}.png`) });

    // Blue's man move: the ball phase is passed; the dice stay with their direction until Red rolls
    await page.evaluate(() => {
      const g = window.games['.b'];
      g.play(g.legalMoves()[0]);
      document.querySelector('.b').refresh();
    });
    assert.equal(await page.evaluate(() => window.games['.b'].phase), 'roll');
    const after = await seen(page, '.b');
    assert.ok(after.die.shown, 'the die keeps its arrow');
    assert.equal(after.label, 'Dice: distance 2, direction 2, the ball goes right');

    // a turn the board did not see played: the game restored from its JSON state (a reload), and the
    // same game replayed to its first record (the replay); the engine's lastDice and lastBall are drawn
    for (const how of ['fromJSON', 'replayTo']) {
      await page.evaluate(async (how) => {
        const api = await window.steere();
        const g = window.games['.b'];
        document.querySelector('.b').game = how === 'fromJSON' ? api.Jokerball.fromJSON(g.toJSON()) : g.replayTo(1);
      }, how);
      const again = await seen(page, '.b');
      assert.ok(
        again.die.shown && again.die.w > 3 && again.die.h > 3,
        `${how}: the die's arrow seen: ${JSON.stringify(again.die)}`,
      );
      assert.notEqual(again.die.fill, 'none');
      assert.match(again.green, /^2/);
      assert.equal(again.label, 'Dice: distance 2, direction 2, the ball goes right', how);
      assert.equal(again.past, '', `${how}: drawn as the last turn's dice`);
    }
    await page.locator('.b').screenshot({ path: join(outDir, `ball-line-reloaded-${name}.png`) });
    assert.deepEqual(errors, []);
    await context.close();
  });
}
