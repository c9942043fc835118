// The bot's choices are the same in WebAssembly as natively (API.md "Bot": budgets counted in work,
// integer evaluation): every case of tests/data/bot_choices.json, recorded and checked by the Rust test
// tests/bot_choices.rs, gives the same move through the package.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Bot, Jokerball, Zola } from '../pkg/node.js';

const cases = JSON.parse(readFileSync(new URL('../tests/data/bot_choices.json', import.meta.url), 'utf8'));

test('the recorded native choices are made in WebAssembly', () => {
  assert.ok(cases.length >= 60);
  for (const c of cases) {
    let game;
    if (c.game === 'zola') {
      game = new Zola({ position: c.position });
    } else {
      game = new Jokerball({ rules: c.rules, position: c.position });
      game.setDice(c.dice[0], c.dice[1]);
      if (c.man !== null) game.play(c.man);
    }
    const bot = new Bot({ level: c.level, seed: c.seed });
    assert.equal(bot.chooseMove(game), c.choice, JSON.stringify(c));
    bot.free();
    game.free();
  }
});
