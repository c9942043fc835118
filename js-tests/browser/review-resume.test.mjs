// A review survives (issue 35): a reload half way through a review computes it again (its section, its
// progress and the header's link seen); a finished game can be reviewed again from the page (its button
// seen once the review is closed, in en, es, ru, desktop and phone); the progress count is not a live
// region (it is not said again at each step); the games won with average dice are never a negative number
// of games; a finished match's review is titled as the match, not "the match so far".
// Screenshots: review-resume-*.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { demo, ready, playGame, rng, outDir, reviewHalfWay } from './helpers.mjs';

const D = demo();

const seen = (page, sel) =>
  page.evaluate((sel) => {
    const e = document.querySelector(sel);
    if (!e) return null;
    const r = e.getBoundingClientRect();
    const st = getComputedStyle(e);
    return st.display !== 'none' && st.visibility === 'visible' && r.width > 0 && r.height > 0
      ? { text: e.textContent.trim(), right: r.right, width: innerWidth }
      : null;
  }, sel);

async function reload(page) {
  await page.reload();
  await ready(page);
}

test('a reload half way through a review computes it again; closed, the finished game is reviewed again from its button', async () => {
  await D.within('?opponent=human&size=4&seed=11&level=hard', async ({ page }) => {
    await playGame(page, { random: rng(2) });
    await reviewHalfWay(page);
    assert.equal(
      await page.evaluate(() =>
        document.querySelector('.rv-count').closest('[aria-live], [role=status], [role=alert], [role=log]'),
      ),
      null,
      'the count is not spoken at each step',
    );
    await reload(page);
    assert.ok(await seen(page, '#review'), 'the review is there after the reload');
    assert.ok(await seen(page, '.jump [href="#review"]'), "and the header's link to it");
    await page.locator('.rv-body').waitFor({ state: 'visible', timeout: 90000 });
    assert.equal(await seen(page, '.rv-progress'), null);
    const marks = await page.locator('.rv-marks li').count();
    const totals = await page.locator('.rv-totals').textContent();
    // closed: the button reviews the game again
    assert.equal(await seen(page, '[data-action=review]'), null, 'no button while a review is shown');
    await page.click('[data-action=review-close]');
    assert.equal((await seen(page, '[data-action=review]')).text, 'Review the game');
    await reload(page);
    await page.click('[data-action=review]');
    assert.ok(await seen(page, '#review'));
    await page.locator('.rv-body').waitFor({ state: 'visible', timeout: 90000 });
    assert.equal(await page.locator('.rv-marks li').count(), marks);
    assert.equal(await page.locator('.rv-totals').textContent(), totals);
    await page.screenshot({ path: join(outDir, 'review-resume-desktop.png') });

    // a kept review whose luck-corrected result is below none: shown as no games, not a negative number
    await page.evaluate(() => {
      const all = JSON.parse(localStorage.getItem('steere-games:demo:v4'));
      const e = Object.values(all.games).find((g) => g.review?.result);
      const r = e.review.result;
      const loser = r.red.wins ? 'blue' : 'red';
      r[loser].adjusted = -0.06;
      r[loser === 'red' ? 'blue' : 'red'].adjusted = 1.06;
      r[loser].luck = r[loser].luck || 0.01;
      localStorage.setItem('steere-games:demo:v4', JSON.stringify(all));
    });
    await reload(page);
    const adjusted = await page.$$eval('[data-total=adjusted] td', (td) => td.map((x) => x.textContent));
    assert.deepEqual(
      adjusted.map((t) => /[-−]/.test(t)),
      [false, false],
      adjusted.join(' | '),
    );
    assert.ok(
      adjusted.every((t) => /→ [01]\.00$/.test(t)),
      adjusted.join(' | '),
    );
  });
});

for (const [lang, label, viewport] of [
  ['es', 'Revisar la partida', { width: 390, height: 844 }],
  ['ru', 'Разобрать партию', { width: 390, height: 844 }],
]) {
  test(`a finished match of resignations (${lang}, phone): titled as the match, and reviewed again from its button`, () =>
    D.within(`?opponent=human&length=3&size=4&seed=5&lang=${lang}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      // the player to act resigns each game (at once), until the match is over
      for (let i = 0; i < 6; i++) {
        const over = await page.evaluate(() => document.querySelector('#game').game.phase === 'match-over');
        if (over) break;
        const next = page.locator('steere-game >> [data-action=next-game]');
        if (await next.isEnabled()) await next.click();
        await page.click('steere-game >> [data-action=resign]');
        await page.click('steere-game >> [data-action=confirm-resign]');
      }
      await page.locator('.rv-body').waitFor({ state: 'visible', timeout: 60000 });
      const what = await page.locator('.rv-what').textContent();
      assert.doesNotMatch(what, lang === 'es' ? /hasta ahora/ : /до сих пор/);
      assert.match(what, lang === 'es' ? /^El match \(/ : /^Матч \(/);
      await page.click('[data-action=review-close]');
      const button = await seen(page, '[data-action=review]');
      assert.equal(button.text, label);
      assert.ok(button.right <= button.width, 'the button fits the phone');
      await page.locator('[data-action=review]').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(outDir, `review-resume-${lang}-phone.png`) });
      await page.click('[data-action=review]');
      await page.locator('.rv-body').waitFor({ state: 'visible', timeout: 60000 });
      assert.match(await page.locator('.rv-what').textContent(), lang === 'es' ? /^El match \(/ : /^Матч \(/);
    }));
}
