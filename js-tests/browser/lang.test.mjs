// Languages: <steere-board>, <steere-game> and the demo speak English, Spanish and Russian. Per language,
// the words drawn are the catalogue's (buttons, status and turn lines, aria-labels, the how-to-play);
// changing `lang` redraws at once; `es-419` is Spanish; a language without a catalogue is English; the
// browser's languages count when no `lang` is set; the message for a steere-error is chosen by its code.
// In each language, at desktop width and on a 360-pixel phone, every button's text fits in the button
// (screenshots in test-output/lang-*.png).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { demo as served, ready, drawn, outDir } from './helpers.mjs';
import en from '../../js/lang/lang-en.js';
import es from '../../js/lang/lang-es.js';
import ru from '../../js/lang/lang-ru.js';
import pageEs from '../../www/text-es.js';
import pageRu from '../../www/text-ru.js';

const CATS = { en, es, ru };
// the demo's own words for a few marked texts (English: index.html's)
const PAGE = {
  en: { start: 'Start new game', howTo: 'How to play', cube: 'Matches and the cube', undo: 'Take back' },
  es: { ...pageEs, cube: 'Matches y el cubo' },
  ru: { ...pageRu, cube: 'Матчи и куб' },
};
// the same words written out, so that a catalogue is not only compared with itself
const ROLL = { en: 'Roll', es: 'Tirar', ru: 'Бросить' };

/** A catalogue's text with `{name}` filled in. */
const fill = (cat, key, vars = {}) => cat[key].replace(/\{(\w+)\}/g, (_, k) => String(vars[k]));

const D = served();

/**
 * What a <steere-game> shows a person, read in the page; with `lang`, read in the same task as setting
 * the element's lang attribute to it (so nothing can wait for a later render).
 */
const shown = (page, sel, lang) =>
  page.evaluate(
    ({ sel, lang }) => {
      const g = document.querySelector(sel);
      if (lang !== undefined) g.setAttribute('lang', lang);
      const r = g.shadowRoot;
      const b = window.boardRoot(g);
      const red = b.querySelector('[data-cell]:has([data-piece=red])');
      return {
        language: g.language,
        roll: r.querySelector('[data-action=roll]').textContent,
        resign: r.querySelector('[data-action=resign]').textContent,
        turn: r.querySelector('.turn').textContent,
        seat: r.querySelector('.seat').textContent,
        status: r.querySelector('.status').textContent,
        score: r.querySelector('.score').textContent,
        cube: r.querySelector('.cube').textContent,
        heads: [...r.querySelectorAll('.log li.head')].map((li) => li.textContent),
        toolbar: r.querySelector('[role=toolbar]').getAttribute('aria-label'),
        log: r.querySelector('.log').getAttribute('aria-label'),
        redCell: [red.dataset.cell, red.getAttribute('aria-label')],
        goal: b.querySelector('[data-goal=blue]').getAttribute('aria-label'),
        goalRed: b.querySelector('[data-goal=red]').getAttribute('aria-label'),
        goalText: b.querySelector('[data-goal=blue] text').textContent,
        board: b.querySelector('svg').getAttribute('aria-label'),
        svgLang: b.querySelector('svg').getAttribute('lang'),
        dice: b.querySelector('[part=dice]').getAttribute('aria-label'),
        message: r.querySelector('.msg').hidden ? null : r.querySelector('.msg').textContent,
        wrapLang: r.querySelector('.wrap').getAttribute('lang'),
      };
    },
    { sel, lang },
  );

for (const [l, cat] of Object.entries(CATS)) {
  test(`<steere-game lang="${l}">: buttons, turn and status lines, score, log and aria-labels in ${l}`, async () => {
    const { context, page, errors } = await D.element(
      `<steere-game class="g" lang="${l}" size="4" seed="5" length="3" cube="on" opponent="human" animation="0" style="width:900px"></steere-game>`,
    );
    await drawn(page, '.g');
    const turn = await page.evaluate(() => document.querySelector('.g').game.turn);
    let s = await shown(page, '.g');
    assert.equal(s.language, l);
    assert.equal(s.roll, ROLL[l]);
    assert.equal(s.resign, cat.resign);
    assert.equal(s.turn, fill(cat, 'toRoll', { player: cat[turn] }));
    assert.equal(s.seat, cat.twoPlay);
    assert.equal(s.score, `${fill(cat, 'match', { length: 3, game: 1 })}: ${fill(cat, 'score', { red: 0, blue: 0 })}`);
    assert.equal(s.cube, fill(cat, 'cube', { value: 1 }));
    assert.deepEqual(s.heads, [fill(cat, 'gameNo', { game: 1 })]);
    assert.equal(s.toolbar, cat.actions);
    assert.equal(s.log, cat.log);
    assert.ok(s.redCell[1].startsWith(fill(cat, 'man_red', { cell: s.redCell[0] })), s.redCell[1]);
    assert.equal(s.goal, cat.goal_blue);
    assert.equal(s.goalText, cat.goal_blue);
    assert.equal(s.board, cat.jokerball);
    assert.equal(s.svgLang, l);
    assert.equal(s.dice, cat.noDice);

    await page.click('.g >> [data-action=roll]');
    const dice = await page.evaluate(() => document.querySelector('.g').game.dice);
    s = await shown(page, '.g');
    assert.ok(s.status.startsWith(fill(cat, 'rolled', { player: cat[turn], ...dice })), s.status);
    assert.ok(s.dice.startsWith(fill(cat, 'dice', dice)), s.dice);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('changing lang redraws at once: every word, the status line and the log already shown, the board inside', async () => {
  const { context, page, errors } = await D.element(
    `<steere-game class="g" size="4" seed="5" length="3" cube="on" opponent="human" animation="0" style="width:900px"></steere-game>`,
  );
  await drawn(page, '.g');
  await page.click('.g >> [data-action=roll]');
  const before = await shown(page, '.g');
  assert.equal(before.language, 'en');
  // read in the same task as the change: nothing waits for a later render
  const after = await shown(page, '.g', 'ru');
  const game = await page.evaluate(() => {
    const g = document.querySelector('.g').game;
    return { turn: g.turn, dice: g.dice };
  });
  assert.equal(after.language, 'ru');
  assert.equal(after.roll, 'Бросить');
  assert.ok(after.status.startsWith(fill(ru, 'rolled', { player: ru[game.turn], ...game.dice })), after.status);
  assert.ok(after.turn.startsWith(`${ru[game.turn]}: `), after.turn);
  assert.equal(after.heads[0], 'Партия 1');
  assert.equal(after.goalRed, 'Ворота красных');
  assert.equal(after.wrapLang, 'ru');
  // the game went on untouched, and back to English
  assert.deepEqual(await page.evaluate(() => document.querySelector('.g').game.dice), game.dice);
  await page.evaluate(() => document.querySelector('.g').removeAttribute('lang'));
  const back = await shown(page, '.g');
  assert.deepEqual([back.language, back.roll, back.status, back.turn], ['en', 'Roll', before.status, before.turn]);

  // a lone board too: its goal names and labels, at once
  const board = await page.evaluate(async () => {
    const b = document.createElement('steere-board');
    b.setAttribute('position', 'bbbb/bbbbb/6/3o3/6/rrrrr/rrrr r');
    document.body.append(b);
    await new Promise((r) => setTimeout(r, 50));
    const root = b.shadowRoot;
    const read = () => [
      b.language,
      root.querySelector('[data-goal=blue] text').textContent,
      root.querySelector('[data-cell=a1]').getAttribute('aria-label'),
    ];
    const first = read();
    b.lang = 'es';
    return [first, read()];
  });
  assert.deepEqual(board, [
    ['en', "Blue's goal", 'a1, red man'],
    ['es', 'Portería de Azul', 'a1, ficha roja'],
  ]);
  assert.deepEqual(errors, []);
  await context.close();
});

test("an ancestor's lang counts, and its change reaches the elements at once; es-419 is Spanish, fr is English", async () => {
  const { context, page, errors } = await D.element(
    `<div class="outer" lang="es-419"><section><steere-game class="g" game="zola" opponent="human"></steere-game></section></div>
     <steere-board class="fr" lang="fr" position="brbrbr/rbrbrb/brbrbr/rbrbrb/brbrbr/rbrbrb r"></steere-board>
     <steere-board class="mx" lang="ES-mx" position="brbrbr/rbrbrb/brbrbr/rbrbrb/brbrbr/rbrbrb r"></steere-board>`,
  );
  await drawn(page, '.g');
  await drawn(page, '.fr');
  // a Zola game has no dice nor goals: read what it has
  const zola = (sel) =>
    page.evaluate((sel) => {
      const g = document.querySelector(sel);
      return {
        language: g.language,
        turn: g.shadowRoot.querySelector('.turn').textContent,
        board: window.boardRoot(g).querySelector('svg').getAttribute('aria-label'),
      };
    }, sel);
  const s = await zola('.g');
  assert.deepEqual(s, { language: 'es', turn: fill(es, 'toMove', { player: es.red }), board: es.zola });
  const boards = await page.evaluate(() =>
    ['.fr', '.mx'].map((c) => [
      document.querySelector(c).language,
      window.boardRoot(c).querySelector('svg').getAttribute('aria-label'),
    ]),
  );
  assert.deepEqual(boards, [
    ['en', en.zola],
    ['es', es.zola],
  ]);
  // the ancestor changes: the element follows by the end of the task
  await page.evaluate(() => (document.querySelector('.outer').lang = 'ru'));
  await page.waitForFunction(() => document.querySelector('.g').language === 'ru', null, { timeout: 2000 });
  assert.deepEqual(await zola('.g'), { language: 'ru', turn: fill(ru, 'toMove', { player: ru.red }), board: ru.zola });
  // no lang on the way up but <html lang="en">
  await page.evaluate(() => document.querySelector('.outer').removeAttribute('lang'));
  await page.waitForFunction(() => document.querySelector('.g').language === 'en', null, { timeout: 2000 });
  assert.equal((await zola('.g')).turn, 'Red to move');
  assert.deepEqual(errors, []);
  await context.close();
});

test("with no lang anywhere the browser's languages decide (first one with a catalogue), else English", async () => {
  let { context, page, errors } = await D.element(
    `<steere-board class="b" position="brbrbr/rbrbrb/brbrbr/rbrbrb/brbrbr/rbrbrb r"></steere-board>`,
    {
      lang: null,
      locale: 'ru-RU',
    },
  );
  await drawn(page, '.b');
  assert.deepEqual(await page.evaluate(() => [navigator.languages[0], document.querySelector('.b').language]), [
    'ru-RU',
    'ru',
  ]);
  assert.equal(
    await page.evaluate(() => window.boardRoot('.b').querySelector('[data-cell=a1]').getAttribute('aria-label')),
    'a1, красная шашка',
  );
  // a lang on the page wins over the browser's languages
  await page.evaluate(() => (document.documentElement.lang = 'es'));
  await page.waitForFunction(() => document.querySelector('.b').language === 'es', null, { timeout: 2000 });
  assert.deepEqual(errors, []);
  await context.close();

  ({ context, page, errors } = await D.element(`<steere-board class="b"></steere-board>`, {
    lang: null,
    locale: 'fr-FR',
  }));
  await drawn(page, '.b');
  assert.equal(await page.evaluate(() => document.querySelector('.b').language), 'en');
  assert.deepEqual(errors, []);
  await context.close();
});

test("the message for a steere-error is chosen by its code, in the element's language; the SteereError keeps its English", async () => {
  const { context, page, errors } = await D.element(
    `<steere-game class="g" lang="ru" size="5" opponent="robot" bot-delay="0"></steere-game>`,
    {
      head: `<script>window.errs = []; document.addEventListener('steere-error', (e) => window.errs.push([e.detail.error.code, e.detail.error.message]));</script>`,
    },
  );
  await drawn(page, '.g');
  let s = await shown(page, '.g');
  assert.match(
    s.message,
    /Атрибут size="5" не учтён \(такое значение здесь недопустимо\); взято значение по умолчанию\./,
  );
  assert.match(s.message, /Атрибут opponent="robot" не учтён \(ожидалось bot \| human \| remote\)/);
  const errs = await page.evaluate(() => window.errs);
  assert.ok(
    errs.some(([code, message]) => code === 'invalid_option' && /size must be 4 or 6, not 5/.test(message)),
    JSON.stringify(errs),
  );
  // the shown message follows the language; no new event
  await page.evaluate(() => document.querySelector('.g').setAttribute('lang', 'es'));
  s = await shown(page, '.g');
  assert.match(s.message, /Se ignoró el atributo size="5" \(un valor que aquí no se admite\)/);
  assert.equal((await page.evaluate(() => window.errs)).length, errs.length);
  // a bad state: its own sentence, the reason by the code
  await page.evaluate(() => (document.querySelector('.g').state = { format: 1, game: 'zola', nonsense: true }));
  s = await shown(page, '.g');
  assert.match(s.message, /No se pudo recuperar la partida guardada \(un texto que no sigue la notación\)\./);
  assert.deepEqual(errors, []);
  await context.close();
});

// ---- the demo

const demo = (query, { viewport, locale } = {}) => D.open(query, viewport, locale ? { locale } : {});

/** What the demo page shows a person: its own texts and the game's. */
const page$ = (page) =>
  page.evaluate(() => {
    const g = document.querySelector('steere-game');
    const r = g.shadowRoot;
    return {
      html: document.documentElement.lang,
      picker: document.querySelector('#language').value,
      start: document.querySelector('[data-action=new-game]').textContent,
      undo: document.querySelector('[data-action=undo]').textContent,
      form: document.querySelector('#settings').getAttribute('aria-label'),
      howTo: document.querySelector('details.help summary').textContent,
      h3: [...document.querySelectorAll('details.help h3')].map((h) => h.textContent),
      single: document.querySelector('[data-option=length] option').textContent,
      notice: document.querySelector('#notice').hidden ? null : document.querySelector('#notice').textContent,
      language: g.language,
      roll: r.querySelector('[data-action=roll]').textContent,
      turn: r.querySelector('.turn').textContent,
      seat: r.querySelector('.seat').textContent,
      status: r.querySelector('.status').textContent,
      cell: window.boardRootOf(g).querySelector('[data-cell=a1]').getAttribute('aria-label'),
    };
  });

for (const [l, cat] of Object.entries(CATS)) {
  test(`the demo in ${l} (?lang=${l}): <html lang>, the panel, the how-to-play, the game and its labels`, async () => {
    const { context, page, errors } = await demo(`?lang=${l}&size=4&seed=3`);
    await page.evaluate(() => (window.boardRootOf = (g) => g.shadowRoot.querySelector('steere-board').shadowRoot));
    const s = await page$(page);
    assert.equal(s.html, l);
    assert.equal(s.picker, l);
    assert.equal(s.start, PAGE[l].start);
    assert.equal(s.undo, PAGE[l].undo);
    assert.equal(s.form, cat.newGame);
    assert.equal(s.howTo, PAGE[l].howTo);
    assert.ok(s.h3.includes(PAGE[l].cube), s.h3.join(' | '));
    assert.equal(s.language, l);
    assert.equal(s.roll, ROLL[l]);
    assert.equal(s.turn, fill(cat, 'toRoll', { player: cat.red }));
    assert.equal(s.seat, fill(cat, 'youPlay', { player: cat.red, level: cat.medium }));
    assert.equal(s.cell, fill(cat, 'man_red', { cell: 'a1' }));
    assert.equal(s.notice, null);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test("the demo: es-419 is Spanish; fr is named in the notice and the browser's language (else English) is spoken; the browser's language counts", async () => {
  let { context, page, errors } = await demo('?lang=es-419&size=4');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'es');
  await context.close();

  ({ context, page, errors } = await demo('?lang=fr&size=4&seed=3'));
  await page.evaluate(() => (window.boardRootOf = (g) => g.shadowRoot.querySelector('steere-board').shadowRoot));
  let s = await page$(page);
  assert.deepEqual([s.html, s.language, s.roll], ['en', 'en', 'Roll']);
  assert.equal(s.notice, 'The address asks for lang=fr, a language this page does not speak (en, es, ru).');
  assert.deepEqual(errors, []);
  await context.close();

  ({ context, page, errors } = await demo('?size=4&seed=3', { locale: 'ru-RU' }));
  await page.evaluate(() => (window.boardRootOf = (g) => g.shadowRoot.querySelector('steere-board').shadowRoot));
  s = await page$(page);
  assert.deepEqual([s.html, s.language, s.roll, s.single], ['ru', 'ru', 'Бросить', '1 (одна партия)']);
  // a bad parameter is named in Russian, its reason chosen by the engine's code
  await page.goto(`${D.base}/www/?size=5&opponent=robot`);
  await ready(page);
  const notice = await page.textContent('#notice');
  assert.match(
    notice,
    /В адресе указано size=5, это не учтено \(такое значение здесь недопустимо\); в партии ниже — size=6\./,
  );
  assert.match(notice, /opponent=robot, это не учтено \(ожидалось bot \| human \| online\)/);
  assert.deepEqual(errors, []);
  await context.close();
});

test("the demo's language picker: the page and the game switch at once, the game goes on, ?lang= and a reload keep it", async () => {
  const { context, page, errors } = await demo('?size=4&seed=3&botdelay=0');
  await page.evaluate(() => (window.boardRootOf = (g) => g.shadowRoot.querySelector('steere-board').shadowRoot));
  await page.click('[data-action=roll]');
  const game = () => page.evaluate(() => JSON.stringify(document.querySelector('steere-game').state));
  const before = await game();
  const english = await page$(page);
  await page.selectOption('#language', 'ru');
  await page.waitForFunction(() => document.querySelector('steere-game').language === 'ru', null, { timeout: 2000 });
  let s = await page$(page);
  assert.deepEqual([s.html, s.picker, s.roll, s.start, s.howTo], ['ru', 'ru', 'Бросить', pageRu.start, pageRu.howTo]);
  assert.ok(s.status.startsWith('Красные: выпало'), s.status);
  assert.equal(s.single, pageRu.single);
  assert.equal(await game(), before, 'the game is where it was');
  assert.equal(new URL(page.url()).searchParams.get('lang'), 'ru');
  await page.reload();
  await ready(page);
  await page.evaluate(() => (window.boardRootOf = (g) => g.shadowRoot.querySelector('steere-board').shadowRoot));
  s = await page$(page);
  assert.deepEqual([s.html, s.roll], ['ru', 'Бросить']);
  assert.equal(await game(), before, 'the reload restored the game');
  // and back to English, word for word as it was
  await page.selectOption('#language', 'en');
  await page.waitForFunction(() => document.querySelector('steere-game').language === 'en', null, { timeout: 2000 });
  s = await page$(page);
  for (const k of ['start', 'undo', 'form', 'howTo', 'h3', 'seat', 'single']) assert.deepEqual(s[k], english[k], k);
  assert.deepEqual(errors, []);
  await context.close();
});

test("every button's text fits its button, in each language, at desktop width and on a 360-pixel phone (screenshots)", async () => {
  for (const l of Object.keys(CATS)) {
    for (const [name, viewport] of [
      ['desktop', { width: 1100, height: 900 }],
      ['phone', { width: 360, height: 740 }],
    ]) {
      const { context, page, errors } = await demo(`?lang=${l}&size=4&length=5&cube=on&opponent=human&seed=7`, {
        viewport,
      });
      await page.click('[data-action=roll]');
      // every button of the game and the page shown at once (those of other moments too: Swap, New game, the
      // confirmation, the replay view, the paste dialog)
      const boxes = await page.evaluate(() => {
        const g = document.querySelector('steere-game').shadowRoot;
        for (const el of g.querySelectorAll('button, .confirm')) el.hidden = false;
        document.querySelector('[data-confirm=abandon]').hidden = false;
        // the records' view, link field and paste dialog, shown empty
        for (const el of document.querySelectorAll('#replay, .share')) el.hidden = false;
        document.querySelector('#paste').show();
        const buttons = [...document.querySelectorAll('button'), ...g.querySelectorAll('button')].filter(
          (b) => !b.closest('[hidden]'),
        );
        const roll = g.querySelector('[data-action=roll]').getBoundingClientRect().height;
        return {
          page: document.documentElement.scrollWidth,
          width: innerWidth,
          roll,
          buttons: buttons.map((b) => {
            const r = b.getBoundingClientRect();
            return {
              text: b.textContent,
              scroll: b.scrollWidth,
              client: b.clientWidth,
              left: r.left,
              right: r.right,
              height: r.height,
              bar: !!b.closest('[role=toolbar]'),
            };
          }),
          goals: [
            ...window.document
              .querySelector('steere-game')
              .shadowRoot.querySelector('steere-board')
              .shadowRoot.querySelectorAll('[data-goal]'),
          ].map((gl) => [gl.querySelector('text').getBBox().width, gl.querySelector('rect').getBBox().width]),
        };
      });
      // taken before the checks: a failure's picture is there to look at
      await page.screenshot({ path: `${outDir}/lang-${l}-${name}.png`, fullPage: name === 'phone' });
      assert.ok(boxes.page <= boxes.width, `${l} ${name}: the page is ${boxes.page} px wide`);
      for (const b of boxes.buttons) {
        assert.ok(
          b.scroll <= b.client + 1,
          `${l} ${name}: "${b.text}" overflows its button (${b.scroll} > ${b.client})`,
        );
        assert.ok(b.left >= 0 && b.right <= boxes.width + 0.5, `${l} ${name}: "${b.text}" is off the screen`);
        // the game's buttons keep their words on one line
        if (b.bar) assert.ok(b.height <= boxes.roll + 1, `${l} ${name}: "${b.text}" wraps`);
      }
      for (const [text, zone] of boxes.goals)
        assert.ok(text <= zone, `${l} ${name}: a goal's name is wider than the goal`);
      assert.deepEqual(errors, []);
      await context.close();
    }
  }
});
