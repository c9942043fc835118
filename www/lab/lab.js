// The balance lab (index.html): a form for a variant (or a sweep of them) and two players, games played on
// several Web Workers (worker.js) with one progress bar, time left and Stop, the results drawn as SVG
// charts (charts.js) with a table of the numbers, kept in localStorage so that a reload shows them,
// and exported as CSV or JSON. What is played and how it adds up is core.js, shared with `make
// balance`.
import { cells, runCells, rows, toCSV, toJSON, summary, DEFAULT_RUN } from './core.js';
import { shareChart, lengthChart } from './charts.js';
import { Words, chooseLanguage, rememberLanguage } from '../i18n.js';
import en from './text-en.js';
import es from './text-es.js';
import ru from './text-ru.js';

const KEY = 'steere-games:lab:last';
const $ = (sel) => document.querySelector(sel);
const form = $('#run');
const bar = $('#bar');
const status = $('#status');
/** At most four workers, and no more than the machine's cores. */
export const WORKERS = Math.max(1, Math.min(navigator.hardwareConcurrency || 2, 4));

// ---- words (looked up as the demo's are: ../i18n.js) ----
const words = new Words(document, { en, es, ru });
const t = (key, vars) => words.t(key, vars);
function applyLanguage(l) {
  document.documentElement.lang = l;
  $('#language').value = l;
  words.apply(l);
  render();
}
const nf = () => new Intl.NumberFormat(words.lang);
const pct = (x) =>
  Number.isFinite(x)
    ? `${new Intl.NumberFormat(words.lang, { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(100 * x)}%`
    : '–';
const duration = (ms) =>
  ms < 90_000
    ? t('seconds', { n: Math.max(1, Math.round(ms / 1000)) })
    : t('minutes', { n: nf().format(Math.round(ms / 6000) / 10) });

// ---- the form ----
function settings() {
  const f = new FormData(form);
  return {
    game: f.get('game'),
    rules: f.get('rules'),
    side: Number(f.get('side')),
    rows: Number(f.get('rows')),
    size: Number(f.get('size')),
    pie: f.get('pie') === 'on',
    a: f.get('a'),
    b: f.get('b'),
    games: Number(f.get('games')),
    seed: String(f.get('seed')),
    sweep: f.get('sweep') === 'on',
  };
}
function fillForm(run) {
  for (const [k, v] of Object.entries(run)) {
    const el = form.elements[k];
    if (!el) continue;
    if (el.type === 'checkbox') el.checked = Boolean(v);
    else if (k !== 'rows') el.value = String(v);
  }
  syncForm(run.rows);
}
/** Shows the settings of the game chosen, the rows of the side chosen; a sweep hides the single choice. */
function syncForm(rowsWanted) {
  const s = settings();
  const rowsSel = form.elements.rows;
  const keep = Number(rowsWanted ?? rowsSel.value) || 2;
  rowsSel.replaceChildren(...Array.from({ length: s.side - 1 }, (_, i) => new Option(String(i + 1), String(i + 1))));
  rowsSel.value = String(Math.min(keep, s.side - 1));
  for (const el of form.querySelectorAll('[data-for]')) {
    el.hidden = el.dataset.for !== s.game || (s.sweep && el.hasAttribute('data-single'));
  }
}
form.addEventListener('change', (e) => {
  if (e.target.name !== 'rows') syncForm();
});

// ---- the workers ----
/** A pool of lab workers with the interface runCells expects; stop() ends them all at once. */
function makePool(size) {
  const offline = globalThis.STEERE_OFFLINE;
  const workers = [];
  const idle = [];
  const pending = new Map();
  let nextId = 0;
  let stopped = false;
  const ready = Array.from({ length: size }, () => {
    const w = offline?.labWorker
      ? new Worker(URL.createObjectURL(new Blob([offline.labWorker], { type: 'text/javascript' })))
      : new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
    workers.push(w);
    return new Promise((resolve, reject) => {
      w.onmessage = ({ data }) => {
        if (data.type === 'ready') return resolve(idle.push(w));
        if (data.type === 'failed') return reject(new Error(data.message));
        const job = pending.get(data.id);
        if (!job) return;
        if ('done' in data) return job.onProgress(data.done);
        pending.delete(data.id);
        idle.push(job.worker);
        if (data.error) job.reject(new Error(data.error));
        else job.resolve(data.result);
      };
      w.onerror = (e) => reject(new Error(e.message || 'worker error'));
      w.postMessage({ type: 'init', wasm: offline?.wasm });
    });
  });
  return {
    size,
    ready: Promise.all(ready),
    run(chunk, onProgress) {
      if (stopped) return Promise.resolve(null);
      const worker = idle.pop();
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { worker, resolve, reject, onProgress });
        worker.postMessage({ id, chunk });
      });
    },
    stop() {
      stopped = true;
      for (const w of workers) w.terminate();
      for (const job of pending.values()) job.resolve(null);
      pending.clear();
    },
  };
}

// ---- a run ----
let current = null; // { run, cells, totals, state, done, total, ms, when }
let pool = null;
let signal = null;

function save() {
  try {
    localStorage.setItem(KEY, JSON.stringify(current));
  } catch {
    // no storage, or full: the results last as long as the page
  }
}

async function start(e) {
  e.preventDefault();
  const run = settings();
  const invalid = $('#invalid');
  let list;
  try {
    if (!(Number.isInteger(run.games) && run.games >= 2 && run.games <= 1e7)) throw new RangeError(t('bad_games'));
    list = cells(run);
  } catch (err) {
    invalid.textContent = err.message;
    invalid.hidden = false;
    form.elements.games.focus();
    return;
  }
  invalid.hidden = true;
  const total = list.reduce((s, c) => s + c.games, 0);
  current = { run, cells: list, totals: [], state: 'running', done: 0, total, ms: 0, when: Date.now() };
  setRunning(true);
  status.textContent = t('status_starting', { workers: WORKERS });
  pool = makePool(WORKERS);
  signal = { stopped: false };
  const t0 = performance.now();
  let lastDraw = 0;
  try {
    await pool.ready;
    const totals = await runCells(
      list,
      pool,
      ({ done, totals }) => {
        current.done = done;
        current.totals = totals;
        current.ms = performance.now() - t0;
        bar.value = done / total;
        const left = done ? ((total - done) * current.ms) / done : NaN;
        status.textContent = t('status_running', {
          done: nf().format(done),
          total: nf().format(total),
          workers: WORKERS,
          left: Number.isFinite(left) ? duration(left) : '…',
        });
        if (performance.now() - lastDraw > 500) {
          lastDraw = performance.now();
          render();
        }
      },
      signal,
    );
    current.totals = totals;
    current.ms = performance.now() - t0;
    // the games of chunks cut short by Stop are not counted
    current.done = totals.reduce((n, x) => n + x.games, 0);
    current.state = signal.stopped ? 'stopped' : 'done';
  } catch (err) {
    current.state = 'failed';
    current.error = err.message;
  } finally {
    pool.stop();
    pool = null;
    setRunning(false);
  }
  save();
  render();
}

function stop() {
  if (!pool) return;
  signal.stopped = true;
  pool.stop();
}

function setRunning(on) {
  $('#start').disabled = on;
  $('#stop').disabled = !on;
  for (const el of form.querySelectorAll('fieldset')) el.disabled = on;
  if (on) $('#stop').focus();
  else if (document.activeElement === $('#stop') || !document.activeElement || document.activeElement === document.body)
    $('#start').focus();
}

// ---- drawing ----
function variantName(cell) {
  if (cell.game === 'zola') return t('size_n', { n: cell.size });
  return t(`rows_${new Intl.PluralRules(words.lang).select(cell.rows)}`, { n: cell.rows });
}
function render() {
  const results = $('#results');
  const has = current?.totals?.some((x) => x.games > 0);
  $('#csv').disabled = !has || current.state === 'running';
  $('#json').disabled = !has || current.state === 'running';
  if (!current) {
    status.textContent = t('status_idle');
    results.hidden = true;
    return;
  }
  if (current.state !== 'running') {
    bar.value = current.total ? current.done / current.total : 0;
    const vars = {
      done: nf().format(current.done),
      total: nf().format(current.total),
      time: duration(current.ms),
      message: current.error ?? '',
      when: new Date(current.when).toLocaleString(words.lang),
    };
    const key = current.state === 'stopped' && !current.done ? 'status_stoppedEmpty' : `status_${current.state}`;
    status.textContent = t(current.restored ? 'status_restored' : key, vars);
  }
  results.hidden = !has;
  if (!has) return;
  const { run, cells: list, totals } = current;
  const first = list[0];
  const game =
    first.game === 'zola'
      ? t('zola_variant', { pie: first.pie ? t('with_pie') : '' })
      : t('jokerball_variant', {
          rules: t(first.rules === 'classic' ? 'rulesClassic' : 'rules2025'),
          side: first.side,
        });
  $('#what').textContent = t('what', {
    game,
    variants: list.map(variantName).join(', '),
    a: t(run.a),
    b: t(run.b),
    games: nf().format(list[0].games),
    seed: run.seed || '–',
  });
  const width = Math.max(300, Math.min(720, $('#results').clientWidth || 640));
  const cats = list.map(variantName);
  const sums = totals.map((x) => (x ? summary(x) : null));
  const show = (id, svg) => ($(id).innerHTML = svg);
  show(
    '#chart-skill',
    shareChart({
      title: t('chart_skill'),
      desc: t('chart_desc'),
      categories: cats,
      series: [''],
      values: [sums.map((s) => s?.skill)],
      yLabel: t('share'),
      width,
    }),
  );
  show(
    '#chart-first',
    shareChart({
      title: t('chart_first'),
      desc: t('chart_desc'),
      categories: cats,
      series: [''],
      values: [sums.map((s) => s?.first)],
      yLabel: t('share'),
      width,
    }),
  );
  // A player who wins nearly every game holds the first player's share near 50% (A and B exchange colours
  // every other game: the first player's share is within min(A's share, B's share) of 50%); said plainly
  const far = sums
    .filter(Boolean)
    .reduce((a, s) => (Math.abs(s.skill.p - 0.5) > Math.abs(a - 0.5) ? s.skill.p : a), 0.5);
  const note = $('#first-note');
  note.hidden = Math.min(far, 1 - far) >= 0.1;
  note.textContent = t('first_lopsided', { share: pct(far) });
  show(
    '#chart-lengths',
    lengthChart({
      title: t('chart_lengths'),
      desc: t('lengths_desc'),
      series: list.map((_, i) => ({ name: cats[i], lengths: totals[i]?.lengths ?? [] })),
      xLabel: t(first.game === 'zola' ? 'moves' : 'turns'),
      width,
    }),
  );
  const table = $('#table');
  const head = ['col_variant', 'col_games', 'col_a', 'col_first', 'col_length']
    .map((k) => `<th scope="col">${t(k)}</th>`)
    .join('');
  const body = list
    .map((_, i) => {
      const s = sums[i];
      if (!s) return '';
      const iv = (x) => `${pct(x.p)} (${pct(x.lo)}–${pct(x.hi)})`;
      const len = Number.isFinite(s.length.mean)
        ? `${nf().format(Math.round(s.length.mean * 10) / 10)}, ${s.length.median}`
        : '–';
      return `<tr><th scope="row">${cats[i]}</th><td>${nf().format(s.games)}</td><td>${iv(s.skill)}</td><td>${iv(s.first)}</td><td>${len}</td></tr>`;
    })
    .join('');
  table.innerHTML = `<thead><tr>${head}</tr></thead><tbody>${body}</tbody>`;
}

// ---- export ----
function download(name, type, text) {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([text], { type }));
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}
const fileName = (ext) => `steere-lab-${current.cells[0].game}-${current.run.seed || 'unseeded'}.${ext}`;
$('#csv').addEventListener('click', () =>
  download(fileName('csv'), 'text/csv', toCSV(rows(current.cells, current.totals))),
);
$('#json').addEventListener('click', () =>
  download(
    fileName('json'),
    'application/json',
    JSON.stringify(toJSON(current.run, current.cells, current.totals), null, 1),
  ),
);

// ---- start ----
form.addEventListener('submit', start);
$('#stop').addEventListener('click', stop);
$('#language').addEventListener('change', (e) => {
  rememberLanguage(e.target.value);
  applyLanguage(e.target.value);
});
let resizeTimer;
addEventListener('resize', () => {
  clearTimeout(resizeTimer);
  resizeTimer = setTimeout(render, 150);
});
try {
  const saved = JSON.parse(localStorage.getItem(KEY) ?? 'null');
  if (saved?.cells?.length && saved.totals?.length)
    current = { ...saved, state: saved.state === 'running' ? 'stopped' : saved.state, restored: true };
} catch {
  current = null;
}
fillForm(current?.run ?? DEFAULT_RUN);
applyLanguage(chooseLanguage(new URLSearchParams(location.search).get('lang')));
if ('serviceWorker' in navigator && location.protocol.startsWith('http'))
  navigator.serviceWorker.register('../sw.js').catch(() => {});
