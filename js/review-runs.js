// Bot.reviewRuns and Bot.joinReviews (docs/api.md, "Spreading a review"): a lone Jokerball game's review
// cut into runs of turns that several workers review at once, and the runs' reviews joined into the
// game's. Appended to the package's glue by scripts/finish-pkg.mjs, where `Jokerball` and `Bot` are the
// glue's classes and `CodedError` the package's SteereError.

/**
 * A lone Jokerball game cut into `n` runs of turns, each `{ from, state }`: `from` the records before the
 * run, `state` (toJSON's form) a game started at the position before the run and played to the run's end.
 * Null when the game cannot be cut: not a Jokerball game, fewer than two runs of turns, or a game that did
 * not start from its setup's position.
 */
function reviewRuns(game, n) {
  if (!(game instanceof Jokerball) || !(n >= 2)) return null;
  const state = game.toJSON();
  const h = state.history;
  const options = { rules: state.rules, size: state.size, first: game.view().log[0]?.player };
  const at = (k) => {
    if (k === h.length) return state;
    const g = Jokerball.replay(h.slice(0, k), options);
    try {
      return g.toJSON();
    } finally {
      g.free();
    }
  };
  if (h.length < n || !options.first || at(0).start !== state.start) return null;
  const cuts = Array.from({ length: n + 1 }, (_, i) => Math.round((i * h.length) / n));
  const states = cuts.map(at);
  // a run is a game of its own: the record's annotations (numbered by the whole game's lines) stay out
  const run = ({ annotations, ...s }) => s;
  return cuts.slice(0, -1).map((from, i) => ({
    from,
    state: { ...run(states[i + 1]), start: states[i].position, history: h.slice(from, cuts[i + 1]) },
  }));
}

/**
 * The reviews of a game's runs (in the order of `runs`) joined into the game's review: entries renumbered,
 * each player's totals summed, and errorRate, rating and adjusted made of the sums as bot.review makes them.
 */
function joinReviews(reviews, runs) {
  const ok = (r) => Array.isArray(r?.turns) && typeof r.red === 'object' && typeof r.blue === 'object';
  if (
    !Array.isArray(reviews) ||
    !Array.isArray(runs) ||
    !reviews.length ||
    reviews.length !== runs.length ||
    !reviews.every(ok) ||
    !runs.every((r) => Number.isInteger(r?.from))
  ) {
    throw new CodedError(
      'invalid_option',
      'joinReviews takes the reviews of the runs of Bot.reviewRuns, one for each run, in their order',
    );
  }
  const turns = reviews.flatMap((r, i) => r.turns.map((e) => ({ ...e, index: e.index + runs[i].from })));
  const [red, blue] = ['red', 'blue'].map((p) => {
    const s = {};
    for (const k in reviews[0][p]) s[k] = reviews.reduce((a, r) => a + r[p][k], 0);
    const n = s.moves + s.cubes;
    s.errorRate = n && (s.error + s.cubeError) / n;
    s.rating = 500 * s.errorRate;
    return s;
  });
  red.adjusted = red.wins - red.luck + blue.luck;
  blue.adjusted = blue.wins - blue.luck + red.luck;
  return { turns, red, blue, games: [{ red, blue }] };
}

Object.assign(Bot, { reviewRuns, joinReviews });
