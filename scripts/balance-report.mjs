// Writes docs/balance.md and its figures (docs/balance/*.svg) from the totals `make balance` played
// (docs/balance.json): the statistics of www/lab/core.js, the charts of www/lab/charts.js, and the answer
// to the designer's claim worked out from the numbers (nothing in the text is decided beforehand).
import { writeFileSync, mkdirSync } from 'node:fs';
import { summary, variantKey, enough, halfWidth, RULES } from '../www/lab/core.js';
import { shareChart, lengthChart } from '../www/lab/charts.js';

const Z = 1.959964;
const pc = (x, d = 1) => (Number.isFinite(x) ? `${(100 * x).toFixed(d)}%` : '–');
const ci = (s) => (Number.isFinite(s.p) ? `${pc(s.p)} (${pc(s.lo)}–${pc(s.hi)})` : '–');
// A table's cells for a measured cell `x` (or none): the first player's share, the length, the skill.
const firstText = (x) => (x ? ci(x.s.first) : '–');
const lengthText = (x) => (x ? `${x.s.length.mean.toFixed(1)}, ${x.s.length.median}` : '–');
const skillText = (x) => (x ? `${ci(x.s.skill)}, ${x.s.games} games` : 'not measured');
// The players of a table row's three columns: random games, `easy` against random, `medium` against `easy`.
const ROW_PLAYERS = [
  ['random', 'random'],
  ['easy', 'random'],
  ['medium', 'easy'],
];

/** Every measured cell of the run: `{ cell, totals, s }` with its summary. */
function measured(data) {
  return data.phases.flatMap((ph) =>
    ph.cells.map((cell, i) => ({ cell, totals: ph.totals[i], s: summary(ph.totals[i]) })),
  );
}

/** The cell of a variant and pairing, if it was played. */
function find(all, pick) {
  return all.find((m) => pick(m.cell) && m.totals?.games > 0) ?? null;
}

/**
 * The trend of a share over rows, by weighted least squares (weights: 1 / the binomial variance of each
 * cell): the slope per row with its 95% interval, and the difference between the most and the fewest
 * rows with its own.
 */
function trend(points) {
  const pts = points.filter((q) => q && q.n > 0 && Number.isFinite(q.p));
  if (pts.length < 2) return null;
  const w = pts.map((q) => q.n / Math.max(q.p * (1 - q.p), 0.01));
  const sw = w.reduce((a, b) => a + b, 0);
  const mx = pts.reduce((a, q, i) => a + w[i] * q.x, 0) / sw;
  const my = pts.reduce((a, q, i) => a + w[i] * q.p, 0) / sw;
  const sxx = pts.reduce((a, q, i) => a + w[i] * (q.x - mx) ** 2, 0);
  const slope = pts.reduce((a, q, i) => a + w[i] * (q.x - mx) * (q.p - my), 0) / sxx;
  const se = Math.sqrt(1 / sxx);
  const first = pts[0];
  const last = pts[pts.length - 1];
  const diff = last.p - first.p;
  const dse = Math.sqrt((first.p * (1 - first.p)) / first.n + (last.p * (1 - last.p)) / last.n);
  const best = pts.reduce((a, q) => (q.p > a.p ? q : a));
  return {
    slope,
    lo: slope - Z * se,
    hi: slope + Z * se,
    diff,
    dlo: diff - Z * dse,
    dhi: diff + Z * dse,
    first,
    last,
    best,
    pts,
  };
}

function verdictOf(t) {
  if (!t) return 'not measured';
  if (t.lo > 0) return 'holds';
  if (t.hi < 0) return 'reversed';
  return 'not shown';
}

const PAIRS = [
  ['easy', 'random', '`easy` against random'],
  ['medium', 'easy', '`medium` against `easy`'],
];

export function writeReport(data, root) {
  const dir = new URL('docs/balance/', root);
  mkdirSync(dir, { recursive: true });
  const all = measured(data);
  const svg = (name, text) => {
    writeFileSync(new URL(name, dir), `${text}\n`);
    return `balance/${name}`;
  };
  // A chart of shares (bars from 50%, whiskers the 95% interval) written to `name`.
  const shares = (name, title, yLabel, categories, seriesNames, values) =>
    svg(
      name,
      shareChart({
        title,
        desc: 'Bars from 50% to the share, whiskers the 95% interval.',
        categories,
        series: seriesNames,
        values,
        yLabel,
      }),
    );
  const md = [];
  const cut = [];
  const wide = [];
  for (const m of all) {
    if (m.cell.a === 'random') continue;
    const done = m.totals && (m.totals.games >= m.cell.games || enough(m.cell, m.totals));
    if (!done) cut.push(m);
    else if (halfWidth(m.s.skill) > (m.cell.within ?? 0.03)) wide.push(m);
  }

  // Jokerball: the trends.
  const series = [];
  for (const rules of ['2025', 'classic']) {
    for (const side of [4, 6]) {
      for (const [a, b, name] of PAIRS) {
        const pts = [];
        for (let rows = 1; rows < side; rows++) {
          const m = find(
            all,
            (c) =>
              c.game === 'jokerball' &&
              c.rules === rules &&
              c.side === side &&
              c.rows === rows &&
              c.a === a &&
              c.b === b,
          );
          pts.push(
            m ? { x: rows, p: m.s.skill.p, n: m.s.finished, cut: cut.includes(m), games: m.totals.games } : null,
          );
        }
        const t = trend(pts);
        series.push({ rules, side, a, b, name, t, verdict: verdictOf(t), complete: pts.every(Boolean) });
      }
    }
  }
  const count = (v) => series.filter((s) => s.verdict === v);
  const describe = (s) => `${RULES[s.rules]} side ${s.side}, ${s.name}`;
  const slopeText = (t) =>
    `${t.slope >= 0 ? '+' : ''}${(100 * t.slope).toFixed(2)} points a row (95% interval ${(100 * t.lo).toFixed(2)} to ${(100 * t.hi).toFixed(2)})`;

  md.push('# Balance: does a fuller board reward skill more?');
  md.push('');
  md.push(
    'Mark Steere\'s 2025 rules of Jokerball say: "Optionally, more or less rows can be filled. Alternatively, a size 4 board can be used. ' +
      'The more initial men for a given board size, the higher the ratio of skill to luck." This page measures that claim with the engine\'s ' +
      "own players, and the first player's advantage and the length of the games of every variant, for Jokerball (both rule sets) and Zola. " +
      'It is written by `make balance` (scripts/balance.mjs) from the same code as the balance lab (www/lab/): the same cells, chunks, ' +
      'seeds and statistics (www/lab/core.js) and the same charts (www/lab/charts.js).',
  );
  md.push('');
  md.push('## The answer');
  md.push('');
  const holds = count('holds');
  const reversed = count('reversed');
  const unshown = count('not shown');
  const unmeasured = count('not measured');
  const measuredSeries = series.length - unmeasured.length;
  let answer;
  if (measuredSeries === 0) answer = 'Nothing was measured: the claim is neither supported nor refuted here.';
  else if (holds.length === measuredSeries)
    answer = `**The claim holds** in every series measured (${measuredSeries}): the stronger player's share of the wins grows with the rows filled.`;
  else if (reversed.length === measuredSeries)
    answer = `**The claim is reversed** in every series measured (${measuredSeries}): the stronger player's share of the wins falls as rows are added.`;
  else if (holds.length === 0 && reversed.length === 0)
    answer = `**The claim is not shown**: in none of the ${measuredSeries} series measured does the stronger player's share change with the rows beyond chance.`;
  else
    answer =
      `**The claim holds only in part.** Of the ${measuredSeries} series measured (rule set × side × skill gap), the stronger player's share ` +
      `of the wins grows with the rows in ${holds.length}, falls in ${reversed.length}, and shows no trend beyond chance in ${unshown.length}.`;
  md.push(answer);
  md.push('');
  for (const s of series) {
    if (!s.t) {
      md.push(`- ${describe(s)}: not measured (cut for time, below).`);
      continue;
    }
    const { first, last, best } = s.t;
    let line = `- ${describe(s)}: **${s.verdict}**: ${pc(first.p)} with 1 row, ${pc(last.p)} with ${last.x} rows; trend ${slopeText(s.t)}.`;
    if (best.x !== last.x && best.x !== first.x) {
      const dse = Math.sqrt((best.p * (1 - best.p)) / best.n + (last.p * (1 - last.p)) / last.n);
      const sure = best.p - last.p - Z * dse > 0;
      line += ` The highest share is at ${best.x} rows (${pc(best.p)})${sure ? ', above the fullest board beyond chance' : ''}.`;
    }
    if (!s.complete) line += ' (Some rows were not measured.)';
    const short = s.t.pts.filter((q) => q.cut);
    if (short.length) {
      const most = Math.max(...short.map((q) => q.games));
      line += ` Cut for time: at most ${most} games in ${short.length} of its rows, so their intervals are wider than planned.`;
    }
    md.push(line);
  }
  md.push('');
  const botCells = all.filter((m) => m.cell.a !== 'random' && m.totals?.games > 0);
  const fewest = Math.min(...botCells.map((m) => m.s.finished));
  const widest = Math.max(...botCells.map((m) => halfWidth(m.s.skill)));
  md.push(
    `How sure: every skill share above is of ${fewest.toLocaleString('en-US')} finished games or more, with its 95% Wilson interval ` +
      `(the widest ±${(100 * widest).toFixed(1)} points; each cell played until its interval was within ±${(100 * (data.within ?? 0.03)).toFixed(0)}, below); ` +
      'a trend is "holds" or "reversed" only when the 95% interval of its slope ' +
      '(weighted least squares over the rows) excludes zero, "not shown" otherwise. The intervals are binomial, which is conservative here: ' +
      'the two games of a pair share their dice with the colours exchanged, which cancels part of the luck.',
  );
  const ceiling = botCells.filter((m) => m.cell.game === 'jokerball' && m.s.skill.p > 0.97);
  if (ceiling.length) {
    md.push('');
    md.push(
      `A caution on \`easy\` against random: in ${ceiling.length} of its Jokerball cells the stronger player already wins more than 97% of the games, ` +
        'so the share has little room left to grow with the rows (a ceiling); the narrower gap, `medium` against `easy`, is the more sensitive test ' +
        'where it was measured.' +
        (series.some((s) => s.a === 'easy' && s.verdict === 'not shown')
          ? ' Those lopsided cells stop at the fewest games (their interval is within ±3 points at once), so a "not shown" among the `easy` ' +
            'series says the share is at the ceiling, not that skill counts less.'
          : ''),
    );
  }
  const firsts = all.filter((m) => m.cell.game === 'jokerball' && m.cell.a === 'random' && m.totals?.games > 0);
  if (firsts.length) {
    const off = firsts.filter((m) => m.s.first.lo > 0.5 || m.s.first.hi < 0.5);
    const far = firsts.reduce((a, m) => (Math.abs(m.s.first.p - 0.5) > Math.abs(a.s.first.p - 0.5) ? m : a));
    md.push('');
    md.push(
      `The first move in Jokerball: between random players the first player's share differs from 50% beyond chance in ${off.length} of ` +
        `${firsts.length} variants${off.length ? ` (${off.map((m) => `${variantKey(m.cell)}: ${pc(m.s.first.p)}`).join(', ')})` : ''}; ` +
        `the farthest from 50% is ${variantKey(far.cell)} at ${ci(far.s.first)}.`,
    );
  }
  const zm = all.filter((m) => m.cell.game === 'zola' && m.cell.a === 'medium' && m.totals?.games > 0);
  if (zm.length) {
    const lo = zm.reduce((a, m) => (m.s.skill.p < a.s.skill.p ? m : a));
    const hi = zm.reduce((a, m) => (m.s.skill.p > a.s.skill.p ? m : a));
    md.push('');
    md.push(
      `Zola, \`medium\` against \`easy\` on varied openings: the stronger player wins ${pc(lo.s.skill.p)} (${variantKey(lo.cell)}) to ` +
        `${pc(hi.s.skill.p)} (${variantKey(hi.cell)}) of the games: in Zola the better bot nearly always wins, with or without the pie rule, ` +
        'so there is little luck to measure (the Zola table below).',
    );
  }
  const zr = (pie) =>
    all.filter((m) => m.cell.game === 'zola' && m.cell.pie === pie && m.cell.a === 'random' && m.totals?.games > 0);
  if (zr(false).length) {
    md.push('');
    md.push(
      `The first move in Zola, random players: ${zr(false)
        .map((m) => `${m.cell.size}×${m.cell.size} ${ci(m.s.first)}`)
        .join(', ')} without the pie rule; ` +
        `${zr(true)
          .map((m) => `${m.cell.size}×${m.cell.size} ${ci(m.s.first)}`)
          .join(', ')} with it (random second players seldom swap, so the pie ` +
        "rule only matters between players who choose; see the bots' games below).",
    );
  }
  md.push('');

  md.push('## How it was measured');
  md.push('');
  md.push(
    '- **Skill share**: two players A and B (the stronger first) play each other with `simulate({ alternate: true })`: they exchange colours ' +
      'every other game and the two games of each pair are played on the same dice, so each has each colour and the first move in half the ' +
      "games. The skill share is A's share of the finished games. With no luck at all the stronger player would win (nearly) every game; " +
      'with luck only, half. Two gaps of skill: `easy` against random, and `medium` against `easy`.',
  );
  md.push(
    "- **First player's advantage**: the share of the finished games won by whoever made the first move (in the same games, and in games of two random players).",
  );
  md.push(
    "- **Lengths**: Jokerball turns, or Zola moves (passes and the pie rule's swap not counted), of the finished games.",
  );
  if (data.within) {
    md.push(
      `- **Games where they are needed**: a bot cell plays chunks of games (4 for \`medium\`, 20 for \`easy\` against random) until the ` +
        `95% Wilson interval of the stronger player's share is within ±${(100 * data.within).toFixed(0)} points, with at least ${data.minGames} ` +
        `and at most ${data.botGames} games: a lopsided cell (95-100%) stops at ${data.minGames}, a close one plays about 1,000 (1,068 at a share ` +
        "of 50%). The check is made after each chunk in the chunks' order, whatever order the workers finished them in, and the cell keeps the " +
        'first chunks that satisfied it (chunks already under way then are not counted), so the same seed gives the same numbers on any number ' +
        "of workers. The intervals in the tables are those same Wilson intervals. The rule looks only at the interval's width, which " +
        'depends on the share only through p(1 - p), never at whether the share looks high or low, so the intervals keep close to their 95% ' +
        '(a fixed-width sequential interval, as Chow and Robbins showed for large counts). The ±3 target is for the skill shares; the first ' +
        "player's share in the bot cells has the intervals its games give (about ±7 points at 200 games).",
    );
  }
  if (data.opening) {
    md.push(
      `- **Zola's openings**: Zola has no dice, and two bots that meet with the same colours play the same game again. So in Zola's bot cells ` +
        `the first ${data.opening} moves of each game are random (\`simulate({ opening: ${data.opening} })\`), the same moves for both games of a ` +
        "pair, and the bots play from there: the shares are over varied openings, as the dice vary Jokerball's games. With the pie rule the " +
        "second player still chooses whether to swap after the (random) first move. The opening's moves count in the lengths.",
    );
  }
  const cpu = Number.isFinite(data.cpuSeconds) ? data.cpuSeconds : NaN;
  md.push(
    `- This run: seed \`${data.seed}\`, ${data.workers} worker threads on a machine of ${data.cpus} cores (${data.cpu || 'unknown CPU'}) shared with other work, ` +
      `run under \`nice\`: ${Number.isFinite(data.seconds) ? `${(data.seconds / 60).toFixed(1)} minutes of wall time` : 'still running'}` +
      (Number.isFinite(cpu)
        ? `, ${(cpu / 60).toFixed(1)} minutes of CPU time (the worker threads, nearly all of it): **about ${(cpu / 120).toFixed(0)} minutes on two idle cores**`
        : '') +
      (data.load
        ? `; the machine's load average (1 minute) was ${data.load.min.toFixed(1)} to ${data.load.max.toFixed(1)} during the run (mean ${data.load.mean.toFixed(1)}), on ${data.cpus} cores`
        : '') +
      (Number.isFinite(data.minutes)
        ? `; with a time limit of ${data.minutes} minutes (\`BALANCE_MINUTES\`)${data.stoppedByTime ? '' : ', not reached'}`
        : '') +
      '.',
  );
  const phases = (data.phases ?? []).filter((ph) => Number.isFinite(ph.cpuSeconds));
  if (phases.length) {
    md.push('');
    md.push('| phase | games | CPU minutes | wall minutes |');
    md.push('|---|---|---|---|');
    for (const ph of phases) {
      const games = ph.totals.reduce((s, t) => s + (t?.games ?? 0), 0);
      md.push(
        `| ${ph.name} | ${games.toLocaleString('en-US')}${ph.wasted ? ` (+${ph.wasted} not counted)` : ''} | ${(ph.cpuSeconds / 60).toFixed(1)} | ${(ph.seconds / 60).toFixed(1)} |`,
      );
    }
  }
  md.push('');
  if (cut.length || wide.length) {
    md.push('### What was cut');
    md.push('');
    if (cut.length) {
      const timed = all
        .filter((m) => m.cell.a === 'medium' && m.totals?.games > 0)
        .map((m) => m.totals.ms / m.totals.games / 1000);
      const span = timed.length ? `${Math.min(...timed).toFixed(2)} to ${Math.max(...timed).toFixed(2)} s` : 'seconds';
      md.push(
        `Games of \`medium\` against \`easy\` took ${span} each during this run (wall time of a worker on the shared machine), so the plan ` +
          'was played cheapest first under the time limit, and these cells stopped before their interval was within ±3 points (the tables give each count):',
      );
      md.push('');
      for (const m of cut)
        md.push(
          `- ${variantKey(m.cell)}, ${m.cell.a} against ${m.cell.b}: ${m.totals?.games ?? 0} games${m.totals?.games ? `, ±${(100 * halfWidth(m.s.skill)).toFixed(1)} points` : ''}`,
        );
      md.push('');
    }
    if (wide.length) {
      md.push(
        `These cells played their most games (${data.botGames}) but their interval is still wider than ±3 points:`,
      );
      md.push('');
      for (const m of wide)
        md.push(
          `- ${variantKey(m.cell)}, ${m.cell.a} against ${m.cell.b}: ±${(100 * halfWidth(m.s.skill)).toFixed(1)} points`,
        );
      md.push('');
    }
  }

  // Jokerball tables and figures.
  md.push('## Jokerball');
  md.push('');
  for (const side of [4, 6]) {
    const cats = Array.from({ length: side - 1 }, (_, i) => `${i + 1} row${i ? 's' : ''}`);
    const cellOf = (rules, rows, a, b) =>
      find(
        all,
        (c) =>
          c.game === 'jokerball' && c.rules === rules && c.side === side && c.rows === rows && c.a === a && c.b === b,
      );
    // one chart of a share of the wins by rows filled (`key`: the stronger player's, skill, or the first
    // player's, first), a line for each pair of players and rules
    const sharesChart = (key, whose, pairs) => {
      const series = [];
      const values = [];
      for (const [a, b, name] of pairs) {
        for (const rules of ['2025', 'classic']) {
          series.push(`${RULES[rules]}, ${name.replaceAll('`', '')}`);
          values.push(cats.map((_, r) => cellOf(rules, r + 1, a, b)?.s[key] ?? null));
        }
      }
      return shares(
        `jokerball-${side}-${key}.svg`,
        `Jokerball side ${side}: the ${whose} share of the wins, by rows filled`,
        `${whose} share of the wins`,
        cats,
        series,
        values,
      );
    };
    const skill = sharesChart('skill', "stronger player's", PAIRS);
    const first = sharesChart('first', "first player's", [['random', 'random', 'random against random'], ...PAIRS]);
    md.push(`### Side ${side}`);
    md.push('');
    md.push(`![The stronger player's share of the wins on side ${side}](${skill})`);
    md.push('');
    md.push(`![The first player's share of the wins on side ${side}](${first})`);
    md.push('');
    for (const rules of ['2025', 'classic']) {
      const lengths = svg(
        `jokerball-${rules}-${side}-lengths.svg`,
        lengthChart({
          title: `Jokerball ${RULES[rules]} side ${side}: lengths of random games, by rows filled`,
          desc: 'Share of the games of each length (turns), one line per number of rows.',
          series: cats.map((cat, r) => ({
            name: cat,
            lengths: cellOf(rules, r + 1, 'random', 'random')?.totals.lengths ?? [],
          })),
          xLabel: 'turns',
        }),
      );
      md.push(`#### Rules ${RULES[rules]}, side ${side}`);
      md.push('');
      md.push(
        '| rows | first player, random games | length (mean, median) random | easy vs random | first player | length | medium vs easy | first player | length |',
      );
      md.push('|---|---|---|---|---|---|---|---|---|');
      for (let rows = 1; rows < side; rows++) {
        const [r, e, m] = ROW_PLAYERS.map(([a, b]) => cellOf(rules, rows, a, b));
        md.push(
          `| ${rows} | ${firstText(r)} | ${lengthText(r)} | ${skillText(e)} | ${firstText(e)} | ${lengthText(e)} | ${skillText(m)} | ${firstText(m)} | ${lengthText(m)} |`,
        );
      }
      md.push('');
      md.push(`![Lengths of random games, ${RULES[rules]} side ${side}](${lengths})`);
      md.push('');
    }
  }

  // Zola.
  md.push('## Zola');
  md.push('');
  const zcell = (size, pie, a, b) =>
    find(all, (c) => c.game === 'zola' && c.size === size && c.pie === pie && c.a === a && c.b === b);
  const sizes = [6, 8, 10];
  const zcats = sizes.map((s) => `${s}×${s}`);
  const zFirstSeries = [];
  const zFirstValues = [];
  for (const [a, b, name] of [['random', 'random', 'random against random'], ...PAIRS]) {
    for (const pie of [false, true]) {
      zFirstSeries.push(`${pie ? 'pie' : 'no pie'}, ${name.replaceAll('`', '')}`);
      zFirstValues.push(sizes.map((s) => zcell(s, pie, a, b)?.s.first ?? null));
    }
  }
  const zSkillSeries = [];
  const zSkillValues = [];
  for (const [a, b, name] of PAIRS) {
    for (const pie of [false, true]) {
      zSkillSeries.push(`${pie ? 'pie' : 'no pie'}, ${name.replaceAll('`', '')}`);
      zSkillValues.push(sizes.map((s) => zcell(s, pie, a, b)?.s.skill ?? null));
    }
  }
  const zf = shares(
    'zola-first.svg',
    "Zola: the first player's share of the wins, by size, with and without the pie rule",
    "first player's share of the wins",
    zcats,
    zFirstSeries,
    zFirstValues,
  );
  const zs = shares(
    'zola-skill.svg',
    "Zola: the stronger player's share of the wins, by size, with and without the pie rule",
    "stronger player's share of the wins",
    zcats,
    zSkillSeries,
    zSkillValues,
  );
  const zl = svg(
    'zola-lengths.svg',
    lengthChart({
      title: 'Zola: lengths of the games of medium against easy, by size (without the pie rule)',
      desc: 'Share of the games of each length (moves), one line per size.',
      series: sizes.map((s, i) => ({
        name: zcats[i],
        lengths:
          zcell(s, false, 'medium', 'easy')?.totals.lengths ??
          zcell(s, false, 'random', 'random')?.totals.lengths ??
          [],
      })),
      xLabel: 'moves',
    }),
  );
  md.push(
    "With the pie rule the second player may answer the first move by taking it over (`swap`); the first player's share is then the share won " +
      'by whoever made the first move, whichever colour they ended with. A random player swaps as it picks any move (uniformly); the bots swap when ' +
      'the first move leaves the better game.',
  );
  md.push('');
  const repeated = all.filter(
    (m) =>
      m.cell.game === 'zola' &&
      m.cell.a !== 'random' &&
      m.cell.b !== 'random' &&
      m.totals?.games > 0 &&
      m.totals.lengths.filter((n) => n > 0).length <= 2,
  );
  if (repeated.length) {
    md.push('');
    md.push(
      `**Caution: Zola has no dice.** In ${repeated.map((m) => variantKey(m.cell)).join(', ')}, \`medium\` against \`easy\` ended after at most ` +
        'two distinct lengths over all its games: the two bots played the same game again each time they met with the same colours, whatever ' +
        'their seeds, so those games are two games repeated, and their shares say who wins those two, not a rate with an interval.',
    );
  }
  md.push('');
  md.push(`![The first player's share of the wins in Zola](${zf})`);
  md.push('');
  md.push(`![The stronger player's share of the wins in Zola](${zs})`);
  md.push('');
  md.push(
    '| size | pie | first player, random games | length random | easy vs random | medium vs easy | first player, medium vs easy | length medium vs easy |',
  );
  md.push('|---|---|---|---|---|---|---|---|');
  for (const size of sizes) {
    for (const pie of [false, true]) {
      const [r, e, m] = ROW_PLAYERS.map(([a, b]) => zcell(size, pie, a, b));
      md.push(
        `| ${size}×${size} | ${pie ? 'yes' : 'no'} | ${firstText(r)} | ${lengthText(r)} | ${skillText(e)} | ${skillText(m)} | ${firstText(m)} | ${lengthText(m)} |`,
      );
    }
  }
  md.push('');
  md.push(`![Lengths of Zola games](${zl})`);
  md.push('');
  md.push('## Doing it again');
  md.push('');
  md.push(
    '`make balance` plays the whole plan (random games, then `easy` against random, then `medium` against `easy`, cheapest cells first) on ' +
      'two worker threads and writes this page' +
      (Number.isFinite(cpu)
        ? ` (about ${(cpu / 120).toFixed(0)} minutes on two idle cores, most of it \`medium\`)`
        : '') +
      '; `BALANCE_MINUTES` sets an optional time limit (no more games are handed out after it, and the page says what was cut), ' +
      '`BALANCE_WORKERS`, `BALANCE_GAMES` (the most games of a bot cell), `BALANCE_MIN` (the fewest) ' +
      'and `BALANCE_SEED` change the rest; `node scripts/balance.mjs --report` writes the page again from docs/balance.json. The same seed gives ' +
      'the same totals on any number of workers. The lab page (www/lab/) measures any one variant or sweep in the browser.',
  );
  md.push('');
  writeFileSync(new URL('docs/balance.md', root), md.join('\n'));
  return { series, cut, wide };
}
