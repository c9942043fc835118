// steere-games/boardgameio: Jokerball, Zola and matches as boardgame.io (0.50) games.
//
// G is { state, clock?, away? }: `state` the engine's toJSON({ rng: false }), plain JSON that any storage can
// keep; `clock` the game clock of a timed game (docs/api.md "Clocks": its arithmetic is the Rust core's, fed
// with the server's Date.now()); `away` each seat's time of leaving in a casual game (set by the server, for
// claimWin). Every move
// restores the engine from G, lets it judge and apply the move, and writes the new state; a refused move
// returns INVALID_MOVE and nothing changes. The dice come from boardgame.io's `random` in a move marked
// `client: false`, so they are drawn on the server only. Nothing here imports boardgame.io: a game is plain
// data and functions, and boardgame.io stays a peer dependency of the package.
import {
  Jokerball,
  Zola,
  Match,
  SteereError,
  timeControl,
  clockStart,
  clockSwitch,
  clockFlag,
  clockDeadline,
  checkClock,
} from 'steere-games';

const INVALID_MOVE = 'INVALID_MOVE'; // boardgame.io's constant (core/constants)
const IDS = ['0', '1'];
const ENGINES = { jokerball: Jokerball, zola: Zola, match: Match };

// The options each factory takes (API.md "Online play"): those of the class it plays, minus seed and position.
const OPTIONS = {
  jokerball: ['rules', 'size', 'rows', 'first'],
  zola: ['size', 'pie', 'first'],
  match: ['game', 'length', 'cube', 'first', 'jokerball', 'zola'],
};

// Who may make a move: 'act' the player to act (the engine's player to move, or the one to answer a double),
// 'any' either player (a match's resign and nextGame, RULES 3.5), 'other' the player not to act (claimWin).
// `args` is how many arguments it takes.
const MOVES = {
  claimWin: { who: 'other', args: 0 },
  roll: { who: 'act', args: 0 },
  play: { who: 'act', args: 1 },
  double: { who: 'act', args: 0 },
  take: { who: 'act', args: 0 },
  drop: { who: 'act', args: 0 },
  resign: { who: 'any', args: 0 },
  nextGame: { who: 'any', args: 0 },
};
const MOVES_OF = {
  jokerball: ['roll', 'play', 'claimWin'],
  zola: ['play', 'claimWin'],
  'match:jokerball': ['roll', 'play', 'double', 'take', 'drop', 'resign', 'nextGame', 'claimWin'],
  'match:zola': ['play', 'double', 'take', 'drop', 'resign', 'nextGame', 'claimWin'],
};

// How long the player to act may be without a connection before the other may claim the win (casual games).
const ABANDON_MS = 120000;
const MAX_MS = 2 ** 53 - 1;

// ---------------------------------------------------------------------------------------------------
// Restoring states. Every distinct state is restored (and so checked: fromJSON replays the history) once;
// the engine and what the flow needs to know are kept in a bounded cache keyed by the state's JSON text,
// so that endIf, the turn order and the next move do not replay the game again. Cached engines are never
// handed out: moves work on clones.

const CACHE_SIZE = 2048;
const cache = new Map();

function remember(key, entry) {
  const known = cache.get(key);
  if (known) {
    if (entry.engine) entry.engine.free();
    return known;
  }
  cache.set(key, entry);
  if (cache.size > CACHE_SIZE) {
    const [oldKey, old] = cache.entries().next().value;
    cache.delete(oldKey);
    if (old.engine) old.engine.free();
  }
  return entry;
}

// The JSON text of G.state, remembered per state object: boardgame.io hands the same (frozen) object to
// endIf and the turn order after a move, and the server keeps it between moves.
const keys = new WeakMap();
function stateKey(G) {
  if (G === null || typeof G !== 'object') return null;
  const { state } = G;
  if (state === null || typeof state !== 'object') return null;
  const known = keys.get(state);
  if (known !== undefined && Object.isFrozen(state)) return known;
  try {
    const key = JSON.stringify(state);
    if (typeof key !== 'string' || key.length > 1 << 20) return null;
    keys.set(state, key);
    return key;
  } catch {
    return null;
  }
}

// The JSON text of a state made here, remembered as its key: boardgame.io's immer freezes the G a move
// returns, and endIf and the turn order then find the key without writing the state out again.
function keyOf(state) {
  const key = JSON.stringify(state);
  keys.set(state, key);
  return key;
}

// boardgame.io runs a move inside its immer plugin, on a draft of G, which is slow to read whole (every
// object read through it is made a draft of its own). This plugin wraps that one (a game's plugins wrap the
// core ones, and boardgame.io calls every move through them, synchronously) and keeps the G it was given,
// the plain object the draft is of; the move takes it once. The moves here never write to their draft:
// they return a new G.
let undrafted = null;
const keepUndrafted = {
  name: 'steere-undrafted',
  fnWrap:
    (fn) =>
    (context, ...args) => {
      const outer = undrafted;
      undrafted = context && context.G !== null && typeof context.G === 'object' ? { G: context.G } : null;
      try {
        return fn(context, ...args);
      } finally {
        undrafted = outer;
      }
    },
};
function takeUndrafted(draft) {
  const kept = undrafted;
  undrafted = null;
  return kept !== null ? kept.G : draft;
}

// What the flow needs to know of a state; `moves` names its list of moves (MOVES_OF). The seat to act is
// the one holding the colour the engine's toAct names.
function describe(engine, kind, moves) {
  const swapped = kind === 'zola' ? engine.swapped : false;
  const over = engine.phase === (kind === 'match' ? 'match-over' : 'over');
  const colour = engine.toAct?.player ?? null;
  return {
    kind,
    moves,
    swapped,
    over,
    toAct: colour === null ? null : idOf(colour, swapped),
    winner: over ? idOf(engine.winner, swapped) : null,
    reason: over ? reasonOf(engine, kind) : null,
  };
}

// How a finished game or match ended: the `how` of its last result ('goal', 'captured-all', 'drop',
// 'resign', 'time', 'abandoned').
function reasonOf(engine, kind) {
  if (kind === 'match') {
    const forfeited = engine.forfeited;
    if (forfeited) return forfeited.how;
    const results = engine.results;
    return results.length > 0 ? results[results.length - 1].how : null;
  }
  return engine.view().result?.how ?? null;
}

// playerID '0' starts as Red; after a Zola swap it holds Blue.
function idOf(colour, swapped) {
  return (colour === 'red') !== swapped ? '0' : '1';
}
function colourOf(id, swapped) {
  return (id === '0') !== swapped ? 'red' : 'blue';
}

// A match game's start as the engine reads it, its pieces (board()), without who moves first: that
// alternates between the match's games.
function pieces(game, start) {
  if (typeof start !== 'string' || (game !== 'jokerball' && game !== 'zola')) return start;
  try {
    const g = new ENGINES[game]({ position: start });
    try {
      return g.board();
    } finally {
      g.free();
    }
  } catch {
    return start;
  }
}

// What fixes a variant, read from a state: two states of one factory's games agree on it.
function fingerprint(state) {
  const s = state && typeof state === 'object' ? state : {};
  if (s.game === 'match') {
    const m = s.match && typeof s.match === 'object' ? s.match : {};
    const c = s.current && typeof s.current === 'object' ? s.current : {};
    return JSON.stringify([
      s.game,
      s.variant,
      m.length,
      m.first,
      m.cube === null,
      c.game,
      c.rules,
      c.size,
      c.pie,
      pieces(c.game, c.start),
    ]);
  }
  return JSON.stringify([s.game, s.rules, s.size, s.pie, s.first, s.start]);
}

// The cache entry of G: { engine, info, print } or { error } (a SteereError) for a G that is not a state.
function inspect(G) {
  const key = stateKey(G);
  if (key === null)
    return { error: new SteereError('parse_error', 'G is not { state } with a JSON state of steere-games') };
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const state = JSON.parse(key);
  const Engine = Object.hasOwn(ENGINES, state.game) ? ENGINES[state.game] : null;
  if (!Engine)
    return remember(key, { error: new SteereError('parse_error', `unknown game ${JSON.stringify(state.game)}`) });
  try {
    const engine = Engine.fromJSON(state);
    const copy = () => (typeof engine.clone === 'function' ? engine.clone() : Engine.fromJSON(state));
    const moves = state.game === 'match' ? `match:${state.variant === 'zola' ? 'zola' : 'jokerball'}` : state.game;
    return remember(key, { engine, copy, info: describe(engine, state.game, moves), print: fingerprint(state) });
  } catch (e) {
    const error = e instanceof SteereError ? e : new SteereError('parse_error', String(e?.message));
    return remember(key, { error });
  }
}

function stateOf(engine, kind) {
  return kind === 'zola' ? engine.toJSON() : engine.toJSON({ rng: false });
}

// ---------------------------------------------------------------------------------------------------
// Judging and applying a move.

function codeOf(e) {
  return e instanceof SteereError ? e.code : 'parse_error';
}

// The checks before the engine: a refusal code, or null when the engine is to judge the move.
function precheck(entry, playerID, name, args) {
  if (entry.error) return 'parse_error';
  if (typeof name !== 'string' || !Object.hasOwn(MOVES, name) || !MOVES_OF[entry.info.moves].includes(name)) {
    return 'invalid_option';
  }
  // Whose turn it is comes before the arguments: a player not to act is told so whatever it sent.
  if (!IDS.includes(playerID)) return 'not_your_turn';
  const { info } = entry;
  if (MOVES[name].who === 'act' && info.toAct !== null && playerID !== info.toAct) return 'not_your_turn';
  if (MOVES[name].who === 'other' && (info.toAct === null || playerID === info.toAct)) return 'not_your_turn';
  if (args.length > MOVES[name].args) return 'invalid_option';
  if (info.over) return 'game_over';
  return null;
}

// Applies the move to `engine` (throws a SteereError when the engine refuses it). `dice` draws the dice.
function apply(engine, info, playerID, name, args, dice) {
  switch (name) {
    case 'roll': {
      if (info.kind === 'match' ? engine.phase !== 'playing' || engine.gamePhase !== 'roll' : engine.phase !== 'roll') {
        // Let the engine name the refusal (game_over, wrong_phase) without drawing dice.
        engine.setDice(1, 1);
        throw new SteereError('wrong_phase', 'no roll now');
      }
      const [distance, direction] = dice();
      engine.setDice(distance, direction);
      return;
    }
    case 'play':
      engine.play(args[0]);
      return;
    case 'double':
      engine.double();
      return;
    case 'take':
      engine.take();
      return;
    case 'drop':
      engine.drop();
      return;
    case 'resign':
      engine.resign(colourOf(playerID, info.swapped));
      return;
    case 'nextGame':
      engine.nextGame();
      return;
    case 'claimWin':
      engine.forfeit(colourOf(info.toAct, info.swapped), 'abandoned');
      return;
    default:
      throw new SteereError('invalid_option', `no move ${name}`);
  }
}

// Whether the seat not to act may claim the win at `now` (a casual game whose player to act has had no
// connection for `away.afterMs`): null, or the refusal 'not_abandoned'.
function claimRefusal(G, info, now) {
  const away = G.away;
  if (G.clock || !away || info.toAct === null) return 'not_abandoned';
  const since = away[info.toAct];
  return typeof since === 'number' && now - since >= away.afterMs ? null : 'not_abandoned';
}

// The clock after a move from the state `before` (info) to `after` (info) at `now`: the mover's turn ends
// when the seat to act changes, with every Zola move (a pass gives the same player the next turn), and at the
// end of a game or match; nobody's time runs between the games of a match and after the end. A Zola swap
// exchanges colours: each person keeps their reserve. A clock the server has not started (both seats
// taken) starts at the first move.
function clockAfter(clock, before, after, name, now) {
  let c = clock;
  if (c.since === 0) c = clockSwitch(c, before.toAct === null ? null : colourOf(before.toAct, before.swapped), now);
  if (after.swapped !== before.swapped)
    c = { ...c, red: c.blue, blue: c.red, running: c.running === null ? null : c.running === 'red' ? 'blue' : 'red' };
  const zolaMove = name === 'play' && (after.kind === 'zola' || after.moves === 'match:zola');
  const next = after.over || after.toAct === null ? null : colourOf(after.toAct, after.swapped);
  if (after.toAct !== before.toAct || zolaMove || next === null) return clockSwitch(c, next, now);
  return c;
}

// G after the running player's time ran out: the game (or match) lost on time, the clock stopped at the
// deadline with that reserve spent. Null when nobody's time is out at `now`.
function timedOut(G, entry, kind, now) {
  const clock = G.clock;
  if (!clock || entry.info.over) return null;
  const flag = clockFlag(clock, now);
  if (flag === null) return null;
  const work = entry.copy();
  try {
    work.forfeit(flag.player, 'time');
    return { ...G, state: stateOf(work, kind), clock: flag.clock };
  } finally {
    work.free();
  }
}

const refusalLogged = new Set();
function logRefusedState(gameName, entry) {
  const text = `${entry.error.code}: ${entry.error.message}`;
  if (refusalLogged.size > 1000) refusalLogged.clear();
  if (refusalLogged.has(text)) return;
  refusalLogged.add(text);
  console.error(
    `steere-games/boardgameio: game ${gameName}: a stored G was refused (${text}); moves on it are refused`,
  );
}

// ---------------------------------------------------------------------------------------------------
// The factories.

function checkOptions(kind, options) {
  if (options === undefined) return {};
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new SteereError('invalid_option', 'the options must be an object');
  }
  const engineOptions = {};
  for (const key of Object.keys(options)) {
    if (key === 'name' || key === 'clock' || key === 'abandonMs') continue;
    if (!OPTIONS[kind].includes(key)) {
      throw new SteereError('invalid_option', `unknown option ${key} (the adapter takes no seed or position)`);
    }
    if (options[key] !== undefined) engineOptions[key] = options[key];
  }
  return engineOptions;
}

// The time control of a factory's options (null: casual) and its abandonMs, checked.
function checkTime(options) {
  const o = options && typeof options === 'object' ? options : {};
  const control = o.clock === undefined || o.clock === null ? null : timeControl(o.clock);
  const abandonMs = o.abandonMs === undefined ? ABANDON_MS : o.abandonMs;
  if (!Number.isInteger(abandonMs) || abandonMs < 1000 || abandonMs > 86400000) {
    throw new SteereError('invalid_option', 'abandonMs must be a whole number of milliseconds from 1000 to 86400000');
  }
  return { control, abandonMs };
}

// The setupData a lobby may give: { clock: TimeControl | null }; the error's text, or null.
function setupDataProblem(setupData) {
  if (setupData === undefined || setupData === null) return null;
  if (typeof setupData !== 'object' || Array.isArray(setupData)) return 'setupData must be { clock }';
  const extra = Object.keys(setupData).filter((k) => k !== 'clock');
  if (extra.length > 0)
    return `setupData takes only clock (not ${extra.join(', ')}): the other options are fixed by the server`;
  if (setupData.clock === null || setupData.clock === undefined) return null;
  try {
    timeControl(setupData.clock);
    return null;
  } catch (e) {
    return `setupData.clock: ${e.message}`;
  }
}

function makeGame(kind, options, defaultName) {
  const engineOptions = checkOptions(kind, options);
  const time = checkTime(options);
  const name = options && options.name !== undefined ? options.name : defaultName;
  if (typeof name !== 'string' || !/^[A-Za-z0-9_.-]{1,64}$/.test(name)) {
    throw new SteereError('invalid_option', 'name: 1 to 64 letters, digits, _ . or -');
  }
  // The engine validates the options; its first state is every match's start.
  const Engine = ENGINES[kind];
  const probe = new Engine(kind === 'jokerball' || kind === 'match' ? { ...engineOptions, seed: 0 } : engineOptions);
  const initial = JSON.stringify(stateOf(probe, kind));
  const print = fingerprint(JSON.parse(initial));
  const variant = kind === 'match' ? `match:${engineOptions.game === 'zola' ? 'zola' : 'jokerball'}` : kind;
  probe.free();
  const jokerballSize = kind === 'match' ? engineOptions.jokerball?.size || 6 : engineOptions.size || 6;

  // The entry of G for this game: a state of another variant is refused like a malformed one.
  const entryOf = (G) => {
    const entry = inspect(G);
    if (entry.error) return entry;
    if (entry.print !== print) {
      return { error: new SteereError('parse_error', `the state is not a game of ${name}`) };
    }
    return entry;
  };

  const move = (moveName) =>
    function steereMove(context, ...args) {
      try {
        const { playerID, random } = context;
        // The G that boardgame.io's immer plugin made this move's draft of (moves here never write to G:
        // they return a new one), read directly: a draft is slow to read whole.
        const G = takeUndrafted(context.G);
        const entry = entryOf(G);
        if (entry.error) {
          logRefusedState(name, entry);
          return INVALID_MOVE;
        }
        // The server's time: a move after the deadline loses on time, whoever sent it.
        const now = Date.now();
        if (IDS.includes(playerID)) {
          const lost = timedOut(G, entry, kind, now);
          if (lost) return remembered(lost);
        }
        if (precheck(entry, playerID, moveName, args) !== null) return INVALID_MOVE;
        if (moveName === 'claimWin' && claimRefusal(G, entry.info, now) !== null) return INVALID_MOVE;
        const work = entry.copy();
        try {
          apply(work, entry.info, playerID, moveName, args, () => drawDice(random, jokerballSize));
        } catch {
          work.free();
          return INVALID_MOVE;
        }
        const state = stateOf(work, kind);
        const copy = () => (typeof work.clone === 'function' ? work.clone() : Engine.fromJSON(state));
        const info = describe(work, kind, variant);
        remember(keyOf(state), { engine: work, copy, info, print });
        return G.clock ? { ...G, state, clock: clockAfter(G.clock, entry.info, info, moveName, now) } : { ...G, state };
      } catch {
        return INVALID_MOVE;
      }
    };

  // A G made here whose engine was not kept: its entry made now (endIf and the turn order read it next).
  const remembered = (G) => {
    entryOf(G);
    return G;
  };

  // Every move runs on the server only (`client: false`): `roll` so that no client draws dice, the others
  // so that a client's state changes only with the server's (boardgame.io runs no turn order on a client,
  // so an optimistic state would show the wrong player to act until the server's update came).
  const moves = Object.create(null);
  for (const moveName of MOVES_OF[variant]) moves[moveName] = { move: move(moveName), client: false, undoable: false };

  const infoOf = (G) => {
    try {
      const entry = entryOf(G);
      return entry.error ? null : entry.info;
    } catch {
      return null;
    }
  };
  // The turn order's position of the player to act (the current one's while either may act).
  const position = (G, ctx) => {
    try {
      const info = infoOf(G);
      const id = info && info.toAct !== null ? info.toAct : ctx.currentPlayer;
      const pos = ctx.playOrder.indexOf(id);
      return Math.max(0, pos);
    } catch {
      return 0;
    }
  };

  const game = {
    name,
    plugins: [keepUndrafted],
    minPlayers: 2,
    maxPlayers: 2,
    disableUndo: true,
    // `this` is the game object boardgame.io was given (its processed copy): a seed set on it by the site
    // (`{ ...jokerballGame(), seed: 'tests' }`, or `game.seed = ...`) is kept, for fixed dice in tests.
    setup(context, setupData) {
      if (this === null || typeof this !== 'object' || this.seed === undefined || this.seed === null)
        reseed(context?.random);
      // A lobby's setupData ({ clock }) chooses the match's time control; without it, the factory's.
      const chosen = setupData && typeof setupData === 'object' && 'clock' in setupData ? setupData.clock : undefined;
      const control = chosen === undefined ? time.control : chosen === null ? null : timeControl(chosen);
      // The clock starts (since > 0) when the server sees both seats taken, or at the first move.
      if (control) return { state: JSON.parse(initial), clock: clockStart(control, null, 0) };
      return { state: JSON.parse(initial), away: { afterMs: time.abandonMs, 0: null, 1: null } };
    },
    validateSetupData(setupData, numPlayers) {
      const problem = setupDataProblem(setupData);
      if (problem !== null) return `${name}: ${problem}`;
      if (numPlayers !== 2) return `${name} is for two players`;
      return undefined;
    },
    moves,
    turn: {
      order: {
        first: ({ G, ctx }) => position(G, ctx),
        next: ({ G, ctx }) => position(G, ctx),
      },
      endIf: (context) => {
        const info = infoOf(context?.G);
        const current = context?.ctx ? context.ctx.currentPlayer : undefined;
        return info && info.toAct !== null && info.toAct !== current ? { next: info.toAct } : false;
      },
      // Both players are active (in a match either may resign or start the next game; in every game the
      // player not to act may claim the win); the stage has no moves of its own, so the game's moves apply,
      // and each move checks who sent it.
      activePlayers: { all: 'play' },
      stages: { play: {} },
    },
    endIf: (context) => {
      const info = infoOf(context?.G);
      return info?.over ? { winner: info.winner, reason: info.reason } : undefined;
    },
    events: {
      endGame: false,
      endPhase: false,
      endTurn: false,
      setPhase: false,
      endStage: false,
      setStage: false,
      pass: false,
      setActivePlayers: false,
    },
  };
  serverSides.set(game, {
    timeOut(G, now) {
      const entry = entryOf(G);
      if (entry.error) return null;
      const lost = timedOut(G, entry, kind, now);
      return lost ? remembered(lost) : null;
    },
    presence(G, seats, now) {
      const entry = entryOf(G);
      if (entry.error) return null;
      const seat = (id) =>
        seats && typeof seats === 'object' && seats[id] && typeof seats[id] === 'object' ? seats[id] : {};
      if (G.away) {
        const away = { ...G.away };
        for (const id of IDS) {
          const { taken, connected } = seat(id);
          away[id] = taken === true && connected !== true ? (typeof away[id] === 'number' ? away[id] : now) : null;
        }
        return IDS.some((id) => away[id] !== G.away[id]) ? { ...G, away } : null;
      }
      if (G.clock && G.clock.since === 0 && !entry.info.over && IDS.every((id) => seat(id).taken === true)) {
        const { toAct, swapped } = entry.info;
        return { ...G, clock: clockSwitch(G.clock, toAct === null ? null : colourOf(toAct, swapped), now) };
      }
      return null;
    },
  });
  return game;
}

// The dice of one roll, drawn with boardgame.io's random (server only: the move is `client: false`).
function drawDice(random, size) {
  if (!random || typeof random.Die !== 'function') throw new SteereError('wrong_phase', 'no random source');
  const distance = random.Die(size);
  const direction = random.Die(6);
  if (
    !Number.isInteger(distance) ||
    distance < 1 ||
    distance > size ||
    !Number.isInteger(direction) ||
    direction < 1 ||
    direction > 6
  ) {
    throw new SteereError('invalid_option', 'the random source gave no die value');
  }
  return [distance, direction];
}

// boardgame.io 0.50 seeds a match's generator with the time of its creation (Date.now in base 36), which
// the lobby publishes (createdAt): every roll of the match could then be computed in advance. Each match
// gets 128 bits from the crypto source instead, in its setup, which runs on the server (unless the game
// was given an explicit `seed`).
function reseed(random) {
  const inner = random?._private;
  const crypto = globalThis.crypto;
  if (!inner || typeof inner !== 'object' || !('state' in inner) || !crypto || !crypto.getRandomValues) return;
  const words = crypto.getRandomValues(new Uint32Array(4));
  inner.state = { seed: Array.from(words, (w) => w.toString(16).padStart(8, '0')).join('') };
}

/** Jokerball as a boardgame.io game. */
export function jokerballGame(options) {
  return makeGame('jokerball', options, 'jokerball');
}

/** Zola as a boardgame.io game. */
export function zolaGame(options) {
  return makeGame('zola', options, 'zola');
}

/** A match (Jokerball or Zola, with or without the cube) as a boardgame.io game. */
export function matchGame(options) {
  const game = options && typeof options === 'object' && options.game === 'zola' ? 'zola' : 'jokerball';
  return makeGame('match', options, `${game}-match`);
}

/** The engine object of G (a new Jokerball, Zola or Match; free() it when done). */
export function engineOf(G) {
  const entry = inspect(G);
  if (entry.error) throw entry.error;
  return entry.copy();
}

/**
 * The code a move would be refused with: a SteereError code, 'not_your_turn' for a player not to act,
 * or null when the move is legal now.
 */
export function whyIllegal(G, playerID, name, ...args) {
  try {
    const entry = inspect(G);
    const pre = precheck(entry, playerID, name, args);
    if (pre !== null) return pre;
    if (name === 'claimWin') return claimRefusal(G, entry.info, Date.now());
    const work = entry.copy();
    try {
      apply(work, entry.info, playerID, name, args, () => [1, 1]);
      return null;
    } catch (e) {
      return codeOf(e);
    } finally {
      work.free();
    }
  } catch (e) {
    return codeOf(e);
  }
}

/**
 * The server time (ms) from which `playerID` may claim the win (claimWin) in G: the player to act has had no
 * connection since G.away[seat] and may be claimed against `afterMs` later. Null when no claim can come in
 * this state (a timed game, the claimant to act, the other connected, the game over).
 */
export function claimableAt(G, playerID) {
  try {
    const entry = inspect(G);
    if (precheck(entry, playerID, 'claimWin', []) !== null) return null;
    const since = !G.clock && G.away ? G.away[entry.info.toAct] : null;
    return typeof since === 'number' ? since + G.away.afterMs : null;
  } catch {
    return null;
  }
}

// What a server does to a game of this module by itself, by game object (see timeOut and presence).
const serverSides = new WeakMap();

function serverSide(game) {
  const side = game && typeof game === 'object' ? serverSides.get(game) : undefined;
  if (!side) throw new SteereError('invalid_option', 'not a game of steere-games/boardgameio');
  return side;
}

/**
 * G after the player to act ran out of time at `nowMs` (the server's Date.now()): the game or match lost on
 * time, the clock stopped. Null when nobody's time is out (or the game has no clock, or is over). For the
 * server's timer or job at the clock's deadline (docs/online.md "Time controls and abandoned games").
 */
export function timeOut(game, G, nowMs) {
  return serverSide(game).timeOut(G, nowMs);
}

/**
 * G after the server saw the seats at `nowMs`: `seats` is { '0': { taken, connected }, '1': ... } (a seat
 * taken in the lobby; a connection open). A casual game records since when each taken seat has had no
 * connection (G.away, for claimWin); a timed game's clock starts once both seats are taken. Null when
 * nothing changes.
 */
export function presence(game, G, seats, nowMs) {
  return serverSide(game).presence(G, seats, nowMs);
}

/** The instant (server ms) at which the running player's time is out in G, or null (no clock running). */
export function deadlineOf(G) {
  try {
    return G && G.clock && G.clock.running !== null && G.clock.since > 0 ? clockDeadline(G.clock) : null;
  } catch {
    return null;
  }
}

const startPrints = new WeakMap();

/**
 * Why a G cannot be played by `game` (one of this module's games): null when G is a legal state of its
 * variant, otherwise the SteereError that refuses it. For a server that loads states from storage.
 */
export function checkState(game, G) {
  if (!game || typeof game !== 'object' || typeof game.setup !== 'function') {
    return new SteereError('invalid_option', 'not a game of steere-games/boardgameio');
  }
  const entry = inspect(G);
  if (entry.error) return entry.error;
  let print = startPrints.get(game);
  if (print === undefined) {
    const start = inspect(game.setup({}, undefined));
    print = start.error ? null : start.print;
    startPrints.set(game, print);
  }
  if (print === null || print !== entry.print) {
    return new SteereError('parse_error', `the state is not a game of ${game.name}`);
  }
  return timeProblem(G, entry.info);
}

// What is impossible in G's clock or away (a SteereError), or null.
function timeProblem(G, info) {
  const bad = (why) => new SteereError('parse_error', why);
  const extra = Object.keys(G).filter((k) => k !== 'state' && k !== 'clock' && k !== 'away');
  if (extra.length > 0) return bad(`G has unknown keys: ${extra.join(', ')}`);
  if (G.clock !== undefined && G.away !== undefined)
    return bad('G has both a clock and away (a casual game has no clock)');
  if (G.clock !== undefined) {
    try {
      checkClock(G.clock);
    } catch (e) {
      return e;
    }
    const { running, since } = G.clock;
    if (since === 0 && running !== null) return bad('impossible clock: it runs before it started');
    const toAct = info.over || info.toAct === null ? null : colourOf(info.toAct, info.swapped);
    if (running !== null && running !== toAct)
      return bad(`impossible clock: ${running}'s time runs while ${toAct ?? 'nobody'} is to act`);
  }
  if (G.away !== undefined) {
    const a = G.away;
    if (a === null || typeof a !== 'object' || Object.keys(a).some((k) => !['afterMs', '0', '1'].includes(k)))
      return bad('G.away must be { afterMs, 0, 1 }');
    if (!Number.isInteger(a.afterMs) || a.afterMs < 1000 || a.afterMs > 86400000)
      return bad('G.away.afterMs must be 1000..86400000');
    for (const id of IDS) {
      const v = a[id];
      if (v !== null && !(Number.isInteger(v) && v >= 0 && v <= MAX_MS))
        return bad(`G.away[${id}] must be null or a timestamp`);
    }
  }
  return null;
}
