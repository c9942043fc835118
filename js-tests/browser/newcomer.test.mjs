// What a new player sees on a phone (375x740), in each language: faults found by walking the demo as a
// newcomer would, each checked on what is drawn.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { demo as demoServer, playGame, rng } from './helpers.mjs';

const d = demoServer();
const PHONE = { width: 375, height: 740 };

for (const lang of ['en', 'es', 'ru']) {
  test(`${lang}: at phone width the result of a finished game is in the turn line above the board, seen without scrolling`, async () => {
    const { context, page, errors } = await d.open(`?lang=${lang}&size=4&opponent=human&seed=5`, PHONE);
    const r = await playGame(page, { random: rng(11) });
    await page.evaluate(() => scrollTo(0, 0));
    const s = await page.evaluate(() => {
      const root = document.querySelector('steere-game').shadowRoot;
      const turn = root.querySelector('.turn');
      const box = turn.getBoundingClientRect();
      const board = root.querySelector('steere-board').getBoundingClientRect();
      return {
        turn: turn.textContent,
        player: turn.dataset.player,
        winner: root.querySelector('.winner').textContent,
        box: { top: box.top, bottom: box.bottom, height: box.height, right: box.right },
        boardTop: board.top,
        colour: getComputedStyle(turn).color,
        hidden: getComputedStyle(turn).visibility === 'hidden' || getComputedStyle(turn).display === 'none',
      };
    });
    assert.ok(s.winner.length > 0, 'the winner line is written');
    assert.equal(s.turn, s.winner, 'the turn line says who won');
    assert.equal(s.player, r.winner, "the turn line's mark is the winner's colour");
    assert.ok(!s.hidden && s.box.height > 0, 'the turn line is drawn');
    assert.ok(s.box.top >= 0 && s.box.bottom <= PHONE.height, `the result is on the first screen (${JSON.stringify(s.box)})`);
    assert.ok(s.box.bottom <= s.boardTop + 1, 'above the board');
    assert.ok(s.box.right <= PHONE.width, 'not cut off at the right');
    assert.deepEqual(errors, []);
    await context.close();
  });
}
