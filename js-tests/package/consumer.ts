// Compiled with `tsc --strict --noEmit` against the installed package: the types must be precise.
import init, { Jokerball, Zola, Match, Bot, simulate, ratingChange, SteereError } from 'steere-games';
import type { SteereErrorCode, CubeAction, SimulateResult, MatchGame, MatchState, RecordTags } from 'steere-games';
import type { Forfeit, ForfeitReason, GameEnd } from 'steere-games';
import type { PlayerRating, RatedMatch, RatingChange } from 'steere-games';
import type { RolloutPart, RolloutResult } from 'steere-games';
// The online adapter's declarations, checked here without boardgame.io (an optional peer of the package).
import { zolaGame, whyIllegal } from 'steere-games/boardgameio';
import type { RefusalCode } from 'steere-games/boardgameio';
import { Lobby } from 'steere-games/boardgameio/client';
import type { OnlineView } from 'steere-games/boardgameio/client';

async function main(): Promise<void> {
  await init();
  const g = new Jokerball({ rules: '2025', size: 6, rows: 2, first: 'red', seed: 1 });
  const dice: { distance: number; direction: number } = g.roll();
  const phase: 'roll' | 'man' | 'ball' | 'over' = g.phase;
  const moves: string[] = g.legalMoves();
  const verbose = g.legalMovesVerbose();
  if (verbose.length > 0) {
    const m = verbose[0];
    const kind: 'man' | 'ball' | 'move' | 'swap' = m.kind;
    const played = g.play(m);
    const to: string | null = played.to;
    console.log(kind, to);
  }
  const ok: boolean = g.isLegal('a1-b1');
  const board = g.board();
  const cells: string[] = board.men.map((m) => m.cell);
  const ball: string | null = board.ball;
  const hist: string[] = g.history();
  const copy: Jokerball = Jokerball.fromJSON(g.toJSON({ rng: false }));
  const again: Jokerball = Jokerball.replay(hist, { seed: 'abc' });
  // a replay's position, and the last turn's dice with the ball's line for them
  const atStep: Jokerball = g.replayTo(1);
  const lastDice: { distance: number; direction: number } | null = atStep.view().lastDice;
  const lastWay: 'e' | 'w' | 'ne' | 'nw' | 'se' | 'sw' | undefined = atStep.view().lastBall?.direction;
  const bestCells: string[][] = new Bot({ level: 'easy' }).review(g).turns.map((e) => e.bestCells);
  const rolledOut: { move: string; win: number; se: number; low: number; high: number }[] = new Bot().rollout(g, {
    trials: 36,
    truncate: 2,
    player: 'easy',
    candidates: g.legalTurns().slice(0, 2),
    varianceReduction: true,
    seed: 'x',
    onProgress: (done: number, total: number) => console.log(done / total),
  }).entries;
  // the same rollout in two parts, joined
  const partOptions = { trials: 36, truncate: 2, seed: 'x' };
  const halves: RolloutPart[] = [0, 1].map((k) => new Bot().rolloutPart(g, partOptions, k, 2));
  const joined: RolloutResult = new Bot().joinRollout(
    g,
    partOptions,
    JSON.parse(JSON.stringify(halves)) as RolloutPart[],
  );
  const turns: string[] = copy.legalTurns();
  const winner: 'red' | 'blue' | null = again.winner;

  const z = new Zola({ size: 8, pie: true });
  const zm: string[] = z.legalMoves();
  const swapped: boolean = z.swapped;
  const checkers = z.board().checkers;
  const zc: Zola = z.clone();
  const zAt: Zola = z.replayTo(0);

  const match = new Match({ game: 'zola', length: 5, cube: true });
  const score: number = match.score.red + match.score.blue;
  const cube = match.cube;
  const cubeValue: number | undefined = cube?.value;
  const mphase: 'playing' | 'double' | 'game-over' | 'match-over' = match.phase;
  const can: boolean = match.canDouble();
  const current: Jokerball | Zola = match.game;
  const results = match.results;
  const how: string | undefined = results[0]?.how;
  const record: string = match.toRecord({ Red: 'Ana' });
  const readBack: Match = Match.fromRecord(record, { seed: 3 });
  const games: MatchGame[] = readBack.games;
  const lines: string[] = games[0]?.lines ?? [];
  const known: string[] | null = games[0]?.history ?? null;
  const gameTags: RecordTags = Jokerball.fromRecord(g.toRecord(), { seed: 'x' }).tags;
  const zr: Zola = Zola.fromRecord(z.toRecord({ Event: 'e' }));
  const saved: MatchState = readBack.toJSON();
  const format: 1 | 2 = saved.format;
  // games and matches lost on time or abandoned
  const reason: ForfeitReason = 'time';
  const lost = new Zola();
  // biome-ignore lint/suspicious/noConfusingVoidType: the declared return type of forfeit() is checked to be void
  const nothing: void = lost.forfeit('red', reason);
  const lostHow: GameEnd | undefined = lost.view().result?.how;
  const lostState: Forfeit | undefined = lost.toJSON().forfeit;
  const gone = new Match({ length: 3 });
  gone.forfeit('blue', 'abandoned');
  const ended: Forfeit | null = gone.forfeited;
  const endedHow: 'time' | 'abandoned' | undefined = ended?.how;
  const savedForfeit: Forfeit | undefined = gone.toJSON().match.forfeit;
  new Jokerball().forfeit('red', 'abandoned');

  const bot = new Bot({ level: 'easy', seed: 'x', timeMs: 500 });
  const choice: string = bot.chooseMove(new Zola());
  const action: CubeAction = bot.cubeAction(new Match({ length: 3, cube: true }));
  const sim: SimulateResult = simulate({ game: 'jokerball', games: 10, seed: 1, players: { red: 'easy' } });
  const simWins: number = sim.wins.red + sim.wins.blue + sim.unfinished;
  const meanTurns: number = sim.turns.mean;
  const paired: SimulateResult = simulate(
    {
      game: 'zola',
      games: 4,
      seed: 2,
      alternate: true,
      zola: { size: 6, pie: true },
      players: { red: 'easy', blue: 'random' },
    },
    { onProgress: (done: number, total: number) => void (done / total) },
  );
  const counted: number =
    paired.lengths.reduce((a, n) => a + n, 0) + paired.firstWins + paired.playerWins.red + paired.firstMoves.blue;

  const online = zolaGame({ size: 6, pie: true });
  const why: RefusalCode | null = whyIllegal(online.setup({}), '0', 'play', 'swap');
  const lobby = new Lobby({ server: 'http://localhost:8000', gameName: online.name, storage: null });
  const view: OnlineView | null = null;
  console.log(why, lobby.gameName, view);

  try {
    g.play('zz9-zz10');
  } catch (e) {
    if (e instanceof SteereError) {
      const code: SteereErrorCode = e.code;
      const freed: boolean = code === 'freed';
      console.log(freed);
      console.log(code, e.message);
    }
  }
  // Ratings: plain data in and out.
  const newcomer: PlayerRating = { rating: 1500, experience: 0 };
  const rated: RatedMatch = { winner: newcomer, loser: { rating: 1620.5, experience: 30 }, length: 5 };
  const after: RatingChange = ratingChange(rated);
  const gained: number = after.winner.change;
  const chance: number = after.chance;
  const experience: number = after.loser.experience;
  console.log(gained, chance, experience);
  console.log(
    dice,
    phase,
    moves,
    ok,
    cells,
    ball,
    turns,
    winner,
    zm,
    swapped,
    checkers,
    zc,
    score,
    cubeValue,
    mphase,
    can,
    current,
    how,
    choice,
    action,
    simWins,
    meanTurns,
    counted,
    lines,
    known,
    gameTags,
    zr,
    format,
    lastDice,
    lastWay,
    bestCells,
    rolledOut,
    joined,
    zAt,
    nothing,
    lostHow,
    lostState,
    endedHow,
    savedForfeit,
  );
}

void main();
