// What a new player found (issue 35), each checked as seen: a match's link on the demo server (no online
// server) shows no empty link box and names no fixed address, also in the panel's note; desktop and phone,
// en, es, ru. Screenshots: newcomer-35-*.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { demo, outDir } from './helpers.mjs';

const D = demo();

const NEEDS = { en: /start it with make online, then open this page at the address it prints/, es: /abre esta página en la dirección que indica/, ru: /откройте эту страницу по адресу/ };

for (const [lang, viewport] of [
  ['en', { width: 1280, height: 900 }],
  ['es', { width: 390, height: 844 }],
  ['ru', { width: 390, height: 844 }],
]) {
  test(`?match= on the demo server (${lang}, ${viewport.width} px): the reason said, no empty link box, no fixed address`, () =>
    D.within(`?match=abc123&lang=${lang}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.waitForFunction(() => document.querySelector('.online .problem:not([hidden])'));
      const seen = await page.evaluate(() => {
        const shown = (e) => !!e && !e.closest('[hidden]') && getComputedStyle(e).display !== 'none' && e.getBoundingClientRect().height > 0;
        return {
          problem: document.querySelector('.online .problem').textContent,
          invite: shown(document.querySelector('.online .invite')),
          copy: shown(document.querySelector('.online [data-action=copy]')),
        };
      });
      assert.match(seen.problem, NEEDS[lang]);
      assert.doesNotMatch(seen.problem, /localhost:8000/);
      assert.deepEqual([seen.invite, seen.copy], [false, false], 'no link box and no Copy without a match');
      // the panel's note with "online" chosen says the same
      await page.selectOption('[data-option=opponent]', 'online');
      await page.waitForFunction(() => document.querySelector('[data-online-note]')?.dataset.ok === 'false');
      const note = await page.textContent('[data-online-note]');
      assert.match(note, NEEDS[lang]);
      assert.doesNotMatch(note, /localhost:8000/);
      await page.screenshot({ path: join(outDir, `newcomer-35-match-${lang}.png`) });
    }));
}
