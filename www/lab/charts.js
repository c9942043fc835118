// The balance lab's charts as SVG text, shared by the lab page (www/lab/lab.js) and `make balance`
// (scripts/balance-report.mjs): a chart of shares with their 95% intervals, and a histogram of game
// lengths. Each chart is an <svg role="img"> with a <title> and a <desc>; what it draws carries its
// numbers (data-*), and its scale is on the <svg> (data-ymin, data-ymax, data-top, data-bottom), so a
// test can check what is drawn against the numbers it was drawn from.

/** Series colours (distinct in colour and lightness, readable on white). */
export const COLOURS = ['#1f5fa8', '#c4561b', '#23825a', '#7b3f98', '#8a6d00', '#b0305a'];

const esc = (s) =>
  String(s).replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
const f = (x) => Number(x.toFixed(2));
const pct = (x) => `${(100 * x).toFixed(x > 0.001 && x < 0.999 ? 1 : 0)}%`;

/** The frame of a chart: <svg> with its title and description. */
function frame(width, height, title, desc, body, scale = '') {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" ` +
    `role="img" font-family="system-ui, sans-serif" font-size="12"${scale}>` +
    `<title>${esc(title)}</title><desc>${esc(desc)}</desc>` +
    `<rect width="${width}" height="${height}" fill="#fff"/>${body}</svg>`
  );
}

/** Nice steps for an axis over `span`. */
function step(span, most) {
  for (const s of [0.01, 0.02, 0.05, 0.1, 0.2, 0.25, 0.5, 1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000])
    if (span / s <= most) return s;
  return span / most;
}

/** The legend of `names` in a row (wrapping) from (x, y); returns [markup, height used]. */
function legend(names, x, y, width) {
  let out = '';
  let cx = x;
  let cy = y;
  for (const [i, name] of names.entries()) {
    const w = 22 + 7 * String(name).length;
    if (cx + w > x + width && cx > x) {
      cx = x;
      cy += 18;
    }
    out += `<rect x="${cx}" y="${cy - 10}" width="12" height="12" fill="${COLOURS[i % COLOURS.length]}"/>`;
    out += `<text x="${cx + 16}" y="${cy}">${esc(name)}</text>`;
    cx += w;
  }
  return [out, cy - y + 18];
}

/**
 * Shares with their 95% intervals: for each category (a variant) a bar per series, drawn from the
 * reference share `ref` (even: 50%) to the share, with the interval as a whisker. `values[s][c]` is
 * `{ p, lo, hi }` or null (not measured).
 */
export function shareChart({
  title,
  desc,
  categories,
  series,
  values,
  ref = 0.5,
  yLabel = '',
  width = 640,
  height = 300,
}) {
  const known = values.flat().filter((v) => v && Number.isFinite(v.p));
  let ymin = Math.min(ref, ...known.map((v) => v.lo));
  let ymax = Math.max(ref, ...known.map((v) => v.hi));
  const pad = Math.max(0.02, (ymax - ymin) * 0.08);
  const ys = step(ymax - ymin + 2 * pad, 6);
  ymin = Math.max(0, Math.floor((ymin - pad) / ys) * ys);
  ymax = Math.min(1, Math.ceil((ymax + pad) / ys) * ys);
  const left = 48;
  const right = 8;
  const top = 12;
  const [leg, legH] = series.length > 1 ? legend(series, left, height + 8, width - left - right) : ['', 0];
  const h = height + legH;
  const bottom = height - 40;
  const y = (v) => f(top + ((ymax - v) / (ymax - ymin)) * (bottom - top));
  let body = '';
  for (let v = ymin; v <= ymax + 1e-9; v += ys) {
    body += `<line x1="${left}" x2="${width - right}" y1="${y(v)}" y2="${y(v)}" stroke="#e3e3e3"/>`;
    body += `<text x="${left - 4}" y="${y(v) + 4}" text-anchor="end">${pct(v)}</text>`;
  }
  const cw = (width - left - right) / Math.max(1, categories.length);
  const bw = Math.min(28, (cw * 0.8) / Math.max(1, series.length));
  for (const [c, cat] of categories.entries()) {
    const x0 = left + c * cw + (cw - bw * series.length) / 2;
    for (const [s, name] of series.entries()) {
      const v = values[s]?.[c];
      if (!v || !Number.isFinite(v.p)) continue;
      const x = f(x0 + s * bw);
      const colour = COLOURS[s % COLOURS.length];
      const label = `${name ? `${name}, ` : ''}${cat}: ${pct(v.p)} (95% interval ${pct(v.lo)} to ${pct(v.hi)})`;
      body +=
        `<g class="share" data-series="${esc(name)}" data-category="${esc(cat)}" data-p="${v.p}" data-lo="${v.lo}" data-hi="${v.hi}">` +
        `<title>${esc(label)}</title>` +
        `<rect class="bar" x="${x + 2}" y="${Math.min(y(v.p), y(ref))}" width="${f(bw - 4)}" height="${f(Math.abs(y(v.p) - y(ref)))}" fill="${colour}" fill-opacity="0.75"/>` +
        `<line class="ci" x1="${f(x + bw / 2)}" x2="${f(x + bw / 2)}" y1="${y(v.hi)}" y2="${y(v.lo)}" stroke="#111" stroke-width="1.5"/>` +
        `<line x1="${f(x + bw / 2 - 4)}" x2="${f(x + bw / 2 + 4)}" y1="${y(v.hi)}" y2="${y(v.hi)}" stroke="#111"/>` +
        `<line x1="${f(x + bw / 2 - 4)}" x2="${f(x + bw / 2 + 4)}" y1="${y(v.lo)}" y2="${y(v.lo)}" stroke="#111"/></g>`;
    }
    body += `<text x="${f(left + c * cw + cw / 2)}" y="${bottom + 16}" text-anchor="middle">${esc(cat)}</text>`;
  }
  body += `<line class="ref" x1="${left}" x2="${width - right}" y1="${y(ref)}" y2="${y(ref)}" stroke="#555" stroke-dasharray="4 3"/>`;
  body += `<text x="${left}" y="${bottom + 32}">${esc(yLabel)}</text>${leg}`;
  const scale = ` data-ymin="${ymin}" data-ymax="${ymax}" data-top="${top}" data-bottom="${bottom}"`;
  return frame(width, h, title, desc, body, scale);
}

/** Where `q` of the games of a histogram have ended. */
function quantile(lengths, q) {
  const n = lengths.reduce((s, x) => s + x, 0);
  let seen = 0;
  for (let k = 0; k < lengths.length; k++) {
    seen += lengths[k];
    if (seen >= q * n) return k;
  }
  return lengths.length - 1;
}

/**
 * The histograms of game lengths (`series`: `{ name, lengths }`, `lengths[k]` = games of k turns) as the
 * share of each series' games per bin of turns: bars for one series, lines for several. Lengths beyond
 * the 99.5th percentile of the longest series are left out of the x axis (said in the description).
 */
export function lengthChart({ title, desc, series, xLabel = '', width = 640, height = 260 }) {
  const shown = series.filter((s) => s.lengths.some((x) => x > 0));
  const xmax = Math.max(1, ...shown.map((s) => quantile(s.lengths, 0.995) + 1));
  const bin = Math.max(1, Math.ceil(xmax / 60));
  const bins = Math.ceil(xmax / bin);
  const shares = shown.map((s) => {
    const n = s.lengths.reduce((a, x) => a + x, 0);
    const out = new Array(bins).fill(0);
    s.lengths.forEach((x, k) => {
      if (k < bins * bin) out[Math.floor(k / bin)] += x / n;
    });
    return out;
  });
  const ymax = Math.max(0.01, ...shares.flat()) * 1.08;
  const left = 48;
  const right = 8;
  const top = 12;
  const [leg, legH] =
    shown.length > 1
      ? legend(
          shown.map((s) => s.name),
          left,
          height + 8,
          width - left - right,
        )
      : ['', 0];
  const bottom = height - 40;
  const x = (k) => f(left + (k / (bins * bin)) * (width - left - right));
  const y = (v) => f(top + ((ymax - v) / ymax) * (bottom - top));
  let body = '';
  const ys = step(ymax, 5);
  for (let v = 0; v <= ymax + 1e-9; v += ys) {
    body += `<line x1="${left}" x2="${width - right}" y1="${y(v)}" y2="${y(v)}" stroke="#e3e3e3"/>`;
    body += `<text x="${left - 4}" y="${y(v) + 4}" text-anchor="end">${pct(v)}</text>`;
  }
  const xs = step(bins * bin, 8);
  for (let k = 0; k <= bins * bin; k += Math.max(1, Math.round(xs))) {
    body += `<text x="${x(k)}" y="${bottom + 16}" text-anchor="middle">${k}</text>`;
  }
  for (const [s, share] of shares.entries()) {
    const colour = COLOURS[series.indexOf(shown[s]) % COLOURS.length];
    if (shown.length === 1) {
      share.forEach((v, b) => {
        if (!v) return;
        const count = shown[s].lengths.slice(b * bin, (b + 1) * bin).reduce((a, c) => a + c, 0);
        body += `<rect class="hbar" data-from="${b * bin}" data-to="${(b + 1) * bin - 1}" data-count="${count}" x="${x(b * bin)}" y="${y(v)}" width="${f(Math.max(1, x((b + 1) * bin) - x(b * bin) - 1))}" height="${f(y(0) - y(v))}" fill="${colour}" fill-opacity="0.8"><title>${b * bin}–${(b + 1) * bin - 1}: ${count}</title></rect>`;
      });
    } else {
      const pts = share.map((v, b) => `${x(b * bin)},${y(v)} ${x((b + 1) * bin)},${y(v)}`).join(' ');
      body += `<polyline class="hline" data-series="${esc(shown[s].name)}" points="${pts}" fill="none" stroke="${colour}" stroke-width="2"/>`;
    }
  }
  body += `<line x1="${left}" x2="${width - right}" y1="${y(0)}" y2="${y(0)}" stroke="#555"/>`;
  body += `<text x="${left}" y="${bottom + 32}">${esc(xLabel)}</text>${leg}`;
  const scale = ` data-ymin="0" data-ymax="${ymax}" data-top="${top}" data-bottom="${bottom}" data-bin="${bin}"`;
  return frame(width, height + legH, title, desc, body, scale);
}
